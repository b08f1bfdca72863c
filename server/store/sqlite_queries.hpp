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
class Statement;

namespace sql {

// Rooms with their players' names: kSelectRooms + "WHERE ...", read by read_room(s).
extern const std::string kSelectRooms;
RoomRecord read_room(const Statement& s);
std::vector<RoomRecord> read_rooms(Statement& s);
// A page of a listing as LIMIT and OFFSET: per_page clamped to 1..100, page to 1..
struct PageWindow {
  std::int64_t limit, offset;
};
PageWindow page_window(int page, int per_page);
// Appends to the audit log, dropping the oldest beyond kMaxAuditEntries.
void insert_audit(Connection& db, const AuditEntry& entry);

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

// ---- chat (sqlite_chat_queries.cpp) ----
void insert_chat(Connection& db, const std::string& room, const ChatRecord& message);
// Marks the message deleted and appends `audit`; throws "no chat message N",
// having written nothing, when the room has no message `seq`.
void delete_chat(Connection& db, const std::string& room, std::int64_t seq, const AuditEntry& audit);
std::vector<ChatRecord> chat(Connection& db, const std::string& room);

// ---- accounts (sqlite_account_queries.cpp) ----
CreatedAccount insert_account(Connection& db, const NewAccount& account, std::int64_t now);
std::optional<AccountRecord> find_account(Connection& db, const std::string& username);
std::optional<AccountRecord> session_account(Connection& db, const std::string& token, std::int64_t now);
void insert_session(Connection& db, std::int64_t account, const std::string& token, std::int64_t now, std::int64_t expires_at);
void delete_session(Connection& db, const std::string& token);
void set_password_hash(Connection& db, std::int64_t account, const std::string& hash);
AccountRecord change_account(Connection& db, const AccountChange& change);
AccountPage list_accounts(Connection& db, const AccountQuery& query);
AuditPage audit_log(Connection& db, int page, int per_page);
std::optional<Profile> profile(Connection& db, const std::string& username, int recent);
std::vector<RoomRecord> unfinished_rooms_of(Connection& db, std::int64_t player);

}  // namespace sql
}  // namespace arena
