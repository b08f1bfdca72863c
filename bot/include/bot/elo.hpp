#pragma once
// The Elo difference a match score says, with its 95 % interval: how the match
// tool (tools/gipf-engine) and the level ratings (levels.hpp) read a table.
#include <cmath>
#include <optional>

namespace bot {

struct EloEstimate {
  int games = 0;
  double score = 0;              // points per game, 0..1 (a draw is half a point)
  std::optional<double> elo;     // nullopt at a score of 0 or 1 (unbounded)
  std::optional<double> low;     // the interval's ends; nullopt where unbounded
  std::optional<double> high;
};

// The Elo difference of an expected score `s` (0 < s < 1).
inline double elo_of_score(double s) { return -400.0 * std::log10(1.0 / s - 1.0); }

// From the first player's wins, draws and losses. The interval is the score's
// normal approximation (the per-game variance of the results, 1.96 standard
// errors) turned into Elo. A clean sweep has no variance: its bound is then the
// exact one-sided 95 % bound of a binomial with no loss, 0.05^(1/n) (and
// 1 − that for no win), the other end unbounded.
inline EloEstimate estimate_elo(int wins, int draws, int losses) {
  EloEstimate e;
  e.games = wins + draws + losses;
  if (e.games == 0) return e;
  const double n = e.games;
  e.score = (wins + 0.5 * draws) / n;
  if (losses == 0 && draws == 0) {
    e.low = elo_of_score(std::pow(0.05, 1.0 / n));
    return e;
  }
  if (wins == 0 && draws == 0) {
    e.high = elo_of_score(1.0 - std::pow(0.05, 1.0 / n));
    return e;
  }
  e.elo = elo_of_score(e.score);
  const double s = e.score;
  const double variance = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
  const double margin = 1.96 * std::sqrt(variance / n);
  if (s - margin > 0) e.low = elo_of_score(s - margin);
  if (s + margin < 1) e.high = elo_of_score(s + margin);
  return e;
}

}  // namespace bot
