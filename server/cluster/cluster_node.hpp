#pragma once
// This node as one of the site's nodes (#30, `--bus`): it claims the rooms it
// serves (leases in the store, renewed every third of their length), reaches
// the rooms other nodes serve through RemoteRoom, serves its own to other
// nodes' connections through RoomRelay, and keeps every node's lobby in step
// by publishing its rooms' summaries. Without `--bus` none of this exists.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "cluster/connection_routes.hpp"
#include "cluster/frame_streams.hpp"
#include "cluster/nats_bus.hpp"
#include "cluster/pending_calls.hpp"
#include "cluster/remote_room.hpp"
#include "game/room_events.hpp"
#include "game/room_ownership.hpp"
#include "game/room_leases.hpp"

namespace arena {

class BlockBook;
class LobbyFeed;
class LoginLimiter;
class PlayerConnections;
class RoomDirectory;
class RoomRelay;

class ClusterNode final : public RoomOwnership, public RoomObserver, public std::enable_shared_from_this<ClusterNode> {
 public:
  // `forward_timeout`: how long a call forwarded to a room's owner waits for
  // its answer before the caller is told `node_timeout` (#42). `deaf_to`: a
  // subject this node does not subscribe to, as if the bus lost every
  // message of it (for tests only: --test-bus-deaf).
  ClusterNode(boost::asio::any_io_executor io, std::unique_ptr<NatsBus> bus, RoomLeases& leases, std::string node,
              std::chrono::milliseconds lease, std::chrono::milliseconds forward_timeout = std::chrono::seconds(5),
              std::string deaf_to = {});
  ~ClusterNode() override;

  // Once the directory and the lobby feed exist: subscribes to this node's
  // subjects and the lobby's, and starts renewing its leases.
  // Among nodes, what reaches a player reaches them on every node (PlayerConnections::set_site).
  // `banned(player)`: another node banned the player (their games here are forfeited).
  void start(RoomDirectory& directory, LobbyFeed& feed, PlayerConnections& players, const BlockBook* blocks,
             std::function<void(std::int64_t player)> banned);
  // An account's failed logins count on every node (arena.logins): guesses
  // spread over the site's nodes meet one per-account limit.
  void share(LoginLimiter& logins);
  // A drain (SIGTERM, #31): no more renewals, and every lease this node holds
  // is given up at once (queued in the store before its last flush), so the
  // other nodes take the rooms over at their next look, not after the lease.
  void release_all();
  // No more renewals; the bus closes (its handlers are done when this returns).
  void stop();

  // RoomOwnership
  void claim(const std::string& room, StoreExecutor ex, Claimed claimed) override;
  const std::string& node() const override { return node_; }
  std::shared_ptr<RoomEndpoint> remote(const std::string& room, const std::string& owner) override;
  std::optional<LeaseFence> fence(const std::string& room) const override;
  void released(const std::string& room) override;

  // RoomObserver: a local room's change, for every other node's lobby.
  void on(const RoomLoaded& e) override { tell_lobbies(e.room); }
  void on(const EventCommitted& e) override { tell_lobbies(e.room); }
  void on(const SpectatorsChanged& e) override { tell_lobbies(e.room); }
  void on(const ActivityChanged& e) override { tell_lobbies(e.room); }
  void on(const SeatsChanged& e) override { tell_lobbies(e.room); }

 private:
  bool publish(const std::string& subject, std::string data);
  void subscribe(const std::string& subject, NatsBus::Handler handler);
  void tell_lobbies(const RoomSummary& room);
  void on_frame(std::string_view message);
  // Frames `from` sent this node were lost on the bus (FrameGaps): every
  // connection here in a room `from` serves resyncs it in place.
  void frames_lost(std::string_view from);
  void on_lobby(std::string_view message);
  // Each third of a lease, waited on `timer`: act(*this, next), and the
  // next wait once `act` called next(). Ends when `act` does not call it, the
  // timer is cancelled (stop, drain) or the node is gone: the loop holds the
  // node only while `act` runs.
  template <class Act>
  void every_third_of_lease(boost::asio::steady_timer& timer, Act act);
  // The renewals, until a drain or stop.
  void start_renewals();
  // NodeAlive (now, then every third of a lease) and the relay's sweep, until stop().
  void start_beacons();
  void beacon();
  // One renewal; `renewed_or_failed` when the store has answered.
  void renew(std::function<void()> renewed_or_failed);
  // The rooms of `before` (held when a renewal was queued) that it did not
  // renew (`held`) went to another node: they leave memory, their
  // connections reconnect to find them where they are now.
  void drop_lost(const std::map<std::string, std::int64_t>& before, const std::vector<RoomLease>& held);
  // Takes over the rooms whose node died or drained (leases lapsed), a batch
  // at a time, one batch at once (on strand_).
  void adopt_orphans();
  // Another node serves `room` now: this node's connections that reached it
  // through the old owner reconnect (and resync) to find it.
  void on_moved(std::string_view message);
  // The connections in `old` reconnect to find the room where it is served
  // now; if that is here (`here`), they resync it in place instead (#42).
  void move_members(RemoteRoom& old, bool here = false);
  // `from` told connection `conn` that it does not serve `room` (#42, defect 5),
  // or a call to `from` for it went unanswered (defect 6): if this node still
  // reaches the room through `from`, it forgets that way, and the room's
  // connections here look it up again, in place.
  void look_up_again(const std::string& room, const std::string& from);
  // Takes the way to `room` through another node out of remotes_ when
  // `stale(its owner)`; null when there is none or it is not stale.
  std::shared_ptr<RemoteRoom> forget_remote(const std::string& room, const std::function<bool(const std::string& owner)>& stale);
  // The forwarded calls unanswered for forward_timeout_ are answered node_timeout.
  void expire_calls();

  boost::asio::any_io_executor io_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;  // renewals
  std::unique_ptr<NatsBus> bus_;
  RoomLeases& leases_;
  std::string node_;
  std::uint64_t boot_ = 0;  // new at every start (NodeAlive), never 0
  std::chrono::milliseconds lease_;
  std::chrono::milliseconds forward_timeout_;
  std::string deaf_to_;
  boost::asio::steady_timer renew_timer_;
  boost::asio::steady_timer alive_timer_;  // NodeAlive, on its own: a slow database does not silence it
  ConnectionRoutes routes_;
  PendingCalls pending_;
  FrameStreams frame_streams_;  // this node's frames to the others, numbered
  FrameGaps frame_gaps_;        // the others' frames to this node, checked
  std::shared_ptr<RoomRelay> relay_;
  LobbyFeed* feed_ = nullptr;
  std::weak_ptr<RoomDirectory> directory_;
  bool adopting_ = false;  // on strand_
  std::atomic<bool> draining_{false};  // release_all() came
  std::atomic<bool> stopped_{false};   // stop() came: no more NodeAlive

  mutable std::mutex mutex_;
  std::map<std::string, std::int64_t> epochs_;                    // the rooms this node holds
  std::map<std::string, std::shared_ptr<RemoteRoom>> remotes_;   // rooms other nodes hold, in use here
};

}  // namespace arena
