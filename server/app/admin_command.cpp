#include "app/admin_command.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sqlite3.h>

#include "account/password_hasher.hpp"
#include "protocol/account_messages.hpp"
#include "store/sqlite_connection.hpp"
#include "store/sql_queries.hpp"
#include "store/sql_store.hpp"

namespace arena {
namespace {

using protocol::Role;

struct Parsed {
  std::vector<std::string> words;  // the command and its operands
  std::string db;
  std::string role = "player";
  std::string error;
};

Parsed parse(const std::vector<std::string>& args, std::optional<std::string> (*env)(const char*)) {
  Parsed p;
  // As the server reads them: --store (GIPF_ARENA_STORE) wins over --db (GIPF_ARENA_DB).
  p.db = env("GIPF_ARENA_STORE").value_or(env("GIPF_ARENA_DB").value_or("gipf-arena.db"));
  bool store_given = env("GIPF_ARENA_STORE").has_value();
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--db" || a == "--store" || a == "--role") {
      if (i + 1 >= args.size()) {
        p.error = a + " needs a value";
        return p;
      }
      const std::string& value = args[++i];
      if (a == "--role") {
        p.role = value;
      } else if (a == "--store" || !store_given) {
        p.db = value;
        store_given = store_given || a == "--store";
      }
    } else if (a.rfind("--", 0) == 0) {
      p.error = "unknown argument '" + a + "'";
      return p;
    } else {
      p.words.push_back(a);
    }
  }
  return p;
}

// Runs one store call to its completion on a private io_context.
template <class T, class Call>
Stored<T> wait_for(Call call) {
  boost::asio::io_context io;
  // The completion is posted from the store's thread: run() must wait for it.
  auto work = boost::asio::make_work_guard(io);
  Stored<T> answer;
  call(io.get_executor(), [&answer, &work](Stored<T> a) {
    answer = std::move(a);
    work.reset();
  });
  io.run();
  return answer;
}

AuditEntry cli_audit(std::string action, std::string target, std::string details) {
  return AuditEntry{std::nullopt, std::move(action), std::move(target), std::move(details), "cli", system_now_ms()};
}

int add_account(SqlStore& store, const std::string& username, Role role, std::istream& in, std::ostream& out,
                std::ostream& err) {
  std::string password;
  std::getline(in, password);
  if (!password.empty() && password.back() == '\r') password.pop_back();
  if (password.size() < protocol::kMinPasswordBytes || password.size() > protocol::kMaxPasswordBytes) {
    err << "gipf-arena admin: a password has 8 to 128 bytes (read one line from standard input)\n";
    return 2;
  }
  NewAccount account;
  account.username = username;
  account.password_hash = PasswordHasher::hash_now(password);
  account.role = role;
  account.audit = cli_audit("add_account", username, nlohmann::json{{"role", protocol::role_name(role)}}.dump());
  if (account.password_hash.empty()) {
    err << "gipf-arena admin: the password could not be hashed (out of memory?)\n";
    return 1;
  }
  auto created = wait_for<CreatedAccount>([&](auto ex, auto reply) { store.create_account(account, ex, reply); });
  if (!created.ok()) {
    err << "gipf-arena admin: " << created.error << "\n";
    return 1;
  }
  if (created.value.taken) {
    err << "gipf-arena admin: the username '" << username << "' is taken\n";
    return 1;
  }
  out << "account " << created.value.account.id << " '" << username << "' created with role " << protocol::role_name(role)
      << "\n";
  return 0;
}

int set_role(SqlStore& store, const std::string& username, Role role, std::ostream& out, std::ostream& err) {
  auto found = wait_for<std::optional<AccountRecord>>([&](auto ex, auto reply) { store.find_account(username, ex, reply); });
  if (!found.ok() || !found.value) {
    err << "gipf-arena admin: " << (found.ok() ? "no account '" + username + "'" : found.error) << "\n";
    return 1;
  }
  AccountChange change;
  change.account = found.value->id;
  change.role = role;
  change.audit = cli_audit("set_role", found.value->username,
                           nlohmann::json{{"from", protocol::role_name(found.value->role)}, {"to", protocol::role_name(role)}}.dump());
  auto changed = wait_for<AccountRecord>([&](auto ex, auto reply) { store.change_account(change, ex, reply); });
  if (!changed.ok()) {
    err << "gipf-arena admin: " << changed.error << "\n";
    return 1;
  }
  out << "'" << changed.value.username << "' is now " << protocol::role_name(role) << "\n";
  return 0;
}

