#pragma once
// Where players, rooms and every accepted event are kept, as three small
// asynchronous interfaces. The server talks only to these: another database
// (PostgreSQL, a later issue) is a second implementation of them and nothing
// else. Rules every implementation keeps:
//  - Every call returns at once; its completion runs later, posted to the
//    executor the caller passed (never inline, never on the store's threads).
//  - A write's completion reports success only once the write is durable (on
//    disk, or acknowledged by the database after its commit). A failed write
//    changed nothing.
//  - Writes of one room are applied in the order they were called.
//  - Reads never wait behind writes in progress (SQLite: a separate reading
//    connection in WAL mode), and see every write whose completion has run.
//  - Errors are reported, never thrown, as a one-line text for the log.
#include <boost/asio/any_io_executor.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/color.hpp"
#include "engine/game_options.hpp"
#include "protocol/room_types.hpp"

namespace arena {

using StoreExecutor = boost::asio::any_io_executor;

// A read's answer: the value, or why the store could not give it.
template <class T>
struct Stored {
  T value{};
  std::string error;  // empty: `value` holds the answer
  bool ok() const { return error.empty(); }
};

template <class T>
using StoreReply = std::function<void(Stored<T>)>;
// A write's answer: empty when durable, else why nothing was written.
using StoreDone = std::function<void(const std::string& error)>;

struct PlayerRecord {
  std::int64_t id = 0;
  std::string token;  // the secret as the player holds it; stored only as a digest
  std::string name;
};

struct RoomRecord {
  std::string id;
  engine::GameOptions options;
  bool is_private = false;
  std::optional<std::int64_t> white;  // player ids of the seats
  std::optional<std::int64_t> black;
  std::string white_name;  // the seated players' current names (filled when read)
  std::string black_name;
  protocol::RoomStatus status = protocol::RoomStatus::Open;
  std::string result;  // 1-0 0-1 1/2-1/2 once finished, else empty
  std::string reason;  // why it finished (the engine's words), else empty
  std::int64_t plies = 0;
  std::int64_t created_at = 0;  // ms since the epoch
  std::int64_t finished_at = 0;  // 0 while open or live
};

// One accepted event of a room, numbered from 1 without gaps.
struct EventRecord {
  std::int64_t seq = 0;
  protocol::EventKind kind = protocol::EventKind::Created;
  std::optional<std::int64_t> player;  // who acted; none when the server did (an expired room)
  std::optional<engine::Color> color;  // the seat concerned (the actor's, or the one taken)
  std::string action;                  // the notation, for kind Action
  std::int64_t at = 0;                 // ms since the epoch
};

// What an event changes in its room's row, written in the same transaction as
// the event. Consequences that must be atomic with a game (a rating change
// when it ends) join this struct, so that every backend writes them together.
struct RoomChange {
  std::optional<std::int64_t> white;  // a seat taken
  std::optional<std::int64_t> black;
  std::optional<protocol::RoomStatus> status;  // finished_at is set with Finished or Cancelled
  std::string result;  // with Finished
  std::string reason;
  std::optional<std::int64_t> plies;
};

struct RoomQuery {
  std::optional<protocol::RoomStatus> status;  // none: any
  int page = 1;                                // from 1
  int per_page = 20;
};

struct RoomPage {
  std::vector<RoomRecord> rooms;  // public rooms only, newest first
  std::int64_t total = 0;         // public rooms matching the query
};

// Players: grows into accounts.
class IdentityStore {
 public:
  virtual ~IdentityStore() = default;
  // A new player; an empty name becomes "Guest <id>" in the same transaction.
  virtual void create_player(std::string token, std::string name, StoreExecutor ex, StoreReply<PlayerRecord> reply) = 0;
  // The player holding `token`; an empty optional if there is none.
  virtual void find_player(std::string token, StoreExecutor ex, StoreReply<std::optional<PlayerRecord>> reply) = 0;
  virtual void rename_player(std::int64_t id, std::string name, StoreExecutor ex, StoreDone done) = 0;
};

// The rooms' events: what replays a game. Group commit: writes waiting at the
// same time may share one transaction, each reported durable after it.
class GameLog {
 public:
  virtual ~GameLog() = default;
  // The room's row and its first event, in one transaction.
  virtual void create_room(RoomRecord room, EventRecord first, StoreExecutor ex, StoreDone done) = 0;
  // The event and the row's change, in one transaction.
  virtual void append_event(std::string room, EventRecord event, RoomChange change, StoreExecutor ex,
                            StoreDone done) = 0;
  // Every event of the room, in order.
  virtual void events(std::string room, StoreExecutor ex, StoreReply<std::vector<EventRecord>> reply) = 0;
};

// Finding rooms.
class GameIndex {
 public:
  virtual ~GameIndex() = default;
  virtual void find_room(std::string id, StoreExecutor ex, StoreReply<std::optional<RoomRecord>> reply) = 0;
  virtual void list_rooms(RoomQuery query, StoreExecutor ex, StoreReply<RoomPage> reply) = 0;
  // Open and live rooms, oldest first: what a restarting server loads.
  virtual void unfinished_rooms(StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) = 0;
};

// One database behind all three.
class Store : public IdentityStore, public GameLog, public GameIndex {
 public:
  // Completes every write accepted so far and refuses later ones ("the server
  // is stopping"); their completions are still posted. Idempotent.
  virtual void flush() = 0;
};

// Milliseconds since the epoch: the timestamps of rooms and events.
std::int64_t now_ms();

}  // namespace arena
