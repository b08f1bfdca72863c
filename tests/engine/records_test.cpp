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
          if (format == RecordFormat::Sgf && (options.white_extra || options.black_extra)) {
            CHECK_FALSE(written.ok());  // boardspace's GIPF has no handicap
            CHECK(written.error.find("handicap") != std::string::npos);
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
           {"(;GM[gipf]SU[gipf-matrx 0 102])", std::nullopt, "Matrx", 0, ""},
           {"(;GM[gipf]SU[gipf-standard 0 102]P0[id \"a\"];P0[1 Dropb E 1];P0[2 Dropb D 2];P0[3 Done ])", std::nullopt,
            "no push from e1 onto d2", 2, "2 Dropb D 2"},
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

TEST_CASE("positions: any game of the registry from its text and back, forced actions taken") {
  for (const GameOptions& options : {GameOptions{"gipf", "basic", 1, 0}, GameOptions{"gipf", "tournament", 0, 0},
                                     GameOptions{"yinsh", "normal", 0, 0}, GameOptions{"yinsh", "blitz", 0, 0}}) {
    CAPTURE(options.game);
    CAPTURE(options.variant);
    AnyGame game = random_game(options, 7);
    // Every position of the game: read back, the same text, the same options, the same choices.
    std::string problem;
    AnyGame replay = *AnyGame::create(options, problem);
    for (const auto& step : game.steps()) {
      if (step.automatic) continue;
      REQUIRE(replay.play(step.action).empty());
      if (!replay.decider()) break;  // an ended game is no position to analyse
      std::string error;
      auto read = AnyGame::from_position(replay.position(), error);
      REQUIRE_MESSAGE(read, error);
      CHECK(read->position() == replay.position());
      CHECK(read->options() == replay.options());
      CHECK(read->legal_notation() == replay.legal_notation());
    }
  }
  std::string error;
  auto spaced = AnyGame::from_position("yinsh_normal_4/7/8/9/10/9/10/9/8/7/4_w_w:place_0-0", error);
  REQUIRE_MESSAGE(spaced, error);
  CHECK(spaced->position() == "yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0");
  CHECK_FALSE(AnyGame::from_position("chess 8/8 w", error));
  CHECK(error.find("gipf or yinsh") != std::string::npos);
  CHECK_FALSE(AnyGame::from_position("yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:move 0-0", error));
  CHECK(error.find("position:") == 0);
}

TEST_CASE("analysis trees: boardspace SGF with variations, its main line the game read back") {
  std::string problem;
  const AnyGame start = *AnyGame::create({"yinsh", "normal", 0, 0}, problem);
  // The main line: a random game; two variations off it, one with its own branch.
  const AnyGame main = random_game({"yinsh", "normal", 0, 0}, 11);
  std::vector<TreeMove> moves;
  std::vector<std::string> chosen;
  for (const auto& s : main.steps())
    if (!s.automatic) chosen.push_back(s.action);
  REQUIRE(chosen.size() > 20);
  chosen.resize(20);
  for (std::size_t i = 0; i < chosen.size(); ++i) moves.push_back({static_cast<int>(i) - 1, chosen[i]});
  // After the 10th placement another one, and after it two replies.
  AnyGame at10 = start;
  for (int i = 0; i < 10; ++i) at10.play(chosen[static_cast<std::size_t>(i)]);
  std::string other;
  for (const auto& a : at10.legal_notation())
    if (a != chosen[10]) { other = a; break; }
  moves.push_back({9, other});
  const int branch = static_cast<int>(moves.size()) - 1;
  at10.play(other);
  const auto replies = at10.legal_notation();
  moves.push_back({branch, replies[0]});
  moves.push_back({branch, replies[1]});

  auto written = write_sgf_tree(start, moves, {"ann", "bob", {}}, "study");
  REQUIRE_MESSAGE(written.ok(), written.error);
  auto tree = parse_sgf(written.text);
  REQUIRE_MESSAGE(tree.error.empty(), tree.error);
  // The variation after the tenth move: the main line's continuation and the other placement.
  CHECK(written.text.find("GN[study]") != std::string::npos);
  // Read back, the file is the main line: the first twenty actions.
  auto read = read_record(written.text, std::nullopt);
  REQUIRE_MESSAGE(read.ok(), read.error);
  std::vector<std::string> back;
  for (const auto& s : read.game->steps())
    if (!s.automatic) back.push_back(s.action);
  CHECK(back == chosen);
  // The other placement's subtree holds its two replies, each its own variation.
  CHECK(std::count(written.text.begin(), written.text.end(), '(') == 5);  // the file; main line | other; reply 0 | reply 1

  // GIPF: its own words, the same tree shape.
  const AnyGame gipf_main = random_game({"gipf", "tournament", 0, 0}, 5);
  std::vector<TreeMove> gipf_moves;
  std::vector<std::string> gipf_chosen;
  for (const auto& s : gipf_main.steps())
    if (!s.automatic) gipf_chosen.push_back(s.action);
  REQUIRE(gipf_chosen.size() > 12);
  gipf_chosen.resize(12);
  for (std::size_t i = 0; i < gipf_chosen.size(); ++i) gipf_moves.push_back({static_cast<int>(i) - 1, gipf_chosen[i]});
  AnyGame gipf_at6 = *AnyGame::create({"gipf", "tournament", 0, 0}, problem);
  for (int i = 0; i < 6; ++i) gipf_at6.play(gipf_chosen[static_cast<std::size_t>(i)]);
  for (const auto& a : gipf_at6.legal_notation())
    if (a != gipf_chosen[6]) {
      gipf_moves.push_back({5, a});
      break;
    }
  auto gipf_written = write_sgf_tree(*AnyGame::create({"gipf", "tournament", 0, 0}, problem), gipf_moves, {"ann", "bob", {}});
  REQUIRE_MESSAGE(gipf_written.ok(), gipf_written.error);
  auto gipf_read = read_record(gipf_written.text, std::nullopt);
  REQUIRE_MESSAGE(gipf_read.ok(), gipf_read.error << "\n" << gipf_written.text);
  std::vector<std::string> gipf_back;
  for (const auto& s : gipf_read.game->steps())
    if (!s.automatic) gipf_back.push_back(s.action);
  CHECK(gipf_back == gipf_chosen);
  CHECK(std::count(gipf_written.text.begin(), gipf_written.text.end(), '(') == 3);

  // Refused: a handicap boardspace has not, a start that is no game's first position, an illegal move, a parent ahead.
  const AnyGame handicap = *AnyGame::create({"gipf", "basic", 1, 0}, problem);
  auto unavailable = write_sgf_tree(handicap, {}, {});
  CHECK(unavailable.unavailable);
  auto moved = write_sgf_tree(at10, {}, {});
  CHECK(moved.unavailable);
  auto illegal = write_sgf_tree(start, {{-1, "e5"}, {0, "e5"}}, {});
  CHECK_FALSE(illegal.ok());
  CHECK_FALSE(illegal.unavailable);
  CHECK(illegal.at == 1);
  CHECK(illegal.error.find("e5") != std::string::npos);
  auto ahead = write_sgf_tree(start, {{1, "e5"}, {-1, "f6"}}, {});
  CHECK(ahead.at == 0);

  // Variations inside variations, deeper than an SGF file holds (and the
  // arena reads back), are refused before any move is replayed: an
  // alternative at each of 120 moves.
  std::vector<TreeMove> nested;
  for (int i = 0; i < 120; ++i) {
    const int parent = i == 0 ? -1 : static_cast<int>(nested.size()) - 2;
    nested.push_back({parent, "a" + std::to_string(i)});
    nested.push_back({parent, "b" + std::to_string(i)});
  }
  auto deep = write_sgf_tree(start, nested, {});
  CHECK_FALSE(deep.ok());
  CHECK_FALSE(deep.illegal);
  CHECK(deep.error.find("nested") != std::string::npos);
  // Twenty deep is written, and read back as its main line.
  std::vector<TreeMove> shallow;
  AnyGame walk = start;
  for (int i = 0; i < 20 && walk.decider(); ++i) {
    const auto legal = walk.legal_notation();
    REQUIRE(legal.size() >= 2);
    const int parent = i == 0 ? -1 : static_cast<int>(shallow.size()) - 2;
    shallow.push_back({parent, legal[0]});
    shallow.push_back({parent, legal[1]});
    REQUIRE(walk.play(legal[0]).empty());
  }
  auto twenty = write_sgf_tree(start, shallow, {});
  REQUIRE_MESSAGE(twenty.ok(), twenty.error);
  CHECK(std::count(twenty.text.begin(), twenty.text.end(), '(') == 1 + 2 * 20);
  auto twenty_read = read_record(twenty.text, std::nullopt);
  REQUIRE_MESSAGE(twenty_read.ok(), twenty_read.error);
  CHECK(twenty_read.game->position() == walk.position());
}

TEST_CASE("names from records: one line, cut at a character") {
  CHECK(name_line("ann", 100) == "ann");
  CHECK(name_line("a\nb\tc", 100) == "a b c");
  std::string accents;
  for (int i = 0; i < 60; ++i) accents += "\xc3\xa9";
  CHECK(name_line("a" + accents, 100).size() == 99);
  CHECK(name_line(accents, 100).size() == 100);
  CHECK(name_line("\xe2\x82\xac\xe2\x82\xac", 4) == "\xe2\x82\xac");  // a euro sign is three bytes
  CHECK(name_line("\xf0\x9f\x98\x80", 3).empty());
}
