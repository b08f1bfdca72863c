// The Elo reading of a match score (bot/elo.hpp), which the match tool's tables and
// the levels' provisional ratings rest on.
#include <cmath>

#include "bot/elo.hpp"
#include <doctest/doctest.h>

TEST_CASE("Elo: 75 % is about +191, with an interval around it") {
  auto e = bot::estimate_elo(30, 0, 10);
  CHECK(e.games == 40);
  CHECK(e.score == doctest::Approx(0.75));
  REQUIRE(e.elo.has_value());
  CHECK(*e.elo == doctest::Approx(190.85).epsilon(0.001));
  REQUIRE(e.low.has_value());
  REQUIRE(e.high.has_value());
  // s ± 1.96 √(s(1−s)/n) = 0.75 ± 0.1342 → [0.6158, 0.8842]
  CHECK(*e.low == doctest::Approx(bot::elo_of_score(0.75 - 1.96 * std::sqrt(0.75 * 0.25 / 40))));
  CHECK(*e.high == doctest::Approx(bot::elo_of_score(0.75 + 1.96 * std::sqrt(0.75 * 0.25 / 40))));
  CHECK(*e.low < *e.elo);
  CHECK(*e.elo < *e.high);
}

TEST_CASE("Elo: an even match is 0, symmetric; draws count half and narrow the interval") {
  auto even = bot::estimate_elo(20, 0, 20);
  REQUIRE(even.elo.has_value());
  CHECK(*even.elo == doctest::Approx(0).epsilon(1e-9));
  CHECK(*even.low == doctest::Approx(-*even.high));
  auto drawn = bot::estimate_elo(10, 20, 10);
  CHECK(drawn.score == doctest::Approx(0.5));
  CHECK(*drawn.high < *even.high);
  auto all_drawn = bot::estimate_elo(0, 10, 0);
  CHECK(*all_drawn.elo == doctest::Approx(0).epsilon(1e-9));
}

TEST_CASE("Elo: a clean sweep has only a bound, the exact one-sided binomial one") {
  auto sweep = bot::estimate_elo(40, 0, 0);
  CHECK_FALSE(sweep.elo.has_value());
  CHECK_FALSE(sweep.high.has_value());
  REQUIRE(sweep.low.has_value());
  CHECK(*sweep.low == doctest::Approx(bot::elo_of_score(std::pow(0.05, 1.0 / 40))));
  CHECK(*sweep.low > 400);
  auto lost = bot::estimate_elo(0, 0, 40);
  REQUIRE(lost.high.has_value());
  CHECK(*lost.high == doctest::Approx(-*sweep.low));
  CHECK_FALSE(bot::estimate_elo(0, 0, 0).elo.has_value());
}
