#pragma once
// Maximum-weight matching in a general graph: Edmonds' blossom algorithm in
// its primal-dual form (Galil, "Efficient algorithms for finding maximum
// matching in graphs", 1986), O(n^3). The Dutch pairer asks it for the pairing
// whose criteria, encoded as one wide weight per pair of players, are best.
#include <cstddef>
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
// want every vertex matched must say so themselves). The edges are taken by
// value and worked on in place (the pairer's are hundreds of MB at 2,000
// players: move them in).
template <class Weight>
std::vector<int> maximum_weight_matching(int vertices, std::vector<MatchingEdge<Weight>> edges);

}  // namespace arena::event
