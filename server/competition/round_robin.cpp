#include "competition/round_robin.hpp"

#include <utility>

namespace arena::event {

using namespace round_robin;

namespace {

// One round r (1-based) of the Berger table for an even n. With m = n − 1,
// players i, j < n meet in round r when i + j ≡ r + 1 (mod m); the one a with
// 2a ≡ r + 1 meets n, who has black in odd rounds and white in even ones.
// Between i and j, white is the one from whom the other is an odd number of
// steps on (mod m). Boards: a against n, then (a + k, a − k) for k = 1…
Round berger_round(int n, int r) {
  const int m = n - 1;
  auto wrap = [m](int x) { return ((x - 1) % m + m) % m + 1; };  // into 1..m
  int a = 1;
  while (wrap(2 * a) != wrap(r + 1)) ++a;
  Round round;
  round.push_back(r % 2 == 1 ? Pairing{a, n} : Pairing{n, a});
  for (int k = 1; k < n / 2; ++k) {
    const int i = wrap(a + k);
    const int j = wrap(a - k);
    const bool i_white = (((j - i) % m + m) % m) % 2 == 1;
    round.push_back(i_white ? Pairing{i, j} : Pairing{j, i});
  }
  return round;
}

}  // namespace

std::vector<Round> berger_rounds(int players, Cycles cycles) {
  if (players < kMinPlayers || players > kMaxPlayers) return {};
  const int n = players % 2 == 0 ? players : players + 1;
  std::vector<Round> rounds;
  for (int r = 1; r < n; ++r) {
    Round round = berger_round(n, r);
    if (n != players) {
      // The dummy n is the bye: its opponent sits out, listed last.
      Round with_bye;
      Pairing bye{};
      for (const auto& p : round) {
        if (p.white == n) bye = {p.black, kBye};
        else if (p.black == n) bye = {p.white, kBye};
        else with_bye.push_back(p);
      }
      with_bye.push_back(bye);
      round = std::move(with_bye);
    }
    rounds.push_back(std::move(round));
  }
  if (cycles == Cycles::dbl) {
    // The second cycle: the table in its own order, colours swapped.
    const std::size_t first = rounds.size();
    for (std::size_t r = 0; r < first; ++r) {
      Round back = rounds[r];
      for (auto& p : back)
        if (p.black != kBye) std::swap(p.white, p.black);
      rounds.push_back(std::move(back));
    }
    std::swap(rounds[first - 2], rounds[first - 1]);
  }
  return rounds;
}

}  // namespace arena::event
