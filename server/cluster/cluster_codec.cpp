#include "cluster/cluster_codec.hpp"

#include <array>
#include <charconv>
#include <utility>

#include "protocol/account_types.hpp"
#include "protocol/json_text.hpp"
#include "protocol/server_messages.hpp"

namespace arena {
namespace {

using nlohmann::json;

// A whole decimal number (a connection's, a boot's), nothing before or after it.
std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

constexpr std::array<std::pair<RoomOp, std::string_view>, 20> kOps{{
    {RoomOp::Join, "join"},
    {RoomOp::Watch, "watch"},
    {RoomOp::Resync, "resync"},
    {RoomOp::Leave, "leave"},
    {RoomOp::Play, "play"},
    {RoomOp::Resign, "resign"},
    {RoomOp::OfferDraw, "offer_draw"},
    {RoomOp::AnswerDraw, "answer_draw"},
    {RoomOp::Cancel, "cancel"},
    {RoomOp::Abort, "abort"},
    {RoomOp::Claim, "claim"},
    {RoomOp::Rematch, "rematch"},
    {RoomOp::Chat, "chat"},
    {RoomOp::DeleteChat, "delete_chat"},
    {RoomOp::Disconnected, "disconnected"},
    {RoomOp::GiveTime, "give_time"},
    {RoomOp::OfferTakeback, "offer_takeback"},
    {RoomOp::AnswerTakeback, "answer_takeback"},
    {RoomOp::Premove, "premove"},
    {RoomOp::Conditional, "conditional"},
}};

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

// "<node>\n" + body, as every subject that all nodes hear carries it (a node's own are not applied twice).
std::string from_node(std::string_view from, std::string_view body) {
  std::string out;
  out.reserve(from.size() + 1 + body.size());
  out += from;
  out += '\n';
  out += body;
  return out;
}

// The node and the body of such a text; nullopt without a node's name.
std::optional<std::pair<std::string_view, std::string_view>> split_from(std::string_view text) {
  std::size_t newline = text.find('\n');
  if (newline == std::string_view::npos || newline == 0) return std::nullopt;
  return std::pair{text.substr(0, newline), text.substr(newline + 1)};
}

}  // namespace

bool sent_by(std::string_view text, std::string_view node) {
  return !node.empty() && text.starts_with(node) && (text.size() == node.size() || text[node.size()] == '\n');
}

// ---- room calls ------------------------------------------------------------------

std::string_view op_name(RoomOp op) {
  for (const auto& [known, name] : kOps)
    if (known == op) return name;
  return "?";
}

std::optional<RoomOp> parse_room_op(std::string_view name) {
  for (const auto& [op, known] : kOps)
    if (known == name) return op;
  return std::nullopt;
}

std::string encode(const RoomCall& c) {
  json j{{"op", op_name(c.op)}, {"room", c.room}, {"from", c.from}, {"conn", c.conn},
         {"player", {{"id", c.player.id}, {"name", c.player.name}, {"account", c.player.account}, {"kind", c.player.kind}}},
         {"rid", c.request_id}};
  switch (c.op) {
    case RoomOp::Resync:
      j["since"] = c.since;
      j["chat_since"] = c.chat_since;
      break;
    case RoomOp::Play:
      j["ply"] = c.play.ply;
      j["action"] = c.play.action;
      if (c.play.think_ms) j["think_ms"] = *c.play.think_ms;
      break;
    case RoomOp::AnswerDraw:
    case RoomOp::Claim:
    case RoomOp::AnswerTakeback:
      j["yes"] = c.yes;
      break;
    case RoomOp::Chat:
      j["text"] = c.text;
      break;
    case RoomOp::Premove:
      j["action"] = c.premove ? json(*c.premove) : json(nullptr);
      break;
    case RoomOp::Conditional:
      j["line"] = c.line;
      break;
    case RoomOp::DeleteChat:
      j["seq"] = c.seq;
      j["audit"] = {{"actor", c.audit.actor ? json(*c.audit.actor) : json(nullptr)}, {"action", c.audit.action},
                    {"target", c.audit.target}, {"details", c.audit.details}, {"address", c.audit.address},
                    {"at", c.audit.at}};
      break;
    default:
      break;
  }
  return protocol::to_text(j);
}

std::optional<RoomCall> decode_call(std::string_view text, BusDrop* why) {
  json j = json::parse(text, nullptr, false);
  if (!j.is_object()) return not_decoded<RoomCall>(why, BusDrop::Undecodable);
  try {
    RoomCall c;
    auto op = parse_room_op(j.at("op").get<std::string>());
    if (!op) return not_decoded<RoomCall>(why, BusDrop::UnknownOp);
    c.op = *op;
    c.room = j.at("room").get<std::string>();
    c.from = j.at("from").get<std::string>();
    c.conn = j.at("conn").get<std::uint64_t>();
    const json& p = j.at("player");
    c.player = {p.at("id").get<std::int64_t>(), p.at("name").get<std::string>(), p.at("account").get<bool>(),
                p.at("kind").get<std::string>()};
    c.request_id = j.at("rid");
    switch (c.op) {
      case RoomOp::Resync:
        c.since = j.at("since").get<std::int64_t>();
        c.chat_since = j.at("chat_since").get<std::int64_t>();
        break;
      case RoomOp::Play:
        c.play.room = c.room;
        c.play.ply = j.at("ply").get<std::int64_t>();
        c.play.action = j.at("action").get<std::string>();
        if (j.contains("think_ms")) c.play.think_ms = j.at("think_ms").get<std::int64_t>();
        break;
      case RoomOp::AnswerDraw:
      case RoomOp::Claim:
      case RoomOp::AnswerTakeback:
        c.yes = j.at("yes").get<bool>();
        break;
      case RoomOp::Chat:
        c.text = j.at("text").get<std::string>();
        break;
      case RoomOp::Premove:
        if (!j.at("action").is_null()) c.premove = j.at("action").get<std::string>();
        break;
      case RoomOp::Conditional:
        c.line = j.at("line").get<std::vector<std::string>>();
        if (c.line.size() > protocol::kMaxConditionalEntries) return not_decoded<RoomCall>(why, BusDrop::Undecodable);
        break;
      case RoomOp::DeleteChat: {
        c.seq = j.at("seq").get<std::int64_t>();
        const json& a = j.at("audit");
        if (!a.at("actor").is_null()) c.audit.actor = a.at("actor").get<std::int64_t>();
        c.audit.action = a.at("action").get<std::string>();
        c.audit.target = a.at("target").get<std::string>();
        c.audit.details = a.at("details").get<std::string>();
        c.audit.address = a.at("address").get<std::string>();
        c.audit.at = a.value("at", std::int64_t{0});
        break;
      }
      default:
        break;
    }
    return c;
  } catch (const json::exception&) {
    return not_decoded<RoomCall>(why, BusDrop::Undecodable);
  }
}

void apply(const RoomCall& c, RoomEndpoint& room, const std::shared_ptr<Client>& client) {
  switch (c.op) {
    case RoomOp::Join: return room.join(client, c.player, c.request_id);
    case RoomOp::Watch: return room.watch(client, c.player, c.request_id);
    case RoomOp::Resync: return room.resync(client, c.player, c.since, c.chat_since, c.request_id);
    case RoomOp::Leave: return room.leave(client, c.request_id);
    case RoomOp::Play: return room.play(client, c.player, c.play, c.request_id);
    case RoomOp::Resign: return room.resign(client, c.player, c.request_id);
    case RoomOp::OfferDraw: return room.offer_draw(client, c.player, c.request_id);
    case RoomOp::AnswerDraw: return room.answer_draw(client, c.player, c.yes, c.request_id);
    case RoomOp::Cancel: return room.cancel(client, c.player, c.request_id);
    case RoomOp::Abort: return room.abort(client, c.player, c.request_id);
    case RoomOp::Claim: return room.claim(client, c.player, c.yes, c.request_id);
    case RoomOp::Rematch: return room.rematch(client, c.player, c.request_id);
    case RoomOp::Chat: return room.chat(client, c.player, c.text, c.request_id);
    case RoomOp::DeleteChat: return room.delete_chat(client, c.seq, c.audit, c.request_id);
    case RoomOp::Disconnected: return room.disconnected(client.get());
    case RoomOp::GiveTime: return room.give_time(client, c.player, c.request_id);
    case RoomOp::OfferTakeback: return room.offer_takeback(client, c.player, c.request_id);
    case RoomOp::AnswerTakeback: return room.answer_takeback(client, c.player, c.yes, c.request_id);
    case RoomOp::Premove: return room.premove(client, c.player, c.premove, c.request_id);
    case RoomOp::Conditional: return room.conditional(client, c.player, c.line, c.request_id);
  }
}

// ---- frames ----------------------------------------------------------------------

std::string encode(const NodeFrame& message) {
  struct {
    std::string operator()(const FrameTo& f) const { return encode_conn('F', f.conn, f.frame); }
    std::string operator()(const CloseTo& x) const { return encode_conn('X', x.conn, x.reason); }
    std::string operator()(const NotServedHere& n) const {
      std::string text(n.from);
      text += '\n';
      text += n.room;
      return encode_conn('N', n.conn, text);
    }
    std::string operator()(const FramesTick&) const { return "T"; }
  } visitor;
  return std::visit(visitor, message);
}

std::optional<NodeFrame> decode_frame(std::string_view message, BusDrop* why) {
  if (message == "T") return FramesTick{};
  if (message.empty()) return not_decoded<NodeFrame>(why, BusDrop::Undecodable);
  if (message[0] != 'F' && message[0] != 'X' && message[0] != 'N') return not_decoded<NodeFrame>(why, BusDrop::UnknownOp);
  std::size_t newline = message.find('\n');
  if (message.size() < 3 || newline == std::string_view::npos) return not_decoded<NodeFrame>(why, BusDrop::Undecodable);
  auto conn = whole_number(message.substr(1, newline - 1));
  if (!conn) return not_decoded<NodeFrame>(why, BusDrop::Undecodable);
  std::string_view text = message.substr(newline + 1);
  if (message[0] == 'X') return CloseTo{*conn, text};
  if (message[0] == 'N') {
    std::size_t split = text.find('\n');
    if (split == std::string_view::npos || split == 0 || split + 1 == text.size())
      return not_decoded<NodeFrame>(why, BusDrop::Undecodable);
    return NotServedHere{*conn, text.substr(0, split), text.substr(split + 1)};
  }
  return FrameTo{*conn, text};
}

std::string encode(const NumberedFrame& message) {
  std::string text = "S";
  text += message.from;
  text += '\n';
  text += std::to_string(message.stream);
  text += '\n';
  text += std::to_string(message.number);
  text += '\n';
  text += encode(message.frame);
  return text;
}

std::optional<NumberedFrame> decode_numbered_frame(std::string_view message, BusDrop* why) {
  if (message.empty() || message[0] != 'S') return not_decoded<NumberedFrame>(why, BusDrop::Undecodable);
  std::string_view rest = message.substr(1);
  std::array<std::string_view, 3> head;
  for (std::string_view& part : head) {
    std::size_t newline = rest.find('\n');
    if (newline == std::string_view::npos) return not_decoded<NumberedFrame>(why, BusDrop::Undecodable);
    part = rest.substr(0, newline);
    rest = rest.substr(newline + 1);
  }
  auto stream = whole_number(head[1]), number = whole_number(head[2]);
  if (head[0].empty() || !stream || !number) return not_decoded<NumberedFrame>(why, BusDrop::Undecodable);
  auto frame = decode_frame(rest, why);
  if (!frame) return std::nullopt;
  return NumberedFrame{head[0], *stream, *number, std::move(*frame)};
}

// ---- lobby -----------------------------------------------------------------------

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
         {"rating_min", r.rating_min},
         {"rating_max", r.rating_max},
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

std::optional<RoomSummary> decode_summary(std::string_view text, BusDrop* why) {
  json j = json::parse(text, nullptr, false);
  if (!j.is_object()) return not_decoded<RoomSummary>(why, BusDrop::Undecodable);
  try {
    RoomSummary r;
    r.id = j.at("id").get<std::string>();
    const json& o = j.at("options");
    r.options = {o.at("game").get<std::string>(), o.at("variant").get<std::string>(), o.at("white_extra").get<int>(),
                 o.at("black_extra").get<int>()};
    if (!j.at("clock").is_null()) {  // null: untimed (clock_json's way)
      auto clock = protocol::parse_time_control(j.at("clock"));
      if (!std::holds_alternative<protocol::TimeControl>(clock)) return not_decoded<RoomSummary>(why, BusDrop::Undecodable);
      r.clock = std::get<protocol::TimeControl>(clock);
    }
    r.is_private = j.at("private").get<bool>();
    int status = j.at("status").get<int>();
    if (status < 0 || status > static_cast<int>(protocol::RoomStatus::Cancelled))
      return not_decoded<RoomSummary>(why, BusDrop::Undecodable);
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
    r.rating_min = j.value("rating_min", 0);  // a node of an earlier version sends none
    r.rating_max = j.value("rating_max", 0);
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
  } catch (const json::exception&) {
    return not_decoded<RoomSummary>(why, BusDrop::Undecodable);
  }
}

std::string encode(const LobbyUpdate& update) { return from_node(update.from, encode(update.room)); }

std::optional<LobbyUpdate> decode_lobby_update(std::string_view text, BusDrop* why) {
  auto parts = split_from(text);
  if (!parts) return not_decoded<LobbyUpdate>(why, BusDrop::Undecodable);
  auto room = decode_summary(parts->second, why);
  if (!room) return std::nullopt;
  return LobbyUpdate{std::string(parts->first), std::move(*room)};
}

std::string encode(const LobbyHello& hello) { return hello.from; }

std::optional<LobbyHello> decode_lobby_hello(std::string_view text, BusDrop* why) {
  if (text.empty() || text.find('\n') != std::string_view::npos) return not_decoded<LobbyHello>(why, BusDrop::Undecodable);
  return LobbyHello{std::string(text)};
}

// ---- players, logins, moved rooms ---------------------------------------------------

std::string encode(const PlayersTold& told) { return from_node(told.from, encode(told.message)); }

std::optional<PlayersTold> decode_players_told(std::string_view text, BusDrop* why) {
  auto parts = split_from(text);
  if (!parts) return not_decoded<PlayersTold>(why, BusDrop::Undecodable);
  auto message = decode_player_message(parts->second, why);
  if (!message) return std::nullopt;
  return PlayersTold{std::string(parts->first), std::move(*message)};
}

std::string encode(const LoginFailed& failed) { return from_node(failed.from, failed.account); }

std::optional<LoginFailed> decode_login_failed(std::string_view text, BusDrop* why) {
  auto parts = split_from(text);
  if (!parts || !protocol::valid_username(parts->second)) return not_decoded<LoginFailed>(why, BusDrop::Undecodable);
  return LoginFailed{std::string(parts->first), std::string(parts->second)};
}

std::string encode(const RoomMoved& moved) { return from_node(moved.owner, moved.room); }

std::optional<RoomMoved> decode_room_moved(std::string_view text, BusDrop* why) {
  auto parts = split_from(text);
  if (!parts || parts->second.empty()) return not_decoded<RoomMoved>(why, BusDrop::Undecodable);
  return RoomMoved{std::string(parts->first), std::string(parts->second)};
}

// ---- node liveness ------------------------------------------------------------------

std::string encode(const NodeAlive& alive) { return from_node(alive.from, std::to_string(alive.boot)); }

std::optional<NodeAlive> decode_node_alive(std::string_view text, BusDrop* why) {
  auto parts = split_from(text);
  auto boot = parts ? whole_number(parts->second) : std::nullopt;
  if (!boot) return not_decoded<NodeAlive>(why, BusDrop::Undecodable);
  return NodeAlive{std::string(parts->first), *boot};
}

}  // namespace arena
