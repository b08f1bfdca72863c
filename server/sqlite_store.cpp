#include "sqlite_store.hpp"

#include <sqlite3.h>


#include "migrations.hpp"
#include "sha256.hpp"

namespace arena {
namespace {

// A prepared statement, finalized when it goes out of scope.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK)
      throw StoreError(std::string("prepare: ") + sqlite3_errmsg(db));
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, std::int64_t v) { return check(sqlite3_bind_int64(stmt_, i, v)); }
  Statement& bind(int i, const std::string& v) {
    return check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  Statement& bind(int i, const std::optional<std::int64_t>& v) {
    return v ? bind(i, *v) : check(sqlite3_bind_null(stmt_, i));
  }

  // True while there is a row; false when done.
  bool step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw StoreError(std::string("step: ") + sqlite3_errmsg(db_));
  }
  void run() {
    while (step()) {
    }
  }

  std::int64_t integer(int i) const { return sqlite3_column_int64(stmt_, i); }
  std::optional<std::int64_t> optional_integer(int i) const {
    if (sqlite3_column_type(stmt_, i) == SQLITE_NULL) return std::nullopt;
    return integer(i);
  }
  std::string text(int i) const {
    auto* p = sqlite3_column_text(stmt_, i);
    return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(stmt_, i)) : std::string();
  }

 private:
  Statement& check(int rc) {
    if (rc != SQLITE_OK) throw StoreError(std::string("bind: ") + sqlite3_errmsg(db_));
    return *this;
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

void exec(sqlite3* db, const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw StoreError(std::string(sql).substr(0, 60) + ": " + message);
  }
}

// BEGIN IMMEDIATE … COMMIT, rolled back if the scope is left without commit().
class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) { exec(db_, "BEGIN IMMEDIATE"); }
  ~Transaction() {
    if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  void commit() {
    exec(db_, "COMMIT");
    done_ = true;
  }

 private:
  sqlite3* db_;
  bool done_ = false;
};

constexpr const char* kRoomColumns =
    "r.id, r.game, r.variant, r.white_extra, r.black_extra, r.private, r.white, r.black, r.status, r.result, "
    "r.reason, r.plies, r.created_at, r.finished_at, coalesce(w.name, ''), coalesce(b.name, '')";
constexpr const char* kRoomJoin = " FROM rooms r LEFT JOIN players w ON w.id = r.white LEFT JOIN players b ON b.id = r.black ";

RoomRecord read_room(const Statement& s) {
  RoomRecord r;
  r.id = s.text(0);
  r.options = {s.text(1), s.text(2), static_cast<int>(s.integer(3)), static_cast<int>(s.integer(4))};
  r.is_private = s.integer(5) != 0;
  r.white = s.optional_integer(6);
  r.black = s.optional_integer(7);
  r.status = s.text(8);
  r.result = s.text(9);
  r.reason = s.text(10);
  r.plies = s.integer(11);
  r.created_at = s.integer(12);
  r.finished_at = s.integer(13);
  r.white_name = s.text(14);
  r.black_name = s.text(15);
  return r;
}

}  // namespace

SqliteStore::SqliteStore(const std::string& path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr) !=
      SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("cannot open " + path + ": " + message);
  }
  try {
    sqlite3_busy_timeout(db_, 5000);
    execute("PRAGMA journal_mode = WAL");
    execute("PRAGMA synchronous = FULL");  // a commit is on disk before it returns
    // Migrations may rebuild a table (SQLite's way to change a constraint), which
    // needs foreign keys off; each checks them itself before it commits.
    execute("PRAGMA foreign_keys = OFF");
    migrate();
    execute("PRAGMA foreign_keys = ON");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
  writer_ = std::thread([this] { writer_loop(); });
}

SqliteStore::~SqliteStore() {
  flush();
  if (db_) sqlite3_close(db_);
}

void SqliteStore::flush() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_changed_.notify_all();
  if (writer_.joinable()) writer_.join();
}

