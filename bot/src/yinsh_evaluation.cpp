#include <vector>

#include "evaluation.hpp"

namespace bot {
namespace {

using namespace engine::yinsh;

constexpr int kRingWeight = 1000;
constexpr int kMarkerWeight = 3;
constexpr int kMobilityWeight = 1;
// Runs of a player's markers along a line, by length (a run of five is a row, removed).
constexpr int kRunWeight[] = {0, 0, 1, 4, 12};

// The run of `mine` markers starting at `cell` along `axis` (0 when `cell` is inside a run).
int run_from(const State& state, Cell cell, int axis, Piece mine) {
  Cell before = kBoard.neighbour[cell][axis + 3];
  if (before != kNoCell && state.at(before) == mine) return 0;
  int length = 0;
  for (Cell x = cell; x != kNoCell && state.at(x) == mine && length < 4; x = kBoard.neighbour[x][axis]) ++length;
  return length;
}

struct Side {
  int markers = 0;
  int runs = 0;
  int mobility = 0;
};

}  // namespace

int evaluate(const State& state, engine::Color me) {
  Side sides[2];
  std::vector<Cell> destinations;
  for (Cell cell = 0; cell < kPoints; ++cell) {
    Piece p = state.at(cell);
    if (p == Piece::None) continue;
    Side& s = sides[engine::index(color_of(p))];
    if (is_marker(p)) {
      ++s.markers;
      for (int axis = 0; axis < 3; ++axis) s.runs += kRunWeight[run_from(state, cell, axis, p)];
    } else {
      state.destinations(cell, destinations);
      s.mobility += static_cast<int>(destinations.size());
    }
  }
  auto value = [&](engine::Color c) {
    const Side& s = sides[engine::index(c)];
    return kRingWeight * state.rings_removed(c) + kMarkerWeight * s.markers + s.runs + kMobilityWeight * s.mobility;
  };
  return value(me) - value(engine::opponent(me));
}

bool settling(const State& state) {
  auto kind = state.pending().kind;
  return kind == Pending::Kind::RemoveRow || kind == Pending::Kind::RemoveRing;
}

}  // namespace bot
