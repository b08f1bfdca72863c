#pragma once
// A Connection (sql_connection.hpp) to a PostgreSQL database, through libpqxx.
// The shared queries' `?` and `?N` parameters become `$N`; parameters travel as
// text and PostgreSQL gives them the type their place in the query implies.
// BEGIN and COMMIT are sent as SQL on one autocommit (non)transaction, so the
// store's own Transaction runs unchanged on both databases.
#include <memory>
#include <string>
#include <unordered_map>

#include "sql_connection.hpp"

namespace arena {

class PostgresStatement;
struct PostgresLink;

// The bounds every connection sets (#42): no statement runs, and no lock is
// waited for, longer than these.
inline constexpr const char* kPostgresStatementTimeout = "30s";
inline constexpr const char* kPostgresLockTimeout = "10s";

class PostgresConnection final : public Connection {
 public:
  // `url`: postgres://user@host:port/database (libpq's connection URI).
  explicit PostgresConnection(const std::string& url);
  ~PostgresConnection() override;
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;

  void exec(std::string_view sql) override;
  Statement prepare(const std::string& sql) override;
  std::int64_t last_insert_rowid() override;
  int changes() const override { return changes_; }
  void begin_write() override;
  void lock(Locked what, std::int64_t id) override;
  void begin_snapshot() override { exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); }
  const char* clock_sql() const override { return "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"; }
  void rollback() noexcept override;
  bool broken() const override;

  // Creates `database` on the server `url` names (an administrator's
  // connection); nothing if it exists. For tests and first setups.
  static void create_database(const std::string& url, const std::string& database);

 private:
  friend class PostgresStatement;
  std::unique_ptr<PostgresLink> link_;
  std::unordered_map<std::string, std::unique_ptr<PostgresStatement>> cache_;
  int changes_ = 0;
};

// "?" and "?N" outside quotes become "$N" (a bare "?" takes the next number).
std::string postgres_parameters(std::string_view sql);

}  // namespace arena