void SqliteStore::append_event_async(const std::string& room, const EventRecord& event, const RoomChange& change,
                                     StoreDone done) {
  {
    std::lock_guard lock(queue_mutex_);
    if (!stopping_) {
      queue_.push_back({room, event, change, std::move(done)});
      queue_changed_.notify_one();
      return;
    }
  }
  done("the server is stopping");
}

void SqliteStore::writer_loop() {
  std::vector<Write> batch;
  while (true) {
    {
      std::unique_lock lock(queue_mutex_);
      queue_changed_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is written
      batch.swap(queue_);
    }
    std::string error;
    {
      std::lock_guard lock(mutex_);
      try {
        Transaction t(db_);
        for (const Write& w : batch) write_one(w);
        t.commit();
      } catch (const StoreError& e) {
        error = e.what();
      }
      if (!error.empty() && batch.size() > 1) {
        // One bad write must not sink the others: write them one by one.
        for (Write& w : batch) {
          std::string own;
          try {
            Transaction t(db_);
            write_one(w);
            t.commit();
          } catch (const StoreError& e) {
            own = e.what();
          }
          w.done(own);
          w.done = nullptr;
        }
      }
    }
    for (Write& w : batch)
      if (w.done) w.done(error);
    batch.clear();
  }
}

void SqliteStore::execute(const char* sql) { exec(db_, sql); }

int SqliteStore::schema_version() {
  std::lock_guard lock(mutex_);
  Statement s(db_, "SELECT coalesce(max(version), 0) FROM schema_version");
  s.step();
  return static_cast<int>(s.integer(0));
}

void SqliteStore::migrate() {
  execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
  std::int64_t current;
  {
    Statement s(db_, "SELECT coalesce(max(version), 0) FROM schema_version");
    s.step();
    current = s.integer(0);
  }
  for (const Migration& m : migrations()) {
    if (m.version <= current) continue;
    Transaction t(db_);
    execute(std::string(m.sql).c_str());
    if (m.version == 2) hash_stored_tokens();  // what SQL alone cannot do
    {
      Statement check(db_, "PRAGMA foreign_key_check");
      if (check.step()) throw StoreError("migration " + std::to_string(m.version) + " broke a foreign key");
    }
    Statement(db_, "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)")
        .bind(1, std::int64_t{m.version})
        .bind(2, std::string(m.name))
        .bind(3, now_ms())
        .run();
    t.commit();
  }
}

void SqliteStore::hash_stored_tokens() {
  std::vector<std::pair<std::int64_t, std::string>> rows;
  {
    Statement s(db_, "SELECT id, token_hash FROM players");
    while (s.step()) rows.emplace_back(s.integer(0), s.text(1));
  }
  for (auto& [id, token] : rows)
    Statement(db_, "UPDATE players SET token_hash = ? WHERE id = ?").bind(1, sha256_hex(token)).bind(2, id).run();
}

PlayerRecord SqliteStore::create_player(const std::string& token, const std::string& name) {
  std::lock_guard lock(mutex_);
  Statement(db_, "INSERT INTO players (token_hash, name, created_at) VALUES (?, ?, ?)")
      .bind(1, sha256_hex(token))
      .bind(2, name)
      .bind(3, now_ms())
      .run();
  return {sqlite3_last_insert_rowid(db_), token, name};
}

std::optional<PlayerRecord> SqliteStore::find_player(const std::string& token) {
  std::lock_guard lock(mutex_);
  Statement s(db_, "SELECT id, name FROM players WHERE token_hash = ?");
  s.bind(1, sha256_hex(token));
  if (!s.step()) return std::nullopt;
  return PlayerRecord{s.integer(0), token, s.text(1)};
}

void SqliteStore::rename_player(std::int64_t id, const std::string& name) {
  std::lock_guard lock(mutex_);
  Statement(db_, "UPDATE players SET name = ? WHERE id = ?").bind(1, name).bind(2, id).run();
}

