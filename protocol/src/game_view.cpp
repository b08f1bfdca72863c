#include "protocol/game_view.hpp"

#include <algorithm>
#include <vector>

#include "engine/gipf/notation.hpp"
#include "engine/yinsh/notation.hpp"
#include "protocol/state_json.hpp"

namespace protocol {

using nlohmann::json;

namespace {

template <class State>
LegalMoves legal_moves_of(const State& state) {
  struct Entry {
    std::string notation;
    typename State::ActionType action;
  };
  std::vector<Entry> entries;
  for (const auto& a : state.legal_actions()) entries.push_back({to_notation(state, a), a});
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) { return x.notation < y.notation; });
  entries.erase(std::unique(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) { return x.notation == y.notation; }),
                entries.end());
  LegalMoves out;
  JsonWriter w;
  w.reserve(64 * entries.size() + 2);
  w.begin_array();
  for (auto& e : entries) {
    write_action(w, state, e.action);
    out.actions.push_back(std::move(e.notation));
  }
  w.end_array();
  out.moves.text = w.take();
  return out;
}

}  // namespace

RawJson state_text(const engine::AnyGame& game) {
  JsonWriter w;
  w.reserve(1024);
  std::visit([&w](const auto& g) { write_state(w, g.state()); }, game.typed());
  return {w.take()};
}

json state_json(const engine::AnyGame& game) { return json::parse(state_text(game).text); }

LegalMoves legal_moves(const engine::AnyGame& game) {
  return std::visit([](const auto& g) { return legal_moves_of(g.state()); }, game.typed());
}

json legal_moves_json(const engine::AnyGame& game) {
  LegalMoves legal = legal_moves(game);
  json moves = json::parse(legal.moves.text);
  for (std::size_t i = 0; i < legal.actions.size(); ++i) moves[i]["action"] = legal.actions[i];
  return moves;
}

void write_step(JsonWriter& w, const engine::AnyGame::Step& step) {
  w.begin_object()
      .key("ply").number(step.ply)
      .key("player").string(engine::color_name(step.player))
      .key("action").string(step.action)
      .key("automatic").boolean(step.automatic)
      .key("turn").number(step.turn)
      .end_object();
}

json step_json(const engine::AnyGame::Step& step) {
  JsonWriter w;
  write_step(w, step);
  return json::parse(w.text());
}

RawJson steps_text(const engine::AnyGame& game, int from_ply) {
  JsonWriter w;
  w.begin_array();
  for (const auto& s : game.steps(from_ply)) write_step(w, s);
  w.end_array();
  return {w.take()};
}

RawJson result_text(const engine::GameResult& result) {
  JsonWriter w;
  write_result(w, result);
  return {w.take()};
}

json options_json(const engine::GameOptions& o) {
  json j{{"game", o.game}, {"variant", o.variant}};
  const engine::GameInfo* game = engine::find_game(o.game);
  const engine::VariantInfo* variant = game ? engine::find_variant(*game, o.variant) : nullptr;
  if (variant && variant->handicap) {
    j["white_extra"] = o.white_extra;
    j["black_extra"] = o.black_extra;
  }
  return j;
}

}  // namespace protocol
