// boardspace.net's GIPF files (#44): the words its players and robots write
// (Pick, Dropb on a dot and on the first point, Slide, Standard, Preserve,
// Remove, Done), the captures boardspace makes at Done with its defaults for
// GIPF pieces, what is refused (and where), and random games of every variant
// written out and read back step for step.
#include <doctest/doctest.h>

#include <string>

#include "engine/gipf/boardspace.hpp"
#include "engine/random.hpp"
#include "engine/sgf.hpp"

using namespace engine::gipf;
using engine::Color;

namespace {

std::string file(const std::string& su, const std::string& moves) {
  return "(;\nGM[gipf]VV[2]\nCM[0,1]\nTC[None]\nSU[" + su +
         "]\nDT[Sat Mar 14 10:00:00 GMT 2026]\nP0[id \"ann\"]\nP1[id \"bob\"]\n; P0[0 Start P0]\n" + moves +
         ";\nP0[time 0:01:43 ]\nP1[time 0:01:38 ]\n)\n";
}

// "P0 Dropb E 1|P0 Done" -> numbered nodes
std::string nodes(const std::string& lines) {
  std::string out;
  int n = 1;
  for (std::string_view line : engine::split(lines, "|")) {
    if (line.empty()) continue;
    out += "; " + std::string(line.substr(0, 2)) + "[" + std::to_string(n++) + " " + std::string(line.substr(3)) + "]\n";
  }
  return out;
}

std::vector<std::string> step_texts(const GipfGame& game) {
  std::vector<std::string> out;
  for (const auto& s : game.steps()) out.push_back(s.text);
  return out;
}

// White pushes e1 three times (the row e2-e5), Black h1 twice, as players write it.
const char* kThreePushes =
    "P0 Pick wr|P0 Dropb E 1|P0 Dropb E 2|P0 Done|"
    "P1 Dropb H 1|P1 Pickb H 1|P1 Dropb H 2|P1 Done|"
    "P0 Slide E 1 E 2|P0 Done|"
    "P1 Pick br 0|P1 Dropb H 1|P1 SlideFrom H 1 H 2|P1 Done|"
    "P0 Dropb E 1|P0 Dropb E 2|";

BoardspaceRead read_ok(const std::string& text) {
  auto read = read_boardspace(text);
  REQUIRE_MESSAGE(read.ok(), read.step << " " << read.text << ": " << read.error);
  return read;
}

}  // namespace

TEST_CASE("boardspace GIPF: a player's and a robot's pushes, a row removed at Done, a resignation") {
  auto read = read_ok(file("gipf 0 102", nodes(std::string(kThreePushes) + "P0 Done|P1 Resign|P1 Done|")));
  CHECK(read.white == "ann");
  CHECK(read.black == "bob");
  CHECK(read.date == "Sat Mar 14 10:00:00 GMT 2026");
  CHECK(read.game->options().variant == Variant::Basic);
  CHECK(step_texts(*read.game) == std::vector<std::string>{"e1-e3", "h1-h3", "e1-e4", "h1-h4", "e1-e5", "xe2,e3,e4,e5"});
  CHECK(read.game->steps().back().automatic);  // the only choice: boardspace's Done takes it too
  CHECK(read.game->state().result().reason == "resignation");
  CHECK(read.game->state().result().winner == Color::White);

  // The row named before Done (Remove on one of its pieces, or on the dot its line ends on).
  for (const char* named : {"P0 Remove E 3|", "P0 Remove E 9|"}) {
    auto explicit_row = read_ok(file("gipf", nodes(std::string(kThreePushes) + named + "P0 Done|")));
    CHECK(step_texts(*explicit_row.game) == step_texts(*read.game));
    CHECK(explicit_row.game->state().turn() == Color::Black);
    CHECK_FALSE(explicit_row.game->over());
  }
}

TEST_CASE("boardspace GIPF: standard, the mover's own GIPF piece kept by default or removed after all") {
  auto kept = read_ok(file("gipf-standard 0 102", nodes(std::string(kThreePushes) + "P0 Done|")));
  CHECK(step_texts(*kept.game).back() == "xe2,e3,e4");  // boardspace keeps the mover's GIPF piece on e5
  CHECK(kept.game->state().at(*parse_cell("e5")) == Piece::WhiteGipf);
  auto removed = read_ok(file("gipf-standard", nodes(std::string(kThreePushes) + "P0 Remove E 5|P0 Done|")));
  CHECK(step_texts(*removed.game).back() == "xe2,e3,e4,e5");
  CHECK(removed.game->state().at(*parse_cell("e5")) == Piece::None);
  // Preserve twice is no change; Preserve on a single piece does nothing.
  auto toggled =
      read_ok(file("gipf-standard", nodes(std::string(kThreePushes) + "P0 Remove E 5|P0 Preserve E 5|P0 Preserve E 3|P0 Done|")));
  CHECK(step_texts(*toggled.game).back() == "xe2,e3,e4");
}

