#include <sqlite3.h>

#include <string>

#include "migrations.hpp"
#include "sha256.hpp"
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

}  // namespace

void register_sha256(sqlite3* db) {
  if (sqlite3_create_function_v2(db, "sha256", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, sha256_function, nullptr,
                                 nullptr, nullptr) != SQLITE_OK)
    throw SqliteError(std::string("sha256 function: ") + sqlite3_errmsg(db));
}

int migrate(Connection& db) {
  db.exec("CREATE TABLE IF NOT EXISTS schema_version "
          "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
  int current = std::stoi(db.text_of("SELECT coalesce(max(version), 0) FROM schema_version"));
  int latest = migrations().empty() ? 0 : migrations().back().version;
  // A newer server's database: its tables may mean what this server does not know.
  if (current > latest)
    throw SqliteError("the database is at schema version " + std::to_string(current) + ", newer than this server's " +
                      std::to_string(latest) + ": run the newer server or restore a backup");
  // Foreign keys cannot be switched inside a transaction; each migration
  // checks them itself before committing.
  db.exec("PRAGMA foreign_keys = OFF");
  for (const Migration& m : migrations()) {
    if (m.version <= current) continue;
    try {
      Transaction t(db);
      db.exec(m.sql);
      if (db.prepare("PRAGMA foreign_key_check").step()) throw SqliteError("a foreign key is broken");
      db.prepare("INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)")
          .bind(1, std::int64_t{m.version})
          .bind(2, m.name)
          .bind(3, now_ms())
          .run();
      t.commit();
    } catch (const SqliteError& e) {
      throw SqliteError("migration " + std::string(m.name) + ": " + e.what());
    }
    current = m.version;
  }
  db.exec("PRAGMA foreign_keys = ON");
  return current;
}

}  // namespace arena
