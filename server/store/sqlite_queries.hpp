#pragma once
// The SQL of each store operation, run synchronously on a given connection:
// the writes on the writer's connection (inside its transaction), the reads on
// the reader's. Failures throw SqliteError.
#include <optional>
#include <string>
#include <vector>

#include "store.hpp"

namespace arena {

class Connection;

namespace sql {

// The record as stored: an empty name became "Guest <id>".
PlayerRecord insert_player(Connection& db, const std::string& token, const std::string& name);
void rename_player(Connection& db, std::int64_t id, const std::string& name);
void insert_room(Connection& db, const RoomRecord& room, const EventRecord& first);
void append_event(Connection& db, const std::string& room, const EventRecord& event, const RoomChange& change);

std::optional<PlayerRecord> find_player(Connection& db, const std::string& token);
std::vector<EventRecord> events(Connection& db, const std::string& room);
std::optional<RoomRecord> find_room(Connection& db, const std::string& id);
RoomPage list_rooms(Connection& db, RoomQuery query);  // clamps the page to 1.. and per_page to 1..100
std::vector<RoomRecord> unfinished_rooms(Connection& db);

}  // namespace sql
}  // namespace arena
