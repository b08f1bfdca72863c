#pragma once
// Helpers for the store's tests: completions arrive as handlers posted to an
// io_context, so a test runs that io_context until the answer is there (no
// sleeps); a raw connection plays "another writer" holding the lock.
#include <sqlite3.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdlib>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "store/postgres_connection.hpp"
#include "store/sql_store.hpp"
#include "store/sqlite_connection.hpp"

namespace store_test {

using namespace arena;
namespace asio = boost::asio;

// A file name in a new temporary directory.
inline std::string temp_path(const std::string& name) {
  char pattern[] = "/tmp/gipf-arena-store-test-XXXXXX";
  const char* dir = mkdtemp(pattern);
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

// Where a test's store lives: a new SQLite file, or, when the tests run
// against PostgreSQL (tests/store/with_postgres.sh sets
// GIPF_ARENA_TEST_POSTGRES to a server's URI ending in '/'), a new database
// there. The tests of SQLite's own files and migrations are in the test suite
// "sqlite", which the PostgreSQL run leaves out.
inline std::string temp_store(const std::string& name) {
  const char* server = std::getenv("GIPF_ARENA_TEST_POSTGRES");
  if (!server || !*server) return temp_path(name);
  static int count = 0;
  std::string database = "store_test_" + std::to_string(getpid()) + "_" + std::to_string(++count);
  PostgresConnection::create_database(std::string(server) + "postgres", database);
  return server + database;
}

// Runs io's handlers one at a time until `ready()` holds.
template <class Ready>
void wait_for(asio::io_context& io, Ready ready) {
  auto work = asio::make_work_guard(io);  // run_one blocks instead of returning while nothing is posted yet
  if (io.stopped()) io.restart();         // the previous wait's guard left it with no work: stopped
  while (!ready()) io.run_one();
}

// Where one completion puts its answer: Slot<std::string> for a write (the
// error), Slot<Stored<T>> for a read.
template <class T>
class Slot {
 public:
  auto fill() {
    return [state = state_](T value) { state->emplace(std::move(value)); };
  }
  bool ready() const { return state_->has_value(); }
  T& get(asio::io_context& io) {
    wait_for(io, [this] { return ready(); });
    return **state_;
  }

 private:
  std::shared_ptr<std::optional<T>> state_ = std::make_shared<std::optional<T>>();
};

// The store's calls, each waited for: for tests about what is stored.
class Blocking {
 public:
  Blocking(SqlStore& store, asio::io_context& io) : store_(store), io_(io) {}

  Stored<PlayerRecord> create_player(const std::string& token, const std::string& name) {
    Slot<Stored<PlayerRecord>> s;
    store_.create_player(token, name, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  std::string rename_player(std::int64_t id, const std::string& name) {
    Slot<std::string> s;
    store_.rename_player(id, name, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  std::string create_room(const RoomRecord& room, const EventRecord& first) {
    Slot<std::string> s;
    store_.create_room(room, first, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  std::string append_event(const std::string& room, const EventRecord& event, const RoomChange& change = {}) {
    Slot<std::string> s;
    store_.append_event(room, event, change, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  Stored<std::optional<PlayerRecord>> find_player(const std::string& token) {
    Slot<Stored<std::optional<PlayerRecord>>> s;
    store_.find_player(token, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  Stored<std::vector<EventRecord>> events(const std::string& room) {
    Slot<Stored<std::vector<EventRecord>>> s;
    store_.events(room, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  std::string append_chat(const std::string& room, const ChatRecord& message, std::optional<LeaseFence> fence = std::nullopt) {
    Slot<std::string> s;
    store_.append_chat(room, message, std::move(fence), io_.get_executor(), s.fill());
    return s.get(io_);
  }
  std::string delete_chat(const std::string& room, std::int64_t seq, const AuditEntry& audit,
                          std::optional<LeaseFence> fence = std::nullopt) {
    Slot<std::string> s;
    store_.delete_chat(room, seq, audit, std::move(fence), io_.get_executor(), s.fill());
    return s.get(io_);
  }
  Stored<std::vector<ChatRecord>> chat(const std::string& room) {
    Slot<Stored<std::vector<ChatRecord>>> s;
    store_.chat(room, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  std::string save_conditional(const std::string& room, const ConditionalRecord& line, std::optional<LeaseFence> fence = std::nullopt) {
    Slot<std::string> s;
    store_.save_conditional(room, line, std::move(fence), io_.get_executor(), s.fill());
    return s.get(io_);
  }
  Stored<std::vector<ConditionalRecord>> conditionals(const std::string& room) {
    Slot<Stored<std::vector<ConditionalRecord>>> s;
    store_.conditionals(room, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  Stored<std::optional<RoomRecord>> find_room(const std::string& id) {
    Slot<Stored<std::optional<RoomRecord>>> s;
    store_.find_room(id, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  Stored<RoomPage> list_rooms(const RoomQuery& query) {
    Slot<Stored<RoomPage>> s;
    store_.list_rooms(query, io_.get_executor(), s.fill());
    return s.get(io_);
  }
  Stored<std::vector<RoomRecord>> unfinished_rooms() {
    Slot<Stored<std::vector<RoomRecord>>> s;
    store_.unfinished_rooms(io_.get_executor(), s.fill());
    return s.get(io_);
  }

 private:
  SqlStore& store_;
  asio::io_context& io_;
};

// A second, raw connection to the same database: the tests' "other writer".
class RawConnection {
 public:
  explicit RawConnection(const std::string& location) {
    StoreLocation where = StoreLocation::parse(location);
    postgres_ = where.postgres;
    if (where.postgres)
      db_ = std::make_unique<PostgresConnection>(where.target);
    else
      db_ = std::make_unique<SqliteConnection>(where.target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  }

  bool exec(const std::string& sql) {
    try {
      db_->exec(sql);
      return true;
    } catch (const SqlError&) {
      return false;
    }
  }
  // Holds every write of the store back, not its reads, until COMMIT or
  // ROLLBACK. SQLite: BEGIN IMMEDIATE, the database's one write lock.
  // PostgreSQL has no such lock (writes of different rows go on in
  // parallel): every table is locked against writes instead.
  bool lock_writers() {
    try {
      db_->begin_write();
      if (postgres_)
        db_->exec("DO $$ DECLARE t text; BEGIN FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
                  "LOOP EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', t); END LOOP; END $$");
      return true;
    } catch (const SqlError&) {
      return false;
    }
  }
  // The first column of every row.
  std::vector<std::string> column(const std::string& sql) {
    std::vector<std::string> out;
    Statement s = db_->prepare(sql);
    while (s.step()) out.push_back(s.text(0));
    return out;
  }

 private:
  std::unique_ptr<Connection> db_;
  bool postgres_ = false;
};

// A new account (its player too), waited for; fails the test if the store refuses it.
inline CreatedAccount create_account(SqlStore& store, asio::io_context& io, const std::string& username) {
  NewAccount a;
  a.username = username;
  a.password_hash = "$argon2id$not-a-real-hash";
  Slot<Stored<CreatedAccount>> s;
  store.create_account(a, io.get_executor(), s.fill());
  auto& created = s.get(io);
  if (!created.ok()) throw std::runtime_error(created.error);
  return created.value;
}

inline RoomRecord make_room(const std::string& id, std::int64_t white, std::int64_t created_at, bool is_private = false) {
  RoomRecord room;
  room.id = id;
  room.options = {"gipf", "basic", 1, 0};
  room.is_private = is_private;
  room.white = white;
  room.created_at = created_at;
  return room;
}

inline EventRecord created_event(std::int64_t player, std::int64_t at) {
  return {1, protocol::EventKind::Created, player, engine::Color::White, "", at, ""};
}

inline ChatRecord chat_message(std::int64_t seq, protocol::ChatChannel channel, std::int64_t player,
                               const std::string& name, const std::string& text) {
  return {seq, channel, player, name, text, 5000 + seq, false, ""};
}

inline EventRecord action_event(std::int64_t seq, std::int64_t player, const std::string& action) {
  return {seq, protocol::EventKind::Action, player, engine::Color::White, action, 2000 + seq, ""};
}

}  // namespace store_test
