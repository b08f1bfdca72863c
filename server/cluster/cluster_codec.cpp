#include "cluster/cluster_codec.hpp"

#include <charconv>

#include "protocol/json_text.hpp"
#include "protocol/server_messages.hpp"

namespace arena {
namespace {

using nlohmann::json;

json rating_json(const std::optional<protocol::RatingView>& r) {
  if (!r) return nullptr;
  return {{"rating", r->rating}, {"rd", r->rd}, {"provisional", r->provisional}};
}

std::optional<protocol::RatingView> rating_of(const json& j) {
  if (j.is_null()) return std::nullopt;
  return protocol::RatingView{j.at("rating").get<double>(), j.at("rd").get<double>(), j.at("provisional").get<bool>()};
}

std::string encode_conn(char kind, std::uint64_t conn, std::string_view text) {
  std::string out;
  out.reserve(text.size() + 24);
  out += kind;
  out += std::to_string(conn);
  out += '\n';
  out += text;
  return out;
}

}  // namespace

std::string encode(const RoomCall& c) {
  json j{{"op", c.op}, {"room", c.room}, {"from", c.from}, {"conn", c.conn},
         {"player", {{"id", c.player.id}, {"name", c.player.name}, {"account", c.player.account}, {"kind", c.player.kind}}},
         {"rid", c.request_id}};
  if (c.op == "resync") {
    j["since"] = c.since;
    j["chat_since"] = c.chat_since;
  } else if (c.op == "play") {
    j["ply"] = c.play.ply;
    j["action"] = c.play.action;
    if (c.play.think_ms) j["think_ms"] = *c.play.think_ms;
  } else if (c.op == "answer_draw" || c.op == "claim") {
    j["yes"] = c.yes;
  } else if (c.op == "chat") {
    j["text"] = c.text;
  } else if (c.op == "delete_chat") {
    j["seq"] = c.seq;
    j["audit"] = {{"actor", c.audit.actor ? json(*c.audit.actor) : json(nullptr)}, {"action", c.audit.action},
                  {"target", c.audit.target}, {"details", c.audit.details}, {"address", c.audit.address}};
  }
  return protocol::to_text(j);
}

std::optional<RoomCall> decode_call(std::string_view text) {
  try {
    json j = json::parse(text);
    RoomCall c;
    c.op = j.at("op").get<std::string>();
    c.room = j.at("room").get<std::string>();
    c.from = j.at("from").get<std::string>();
    c.conn = j.at("conn").get<std::uint64_t>();
    const json& p = j.at("player");
    c.player = {p.at("id").get<std::int64_t>(), p.at("name").get<std::string>(), p.at("account").get<bool>(),
                p.at("kind").get<std::string>()};
    c.request_id = j.at("rid");
    if (c.op == "resync") {
      c.since = j.at("since").get<std::int64_t>();
      c.chat_since = j.at("chat_since").get<std::int64_t>();
    } else if (c.op == "play") {
      c.play.room = c.room;
      c.play.ply = j.at("ply").get<std::int64_t>();
      c.play.action = j.at("action").get<std::string>();
      if (j.contains("think_ms")) c.play.think_ms = j.at("think_ms").get<std::int64_t>();
    } else if (c.op == "answer_draw" || c.op == "claim") {
      c.yes = j.at("yes").get<bool>();
    } else if (c.op == "chat") {
      c.text = j.at("text").get<std::string>();
    } else if (c.op == "delete_chat") {
      c.seq = j.at("seq").get<std::int64_t>();
      const json& a = j.at("audit");
      if (!a.at("actor").is_null()) c.audit.actor = a.at("actor").get<std::int64_t>();
      c.audit.action = a.at("action").get<std::string>();
      c.audit.target = a.at("target").get<std::string>();
      c.audit.details = a.at("details").get<std::string>();
      c.audit.address = a.at("address").get<std::string>();
    }
    return c;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

void apply(const RoomCall& c, RoomEndpoint& room, const std::shared_ptr<Client>& client) {
  const std::string& op = c.op;
  if (op == "join") return room.join(client, c.player, c.request_id);
  if (op == "watch") return room.watch(client, c.player, c.request_id);
  if (op == "resync") return room.resync(client, c.player, c.since, c.chat_since, c.request_id);
  if (op == "leave") return room.leave(client, c.request_id);
  if (op == "play") return room.play(client, c.player, c.play, c.request_id);
  if (op == "resign") return room.resign(client, c.player, c.request_id);
  if (op == "offer_draw") return room.offer_draw(client, c.player, c.request_id);
  if (op == "answer_draw") return room.answer_draw(client, c.player, c.yes, c.request_id);
  if (op == "cancel") return room.cancel(client, c.player, c.request_id);
  if (op == "abort") return room.abort(client, c.player, c.request_id);
  if (op == "claim") return room.claim(client, c.player, c.yes, c.request_id);
  if (op == "rematch") return room.rematch(client, c.player, c.request_id);
  if (op == "chat") return room.chat(client, c.player, c.text, c.request_id);
  if (op == "delete_chat") return room.delete_chat(client, c.seq, c.audit, c.request_id);
  if (op == "disconnected") return room.disconnected(client.get());
}

std::string encode_frame(std::uint64_t conn, std::string_view frame) { return encode_conn('F', conn, frame); }
std::string encode_close(std::uint64_t conn, std::string_view reason) { return encode_conn('X', conn, reason); }

std::optional<FrameMessage> decode_frame(std::string_view message) {
  if (message.size() < 3 || (message[0] != 'F' && message[0] != 'X')) return std::nullopt;
  std::size_t newline = message.find('\n');
  if (newline == std::string_view::npos) return std::nullopt;
  FrameMessage m;
  m.close = message[0] == 'X';
  auto [end, ec] = std::from_chars(message.data() + 1, message.data() + newline, m.conn);
  if (ec != std::errc() || end != message.data() + newline) return std::nullopt;
  m.text = message.substr(newline + 1);
  return m;
}

std::string encode(const RoomSummary& r) {
  json j{{"id", r.id},
         {"options", {{"game", r.options.game}, {"variant", r.options.variant}, {"white_extra", r.options.white_extra},
                      {"black_extra", r.options.black_extra}}},
         {"clock", protocol::clock_json(r.clock)},
         {"private", r.is_private},
         {"status", static_cast<int>(r.status)},
         {"creator", r.creator},
         {"white", r.white},
         {"black", r.black},
         {"white_name", r.white_name},
         {"black_name", r.black_name},
         {"white_seated", r.white_seated},
         {"black_seated", r.black_seated},
         {"rated", r.rated},
         {"competition", r.competition},
         {"white_rating", rating_json(r.white_rating)},
         {"black_rating", rating_json(r.black_rating)},
         {"moves", r.moves},
         {"ply", r.ply},
         {"spectators", r.spectators},
         {"created_at", r.created_at},
         {"finished_at", r.finished_at},
         {"active", r.active},
         {"decider", r.decider ? json(engine::color_name(*r.decider)) : json(nullptr)}};
  return protocol::to_text(j);
}

std::optional<RoomSummary> decode_summary(std::string_view text) {
  try {
    json j = json::parse(text);
    RoomSummary r;
    r.id = j.at("id").get<std::string>();
    const json& o = j.at("options");
    r.options = {o.at("game").get<std::string>(), o.at("variant").get<std::string>(), o.at("white_extra").get<int>(),
                 o.at("black_extra").get<int>()};
    if (!j.at("clock").is_null()) {  // null: untimed (clock_json's way)
      auto clock = protocol::parse_time_control(j.at("clock"));
      if (!std::holds_alternative<protocol::TimeControl>(clock)) return std::nullopt;
      r.clock = std::get<protocol::TimeControl>(clock);
    }
    r.is_private = j.at("private").get<bool>();
    int status = j.at("status").get<int>();
    if (status < 0 || status > static_cast<int>(protocol::RoomStatus::Cancelled)) return std::nullopt;
    r.status = static_cast<protocol::RoomStatus>(status);
    r.creator = j.at("creator").get<std::int64_t>();
    r.white = j.at("white").get<std::int64_t>();
    r.black = j.at("black").get<std::int64_t>();
    r.white_name = j.at("white_name").get<std::string>();
    r.black_name = j.at("black_name").get<std::string>();
    r.white_seated = j.at("white_seated").get<bool>();
    r.black_seated = j.at("black_seated").get<bool>();
    r.rated = j.at("rated").get<bool>();
    r.competition = j.at("competition").get<bool>();
    r.white_rating = rating_of(j.at("white_rating"));
    r.black_rating = rating_of(j.at("black_rating"));
    r.moves = j.at("moves").get<int>();
    r.ply = j.at("ply").get<int>();
    r.spectators = j.at("spectators").get<int>();
    r.created_at = j.at("created_at").get<std::int64_t>();
    r.finished_at = j.at("finished_at").get<std::int64_t>();
    if (const json& d = j.value("decider", json()); d.is_string())
      r.decider = d == "white" ? engine::Color::White : engine::Color::Black;
    r.active = j.value("active", true);  // a node without #33's listing: listed
    return r;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace arena
