#pragma once
// One game room. Every operation runs on the room's strand (a single writer): an
// action is checked by the engine, stored durably, and only then acknowledged and
// broadcast, numbered by the room's event sequence.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <array>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "client.hpp"
#include "hosted_game.hpp"
#include "limits.hpp"
#include "protocol/messages.hpp"
#include "store.hpp"

namespace arena {

// What the lobby lists of a room; a copy, safe to read from any thread.
struct RoomSummary {
  std::string id;
  GameOptions options;
  bool is_private = false;
  std::string status;  // open | live | finished | cancelled
  std::int64_t creator = 0;  // while the room is open: its one seated player, who created it
  std::string white_name, black_name;
  bool white_seated = false, black_seated = false;
  int moves = 0;
  int ply = 0;
  int spectators = 0;
  std::int64_t created_at = 0;
  std::int64_t finished_at = 0;
};

// Finished or cancelled: the room accepts nothing more.
inline bool room_closed(const std::string& status) { return status == "finished" || status == "cancelled"; }

class Room : public std::enable_shared_from_this<Room> {
 public:
  using Executor = boost::asio::strand<boost::asio::any_io_executor>;
  using Changed = std::function<void()>;  // the summary changed (called on the strand)

  // A new room with its creator seated; stored before it is returned. Throws
  // StoreError.
  static std::shared_ptr<Room> create(Executor strand, Store& store, const Limits& limits, std::string id,
                                      const GameOptions& options, bool is_private, const PlayerInfo& creator,
                                      engine::Color seat, Changed changed);
  // A room rebuilt from the store by replaying its events; nullptr with `error`
  // set if the stored events do not replay.
  static std::shared_ptr<Room> restore(Executor strand, Store& store, const Limits& limits, const RoomRecord& record,
                                       Changed changed, std::string& error);

  const std::string& id() const { return id_; }
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
  // The creator takes back a room nobody has joined yet.
  void cancel(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id);
  // Nobody joined in time: the server cancels the room if it is still open.
  void expire();
  // The client's connection closed.
  void disconnected(Client* client);

 private:
  struct Subscriber {
    std::weak_ptr<Client> client;
    std::optional<engine::Color> seat;  // empty: spectator
  };

  Room(Executor strand, Store& store, const Limits& limits, RoomRecord record, std::unique_ptr<HostedGame> game,
       Changed changed);

  template <class F>
  void on_strand(F&& f);
  std::optional<engine::Color> seat_of(std::int64_t player) const;
  // The sender's seat if they may act in a running game; otherwise answers with
  // the error (not_a_player, not_started, game_over) and returns nothing.
  std::optional<engine::Color> playing_seat(Client* client, const PlayerInfo& player, const nlohmann::json& request_id);
  // Stores the `cancelled` event: the room is closed without a game.
  void cancel_now(const std::shared_ptr<Client>& client, std::optional<std::int64_t> player, engine::Color seat,
                  const nlohmann::json& request_id);
  template <class F>
  void run_guarded(F& f);
  void subscribe(const std::shared_ptr<Client>& client, std::int64_t player);
  void send_snapshot(Client& client, std::int64_t player);
  void send_legal();
  void send_legal_to(Client& client, engine::Color seat);
  Frame legal_frame(engine::Color seat) const;
  // Stores the event (and the room's new row values); once it is durable, makes
  // it happen, acknowledges and broadcasts it, then calls after(true). If the
  // store fails, answers `client` with an error and calls after(false). The room
  // is busy meanwhile: operations arriving then wait their turn. `client` may be
  // null (the server itself acts: an expired room).
  void commit(EventRecord event, RoomChange change, std::unique_ptr<HostedGame> next, std::shared_ptr<Client> client,
              nlohmann::json request_id, std::function<void(bool)> after = {});
  void committed(const std::string& error);
  nlohmann::json event_json(const EventRecord& event, const HostedGame& game, int ply_before) const;
  void apply_record(const EventRecord& event);  // the in-memory effect of an event
  // apply_record, then the event's frame joins the log (the game already moved).
  void record_event(const EventRecord& event, int ply_before);
  int spectator_count() const;
  void broadcast(const Frame& frame);
  void spectators_changed();
  void refresh_summary();
  void ack(Client* client, const nlohmann::json& request_id, nlohmann::json extra = nlohmann::json::object());
  static void fail(Client* client, protocol::ErrorCode code, const std::string& message, const nlohmann::json& request_id,
                   const std::string& room);

  struct Commit {
    EventRecord event;
    std::unique_ptr<HostedGame> next;
    std::shared_ptr<Client> client;
    nlohmann::json request_id;
    std::function<void(bool)> after;
  };

  Executor strand_;
  Store& store_;
  Limits limits_;
  std::optional<Commit> in_flight_;            // the event being stored
  std::deque<std::function<void()>> waiting_;  // operations that arrived meanwhile
  std::string id_;
  RoomRecord record_;
  std::unique_ptr<HostedGame> game_;
  Changed changed_;
  std::vector<Frame> events_;  // event seq is index + 1
  std::map<Client*, Subscriber> subscribers_;
  std::optional<engine::Color> draw_offer_;
  std::array<int, 2> last_draw_offer_ply_{-1000000, -1000000};  // per colour, for the gap between offers
  mutable std::mutex summary_mutex_;
  RoomSummary summary_;
};

}  // namespace arena
