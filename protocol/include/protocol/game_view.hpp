#pragma once
// JSON views of a game of any kind (engine::AnyGame), so that no code outside the
// registry and these views branches on the game. The *_text forms are what the
// server sends; the *_json forms parse them (for the JSON API, snapshots, tests).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/game_options.hpp"
#include "engine/registry.hpp"
#include "protocol/json_writer.hpp"

namespace protocol {

// The legal actions now: sorted canonical notation, each once, and what each
// does (action_to_json of each without "action", in the same order) as a JSON
// array. legal_moves_json has them with "action".
struct LegalMoves {
  std::vector<std::string> actions;
  RawJson moves;
};

// state_to_json of the game's own state.
RawJson state_text(const engine::AnyGame& game);
nlohmann::json state_json(const engine::AnyGame& game);
LegalMoves legal_moves(const engine::AnyGame& game);
nlohmann::json legal_moves_json(const engine::AnyGame& game);
// {"ply","player","action","automatic","turn"}
void write_step(JsonWriter& w, const engine::AnyGame::Step& step);
nlohmann::json step_json(const engine::AnyGame::Step& step);
// The steps from `from_ply` on, as a JSON array.
RawJson steps_text(const engine::AnyGame& game, int from_ply);
RawJson result_text(const engine::GameResult& result);
// {"game","variant"}, and "white_extra" and "black_extra" when the variant allows handicap.
nlohmann::json options_json(const engine::GameOptions& options);

}  // namespace protocol
