// The rating math alone (server/rating/glicko2.hpp): Glickman's worked example,
// the instant per-game update, the RD floor and cap, inactivity growth on an
// injected `now`, the provisional threshold.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "rating/glicko2.hpp"

namespace {

using namespace arena;
using namespace arena::glicko2;

constexpr std::int64_t kDay = 24LL * 3600 * 1000;
constexpr std::int64_t kT0 = 1'700'000'000'000LL;  // an arbitrary "now"

Rating settled(double rating, double rd, std::int64_t last_game_ms = kT0, int games = 50) {
  return {rating, rd, kInitialVolatility, games, last_game_ms};
}

}  // namespace

TEST_CASE("glicko2: a new rating") {
  Rating r;
  CHECK(r.rating == 1500.0);
  CHECK(r.rd == 350.0);
  CHECK(r.volatility == 0.06);
  CHECK(r.games == 0);
  CHECK(r.last_game_ms == 0);
  CHECK(r.provisional());
}

TEST_CASE("glicko2: Glickman's worked example") {
  Rating player{1500, 200, 0.06, 0, 0};
  const std::vector<PeriodGame> games = {{1400, 30, kWin}, {1550, 100, kLoss}, {1700, 300, kLoss}};
  Rating after = rate_period(player, games);
  CHECK(std::abs(after.rating - 1464.05) <= 0.01);
  CHECK(std::abs(after.rd - 151.52) <= 0.01);
  CHECK(std::abs(after.volatility - 0.05999) <= 0.00001);
  CHECK(after.games == 3);
  CHECK(after.last_game_ms == 0);
  MESSAGE("paper example: rating ", after.rating, " rd ", after.rd, " volatility ", after.volatility);
}

TEST_CASE("glicko2: a period without games grows RD only (step 6)") {
  Rating player{1500, 200, 0.06, 3, 0};
  Rating after = rate_period(player, {});
  CHECK(after.rating == 1500.0);
  CHECK(after.volatility == 0.06);
  CHECK(after.games == 3);
  const double phi = 200 / kScale;
  CHECK(after.rd == doctest::Approx(kScale * std::sqrt(phi * phi + 0.06 * 0.06)));
  CHECK(rate_period(Rating{}, {}).rd == 350.0);
}

TEST_CASE("glicko2: a draw between equals moves nothing much but shrinks RD") {
  const Rating a = settled(1600, 120);
  const Rating b = settled(1600, 120);
  const GameRatings after = rate_game(a, b, kDraw, kT0);
  CHECK(std::abs(after.first.rating - 1600) < 1e-9);
  CHECK(std::abs(after.second.rating - 1600) < 1e-9);
  CHECK(after.first.rd < 120);
  CHECK(after.second.rd < 120);
  CHECK(after.first.rd == after.second.rd);
  CHECK(after.first.volatility == after.second.volatility);
  CHECK(after.first.games == 51);
  CHECK(after.second.games == 51);
  CHECK(after.first.last_game_ms == kT0);
  CHECK(after.second.last_game_ms == kT0);
}

TEST_CASE("glicko2: the two players' changes have opposite signs") {
  const Rating a = settled(1550, 80);
  const Rating b = settled(1480, 150);
  for (double score : {kWin, kLoss, kDraw}) {
    const GameRatings after = rate_game(a, b, score, kT0);
    const double da = after.first.rating - a.rating;
    const double db = after.second.rating - b.rating;
    CHECK(da * db < 0);
    if (score == kWin) CHECK(da > 0);
    if (score == kLoss) CHECK(da < 0);
    if (score == kDraw) CHECK(da < 0);  // a draw against a weaker player costs a little
  }
  // Two new players: the winner gains exactly what the loser loses (same values).
  const GameRatings fresh = rate_game(Rating{}, Rating{}, kWin, kT0);
  CHECK(fresh.first.rating - 1500 == doctest::Approx(1500 - fresh.second.rating));
  CHECK(fresh.first.rating > 1500);
  CHECK(fresh.first.rd < 350);
}

TEST_CASE("glicko2: an upset moves both more than an expected result") {
  const Rating low = settled(1400, 80);
  const Rating high = settled(1700, 80);
  const GameRatings upset = rate_game(low, high, kWin, kT0);
  const GameRatings expected = rate_game(low, high, kLoss, kT0);
  const double upset_low = upset.first.rating - low.rating;
  const double upset_high = upset.second.rating - high.rating;
  const double expected_low = expected.first.rating - low.rating;
  const double expected_high = expected.second.rating - high.rating;
  CHECK(upset_low > 0);
  CHECK(upset_high < 0);
  CHECK(expected_low < 0);
  CHECK(expected_high > 0);
  CHECK(std::abs(upset_low) > 2 * std::abs(expected_low));
  CHECK(std::abs(upset_high) > 2 * std::abs(expected_high));
}

