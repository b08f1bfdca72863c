#pragma once
// Test helpers for YINSH: positions written as text, legal actions as notation.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/yinsh/rules.hpp"
#include "rules_helpers.hpp"

namespace yinsh_test {

using namespace engine::yinsh;
using engine::Color;

// "W:e3,f5 B:g7 w:e4 b:e5": rings (W B) and markers (w b) by point.
inline std::array<Piece, kPoints> board_from(const std::string& text) {
  std::array<Piece, kPoints> board{};
  for (auto group : engine::split(text, " ")) {
    if (group.empty()) continue;
    REQUIRE(group.size() > 2);
    Piece p = group[0] == 'w' ? Piece::WhiteMarker : group[0] == 'b' ? Piece::BlackMarker
            : group[0] == 'W' ? Piece::WhiteRing : Piece::BlackRing;
    for (auto name : engine::split(group.substr(2), ",")) {
      auto cell = parse_cell(name);
      REQUIRE_MESSAGE(cell.has_value(), std::string(name));
      board[*cell] = p;
    }
  }
  return board;
}

inline State position(Variant variant, const std::string& pieces, Color turn, std::array<int, 2> removed = {0, 0}) {
  Setup setup;
  setup.options.variant = variant;
  setup.board = board_from(pieces);
  setup.turn = turn;
  setup.rings_removed = removed;
  auto s = State::from_setup(setup);
  REQUIRE_MESSAGE(s.ok(), s.error);
  return s.value;
}

using rules_test::legal;
using rules_test::play;

inline Piece at(const State& s, const char* name) { return s.at(*parse_cell(name)); }

}  // namespace yinsh_test