void SqliteStore::insert_event(const std::string& room, const EventRecord& e) {
  Statement(db_, "INSERT INTO events (room, seq, kind, player, color, action, at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .bind(1, room)
      .bind(2, e.seq)
      .bind(3, e.kind)
      .bind(4, e.player)
      .bind(5, e.color)
      .bind(6, e.action)
      .bind(7, e.at)
      .run();
}

void SqliteStore::create_room(const RoomRecord& r, const EventRecord& first) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  Statement(db_,
            "INSERT INTO rooms (id, game, variant, white_extra, black_extra, private, white, black, status, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(1, r.id)
      .bind(2, r.options.game)
      .bind(3, r.options.variant)
      .bind(4, std::int64_t{r.options.white_extra})
      .bind(5, std::int64_t{r.options.black_extra})
      .bind(6, std::int64_t{r.is_private ? 1 : 0})
      .bind(7, r.white)
      .bind(8, r.black)
      .bind(9, r.status)
      .bind(10, r.created_at)
      .run();
  insert_event(r.id, first);
  t.commit();
}

void SqliteStore::write_one(const Write& w) {
  const RoomChange& c = w.change;
  insert_event(w.room, w.event);
  Statement(db_,
            "UPDATE rooms SET white = coalesce(?1, white), black = coalesce(?2, black), "
            "status = CASE WHEN ?3 = '' THEN status ELSE ?3 END, "
            "result = CASE WHEN ?4 = '' THEN result ELSE ?4 END, reason = CASE WHEN ?5 = '' THEN reason ELSE ?5 END, "
            "plies = CASE WHEN ?6 < 0 THEN plies ELSE ?6 END, "
            "finished_at = CASE WHEN ?3 IN ('finished', 'cancelled') THEN ?7 ELSE finished_at END WHERE id = ?8")
      .bind(1, c.white)
      .bind(2, c.black)
      .bind(3, c.status)
      .bind(4, c.result)
      .bind(5, c.reason)
      .bind(6, c.plies)
      .bind(7, w.event.at)
      .bind(8, w.room)
      .run();
}

std::vector<RoomRecord> SqliteStore::select_rooms(const std::string& where, const std::string& bind_text, int limit, int offset) {
  Statement s(db_, std::string("SELECT ") + kRoomColumns + kRoomJoin + where + " LIMIT ? OFFSET ?");
  int i = 1;
  if (!bind_text.empty()) s.bind(i++, bind_text);
  s.bind(i++, std::int64_t{limit});
  s.bind(i, std::int64_t{offset});
  std::vector<RoomRecord> out;
  while (s.step()) out.push_back(read_room(s));
  return out;
}

std::vector<RoomRecord> SqliteStore::unfinished_rooms() {
  std::lock_guard lock(mutex_);
  return select_rooms("WHERE r.status IN ('open', 'live') ORDER BY r.created_at", "", -1, 0);
}

std::optional<RoomRecord> SqliteStore::find_room(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto rooms = select_rooms("WHERE r.id = ?", id, 1, 0);
  if (rooms.empty()) return std::nullopt;
  return rooms.front();
}

std::vector<EventRecord> SqliteStore::events(const std::string& room) {
  std::lock_guard lock(mutex_);
  Statement s(db_, "SELECT seq, kind, player, color, action, at FROM events WHERE room = ? ORDER BY seq");
  s.bind(1, room);
  std::vector<EventRecord> out;
  while (s.step()) out.push_back({s.integer(0), s.text(1), s.optional_integer(2), s.text(3), s.text(4), s.integer(5)});
  return out;
}

RoomPage SqliteStore::list_rooms(const std::string& status, int page, int per_page) {
  std::lock_guard lock(mutex_);
  std::string where = status.empty() ? "WHERE r.private = 0" : "WHERE r.private = 0 AND r.status = ?";
  RoomPage out;
  out.rooms = select_rooms(where + " ORDER BY r.created_at DESC, r.id", status, per_page, (page - 1) * per_page);
  Statement count(db_, "SELECT count(*) FROM rooms r " + where);
  if (!status.empty()) count.bind(1, status);
  count.step();
  out.total = count.integer(0);
  return out;
}

}  // namespace arena
