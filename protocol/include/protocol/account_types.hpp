#pragma once
// The roles of accounts, each with its one wire name (the same text is stored
// in the database). Higher roles may do everything lower ones may.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace protocol {

enum class Role { Player, Moderator, Admin };

constexpr std::string_view role_name(Role r) {
  constexpr std::string_view kNames[] = {"player", "moderator", "admin"};
  return kNames[static_cast<int>(r)];
}

constexpr std::optional<Role> parse_role(std::string_view name) {
  for (int i = 0; i <= static_cast<int>(Role::Admin); ++i)
    if (role_name(static_cast<Role>(i)) == name) return static_cast<Role>(i);
  return std::nullopt;
}

// An account as others see it.
struct AccountView {
  std::int64_t id = 0;
  std::string username;
  Role role = Role::Player;
  bool bot = false;  // a bot account (#45): "bot": true on the wire, absent otherwise
};

// Usernames: 3..20 of [A-Za-z0-9_-] (PROTOCOL.md, Accounts).
constexpr bool username_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

constexpr bool valid_username(std::string_view name) {
  if (name.size() < 3 || name.size() > 20) return false;
  for (char c : name)
    if (!username_char(c)) return false;
  return true;
}

}  // namespace protocol
