#include "protocol/account_messages.hpp"

#include "body_fields.hpp"

namespace protocol {
namespace {

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
  TAKE(j, object_of(body, {"username", "password", "guest_token", "email"}));
  TAKE(username, text_field(j, "username"));
  TAKE(password, text_field(j, "password"));
  TAKE(guest, text_field(j, "guest_token", false));
  TAKE(email, text_field(j, "email", false));
  if (auto e = credentials_error(username, password)) return *e;
  if (guest.size() > 64) return BodyError{"bad_field", "'guest_token' has at most 64 characters"};
  if (email.size() > 254) return BodyError{"bad_email", "'email' has at most 254 characters"};
  return SignupRequest{std::move(username), std::move(password), std::move(guest), std::move(email)};
}

Parsed<LoginRequest> parse_login(std::string_view body) {
  TAKE(j, object_of(body, {"username", "password"}));
  TAKE(username, text_field(j, "username"));
  TAKE(password, text_field(j, "password"));
  // Malformed credentials name no account: the service answers them as wrong ones.
  return LoginRequest{std::move(username), std::move(password)};
}

Parsed<PasswordChangeRequest> parse_password_change(std::string_view body) {
  TAKE(j, object_of(body, {"current", "password"}));
  TAKE(current, text_field(j, "current"));
  TAKE(password, text_field(j, "password"));
  // The current password is checked by the service (a wrong one as a failed login); the new one's length too.
  return PasswordChangeRequest{std::move(current), std::move(password)};
}

Parsed<CloseAccountRequest> parse_close_account(std::string_view body) {
  TAKE(j, object_of(body, {"password"}));
  TAKE(password, text_field(j, "password"));
  return CloseAccountRequest{std::move(password)};
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
  TAKE(minutes, integer_field(j, "minutes", 1, kMaxSanctionMinutes, std::nullopt));
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

Json account_json(const AccountView& a) {
  Json j{{"id", a.id}, {"username", a.username}, {"role", role_name(a.role)}};
  if (a.bot) j["bot"] = true;
  return j;
}

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
            {"ratings", ratings_json(m.ratings)},
            {"closed", m.closed_at > 0},
            {"bot", m.bot}}}};
}

Json banned_error(std::string_view message, std::int64_t until) {
  return {{"error", {{"code", "banned"}, {"message", message}, {"until", until}}}};
}

}  // namespace protocol
