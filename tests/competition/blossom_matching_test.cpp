// The blossom matcher against exhaustive search on small random graphs.
#include <doctest/doctest.h>

#include <functional>
#include <random>

#include "competition/blossom_matching.hpp"
#include "competition/wide_weight.hpp"

namespace {

using Weight = arena::event::WideWeight<2>;
using Edge = arena::event::MatchingEdge<Weight>;

std::uint64_t total(const std::vector<int>& mate, const std::vector<std::vector<std::uint64_t>>& w) {
  std::uint64_t sum = 0;
  for (std::size_t v = 0; v < mate.size(); ++v)
    if (mate[v] > static_cast<int>(v)) sum += w[v][mate[v]];
  return sum;
}

std::uint64_t best_by_search(int n, const std::vector<std::vector<std::uint64_t>>& w) {
  std::vector<bool> used(n, false);
  std::function<std::uint64_t(int)> go = [&](int v) -> std::uint64_t {
    while (v < n && used[v]) ++v;
    if (v >= n) return 0;
    used[v] = true;
    std::uint64_t best = go(v + 1);  // v unmatched
    for (int u = v + 1; u < n; ++u)
      if (!used[u] && w[v][u]) {
        used[u] = true;
        best = std::max(best, w[v][u] + go(v + 1));
        used[u] = false;
      }
    used[v] = false;
    return best;
  };
  return go(0);
}

}  // namespace

TEST_CASE("the blossom matcher finds a maximum-weight matching") {
  std::mt19937 random(20260201);
  for (int trial = 0; trial < 400; ++trial) {
    int n = 2 + static_cast<int>(random() % 11);
    int density = 30 + static_cast<int>(random() % 70);
    std::vector<std::vector<std::uint64_t>> w(n, std::vector<std::uint64_t>(n, 0));
    std::vector<Edge> edges;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (static_cast<int>(random() % 100) < density) {
          std::uint64_t weight = 1 + random() % (trial % 2 ? 6 : 1000);
          w[i][j] = w[j][i] = weight;
          edges.push_back({i, j, Weight(weight)});
        }
    auto mate = arena::event::maximum_weight_matching(n, edges);
    CAPTURE(trial);
    for (int v = 0; v < n; ++v)
      if (mate[v] >= 0) {
        REQUIRE(mate[mate[v]] == v);
        REQUIRE(w[v][mate[v]] > 0);
      }
    CHECK(total(mate, w) == best_by_search(n, w));
  }
}

TEST_CASE("wide weights carry across words") {
  Weight a(~std::uint64_t{0});
  a += Weight(1);
  Weight b(1);
  b <<= 64;
  CHECK(a == b);
  a -= Weight(1);
  CHECK(a == Weight(~std::uint64_t{0}));
  b.halve();
  CHECK(b == Weight(std::uint64_t{1} << 63));
  // An addition at a bit offset is a shift then an addition, across words too.
  Weight shifted(5);
  shifted.add_shifted(3, 62);
  Weight expected(3);
  expected <<= 62;
  expected += Weight(5);
  CHECK(shifted == expected);
  Weight beyond;
  beyond.add_shifted(1, 128);  // past the width: dropped, as by a shift
  CHECK(beyond.is_zero());
}

namespace {

// The heaviest matching that leaves one vertex unmatched when n is odd, none
// when it is even; -1 when there is none.
std::int64_t best_perfect_by_search(int n, const std::vector<std::vector<std::uint64_t>>& w) {
  std::vector<bool> used(n, false);
  std::function<std::int64_t(int, bool)> go = [&](int v, bool may_skip) -> std::int64_t {
    while (v < n && used[v]) ++v;
    if (v >= n) return 0;
    used[v] = true;
    std::int64_t best = -1;
    if (may_skip) best = go(v + 1, false);
    for (int u = v + 1; u < n; ++u)
      if (!used[u] && w[v][u]) {
        used[u] = true;
        if (std::int64_t rest = go(v + 1, may_skip); rest >= 0)
          best = std::max(best, static_cast<std::int64_t>(w[v][u]) + rest);
        used[u] = false;
      }
    used[v] = false;
    return best;
  };
  return go(0, n % 2 == 1);
}

}  // namespace

TEST_CASE("the kept matching stays the heaviest perfect matching through changes at a few vertices") {
  std::mt19937 random(20261126);
  for (int trial = 0; trial < 150; ++trial) {
    const int n = 3 + static_cast<int>(random() % 9);
    CAPTURE(trial);
    std::vector<std::vector<std::uint64_t>> w(n, std::vector<std::uint64_t>(n, 0));
    arena::event::IncrementalMatching<Weight> kept(n);
    auto set = [&](int a, int b, std::uint64_t weight) {
      w[a][b] = w[b][a] = weight;
      kept.set_weight(a, b, Weight(weight));
    };
    // Large weights with small differences, as the pairer's: every pair is
    // worth more than any difference between pairings of the same size.
    auto draw = [&] { return random() % 100 < 85 ? (1u << 20) + random() % (trial % 2 ? 4 : 500) : 0u; };
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) set(i, j, draw());
    std::vector<bool> retired(n, false);
    for (int step = 0; step < 8; ++step) {
      auto mate = kept.solve();
      // The reference: the retired pairs stand apart, weighing what they weigh.
      std::vector<std::vector<std::uint64_t>> free_w = w;
      for (int v = 0; v < n; ++v)
        for (int u = 0; u < n; ++u)
          if (retired[v] || retired[u]) free_w[v][u] = 0;
      std::vector<int> free_vertices;
      for (int v = 0; v < n; ++v)
        if (!retired[v]) free_vertices.push_back(v);
      const int f = static_cast<int>(free_vertices.size());
      std::vector<std::vector<std::uint64_t>> sub(f, std::vector<std::uint64_t>(f));
      for (int i = 0; i < f; ++i)
        for (int j = 0; j < f; ++j) sub[i][j] = free_w[free_vertices[i]][free_vertices[j]];
      const std::int64_t best = best_perfect_by_search(f, sub);
      CAPTURE(step);
      REQUIRE(mate.has_value() == (best >= 0));
      if (!mate) break;
      std::int64_t got = 0;
      int left_out = 0;
      for (int v = 0; v < n; ++v) {
        const int m = (*mate)[v];
        if (m < 0) {
          ++left_out;
          continue;
        }
        REQUIRE((*mate)[m] == v);
        if (retired[v]) continue;
        REQUIRE(!retired[m]);
        REQUIRE(w[v][m] > 0);
        if (m > v) got += static_cast<std::int64_t>(w[v][m]);
      }
      CHECK(left_out == n % 2);
      CHECK(got == best);
      // Change the edges of one or two vertices, sometimes retire a pair.
      for (int changes = 1 + static_cast<int>(random() % 2); changes > 0; --changes) {
        const int v = static_cast<int>(random() % n);
        if (retired[v]) continue;
        for (int u = 0; u < n; ++u)
          if (u != v && !retired[u] && random() % 2) set(v, u, draw());
      }
      if (random() % 3 == 0)
        for (int v = 0; v < n; ++v)
          if (const int m = (*mate)[v]; m > v && !retired[v]) {
            kept.retire(v, m);
            retired[v] = retired[m] = true;
            break;
          }
    }
  }
}
