#pragma once
// YINSH notation (RULES.md §4.2) for single actions:
//   place        <point>          e3
//   move         <from>-<to>      h7-g7
//   remove row   x<first>-<last>  xa3-e3   five markers, first < last in letter-then-number order
//   remove ring  x<point>         xb4
//   pass         pass             (no ring can move; always forced, so never chosen)
#include <string>
#include <string_view>

#include "engine/text.hpp"
#include "engine/yinsh/state.hpp"

namespace engine::yinsh {

std::string to_notation(const State& before, const Action& action);
Parsed<Action> parse_action(const State& state, std::string_view text);

}  // namespace engine::yinsh
