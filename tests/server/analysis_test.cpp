// The analysis board (#44): a position and a line replayed by the server with
// its legal actions, the computer's evaluation (refused while the asker plays
// a game), the tree written as boardspace SGF, every refusal a clear 400, and
// the board's pages served.
#include <doctest/doctest.h>

#include "account_test_support.hpp"

using namespace test_support;

namespace {

const std::string kYinshStart = "yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0";

}  // namespace

TEST_CASE("analysis: positions and lines replayed, evaluated, written as SGF; refusals are clear") {
  ServerProcess server(temp_store("analysis.db"));
  REQUIRE(server.start());
  const int port = server.port();

  // From a game's first position, a line: the position after it and what may follow.
  auto after = post(port, "/api/analysis", {{"game", "yinsh"}, {"line", {"e5", "f6", "a2"}}});
  REQUIRE_MESSAGE(after.status == 200, after.body);
  json a = json::parse(after.body);
  CHECK(a["start"] == kYinshStart);
  CHECK(a["ply"] == 3);
  CHECK(a["steps"].size() == 3);
  CHECK(a["steps"][2]["action"] == "a2");
  CHECK(a["state"]["board"]["e5"] == "W");
  CHECK(a["result"].is_null());
  CHECK(a["legal"]["actions"].size() == a["legal"]["moves"].size());
  CHECK(a["legal"]["moves"][0]["action"] == a["legal"]["actions"][0]);
  const std::string position = a["position"];

  // The same from that position's text (with _ for its spaces, as a link writes it).
  std::string linked = position;
  std::replace(linked.begin(), linked.end(), ' ', '_');
  auto again = post(port, "/api/analysis", {{"position", linked}});
  REQUIRE_MESSAGE(again.status == 200, again.body);
  CHECK(json::parse(again.body)["position"] == position);
  CHECK(json::parse(again.body)["legal"] == a["legal"]);

  // A record (an official sheet: its game said) read and replayed: its start, its chosen actions.
  auto sheet = post(port, "/api/analysis", {{"record", "1.e5\n2.f6\n3.a2\n"}, {"game", "yinsh"}});
  REQUIRE_MESSAGE(sheet.status == 200, sheet.body);
  CHECK(json::parse(sheet.body)["start"] == kYinshStart);
  CHECK(json::parse(sheet.body)["record_line"] == json::array({"e5", "f6", "a2"}));
  CHECK(json::parse(sheet.body)["position"] == position);
  auto wrong_game = post(port, "/api/analysis", {{"record", "1.e5\n2.e5\n"}, {"game", "yinsh"}});
  CHECK(error_code(wrong_game) == "bad_record");
  CHECK(json::parse(wrong_game.body)["error"]["move"] == 2);
  CHECK(error_code(post(port, "/api/analysis", {{"record", "1.e5\n"}, {"game", "yinsh"}, {"line", json::array()}})) == "bad_field");

  // GIPF, every variant with its options.
  auto gipf = post(port, "/api/analysis", {{"game", "gipf"}, {"variant", "basic"}, {"white_extra", 1}});
  REQUIRE_MESSAGE(gipf.status == 200, gipf.body);
  CHECK(json::parse(gipf.body)["options"]["white_extra"] == 1);

  // Refusals: an illegal step (its index), a bad position, unknown fields, both starts, no JSON, GET.
  auto illegal = post(port, "/api/analysis", {{"game", "yinsh"}, {"line", {"e5", "e5"}}});
  CHECK(illegal.status == 400);
  CHECK(error_code(illegal) == "illegal_action");
  CHECK(json::parse(illegal.body)["error"]["at"] == 1);
  CHECK(json::parse(illegal.body)["error"]["action"] == "e5");
  auto bad_position = post(port, "/api/analysis", {{"position", "yinsh normal 4/7 w"}});
  CHECK(bad_position.status == 400);
  CHECK(error_code(bad_position) == "bad_position");
  CHECK(error_code(post(port, "/api/analysis", {{"game", "yinsh"}, {"depth", 3}})) == "bad_field");
  CHECK(error_code(post(port, "/api/analysis", {{"game", "yinsh"}, {"position", kYinshStart}})) == "bad_field");
  CHECK(error_code(post(port, "/api/analysis", {{"game", "chess"}})) == "bad_field");
  CHECK(error_code(post(port, "/api/analysis", {{"game", "yinsh"}, {"line", json::array({1})}})) == "bad_field");
  CHECK(error_code(http_request(port, "POST", "/api/analysis", "{", kJson)) == "bad_json");
  CHECK(get(port, "/api/analysis").status == 405);
  CHECK(get(port, "/api/analysis/nothing").status == 404);

  // The computer's view: a score from White's view, a best line legal from the position.
  auto eval = post(port, "/api/analysis/eval", {{"position", position}});
  REQUIRE_MESSAGE(eval.status == 200, eval.body);
  json e = json::parse(eval.body);
  CHECK(e["position"] == position);
  CHECK(e["score"].is_number_integer());
  CHECK(e["win"].is_null());
  REQUIRE(e["line"].size() >= 1);
  json line = json::array({"e5", "f6", "a2"});
  for (const auto& action : e["line"]) line.push_back(action);
  auto follows = post(port, "/api/analysis", {{"game", "yinsh"}, {"line", line}});
  CHECK_MESSAGE(follows.status == 200, follows.body);
  CHECK(e["nodes"].get<std::int64_t>() > 0);
  CHECK(error_code(post(port, "/api/analysis/eval", {{"game", "yinsh"}})) == "bad_field");

  // The tree as boardspace SGF: the main line and a variation.
  json moves = json::array({{{"parent", -1}, {"action", "e5"}}, {{"parent", 0}, {"action", "f6"}}, {{"parent", 0}, {"action", "f7"}}});
  auto sgf = post(port, "/api/analysis/sgf", {{"game", "yinsh"}, {"moves", moves}, {"name", "a study"}});
  REQUIRE_MESSAGE(sgf.status == 200, sgf.body);
  CHECK(sgf.headers["content-type"] == "application/x-go-sgf");
  CHECK(sgf.body.find("GN[a study]") != std::string::npos);
  CHECK(sgf.body.find("place br  F 6") != std::string::npos);
  CHECK(sgf.body.find("place br  F 7") != std::string::npos);
  // Brought in, the file is its main line.
  const std::string ann = signup(port, "ann", "ann's password");
  auto imported = post(port, "/api/imports", {{"record", sgf.body}}, ann);
  REQUIRE_MESSAGE(imported.status == 201, imported.body);
  CHECK(json::parse(imported.body)["import"]["plies"] == 2);
  // GIPF too, in boardspace's GIPF words; its basic game with a handicap has none.
  json pushes = json::array({{{"parent", -1}, {"action", "a1-b2"}}, {{"parent", 0}, {"action", "i1-h2"}}, {{"parent", 0}, {"action", "a5-b5"}}});
  auto gipf_tree = post(port, "/api/analysis/sgf", {{"game", "gipf"}, {"variant", "standard"}, {"moves", pushes}});
  REQUIRE_MESSAGE(gipf_tree.status == 200, gipf_tree.body);
  CHECK(gipf_tree.body.find("GM[gipf]") != std::string::npos);
  CHECK(std::count(gipf_tree.body.begin(), gipf_tree.body.end(), '(') == 3);
  auto handicap = post(port, "/api/analysis/sgf", {{"game", "gipf"}, {"variant", "basic"}, {"white_extra", 1}, {"moves", json::array()}});
  CHECK(error_code(handicap) == "format_unavailable");
  auto mid = post(port, "/api/analysis/sgf", {{"position", position}, {"moves", json::array()}});
  CHECK(error_code(mid) == "format_unavailable");
  json wrong = json::array({{{"parent", -1}, {"action", "e5"}}, {{"parent", 0}, {"action", "e5"}}});
  auto refused = post(port, "/api/analysis/sgf", {{"game", "yinsh"}, {"moves", wrong}});
  CHECK(error_code(refused) == "illegal_action");
  CHECK(json::parse(refused.body)["error"]["at"] == 1);
  // A parent written as a huge unsigned number is no earlier move.
  auto huge = http_request(port, "POST", "/api/analysis/sgf",
                           R"({"game":"yinsh","moves":[{"parent":18446744073709551615,"action":"e5"}]})", kJson);
  CHECK(error_code(huge) == "bad_field");
  // A name is one line, cut at a character: never half of one.
  std::string accents;
  for (int i = 0; i < 60; ++i) accents += "\xc3\xa9";
  auto named = post(port, "/api/analysis/sgf", {{"game", "yinsh"}, {"moves", moves}, {"name", "a" + accents + "\nb"}});
  REQUIRE(named.status == 200);
  const std::size_t gn = named.body.find("GN[");
  REQUIRE(gn != std::string::npos);
  const std::string written_name = named.body.substr(gn + 3, named.body.find(']', gn) - gn - 3);
  CHECK(written_name.size() == 99);  // "a" and 49 two-byte characters: the 50th would pass 100 bytes
  CHECK(written_name.find('\n') == std::string::npos);
  json ahead = json::array({{{"parent", 3}, {"action", "e5"}}});
  CHECK(error_code(post(port, "/api/analysis/sgf", {{"game", "yinsh"}, {"moves", ahead}})) == "bad_field");

  // The board's pages are the client's.
  CHECK(get(port, "/analysis/yinsh").status == 200);
  CHECK(get(port, "/analysis/gipf/standard").status == 200);
  CHECK(get(port, "/analysis/gipf/standard/x").status == 404);
}

