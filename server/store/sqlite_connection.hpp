#pragma once
// A thin RAII layer over one SQLite connection: prepared statements compiled
// once per connection, plain SQL scripts, and transactions. Failures throw
// SqliteError; the store turns them into its one-line error texts. A
// Connection is used by one thread at a time (opened without SQLite's mutex).
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace arena {

struct SqliteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A statement borrowed from its connection's cache: bind, step, read columns.
// Reset (bindings cleared) when it goes out of scope, ready for the next use.
class Statement {
 public:
  Statement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, std::int64_t v);
  Statement& bind(int i, std::string_view v);
  Statement& bind(int i, const std::optional<std::int64_t>& v);
  Statement& bind_null(int i);
  Statement& bind_real(int i, double v);  // not an overload of bind: an int argument would be ambiguous

  bool step();  // true while there is a row
  void run();   // steps to the end, then resets the statement for another run

  std::int64_t integer(int i) const;
  std::optional<std::int64_t> optional_integer(int i) const;
  std::string text(int i) const;
  double real(int i) const;

 private:
  Statement& check(int rc);
  sqlite3* db_;
  sqlite3_stmt* stmt_;
};

class Connection {
 public:
  // SQLITE_OPEN_* flags; SQLITE_OPEN_NOMUTEX is added (one thread at a time).
  Connection(const std::string& path, int flags);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  void exec(std::string_view sql);       // one or more statements, rows ignored
  std::string text_of(const char* sql);  // the first column of the first row, "" if none
  Statement prepare(const std::string& sql);
  std::int64_t last_insert_rowid() const;
  int changes() const;  // rows changed by the last INSERT/UPDATE/DELETE
  sqlite3* handle() const { return db_; }

 private:
  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> cache_;
};

// BEGIN (IMMEDIATE by default) … COMMIT; rolled back if left without commit().
class Transaction {
 public:
  explicit Transaction(Connection& db, const char* begin = "BEGIN IMMEDIATE");
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Connection& db_;
  bool done_ = false;
};

}  // namespace arena
