#pragma once
// One game room on its own strand (a single writer). The room itself is the
// commit queue: it stores one event at a time and acknowledges it only once
// durable; operations that arrive meanwhile wait their turn, in order. Its
// parts, each confined to the strand: the GameAuthority decides, the Crowd fans
// an event's frame (built once) out to everyone in the room, RoomChat keeps the
// chat, RoomRematch the rematch, ComputerDriver the computer's seats, LagMeter
// the players' lag, RoomIdle the games their players left; the room's timer
// serves the authority's and RoomIdle's deadlines.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "game/authority.hpp"
#include "game/bot_seats.hpp"
#include "game/client.hpp"
#include "game/computer_driver.hpp"
#include "game/crowd.hpp"
#include "game/lag_meter.hpp"
#include "game/move_plans.hpp"
#include "game/room_chat.hpp"
#include "game/room_endpoint.hpp"
#include "game/room_idle.hpp"
#include "game/room_rematch.hpp"
#include "game/room_events.hpp"
#include "game/room_ownership.hpp"
#include "rating/rating_book.hpp"
#include "protocol/messages.hpp"
#include "protocol/server_messages.hpp"
#include "game/game_log.hpp"

namespace arena {

// A rematch to open: the old room's options and clock, the players with colours swapped.
struct RematchRequest {
  RoomRecord old;
  PlayerInfo white, black;  // of the new room
};
// The new room's id, or why there is none; on the executor the request named.
using RematchDone = std::function<void(std::string next, std::optional<Refusal> refusal)>;
using OpenRematch = std::function<void(RematchRequest, StoreExecutor, RematchDone)>;

// What every room is built with; shared, outlives the rooms.
struct RoomContext {
  GameLog& log;
  const RoomEvents& events;
  Clock clock;
  AuthorityLimits authority;
  CrowdLimits crowd;
  ChatLimits chat{};
  std::size_t max_waiting = 4096;        // operations queued behind an event being stored; more: rate_limited
  OpenRematch open_rematch{};            // set once the room directory exists
  BotSeats* bots = nullptr;              // the computer players; none: no seat is the computer's
  IdleLimits idle{};                     // abandoned games (#33)
  RoomOwnership* ownership = nullptr;    // nodes share the site (--bus): leases and their fences; none: one node
  RatingBook* ratings = nullptr;         // a joiner's rating, for a room with a range (#46); none: no range is checked
};

class Room final : public RoomEndpoint, public std::enable_shared_from_this<Room> {
 public:
  using Executor = boost::asio::strand<boost::asio::any_io_executor>;
  // Called on the room's strand: the stored room, or nullptr and why not.
  using Opened = std::function<void(std::shared_ptr<Room>, const std::string& error)>;

  // A new room with its creator seated, stored (row and first event) before
  // `opened` hears of it.
  // `reserved`: the only player who may take the other seat (a rematch's).
  static void open(Executor strand, std::shared_ptr<const RoomContext> context, RoomRecord record, const PlayerInfo& creator,
                   engine::Color seat, Opened opened, std::optional<std::int64_t> reserved = std::nullopt);
  // A room rebuilt from its stored events; nullptr with `error` if they do not replay.
  // `served_until`: the last heartbeat of the server that served it before
  // (it died, or this one restarted); its running clock is credited the time
  // since (GameAuthority::resumed_after). None: no credit.
  static std::shared_ptr<Room> restore(Executor strand, std::shared_ptr<const RoomContext> context, RoomRecord record,
                                       const std::vector<EventRecord>& events, std::vector<ChatRecord> chat, std::string& error,
                                       std::optional<std::int64_t> served_until = std::nullopt,
                                       std::vector<ConditionalRecord> plans = {});

