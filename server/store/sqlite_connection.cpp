#include "sqlite_connection.hpp"

#include <sqlite3.h>

namespace arena {

Statement::~Statement() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

Statement& Statement::check(int rc) {
  if (rc != SQLITE_OK) throw SqliteError(std::string("bind: ") + sqlite3_errmsg(db_));
  return *this;
}

Statement& Statement::bind(int i, std::int64_t v) { return check(sqlite3_bind_int64(stmt_, i, v)); }

Statement& Statement::bind(int i, std::string_view v) {
  return check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
}

Statement& Statement::bind(int i, const std::optional<std::int64_t>& v) { return v ? bind(i, *v) : bind_null(i); }

Statement& Statement::bind_null(int i) { return check(sqlite3_bind_null(stmt_, i)); }

Statement& Statement::bind_real(int i, double v) { return check(sqlite3_bind_double(stmt_, i, v)); }

bool Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw SqliteError(sqlite3_errmsg(db_));
}

void Statement::run() {
  while (step()) {
  }
  // Ready to be bound and run again (a loop of inserts reuses one statement).
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::integer(int i) const { return sqlite3_column_int64(stmt_, i); }

double Statement::real(int i) const { return sqlite3_column_double(stmt_, i); }

std::optional<std::int64_t> Statement::optional_integer(int i) const {
  if (sqlite3_column_type(stmt_, i) == SQLITE_NULL) return std::nullopt;
  return integer(i);
}

std::string Statement::text(int i) const {
  auto* p = sqlite3_column_text(stmt_, i);
  return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(stmt_, i)) : std::string();
}

Connection::Connection(const std::string& path, int flags) {
  int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close_v2(db_);
    throw SqliteError(message);
  }
  sqlite3_extended_result_codes(db_, 1);
}

Connection::~Connection() {
  for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
  sqlite3_close_v2(db_);
}

void Connection::exec(std::string_view sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : sqlite3_errmsg(db_);
    sqlite3_free(error);
    throw SqliteError(message);
  }
}

std::string Connection::text_of(const char* sql) {
  Statement s = prepare(sql);
  return s.step() ? s.text(0) : std::string();
}

Statement Connection::prepare(const std::string& sql) {
  auto [it, added] = cache_.try_emplace(sql, nullptr);
  if (added && sqlite3_prepare_v3(db_, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &it->second, nullptr) != SQLITE_OK) {
    cache_.erase(it);
    throw SqliteError(std::string("prepare: ") + sqlite3_errmsg(db_));
  }
  return Statement(db_, it->second);
}

std::int64_t Connection::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

int Connection::changes() const { return sqlite3_changes(db_); }

Transaction::Transaction(Connection& db, const char* begin) : db_(db) { db_.exec(begin); }

Transaction::~Transaction() {
  // Nothing to do if BEGIN or COMMIT already ended it (SQLite then answers an error).
  if (!done_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace arena
