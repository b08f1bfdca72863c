#pragma once
// Maximum-weight matching in a general graph: Edmonds' blossom algorithm in
// its primal-dual form (Galil, "Efficient algorithms for finding maximum
// matching in graphs", 1986), O(n^3). The Dutch pairer asks it for the pairing
// whose criteria, encoded as one wide weight per pair of players, are best.
#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

namespace arena::event {

template <class Weight>
struct MatchingEdge {
  int first = 0;
  int second = 0;
  Weight weight{};  // > 0; a pair that must not meet is simply no edge
};

// mate[v]: the vertex matched to v, or -1 when v stays unmatched. The
// matching maximises the total weight (not the number of pairs: weights that
// want every vertex matched must say so themselves). It keeps a weight for
// every pair of vertices (see IncrementalMatching), so it suits small or
// dense graphs.
template <class Weight>
std::vector<int> maximum_weight_matching(int vertices, const std::vector<MatchingEdge<Weight>>& edges);

// Thrown when a cancellation flag was raised while matching (the server stops).
struct PairingCancelled : std::runtime_error {
  PairingCancelled() : std::runtime_error("the pairing was cancelled") {}
};

// A matching kept between successive questions on one set of vertices
// whose edge weights change a few vertices at a time, as the Dutch pairer
// asks: each solve() starts from the last one's matching, duals and
// blossoms, takes the vertices whose edges changed out of the matching and
// their blossoms, makes the duals feasible again and augments, so that a
// change at one vertex costs a few augmentations, not a whole solve.
//
// It seeks a maximum-weight perfect matching (with an odd number of
// vertices, one vertex is left out: a vertex of its own, joined to every
// other by the same weight, is matched to it). Weights that reward every pair
// more than any sum of their lower parts, as the pairer's do, make that the
// maximum-weight matching too.
//
// Memory: a weight and a flag byte for every ordered pair of vertices, row
// by row (2,000 vertices: 260 MB with 8-word weights, 390 MB with 12), which
// is what lets a stage read a vertex's edges in order; retired vertices are
// skipped, not read.
template <class Weight>
class IncrementalMatching {
 public:
  // Every weight zero (no edge). `cancel`, when given, is read at every
  // stage of every solve(): raised, solve() throws PairingCancelled.
  explicit IncrementalMatching(int vertices, const std::atomic<bool>* cancel = nullptr);
  ~IncrementalMatching();
  IncrementalMatching(const IncrementalMatching&) = delete;
  IncrementalMatching& operator=(const IncrementalMatching&) = delete;

  void set_weight(int a, int b, const Weight& weight);  // zero: no edge
  // a and b are matched for good; neither is matched to anyone else again.
  void retire(int a, int b);
  // mate[v], -1 for the vertex left out; nullopt when no matching covers
  // all vertices (all but one, when their number is odd).
  std::optional<std::vector<int>> solve();

 private:
  class Kept;
  int vertices_;
  std::unique_ptr<Kept> kept_;
};

}  // namespace arena::event
