#pragma once
// Fits the evaluation's weights (bot/features.hpp) to the results of games played
// by the computer: logistic regression of the result on the features of every
// position reached, by Newton's method. Prints the weights in points (100 points
// = one unit of the log-odds of winning), to be copied into bot/src/*_evaluation.cpp.
#include <cstdint>
#include <iosfwd>

#include "engine/game_options.hpp"

namespace tool {

struct TuneSettings {
  engine::GameOptions options;
  int games = 400;
  std::uint64_t seed = 1;
  std::uint64_t nodes = 15'000;  // per decision of the games played
  int random_decisions = 8;      // a random opening per game, for varied positions
};

void tune(const TuneSettings& settings, std::ostream& out);

}  // namespace tool
