#pragma once
// Shared body of the notation fuzz targets. The input after the options byte is
// a list of action texts separated by '\n'. Each is parsed against the current
// position of a fresh game; a parsed action must print and re-parse to itself, and
// the game's own legality check decides whether it is played (so later lines see
// later positions: pushes, rows, removals).
#include <string>
#include <string_view>

#include "engine/game.hpp"
#include "engine/text.hpp"

namespace fuzz {

template <class Rules>
void play_lines(const typename Rules::Options& options, std::string_view text) {
  engine::Game<Rules> game(options);
  for (std::string_view line : engine::split(text, "\n")) {
    const typename Rules::State& state = game.state();
    auto parsed = Rules::parse(state, line);
    if (!parsed.ok()) {
      if (parsed.error.empty()) __builtin_trap();
      continue;
    }
    std::string printed = Rules::notation(state, parsed.value);
    auto again = Rules::parse(state, printed);
    if (!again.ok() || !(again.value == parsed.value)) __builtin_trap();
    std::string reason = game.play(parsed.value);  // State::check, then forced actions
    if (reason.empty() && game.state().hash() != game.state().compute_hash()) __builtin_trap();
    if (game.over()) break;
  }
}

}  // namespace fuzz
