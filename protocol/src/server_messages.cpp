#include "protocol/server_messages.hpp"

#include <cmath>

#include "protocol/account_messages.hpp"  // account_json
#include "protocol/game_view.hpp"
#include "protocol/json_text.hpp"

namespace protocol {
namespace {

Json rating_json(const RatingView& r) { return {{"rating", r.rating}, {"rd", r.rd}, {"provisional", r.provisional}}; }

Json player_json(const PlayerRef& p) {
  Json j{{"id", p.id}, {"name", p.name}};
  if (!p.kind.empty()) j["kind"] = p.kind;
  if (p.rating) j["rating"] = rating_json(*p.rating);
  return j;
}

// {"id", "name", "rating"?}, or null for an empty seat.
void write_player(JsonWriter& w, const std::optional<PlayerRef>& p) {
  if (!p) {
    w.null();
    return;
  }
  w.begin_object().key("id").number(p->id).key("name").string(p->name);
  if (!p->kind.empty()) w.key("kind").string(p->kind);
  if (p->rating) w.key("rating").raw(to_text(rating_json(*p->rating)));
  w.end_object();
}

Json side_json(const RatedSide& s) {
  return {{"player", s.player}, {"before", rating_json(s.before)}, {"after", rating_json(s.after)}};
}

// A lobby entry's seat rating: the rounded number and whether provisional, or nulls.
void put_lobby_rating(Json& j, const std::string& seat, const std::optional<RatingView>& r) {
  j[seat + "_rating"] = r ? Json(std::llround(r->rating)) : Json(nullptr);
  j[seat + "_provisional"] = r ? Json(r->provisional) : Json(nullptr);
}

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

void write_clocks(JsonWriter& w, const std::optional<Clocks>& c) {
  if (!c) {
    w.null();
    return;
  }
  w.begin_object().key("white_ms").number(c->white_ms).key("black_ms").number(c->black_ms).key("running");
  if (c->running) w.string(engine::color_name(*c->running));
  else w.null();
  w.end_object();
}

void write_color(JsonWriter& w, const std::optional<engine::Color>& c) {
  if (c) w.string(engine::color_name(*c));
  else w.null();
}

Json line_json(const ChatLine& l) {
  return {{"seq", l.seq}, {"channel", channel_name(l.channel)}, {"at", l.at}, {"player", player_json(l.player)}, {"text", l.text}};
}

Json delta_json(const LobbyListDelta& d) {
  Json set = entries_json(d.set);
  Json removed = Json::array();
  for (const auto& id : d.removed) removed.push_back(id);
  return {{"set", std::move(set)}, {"removed", std::move(removed)}};
}

}  // namespace

Json to_json(const Welcome& m) {
  Json account = m.account ? account_json(*m.account) : Json(nullptr);
  return answering({{"type", "welcome"},
                    {"protocol", kVersion},
                    {"player", player_json(m.player)},
                    {"token", m.account ? Json(nullptr) : Json(m.token)},
                    {"new", m.is_new},
                    {"account", std::move(account)}},
                   m.id);
}

Json to_json(const NameSet& m) { return answering({{"type", "name_set"}, {"name", m.name}}, m.id); }

Json to_json(const Pong& m) { return answering({{"type", "pong"}}, m.id); }

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

Json clock_json(const TimeControl& c) {
  switch (c.kind) {
    case TimeControl::Kind::Live:
      return {{"kind", "live"}, {"initial_ms", c.initial_ms}, {"increment_ms", c.increment_ms}};
    case TimeControl::Kind::Correspondence:
      return {{"kind", "correspondence"}, {"days_per_move", c.days_per_move}};
    case TimeControl::Kind::Untimed:
      break;
  }
  return nullptr;
}

Json to_json(const OpponentGone& m) { return {{"type", "opponent_gone"}, {"room", m.room}, {"claim_at", m.claim_at}}; }
Json to_json(const OpponentBack& m) { return {{"type", "opponent_back"}, {"room", m.room}}; }
Json to_json(const RematchOffer& m) {
  return {{"type", "rematch_offer"}, {"room", m.room}, {"by", engine::color_name(m.by)}};
}
Json to_json(const RematchReady& m) { return {{"type", "rematch"}, {"room", m.room}, {"next", m.next}}; }

Json to_json(const ChatMessage& m) {
  Json j = line_json(m.line);
  j["type"] = "chat";
  j["room"] = m.room;
  return j;
}

Json to_json(const ChatHistory& m) {
  Json lines = Json::array();
  for (const auto& l : m.messages) lines.push_back(line_json(l));
  return {{"type", "chat_history"}, {"room", m.room}, {"messages", std::move(lines)}};
}

Json to_json(const ChatDeleted& m) { return {{"type", "chat_deleted"}, {"room", m.room}, {"seq", m.seq}}; }

std::string to_text(const Legal& m) {
  JsonWriter w;
  w.reserve(m.legal.moves.text.size() + 16 * m.legal.actions.size() + 128);
  w.begin_object().key("type").string("legal").key("room").string(m.room).key("ply").number(m.ply);
  w.key("player").string(engine::color_name(m.player)).key("actions").begin_array();
  for (const auto& action : m.legal.actions) w.string(action);
  w.end_array().key("moves").raw(m.legal.moves).end_object();
  return w.take();
}

std::string to_text(const Event& m) {
  JsonWriter w;
  w.reserve(m.state.text.size() + m.steps.text.size() + 256);
  w.begin_object().key("type").string("event").key("room").string(m.room).key("seq").number(m.seq);
  w.key("kind").string(kind_name(m.kind)).key("at").number(m.at).key("by");
  if (m.by) w.string(engine::color_name(*m.by));
  else w.null();
  w.key("ply").number(m.ply).key("status").string(status_name(m.status));
  w.key("state").raw(m.state).key("result").raw(m.result);
  if (m.player) write_player(w.key("player"), m.player);
  if (m.expired) w.key("expired").boolean(*m.expired);
  if (m.note) w.key("note").string(*m.note);
  if (m.action) w.key("action").string(*m.action).key("steps").raw(m.steps);
  if (m.credited_ms) w.key("credited_ms").number(*m.credited_ms);
  write_clocks(w.key("clocks"), m.clocks);
  return w.end_object().take();
}

std::string to_text(const RoomSnapshot& m) {
  const RoomInfo& r = m.room;
  JsonWriter w;
  w.reserve(m.history.text.size() + m.state.text.size() + 512);
  w.begin_object().key("type").string("room").key("room").begin_object().key("id").string(r.id);
  w.key("options").raw(to_text(options_json(r.options))).key("visibility").string(r.is_private ? "private" : "public");
  write_player(w.key("white"), r.white);
  write_player(w.key("black"), r.black);
  w.key("created_at").number(r.created_at).key("clock").raw(to_text(clock_json(r.clock)));
  w.key("rated").boolean(r.rated).key("perf").string(r.perf).end_object();
  w.key("seq").number(m.seq).key("ply").number(m.ply).key("you").string(m.you ? engine::color_name(*m.you) : "spectator");
  w.key("status").string(status_name(m.status));
  w.key("history").raw(m.history).key("state").raw(m.state).key("result").raw(m.result).key("draw_offer");
  if (m.draw_offer) w.string(engine::color_name(*m.draw_offer));
  else w.null();
  write_color(w.key("takeback_offer"), m.takeback_offer);
  w.key("takebacks").boolean(m.takebacks);
  w.key("premove");
  if (m.premove) w.string(*m.premove);
  else w.null();
  w.key("conditional").begin_array();
  for (const auto& entry : m.conditional) w.string(entry);
  w.end_array();
  w.key("spectators").number(m.spectators);
  write_clocks(w.key("clocks"), m.clocks);
  w.key("claim_at");
  if (m.claim_at) w.number(*m.claim_at);
  else w.null();
  w.key("abortable").boolean(m.abortable);
  write_color(w.key("rematch_offer"), m.rematch_offer);
  w.key("rematch");
  if (m.rematch) w.string(*m.rematch);
  else w.null();
  w.key("rating_change");
  if (m.rating_change) w.raw(to_text(rating_change_json(*m.rating_change)));
  else w.null();
  w.key("chat_closed");
  if (m.chat_closed) w.string(*m.chat_closed);
  else w.null();
  return w.end_object().take();
}

Json to_json(const LobbyEntry& e) {
  Json j{{"id", e.id},       {"options", options_json(e.options)}, {"clock", clock_json(e.clock)},
         {"created_at", e.created_at}, {"rated", e.rated}, {"perf", e.perf}, {"status", status_name(e.status)}};
  if (e.status == RoomStatus::Open) {
    j["creator"] = e.creator;
    j["seat"] = engine::color_name(e.seat);
    put_lobby_rating(j, "creator", e.creator_rating);
    if (e.rating_min) j["rating_min"] = e.rating_min;
    if (e.rating_max) j["rating_max"] = e.rating_max;
  } else {
    j["white"] = e.white;
    j["black"] = e.black;
    put_lobby_rating(j, "white", e.white_rating);
    put_lobby_rating(j, "black", e.black_rating);
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
                    {"live_total", m.live_total},
                    {"mine", entries_json(m.mine)}},
                   m.id);
}

Json to_json(const LobbyUpdate& m) {
  return {{"type", "lobby_update"},
          {"open", delta_json(m.open)},
          {"live", delta_json(m.live)},
          {"open_total", m.open_total},
          {"live_total", m.live_total}};
}

Json to_json(const LobbyMine& m) { return {{"type", "lobby_mine"}, {"mine", entries_json(m.mine)}}; }

Json rating_change_json(const RatingChangeView& c) {
  return {{"perf", c.perf}, {"white", side_json(c.white)}, {"black", side_json(c.black)}};
}

Json to_json(const Rated& m) {
  Json j = rating_change_json(m.change);
  j["type"] = "rated";
  j["room"] = m.room;
  return j;
}

Json to_json(const Plan& m) {
  Json j{{"type", "plan"}, {"room", m.room}, {"premove", m.premove ? Json(*m.premove) : Json(nullptr)}, {"conditional", m.conditional}};
  if (m.dropped) {
    j["dropped"] = *m.dropped;
    j["reason"] = m.reason.value_or("");
  }
  return j;
}

}  // namespace protocol
