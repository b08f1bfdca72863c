// A short match: level 3 beats a uniformly random player in most games.
#include "bot_helpers.hpp"

using namespace bot_test;

namespace {

constexpr int kMaxActions = 3000;

// Plays one game, the bot as `bot_colour`; the winner (nullopt: a draw or unfinished).
template <class State>
std::optional<engine::Color> play_against_random(State state, int level, engine::Color bot_colour, std::uint64_t seed) {
  engine::Random random(seed);
  for (int i = 0; i < kMaxActions && !state.result().over; ++i) {
    auto actions = state.legal_actions();
    if (state.pending().player == bot_colour) {
      auto action = bot::choose(state, {level, seed + static_cast<std::uint64_t>(i), 0, {}});
      REQUIRE(action.has_value());
      state.apply_unchecked(*action);
    } else {
      state.apply_unchecked(actions[random.below(actions.size())]);
    }
  }
  return state.result().winner;
}

template <class State>
int bot_wins(const State& start, int games) {
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    engine::Color colour = g % 2 == 0 ? engine::Color::White : engine::Color::Black;
    if (play_against_random(start, 3, colour, static_cast<std::uint64_t>(100 + g)) == colour) ++wins;
  }
  return wins;
}

}  // namespace

TEST_CASE("level 3 beats a random player in GIPF standard") {
  CHECK(bot_wins(engine::gipf::State(), 4) >= 3);
}

TEST_CASE("level 3 beats a random player in YINSH normal") {
  CHECK(bot_wins(engine::yinsh::State(), 4) >= 3);
}
