#pragma once
// Test helpers: positions written as text, legal actions as sorted notation.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/gipf/notation.hpp"
#include "engine/gipf/rules.hpp"
#include "rules_helpers.hpp"

namespace gipf_test {

using namespace engine::gipf;
using engine::Color;

// "w:e2,f3 W:e5 b:b2 B:e8": single (w b) and GIPF (W B) pieces by point.
inline std::array<Piece, kCells> board_from(const std::string& text) {
  std::array<Piece, kCells> board{};
  for (auto group : engine::split(text, " ")) {
    if (group.empty()) continue;
    REQUIRE(group.size() > 2);
    REQUIRE(group[1] == ':');
    Piece p = group[0] == 'w' ? Piece::White : group[0] == 'b' ? Piece::Black : group[0] == 'W' ? Piece::WhiteGipf : Piece::BlackGipf;
    for (auto name : engine::split(group.substr(2), ",")) {
      auto cell = parse_cell(name);
      REQUIRE_MESSAGE(cell.has_value(), std::string(name));
      board[*cell] = p;
    }
  }
  return board;
}

inline State position(Variant variant, const std::string& pieces, int white_reserve, int black_reserve,
                      Color turn = Color::White) {
  Setup setup;
  setup.options.variant = variant;
  setup.board = board_from(pieces);
  setup.reserve = {white_reserve, black_reserve};
  setup.turn = turn;
  auto s = State::from_setup(setup);
  REQUIRE_MESSAGE(s.ok(), s.error);
  return s.value;
}

using rules_test::legal;
using rules_test::play;

inline std::vector<std::string> removals(const State& s) {
  auto all = legal(s);
  std::vector<std::string> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out), [](const std::string& t) { return t[0] == 'x' || t[0] == 'k'; });
  return out;
}

inline Piece at(const State& s, const char* name) { return s.at(*parse_cell(name)); }

}  // namespace gipf_test
