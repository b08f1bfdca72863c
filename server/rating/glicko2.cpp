#include "rating/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace arena {

using namespace glicko2;

namespace {

constexpr double kDayMs = 24.0 * 3600 * 1000;

// Step 2: to and from the Glicko-2 scale.
double to_mu(double rating) { return (rating - kInitialRating) / kScale; }
double to_phi(double rd) { return rd / kScale; }
double to_rating(double mu) { return kScale * mu + kInitialRating; }
double to_rd(double phi) { return kScale * phi; }

// Step 3's g(φ) and E(μ, μj, φj).
double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }
double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5: the new volatility σ′, by the Illinois algorithm.
double new_volatility(double phi, double sigma, double delta, double v) {
  const double a = std::log(sigma * sigma);
  const double phi2 = phi * phi;
  const double delta2 = delta * delta;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi2 + v + ex;
    return ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (kTau * kTau);
  };
  double A = a;
  double B;
  if (delta2 > phi2 + v) {
    B = std::log(delta2 - phi2 - v);
  } else {
    int k = 1;
    while (f(a - k * kTau) < 0) ++k;
    B = a - k * kTau;
  }
  double fA = f(A);
  double fB = f(B);
  while (std::abs(B - A) > kEpsilon) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2.0;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2.0);
}

}  // namespace

Rating Rating::at(std::int64_t now_ms) const {
  Rating grown = *this;
  if (last_game_ms == 0 || now_ms <= last_game_ms) return grown;
  const double t = kPeriodsPerDay * static_cast<double>(now_ms - last_game_ms) / kDayMs;
  const double phi = to_phi(rd);
  grown.rd = std::min(kMaxRd, to_rd(std::sqrt(phi * phi + t * volatility * volatility)));
  return grown;
}

Rating rate_period(const Rating& player, std::span<const PeriodGame> games) {
  Rating next = player;
  const double mu = to_mu(player.rating);
  const double phi = to_phi(player.rd);
  const double sigma = player.volatility;
  if (games.empty()) {
    // Step 6 alone: φ′ = √(φ² + σ²); rating and volatility unchanged.
    next.rd = std::min(kMaxRd, to_rd(std::sqrt(phi * phi + sigma * sigma)));
    return next;
  }
  // Steps 3 and 4: the estimated variance v and the improvement Δ.
  double v_inverse = 0;
  double improvement = 0;  // Σ g(φj)(sj − E)
  for (const PeriodGame& game : games) {
    const double mu_j = to_mu(game.opponent_rating);
    const double g_j = g(to_phi(game.opponent_rd));
    const double e = expected(mu, mu_j, to_phi(game.opponent_rd));
    v_inverse += g_j * g_j * e * (1.0 - e);
    improvement += g_j * (game.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double delta = v * improvement;
  // Step 5: σ′.
  const double sigma_new = new_volatility(phi, sigma, delta, v);
  // Step 6: the pre-period RD φ* = √(φ² + σ′²).
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  // Step 7: φ′ and μ′.
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * improvement;
  // Step 8: back to the Glicko scale; the RD kept within [kMinRd, kMaxRd].
  next.rating = to_rating(mu_new);
  next.rd = std::clamp(to_rd(phi_new), kMinRd, kMaxRd);
  next.volatility = sigma_new;
  next.games = player.games + static_cast<int>(games.size());
  return next;
}

GameRatings rate_game(const Rating& first, const Rating& second, double first_score, std::int64_t now_ms) {
  const Rating a = first.at(now_ms);
  const Rating b = second.at(now_ms);
  const PeriodGame against_b[] = {{b.rating, b.rd, first_score}};
  const PeriodGame against_a[] = {{a.rating, a.rd, 1.0 - first_score}};
  GameRatings result{rate_period(a, against_b), rate_period(b, against_a)};
  result.first.last_game_ms = now_ms;
  result.second.last_game_ms = now_ms;
  return result;
}

}  // namespace arena
