#pragma once
// A YINSH position as one line of text (#44; protocol/PROTOCOL.md, Positions):
//
//   yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0
//
// Six fields, one space apart: the game; the variant (normal, blitz); the
// board, column a to k separated by '/', each column from its lowest point up,
// W and B a white and a black ring, w and b a white and a black marker, a
// number that many empty points; whose turn it is (w, b); the decision due and
// whose it is (w:place, b:move, w:row a row removed, b:ring a ring removed;
// "over" once the game has ended); the rings each player has removed (W-B).
// The marker pool and the rings still to place follow from the board.
// position_text and parse_position round-trip every state a game can reach
// (the same text, the same hash).
#include <string>
#include <string_view>

#include "engine/text.hpp"
#include "engine/yinsh/state.hpp"

namespace engine::yinsh {

std::string position_text(const State& state);
// The state the text describes; the error says which field is wrong and why.
Parsed<State> parse_position(std::string_view text);

}  // namespace engine::yinsh
