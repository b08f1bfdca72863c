#pragma once
// Where players, rooms and every accepted event are kept. The server talks only to
// this interface, so another database can replace SQLite. Every write is durable
// when the call returns; a failure throws StoreError and changes nothing.
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "hosted_game.hpp"

namespace arena {

struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct PlayerRecord {
  std::int64_t id = 0;
  std::string token;
  std::string name;
};

struct RoomRecord {
  std::string id;
  GameOptions options;
  bool is_private = false;
  std::optional<std::int64_t> white;  // player ids of the seats
  std::optional<std::int64_t> black;
  std::string white_name;  // filled when read
  std::string black_name;
  std::string status;  // open | live | finished
  std::string result;  // 1-0 0-1 1/2-1/2 when finished
  std::string reason;
  std::int64_t plies = 0;
  std::int64_t created_at = 0;  // ms since the epoch
  std::int64_t finished_at = 0;
};

// One accepted event of a room, in order. `action` holds the notation for
// kind "action"; `color` the seat for "created" and "joined".
struct EventRecord {
  std::int64_t seq = 0;
  std::string kind;
  std::optional<std::int64_t> player;
  std::string color;
  std::string action;
  std::int64_t at = 0;  // ms since the epoch
};

// Milliseconds since the epoch: the timestamps of rooms and events.
std::int64_t now_ms();

// The effect of a stored event on its game: plays an action, a resignation or an
// agreed draw; other kinds leave the game alone. The reason if it does not apply.
std::string replay_event(HostedGame& game, const EventRecord& event);

// What an event changes in the room's row, written in the same transaction.
struct RoomChange {
  std::optional<std::int64_t> white;
  std::optional<std::int64_t> black;
  std::string status;  // empty: unchanged
  std::string result;
  std::string reason;
  std::int64_t plies = -1;  // -1: unchanged
};

struct RoomPage {
  std::vector<RoomRecord> rooms;
  std::int64_t total = 0;
};

// Called once the event is on disk (error empty) or could not be stored (then
// nothing of it was written). May run on another thread.
using StoreDone = std::function<void(const std::string& error)>;

class Store {
 public:
  virtual ~Store() = default;
  // Stores the event and the room's new row values in one transaction; several
  // such writes may share a commit. `done` is called when it is durable.
  virtual void append_event_async(const std::string& room, const EventRecord& event, const RoomChange& change,
                                  StoreDone done) = 0;
  virtual PlayerRecord create_player(const std::string& token, const std::string& name) = 0;
  virtual std::optional<PlayerRecord> find_player(const std::string& token) = 0;
  virtual void rename_player(std::int64_t id, const std::string& name) = 0;
  virtual void create_room(const RoomRecord& room, const EventRecord& first) = 0;
  // append_event_async, waiting for it.
  void append_event(const std::string& room, const EventRecord& event, const RoomChange& change);
  virtual std::vector<RoomRecord> unfinished_rooms() = 0;
  virtual std::optional<RoomRecord> find_room(const std::string& id) = 0;
  virtual std::vector<EventRecord> events(const std::string& room) = 0;
  // Public rooms with the given status ("" for any), newest first.
  virtual RoomPage list_rooms(const std::string& status, int page, int per_page) = 0;
};

}  // namespace arena
