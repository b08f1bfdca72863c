#pragma once
// The Store on an embedded SQLite file: WAL journal, synchronous commits,
// migrations applied when opened. Events are written by one writer thread that
// puts everything waiting into one transaction (group commit): one fsync for
// many games' actions, each reported durable only after that commit.
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store.hpp"

struct sqlite3;

namespace arena {

class SqliteStore final : public Store {
 public:
  // Opens or creates the database and brings its schema up to date.
  explicit SqliteStore(const std::string& path);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  int schema_version();
  // Writes what is queued and stops the writer thread (the destructor does too).
  void flush();

  PlayerRecord create_player(const std::string& token, const std::string& name) override;
  std::optional<PlayerRecord> find_player(const std::string& token) override;
  void rename_player(std::int64_t id, const std::string& name) override;
  void create_room(const RoomRecord& room, const EventRecord& first) override;
  void append_event_async(const std::string& room, const EventRecord& event, const RoomChange& change,
                          StoreDone done) override;
  std::vector<RoomRecord> unfinished_rooms() override;
  std::optional<RoomRecord> find_room(const std::string& id) override;
  std::vector<EventRecord> events(const std::string& room) override;
  RoomPage list_rooms(const std::string& status, int page, int per_page) override;

 private:
  void execute(const char* sql);
  void migrate();
  void hash_stored_tokens();
  struct Write {
    std::string room;
    EventRecord event;
    RoomChange change;
    StoreDone done;
  };
  void insert_event(const std::string& room, const EventRecord& event);
  void write_one(const Write& w);
  void writer_loop();
  std::vector<RoomRecord> select_rooms(const std::string& where, const std::string& bind_text, int limit, int offset);

  std::mutex mutex_;  // the connection
  sqlite3* db_ = nullptr;
  std::mutex queue_mutex_;
  std::condition_variable queue_changed_;
  std::vector<Write> queue_;
  bool stopping_ = false;
  std::thread writer_;
};

}  // namespace arena
