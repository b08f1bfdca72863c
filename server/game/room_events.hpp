#pragma once
// Domain events: what a room tells the rest of the server after the fact. A
// room publishes them on its strand, after the store made the event durable;
// observers (the lobby feed and the room directory now; clocks, ratings,
// ladders and metrics later) must be quick and thread-safe, typically posting
// to their own strand. Observers never pull from rooms: what they need comes
// with the event. Whatever must be atomic with the game itself (a rating change
// when a game ends) is not an observer's job: it is written with the event in
// the same transaction (game/room_records.hpp, RoomChange).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/game_options.hpp"
#include "protocol/room_types.hpp"
#include "protocol/server_messages.hpp"
#include "game/room_records.hpp"

namespace arena {

// What the rest of the server knows of a room; a copy.
struct RoomSummary {
  std::string id;
  engine::GameOptions options;
  protocol::TimeControl clock;
  bool is_private = false;
  protocol::RoomStatus status = protocol::RoomStatus::Open;
  std::int64_t creator = 0;  // while the room is open: its one seated player, who created it
  std::int64_t white = 0, black = 0;  // the seated players (0: free)
  std::string white_name, black_name;
  bool white_seated = false, black_seated = false;
  bool rated = false;
  bool competition = false;  // a ladder or event game
  int rating_min = 0, rating_max = 0;  // an open room's range for the joiner's rating (0: any; #46)
  std::optional<protocol::RatingView> white_rating, black_rating;  // of seated accounts
  int moves = 0;
  int ply = 0;
  std::optional<engine::Color> decider;  // who must decide now; none when the game is over
  int spectators = 0;
  std::int64_t created_at = 0;
  std::int64_t finished_at = 0;
  // A live game's player is connected or acted lately (game/room_idle.hpp):
  // the lobby lists it only then.
  bool active = true;
};

// A room came into memory: created (before its creator hears of it), restored
// at start, or reloaded on demand.
struct RoomLoaded {
  const RoomSummary& room;
};
// An event was stored; observers hear of it before any client does.
struct EventCommitted {
  const RoomSummary& room;
  const EventRecord& event;
  // The notice intent stored with it (RoomChange::notify), if any: whom the
  // mail service tells, decided once by the authority.
  const RoomChange::Notify* notify = nullptr;
};
// The event just committed ended the game (room.status is finished).
struct GameFinished {
  const RoomSummary& room;
  const RoomRecord& record;  // with the result and its reason
};
struct SpectatorsChanged {
  const RoomSummary& room;
};
// The room's `active` changed (its players left, or one came back).
struct ActivityChanged {
  const RoomSummary& room;
};
// A seated player's name or kind changed: a guest signed up, the account took
// their player over (#43).
struct SeatsChanged {
  const RoomSummary& room;
};

// The player on move in a correspondence game has less than kClockLowMs on
// their clock now (once per turn and room in memory; a turn that started with
// less does not count): mail/turn_notifier.hpp tells them.
inline constexpr std::int64_t kClockLowMs = 24LL * 3600 * 1000;
struct ClockLow {
  const RoomSummary& room;
  std::int64_t player = 0;
};

class RoomObserver {
 public:
  virtual ~RoomObserver() = default;
  virtual void on(const RoomLoaded&) {}
  virtual void on(const EventCommitted&) {}
  virtual void on(const GameFinished&) {}
  virtual void on(const SpectatorsChanged&) {}
  virtual void on(const ActivityChanged&) {}
  virtual void on(const SeatsChanged&) {}
  virtual void on(const ClockLow&) {}
};

// The observers, fixed when the server is composed (so reading needs no lock).
class RoomEvents {
 public:
  void add(std::shared_ptr<RoomObserver> observer) { observers_.push_back(std::move(observer)); }
  template <class Event>
  void publish(const Event& event) const {
    for (const auto& o : observers_) o->on(event);
  }

 private:
  std::vector<std::shared_ptr<RoomObserver>> observers_;
};

}  // namespace arena
