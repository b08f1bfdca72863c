// Games brought in (#44): a boardspace.net YINSH file and an official score
// sheet imported by a signed-in player, shown and replayed as a game is, and
// written out again in every format; every refusal a clear 400 (the move, the
// step, the reason) with nothing stored; never a game of anyone's.
#include <doctest/doctest.h>

#include "account_test_support.hpp"

using namespace test_support;

namespace {

const char* kBoardspace = R"( (;
GM[24]VV[2]
CM[0,1]
SU[Yinsh]
DT[Fri Mar 13 19:56:26 GMT+01:00 2026]
P0[id "BestBot"]
P1[id "BOkpc"]
; P0[0 Start White]
; P0[1 place wr  G 2]TM[18012]
; P0[2 Done ]
; P1[3 place br  C 6]
; P1[4 Done ]
; P0[5 place wr  A 2]
; P0[6 Done ]
; P1[7 place br  E 10]
; P1[8 Done ]
; P0[9 place wr  K 7]
; P0[10 Done ]
; P1[11 place br  H 3]
; P1[12 Done ]
; P0[13 place wr  B 7]
; P0[14 Done ]
; P1[15 place br  I 4]
; P1[16 Done ]
; P0[17 place wr  J 11]
; P0[18 Done ]
; P1[19 place br  F 2]
; P1[20 Done ]
; P0[21 place w  G 2]
; P0[22 drop board  G 4]
; P0[23 Done ]
; P1[24 Resign ]
; P1[25 Done ]
)
)";

}  // namespace