// A consistent copy of the database while the server writes to it: VACUUM INTO
// reads one snapshot (WAL readers never block the writer) and writes a compact
// file; the copy is checked before the command says it is done.
int backup(const std::string& db_path, const std::string& target, std::ostream& out, std::ostream& err) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(db_path, ec)) {
    err << "gipf-arena admin: no database at '" << db_path << "'\n";
    return 1;
  }
  if (std::filesystem::exists(target, ec)) {
    err << "gipf-arena admin: '" << target << "' exists: a backup never overwrites a file\n";
    return 1;
  }
  SqliteConnection db(db_path, SQLITE_OPEN_READWRITE);
  sqlite3_busy_timeout(db.handle(), 10000);  // the server's writes are short
  {
    Transaction audit(db);  // in the copy too: it is written first
    sql::insert_audit(db, cli_audit("backup", target, "{}"));
    audit.commit();
  }
  db.prepare("VACUUM INTO ?").bind(1, std::string_view(target)).run();
  SqliteConnection copy(target, SQLITE_OPEN_READONLY);
  std::string check = copy.text_of("PRAGMA integrity_check");
  if (check != "ok") {
    err << "gipf-arena admin: the copy '" << target << "' fails its integrity check: " << check << "\n";
    return 1;
  }
  out << "backup of '" << db_path << "' written to '" << target << "' (" << std::filesystem::file_size(target, ec)
      << " bytes, integrity ok)\n";
  return 0;
}

}  // namespace

std::string admin_help_text() {
  return "usage: gipf-arena admin add-account USERNAME [--role ROLE] [--db FILE | --store STORE]\n"
         "       gipf-arena admin set-role USERNAME ROLE [--db FILE | --store STORE]\n"
         "       gipf-arena admin backup TARGET [--db FILE]\n\n"
         "add-account reads the password from standard input (one line, 8 to 128 bytes).\n"
         "ROLE is player, moderator or admin (add-account: default player). backup writes a\n"
         "consistent, checked copy of the database to TARGET (a new file) while the server\n"
         "runs (an SQLite store; PostgreSQL's is pg_dump). STORE is sqlite:FILE or\n"
         "postgres://…, as the server's --store; it defaults to $GIPF_ARENA_STORE, FILE to\n"
         "$GIPF_ARENA_DB, else gipf-arena.db. Every command is written to the audit log.\n";
}

int run_admin_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
                      std::optional<std::string> (*env)(const char*)) {
  Parsed p = parse(args, env);
  bool help = args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help";
  if (help) {
    out << admin_help_text();
    return 0;
  }
  const bool add = !p.words.empty() && p.words[0] == "add-account" && p.words.size() == 2;
  const bool set = !p.words.empty() && p.words[0] == "set-role" && p.words.size() == 3;
  const bool copy = !p.words.empty() && p.words[0] == "backup" && p.words.size() == 2;
  if (!p.error.empty() || (!add && !set && !copy)) {
    err << "gipf-arena admin: " << (p.error.empty() ? "unknown command" : p.error) << "\n" << admin_help_text();
    return 2;
  }
  if (copy) {
    if (StoreLocation::parse(p.db).postgres) {
      err << "gipf-arena admin: backup copies an SQLite store; back a PostgreSQL one up with pg_dump\n";
      return 2;
    }
    try {
      return backup(StoreLocation::parse(p.db).target, p.words[1], out, err);
    } catch (const std::exception& e) {
      err << "gipf-arena admin: the backup failed: " << e.what() << "\n";
      return 1;
    }
  }
  const std::string& username = p.words[1];
  auto role = protocol::parse_role(set ? p.words[2] : p.role);
  if (!protocol::valid_username(username) || !role) {
    err << "gipf-arena admin: " << (role ? "a username has 3 to 20 of A-Z a-z 0-9 _ -" : "ROLE is player, moderator or admin")
        << "\n";
    return 2;
  }
  try {
    SqlStore store(p.db, SqlStore::Access::kTool);
    return add ? add_account(store, username, *role, in, out, err) : set_role(store, username, *role, out, err);
  } catch (const std::exception& e) {
    err << "gipf-arena admin: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace arena
