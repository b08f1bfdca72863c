#pragma once
// What the evaluations weigh (bot/src/*_evaluation.cpp), each feature `me`'s count
// minus the opponent's. Public for `gipf-engine tune`, which fits their weights.
#include <array>
#include <string_view>

#include "engine/color.hpp"
#include "engine/gipf/state.hpp"
#include "engine/yinsh/state.hpp"

namespace bot {

// GIPF: pieces in reserve, stock on the board (a GIPF piece is two), GIPF pieces
// (standard and tournament), down to the last GIPF piece after one's first move,
// runs of two and of three of one's pieces along a line (the next push may make
// four), and closeness to the centre (3 − distance, per piece on a point).
inline constexpr std::array<std::string_view, 7> kGipfFeatureNames{
    "reserve", "board", "gipf", "last_gipf", "runs_2", "runs_3", "centre"};
using GipfFeatures = std::array<double, kGipfFeatureNames.size()>;
GipfFeatures features(const engine::gipf::State& state, engine::Color me);

// YINSH: rings removed, markers, runs of two, three and four of one's markers
// along a line, the points one's rings may move to, and rings near the centre.
inline constexpr std::array<std::string_view, 7> kYinshFeatureNames{
    "rings_removed", "markers", "runs_2", "runs_3", "runs_4", "mobility", "ring_centre"};
using YinshFeatures = std::array<double, kYinshFeatureNames.size()>;
YinshFeatures features(const engine::yinsh::State& state, engine::Color me);

// Static evaluations, in points for `me` (positive: me ahead): the weighted sum
// of the features. The weights are fitted, not guessed: `gipf-engine tune` plays
// games and fits the win probability 1 / (1 + e^(-points/100)) to their results
// (bot/README.md, "Evaluation"), so 100 points are one unit of log-odds.
int evaluate(const engine::gipf::State& state, engine::Color me);
int evaluate(const engine::yinsh::State& state, engine::Color me);

// The weights in use (points per unit of a feature), for the tuner's report.
const std::array<int, kGipfFeatureNames.size()>& gipf_weights();
const std::array<int, kYinshFeatureNames.size()>& yinsh_weights();

}  // namespace bot