TEST_CASE("imports: a boardspace file and an official sheet brought in, shown, replayed and written out; refusals store nothing") {
  ServerProcess server(temp_store("imports.db"));
  REQUIRE(server.start());
  const int port = server.port();
  const std::string ann = signup(port, "ann", "ann's password");
  const int games_before = json::parse(get(port, "/api/games").body)["total"];

  auto made = post(port, "/api/imports", {{"record", kBoardspace}}, ann);
  REQUIRE_MESSAGE(made.status == 201, made.body);
  json imported = json::parse(made.body)["import"];
  CHECK(imported["game"] == "yinsh");
  CHECK(imported["format"] == "sgf");
  CHECK(imported["white"] == "BestBot");
  CHECK(imported["black"] == "BOkpc");
  CHECK(imported["result"] == "1-0");
  CHECK(imported["reason"] == "resignation");
  CHECK(imported["plies"] == 11);
  const std::string id = imported["id"];
  CHECK(imported["path"] == "/?imported=" + id);

  // Shown as a game is (the replay page reads it alike), with its positions.
  auto shown = get(port, "/api/imports/" + id);
  REQUIRE(shown.status == 200);
  json detail = json::parse(shown.body);
  CHECK(detail["white"]["name"] == "BestBot");
  CHECK(detail["white"]["kind"] == "imported");
  CHECK(detail["status"] == "finished");
  CHECK(detail["steps"].size() == 11);
  CHECK(detail["positions"].size() == 12);
  CHECK(detail["import"]["id"] == id);
  // And out again in every format.
  auto official = get(port, "/api/imports/" + id + "/record?format=official");
  REQUIRE(official.status == 200);
  CHECK(official.body.find("11.g2-g4\n1-0\n") != std::string::npos);
  auto sgf = get(port, "/api/imports/" + id + "/record?format=sgf");
  REQUIRE(sgf.status == 200);
  CHECK(sgf.body.find("P0[id \"BestBot\"]") != std::string::npos);
  auto arena = get(port, "/api/imports/" + id + "/record");
  REQUIRE(arena.status == 200);
  CHECK(arena.body.find("[Imported \"sgf\"]") != std::string::npos);

  // An official sheet names no game: the request does.
  auto sheet = post(port, "/api/imports", {{"record", "1.e1-e3 i1-g3\n2.a1-c3\n*\n"}, {"game", "gipf"}, {"variant", "basic"}}, ann);
  REQUIRE_MESSAGE(sheet.status == 201, sheet.body);
  CHECK(json::parse(sheet.body)["import"]["format"] == "official");
  CHECK(json::parse(sheet.body)["import"]["white"] == "?");

  // Refusals: each a clear 400 (or 401), nothing stored.
  CHECK(post(port, "/api/imports", {{"record", kBoardspace}}).status == 401);
  CHECK(error_code(http_request(port, "POST", "/api/imports", "{", {{"Content-Type", "application/json"}, {"Cookie", ann}})) ==
        "bad_json");
  CHECK(error_code(post(port, "/api/imports", {{"record", kBoardspace}, {"rated", true}}, ann)) == "bad_field");
  CHECK(error_code(post(port, "/api/imports", {{"record", "1.e3 2.f5"}}, ann)) == "bad_record");
  auto illegal = post(port, "/api/imports", {{"record", "1.e3\n2.f5\n3.e3\n"}, {"game", "yinsh"}}, ann);
  REQUIRE(illegal.status == 400);
  json error = json::parse(illegal.body)["error"];
  CHECK(error["code"] == "bad_record");
  CHECK(error["move"] == 3);
  CHECK(error["step"] == "e3");
  CHECK(error["message"].get<std::string>().find("occupied") != std::string::npos);
  for (std::string junk : {std::string("\x01\x02\x7f garbage"), std::string("(;GM[24]SU[Yinsh]"), std::string("(;GM[gipf])")}) {
    auto refused = post(port, "/api/imports", {{"record", junk}, {"game", "yinsh"}}, ann);
    CHECK(refused.status == 400);
    CHECK(error_code(refused) == "bad_record");
  }
  // Bytes that are not UTF-8 are no JSON string: the body is refused as such.
  CHECK(error_code(http_request(port, "POST", "/api/imports", "{\"record\": \"\xff\xfe\"}",
                                {{"Content-Type", "application/json"}, {"Cookie", ann}})) == "bad_json");
  // Larger than any other request may be (16 KiB), within the import's bound.
  std::string long_sheet;
  for (int i = 0; i < 3000; ++i) long_sheet += "                    ";
  long_sheet += "1.e3\n2.f5\n*\n";
  auto big = post(port, "/api/imports", {{"record", long_sheet}, {"game", "yinsh"}}, ann);
  CHECK_MESSAGE(big.status == 201, big.body);
  auto huge = post(port, "/api/imports", {{"record", std::string(3 * 1024 * 1024, ' ')}, {"game", "yinsh"}}, ann);
  CHECK(huge.status == 413);

  auto mine = json::parse(get(port, "/api/imports", ann).body)["imports"];
  CHECK(mine.size() == 3);  // the file, the sheet, the long sheet: no refused one
  CHECK(get(port, "/api/imports", "").status == 401);
  CHECK(get(port, "/api/imports/" + std::string(26, 'z')).status == 404);
  CHECK(get(port, "/api/imports/" + id + "/record?format=pgn").status == 400);
  // Never a game of the site's: not listed, not anyone's.
  CHECK(json::parse(get(port, "/api/games").body)["total"] == games_before);

  // 20 attempts an hour per account, refused ones included (each is replayed): 8 so far.
  int more = 0;
  while (more < 30 && post(port, "/api/imports", {{"record", "1.e3\n2.f5\n*\n"}, {"game", "yinsh"}}, ann).status == 201) ++more;
  CHECK(more == 12);
  auto limited = post(port, "/api/imports", {{"record", "1.e3\n"}, {"game", "yinsh"}}, ann);
  CHECK(limited.status == 429);
  CHECK(error_code(limited) == "rate_limited");
  const std::string bob = signup(port, "bob", "bob's password");  // another account has its own
  CHECK(post(port, "/api/imports", {{"record", "1.e3\n"}, {"game", "yinsh"}}, bob).status == 201);
}
