#pragma once
// What the search adds to the evaluations (declared in bot/features.hpp): the
// score of a win, the weighted sum, and where the search may stop. Wins and
// losses are the search's business (kWin).
#include <array>
#include <cmath>
#include <cstddef>

#include "bot/features.hpp"
#include "engine/gipf/state.hpp"
#include "engine/yinsh/state.hpp"

namespace bot {

inline constexpr int kWin = 1'000'000;

// The evaluation's sum: each feature times its weight, rounded to a point.
template <std::size_t N>
int weighted_sum(const std::array<double, N>& features, const std::array<int, N>& weights) {
  double points = 0;
  for (std::size_t i = 0; i < N; ++i) points += weights[i] * features[i];
  return static_cast<int>(std::lround(points));
}

// Decisions the search looks past instead of stopping at: the removals that finish a turn.
bool settling(const engine::gipf::State& state);
bool settling(const engine::yinsh::State& state);

}  // namespace bot