TEST_CASE("boardspace GIPF: the tournament game, GIPF pieces until Standard") {
  auto read = read_ok(file("gipf-tournament 0 102", nodes("P0 Dropb E 1|P0 Dropb E 2|P0 Done|"
                                                          "P1 Dropb E 9|P1 Dropb E 8|P1 Done|"
                                                          "P0 Standard|P0 Dropb A 1|P0 Dropb B 2|P0 Done|"
                                                          "P1 Dropb A 5|P1 Dropb B 5|P1 Done|"
                                                          "P0 Dropb I 5|P0 Dropb H 5|P0 Done|")));
  CHECK(read.game->options().variant == Variant::Tournament);
  CHECK(step_texts(*read.game) == std::vector<std::string>{"Ge1-e2", "Ge9-e8", "a1-b2", "Ga5-b5", "i5-h5"});
  CHECK(read.game->state().at(*parse_cell("h5")) == Piece::White);  // after a single piece, never a GIPF piece again
}

TEST_CASE("boardspace GIPF: what is refused, and where") {
  struct Bad {
    std::string text, says;
    int step;
  };
  for (const Bad& bad : std::vector<Bad>{
           {"", "not an SGF file", 0},
           {"(;GM[24]SU[Yinsh])", "not a boardspace GIPF file", 0},
           {"(;GM[gipf]SU[gipf-matrx 0 102])", "Matrx", 0},
           {"(;GM[gipf]SU[dvonn])", "SU names another game", 0},
           {file("gipf", nodes("P0 Dropb E 1|P0 Dropb D 2|P0 Done|")), "no push from e1 onto d2", 2},
           {file("gipf", nodes("P0 Slide E 2 E 3|")), "no push from e2", 1},
           {file("gipf", nodes("P1 Dropb E 9|P1 Dropb E 8|")), "white's turn", 1},
           {file("gipf", nodes("P0 Dropb E|")), "needs a cell", 1},
           {file("gipf", nodes("P0 Jump E 1|")), "no GIPF move word", 1},
           {file("gipf", nodes("P0 Edit|")), "edited position", 1},
           {file("gipf", nodes("P0 Done|")), "Done before the push", 1},
           {file("gipf", nodes("P0 Pick wc|")), "only an edited position", 1},
           {file("gipf", nodes("P0 Pickb B 5|")), "only an edited position", 1},
           {file("gipf", nodes("P0 Standard|")), "only for the tournament", 1},
           {file("gipf-tournament", nodes("P0 Standard|P0 Dropb E 1|P0 Dropb E 2|P0 Done|")), "GIPF", 4},
           {file("gipf", nodes(std::string(kThreePushes) + "P0 Done|P1 Remove E 3|")), "names no row", 18},
       }) {
    auto read = read_boardspace(bad.text);
    REQUIRE_MESSAGE(!read.ok(), bad.text);
    CHECK_MESSAGE(read.error.find(bad.says) != std::string::npos, read.error);
    CHECK_MESSAGE(read.step == bad.step, read.error);
    CHECK_FALSE(read.game.has_value());
  }
}

TEST_CASE("boardspace GIPF: a basic game with a handicap cannot be written") {
  Options options;
  options.variant = Variant::Basic;
  options.extra = {2, 0};
  auto written = write_boardspace(GipfGame(options), "ann", "bob");
  CHECK_FALSE(written.ok());
  CHECK(written.error.find("handicap") != std::string::npos);
  CHECK(written.text.empty());
}

TEST_CASE("boardspace GIPF: random games of every variant written out and read back, step for step") {
  int removals = 0, gipf_kept = 0;
  for (Variant variant : {Variant::Basic, Variant::Standard, Variant::Tournament}) {
    for (int g = 0; g < 40; ++g) {
      engine::Random rng(7919 * static_cast<std::uint64_t>(g) + static_cast<std::uint64_t>(variant) + 1);
      GipfGame game(Options{variant, {0, 0}});
      for (int i = 0; i < 600 && !game.over(); ++i) {
        auto legal = game.state().legal_actions();
        REQUIRE(game.play(legal[rng.below(legal.size())]).empty());
      }
      if (!game.over() && g % 3 == 0) game.resign(game.state().pending().player);
      for (const auto& s : game.steps()) {
        removals += s.action.kind == Action::Kind::Remove;
        gipf_kept += s.action.kind == Action::Kind::Keep || (s.action.kind == Action::Kind::Remove && (s.action.extent & ~s.action.cells));
      }
      auto written = write_boardspace(game, "ann [white]", "bob\\black", "arena-test");
      REQUIRE_MESSAGE(written.ok(), written.error);
      auto parsed = engine::parse_sgf(written.text);
      REQUIRE_MESSAGE(parsed.error.empty(), parsed.error);
      auto read = read_boardspace(written.text);
      REQUIRE_MESSAGE(read.ok(), read.step << " " << read.text << ": " << read.error << "\n" << written.text);
      CHECK(read.white == "ann [white]");
      CHECK(read.black == "bob\\black");
      CHECK(read.game->options() == game.options());
      CHECK(step_texts(*read.game) == step_texts(game));
      CHECK(read.game->state().result() == game.state().result());
      CHECK(read.game->state().hash() == game.state().hash());
      CHECK(write_boardspace(*read.game, read.white, read.black, "arena-test").text == written.text);
    }
  }
  MESSAGE(removals << " removals, " << gipf_kept << " with GIPF pieces kept");
  CHECK(removals > 100);
  CHECK(gipf_kept > 10);
}
