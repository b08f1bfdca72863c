// Engine throughput, run by hand (not part of the tests):
//   build/tests/bench/engine-bench [seconds-per-measurement]
// perft: nodes per second from the start of each variant; playouts: complete random
// games per second and atomic actions per second.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/gipf/rules.hpp"
#include "engine/perft.hpp"
#include "engine/yinsh/rules.hpp"
#include "engine/random.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

template <class State>
void bench_perft(const char* name, const State& start, int depth) {
  auto t0 = Clock::now();
  std::uint64_t nodes = engine::perft(start, depth);
  double s = seconds_since(t0);
  std::printf("%-22s perft %d = %12llu   %8.3f s   %8.2f M leaves/s\n", name, depth,
              static_cast<unsigned long long>(nodes), s, nodes / s / 1e6);
}

template <class Rules>
void bench_playouts(const char* name, const typename Rules::Options& options, double budget) {
  engine::Random rng(42);
  long games = 0, actions = 0;
  std::vector<typename Rules::Action> legal;
  auto t0 = Clock::now();
  while (seconds_since(t0) < budget) {
    typename Rules::State state(options);
    engine::take_forced(state, legal);
    while (!state.result().over) {
      state.legal_actions(legal);
      state.apply_unchecked(legal[rng.below(legal.size())]);
      ++actions;
      engine::take_forced(state, legal);
    }
    ++games;
  }
  double s = seconds_since(t0);
  std::printf("%-22s playouts %8.0f games/s   %10.0f actions/s   (%ld games)\n", name, games / s, actions / s, games);
}

}  // namespace

int main(int argc, char** argv) {
  double budget = argc > 1 ? std::atof(argv[1]) : 2.0;
  namespace g = engine::gipf;
  g::Options basic{g::Variant::Basic}, standard{g::Variant::Standard}, tournament{g::Variant::Tournament};
  bench_perft("gipf:basic", g::State(basic), 5);
  bench_perft("gipf:standard", g::State(standard), 5);
  bench_perft("gipf:tournament", g::State(tournament), 5);
  bench_playouts<g::Rules>("gipf:basic", basic, budget);
  bench_playouts<g::Rules>("gipf:standard", standard, budget);
  bench_playouts<g::Rules>("gipf:tournament", tournament, budget);
  namespace y = engine::yinsh;
  bench_perft("yinsh (placement)", y::State(y::Options{}), 4);
  y::State placed(y::Options{});
  for (const char* p : {"e3", "f5", "a2", "k10", "f6", "f7", "b1", "e10", "c5", "g4"})
    placed.apply_unchecked(y::parse_action(placed, p).value);
  bench_perft("yinsh (after placement)", placed, 4);
  bench_playouts<y::Rules>("yinsh:normal", y::Options{y::Variant::Normal}, budget);
  bench_playouts<y::Rules>("yinsh:blitz", y::Options{y::Variant::Blitz}, budget);
  return 0;
}
