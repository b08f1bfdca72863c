#include "sqlite_connection.hpp"

#include <sqlite3.h>

namespace arena {

class SqliteStatement final : public StatementBackend {
 public:
  SqliteStatement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  void bind_integer(int i, std::int64_t v) override { check(sqlite3_bind_int64(stmt_, i, v)); }
  void bind_text(int i, std::string_view v) override {
    check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  void bind_real(int i, double v) override { check(sqlite3_bind_double(stmt_, i, v)); }
  void bind_null(int i) override { check(sqlite3_bind_null(stmt_, i)); }

  bool step() override {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw SqlError(sqlite3_errmsg(db_));
  }

  void reset() override {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  bool is_null(int i) const override { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
  std::int64_t integer(int i) const override { return sqlite3_column_int64(stmt_, i); }
  double real(int i) const override { return sqlite3_column_double(stmt_, i); }
  std::string text(int i) const override {
    auto* p = sqlite3_column_text(stmt_, i);
    return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(stmt_, i)) : std::string();
  }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) throw SqlError(std::string("bind: ") + sqlite3_errmsg(db_));
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_;
};

SqliteConnection::SqliteConnection(const std::string& path, int flags) {
  int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close_v2(db_);
    throw SqlError(message);
  }
  sqlite3_extended_result_codes(db_, 1);
}

SqliteConnection::~SqliteConnection() {
  cache_.clear();  // statements are finalized before their connection closes
  sqlite3_close_v2(db_);
}

void SqliteConnection::exec(std::string_view sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : sqlite3_errmsg(db_);
    sqlite3_free(error);
    throw SqlError(message);
  }
}

Statement SqliteConnection::prepare(const std::string& sql) {
  auto [it, added] = cache_.try_emplace(sql);
  if (added) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(db_, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK) {
      cache_.erase(it);
      throw SqlError(std::string("prepare: ") + sqlite3_errmsg(db_));
    }
    it->second = std::make_unique<SqliteStatement>(db_, stmt);
  }
  return Statement(*it->second);
}

std::int64_t SqliteConnection::last_insert_rowid() { return sqlite3_last_insert_rowid(db_); }

int SqliteConnection::changes() const { return sqlite3_changes(db_); }

// Nothing to do if BEGIN or COMMIT already ended it (SQLite then answers an error).
void SqliteConnection::rollback() noexcept { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }

}  // namespace arena
