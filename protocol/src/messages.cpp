#include "protocol/messages.hpp"

#include "engine/registry.hpp"
#include "protocol/overloaded.hpp"
#include "protocol/room_id.hpp"
#include "protocol/server_messages.hpp"  // clock_json

#include <cctype>
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

constexpr std::array<std::pair<ErrorCode, std::string_view>, 38> kCodes{{
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
    {ErrorCode::NotAbortable, "not_abortable"},
    {ErrorCode::NoClaim, "no_claim"},
    {ErrorCode::GameNotOver, "game_not_over"},
    {ErrorCode::Muted, "muted"},
    {ErrorCode::NameReserved, "name_reserved"},
    {ErrorCode::Blocked, "blocked"},
    {ErrorCode::GuestChatOff, "guest_chat_off"},
    {ErrorCode::NodeTimeout, "node_timeout"},
    {ErrorCode::TooManySeeks, "too_many_seeks"},
    {ErrorCode::NoLiveClock, "no_live_clock"},
    {ErrorCode::NoTakeback, "no_takeback"},
    {ErrorCode::NoPremove, "no_premove"},
    {ErrorCode::NoConditional, "no_conditional"},
    {ErrorCode::RatingOutOfRange, "rating_out_of_range"},
}};

constexpr std::size_t kMaxToken = 64;
constexpr std::size_t kMaxAction = 64;
constexpr std::size_t kMaxNameBytes = 4 * kMaxNameLength;
// Before NFC a decomposed text takes more code points than after it; the frame bounds it anyway.
constexpr std::size_t kMaxChatBytes = 12 * kMaxChatLength;
constexpr std::int64_t kMaxSeekRating = 4000;  // a seek's rating bounds: above every rating Glicko-2 gives here

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

  // An array of strings that must be there, at most `most` of at most `max_bytes` each, none empty.
  std::vector<std::string> texts(const std::string& name, std::size_t most, std::size_t max_bytes) {
    const json* v = get(name);
    if (!v || !v->is_array()) throw FieldError{ErrorCode::BadField, "'" + name + "' must be an array of strings"};
    if (v->size() > most) throw FieldError{ErrorCode::BadField, "'" + name + "' holds more than " + std::to_string(most) + " entries"};
    std::vector<std::string> out;
    for (const json& e : *v) {
      if (!e.is_string() || e.get_ref<const std::string&>().empty())
        throw FieldError{ErrorCode::BadField, "'" + name + "' must hold strings that are not empty"};
      if (e.get_ref<const std::string&>().size() > max_bytes)
        throw FieldError{ErrorCode::BadField, "an entry of '" + name + "' is longer than " + std::to_string(max_bytes) + " bytes"};
      out.push_back(e.get<std::string>());
    }
    return out;
  }

  // A boolean that must be there (an answer's `accept`).
  bool required_boolean(const std::string& name) {
    const json* v = get(name);
    if (!v || !v->is_boolean()) throw FieldError{ErrorCode::BadField, "'" + name + "' must be true or false"};
    return v->get<bool>();
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

  // A nested object's fields, read the same way (and finished by the caller).
  std::optional<Fields> object(const std::string& name) {
    const json* v = get(name);
    if (!v || v->is_null()) return std::nullopt;
    if (!v->is_object()) throw FieldError{ErrorCode::BadField, "'" + name + "' must be an object"};
    return Fields(*v);
  }

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

// A time control object's fields (throws FieldError).
TimeControl clock_from(Fields& clock) {
  TimeControl c;
  std::string kind = clock.one_of("kind", {"live", "correspondence"}, std::nullopt);
  if (kind == "live") {
    c.kind = TimeControl::Kind::Live;
    c.initial_ms = clock.integer("initial_ms", 0, TimeControl::kMaxInitialMs, std::nullopt);
    c.increment_ms = clock.integer("increment_ms", 0, TimeControl::kMaxIncrementMs, std::nullopt);
  } else {
    c.kind = TimeControl::Kind::Correspondence;
    c.days_per_move = static_cast<int>(clock.integer("days_per_move", 1, TimeControl::kMaxDaysPerMove, std::nullopt));
  }
  clock.finish();
  if (auto problem = c.check(); !problem.empty()) throw FieldError{ErrorCode::BadField, "clock: " + problem};
  return c;
}

// create_room's `clock`: absent or null is untimed.
TimeControl read_clock(Fields& f) {
  auto clock = f.object("clock");
  if (!clock) return {};
  return clock_from(*clock);
}

}  // namespace

std::variant<TimeControl, std::string> parse_time_control(const json& value) {
  if (!value.is_object()) return std::string("'clock' must be an object");
  try {
    Fields clock(value);
    return clock_from(clock);
  } catch (const FieldError& e) {
    return e.message;
  }
}

