
#include "evaluation.hpp"

namespace bot {
namespace {

using namespace engine::gipf;

// Points per unit of each feature of kGipfFeatureNames, fitted by `gipf-engine tune`
// (bot/README.md, "Evaluation").
constexpr std::array<int, kGipfFeatureNames.size()> kWeights{86, 75, -12, -25, 6, 16, 11};

struct Side {
  double gipf = 0;
  double runs[2] = {0, 0};  // of two, of three
  double centre = 0;
};

}  // namespace

GipfFeatures features(const State& state, engine::Color me) {
  Side sides[2];
  for (Cell cell = 0; cell < kCells; ++cell) {
    Piece p = state.at(cell);
    if (p == Piece::None || !is_point(cell)) continue;
    Side& s = sides[engine::index(color_of(p))];
    if (is_gipf(p)) ++s.gipf;
    s.centre += 3 - engine::hex_distance(kBoard.hex[cell]);
  }
  for (const Line& line : kBoard.lines) {
    int run = 0;
    Piece run_colour = Piece::None;
    auto close = [&] {
      if (run >= 2 && run <= 3) ++sides[engine::index(color_of(run_colour))].runs[run - 2];
    };
    for (int i = 0; i < line.length; ++i) {
      Piece p = state.at(line.cells[i]);
      bool same = p != Piece::None && run > 0 && color_of(p) == color_of(run_colour);
      if (same) {
        ++run;
        continue;
      }
      close();
      run = p == Piece::None ? 0 : 1;
      run_colour = p;
    }
    close();
  }
  const engine::Color them = engine::opponent(me);
  const Side& mine = sides[engine::index(me)];
  const Side& theirs = sides[engine::index(them)];
  const bool gipf_pieces = state.options().variant != Variant::Basic;
  auto last_gipf = [&](engine::Color c, const Side& s) { return gipf_pieces && s.gipf == 1 && state.has_moved(c) ? 1.0 : 0.0; };
  return {
      static_cast<double>(state.reserve(me) - state.reserve(them)),
      static_cast<double>(state.on_board(me) - state.on_board(them)),
      gipf_pieces ? mine.gipf - theirs.gipf : 0.0,
      last_gipf(me, mine) - last_gipf(them, theirs),
      mine.runs[0] - theirs.runs[0],
      mine.runs[1] - theirs.runs[1],
      mine.centre - theirs.centre,
  };
}

const std::array<int, kGipfFeatureNames.size()>& gipf_weights() { return kWeights; }

int evaluate(const State& state, engine::Color me) { return weighted_sum(features(state, me), kWeights); }

bool settling(const State& state) { return state.pending().kind == Pending::Kind::Remove; }

}  // namespace bot
