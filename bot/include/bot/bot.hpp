#pragma once
// Computer opponents: one atomic action for the pending decision of a game, whoever
// must decide (a push or move, a placement, a row or ring removal, also a removal
// inside the opponent's turn). See bot/README.md for the algorithm and the levels.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bot/request.hpp"
#include "engine/gipf/state.hpp"
#include "engine/registry.hpp"
#include "engine/yinsh/state.hpp"

namespace bot {

// The action, or nullopt when the game is over (and, as a defence, in an unfinished
// state without a legal action, which the engine does not reach). Throws
// std::invalid_argument for a level outside kMinLevel..kMaxLevel.
std::optional<engine::gipf::Action> choose(const engine::gipf::State& state, const Request& request);
std::optional<engine::yinsh::Action> choose(const engine::yinsh::State& state, const Request& request);
// The same in canonical notation, for a game of any kind (AnyGame::play takes it).
std::optional<std::string> choose_notation(const engine::AnyGame& game, const Request& request);

// What the computer thinks of a position (the analysis board, #44).
struct Analysis {
  int score = 0;                        // evaluation points from White's view: positive, White is ahead
  std::optional<engine::Color> winner;  // a forced win found ...
  int win_in = 0;                       // ... in this many actions
  std::vector<std::string> line;        // the best line from the position: the actions to choose, in canonical
                                        // notation (the forced ones between them left out: AnyGame::play takes them)
  std::uint64_t nodes = 0;
  int depth = 0;                        // the deepest iteration begun
};
inline constexpr int kMaxAnalysisLine = 16;
// The search of choose() without its dice: the same position and budget give the
// same analysis. request.max_nodes bounds it (0: 1,000,000 nodes), should_stop
// stops it early with what it found; level and seed are unused. nullopt when the
// game is over or has nothing to decide.
std::optional<Analysis> analyse(const engine::AnyGame& game, const Request& request);

}  // namespace bot
