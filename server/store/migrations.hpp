#pragma once
// The numbered SQL migrations, compiled in (embed_migrations.cmake): SQLite's
// from migrations/*.sql, PostgreSQL's from migrations/postgres/*.sql. Each is
// plain SQL: applying one runs its text and records its version, nothing else,
// so any backend's migrations are just files. SQLite migrations may call the
// SQL function sha256(text), registered on the connection that migrates.
#include <string_view>
#include <vector>

struct sqlite3;

namespace arena {

class Connection;
class SqliteConnection;

struct Migration {
  int version;
  std::string_view name;
  std::string_view sql;
};

const std::vector<Migration>& migrations();           // SQLite's, in version order
const std::vector<Migration>& postgres_migrations();  // PostgreSQL's, in version order

// sha256(text) -> 64 lower-case hex digits (NULL stays NULL), deterministic.
void register_sha256(sqlite3* db);

// Applies each migration newer than the database in its own transaction, with
// foreign keys off (SQLite rebuilds a table to change a constraint) and
// checked before the commit. Returns the schema version reached.
int migrate(SqliteConnection& db, std::int64_t now);
// The same on PostgreSQL, under an advisory lock so that nodes starting at
// once migrate one after the other.
int migrate_postgres(Connection& db, std::int64_t now);

}  // namespace arena