namespace {

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
  if (type == "ping") return Ping{};
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
    m.clock = read_clock(f);
    m.rated = f.boolean("rated", false);
    m.bot = static_cast<int>(f.integer("bot", 1, 6, 0));
    if (m.bot && m.rated) throw FieldError{ErrorCode::BadField, "a game against the computer is never rated"};
    m.rating_min = static_cast<int>(f.integer("rating_min", 0, kMaxSeekRating, 0));
    m.rating_max = static_cast<int>(f.integer("rating_max", 0, kMaxSeekRating, 0));
    if (m.rating_min && m.rating_max && m.rating_min > m.rating_max)
      throw FieldError{ErrorCode::BadField, "rating_min must not be above rating_max"};
    if (m.bot && (m.rating_min || m.rating_max)) throw FieldError{ErrorCode::BadField, "the computer has no rating to range over"};
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
    if (f.get("think_ms")) m.think_ms = f.integer("think_ms", 0, 2000000000, std::nullopt);
    return m;
  }
  if (type == "resign") return Resign{f.room()};
  if (type == "offer_draw") return DrawOffer{f.room()};
  if (type == "answer_draw") return DrawAnswer{f.room(), f.required_boolean("accept")};  // braces: in order
  if (type == "resync") {
    Resync m;
    m.room = f.room();
    m.since = f.integer("since", 0, 1000000000, std::nullopt);
    m.chat_since = f.integer("chat_since", 0, 1000000000, 0);
    return m;
  }
  if (type == "cancel_room") return CancelRoom{f.room()};
  if (type == "abort") return Abort{f.room()};
  if (type == "claim_victory") return Claim{f.room(), false};
  if (type == "claim_draw") return Claim{f.room(), true};
  if (type == "rematch") return Rematch{f.room()};
  if (type == "give_time") return GiveTime{f.room()};
  if (type == "offer_takeback") return TakebackOffer{f.room()};
  if (type == "answer_takeback") return TakebackAnswer{f.room(), f.required_boolean("accept")};
  if (type == "premove") return Premove{f.room(), f.optional_text("action", kMaxAction)};  // braces: in order
  if (type == "conditional") {
    Conditional m;
    m.room = f.room();
    m.line = f.texts("line", kMaxConditionalEntries, kMaxConditionalEntryBytes);
    if (m.line.size() % 2 != 0)
      throw FieldError{ErrorCode::BadField, "'line' must hold pairs: their turn, then yours"};
    return m;
  }
  if (type == "chat") {
    Chat m;
    m.room = f.room();
    m.text = f.text("text", kMaxChatBytes);
    return m;
  }
  if (type == "delete_chat") {
    DeleteChat m;
    m.room = f.room();
    m.seq = f.integer("seq", 1, 1000000000, std::nullopt);
    return m;
  }
  if (type == "seek") {
    Seek m;
    m.game = f.one_of("game", names(engine::games()), std::nullopt);
    m.variant = f.one_of("variant", names(engine::find_game(m.game)->variants), std::nullopt);
    m.clock = read_clock(f);
    if (!m.clock.timed()) throw FieldError{ErrorCode::BadField, "a seek needs a clock: live or correspondence"};
    m.rated = f.boolean("rated", false);
    m.rating_min = static_cast<int>(f.integer("rating_min", 0, kMaxSeekRating, 0));
    m.rating_max = static_cast<int>(f.integer("rating_max", 0, kMaxSeekRating, 0));
    if (m.rating_min && m.rating_max && m.rating_min > m.rating_max)
      throw FieldError{ErrorCode::BadField, "rating_min must not be above rating_max"};
    return m;
  }
  if (type == "seek_cancel") return SeekCancel{};
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
    if (auto* chat = std::get_if<Chat>(&message)) {
      auto checked = check_chat_text(chat->text);
      if (!checked.error.empty()) return Error{ErrorCode::BadField, checked.error, id};
      chat->text = std::move(checked.name);
    }
    return Incoming{id, std::move(message)};
  } catch (const FieldError& e) {
    return Error{e.code, e.message, id};
  }
}

