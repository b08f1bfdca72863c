#include "protocol/messages.hpp"

#include "engine/registry.hpp"
#include "protocol/overloaded.hpp"
#include "protocol/room_id.hpp"

#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <span>
#include <vector>

namespace protocol {
namespace {

using nlohmann::json;

constexpr std::array<std::pair<ErrorCode, std::string_view>, 24> kCodes{{
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
    {ErrorCode::TooManyRooms, "too_many_rooms"},
    {ErrorCode::TooManyPlayers, "too_many_players"},
    {ErrorCode::DrawOfferTooSoon, "draw_offer_too_soon"},
    {ErrorCode::RoomLimit, "room_limit"},
    {ErrorCode::AlreadyStarted, "already_started"},
    {ErrorCode::Forbidden, "forbidden"},
}};

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

  std::string one_of(const std::string& name, const std::vector<std::string_view>& allowed, std::optional<std::string> fallback) {
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

  std::string room() { return text("room", kMaxRoomIdLength); }

  void finish() {
    for (auto it = object_.begin(); it != object_.end(); ++it)
      if (!seen_.count(it.key())) throw FieldError{ErrorCode::BadField, "unknown field '" + it.key() + "'"};
  }

 private:
  const json& object_;
  std::set<std::string> seen_;
};

// The names of the registry's games or of one game's variants.
template <class Info>
std::vector<std::string_view> names(std::span<const Info> items) {
  std::vector<std::string_view> out;
  for (const Info& item : items) out.push_back(item.name);
  return out;
}

// The bound of white_extra and black_extra in any game.
int most_extra() {
  int most = 0;
  for (const auto& game : engine::games()) most = std::max(most, game.max_extra);
  return most;
}

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
    m.game = f.one_of("game", names(engine::games()), std::nullopt);
    m.variant = f.one_of("variant", names(engine::find_game(m.game)->variants), std::nullopt);
    m.white_extra = static_cast<int>(f.integer("white_extra", 0, most_extra(), 0));
    m.black_extra = static_cast<int>(f.integer("black_extra", 0, most_extra(), 0));
    // The registry judges the combination (extra pieces only where the variant has them).
    std::string problem = engine::validate({m.game, m.variant, m.white_extra, m.black_extra});
    if (!problem.empty()) throw FieldError{ErrorCode::BadField, problem};
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
  if (type == "cancel_room") return CancelRoom{f.room()};
  throw FieldError{ErrorCode::UnknownType, "unknown message type '" + type + "'"};
}

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
  // nlohmann's lexer stops at a NUL byte, so `{...}\0junk` would parse as `{...}`.
  if (text.find('\0') != std::string_view::npos) return Error{ErrorCode::BadJson, "the message contains a NUL byte", nullptr};
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
    // Names are stored (and echoed) in their NFC form.
    std::string* name = nullptr;
    if (auto* m = std::get_if<SetName>(&message)) name = &m->name;
    if (auto* m = std::get_if<Hello>(&message); m && m->name) name = &*m->name;
    if (name) {
      auto checked = check_name(*name);
      if (!checked.error.empty()) return Error{ErrorCode::BadField, checked.error, id};
      *name = std::move(checked.name);
    }
    return Incoming{id, std::move(message)};
  } catch (const FieldError& e) {
    return Error{e.code, e.message, id};
  }
}

std::string_view type_name(const ClientMessage& message) {
  static constexpr std::string_view kNames[] = {"hello", "set_name", "lobby_subscribe", "create_room", "join_room", "watch",
                                                "leave", "action", "resign", "offer_draw", "answer_draw", "resync",
                                                "cancel_room"};
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
                 [&](const CancelRoom& m) { j["room"] = m.room; },
             },
             incoming.message);
  return j;
}

namespace {

// Why code point `uc` may not appear in a display name, or nullptr if it may.
const char* refused_code_point(ucs4_t uc) {
  if (uc == ' ') return nullptr;
  if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Cc)) return "a control character";
  if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Zl | UC_CATEGORY_MASK_Zp)) return "a line or paragraph separator";
  if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Zs)) return "a space other than the plain space";
  if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Cf) || uc_is_property_default_ignorable_code_point(uc))
    return "an invisible or formatting character";
  if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Co)) return "a private-use character";
  if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Cs)) return "a surrogate";
  if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Cn)) return "an unassigned character";
  return nullptr;
}

std::string code_point_label(ucs4_t uc) {
  char label[16];
  std::snprintf(label, sizeof label, "U+%04X", static_cast<unsigned>(uc));
  return label;
}

}  // namespace

NameCheck check_name(std::string_view raw) {
  auto refuse = [](std::string why) { return NameCheck{{}, std::move(why)}; };
  if (raw.empty()) return refuse("the name is empty");
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(raw.data());
  // u8_check refuses malformed and overlong sequences, surrogates and code points above U+10FFFF.
  if (u8_check(bytes, raw.size()) != nullptr) return refuse("the name is not valid UTF-8");

  std::uint8_t buffer[256];
  std::size_t length = sizeof buffer;
  std::uint8_t* normal = u8_normalize(UNINORM_NFC, bytes, raw.size(), buffer, &length);
  if (normal == nullptr) return refuse("the name could not be normalised");
  std::string name(reinterpret_cast<const char*>(normal), length);
  if (normal != buffer) std::free(normal);

  // The rules apply to the NFC form, which is what is stored and shown.
  const auto* p = reinterpret_cast<const std::uint8_t*>(name.data());
  std::size_t points = 0;
  bool letter_or_number = false;
  ucs4_t previous = 0;
  for (std::size_t i = 0; i < name.size();) {
    ucs4_t uc = 0;
    int n = u8_mbtouc(&uc, p + i, name.size() - i);
    if (uc == '<' || uc == '>' || uc == '"' || uc == '&' || uc == '\\') return refuse("the name contains one of < > \" & \\");
    if (const char* kind = refused_code_point(uc))
      return refuse(std::string("the name contains ") + kind + " (" + code_point_label(uc) + ")");
    if (uc == ' ') {
      if (points == 0 || i + n == name.size()) return refuse("the name may not start or end with a space");
      if (previous == ' ') return refuse("the name may not contain two spaces in a row");
    }
    if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_M) && (points == 0 || previous == ' '))
      return refuse("the name may not start with a combining mark or have one after a space");
    if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_L | UC_CATEGORY_MASK_N)) letter_or_number = true;
    previous = uc;
    ++points;
    i += static_cast<std::size_t>(n);
  }
  if (points > kMaxNameLength) return refuse("the name is longer than " + std::to_string(kMaxNameLength) + " characters");
  if (!letter_or_number) return refuse("the name must contain at least one letter or digit");
  return NameCheck{std::move(name), {}};
}

std::string validate_name(std::string_view name) { return check_name(name).error; }

json error_message(ErrorCode code, std::string_view message, const json& id) {
  json j{{"type", "error"}, {"code", code_name(code)}, {"message", message}};
  if (!id.is_null()) j["id"] = id;
  return j;
}

}  // namespace protocol
