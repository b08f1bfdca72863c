#pragma once
// The account and admin APIs' requests and answers (PROTOCOL.md, Accounts):
// request bodies parsed and validated with precise error codes, answers as
// types with one serializer each. Pure: no I/O.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "protocol/account_types.hpp"
#include "protocol/http_messages.hpp"
#include "protocol/rating_messages.hpp"

namespace protocol {

inline constexpr std::size_t kMinPasswordBytes = 8;
inline constexpr std::size_t kMaxPasswordBytes = 128;
inline constexpr std::size_t kMaxReasonLength = 200;        // code points
inline constexpr std::int64_t kMaxSanctionMinutes = 5256000;  // ten years

// ---- requests ---------------------------------------------------------------
struct SignupRequest {
  std::string username, password, guest_token;  // guest_token empty: none
  std::string email;  // empty: none; else a verify link is sent to it (#35)
};
struct LoginRequest {
  std::string username, password;
};
struct RoleRequest {
  Role role = Role::Player;
};
struct SanctionRequest {  // ban and mute
  std::int64_t minutes = 0;
  std::string reason;
};
struct AbortRequest {
  std::string reason;
};
struct AdjudicateRequest {
  std::string result;  // 1-0 0-1 1/2-1/2
  std::string reason;
};
struct EmptyRequest {};
struct PasswordChangeRequest {  // POST /api/account/password (#43)
  std::string current, password;
};
struct CloseAccountRequest {  // POST /api/account/close (#43)
  std::string password;
};

// A refused body: 400 with this code (bad_json, bad_field, bad_username, bad_password).
struct BodyError {
  std::string code;
  std::string message;
};

template <class T>
using Parsed = std::variant<T, BodyError>;

Parsed<SignupRequest> parse_signup(std::string_view body);
Parsed<LoginRequest> parse_login(std::string_view body);
Parsed<RoleRequest> parse_role_request(std::string_view body);
Parsed<SanctionRequest> parse_sanction(std::string_view body);
Parsed<AbortRequest> parse_abort(std::string_view body);
Parsed<AdjudicateRequest> parse_adjudicate(std::string_view body);
Parsed<EmptyRequest> parse_empty(std::string_view body);  // {} or nothing at all
Parsed<PasswordChangeRequest> parse_password_change(std::string_view body);
Parsed<CloseAccountRequest> parse_close_account(std::string_view body);

// ---- answers ------------------------------------------------------------------
struct UserRow {
  AccountView account;
  std::int64_t created_at = 0;
  std::int64_t banned_until = 0;
  std::string ban_reason;
  std::int64_t muted_until = 0;
  std::string mute_reason;
};

struct UserList {
  std::vector<UserRow> users;
  int page = 1;
  int per_page = 50;
  std::int64_t total = 0;
};

struct AuditRow {
  std::int64_t id = 0;
  std::optional<AccountView> actor;  // role unused: {id, username}
  std::string action, target;
  std::string details;  // a JSON object's text
  std::string address;
  std::int64_t at = 0;
};

struct AuditList {
  std::vector<AuditRow> entries;
  int page = 1;
  int per_page = 50;
  std::int64_t total = 0;
};

struct PlayerProfile {
  std::string username;
  Role role = Role::Player;
  std::int64_t created_at = 0;
  std::int64_t games_played = 0;
  std::vector<GameRow> recent;
  std::vector<PerfRatingView> ratings;  // every perf, as of now
  std::int64_t closed_at = 0;  // its owner closed it (#43); 0: open
  bool bot = false;            // a bot account (#45)
};

Json account_json(const AccountView& a);  // {id, username, role}
Json to_json(const AccountView& m);       // {"account": {...}}
Json to_json(const UserRow& m);           // {"user": {...}}
Json to_json(const UserList& m);
Json to_json(const AuditList& m);
Json to_json(const PlayerProfile& m);     // {"player": {...}}
// {"error": {code, message, until}}: a banned account's login.
Json banned_error(std::string_view message, std::int64_t until);

}  // namespace protocol
