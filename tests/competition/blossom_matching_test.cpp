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
}
