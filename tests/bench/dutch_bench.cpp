// dutch-bench [players...]: the Dutch pairer's time per round on synthetic
// Swiss events (default 100, 500, 1000 and 2000 players). Each event plays
// `rounds` rounds (default 9): every round is paired, then its results drawn
// from a fixed seed (stronger players win more often, a tenth of the games
// drawn, one game in fifty forfeited). Prints, per size, round 1's time, the
// median and the slowest round, in CPU seconds of this process (the wall
// clock on a shared machine says more about the neighbours), and a checksum
// of every round's boards: a faster pairer must print the same one. Run by
// hand (README.md, "Benchmarks").
#include <algorithm>
#include <cstdint>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "competition/dutch_pairing.hpp"

namespace dutch = arena::event::dutch;

namespace {

struct Timing {
  double first = 0, median = 0, slowest = 0;
  int rounds = 0;
  std::uint64_t checksum = 14695981039346656037u;  // FNV-1a over the boards, in order
};

void mix(std::uint64_t& hash, int value) {
  for (int byte = 0; byte < 4; ++byte) {
    hash ^= static_cast<std::uint8_t>(static_cast<unsigned>(value) >> (8 * byte));
    hash *= 1099511628211u;
  }
}

Timing run_event(int players, int rounds, unsigned seed) {
  std::mt19937 random(seed);
  dutch::Tournament t;
  t.total_rounds = rounds;
  for (int i = 1; i <= players; ++i) t.players.push_back({i, {}});
  std::vector<double> seconds;
  Timing timing;
  for (int r = 0; r < rounds; ++r) {
    const std::clock_t started = std::clock();
    auto boards = dutch::pair_next_round(t);
    seconds.push_back(static_cast<double>(std::clock() - started) / CLOCKS_PER_SEC);
    if (!boards) break;
    for (const auto& b : *boards) {
      mix(timing.checksum, b.white);
      mix(timing.checksum, b.black);
      auto& white = t.players[b.white - 1].rounds;
      if (b.black == 0) {
        white.push_back({0, dutch::Colour::none, false, true, 2});
        continue;
      }
      auto& black = t.players[b.black - 1].rounds;
      // The lower start number is stronger: it wins 60% of the decided games.
      const bool forfeit = random() % 50 == 0;
      const unsigned roll = random() % 100;
      int white_points = roll < 10 && !forfeit ? 1 : (roll < 55) == (b.white < b.black) ? 2 : 0;
      white.push_back({b.black, dutch::Colour::white, !forfeit, false, white_points});
      black.push_back({b.white, dutch::Colour::black, !forfeit, false, 2 - white_points});
    }
  }
  timing.rounds = static_cast<int>(seconds.size());
  timing.first = seconds.front();
  std::sort(seconds.begin(), seconds.end());
  timing.median = seconds[seconds.size() / 2];
  timing.slowest = seconds.back();
  return timing;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {100, 500, 1000, 2000};
  const int rounds = std::getenv("DUTCH_BENCH_ROUNDS") ? std::atoi(std::getenv("DUTCH_BENCH_ROUNDS")) : 9;
  std::printf("players  rounds  round 1 (CPU s)  median (CPU s)  slowest (CPU s)  pairings' checksum\n");
  for (int players : sizes) {
    if (players < 2) continue;
    Timing t = run_event(players, rounds, 20260201u + static_cast<unsigned>(players));
    std::printf("%7d  %6d  %15.3f  %14.3f  %15.3f  %016llx\n", players, t.rounds, t.first, t.median, t.slowest,
                static_cast<unsigned long long>(t.checksum));
    std::fflush(stdout);
  }
}
