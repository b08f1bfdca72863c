#pragma once
// A Connection (sql_connection.hpp) to one SQLite file, opened without
// SQLite's mutex (one thread at a time).
#include <memory>
#include <string>
#include <unordered_map>

#include "sql_connection.hpp"

struct sqlite3;

namespace arena {

class SqliteStatement;

class SqliteConnection final : public Connection {
 public:
  // SQLITE_OPEN_* flags; SQLITE_OPEN_NOMUTEX is added.
  SqliteConnection(const std::string& path, int flags);
  ~SqliteConnection() override;
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  void exec(std::string_view sql) override;
  Statement prepare(const std::string& sql) override;
  std::int64_t last_insert_rowid() override;
  int changes() const override;
  void begin_write() override { exec("BEGIN IMMEDIATE"); }
  void begin_snapshot() override { exec("BEGIN"); }
  const char* clock_sql() const override { return "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)"; }
  void rollback() noexcept override;
  sqlite3* handle() const { return db_; }

 private:
  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, std::unique_ptr<SqliteStatement>> cache_;
};

}  // namespace arena
