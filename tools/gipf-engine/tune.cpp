#include "tune.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "bot/bot.hpp"
#include "bot/features.hpp"
#include "engine/registry.hpp"
#include "engine/zobrist.hpp"
#include "self_play.hpp"

namespace tool {
namespace {

constexpr double kPointsPerLogit = 100;
// A little L2 on the weights: features that never vary (GIPF pieces in the basic
// game) get weight 0 instead of a singular system.
constexpr double kRidge = 1e-3;

struct Sample {
  std::vector<double> x;  // 1 (White moves first: the intercept), then the features from White's view
  double y = 0;           // 1 White won, 0 Black won
};

std::vector<double> features_of(const engine::AnyGame& game) {
  return std::visit([]<class Rules>(const engine::Game<Rules>& typed) {
    auto f = bot::features(typed.state(), engine::Color::White);
    std::vector<double> x{1.0};
    x.insert(x.end(), f.begin(), f.end());
    return x;
  }, game.typed());
}

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

double log_loss(const std::vector<Sample>& data, const std::vector<double>& w) {
  double loss = 0;
  for (const Sample& s : data) {
    double z = 0;
    for (std::size_t i = 0; i < w.size(); ++i) z += w[i] * s.x[i];
    double p = std::clamp(sigmoid(z), 1e-12, 1 - 1e-12);
    loss -= s.y * std::log(p) + (1 - s.y) * std::log(1 - p);
  }
  return loss / static_cast<double>(data.size());
}

// Solves a·x = b (n×n, Gaussian elimination with partial pivoting).
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b) {
  const std::size_t n = b.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
    std::swap(a[c], a[pivot]);
    std::swap(b[c], b[pivot]);
    for (std::size_t r = c + 1; r < n; ++r) {
      double f = a[r][c] / a[c][c];
      for (std::size_t k = c; k < n; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  std::vector<double> x(n);
  for (std::size_t c = n; c-- > 0;) {
    double v = b[c];
    for (std::size_t k = c + 1; k < n; ++k) v -= a[c][k] * x[k];
    x[c] = v / a[c][c];
  }
  return x;
}

// Newton's method on the ridge-penalised mean log loss, from all weights 0.
std::vector<double> fit(const std::vector<Sample>& data, std::size_t n) {
  std::vector<double> w(n, 0.0);
  for (int iteration = 0; iteration < 30; ++iteration) {
    std::vector<double> gradient(n, 0.0);
    std::vector<std::vector<double>> hessian(n, std::vector<double>(n, 0.0));
    for (const Sample& s : data) {
      double z = 0;
      for (std::size_t i = 0; i < n; ++i) z += w[i] * s.x[i];
      double p = sigmoid(z);
      double r = p * (1 - p);
      for (std::size_t i = 0; i < n; ++i) {
        gradient[i] += (p - s.y) * s.x[i];
        for (std::size_t j = 0; j < n; ++j) hessian[i][j] += r * s.x[i] * s.x[j];
      }
    }
    const double m = static_cast<double>(data.size());
    for (std::size_t i = 0; i < n; ++i) {
      gradient[i] = gradient[i] / m + kRidge * w[i];
      for (std::size_t j = 0; j < n; ++j) hessian[i][j] /= m;
      hessian[i][i] += kRidge;
    }
    std::vector<double> step = solve(hessian, gradient);
    double size = 0;
    for (std::size_t i = 0; i < n; ++i) {
      w[i] -= step[i];
      size += step[i] * step[i];
    }
    if (size < 1e-12) break;
  }
  return w;
}

}  // namespace

void tune(const TuneSettings& settings, std::ostream& out) {
  std::vector<Sample> data;
  std::uint64_t seeds = settings.seed;
  int decided = 0;
  for (int g = 0; g < settings.games; ++g) {
    std::string error;
    auto game = engine::AnyGame::create(settings.options, error);
    if (!game) throw std::runtime_error(error);
    play_random_opening(*game, settings.random_decisions, engine::splitmix64(seeds));
    std::vector<std::vector<double>> positions;
    const std::uint64_t game_seed = engine::splitmix64(seeds);
    while (!game->result().over && game->ply() < kMaxSteps) {
      if (game->legal_notation().size() > 1) positions.push_back(features_of(*game));
      auto action = bot::choose_notation(*game, {4, game_seed + static_cast<std::uint64_t>(game->ply()), settings.nodes, {}});
      if (!action) break;
      game->play(*action);
    }
    auto result = game->result();
    if (!result.over || !result.winner) continue;
    ++decided;
    for (auto& x : positions) data.push_back({std::move(x), *result.winner == engine::Color::White ? 1.0 : 0.0});
  }
  if (data.empty()) throw std::runtime_error("no game was won: nothing to fit");
  const std::size_t n = data.front().x.size();
  std::vector<double> w = fit(data, n);
  // The weights in use, scaled to their best fit, for comparison: the same data, one free scale.
  std::vector<double> current(n, 0.0);
  std::vector<std::string_view> names;
  const bool gipf = settings.options.game == "gipf";
  for (std::size_t i = 1; i < n; ++i) {
    current[i] = gipf ? bot::gipf_weights()[i - 1] : bot::yinsh_weights()[i - 1];
    names.push_back(gipf ? bot::kGipfFeatureNames[i - 1] : bot::kYinshFeatureNames[i - 1]);
  }
  std::vector<Sample> projected;
  for (const Sample& s : data) {
    double z = 0;
    for (std::size_t i = 1; i < n; ++i) z += current[i] * s.x[i];
    projected.push_back({{1.0, z}, s.y});
  }
  std::vector<double> scale = fit(projected, 2);
  std::vector<double> current_fit(n, 0.0);
  current_fit[0] = scale[0];
  for (std::size_t i = 1; i < n; ++i) current_fit[i] = scale[1] * current[i];
  out << "positions: " << data.size() << " from " << decided << " won games of " << settings.games << "\n";
  out << "log loss: fitted " << fixed(log_loss(data, w), 4) << ", current weights at their best scale "
      << fixed(log_loss(data, current_fit), 4) << ", none " << fixed(std::log(2.0), 4) << "\n";
  out << "White's first move: " << fixed(w[0] * kPointsPerLogit, 1) << " points\n";
  out << "fitted weights (points):";
  for (std::size_t i = 1; i < n; ++i) out << " " << names[i - 1] << " " << fixed(w[i] * kPointsPerLogit, 1);
  out << "\ncurrent weights:";
  for (std::size_t i = 1; i < n; ++i) out << " " << names[i - 1] << " " << fixed(current[i], 0);
  out << "\n";
}

}  // namespace tool
