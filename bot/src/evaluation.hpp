#pragma once
// Static evaluations, in points for `me` (positive: me ahead). Wins and losses are
// the search's business (kWin); these only weigh unfinished positions.
#include "engine/gipf/state.hpp"
#include "engine/yinsh/state.hpp"

namespace bot {

inline constexpr int kWin = 1'000'000;

// Reserve (a player with none loses), pieces on the board, GIPF pieces where losing
// them all loses (standard, tournament).
int evaluate(const engine::gipf::State& state, engine::Color me);
// Rings removed, markers of each colour and their runs along lines, ring mobility
// (points the rings may reach).
int evaluate(const engine::yinsh::State& state, engine::Color me);

// Decisions the search looks past instead of stopping at: the removals that finish a turn.
bool settling(const engine::gipf::State& state);
bool settling(const engine::yinsh::State& state);

}  // namespace bot
