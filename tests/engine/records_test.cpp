// Games in and out (#44): every finished game written in each format and read
// back to the same game (the same actions, the same result, the same text
// written again); the format found by itself; what is refused, with the move,
// the step and the reason.
#include <doctest/doctest.h>

#include <string>

#include "engine/random.hpp"
#include "engine/records.hpp"

using namespace engine;

namespace {

AnyGame random_game(const GameOptions& options, std::uint64_t seed) {
  std::string problem;
  auto game = AnyGame::create(options, problem);
  REQUIRE_MESSAGE(game, problem);
  Random rng(seed);
  for (int i = 0; i < 600 && game->decider(); ++i) {
    auto legal = game->legal_notation();
    REQUIRE(game->play(legal[rng.below(legal.size())]).empty());
  }
  if (game->decider() && seed % 2 == 0) game->resign(*game->decider());
  return *game;
}

std::vector<std::string> actions(const AnyGame& g) {
  std::vector<std::string> out;
  for (const auto& s : g.steps()) out.push_back(s.action);
  return out;
}

}  // namespace

TEST_CASE("records: every game, written in each format, reads back to the same game") {
  const std::vector<GameOptions> all{{"gipf", "basic", 0, 0},    {"gipf", "standard", 0, 0}, {"gipf", "tournament", 0, 0},
                                     {"gipf", "basic", 2, 1},    {"yinsh", "normal", 0, 0},  {"yinsh", "blitz", 0, 0}};
  int read = 0;
  for (const GameOptions& options : all) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      AnyGame game = random_game(options, seed * 31 + options.white_extra);
      RecordPlayers players{"Ann", "Bob", {{"Site", "GIPF Arena"}}};
      for (RecordFormat format : {RecordFormat::Arena, RecordFormat::Official, RecordFormat::Sgf}) {
        for (bool short_form : {false, true}) {
          if (short_form && format != RecordFormat::Official) continue;
          auto written = write_record(game, format, players, short_form);
          if (format == RecordFormat::Sgf && options.game == "gipf") {
            CHECK_FALSE(written.ok());
            continue;
          }
          REQUIRE(written.ok());
          auto back = read_record(written.text, format == RecordFormat::Official ? std::optional(options) : std::nullopt);
          REQUIRE_MESSAGE(back.ok(), record_format_name(format) << " move " << back.move << " " << back.step << ": " << back.error
                                                                << "\n" << written.text);
          ++read;
          CHECK(back.format == format);
          CHECK(back.game->options() == game.options());
          CHECK(actions(*back.game) == actions(game));
          CHECK(back.game->result() == game.result());
          CHECK(write_record(*back.game, format, players, short_form).text ==
                (format == RecordFormat::Official ? written.text : write_record(*back.game, format, back.format == RecordFormat::Arena ? RecordPlayers{back.white, back.black, back.tags} : players, short_form).text));
          if (format != RecordFormat::Official) {
            CHECK(back.white == "Ann");
            CHECK(back.black == "Bob");
          }
        }
      }
    }
  }
  MESSAGE(read << " records read back");
}

TEST_CASE("records: the official sheet as the GIPF project prints it, short and complete") {
  std::string problem;
  auto game = AnyGame::create({"yinsh", "normal", 0, 0}, problem);
  for (std::string a : {"e3", "f5"}) REQUIRE(game->play(a).empty());
  CHECK(write_record(*game, RecordFormat::Official, {}).text == "1.e3\n2.f5\n*\n");
  auto gipf = AnyGame::create({"gipf", "basic", 0, 0}, problem);
  for (std::string a : {"e1-e2", "i1-h2", "a1-b2"}) REQUIRE(gipf->play(a).empty());
  CHECK(write_record(*gipf, RecordFormat::Official, {}).text == "1.e1-e3 i1-g3\n2.a1-c3\n*\n");  // pushes by their end
  auto back = read_record("1.e1-e2 i1-h2\n2.a1-b2\n*\n", GameOptions{"gipf", "basic", 0, 0});
  REQUIRE(back.ok());
  CHECK(back.game->ply() == 3);
}

TEST_CASE("records: what is refused, with the move, the step and the reason") {
  const GameOptions yinsh{"yinsh", "normal", 0, 0};
  struct Bad {
    std::string text;
    std::optional<GameOptions> options;
    std::string says;
    int move;
    std::string step;
  };
  for (const Bad& bad : std::vector<Bad>{
           {"", yinsh, "empty", 0, ""},
           {"1.e3 2.f5", std::nullopt, "names no game", 0, ""},
           {"1.e3\n2.f5\n3.e3\n", yinsh, "", 3, "e3"},
           {"1.e3\n2.f5\n3.zz9\n", yinsh, "", 3, "zz9"},
           {"[Game \"yinsh\"]\n[Variant \"normal\"]\n\n1. e3\n2. e3\n", std::nullopt, "", 2, "e3"},
           {"[Game \"chess\"]\n\n1. e4\n", std::nullopt, "[Game", 0, ""},
           {"[Game \"yinsh\"]\n[Variant \"norm", std::nullopt, "", 0, ""},
           {"\x01\x02\xff\xfe binary junk", yinsh, "", 1, ""},
           {"(;GM[gipf]SU[gipf-standard 0 102])", std::nullopt, "GIPF files are not read yet", 0, ""},
           {"(;GM[24]SU[Yinsh]P0[id \"a\"];P0[1 place wr  A 1];P0[2 Done ])", std::nullopt, "place needs", 1, "1 place wr  A 1"},
           {"(;GM[24]", std::nullopt, "not an SGF file", 0, ""},
           {"1.e1-e2 i1-h2\n2.a1-b2\n", GameOptions{"gipf", "basic", 5, 0}, "extra", 0, ""},
       }) {
    auto read = read_record(bad.text, bad.options);
    REQUIRE_MESSAGE(!read.ok(), bad.text);
    CHECK_FALSE(read.game.has_value());
    CHECK_MESSAGE(read.error.find(bad.says) != std::string::npos, read.error);
    CHECK_MESSAGE(read.move == bad.move, read.error);
    if (!bad.step.empty()) CHECK_MESSAGE(read.step == bad.step, read.error);
  }
}
