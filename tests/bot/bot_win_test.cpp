// Every level takes a win that is there within its own turn.
#include "../engine/gipf_helpers.hpp"
#include "../engine/yinsh_helpers.hpp"
#include "bot_helpers.hpp"

using namespace bot_test;

namespace {

template <class State>
void check_every_level_wins(const State& s, engine::Color winner) {
  for (int level = bot::kMinLevel; level <= bot::kMaxLevel; ++level) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      CAPTURE(level);
      CAPTURE(seed);
      State after = bot_plays_turn(s, {level, seed, 2000, {}});
      REQUIRE(after.result().over);
      CHECK(after.result().winner == winner);
    }
  }
}

}  // namespace

TEST_CASE("YINSH: a third ring from a row made this turn") {
  // White has removed two rings; moving the ring on e7 leaves the fifth marker.
  auto s = yinsh_test::position(engine::yinsh::Variant::Normal,
                                "W:e7,b2,j9 B:c6,g4,h9,k7,d8 w:e3,e4,e5,e6 b:f4,g7", engine::Color::White, {2, 0});
  check_every_level_wins(s, engine::Color::White);
}

TEST_CASE("YINSH blitz: the first row wins") {
  auto s = yinsh_test::position(engine::yinsh::Variant::Blitz,
                                "W:e7,b2,j9,c3,h5 B:c6,g4,h9,k7,d8 w:e3,e4,e5,e6 b:f4,g7", engine::Color::White);
  check_every_level_wins(s, engine::Color::White);
}

TEST_CASE("YINSH: the same win for Black") {
  auto s = yinsh_test::position(engine::yinsh::Variant::Normal,
                                "B:e7,b2,j9 W:c6,g4,h9,k7,d8 b:e3,e4,e5,e6 w:f4,g7", engine::Color::Black, {0, 2});
  check_every_level_wins(s, engine::Color::Black);
}

TEST_CASE("GIPF: the opponent's last GIPF piece captured with a row") {
  // Pushing in at e1 makes the row e2..e5, whose extent holds Black's only GIPF piece.
  auto s = gipf_test::position(engine::gipf::Variant::Standard, "W:h3 w:e3,e4,e5 B:e6 b:b4,c5", 10, 10);
  check_every_level_wins(s, engine::Color::White);
}

TEST_CASE("GIPF: the opponent has no reserve left") {
  // Black's reserve is empty: any White push that gives Black no row wins.
  auto s = gipf_test::position(engine::gipf::Variant::Basic, "w:e3,e4 b:b4,c5,c4,d6,f5,g4", 5, 0);
  check_every_level_wins(s, engine::Color::White);
}
