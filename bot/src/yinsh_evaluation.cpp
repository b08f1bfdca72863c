#include <algorithm>
#include <vector>

#include "evaluation.hpp"

namespace bot {
namespace {

using namespace engine::yinsh;

// Points per unit of each feature of kYinshFeatureNames, fitted by `gipf-engine tune`
// (bot/README.md, "Evaluation").
constexpr std::array<int, kYinshFeatureNames.size()> kWeights{127, -2, 3, 7, 36, -3, 12};

// The run of `mine` markers starting at `cell` along `axis` (0 when `cell` is inside a run).
int run_from(const State& state, Cell cell, int axis, Piece mine) {
  Cell before = kBoard.neighbour[cell][axis + 3];
  if (before != kNoCell && state.at(before) == mine) return 0;
  int length = 0;
  for (Cell x = cell; x != kNoCell && state.at(x) == mine && length < 4; x = kBoard.neighbour[x][axis]) ++length;
  return length;
}

struct Side {
  double markers = 0;
  double runs[3] = {0, 0, 0};  // of two, three, four
  double mobility = 0;
  double ring_centre = 0;
};

}  // namespace

YinshFeatures features(const State& state, engine::Color me) {
  Side sides[2];
  std::vector<Cell> destinations;
  for (Cell cell = 0; cell < kPoints; ++cell) {
    Piece p = state.at(cell);
    if (p == Piece::None) continue;
    Side& s = sides[engine::index(color_of(p))];
    if (is_marker(p)) {
      ++s.markers;
      for (int axis = 0; axis < 3; ++axis) {
        int run = run_from(state, cell, axis, p);
        if (run >= 2) ++s.runs[run - 2];
      }
    } else {
      state.destinations(cell, destinations);
      s.mobility += static_cast<double>(destinations.size());
      s.ring_centre += std::max(0, 4 - engine::hex_distance(kBoard.hex[cell]));
    }
  }
  const engine::Color them = engine::opponent(me);
  const Side& a = sides[engine::index(me)];
  const Side& b = sides[engine::index(them)];
  return {
      static_cast<double>(state.rings_removed(me) - state.rings_removed(them)),
      a.markers - b.markers,
      a.runs[0] - b.runs[0],
      a.runs[1] - b.runs[1],
      a.runs[2] - b.runs[2],
      a.mobility - b.mobility,
      a.ring_centre - b.ring_centre,
  };
}

const std::array<int, kYinshFeatureNames.size()>& yinsh_weights() { return kWeights; }

int evaluate(const State& state, engine::Color me) { return weighted_sum(features(state, me), kWeights); }

bool settling(const State& state) {
  auto kind = state.pending().kind;
  return kind == Pending::Kind::RemoveRow || kind == Pending::Kind::RemoveRing;
}

}  // namespace bot
