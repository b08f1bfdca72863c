#pragma once
// Helpers for the bot tests: random positions of every variant, random players.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bot/bot.hpp"
#include "engine/gipf/state.hpp"
#include "engine/yinsh/state.hpp"
#include "engine/random.hpp"

namespace bot_test {

// Fewer positions where the build is slow (sanitizers, no optimisation).
#if defined(GIPF_ARENA_SANITIZED) || !defined(NDEBUG)
inline constexpr int kScale = 8;
#else
inline constexpr int kScale = 1;
#endif

struct GipfVariant {
  const char* name;
  engine::gipf::Options options;
};

inline std::vector<GipfVariant> gipf_variants() {
  using engine::gipf::Variant;
  return {{"basic", {Variant::Basic, {0, 0}}},
          {"basic with handicap 3:1", {Variant::Basic, {3, 1}}},
          {"standard", {Variant::Standard, {0, 0}}},
          {"tournament", {Variant::Tournament, {0, 0}}}};
}

inline std::vector<engine::yinsh::Options> yinsh_variants() {
  return {{engine::yinsh::Variant::Normal}, {engine::yinsh::Variant::Blitz}};
}

// Positions along random games from `start`: every position with a decision of two
// or more options, until `count` are collected.
template <class State>
std::vector<State> random_positions(const State& start, int count, std::uint64_t seed) {
  engine::Random random(seed);
  std::vector<State> out;
  State state = start;
  while (static_cast<int>(out.size()) < count) {
    if (state.result().over) state = start;
    auto actions = state.legal_actions();
    if (actions.size() > 1 && random.below(3) == 0) out.push_back(state);
    state.apply_unchecked(actions[random.below(actions.size())]);
  }
  return out;
}

// Lets the bot take every decision of the player whose turn it is until the turn
// ends or the game does; the state afterwards.
template <class State>
State bot_plays_turn(State state, const bot::Request& request) {
  engine::Color mover = state.turn();
  while (!state.result().over && state.turn() == mover) {
    auto action = bot::choose(state, request);
    REQUIRE(action.has_value());
    REQUIRE(state.apply(*action) == "");
  }
  return state;
}

}  // namespace bot_test
