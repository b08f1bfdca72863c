#include <vector>

#include "evaluation.hpp"

namespace bot {
namespace {

using namespace engine::yinsh;

constexpr int kRingWeight = 1000;
constexpr int kMarkerWeight = 3;
constexpr int kMobilityWeight = 1;

struct Side {
  int markers = 0;
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
    } else {
      state.destinations(cell, destinations);
      s.mobility += static_cast<int>(destinations.size());
    }
  }
  auto value = [&](engine::Color c) {
    const Side& s = sides[engine::index(c)];
    return kRingWeight * state.rings_removed(c) + kMarkerWeight * s.markers + kMobilityWeight * s.mobility;
  };
  return value(me) - value(engine::opponent(me));
}

bool settling(const State& state) {
  auto kind = state.pending().kind;
  return kind == Pending::Kind::RemoveRow || kind == Pending::Kind::RemoveRing;
}

}  // namespace bot
