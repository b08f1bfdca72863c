#pragma once
// JSON views of a game of any kind (engine::AnyGame), so that no code outside the
// registry and these views branches on the game.
#include <nlohmann/json.hpp>

#include "engine/game_options.hpp"
#include "engine/registry.hpp"

namespace protocol {

// state_to_json of the game's own state.
nlohmann::json state_json(const engine::AnyGame& game);
// action_to_json of each legal action, sorted by "action" (canonical notation), each once.
nlohmann::json legal_moves_json(const engine::AnyGame& game);
// {"ply","player","action","automatic","turn"}
nlohmann::json step_json(const engine::AnyGame::Step& step);
// {"game","variant"}, and "white_extra" and "black_extra" when the variant allows handicap.
nlohmann::json options_json(const engine::GameOptions& options);

}  // namespace protocol
