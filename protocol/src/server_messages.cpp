#include "protocol/server_messages.hpp"

#include "protocol/game_view.hpp"

namespace protocol {
namespace {

Json color_or_null(const std::optional<engine::Color>& c) { return c ? Json(engine::color_name(*c)) : Json(nullptr); }

Json player_json(const PlayerRef& p) { return {{"id", p.id}, {"name", p.name}}; }

Json seat_json(const std::optional<PlayerRef>& p) { return p ? player_json(*p) : Json(nullptr); }

// `message` with the request's id, if it had one.
Json answering(Json message, const Json& id) {
  if (!id.is_null()) message["id"] = id;
  return message;
}

Json entries_json(const std::vector<LobbyEntry>& entries) {
  Json list = Json::array();
  for (const auto& e : entries) list.push_back(to_json(e));
  return list;
}

Json delta_json(const LobbyListDelta& d) {
  Json set = entries_json(d.set);
  Json removed = Json::array();
  for (const auto& id : d.removed) removed.push_back(id);
  return {{"set", std::move(set)}, {"removed", std::move(removed)}};
}

}  // namespace

Json to_json(const Welcome& m) {
  return answering(
      {{"type", "welcome"}, {"protocol", kVersion}, {"player", player_json(m.player)}, {"token", m.token}, {"new", m.is_new}},
      m.id);
}

Json to_json(const NameSet& m) { return answering({{"type", "name_set"}, {"name", m.name}}, m.id); }

Json to_json(const RoomCreated& m) {
  return answering({{"type", "room_created"}, {"room", m.room}, {"invite", "/?room=" + m.room}}, m.id);
}

Json to_json(const Ack& m) {
  Json j{{"type", "ack"}, {"room", m.room}, {"seq", m.seq}};
  if (m.duplicate) j["duplicate"] = true;
  if (m.ply) j["ply"] = *m.ply;
  if (m.snapshot) j["snapshot"] = true;
  if (m.missed) j["missed"] = *m.missed;
  return answering(std::move(j), m.id);
}

Json to_json(const ErrorReply& m) {
  Json j = error_message(m.code, m.message, m.id);
  if (m.room) j["room"] = *m.room;
  return j;
}

Json to_json(const Spectators& m) { return {{"type", "spectators"}, {"room", m.room}, {"count", m.count}}; }

Json to_json(RoomSnapshot m) {
  const RoomInfo& r = m.room;
  return {{"type", "room"},
          {"room",
           {{"id", r.id},
            {"options", options_json(r.options)},
            {"visibility", r.is_private ? "private" : "public"},
            {"white", seat_json(r.white)},
            {"black", seat_json(r.black)},
            {"created_at", r.created_at}}},
          {"seq", m.seq},
          {"ply", m.ply},
          {"you", m.you ? engine::color_name(*m.you) : "spectator"},
          {"status", status_name(m.status)},
          {"history", std::move(m.history)},
          {"state", std::move(m.state)},
          {"result", std::move(m.result)},
          {"draw_offer", color_or_null(m.draw_offer)},
          {"spectators", m.spectators}};
}

std::string to_text(const Legal& m) {
  JsonWriter w;
  w.reserve(m.moves.moves.text.size() + 16 * m.moves.actions.size() + 128);
  w.begin_object().key("type").string("legal").key("room").string(m.room).key("ply").number(m.ply);
  w.key("player").string(engine::color_name(m.player)).key("actions").begin_array();
  for (const auto& action : m.moves.actions) w.string(action);
  w.end_array().key("moves").raw(m.moves.moves).end_object();
  return w.take();
}

std::string to_text(const Event& m) {
  JsonWriter w;
  w.reserve(m.state.text.size() + m.steps.text.size() + 256);
  w.begin_object().key("type").string("event").key("room").string(m.room).key("seq").number(m.seq);
  w.key("kind").string(kind_name(m.kind)).key("at").number(m.at).key("by").string(m.by ? engine::color_name(*m.by) : "");
  w.key("ply").number(m.ply).key("status").string(status_name(m.status));
  w.key("state").raw(m.state).key("result").raw(m.result);
  if (m.player) w.key("player").begin_object().key("id").number(m.player->id).key("name").string(m.player->name).end_object();
  if (m.expired) w.key("expired").boolean(*m.expired);
  if (m.action) w.key("action").string(*m.action).key("steps").raw(m.steps);
  return w.end_object().take();
}

Json to_json(const LobbyEntry& e) {
  Json j{{"id", e.id}, {"options", options_json(e.options)}, {"created_at", e.created_at}};
  if (e.status == RoomStatus::Open) {
    j["creator"] = e.creator;
    j["seat"] = engine::color_name(e.seat);
  } else {
    j["white"] = e.white;
    j["black"] = e.black;
    j["moves"] = e.moves;
    j["ply"] = e.ply;
    j["spectators"] = e.spectators;
  }
  return j;
}

Json to_json(const Lobby& m) {
  return answering({{"type", "lobby"},
                    {"open", entries_json(m.open)},
                    {"live", entries_json(m.live)},
                    {"open_total", m.open_total},
                    {"live_total", m.live_total}},
                   m.id);
}

Json to_json(const LobbyUpdate& m) {
  return {{"type", "lobby_update"},
          {"open", delta_json(m.open)},
          {"live", delta_json(m.live)},
          {"open_total", m.open_total},
          {"live_total", m.live_total}};
}

}  // namespace protocol
