#pragma once
// A GIPF position as one line of text (#44; protocol/PROTOCOL.md, Positions):
//
//   gipf standard 0,0 B2W/5/6/W5B/6/5/B2W w w:push 12,12 -
//
// Eight fields, one space apart, and a ninth when needed: the game; the
// variant (basic, standard, tournament); the extra pieces of a handicap,
// white's and black's; the board's points, column b to h separated by '/',
// each column from its lowest point up, w and b a white and a black piece, W
// and B a white and a black GIPF piece, a number that many empty points;
// whose turn it is (w, b); the decision due and whose it is (w:push before
// the push, w:remove or b:remove after it; "over" once the game has ended);
// the reserves, white's and black's; the flags (M, m: white, black has
// pushed once; S, s: in a tournament game white, black has brought in a single
// piece; "-" for none); and, only within a turn in which an all-GIPF row was
// declined, "d:" and the six declined masks (white's three axes, then
// black's) in hexadecimal. The captured pieces follow from the totals.
// position_text and parse_position round-trip every state a game can reach.
#include <string>
#include <string_view>

#include "engine/gipf/state.hpp"
#include "engine/text.hpp"

namespace engine::gipf {

std::string position_text(const State& state);
Parsed<State> parse_position(std::string_view text);

}  // namespace engine::gipf
