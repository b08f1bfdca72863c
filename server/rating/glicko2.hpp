#pragma once
// The rating math of issue #13, pure: Glicko-2 exactly as in Glickman's
// "Example of the Glicko-2 system" (http://www.glicko.net/glicko/glicko2.pdf),
// steps 1–8 with the Illinois algorithm of step 5, plus the server's rules
// around it: each rated game is one rating period for both players (computed
// from both players' values before the game), RD grows with inactivity when a
// rating is used or shown, RD stays within [45, 350], provisional while
// RD ≥ 110. No store, no I/O, no clock: every time is passed in (ms since the
// epoch).
#include <cstdint>
#include <span>

namespace arena {

namespace glicko2 {
// Glickman's default rating of an unrated player (the centre of the Glicko scale).
inline constexpr double kInitialRating = 1500.0;
// Glickman's default RD of an unrated player: the widest uncertainty we admit.
inline constexpr double kInitialRd = 350.0;
// Glickman's suggested starting volatility.
inline constexpr double kInitialVolatility = 0.06;
// System constant τ constraining volatility changes; the paper's example value (reasonable: 0.3–1.2).
inline constexpr double kTau = 0.5;
// Convergence tolerance ε of step 5's Illinois iteration, as in the paper.
inline constexpr double kEpsilon = 0.000001;
// Factor between the Glicko and Glicko-2 scales (≈ 400 / ln 10), as in the paper.
inline constexpr double kScale = 173.7178;
// Rating periods per day of inactivity: RD 60 grows back to about 110 after 365 days at σ = 0.06.
inline constexpr double kPeriodsPerDay = 0.21436;
// RD cap: no one is ever less known than a new player.
inline constexpr double kMaxRd = kInitialRd;
// RD floor after an update: keeps settled ratings responsive to real changes in strength.
inline constexpr double kMinRd = 45.0;
// At or above this RD the rating is still a guess: shown as provisional.
inline constexpr double kProvisionalRd = 110.0;
// Scores of a game, from the player's side.
inline constexpr double kWin = 1.0;
inline constexpr double kDraw = 0.5;
inline constexpr double kLoss = 0.0;
}  // namespace glicko2

// A player's rating in one pool, on the Glicko scale.
struct Rating {
  double rating = glicko2::kInitialRating;
  double rd = glicko2::kInitialRd;
  double volatility = glicko2::kInitialVolatility;
  int games = 0;                  // rated games in the pool
  std::int64_t last_game_ms = 0;  // when the last rated game in the pool was played (0: none)

  // The rating as of `now_ms`: RD grown by the inactivity since the last rated
  // game (√(φ² + t·σ²) on the Glicko-2 scale, t = kPeriodsPerDay × days),
  // capped at kMaxRd; no growth without a rated game. A view to use or show,
  // not to store (last_game_ms is unchanged, so storing it would count the
  // same absence twice).
  Rating at(std::int64_t now_ms) const;
  // Whether the rating is still a guess (RD ≥ kProvisionalRd); ask it of at(now).
  bool provisional() const { return rd >= glicko2::kProvisionalRd; }
};

// One game of a rating period: the opponent's rating and RD (Glicko scale)
// and the player's score (glicko2::kWin, kDraw or kLoss).
struct PeriodGame {
  double opponent_rating;
  double opponent_rd;
  double score;
};

// One rating period of Glicko-2 (steps 1–8 of the paper) for `player`,
// from the values as given (no inactivity growth: apply at() first if
// wanted). With games: the new rating, RD clamped to [kMinRd, kMaxRd],
// volatility, games counted. Without games: only step 6 (RD grows by one
// period, capped). last_game_ms is left as is: the caller knows the time.
Rating rate_period(const Rating& player, std::span<const PeriodGame> games);

struct GameRatings {
  Rating first;
  Rating second;
};

// The instant update the server uses: a rated game played at `now_ms` is one
// rating period for both players, each computed from both players' values
// before the game as of `now_ms` (inactivity-grown by at()). `first_score`
// is the first player's score (kWin, kDraw or kLoss); the second scores
// 1 − first_score. Both new ratings have one more game and last_game_ms = now_ms.
GameRatings rate_game(const Rating& first, const Rating& second, double first_score, std::int64_t now_ms);

}  // namespace arena
