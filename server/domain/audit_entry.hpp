#pragma once
// One row of the audit log: every moderator's and admin's action is stored
// with one, in the same transaction as the action itself.
#include <cstdint>
#include <optional>
#include <string>

namespace arena {

// One row of the audit log: who did what to whom, from where.
struct AuditEntry {
  std::optional<std::int64_t> actor;  // the account; none: the command line
  std::string action;                 // ban, unban, mute, unmute, set_role, abort, adjudicate, add_account
  std::string target;                 // a username or a room id
  std::string details = "{}";         // a JSON object's text
  std::string address;                // the actor's client address, or "cli"
  std::int64_t at = 0;                // ms since the epoch
};

}  // namespace arena
