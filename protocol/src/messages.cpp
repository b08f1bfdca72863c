#include "protocol/messages.hpp"

#include <array>
#include <set>

namespace protocol {
namespace {

using nlohmann::json;

constexpr std::array<std::pair<ErrorCode, std::string_view>, 18> kCodes{{
    {ErrorCode::BadJson, "bad_json"},
    {ErrorCode::BadMessage, "bad_message"},
    {ErrorCode::UnknownType, "unknown_type"},
    {ErrorCode::BadField, "bad_field"},
    {ErrorCode::UnsupportedVersion, "unsupported_version"},
    {ErrorCode::NotIdentified, "not_identified"},
    {ErrorCode::NotFound, "not_found"},
    {ErrorCode::RoomFull, "room_full"},
    {ErrorCode::NotAPlayer, "not_a_player"},
    {ErrorCode::NotYourTurn, "not_your_turn"},
    {ErrorCode::StalePly, "stale_ply"},
    {ErrorCode::IllegalAction, "illegal_action"},
    {ErrorCode::GameOver, "game_over"},
    {ErrorCode::NotStarted, "not_started"},
    {ErrorCode::NoDraws, "no_draws"},
    {ErrorCode::NoDrawOffer, "no_draw_offer"},
    {ErrorCode::RateLimited, "rate_limited"},
    {ErrorCode::Internal, "internal"},
}};

constexpr std::size_t kMaxRoomId = 32;
constexpr std::size_t kMaxToken = 64;
constexpr std::size_t kMaxAction = 64;
constexpr std::size_t kMaxNameBytes = 4 * kMaxNameLength;

struct FieldError {
  ErrorCode code;
  std::string message;
};

// Reads the fields of one message object and remembers which were read, so that
// unknown fields can be refused.
class Fields {
 public:
  explicit Fields(const json& object) : object_(object) {}

  const json* get(const std::string& name) {
    seen_.insert(name);
    auto it = object_.find(name);
    return it == object_.end() ? nullptr : &*it;
  }

  std::string text(const std::string& name, std::size_t max_bytes) {
    auto value = optional_text(name, max_bytes);
    if (!value) throw FieldError{ErrorCode::BadField, "'" + name + "' is required"};
    return *value;
  }

  std::optional<std::string> optional_text(const std::string& name, std::size_t max_bytes) {
    const json* v = get(name);
    if (!v || v->is_null()) return std::nullopt;
    if (!v->is_string()) throw FieldError{ErrorCode::BadField, "'" + name + "' must be a string"};
    const auto& s = v->get_ref<const std::string&>();
    if (s.size() > max_bytes)
      throw FieldError{ErrorCode::BadField, "'" + name + "' is longer than " + std::to_string(max_bytes) + " bytes"};
    return s;
  }

  std::int64_t integer(const std::string& name, std::int64_t low, std::int64_t high, std::optional<std::int64_t> fallback) {
    const json* v = get(name);
    if (!v) {
      if (fallback) return *fallback;
      throw FieldError{ErrorCode::BadField, "'" + name + "' is required"};
    }
    if (!v->is_number_integer()) throw FieldError{ErrorCode::BadField, "'" + name + "' must be an integer"};
    auto n = v->get<std::int64_t>();
    if (n < low || n > high)
      throw FieldError{ErrorCode::BadField, "'" + name + "' must be between " + std::to_string(low) + " and " + std::to_string(high)};
    return n;
  }

  bool boolean(const std::string& name, bool fallback) {
    const json* v = get(name);
    if (!v) return fallback;
    if (!v->is_boolean()) throw FieldError{ErrorCode::BadField, "'" + name + "' must be true or false"};
    return v->get<bool>();
  }

  std::string one_of(const std::string& name, std::initializer_list<std::string_view> allowed, std::optional<std::string> fallback) {
    auto value = optional_text(name, 32);
    if (!value) {
      if (fallback) return *fallback;
      throw FieldError{ErrorCode::BadField, "'" + name + "' is required"};
    }
    for (auto a : allowed)
      if (*value == a) return *value;
    std::string list;
    for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    throw FieldError{ErrorCode::BadField, "'" + name + "' must be one of " + list};
  }

