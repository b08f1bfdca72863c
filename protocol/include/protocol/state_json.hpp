#pragma once
// The canonical JSON view of a game state, used by the engine tool and the server.
#include <nlohmann/json.hpp>

#include "engine/gipf/state.hpp"
#include "engine/yinsh/state.hpp"
#include "protocol/json_writer.hpp"

namespace protocol {

// {"game","variant","options","board":{point: code},"reserve","captured","turn",
//  "pending":{"kind","player"[,"rows"]}|null,"may_bring_gipf","result":{...}|null,"hash"}
// Board codes: w b single pieces, W B GIPF pieces. A `remove` has "rows": the
// extent of every row the player may remove, [[point, ...], ...] (each row's
// points in board order, the rows sorted).
nlohmann::json state_to_json(const engine::gipf::State& state);

// {"game","variant","board":{point: code},"pool","rings_removed","rings_to_place",
//  "turn","pending":{"kind","player"}|null,"result":{...}|null,"hash"}
// Board codes: W B rings, w b markers. Pending kinds: place, move, remove-row,
// remove-ring. A `remove-row` has "rows": every run of five or more of the
// player's markers in a line, whole, ordered as for GIPF.
nlohmann::json state_to_json(const engine::yinsh::State& state);

// What a legal action does, for a client that highlights it without knowing the
// rules: {"action": notation, "kind", ...}, only what the notation does not say.
// GIPF kinds: push {path (points that receive a piece; the notation [G]dot-end
// has the dot and the piece)}, remove {cells, extent}, keep {extent}. YINSH:
// place {point}, move {flips (the notation is from-to)}, remove-row {cells},
// remove-ring {point}, pass.
nlohmann::json action_to_json(const engine::gipf::State& before, const engine::gipf::Action& action);
nlohmann::json action_to_json(const engine::yinsh::State& before, const engine::yinsh::Action& action);

nlohmann::json result_to_json(const engine::GameResult& result);
std::string hash_text(std::uint64_t hash);

// The same views written as text (what the server sends; the functions above
// parse it). write_action leaves out "action": in `legal` the notation is in
// the parallel list `actions`.
void write_state(JsonWriter& w, const engine::gipf::State& state);
void write_state(JsonWriter& w, const engine::yinsh::State& state);
void write_action(JsonWriter& w, const engine::gipf::State& before, const engine::gipf::Action& action);
void write_action(JsonWriter& w, const engine::yinsh::State& before, const engine::yinsh::Action& action);
void write_result(JsonWriter& w, const engine::GameResult& result);

}  // namespace protocol
