#include "protocol/http_messages.hpp"

#include "protocol/game_view.hpp"

namespace protocol {
namespace {

Json seat_json(const std::optional<PlayerRef>& p) {
  if (!p) return nullptr;
  Json j{{"id", p->id}, {"name", p->name}};
  if (!p->kind.empty()) j["kind"] = p->kind;
  return j;
}

Json text_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

}  // namespace

Json to_json(const GameRow& r) {
  return {{"id", r.id},
          {"options", options_json(r.options)},
          {"visibility", r.is_private ? "private" : "public"},
          {"status", status_name(r.status)},
          {"white", seat_json(r.white)},
          {"black", seat_json(r.black)},
          {"plies", r.plies},
          {"result", text_or_null(r.result)},
          {"reason", text_or_null(r.reason)},
          {"created_at", r.created_at},
          {"finished_at", r.finished_at ? Json(r.finished_at) : Json(nullptr)},
          {"clock", clock_json(r.clock)},
          {"rated", r.rated}};
}

Json to_json(const GameList& m) {
  Json games = Json::array();
  for (const auto& g : m.games) games.push_back(to_json(g));
  return {{"games", std::move(games)}, {"page", m.page}, {"per_page", m.per_page}, {"total", m.total}};
}

Json to_json(GameDetail m) {
  Json j = to_json(m.game);
  j["record"] = std::move(m.record);
  j["steps"] = std::move(m.steps);
  j["state"] = std::move(m.state);
  Json positions = Json::array();
  for (auto& p : m.positions) positions.push_back({{"ply", p.ply}, {"state", std::move(p.state)}});
  j["positions"] = std::move(positions);
  if (!m.node.empty()) j["node"] = std::move(m.node);
  return j;
}

Json to_json(const Health& m) {
  return {{"status", "ok"}, {"protocol", kVersion}, {"rooms", m.rooms}, {"connections", m.connections}, {"node", m.node}, {"mail", m.mail}};
}

Json to_json(const HttpError& m) { return {{"error", {{"code", m.code}, {"message", m.message}}}}; }

}  // namespace protocol
