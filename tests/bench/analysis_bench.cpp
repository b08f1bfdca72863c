// The analysis board's evaluation (#44): what POST /api/analysis/eval costs.
// bot::analyse at the server's budget (2,000,000 nodes) on positions 10, 30
// and 60 chosen actions into random games of every variant: milliseconds per
// analysis, the depth reached, nodes per second. Run by hand:
//   build/tests/bench/analysis-bench [positions per variant, default 5]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bot/bot.hpp"
#include "engine/random.hpp"

int main(int argc, char** argv) {
  const int per_variant = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  constexpr std::uint64_t kServerNodes = 2'000'000;
  const engine::GameOptions variants[] = {{"gipf", "basic", 0, 0}, {"gipf", "standard", 0, 0}, {"gipf", "tournament", 0, 0},
                                          {"yinsh", "normal", 0, 0}, {"yinsh", "blitz", 0, 0}};
  std::printf("%-18s %6s %10s %8s %8s %12s\n", "variant", "ply", "ms", "depth", "nodes", "nodes/s");
  for (const auto& options : variants) {
    for (int into : {10, 30, 60}) {
      double total_ms = 0, total_nodes = 0, depths = 0;
      int measured = 0;
      for (int i = 0; i < per_variant; ++i) {
        std::string error;
        auto game = engine::AnyGame::create(options, error);
        engine::Random rng(static_cast<std::uint64_t>(1000 * into + i));
        for (int k = 0; k < into && game->decider(); ++k) {
          auto legal = game->legal_notation();
          game->play(legal[rng.below(legal.size())]);
        }
        if (!game->decider()) continue;
        bot::Request request;
        request.max_nodes = kServerNodes;
        auto start = std::chrono::steady_clock::now();
        auto analysis = bot::analyse(*game, request);
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (!analysis) continue;
        total_ms += ms;
        total_nodes += static_cast<double>(analysis->nodes);
        depths += analysis->depth;
        ++measured;
      }
      if (!measured) continue;
      std::printf("%-18s %6d %10.0f %8.1f %8.0f %12.0f\n", (options.game + ":" + options.variant).c_str(), into, total_ms / measured,
                  depths / measured, total_nodes / measured, total_nodes / (total_ms / 1000));
    }
  }
  return 0;
}