  const std::string& id() const override { return id_; }
  // Publishes RoomLoaded (the room is now in memory: the lobbies list it),
  // then runs `after`, on the room's strand. A new room is announced by the
  // directory once its lease is held (#42), never by open().
  void announce(std::function<void()> after = {});
  // Only on the room's strand (where Opened runs, for instance).
  RoomSummary summary() const;
  // The summary, from any thread: `told` runs on the room's strand.
  void describe(std::function<void(const RoomSummary&)> told);

  // RoomEndpoint: each posts to the strand and answers the client there.
  void join(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void watch(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void resync(std::shared_ptr<Client> client, PlayerInfo player, std::int64_t since, std::int64_t chat_since,
              nlohmann::json request_id) override;
  void leave(std::shared_ptr<Client> client, nlohmann::json request_id) override;
  void play(std::shared_ptr<Client> client, PlayerInfo player, protocol::Play play, nlohmann::json request_id) override;
  void resign(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void offer_draw(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void answer_draw(std::shared_ptr<Client> client, PlayerInfo player, bool accept, nlohmann::json request_id) override;
  void cancel(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void abort(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void claim(std::shared_ptr<Client> client, PlayerInfo player, bool draw, nlohmann::json request_id) override;
  void give_time(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void offer_takeback(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void answer_takeback(std::shared_ptr<Client> client, PlayerInfo player, bool accept, nlohmann::json request_id) override;
  void premove(std::shared_ptr<Client> client, PlayerInfo player, std::optional<std::string> action,
               nlohmann::json request_id) override;
  void conditional(std::shared_ptr<Client> client, PlayerInfo player, std::vector<std::string> line,
                   nlohmann::json request_id) override;
  void rematch(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void chat(std::shared_ptr<Client> client, PlayerInfo player, std::string text, nlohmann::json request_id) override;
  void delete_chat(std::shared_ptr<Client> client, std::int64_t seq, AuditEntry audit, nlohmann::json request_id) override;
  void disconnected(Client* client) override;
  // Nobody joined in time: the server cancels the room if it is still open.
  void expire();
  // The room looks at the clock now (what is due is stored, the lobby hears
  // of a change of listing): for a clock moved by a test (--test-clock).
  void wake();
  // A seated player is known by another name now (a guest who signed up: #43);
  // the lobby hears of it.
  void rename_seat(std::int64_t player, std::string name, std::string kind);
  // Another node serves the room now (RoomDirectory::retire): no more timers
  // or computer moves; everyone in it, and whoever comes later through an old
  // reference, is sent to reconnect.
  void retire();
  // A command from no connection (a moderator's, or a ban's): `decide` picks
  // the event, stored with `audit` in one transaction; `done` runs on the
  // strand with the refusal (none: stored) and the room's row after it.
  using Command = std::function<Decision(const GameAuthority&)>;
  using CommandDone = std::function<void(std::optional<Refusal>, RoomRecord)>;
  void command(Command decide, std::optional<AuditEntry> audit, CommandDone done);

 private:
  // `last_action`: the time of the room's last event of a player.
  Room(Executor strand, std::shared_ptr<const RoomContext> context, GameAuthority authority, std::int64_t last_action,
       std::vector<ChatRecord> chat = {});
  void loaded();  // announce() on the strand
  // join() once the joiner's rating fits the room's range (or it has none); on the strand.
  void join_now(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id);


  // Runs f on the strand, or after the event being stored; answers the client
  // rate_limited instead when too many operations wait already.
  // `busy`, if given, is told instead of the client.
  template <class F>
  void on_strand(std::shared_ptr<Client> client, nlohmann::json request_id, F&& f, std::function<void()> busy = {});
  template <class F>
  void run_guarded(F& f);
  // Answers a decision: a refusal or repeat at once, a proposal once stored.
  // `after(true)` runs after a proposal was committed and broadcast.
  void decide(Decision decision, const std::shared_ptr<Client>& client, const nlohmann::json& request_id,
              std::function<void(bool)> after = {});

  // ---- the commit queue ----
  // Stores the proposal (`write` does the store call); once durable, the
  // authority commits it, the client gets its ack and everyone the event.
  // Without a proposal (a chat message), `stored` runs once durable instead.
  using Write = std::function<void(StoreExecutor, StoreDone)>;
  void commit(std::optional<Proposal> proposal, Write write, std::shared_ptr<Client> client, nlohmann::json request_id,
              std::function<void(bool)> after, std::function<void()> stored = {});
  void committed(const std::string& error);

  // ---- time and presence ----
  // Stores what time decided (a flag, a missing first action) if it is due;
  // operations that arrive later wait behind it.
  void check_time();
  void arm_timer();
  // Tells the authority who is connected, and the waiting player when their
  // opponent is gone (or back).
  void update_presence();
  // Publishes ClockLow once the player on move's correspondence clock is under 24 h.
  void check_clock_low();
  // RoomIdle's view of the game now.
  RoomIdle::Game idle_game() const;
  // Whether RoomIdle lists the game now; when that changed, the lobby hears of it.
  void update_listing();
  // After every change: the computer's turn (ComputerDriver::think), its
  // action coming back to the strand as a player's would.
  void think();

  // ---- premoves and conditional lines (#46) ----
  // After every change: what MovePlans says is due is played as the seat's
  // own action (or dropped, and the seat told); a game no longer played
  // drops every plan.
  void play_plans();
  void play_planned(const MovePlans::Due& due);
  // Stores the seat's conditional line as MovePlans holds it (empty: deleted),
  // through the commit queue; `stored` runs once it is durable.
  void save_line(engine::Color seat, std::function<void()> stored);
  // Tells the seat's connections their plans (`plan`), with what was dropped and why.
  void tell_plan(engine::Color seat, std::optional<std::string> dropped = std::nullopt, std::string reason = {});

  // ---- the crowd ----
  void subscribe(const std::shared_ptr<Client>& client, std::int64_t player);
  void send_snapshot(Client& client, const PlayerInfo& viewer);
  void send_legal();
  void send_legal_to(Client& client, engine::Color seat);
  Frame legal_frame(engine::Color seat) const;
  Frame event_frame(const EventRecord& event, int ply_before) const;
  Frame rated_frame() const;  // the `rated` message of a finished rated game
  void spectators_changed();

  void ack(Client* client, const nlohmann::json& request_id, protocol::Ack extra = {});
  // Among nodes, every write of the room carries this node's lease on it (the
  // store refuses it once another node took the room over); none on one node.
  std::optional<LeaseFence> fence() const;
  void fail(Client* client, protocol::ErrorCode code, const std::string& message, const nlohmann::json& request_id);

  struct Commit {
    std::optional<Proposal> proposal;
    std::function<void()> stored;
    std::shared_ptr<Client> client;
    nlohmann::json request_id;
    std::function<void(bool)> after;
    EventWritten written;  // filled when the store answers
  };

  Executor strand_;
  std::shared_ptr<const RoomContext> context_;
  std::string id_;
  GameAuthority authority_;
  Crowd crowd_;
  std::optional<Commit> in_flight_;            // the event being stored
  std::deque<std::function<void()>> waiting_;  // operations that arrived meanwhile
  boost::asio::steady_timer timer_;            // the next deadline (a flag, a first action)
  std::optional<std::int64_t> armed_for_;
  std::int64_t clock_low_told_ = 0;  // the clock_low_at() last published (ClockLow)
  std::optional<std::int64_t> gone_sent_;      // the claim_at the waiting player was told
  std::optional<engine::Color> gone_waiting_;  // ... and who that was
  std::int64_t quiet_until_ = 0;               // after a failed write of what time decided: retry then
  LagMeter lag_;
  RoomChat chat_;
  RoomRematch rematch_;
  ComputerDriver computer_;
  MovePlans plans_;
  RoomIdle idle_;
  bool listed_ = true;  // as the lobby was last told (RoomSummary::active)
  bool retired_ = false;  // retire(): served elsewhere now
};

}  // namespace arena
