#pragma once
// One game room on its own strand (a single writer). It composes the three
// parts of a room: the GameAuthority decides, the commit queue stores one event
// at a time and acknowledges it only once durable, the Crowd fans the event's
// frame (built once) out to everyone in the room. Operations that arrive while
// an event is being stored wait their turn, in order.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "game/authority.hpp"
#include "game/client.hpp"
#include "game/crowd.hpp"
#include "game/room_events.hpp"
#include "protocol/messages.hpp"
#include "protocol/server_messages.hpp"
#include "store/store.hpp"

namespace arena {

// What every room is built with; shared, outlives the rooms.
struct RoomContext {
  GameLog& log;
  const RoomEvents& events;
  Clock clock;
  AuthorityLimits authority;
  CrowdLimits crowd;
  std::size_t max_waiting = 4096;  // operations queued behind an event being stored; more: rate_limited
};

class Room : public std::enable_shared_from_this<Room> {
 public:
  using Executor = boost::asio::strand<boost::asio::any_io_executor>;
  // Called on the room's strand: the stored room, or nullptr and why not.
  using Opened = std::function<void(std::shared_ptr<Room>, const std::string& error)>;

  // A new room with its creator seated, stored (row and first event) before
  // `opened` hears of it.
  static void open(Executor strand, std::shared_ptr<const RoomContext> context, RoomRecord record, const PlayerInfo& creator,
                   engine::Color seat, Opened opened);
  // A room rebuilt from its stored events; nullptr with `error` if they do not replay.
  static std::shared_ptr<Room> restore(Executor strand, std::shared_ptr<const RoomContext> context, RoomRecord record,
                                       const std::vector<EventRecord>& events, std::string& error);

  const std::string& id() const { return id_; }
  // Publishes RoomLoaded (the room is now in memory).
  void announce();
  // Only on the room's strand (where Opened runs, for instance).
  RoomSummary summary() const;

  // Each posts to the strand and answers the client there.
  void join(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id);
  void watch(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id);
  void resync(std::shared_ptr<Client> client, PlayerInfo player, std::int64_t since, nlohmann::json request_id);
  void leave(std::shared_ptr<Client> client, nlohmann::json request_id);
  void play(std::shared_ptr<Client> client, PlayerInfo player, protocol::Play play, nlohmann::json request_id);
  void resign(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id);
  void offer_draw(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id);
  void answer_draw(std::shared_ptr<Client> client, PlayerInfo player, bool accept, nlohmann::json request_id);
  void cancel(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id);
  // Nobody joined in time: the server cancels the room if it is still open.
  void expire();
  // A command from no connection (a moderator's, or a ban's): `decide` picks
  // the event, stored with `audit` in one transaction; `done` runs on the
  // strand with the refusal (none: stored) and the room's row after it.
  using Command = std::function<Decision(const GameAuthority&)>;
  using CommandDone = std::function<void(std::optional<Refusal>, RoomRecord)>;
  void command(Command decide, std::optional<AuditEntry> audit, CommandDone done);
  // The client's connection closed.
  void disconnected(Client* client);

 private:
  Room(Executor strand, std::shared_ptr<const RoomContext> context, GameAuthority authority);
  void loaded();  // announce() on the strand


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
  using Write = std::function<void(StoreExecutor, StoreDone)>;
  void commit(Proposal proposal, Write write, std::shared_ptr<Client> client, nlohmann::json request_id,
              std::function<void(bool)> after);
  void committed(const std::string& error);

  // ---- the crowd ----
  void subscribe(const std::shared_ptr<Client>& client, std::int64_t player);
  void send_snapshot(Client& client, std::int64_t player);
  void send_legal();
  void send_legal_to(Client& client, engine::Color seat);
  Frame legal_frame(engine::Color seat) const;
  Frame event_frame(const EventRecord& event, int ply_before) const;
  void spectators_changed();

  void ack(Client* client, const nlohmann::json& request_id, protocol::Ack extra = {});
  void fail(Client* client, protocol::ErrorCode code, const std::string& message, const nlohmann::json& request_id);

  struct Commit {
    Proposal proposal;
    std::shared_ptr<Client> client;
    nlohmann::json request_id;
    std::function<void(bool)> after;
  };

  Executor strand_;
  std::shared_ptr<const RoomContext> context_;
  std::string id_;
  GameAuthority authority_;
  Crowd crowd_;
  std::optional<Commit> in_flight_;            // the event being stored
  std::deque<std::function<void()>> waiting_;  // operations that arrived meanwhile
};

}  // namespace arena
