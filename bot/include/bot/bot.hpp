#pragma once
// Computer opponents: one atomic action for the pending decision of a game, whoever
// must decide (a push or move, a placement, a row or ring removal, also a removal
// inside the opponent's turn). See bot/README.md for the algorithm and the levels.
#include <optional>
#include <string>

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

}  // namespace bot
