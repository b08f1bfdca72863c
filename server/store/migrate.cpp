#include <sqlite3.h>

#include <string>

#include "migrations.hpp"
#include "util/sha256.hpp"
#include "sqlite_connection.hpp"
#include "store.hpp"

namespace arena {
namespace {

void sha256_function(sqlite3_context* context, int, sqlite3_value** args) {
  if (sqlite3_value_type(args[0]) == SQLITE_NULL) return sqlite3_result_null(context);
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(args[0]));
  std::string digest = sha256_hex(std::string_view(text ? text : "", sqlite3_value_bytes(args[0])));
  sqlite3_result_text(context, digest.data(), static_cast<int>(digest.size()), SQLITE_TRANSIENT);
}

// The version the database is at; refuses a newer server's database, whose
// tables may mean what this server does not know.
int current_version(Connection& db, const std::vector<Migration>& all) {
  int current = std::stoi(db.text_of("SELECT coalesce(max(version), 0) FROM schema_version"));
  int latest = all.empty() ? 0 : all.back().version;
  if (current > latest)
    throw SqlError("the database is at schema version " + std::to_string(current) + ", newer than this server's " +
                   std::to_string(latest) + ": run the newer server or restore a backup");
  return current;
}

void record(Connection& db, const Migration& m, std::int64_t now) {
  db.prepare("INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)")
      .bind(1, std::int64_t{m.version})
      .bind(2, m.name)
      .bind(3, now)
      .run();
}

}  // namespace

void register_sha256(sqlite3* db) {
  if (sqlite3_create_function_v2(db, "sha256", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, sha256_function, nullptr,
                                 nullptr, nullptr) != SQLITE_OK)
    throw SqlError(std::string("sha256 function: ") + sqlite3_errmsg(db));
}

int migrate(SqliteConnection& db, std::int64_t now) {
  db.exec("CREATE TABLE IF NOT EXISTS schema_version "
          "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
  int current = current_version(db, migrations());
  // Foreign keys cannot be switched inside a transaction; each migration
  // checks them itself before committing.
  db.exec("PRAGMA foreign_keys = OFF");
  for (const Migration& m : migrations()) {
    if (m.version <= current) continue;
    try {
      Transaction t(db);
      db.exec(m.sql);
      if (db.prepare("PRAGMA foreign_key_check").step()) throw SqlError("a foreign key is broken");
      record(db, m, now);
      t.commit();
    } catch (const SqlError& e) {
      throw SqlError("migration " + std::string(m.name) + ": " + e.what());
    }
    current = m.version;
  }
  db.exec("PRAGMA foreign_keys = ON");
  return current;
}

namespace {

int migrate_postgres_locked(Connection& db, std::int64_t now) {
  // One transaction for all: a failed migration leaves nothing.
  Transaction t(db);
  db.exec("CREATE TABLE IF NOT EXISTS schema_version "
          "(version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)");
  int current = current_version(db, postgres_migrations());
  for (const Migration& m : postgres_migrations()) {
    if (m.version <= current) continue;
    try {
      db.exec(m.sql);
      record(db, m, now);
    } catch (const SqlError& e) {
      throw SqlError("migration postgres/" + std::string(m.name) + ": " + e.what());
    }
    current = m.version;
  }
  t.commit();
  return current;
}

}  // namespace

int migrate_postgres(Connection& db, std::int64_t now) {
  // Nodes starting at once migrate one after the other. The lock is the
  // session's, taken before the transaction begins: the transaction's
  // snapshot then already holds what an earlier node migrated. It is the only
  // lock of the whole database, and only migrations take it.
  db.exec("SELECT pg_advisory_lock(4751203)");
  int version = 0;
  try {
    version = migrate_postgres_locked(db, now);
  } catch (...) {
    db.exec("SELECT pg_advisory_unlock(4751203)");
    throw;
  }
  db.exec("SELECT pg_advisory_unlock(4751203)");
  return version;
}

}  // namespace arena
