#pragma once
// Names that look alike get one skeleton (#34): a guest may not take a display
// name whose skeleton is an account's username's, nor a staff word's, so that
// "Admin", "аdmin" (a Cyrillic a), "ADM1N" or "a_d-min" cannot pass for the
// account "admin". Usernames are ASCII only ([A-Za-z0-9_-]); their skeleton is
// the same function, and migrations/009_trust.sql computes it in SQL for the
// accounts that existed before: keep the ASCII steps of both in step.
#include <string>
#include <string_view>

#include "protocol/account_types.hpp"

namespace protocol {

// The skeleton of a UTF-8 name (invalid UTF-8: the bytes as they are):
//  1. NFKD (compatibility forms: fullwidth letters, ligatures, superscripts)
//     and without combining marks (accents), spaces, '_', '-' and '.';
//  2. lower case; ASCII stays as it is, any other character becomes its
//     UTS #39 skeleton (ICU's uspoof_getSkeleton: Cyrillic, Greek and other
//     look-alikes of Latin letters, ı ł ø đ ħ, ...) in lower case and without
//     combining marks; the skeletons are case-sensitive and names are not, so
//     when the lower case's skeleton is not Latin letters or digits and the
//     upper case's is, the upper case's ("к" is like "ĸ", but "К" like "K");
//  3. the ASCII look-alikes 0→o, 1→l, i→l, 5→s, then "rn"→"m", "vv"→"w".
std::string name_skeleton(std::string_view name);

// Whether a guest may not take `name`: its skeleton is that of a word staff
// would use ("admin", "moderator", "mod", "staff", "system", "server", "arena").
bool reserved_guest_name(std::string_view name);

// The `kind` of a player on the wire: "guest", "account", "moderator", "admin".
constexpr std::string_view player_kind(const std::optional<Role>& role) {
  if (!role) return "guest";
  if (*role == Role::Admin) return "admin";
  if (*role == Role::Moderator) return "moderator";
  return "account";
}

// The `kind` of an account's player: its role's, or "bot" for a bot account (#45).
constexpr std::string_view account_kind(Role role, bool bot) { return bot ? "bot" : player_kind(role); }

}  // namespace protocol
