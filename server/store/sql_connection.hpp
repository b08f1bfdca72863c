#pragma once
// What the store's SQL (sql_*queries.cpp) runs on: one connection to SQLite
// (sqlite_connection.hpp) or to PostgreSQL (postgres_connection.hpp), with
// prepared statements compiled once per connection, plain SQL scripts and
// write transactions. The queries are written once, in the SQL both accept,
// with `?` or `?N` parameters. Failures throw SqlError; the store turns them
// into its one-line error texts. A Connection is used by one thread at a time.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace arena {

struct SqlError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A lock was not granted within the session's lock_timeout (PostgreSQL's SQLSTATE 55P03).
struct SqlLockTimeout : SqlError {
  using SqlError::SqlError;
};

// PostgreSQL aborted the transaction for a conflict with a concurrent one
// (SQLSTATE 40001, a serialization failure, or 40P01, a deadlock): nothing of
// it was stored, and the same transaction run again may well succeed.
struct SqlConflict : SqlError {
  using SqlError::SqlError;
};

// One prepared statement of a connection, owned by the connection's cache.
class StatementBackend {
 public:
  virtual ~StatementBackend() = default;
  virtual void bind_integer(int i, std::int64_t v) = 0;  // i from 1
  virtual void bind_text(int i, std::string_view v) = 0;
  virtual void bind_real(int i, double v) = 0;
  virtual void bind_null(int i) = 0;
  virtual bool step() = 0;    // true while there is a row
  virtual void reset() = 0;   // bindings cleared, ready to run again
  virtual bool is_null(int i) const = 0;  // columns from 0
  virtual std::int64_t integer(int i) const = 0;  // NULL reads as 0
  virtual double real(int i) const = 0;
  virtual std::string text(int i) const = 0;      // NULL reads as ""
};

// A statement borrowed from its connection's cache: bind, step, read columns.
// Reset (bindings cleared) when it goes out of scope, ready for the next use.
class Statement {
 public:
  explicit Statement(StatementBackend& s) : s_(&s) {}
  ~Statement() { s_->reset(); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, std::int64_t v) { return s_->bind_integer(i, v), *this; }
  Statement& bind(int i, std::string_view v) { return s_->bind_text(i, v), *this; }
  Statement& bind(int i, const std::optional<std::int64_t>& v) { return v ? bind(i, *v) : bind_null(i); }
  Statement& bind_null(int i) { return s_->bind_null(i), *this; }
  Statement& bind_real(int i, double v) { return s_->bind_real(i, v), *this; }  // not an overload of bind: an int argument would be ambiguous

  bool step() { return s_->step(); }
  // Steps to the end, then resets the statement for another run (a loop of
  // inserts reuses one statement).
  void run() {
    while (step()) {
    }
    s_->reset();
  }

  std::int64_t integer(int i) const { return s_->integer(i); }
  std::optional<std::int64_t> optional_integer(int i) const {
    return s_->is_null(i) ? std::nullopt : std::optional<std::int64_t>(s_->integer(i));
  }
  std::string text(int i) const { return s_->text(i); }
  double real(int i) const { return s_->real(i); }

 private:
  StatementBackend* s_;
};

class Connection {
 public:
  virtual ~Connection() = default;
  virtual void exec(std::string_view sql) = 0;  // one or more statements, rows ignored
  virtual Statement prepare(const std::string& sql) = 0;
  // The id the last INSERT gave its row (an INTEGER PRIMARY KEY, an identity).
  virtual std::int64_t last_insert_rowid() = 0;
  virtual int changes() const = 0;  // rows changed by the last INSERT/UPDATE/DELETE
  // Starts a write transaction that no other writer of the database runs
  // beside. SQLite: BEGIN IMMEDIATE, so nothing else writes meanwhile.
  // PostgreSQL: BEGIN (read committed), where the writes of several nodes
  // run at once: read-then-write logic locks what it reads first (lock()).
  virtual void begin_write() = 0;
  // What a write transaction reads and then writes, locked until COMMIT on
  // PostgreSQL: a player's ratings, a ladder (its standings and challenges),
  // an event (its players, rounds and pairings), the pool of seeks (one
  // placement at a time). SQLite needs no such lock:
  // its one writer is alone already.
  enum class Locked { player_ratings = 1, ladder = 2, event = 3, player_imports = 4, seek_pool = 5 };
  virtual void lock(Locked what, std::int64_t id) {
    (void)what;
    (void)id;
  }
  // Starts a read-only transaction: its queries see one state of the database.
  virtual void begin_snapshot() = 0;
  virtual void rollback() noexcept = 0;  // nothing if no transaction is open
  // An SQL expression for the database's own clock, in ms since the epoch:
  // leases expire by it, never by the clock of one node or another.
  virtual const char* clock_sql() const = 0;
  // The connection is lost (the server went away): open another.
  virtual bool broken() const { return false; }

  std::string text_of(const char* sql) {  // the first column of the first row, "" if none
    Statement s = prepare(sql);
    return s.step() ? s.text(0) : std::string();
  }
};

// begin_write() (or begin_snapshot()) … COMMIT; rolled back if left without commit().
class Transaction {
 public:
  enum Kind { kWrite, kSnapshot };
  explicit Transaction(Connection& db, Kind kind = kWrite) : db_(db) {
    try {
      if (kind == kWrite)
        db_.begin_write();
      else
        db_.begin_snapshot();
    } catch (...) {
      db_.rollback();  // a BEGIN whose lock failed leaves PostgreSQL's transaction open, aborted
      throw;
    }
  }
  ~Transaction() {
    if (!done_) db_.rollback();
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit() {
    db_.exec("COMMIT");
    done_ = true;
  }

 private:
  Connection& db_;
  bool done_ = false;
};

}  // namespace arena
