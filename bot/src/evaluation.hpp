#pragma once
// Static evaluations, in points for `me` (positive: me ahead): a weighted sum of
// features, each `me`'s count minus the opponent's. The weights are fitted, not
// guessed: `gipf-engine tune` plays games between levels and fits the win
// probability 1 / (1 + e^(-points/100)) to their results (bot/README.md,
// "Evaluation"). Wins and losses are the search's business (kWin).
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

int evaluate(const engine::gipf::State& state, engine::Color me);
int evaluate(const engine::yinsh::State& state, engine::Color me);

// Decisions the search looks past instead of stopping at: the removals that finish a turn.
bool settling(const engine::gipf::State& state);
bool settling(const engine::yinsh::State& state);

}  // namespace bot
