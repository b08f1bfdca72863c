#pragma once
// GIPF notation (RULES.md §4.1) for single actions:
//   push    [G]<dot>-<end>   e1-e4, Ge1-e2   (input also accepts <dot>-<first point>)
//   remove  x<points>        xb2,c3,d4,e5    removed points, column-then-number order
//   keep    k<points>        kb2,c3,d4,e5    an all-GIPF row left entirely on the board
// Parsing needs the position: the end of a push and the row a removal belongs to
// depend on it.
#include <string>
#include <string_view>

#include "engine/gipf/state.hpp"
#include "engine/text.hpp"

namespace engine::gipf {

std::string to_notation(const State& before, const Action& action);

// Reads one action written for `state`. The result names a push or a row that
// exists; whether it is legal now is State::check's business.
Parsed<Action> parse_action(const State& state, std::string_view text);

}  // namespace engine::gipf
