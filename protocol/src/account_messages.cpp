#include "protocol/account_messages.hpp"

#include <set>

namespace protocol {
namespace {

// The body as an object with only `allowed` fields, or why not.
std::variant<Json, BodyError> object_of(std::string_view body, const std::set<std::string_view>& allowed) {
  Json j = Json::parse(body.begin(), body.end(), nullptr, false);
  if (j.is_discarded()) return BodyError{"bad_json", "the body is not JSON"};
  if (!j.is_object()) return BodyError{"bad_json", "the body must be a JSON object"};
  for (auto& [key, value] : j.items())
    if (!allowed.count(key)) return BodyError{"bad_field", "unknown field '" + key + "'"};
  return j;
}

// The string field `name`, or an error; `required` false: "" when absent.
std::variant<std::string, BodyError> text_field(const Json& j, const char* name, bool required = true) {
  auto it = j.find(name);
  if (it == j.end()) {
    if (!required) return std::string();
    return BodyError{"bad_field", std::string("'") + name + "' is missing"};
  }
  if (!it->is_string()) return BodyError{"bad_field", std::string("'") + name + "' must be a string"};
  return it->get<std::string>();
}

// A moderator's reason: 1..200 code points of text, no control characters
// (the JSON parser has checked that it is UTF-8).
std::variant<std::string, BodyError> reason_field(const Json& j) {
  auto text = text_field(j, "reason");
  if (auto* e = std::get_if<BodyError>(&text)) return *e;
  std::string reason = std::move(std::get<std::string>(text));
  std::size_t points = 0;
  for (unsigned char c : reason) {
    if (c < 0x20 || c == 0x7f) return BodyError{"bad_field", "'reason' may not hold control characters"};
    if ((c & 0xC0) != 0x80) ++points;
  }
  if (points == 0 || points > kMaxReasonLength) return BodyError{"bad_field", "'reason' must have 1 to 200 characters"};
  return reason;
}

std::variant<std::int64_t, BodyError> minutes_field(const Json& j) {
  auto it = j.find("minutes");
  if (it == j.end()) return BodyError{"bad_field", "'minutes' is missing"};
  if (!it->is_number_integer() || it->get<std::int64_t>() < 1 || it->get<std::int64_t>() > kMaxSanctionMinutes)
    return BodyError{"bad_field", "'minutes' must be a whole number from 1 to 5256000"};
  return it->get<std::int64_t>();
}

// Unwraps a field or returns its error from the enclosing function.
#define TAKE(var, expr)                                          \
  auto var##_taken = (expr);                                     \
  if (auto* e = std::get_if<BodyError>(&var##_taken)) return *e; \
  auto var = std::move(std::get<0>(var##_taken))

std::optional<BodyError> credentials_error(const std::string& username, const std::string& password) {
  if (!valid_username(username))
    return BodyError{"bad_username", "a username has 3 to 20 characters: letters A-Z a-z, digits, _ and -"};
  if (password.size() < kMinPasswordBytes || password.size() > kMaxPasswordBytes)
    return BodyError{"bad_password", "a password has 8 to 128 bytes"};
  return std::nullopt;
}

Json row_json(const UserRow& u) {
  Json j = account_json(u.account);
  j["created_at"] = u.created_at;
  j["banned_until"] = u.banned_until;
  j["ban_reason"] = u.ban_reason;
  j["muted_until"] = u.muted_until;
  j["mute_reason"] = u.mute_reason;
  return j;
}

}  // namespace

Parsed<SignupRequest> parse_signup(std::string_view body) {
  TAKE(j, object_of(body, {"username", "password", "guest_token"}));
  TAKE(username, text_field(j, "username"));
  TAKE(password, text_field(j, "password"));
  TAKE(guest, text_field(j, "guest_token", false));
  if (auto e = credentials_error(username, password)) return *e;
  if (guest.size() > 64) return BodyError{"bad_field", "'guest_token' has at most 64 characters"};
  return SignupRequest{std::move(username), std::move(password), std::move(guest)};
}

Parsed<LoginRequest> parse_login(std::string_view body) {
  TAKE(j, object_of(body, {"username", "password"}));
  TAKE(username, text_field(j, "username"));
  TAKE(password, text_field(j, "password"));
  // Malformed credentials name no account: the service answers them as wrong ones.
  return LoginRequest{std::move(username), std::move(password)};
}

Parsed<RoleRequest> parse_role_request(std::string_view body) {
  TAKE(j, object_of(body, {"role"}));
  TAKE(name, text_field(j, "role"));
  auto role = parse_role(name);
  if (!role) return BodyError{"bad_field", "'role' must be player, moderator or admin"};
  return RoleRequest{*role};
}

Parsed<SanctionRequest> parse_sanction(std::string_view body) {
  TAKE(j, object_of(body, {"minutes", "reason"}));
  TAKE(minutes, minutes_field(j));
  TAKE(reason, reason_field(j));
  return SanctionRequest{minutes, std::move(reason)};
}

Parsed<AbortRequest> parse_abort(std::string_view body) {
  TAKE(j, object_of(body, {"reason"}));
  TAKE(reason, reason_field(j));
  return AbortRequest{std::move(reason)};
}

Parsed<AdjudicateRequest> parse_adjudicate(std::string_view body) {
  TAKE(j, object_of(body, {"result", "reason"}));
  TAKE(result, text_field(j, "result"));
  if (result != "1-0" && result != "0-1" && result != "1/2-1/2")
    return BodyError{"bad_field", "'result' must be 1-0, 0-1 or 1/2-1/2"};
  TAKE(reason, reason_field(j));
  return AdjudicateRequest{std::move(result), std::move(reason)};
}

Parsed<EmptyRequest> parse_empty(std::string_view body) {
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return EmptyRequest{};
  TAKE(j, object_of(body, {}));
  (void)j;
  return EmptyRequest{};
}

#undef TAKE

Json account_json(const AccountView& a) { return {{"id", a.id}, {"username", a.username}, {"role", role_name(a.role)}}; }

Json to_json(const AccountView& m) { return {{"account", account_json(m)}}; }

Json to_json(const UserRow& m) { return {{"user", row_json(m)}}; }

Json to_json(const UserList& m) {
  Json users = Json::array();
  for (const auto& u : m.users) users.push_back(row_json(u));
  return {{"users", std::move(users)}, {"page", m.page}, {"per_page", m.per_page}, {"total", m.total}};
}

Json to_json(const AuditList& m) {
  Json entries = Json::array();
  for (const auto& e : m.entries) {
    Json details = Json::parse(e.details, nullptr, false);
    if (details.is_discarded()) details = Json::object();
    entries.push_back({{"id", e.id},
                       {"actor", e.actor ? Json{{"id", e.actor->id}, {"username", e.actor->username}} : Json(nullptr)},
                       {"action", e.action},
                       {"target", e.target},
                       {"details", std::move(details)},
                       {"address", e.address},
                       {"at", e.at}});
  }
  return {{"entries", std::move(entries)}, {"page", m.page}, {"per_page", m.per_page}, {"total", m.total}};
}

Json to_json(const PlayerProfile& m) {
  Json recent = Json::array();
  for (const auto& g : m.recent) recent.push_back(to_json(g));
  return {{"player",
           {{"username", m.username},
            {"role", role_name(m.role)},
            {"created_at", m.created_at},
            {"created", m.created_at},
            {"games_played", m.games_played},
            {"recent", std::move(recent)},
            {"ratings", ratings_json(m.ratings)}}}};
}

Json banned_error(std::string_view message, std::int64_t until) {
  return {{"error", {{"code", "banned"}, {"message", message}, {"until", until}}}};
}

}  // namespace protocol
