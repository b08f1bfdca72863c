#pragma once
// `gipf-arena admin ...`: the commands an operator runs on the database, with
// the server running or not (SQLite serialises the writes):
//   gipf-arena admin add-account USERNAME [--role ROLE] [--db FILE]
//       (the password is read from standard input, one line)
//   gipf-arena admin set-role USERNAME ROLE [--db FILE]
//   gipf-arena admin backup TARGET [--db FILE]
//       (a checked copy taken while the server runs)
// Each is audited (actor none, address "cli").
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace arena {

// Runs the command in `args` (the words after "admin"); the exit status.
// `env` looks a variable up (GIPF_ARENA_DB).
int run_admin_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
                      std::optional<std::string> (*env)(const char*));
std::string admin_help_text();

}  // namespace arena