std::string_view type_name(const ClientMessage& message) {
  static constexpr std::string_view kNames[] = {"hello",      "set_name",    "lobby_subscribe", "create_room", "join_room",
                                                "watch",      "leave",       "action",          "resign",      "offer_draw",
                                                "answer_draw", "resync",     "cancel_room",     "abort",       "claim_victory",
                                                "rematch",    "chat",        "delete_chat",     "ping",        "seek",
                                                "seek_cancel", "give_time", "offer_takeback", "answer_takeback",
                                                "premove",    "conditional"};
  static_assert(std::size(kNames) == std::variant_size_v<ClientMessage>);
  if (auto* claim = std::get_if<Claim>(&message); claim && claim->draw) return "claim_draw";
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
                   if (m.clock.live())
                     j["clock"] = {{"kind", "live"}, {"initial_ms", m.clock.initial_ms}, {"increment_ms", m.clock.increment_ms}};
                   else if (m.clock.timed())
                     j["clock"] = {{"kind", "correspondence"}, {"days_per_move", m.clock.days_per_move}};
                   if (m.rated) j["rated"] = true;
                   if (m.bot) j["bot"] = m.bot;
                   if (m.rating_min) j["rating_min"] = m.rating_min;
                   if (m.rating_max) j["rating_max"] = m.rating_max;
                 },
                 [&](const JoinRoom& m) { j["room"] = m.room; },
                 [&](const Watch& m) { j["room"] = m.room; },
                 [&](const Leave& m) { j["room"] = m.room; },
                 [&](const Play& m) {
                   j["room"] = m.room;
                   j["ply"] = m.ply;
                   j["action"] = m.action;
                   if (m.think_ms) j["think_ms"] = *m.think_ms;
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
                   if (m.chat_since) j["chat_since"] = m.chat_since;
                 },
                 [&](const CancelRoom& m) { j["room"] = m.room; },
                 [&](const Abort& m) { j["room"] = m.room; },
                 [&](const Claim& m) { j["room"] = m.room; },
                 [&](const Rematch& m) { j["room"] = m.room; },
                 [&](const GiveTime& m) { j["room"] = m.room; },
                 [&](const TakebackOffer& m) { j["room"] = m.room; },
                 [&](const TakebackAnswer& m) {
                   j["room"] = m.room;
                   j["accept"] = m.accept;
                 },
                 [&](const Premove& m) {
                   j["room"] = m.room;
                   j["action"] = m.action ? json(*m.action) : json(nullptr);
                 },
                 [&](const Conditional& m) {
                   j["room"] = m.room;
                   j["line"] = m.line;
                 },
                 [&](const Chat& m) {
                   j["room"] = m.room;
                   j["text"] = m.text;
                 },
                 [&](const DeleteChat& m) {
                   j["room"] = m.room;
                   j["seq"] = m.seq;
                 },
                 [&](const Ping&) {},
                 [&](const Seek& m) {
                   j["game"] = m.game;
                   j["variant"] = m.variant;
                   j["clock"] = clock_json(m.clock);
                   if (m.rated) j["rated"] = true;
                   if (m.rating_min) j["rating_min"] = m.rating_min;
                   if (m.rating_max) j["rating_max"] = m.rating_max;
                 },
                 [&](const SeekCancel&) {},
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

namespace {

// The rules for characters that names and chat share; `name` adds the rules
// for spaces and the letter or digit a name needs. `what` names the text in errors.
NameCheck check_text(std::string_view raw, std::size_t max_points, bool name_rules, const std::string& what) {
  auto refuse = [](std::string why) { return NameCheck{{}, std::move(why)}; };
  if (raw.empty()) return refuse(what + " is empty");
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(raw.data());
  // u8_check refuses malformed and overlong sequences, surrogates and code points above U+10FFFF.
  if (u8_check(bytes, raw.size()) != nullptr) return refuse(what + " is not valid UTF-8");

  std::uint8_t buffer[1024];
  std::size_t length = sizeof buffer;
  std::uint8_t* normal = u8_normalize(UNINORM_NFC, bytes, raw.size(), buffer, &length);
  if (normal == nullptr) return refuse(what + " could not be normalised");
  std::string text(reinterpret_cast<const char*>(normal), length);
  if (normal != buffer) std::free(normal);

  // The rules apply to the NFC form, which is what is stored and shown.
  const auto* p = reinterpret_cast<const std::uint8_t*>(text.data());
  std::size_t points = 0;
  bool letter_or_number = false, visible = false;
  ucs4_t previous = 0;
  for (std::size_t i = 0; i < text.size();) {
    ucs4_t uc = 0;
    int n = u8_mbtouc(&uc, p + i, text.size() - i);
    if (const char* kind = refused_code_point(uc))
      return refuse(what + " contains " + kind + " (" + code_point_label(uc) + ")");
    if (uc == ' ' && name_rules) {
      if (points == 0 || i + n == text.size()) return refuse(what + " may not start or end with a space");
      if (previous == ' ') return refuse(what + " may not contain two spaces in a row");
    }
    if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_M) && (points == 0 || previous == ' '))
      return refuse(what + " may not start with a combining mark or have one after a space");
    if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_L | UC_CATEGORY_MASK_N)) letter_or_number = true;
    if (uc != ' ') visible = true;
    previous = uc;
    ++points;
    i += static_cast<std::size_t>(n);
  }
  if (points > max_points) return refuse(what + " is longer than " + std::to_string(max_points) + " characters");
  if (name_rules && !letter_or_number) return refuse(what + " must contain at least one letter or digit");
  if (!visible) return refuse(what + " is only spaces");
  return NameCheck{std::move(text), {}};
}

}  // namespace

NameCheck check_name(std::string_view raw) {
  NameCheck check = check_text(raw, kMaxNameLength, true, "the name");
  // "Bot level N" is the computer's name (the server's bot players): nobody may pass for it.
  std::string lower;
  for (char c : check.name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.rfind("bot level", 0) == 0) return {{}, "the name \"Bot level ...\" belongs to the computer"};
  return check;
}

NameCheck check_chat_text(std::string_view raw) { return check_text(raw, kMaxChatLength, false, "the message"); }

std::string validate_name(std::string_view name) { return check_name(name).error; }

json error_message(ErrorCode code, std::string_view message, const json& id) {
  json j{{"type", "error"}, {"code", code_name(code)}, {"message", message}};
  if (!id.is_null()) j["id"] = id;
  return j;
}

}  // namespace protocol
