#pragma once
// The rooms in memory: finds one (loading a finished room from the store on
// demand), creates new ones within the per-player limit of open rooms, and
// sweeps: open rooms nobody joined in time are cancelled, closed rooms leave
// memory after a while. What it knows of each room (status, creator, ages) it
// learns from the rooms' domain events, never by asking every room.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "game/room.hpp"

namespace arena {

struct DirectoryLimits {
  int max_open_rooms_per_player = 5;
  std::chrono::milliseconds open_room_ttl{30 * 60 * 1000};
  std::chrono::milliseconds keep_closed{10 * 60 * 1000};  // then a closed room is reloaded on demand
};

// Elsewhere: another node serves the room (RoomContext::ownership).
enum class Lookup { Found, Missing, Damaged, Failed, Elsewhere };

class RoomDirectory : public RoomObserver, public std::enable_shared_from_this<RoomDirectory> {
 public:
  using Found = std::function<void(std::shared_ptr<Room>, Lookup)>;
  using FoundEndpoint = std::function<void(std::shared_ptr<RoomEndpoint>, Lookup)>;
  using Created = std::function<void(std::shared_ptr<Room>, std::optional<Refusal>)>;

  RoomDirectory(boost::asio::any_io_executor io, GameIndex& index, std::shared_ptr<const RoomContext> context,
                DirectoryLimits limits);

  // Loads every unfinished room; `done(restored)` runs on this directory's
  // strand. `served_until`: this server's last heartbeat before it started
  // (one server alone; among nodes each room's lease says whose counts).
  void restore(std::optional<std::int64_t> served_until, std::function<void(int)> done);
  // Among nodes (#31): loads those of `rooms` (unfinished, their node gone)
  // this node can claim, and resumes them as restore() does: clocks, timers
  // and the computer's turn. `done(taken)` runs on this directory's strand.
  void take_over(std::vector<RoomRecord> rooms, std::function<void(int)> done);
  // Starts the periodic sweep.
  void start();
  void stop();

  // The room, from memory (answered at once, on the caller's thread) or loaded
  // from the store (answered on `ex`). Among nodes, a room is loaded only once
  // this node has claimed it; one another node serves is Lookup::Elsewhere.
  void find(const std::string& id, StoreExecutor ex, Found found);
  // The same, but a room another node serves is found too: as the endpoint
  // that forwards to it (what a connection talks to).
  void find_endpoint(const std::string& id, StoreExecutor ex, FoundEndpoint found);
  // A new room with `creator` seated, stored; answered on `ex`.
  // `reserved`: the other seat is kept for that player (a rematch: it does
  // not count against the creator's open rooms, it is live at once).
  // `rated`: asked for a rated game (refused for a guest or without a clock;
  // a handicap game is created unrated).
  void create(const PlayerInfo& creator, const engine::GameOptions& options, const protocol::TimeControl& clock,
              bool is_private, bool rated, engine::Color seat, StoreExecutor ex, Created created,
              std::optional<std::int64_t> reserved = std::nullopt, RatingRange range = {});
  // A rematch: a new room like `request.old` with both players seated (the
  // new white creates it, the new black joins); answered on `ex`.
  void open_rematch(RematchRequest request, StoreExecutor ex, RematchDone done);
  // A game of two named players (an accepted challenge, #45): `white` creates
  // it, `black` sits down at once (so it is live); answered on `ex`. Counts
  // against no one's open rooms.
  void open_pair(const PlayerInfo& white, const PlayerInfo& black, const engine::GameOptions& options,
                 const protocol::TimeControl& clock, bool is_private, bool rated, StoreExecutor ex, Created created);
  // A casual game against the computer: `human` creates it at `seat`, `bot`
  // sits down at once (so it is live). Answered on `ex`; counts against no one's open rooms.
  void open_bot_game(const PlayerInfo& human, const PlayerInfo& bot, const engine::GameOptions& options,
                     const protocol::TimeControl& clock, bool is_private, engine::Color seat, StoreExecutor ex,
                     Created created);
  // A ladder or event game: a rated room with the id the store chose, white
  // creating it and black seated at once (so it is live); its start deadline
  // runs from now. Answered on `ex`; counts against no one's open rooms.
  void open_competition(const CompetitionGame& game, StoreExecutor ex, Created created);
  int rooms_in_memory();
  // The rooms in memory now.
  std::vector<std::shared_ptr<Room>> rooms();
  // Every room in memory looks at the clock now (Room::wake; --test-clock).
  void wake_rooms();
  // Among nodes: another node took `room` over while this one was paused or
  // cut off (#31). It leaves memory, stores nothing more, and its connections
  // reconnect (1012) to find it where it is served now.
  void retire(const std::string& room);

  void on(const RoomLoaded& e) override { track(e.room); }
  void on(const EventCommitted& e) override { track(e.room); }

 private:
  struct Tracked {
    protocol::RoomStatus status;
    std::int64_t creator;
    std::int64_t since;  // created_at while open, finished_at once closed
  };
  // Stores and opens the room (`counted`: the creator's open-room count was
  // raised for it, and is lowered once it is stored or failed).
  void open_record(RoomRecord record, const PlayerInfo& creator, engine::Color seat, StoreExecutor ex, Created created,
                   std::optional<std::int64_t> reserved, bool counted);
  // The end of open_record(): the room (nullptr: `error`) joins the directory and `created` hears of it.
  void opened(std::shared_ptr<Room> room, const RoomSummary& summary, const std::string& error, StoreExecutor ex,
              Created created, bool counted, std::int64_t player);
  // The second player sits down (a rematch's, a competition game's); answered on `ex`.
  static void seat_second(std::shared_ptr<Room> room, const PlayerInfo& player, StoreExecutor ex, Created created);
  void track(const RoomSummary& room);
  void track_locked(const RoomSummary& room);  // mutex_ held
  void forget(std::string id);  // under mutex_ (a copy: callers pass keys of the sets it erases from)
  // What the store keeps of a room besides its row.
  struct StoredRoom {
    std::vector<EventRecord> events;
    std::vector<ChatRecord> chat;
    std::vector<ConditionalRecord> plans;  // conditional lines (#46)
  };
  std::shared_ptr<Room> load(const RoomRecord& record, StoredRoom stored, bool& damaged, std::optional<std::int64_t> served_until);
  // Reads a room's events, chat and conditional lines (on strand_): all, or the first error.
  using Read = std::function<void(StoredRoom, const std::string& error)>;
  void read_room(const std::string& id, Read done);
  // restore() and take_over(): claims (among nodes) and loads each room in turn.
  void restore_rooms(std::vector<RoomRecord> rooms, std::optional<std::int64_t> served_until, std::function<void(int)> done);
  // find(), and the owner's id when the answer is Elsewhere.
  using Located = std::function<void(std::shared_ptr<Room>, Lookup, const std::string& owner)>;
  void locate(const std::string& id, StoreExecutor ex, Located located);
  void load_found(const RoomRecord& row, std::optional<std::int64_t> served_until, StoreExecutor ex, Located located);
  Room::Executor new_strand();
  void sweep();
  void schedule_sweep();

  boost::asio::any_io_executor io_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;  // store answers and the sweep
  GameIndex& index_;
  std::shared_ptr<const RoomContext> context_;
  DirectoryLimits limits_;
  boost::asio::steady_timer sweep_timer_;

  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::unordered_map<std::string, Tracked> tracked_;
  std::map<std::int64_t, int> open_by_player_;      // open rooms plus creations under way
  std::set<std::pair<std::int64_t, std::string>> open_by_age_, closed_by_age_;
};

}  // namespace arena
