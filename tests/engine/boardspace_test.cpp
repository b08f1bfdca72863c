// boardspace.net's YINSH files (#44): the words its players and robots write
// (as in its real files: the human's place w / drop board, the robots' move),
// files from before its Done step, what is refused (and where), and random
// games written out and read back step for step.
#include <doctest/doctest.h>

#include <string>

#include "engine/random.hpp"
#include "engine/sgf.hpp"
#include "engine/yinsh/boardspace.hpp"

using namespace engine::yinsh;
using engine::Color;

namespace {

const char* kPlacements = R"(; P0[1 place wr  G 2]TM[18012]
; P0[2 Done ]TM[18701]
; P1[3 place br  C 6]TM[8633]
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
)";

std::string file(const std::string& moves, const std::string& su = "Yinsh") {
  return " (;\nGM[24]VV[2]\nCM[0,1]\nTC[None]\nSU[" + su +
         "]\nDT[Fri Mar 13 19:56:26 GMT+01:00 2026]\nGN[Y-ann-bob]\nRE[Game won by bob]\nP0[id \"ann\"]\nP1[id \"bob\"]\n"
         "; P0[0 Start White]\n" + kPlacements + moves + ";\nP0[time 0:01:43 ]\nP1[time 0:01:38 ]\n)\n";
}

std::vector<std::string> step_texts(const YinshGame& game) {
  std::vector<std::string> out;
  for (const auto& s : game.steps()) out.push_back(s.text);
  return out;
}

}  // namespace

TEST_CASE("boardspace YINSH: a player's and a robot's moves, a ring lifted again, a resignation") {
  auto read = read_boardspace(file(R"(; P0[21 place w  G 2]TM[21009]
; P0[22 drop board  G 5]TM[21959]
; P0[23 pick board  G 5]
; P0[24 drop board  G 4]
; P0[25 Done ]TM[23079]
; P1[26 move C 6 C 3]TM[5954]
; P1[27 Done ]
; P0[28 Resign ]
; P0[29 Done ]
)"));
  REQUIRE_MESSAGE(read.ok(), read.step << " " << read.text << ": " << read.error);
  CHECK(read.white == "ann");
  CHECK(read.black == "bob");
  CHECK(read.date == "Fri Mar 13 19:56:26 GMT+01:00 2026");
  auto steps = step_texts(*read.game);
  REQUIRE(steps.size() == 12);
  CHECK(steps[0] == "g2");
  CHECK(steps[1] == "c6");
  CHECK(steps[10] == "g2-g4");
  CHECK(steps[11] == "c6-c3");
  CHECK(read.game->state().result().over);
  CHECK(read.game->state().result().reason == "resignation");
  CHECK(read.game->state().result().winner == Color::Black);
}

TEST_CASE("boardspace YINSH: a file from before Done, without step numbers; blitz") {
  std::string old = "(;GM[24]SU[Yinsh-Blitz]P0[id \"ann\"]P1[id \"bob\"]\n";
  for (std::string line : {"place wr  G 2", "place br  C 6", "place wr  A 2", "place br  E 10", "place wr  K 7", "place br  H 3",
                           "place wr  B 7", "place br  I 4", "place wr  J 11", "place br  F 2", "move G 2 G 4", "move C 6 C 3"}) {
    static int n = 0;
    old += std::string("; P") + (n++ % 2 == 0 ? "0" : "1") + "[" + line + "]\n";
  }
  old += ")";
  auto read = read_boardspace(old);
  REQUIRE_MESSAGE(read.ok(), read.step << " " << read.text << ": " << read.error);
  CHECK(read.game->options().variant == Variant::Blitz);
  CHECK(read.game->steps().size() == 12);
  CHECK_FALSE(read.game->over());
}

TEST_CASE("boardspace YINSH: what is refused, and where") {
  struct Bad {
    std::string text, says;
    int step;
  };
  for (const Bad& bad : std::vector<Bad>{
           {"", "not an SGF file", 0},
           {"(;GM[1]SU[go])", "not a boardspace YINSH file", 0},
           {"(;GM[24]SU[Dvonn])", "SU names another game", 0},
           {"(;GM[24]SU[Yinsh]", "not an SGF file", 0},
           {file("; P0[21 move G 2 G 3 ]\n; P0[22 Done ]\n; P1[23 move C 6 F 3]\n; P1[24 Done ]\n"), "", 24},
           {file("; P0[21 jump G 2]\n"), "no YINSH move word", 21},
           {file("; P0[21 Edit ]\n"), "edited position", 21},
           {file("; P1[21 move C 6 C 3]\n; P1[22 Done ]\n"), "white's decision", 22},
           {file("; P0[21 drop board  G 4]\n"), "no ring in hand", 21},
           {file("; P0[21 remove w G 2]\n"), "two ends", 21},
       }) {
    auto read = read_boardspace(bad.text);
    REQUIRE_MESSAGE(!read.ok(), bad.text);
    CHECK_MESSAGE(read.error.find(bad.says) != std::string::npos, read.error);
    CHECK_MESSAGE(read.step == bad.step, read.error);
    CHECK_FALSE(read.game.has_value());
  }
}

TEST_CASE("boardspace YINSH: random games written out and read back, step for step") {
  for (Variant variant : {Variant::Normal, Variant::Blitz}) {
    for (int g = 0; g < 30; ++g) {
      engine::Random rng(977 * static_cast<std::uint64_t>(g) + (variant == Variant::Blitz ? 5 : 1));
      YinshGame game(Options{variant});
      for (int i = 0; i < 400 && !game.over(); ++i) {
        auto legal = game.state().legal_actions();
        REQUIRE(game.play(legal[rng.below(legal.size())]).empty());
      }
      if (!game.over() && g % 3 == 0) game.resign(game.state().turn());
      std::string sgf = write_boardspace(game, "ann [white]", "bob\\black", "arena-test");
      auto parsed = engine::parse_sgf(sgf);
      REQUIRE_MESSAGE(parsed.error.empty(), parsed.error);
      auto read = read_boardspace(sgf);
      REQUIRE_MESSAGE(read.ok(), read.step << " " << read.text << ": " << read.error << "\n" << sgf);
      CHECK(read.white == "ann [white]");
      CHECK(read.black == "bob\\black");
      CHECK(step_texts(*read.game) == step_texts(game));
      CHECK(read.game->state().result() == game.state().result());
      CHECK(write_boardspace(*read.game, read.white, read.black, "arena-test") == sgf);
    }
  }
}

TEST_CASE("SGF trees: variations, escapes and bounds") {
  auto parsed = engine::parse_sgf("(;GM[24]C[a \\] b]\n;P0[1]\n(;P1[2];P0[3])(;P1[x]))");
  REQUIRE(parsed.error.empty());
  CHECK(*parsed.tree.nodes[0].value("C") == "a ] b");
  REQUIRE(parsed.tree.variations.size() == 2);
  auto line = engine::main_line(parsed.tree);
  REQUIRE(line.size() == 4);
  CHECK(*line[3]->value("P0") == "3");
  CHECK(engine::parse_sgf(engine::print_sgf(parsed.tree)).tree == parsed.tree);
  CHECK(engine::parse_sgf("(;GMXX[1])").error.find("1 to 3") != std::string::npos);
  CHECK(!engine::parse_sgf(std::string(engine::kMaxSgfBytes + 1, '(')).error.empty());
  std::string deep;
  for (int i = 0; i < 200; ++i) deep += "(;";
  CHECK(engine::parse_sgf(deep).error.find("nested") != std::string::npos);
}