  std::string room() { return text("room", kMaxRoomId); }

  void finish() {
    for (auto it = object_.begin(); it != object_.end(); ++it)
      if (!seen_.count(it.key())) throw FieldError{ErrorCode::BadField, "unknown field '" + it.key() + "'"};
  }

 private:
  const json& object_;
  std::set<std::string> seen_;
};

ClientMessage read_message(const std::string& type, Fields& f) {
  if (type == "hello") {
    Hello m;
    m.protocol = static_cast<int>(f.integer("protocol", 0, 1000000, std::nullopt));
    m.token = f.optional_text("token", kMaxToken);
    m.name = f.optional_text("name", kMaxNameBytes);
    return m;
  }
  if (type == "set_name") return SetName{f.text("name", kMaxNameBytes)};
  if (type == "lobby_subscribe") return LobbySubscribe{};
  if (type == "create_room") {
    CreateRoom m;
    m.game = f.one_of("game", {"gipf", "yinsh"}, std::nullopt);
    if (m.game == "gipf") {
      m.variant = f.one_of("variant", {"basic", "standard", "tournament"}, std::nullopt);
    } else {
      m.variant = f.one_of("variant", {"normal", "blitz"}, std::nullopt);
    }
    m.white_extra = static_cast<int>(f.integer("white_extra", 0, 3, 0));
    m.black_extra = static_cast<int>(f.integer("black_extra", 0, 3, 0));
    if ((m.white_extra || m.black_extra) && !(m.game == "gipf" && m.variant == "basic"))
      throw FieldError{ErrorCode::BadField, "extra pieces (handicap) exist only in the basic GIPF game"};
    m.color = f.one_of("color", {"white", "black", "random"}, "random");
    m.is_private = f.one_of("visibility", {"public", "private"}, "public") == "private";
    return m;
  }
  if (type == "join_room") return JoinRoom{f.room()};
  if (type == "watch") return Watch{f.room()};
  if (type == "leave") return Leave{f.room()};
  if (type == "action") {
    Play m;
    m.room = f.room();
    m.ply = f.integer("ply", 0, 1000000, std::nullopt);
    m.action = f.text("action", kMaxAction);
    return m;
  }
  if (type == "resign") return Resign{f.room()};
  if (type == "offer_draw") return DrawOffer{f.room()};
  if (type == "answer_draw") {
    DrawAnswer m;
    m.room = f.room();
    const json* accept = f.get("accept");
    if (!accept || !accept->is_boolean()) throw FieldError{ErrorCode::BadField, "'accept' must be true or false"};
    m.accept = accept->get<bool>();
    return m;
  }
  if (type == "resync") {
    Resync m;
    m.room = f.room();
    m.since = f.integer("since", 0, 1000000000, std::nullopt);
    return m;
  }
  throw FieldError{ErrorCode::UnknownType, "unknown message type '" + type + "'"};
}

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

std::string_view code_name(ErrorCode code) {
  for (auto& [c, name] : kCodes)
    if (c == code) return name;
  return "internal";
}

std::optional<ErrorCode> parse_code(std::string_view name) {
  for (auto& [c, n] : kCodes)
    if (n == name) return c;
  return std::nullopt;
}

std::variant<Incoming, Error> parse_client_message(std::string_view text) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{ErrorCode::BadJson, "the message is not valid JSON", nullptr};
  if (!j.is_object()) return Error{ErrorCode::BadMessage, "a message is a JSON object", nullptr};
  json id = nullptr;
  if (auto it = j.find("id"); it != j.end()) {
    bool short_string = it->is_string() && it->get_ref<const std::string&>().size() <= 64;
    if (!short_string && !it->is_number_integer())
      return Error{ErrorCode::BadField, "'id' must be an integer or a string of at most 64 bytes", nullptr};
    id = *it;
  }
  auto type = j.find("type");
  if (type == j.end() || !type->is_string()) return Error{ErrorCode::BadMessage, "a message needs a string 'type'", id};
  try {
    Fields fields(j);
    fields.get("type");
    fields.get("id");
    ClientMessage message = read_message(type->get<std::string>(), fields);
    fields.finish();
    if (auto* name = std::get_if<SetName>(&message)) {
      if (auto problem = validate_name(name->name); !problem.empty()) return Error{ErrorCode::BadField, problem, id};
    }
    if (auto* hello = std::get_if<Hello>(&message); hello && hello->name) {
      if (auto problem = validate_name(*hello->name); !problem.empty()) return Error{ErrorCode::BadField, problem, id};
    }
    return Incoming{id, std::move(message)};
  } catch (const FieldError& e) {
    return Error{e.code, e.message, id};
  }
}

std::string_view type_name(const ClientMessage& message) {
  static constexpr std::string_view kNames[] = {"hello", "set_name", "lobby_subscribe", "create_room", "join_room", "watch",
                                                "leave", "action", "resign", "offer_draw", "answer_draw", "resync"};
  return kNames[message.index()];
}

json to_json(const Incoming& incoming) {
  json j{{"type", type_name(incoming.message)}};
  if (!incoming.id.is_null()) j["id"] = incoming.id;
  std::visit(Overloaded{
                 [&](const Hello& m) {
                   j["protocol"] = m.protocol;
                   if (m.token) j["token"] = *m.token;
                   if (m.name) j["name"] = *m.name;
                 },
                 [&](const SetName& m) { j["name"] = m.name; },
                 [&](const LobbySubscribe&) {},
                 [&](const CreateRoom& m) {
                   j["game"] = m.game;
                   j["variant"] = m.variant;
                   if (m.white_extra) j["white_extra"] = m.white_extra;
                   if (m.black_extra) j["black_extra"] = m.black_extra;
                   j["color"] = m.color;
                   j["visibility"] = m.is_private ? "private" : "public";
                 },
                 [&](const JoinRoom& m) { j["room"] = m.room; },
                 [&](const Watch& m) { j["room"] = m.room; },
                 [&](const Leave& m) { j["room"] = m.room; },
                 [&](const Play& m) {
                   j["room"] = m.room;
                   j["ply"] = m.ply;
                   j["action"] = m.action;
                 },
                 [&](const Resign& m) { j["room"] = m.room; },
                 [&](const DrawOffer& m) { j["room"] = m.room; },
                 [&](const DrawAnswer& m) {
                   j["room"] = m.room;
                   j["accept"] = m.accept;
                 },
                 [&](const Resync& m) {
                   j["room"] = m.room;
                   j["since"] = m.since;
                 },
             },
             incoming.message);
  return j;
}

std::string validate_name(std::string_view name) {
  if (name.empty()) return "the name is empty";
  if (name.front() == ' ' || name.back() == ' ') return "the name may not start or end with a space";
  std::size_t points = 0;
  for (std::size_t i = 0; i < name.size();) {
    auto c = static_cast<unsigned char>(name[i]);
    int length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (length == 0 || i + length > name.size()) return "the name is not valid UTF-8";
    for (int k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(name[i + k]) >> 6) != 2) return "the name is not valid UTF-8";
    if (c < 0x20 || c == 0x7f) return "the name contains a control character";
    if (c == '<' || c == '>' || c == '"' || c == '&' || c == '\\') return "the name contains one of < > \" & \\";
    i += length;
    ++points;
  }
  if (points > kMaxNameLength) return "the name is longer than 24 characters";
  return {};
}

json error_message(ErrorCode code, std::string_view message, const json& id) {
  json j{{"type", "error"}, {"code", code_name(code)}, {"message", message}};
  if (!id.is_null()) j["id"] = id;
  return j;
}

}  // namespace protocol