TEST_CASE("analysis: no evaluation for a player while their game runs; again once it has ended") {
  ServerProcess server(temp_store("analysis_playing.db"));
  REQUIRE(server.start());
  const int port = server.port();
  const std::string ann = signup(port, "ann", "ann's password");
  Participant white, black;
  REQUIRE(identify_with(white, port, ann));
  REQUIRE(black.identify(port, "bob"));
  const std::string room = open_game(white, black, {{"game", "yinsh"}, {"variant", "normal"}});
  white.ws.send({{"type", "action"}, {"room", room}, {"ply", 0}, {"action", "e5"}});
  REQUIRE(white.ws.receive_type("ack", 5s));

  auto refused = post(port, "/api/analysis/eval", {{"position", kYinshStart}}, ann);
  CHECK(refused.status == 403);
  CHECK(error_code(refused) == "playing");
  // Anyone else (here: nobody signed in) may.
  CHECK(post(port, "/api/analysis/eval", {{"position", kYinshStart}}).status == 200);
  // The board itself stays open to the player.
  CHECK(post(port, "/api/analysis", {{"position", kYinshStart}}, ann).status == 200);

  white.ws.send({{"type", "resign"}, {"room", room}});
  REQUIRE(eventually([&] { return post(port, "/api/analysis/eval", {{"position", kYinshStart}}, ann).status == 200; }, 20s));
}
