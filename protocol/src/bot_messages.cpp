#include "protocol/bot_messages.hpp"

#include <algorithm>

#include "protocol/server_messages.hpp"  // clock_json

namespace protocol {

Json challenge_json(const PlayerChallengeView& c) {
  Json options{{"game", c.options.game}, {"variant", c.options.variant}};
  if (c.options.white_extra || c.options.black_extra) {
    options["white_extra"] = c.options.white_extra;
    options["black_extra"] = c.options.black_extra;
  }
  Json j{{"id", c.id},
         {"challenger", {{"name", c.challenger.name}, {"bot", c.challenger.bot}, {"id", c.challenger.player}}},
         {"destination", {{"name", c.destination.name}, {"bot", c.destination.bot}, {"id", c.destination.player}}},
         {"options", options},
         {"clock", clock_json(c.clock)},
         {"color", c.color},
         {"rated", c.rated},
         {"status", c.status},
         {"created_at", c.created_at},
         {"expires_at", c.expires_at}};
  if (!c.reason.empty()) j["reason"] = c.reason;
  if (!c.room.empty()) j["room"] = c.room;
  return j;
}

Json challenge_message(const PlayerChallengeView& c) { return {{"type", "challenge"}, {"challenge", challenge_json(c)}}; }

bool valid_decline_reason(std::string_view reason) {
  return std::find(std::begin(kDeclineReasons), std::end(kDeclineReasons), reason) != std::end(kDeclineReasons);
}

std::string text_field(const Json& object, const char* key) {
  if (!object.is_object()) return {};
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// ---- the event stream ------------------------------------------------------

namespace {

// A lobby entry's seat: its player's name (a string, or an object's `name`).
std::string seat_name(const Json& entry, const char* seat) {
  auto it = entry.find(seat);
  if (it == entry.end()) return {};
  if (it->is_string()) return it->get<std::string>();
  return it->is_object() ? text_field(*it, "name") : std::string();
}

}  // namespace

std::vector<Json> EventStreamLines::mine(const Json& entries) {
  std::vector<Json> lines;
  if (!entries.is_array()) return lines;
  std::set<std::string> now;
  for (const Json& entry : entries) {
    if (!entry.is_object() || text_field(entry, "status") != "live") continue;
    std::string id = text_field(entry, "id");
    if (id.empty()) continue;
    now.insert(id);
    if (live_.count(id)) continue;
    Json game{{"id", id}, {"options", entry.value("options", Json::object())}};
    for (const char* seat : {"white", "black"}) game[seat] = entry.value(seat, Json());
    game["color"] = seat_name(entry, "white") == name_ ? "white" : "black";
    lines.push_back({{"type", "gameStart"}, {"game", game}});
  }
  for (const std::string& id : live_)
    if (!now.count(id)) lines.push_back({{"type", "gameFinish"}, {"game", {{"id", id}}}});
  live_ = std::move(now);
  return lines;
}

std::vector<Json> EventStreamLines::on_frame(const Json& frame) {
  const std::string type = text_field(frame, "type");
  if (type == "lobby") {
    // Only the first lists: a second `lobby` (none is sent) would say nothing new.
    if (seen_lobby_) return {};
    seen_lobby_ = true;
    return mine(frame.value("mine", Json::array()));
  }
  if (type == "lobby_mine") return mine(frame.value("mine", Json::array()));
  if (type == "challenge" && frame.contains("challenge") && frame["challenge"].is_object()) {
    const Json& c = frame["challenge"];
    const std::string status = text_field(c, "status");
    const char* line = status == "created" ? "challenge" : status == "declined" ? "challengeDeclined" : status == "canceled" ? "challengeCanceled" : nullptr;
    if (!line) return {};  // accepted: the game's gameStart says it
    return {challenge_line(line, c)};
  }
  return {};
}

Json EventStreamLines::challenge_line(const char* type, Json challenge) const {
  const Json& destination = challenge.value("destination", Json::object());
  challenge["direction"] = destination.is_object() && destination.value("id", std::int64_t{0}) == player_ ? "in" : "out";
  return {{"type", type}, {"challenge", std::move(challenge)}};
}

std::vector<Json> EventStreamLines::opening(const std::vector<PlayerChallengeView>& open) {
  std::vector<Json> lines;
  for (const auto& c : open) lines.push_back(challenge_line("challenge", challenge_json(c)));
  return lines;
}

// ---- one game's stream ------------------------------------------------------

void GameStreamLines::replay_steps(const Json& steps) {
  if (!game_ || !steps.is_array()) return;
  for (const Json& step : steps) {
    if (!step.is_object() || step.value("automatic", false)) continue;  // play() takes forced actions itself
    const int ply = step.value("ply", -1);
    if (ply < game_->ply()) continue;  // seen already (a snapshot's history, then its events)
    if (!game_->play(text_field(step, "action")).empty()) {
      game_.reset();  // cannot happen with the server's own steps; the lines then go without a position
      return;
    }
  }
}

std::string GameStreamLines::position() const { return game_ ? game_->position() : std::string(); }

Json GameStreamLines::full_line(const Json& snapshot) {
  const Json room = snapshot.value("room", Json::object());
  room_ = text_field(room, "id");
  std::string error;
  engine::GameOptions options;
  const Json o = room.value("options", Json::object());
  options.game = text_field(o, "game");
  options.variant = text_field(o, "variant");
  options.white_extra = o.value("white_extra", 0);
  options.black_extra = o.value("black_extra", 0);
  game_ = engine::AnyGame::create(options, error);
  replay_steps(snapshot.value("history", Json::array()));
  Json line{{"type", "gameFull"},
            {"id", room_},
            {"options", o},
            {"clock", room.value("clock", Json())},
            {"rated", room.value("rated", false)},
            {"white", room.value("white", Json())},
            {"black", room.value("black", Json())},
            {"created_at", room.value("created_at", std::int64_t{0})},
            {"you", you_},
            {"steps", snapshot.value("history", Json::array())}};
  draw_offer_ = snapshot.value("draw_offer", Json());
  Json state{{"type", "gameState"},
             {"seq", snapshot.value("seq", std::int64_t{0})},
             {"ply", snapshot.value("ply", std::int64_t{0})},
             {"status", snapshot.value("status", "")},
             {"result", snapshot.value("result", Json())},
             {"clocks", snapshot.value("clocks", Json())},
             {"draw_offer", snapshot.value("draw_offer", Json())},
             {"pending", snapshot.value("state", Json::object()).value("pending", Json())},
             {"steps", Json::array()}};
  if (auto p = position(); !p.empty()) state["position"] = p;
  line["state"] = state;
  return line;
}

Json GameStreamLines::state_line(const Json& event) {
  Json steps = event.value("steps", Json::array());
  const std::string kind = text_field(event, "kind");
  // A takeback (#46): the position goes back to the event's ply.
  if (game_ && kind == "takeback_accepted") {
    auto back = engine::game_at_ply(*game_, event.value("ply", -1));
    if (back) game_ = std::move(*back);
    else game_.reset();
  }
  replay_steps(steps);
  // An offer stands until an action or an answer ends it (PROTOCOL.md, Events).
  if (kind == "draw_offered") draw_offer_ = event.value("by", Json());
  else if (kind != "resumed" && kind != "time_given" && kind != "takeback_offered" && kind != "takeback_declined")
    draw_offer_ = nullptr;  // an action, an answer, a takeback or the end
  Json line{{"type", "gameState"},
            {"seq", event.value("seq", std::int64_t{0})},
            {"kind", kind},
            {"by", event.value("by", Json())},
            {"ply", event.value("ply", std::int64_t{0})},
            {"status", event.value("status", "")},
            {"result", event.value("result", Json())},
            {"clocks", event.value("clocks", Json())},
            {"draw_offer", draw_offer_},
            {"pending", event.value("state", Json::object()).value("pending", Json())},
            {"steps", steps}};
  if (auto p = position(); !p.empty()) line["position"] = p;
  return line;
}

Json GameStreamLines::chat_line(const Json& message) {
  const Json player = message.value("player", Json::object());
  return {{"type", "chatLine"},
          {"room", text_field(message, "channel")},
          {"username", text_field(player, "name")},
          {"kind", text_field(player, "kind")},
          {"text", text_field(message, "text")},
          {"at", message.value("at", std::int64_t{0})}};
}

// A line waits for `legal` when the pending decision is this player's.
std::vector<Json> GameStreamLines::flush_pending(const Json* legal) {
  std::vector<Json> out;
  if (!waiting_) return out;
  Json line = std::move(*waiting_);
  waiting_.reset();
  if (legal) {
    Json l{{"ply", legal->value("ply", 0)}, {"actions", legal->value("actions", Json::array())}, {"moves", legal->value("moves", Json::array())}};
    (line["type"] == "gameFull" ? line["state"]["legal"] : line["legal"]) = l;
  }
  out.push_back(std::move(line));
  return out;
}

std::vector<Json> GameStreamLines::on_frame(const Json& frame) {
  const std::string type = text_field(frame, "type");
  if (type == "legal") return flush_pending(&frame);
  std::vector<Json> out = flush_pending(nullptr);  // any other frame: the line waited in vain
  auto ours = [this](const Json& state, const std::string& status) {
    if (status != "live" || !state.is_object()) return false;
    auto pending = state.find("pending");
    return pending != state.end() && pending->is_object() && text_field(*pending, "player") == you_;
  };
  if (type == "room") {
    if (!you_.empty()) return out;  // one snapshot: the stream's first line
    you_ = text_field(frame, "you");
    if (you_.empty()) you_ = "spectator";
    Json line = full_line(frame);
    const std::string status = text_field(frame, "status");
    over_ = status == "finished" || status == "cancelled";
    if (ours(frame.value("state", Json::object()), status)) waiting_ = std::move(line);
    else out.push_back(std::move(line));
  } else if (type == "event") {
    if (you_.empty()) return out;
    Json line = state_line(frame);
    const std::string status = text_field(frame, "status");
    over_ = status == "finished" || status == "cancelled";
    if (ours(frame.value("state", Json::object()), status)) waiting_ = std::move(line);
    else out.push_back(std::move(line));
  } else if (type == "chat") {
    out.push_back(chat_line(frame));
  } else if (type == "chat_history") {
    for (const Json& m : frame.value("messages", Json::array()))
      if (m.is_object()) out.push_back(chat_line(m));
  } else if (type == "opponent_gone") {
    out.push_back({{"type", "opponentGone"}, {"gone", true}, {"claim_at", frame.value("claim_at", std::int64_t{0})}});
  } else if (type == "opponent_back") {
    out.push_back({{"type", "opponentGone"}, {"gone", false}});
  }
  return out;
}

}  // namespace protocol
