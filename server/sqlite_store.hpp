#pragma once
// The Store on an embedded SQLite file: WAL journal, synchronous commits (every
// event is on disk before the call returns), migrations applied when opened.
#include <mutex>
#include <string>

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

  PlayerRecord create_player(const std::string& token, const std::string& name) override;
  std::optional<PlayerRecord> find_player(const std::string& token) override;
  void rename_player(std::int64_t id, const std::string& name) override;
  void create_room(const RoomRecord& room, const EventRecord& first) override;
  void append_event(const std::string& room, const EventRecord& event, const RoomChange& change) override;
  std::vector<RoomRecord> unfinished_rooms() override;
  std::optional<RoomRecord> find_room(const std::string& id) override;
  std::vector<EventRecord> events(const std::string& room) override;
  RoomPage list_rooms(const std::string& status, int page, int per_page) override;

 private:
  void execute(const char* sql);
  void migrate();
  void insert_event(const std::string& room, const EventRecord& event);
  std::vector<RoomRecord> select_rooms(const std::string& where, const std::string& bind_text, int limit, int offset);

  std::mutex mutex_;
  sqlite3* db_ = nullptr;
};

}  // namespace arena