TEST_CASE("glicko2: the instant update uses both players' pre-game values") {
  // Each side's new rating is one rating period against the other's values
  // before the game, as of the game's time.
  const Rating a = settled(1650, 70, kT0 - 200 * kDay);
  const Rating b = settled(1500, 90, kT0 - 3 * kDay);
  const GameRatings after = rate_game(a, b, kLoss, kT0);
  const Rating a_now = a.at(kT0);
  const Rating b_now = b.at(kT0);
  const PeriodGame vs_b[] = {{b_now.rating, b_now.rd, kLoss}};
  const PeriodGame vs_a[] = {{a_now.rating, a_now.rd, kWin}};
  const Rating a_expected = rate_period(a_now, vs_b);
  const Rating b_expected = rate_period(b_now, vs_a);
  CHECK(after.first.rating == a_expected.rating);
  CHECK(after.first.rd == a_expected.rd);
  CHECK(after.first.volatility == a_expected.volatility);
  CHECK(after.second.rating == b_expected.rating);
  CHECK(after.second.rd == b_expected.rd);
  CHECK(after.second.volatility == b_expected.volatility);
  // The absence counted: a's grown RD makes a lose more than without it.
  const GameRatings fresh = rate_game(settled(1650, 70, kT0), settled(1500, 90, kT0 - 3 * kDay), kLoss, kT0);
  CHECK(after.first.rating < fresh.first.rating);
}

TEST_CASE("glicko2: RD never below the floor of 45") {
  // Two settled players at the usual volatility: many games never take RD below 45.
  Rating a = settled(1800, 50);
  Rating b = settled(1790, 50);
  std::int64_t now = kT0;
  for (int i = 0; i < 1000; ++i) {
    now += 60'000;
    const double score = i % 3 == 0 ? kWin : (i % 3 == 1 ? kLoss : kDraw);
    const GameRatings after = rate_game(a, b, score, now);
    a = after.first;
    b = after.second;
    CHECK(a.rd >= kMinRd);
    CHECK(b.rd >= kMinRd);
  }
  CHECK(a.games == 1050);
  // Very steady players (low volatility) would go well below 45 without the
  // floor: they reach it exactly and stay there.
  Rating c{1800, 50, 0.01, 50, kT0};
  Rating d{1800, 50, 0.01, 50, kT0};
  now = kT0;
  for (int i = 0; i < 200; ++i) {
    now += 60'000;
    const GameRatings after = rate_game(c, d, kDraw, now);
    c = after.first;
    d = after.second;
    CHECK(c.rd >= kMinRd);
    CHECK(d.rd >= kMinRd);
  }
  CHECK(c.rd == kMinRd);
  CHECK(d.rd == kMinRd);
}

TEST_CASE("glicko2: RD capped at 350 after a long absence") {
  const Rating r = settled(1700, 60);
  const Rating later = r.at(kT0 + 30 * 365 * kDay);
  CHECK(later.rd == 350.0);
  CHECK(later.rating == 1700.0);
  CHECK(later.volatility == r.volatility);
  // And a game after it starts from the cap.
  const GameRatings after = rate_game(r, settled(1700, 60, kT0 + 30 * 365 * kDay), kWin, kT0 + 30 * 365 * kDay);
  CHECK(after.first.rd <= 350.0);
  CHECK(after.first.rd > 200.0);  // one game against a known player: about 249
  // A very volatile player absent for ages: still capped.
  Rating wild{1500, 300, 0.5, 10, kT0};
  CHECK(wild.at(kT0 + 100 * kDay).rd == 350.0);
}

TEST_CASE("glicko2: inactivity growth on an injected now") {
  const Rating r = settled(1600, 60);
  CHECK(r.at(kT0).rd == 60.0);
  CHECK(r.at(kT0 - kDay).rd == 60.0);  // a clock behind the last game: no growth
  const double year = r.at(kT0 + 365 * kDay).rd;
  CHECK(std::abs(year - 110) < 0.5);
  MESSAGE("RD 60 after 365 days: ", year);
  // Exactly √(φ² + t·σ²), t = 0.21436 × days.
  const double phi = 60 / kScale;
  const double t = 0.21436 * 30;
  CHECK(r.at(kT0 + 30 * kDay).rd == doctest::Approx(kScale * std::sqrt(phi * phi + t * 0.06 * 0.06)));
  // Monotone in time; rating, volatility, games and last game untouched.
  CHECK(r.at(kT0 + 10 * kDay).rd < r.at(kT0 + 20 * kDay).rd);
  const Rating later = r.at(kT0 + 100 * kDay);
  CHECK(later.rating == r.rating);
  CHECK(later.volatility == r.volatility);
  CHECK(later.games == r.games);
  CHECK(later.last_game_ms == r.last_game_ms);
  // No rated game in the pool: no growth.
  const Rating unplayed{1500, 200, 0.06, 0, 0};
  CHECK(unplayed.at(kT0 + 365 * kDay).rd == 200.0);
  CHECK(Rating{}.at(kT0).rd == 350.0);
}

TEST_CASE("glicko2: provisional while RD is at least 110") {
  CHECK(settled(1500, 110).provisional());
  CHECK(settled(1500, 200).provisional());
  CHECK_FALSE(settled(1500, 109.99).provisional());
  CHECK_FALSE(settled(1500, 45).provisional());
  // A settled player becomes provisional again after a long absence.
  const Rating r = settled(1500, 60);
  CHECK_FALSE(r.at(kT0 + 300 * kDay).provisional());
  CHECK(r.at(kT0 + 400 * kDay).provisional());
}
