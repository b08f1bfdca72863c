#include "evaluation.hpp"

namespace bot {
namespace {

using namespace engine::gipf;

constexpr int kReserveWeight = 12;
constexpr int kBoardWeight = 4;
constexpr int kGipfWeight = 10;
constexpr int kLastGipfPenalty = 25;

int gipf_pieces(const State& state, engine::Color c) {
  int n = 0;
  for (Cell cell = 0; cell < kCells; ++cell) {
    Piece p = state.at(cell);
    if (p != Piece::None && is_gipf(p) && color_of(p) == c) ++n;
  }
  return n;
}

int side(const State& state, engine::Color c) {
  int value = kReserveWeight * state.reserve(c) + kBoardWeight * state.on_board(c);
  if (state.options().variant != Variant::Basic) {
    int gipf = gipf_pieces(state, c);
    value += kGipfWeight * gipf;
    if (gipf == 1 && state.has_moved(c)) value -= kLastGipfPenalty;
  }
  return value;
}

}  // namespace

int evaluate(const State& state, engine::Color me) { return side(state, me) - side(state, engine::opponent(me)); }

bool settling(const State& state) { return state.pending().kind == Pending::Kind::Remove; }

}  // namespace bot
