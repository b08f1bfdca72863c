#include "cluster/cluster_node.hpp"

#include <chrono>
#include <set>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "cluster/cluster_codec.hpp"
#include "account/login_limiter.hpp"
#include "cluster/room_relay.hpp"
#include "game/room_directory.hpp"
#include "lobby/lobby_feed.hpp"
#include "protocol/account_types.hpp"
#include "protocol/server_messages.hpp"
#include "game/player_connections.hpp"
#include "util/async_loop.hpp"
#include "util/log_text.hpp"
#include "util/metrics.hpp"
#include "util/secure_random.hpp"

namespace arena {
namespace {
// Orphaned rooms asked for per renewal (#31).
constexpr std::int64_t kAdoptBatch = 50;

// A message of `subject` this node drops: counted and logged.
void dropped(std::string_view subject, std::size_t bytes, BusDrop why) {
  Metrics::process().bus_dropped(why);
  spdlog::warn("event=bus_message_dropped subject={} reason={} bytes={}", subject, bus_drop_name(why), bytes);
}
}  // namespace

ClusterNode::ClusterNode(boost::asio::any_io_executor io, std::unique_ptr<NatsBus> bus, RoomLeases& leases, std::string node,
                         std::chrono::milliseconds lease, std::chrono::milliseconds forward_timeout, std::string deaf_to)
    : io_(io),
      strand_(boost::asio::make_strand(io)),
      bus_(std::move(bus)),
      leases_(leases),
      node_(std::move(node)),
      lease_(lease),
      forward_timeout_(forward_timeout),
      deaf_to_(std::move(deaf_to)),
      renew_timer_(strand_),
      alive_timer_(strand_),
      frame_streams_(node_, [this](const std::string& to, std::string text) { return publish(frames_subject(to), std::move(text)); }) {
  while (boot_ == 0) random_bytes(&boot_, sizeof boot_);
}

ClusterNode::~ClusterNode() { bus_->close(); }

bool ClusterNode::publish(const std::string& subject, std::string data) {
  if (bus_->publish(subject, data)) return true;
  Metrics::process().bus_dropped(BusDrop::NotSent);  // (logged by the bus)
  return false;
}

void ClusterNode::subscribe(const std::string& subject, NatsBus::Handler handler) {
  if (subject == deaf_to_) {
    spdlog::warn("event=bus_deaf node={} subject={} (--test-bus-deaf: for tests only)", node_, subject);
    return;
  }
  bus_->subscribe(subject, std::move(handler));
}

void ClusterNode::start(RoomDirectory& directory, LobbyFeed& feed, PlayerConnections& players, const BlockBook* blocks,
                        std::function<void(std::int64_t)> banned) {
  feed_ = &feed;
  directory_ = directory.shared_from_this();
  std::weak_ptr<ClusterNode> weak = shared_from_this();
  // Each message names the node it came from: a node's own are not applied twice.
  players.set_site([weak](const PlayerMessage& message) {
    if (auto self = weak.lock()) self->publish(kPlayersSubject, encode(PlayersTold{self->node_, message}));
  });
  subscribe(kPlayersSubject, [weak, &players, banned](std::string_view m) {
    auto self = weak.lock();
    if (!self || sent_by(m, self->node_)) return;
    BusDrop why{};
    auto told = decode_players_told(m, &why);
    if (!told) return dropped(kPlayersSubject, m.size(), why);
    players.apply_from_site(told->message);
    // A ban elsewhere also forfeits the player's games here.
    if (const auto* ban = std::get_if<BanPlayer>(&told->message)) banned(ban->player);
  });
  auto send_frame = [weak](const std::string& to, const NodeFrame& frame) {
    auto self = weak.lock();
    return self && self->frame_streams_.send(to, frame);
  };
  relay_ = std::make_shared<RoomRelay>(io_, node_, directory, blocks, send_frame);
  subscribe(calls_subject(node_), [relay = relay_](std::string_view m) { relay->deliver(m); });
  subscribe(frames_subject(node_), [weak](std::string_view m) {
    if (auto self = weak.lock()) self->on_frame(m);
  });
  subscribe(kRoomsMovedSubject, [weak](std::string_view m) {
    if (auto self = weak.lock()) self->on_moved(m);
  });
  subscribe(kLobbySubject, [weak](std::string_view m) {
    if (auto self = weak.lock()) self->on_lobby(m);
  });
  // A node that joins asks the others for their rooms: its lobby lists them
  // at once, not from their next change.
  subscribe(kLobbyHelloSubject, [weak, &directory](std::string_view m) {
    auto self = weak.lock();
    if (!self || sent_by(m, self->node_)) return;
    BusDrop why{};
    if (!decode_lobby_hello(m, &why)) return dropped(kLobbyHelloSubject, m.size(), why);
    for (auto& room : directory.rooms())
      room->describe([weak](const RoomSummary& summary) {
        if (auto node = weak.lock()) node->tell_lobbies(summary);
      });
  });
  publish(kLobbyHelloSubject, encode(LobbyHello{node_}));
  // The other nodes' liveness (#42): the stand-ins of a node silent for a
  // lease leave their rooms (swept at each renewal step).
  subscribe(kNodesAliveSubject, [weak](std::string_view m) {
    auto self = weak.lock();
    if (!self || sent_by(m, self->node_)) return;
    BusDrop why{};
    auto alive = decode_node_alive(m, &why);
    if (!alive) return dropped(kNodesAliveSubject, m.size(), why);
    self->relay_->node_alive(alive->from, alive->boot);
  });
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->start_renewals();
    self->start_beacons();
  });
}

void ClusterNode::share(LoginLimiter& logins) {
  std::weak_ptr<ClusterNode> weak = shared_from_this();
  logins.set_site([weak](const std::string& account) {
    if (auto self = weak.lock()) self->publish(kLoginsSubject, encode(LoginFailed{self->node_, account}));
  });
  subscribe(kLoginsSubject, [weak, &logins](std::string_view m) {
    auto self = weak.lock();
    if (!self || sent_by(m, self->node_)) return;
    BusDrop why{};
    auto failed = decode_login_failed(m, &why);
    if (!failed) return dropped(kLoginsSubject, m.size(), why);
    logins.failed_elsewhere(failed->account);
  });
}

void ClusterNode::stop() {
  stopped_ = true;
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->renew_timer_.cancel();
    self->alive_timer_.cancel();
  });
  bus_->close();
}

// ---- leases ------------------------------------------------------------------

void ClusterNode::claim(const std::string& room, StoreExecutor ex, Claimed claimed) {
  leases_.claim_room(room, node_, lease_.count(), std::move(ex),
                     [self = shared_from_this(), room, claimed = std::move(claimed)](Stored<LeaseClaim> c) {
                       if (!c.ok()) return claimed({}, std::nullopt, c.error);
                       bool taken = false;  // from another node (an epoch after the first, new here)
                       std::shared_ptr<RemoteRoom> old;  // how this node reached it until now
                       if (c.value.granted) {
                         std::lock_guard lock(self->mutex_);
                         auto [it, added] = self->epochs_.insert_or_assign(room, c.value.lease.epoch);
                         taken = added && c.value.lease.epoch > 1;
                         if (auto r = self->remotes_.find(room); r != self->remotes_.end()) {
                           old = std::move(r->second);
                           self->remotes_.erase(r);
                         }
                       }
                       if (old) self->move_members(*old, true);  // the room is this node's now
                       if (taken) {
                         Metrics::process().lease_takeover();
                         self->publish(kRoomsMovedSubject, encode(RoomMoved{self->node_, room}));
                       }
                       claimed(c.value.lease.owner, c.value.holder_alive_at, {});
                     });
}

std::optional<LeaseFence> ClusterNode::fence(const std::string& room) const {
  std::lock_guard lock(mutex_);
  auto it = epochs_.find(room);
  // Epoch 0 is never a lease's: a room this node does not hold cannot be written.
  return LeaseFence{node_, it == epochs_.end() ? 0 : it->second};
}

void ClusterNode::released(const std::string& room) {
  std::int64_t epoch = 0;
  {
    std::lock_guard lock(mutex_);
    auto it = epochs_.find(room);
    if (it == epochs_.end()) return;
    epoch = it->second;
    epochs_.erase(it);
  }
  leases_.release_room(room, node_, epoch, strand_, [room](const std::string& error) {
    if (!error.empty()) spdlog::warn("event=lease_release_failed room={} error=\"{}\"", room, log_text(error));
  });
}

void ClusterNode::release_all() {
  draining_ = true;
  boost::asio::post(strand_, [self = shared_from_this()] { self->renew_timer_.cancel(); });
  std::map<std::string, std::int64_t> held;
  {
    // From here the rooms have no fence: a write they still try is refused,
    // never acknowledged and then lost to the node that takes the room.
    std::lock_guard lock(mutex_);
    held.swap(epochs_);
  }
  // Queued now, before the store's last flush (the I/O threads may stop
  // before any handler of ours runs again); the answers may never be read.
  for (const auto& lease : held)  // (no structured binding: clang 14 cannot capture one)
    leases_.release_room(lease.first, node_, lease.second, strand_, [room = lease.first](const std::string& error) {
      if (!error.empty()) spdlog::warn("event=lease_release_failed room={} error=\"{}\"", room, log_text(error));
    });
  spdlog::info("event=leases_released node={} count={}", node_, held.size());
}

template <class Act>
void ClusterNode::every_third_of_lease(boost::asio::steady_timer& timer, Act act) {
  std::weak_ptr<ClusterNode> weak = shared_from_this();
  repeat_steps([weak, &timer, act](auto next) {
    auto self = weak.lock();
    if (!self) return;
    timer.expires_after(self->lease_ / 3);
    timer.async_wait([weak, act, next](boost::system::error_code ec) {
      if (auto self = weak.lock(); self && !ec) act(*self, next);
    });
  });
}

void ClusterNode::start_renewals() {
  // The next wait starts once the store has answered the renewal.
  every_third_of_lease(renew_timer_, [](ClusterNode& self, auto next) { self.renew(next); });
}

void ClusterNode::start_beacons() {
  // Not in the renewal loop: a renewal waits for the database, and a node
  // whose database is slow is still alive for the nodes its players reach.
  beacon();  // at once: a restarted node's new boot is heard before its calls
  every_third_of_lease(alive_timer_, [](ClusterNode& self, auto next) {
    if (self.stopped_) return;
    self.beacon();
    next();
  });
}

void ClusterNode::beacon() {
  publish(kNodesAliveSubject, encode(NodeAlive{node_, boot_}));
  frame_streams_.tick();
  if (relay_) relay_->sweep(RoomRelay::Clock::now(), lease_);
  expire_calls();
}

void ClusterNode::expire_calls() {
  for (PendingCalls::Call& call : pending_.expired(PendingCalls::Clock::now(), forward_timeout_)) {
    Metrics::process().forward_timeout();
    spdlog::warn("event=forward_timeout node={} room={} owner={}", node_, call.room, call.owner);
    if (auto client = routes_.client(call.conn)) {
      client->send(make_frame(protocol::to_json(protocol::ErrorReply{
          protocol::ErrorCode::NodeTimeout,
          "the node serving this room did not answer in time; it may have stored this: resync, then send it again if needed",
          call.request_id, call.room})));
    }
    // The owner may be dead with the news of its successor lost: the way to
    // it is forgotten, so the next look finds the room where it is served.
    look_up_again(call.room, call.owner);
  }
}

void ClusterNode::renew(std::function<void()> renewed_or_failed) {
  if (draining_) return;  // a renewal now would take back what release_all() gave up
  // The rooms held before the renewal is queued: a claim answered later was
  // stored after it, so its absence from the answer means nothing.
  std::map<std::string, std::int64_t> before;
  {
    std::lock_guard lock(mutex_);
    before = epochs_;
  }
  const auto asked = std::chrono::steady_clock::now();
  leases_.renew_leases(node_, lease_.count(), strand_,
                       [self = shared_from_this(), before = std::move(before), asked,
                        next = std::move(renewed_or_failed)](Stored<std::vector<RoomLease>> renewed) {
                         if (!renewed.ok()) {
                           spdlog::error("event=lease_renewal_failed node={} error=\"{}\"", self->node_, log_text(renewed.error));
                         } else {
                           const std::chrono::duration<double> took = std::chrono::steady_clock::now() - asked;
                           Metrics::process().lease_renewal(renewed.value.size(), took.count());
                           self->drop_lost(before, renewed.value);
                         }
                         next();
                       });
  adopt_orphans();
  // What closed connections and rooms nobody here uses any more leave behind.
  routes_.prune();
  std::lock_guard lock(mutex_);
  std::erase_if(remotes_, [](const auto& r) { return r.second->members() == 0 && r.second.use_count() == 1; });
}

void ClusterNode::drop_lost(const std::map<std::string, std::int64_t>& before, const std::vector<RoomLease>& held) {
  std::set<std::pair<std::string, std::int64_t>> renewed;
  for (const RoomLease& lease : held) renewed.emplace(lease.room, lease.epoch);
  std::vector<std::string> lost;
  {
    std::lock_guard lock(mutex_);
    for (const auto& room : before) {  // (no structured binding: clang 14 cannot capture one)
      auto it = epochs_.find(room.first);
      if (it == epochs_.end() || it->second != room.second || renewed.count(room)) continue;
      // Taken over while this node was paused or cut off: its fence is gone
      // already (its writes are refused); now it leaves this node's memory.
      epochs_.erase(it);
      lost.push_back(room.first);
    }
  }
  auto directory = directory_.lock();
  for (const std::string& room : lost) {
    spdlog::warn("event=lease_lost node={} room={}", node_, room);
    if (directory) directory->retire(room);
  }
}

void ClusterNode::adopt_orphans() {
  if (adopting_ || draining_ || directory_.expired()) return;
  adopting_ = true;
  // A batch per renewal: a node taking over many rooms spreads the loading
  // out, and the other nodes take their share meanwhile.
  leases_.orphaned_rooms(kAdoptBatch, strand_, [self = shared_from_this()](Stored<std::vector<RoomRecord>> rooms) {
    auto directory = self->directory_.lock();
    if (!rooms.ok() || rooms.value.empty() || !directory) {
      if (!rooms.ok()) spdlog::error("event=orphans_failed node={} error=\"{}\"", self->node_, log_text(rooms.error));
      self->adopting_ = false;
      return;
    }
    directory->take_over(std::move(rooms.value), [self](int taken) {
      boost::asio::post(self->strand_, [self, taken] {
        self->adopting_ = false;
        if (taken > 0) spdlog::info("event=rooms_taken_over node={} count={}", self->node_, taken);
      });
    });
  });
}

// ---- other nodes' rooms -------------------------------------------------------

std::shared_ptr<RoomEndpoint> ClusterNode::remote(const std::string& room, const std::string& owner) {
  std::shared_ptr<RemoteRoom> old, now;
  {
    std::lock_guard lock(mutex_);
    auto& r = remotes_[room];
    if (!r || r->owner() != owner) {
      old = std::move(r);
      std::weak_ptr<ClusterNode> weak = shared_from_this();
      r = std::make_shared<RemoteRoom>(room, owner, node_, routes_, pending_, [weak](const std::string& subject, std::string data) {
        auto self = weak.lock();
        return self && self->publish(subject, std::move(data));
      });
    }
    now = r;
  }
  if (old) move_members(*old);  // they reached the room through its former node
  return now;
}

void ClusterNode::on_moved(std::string_view message) {
  BusDrop why{};
  auto moved = decode_room_moved(message, &why);
  if (!moved) return dropped(kRoomsMovedSubject, message.size(), why);
  auto old = forget_remote(moved->room, [&](const std::string& owner) { return owner != moved->owner; });
  if (old) move_members(*old);
}

std::shared_ptr<RemoteRoom> ClusterNode::forget_remote(const std::string& room,
                                                       const std::function<bool(const std::string& owner)>& stale) {
  std::lock_guard lock(mutex_);
  auto it = remotes_.find(room);
  if (it == remotes_.end() || !stale(it->second->owner())) return nullptr;
  auto old = std::move(it->second);
  remotes_.erase(it);
  return old;
}

void ClusterNode::move_members(RemoteRoom& old, bool here) {
  // Their room's state is wherever the new owner has it: a reconnect resyncs
  // every room of theirs from there (what was in flight is answered then).
  // Served here now, the room is resynced on the same connection.
  for (std::uint64_t conn : old.member_numbers()) {
    auto client = routes_.client(conn);
    if (!client) continue;
    if (here) client->rejoin(old.id());
    else client->reconnect("the room moved to another node");
  }
}

void ClusterNode::look_up_again(const std::string& room, const std::string& from) {
  // (reached through another node already: found where it is)
  auto old = forget_remote(room, [&](const std::string& owner) { return owner == from; });
  if (!old) return;
  spdlog::info("event=room_looked_up_again node={} room={} former={}", node_, room, from);
  move_members(*old, true);  // each resyncs it through a fresh lookup, on the same connection
}

void ClusterNode::on_frame(std::string_view message) {
  BusDrop why{};
  auto numbered = decode_numbered_frame(message, &why);
  if (!numbered) return dropped(frames_subject(node_), message.size(), why);
  const bool lost = frame_gaps_.lost_before(*numbered);
  struct ToClient {
    ClusterNode& node;
    void operator()(const FrameTo& f) const {
      node.pending_.answered(f.conn, f.frame);
      if (auto client = node.routes_.client(f.conn)) client->send(make_frame(std::string(f.frame)));  // else closed meanwhile
    }
    void operator()(const CloseTo& x) const {
      if (auto client = node.routes_.client(x.conn)) client->disconnect("closed by the node serving its room");
    }
    void operator()(const NotServedHere& n) const { node.look_up_again(std::string(n.room), std::string(n.from)); }
    void operator()(const FramesTick&) const {}
  };
  std::visit(ToClient{*this}, numbered->frame);
  // After the frame that showed the gap: the resync's snapshot supersedes it.
  if (lost) frames_lost(numbered->from);
}

void ClusterNode::frames_lost(std::string_view from) {
  std::vector<std::shared_ptr<RemoteRoom>> rooms;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, remote] : remotes_)
      if (remote->owner() == from) rooms.push_back(remote);
  }
  Metrics::process().bus_dropped(BusDrop::Lost);
  spdlog::warn("event=bus_frames_lost node={} from={} rooms={}", node_, from, rooms.size());
  // What each connection missed is unknown here: each resyncs its room in
  // place (a snapshot), on the same connection, through the same owner.
  for (const auto& remote : rooms)
    for (std::uint64_t conn : remote->member_numbers())
      if (auto client = routes_.client(conn)) client->rejoin(remote->id());
}

// ---- every node's lobby --------------------------------------------------------

void ClusterNode::tell_lobbies(const RoomSummary& room) { publish(kLobbySubject, encode(LobbyUpdate{node_, room})); }

void ClusterNode::on_lobby(std::string_view message) {
  if (sent_by(message, node_)) return;  // our own room: the feed heard of it already
  BusDrop why{};
  auto update = decode_lobby_update(message, &why);
  if (!update) return dropped(kLobbySubject, message.size(), why);
  if (feed_) feed_->on(RoomLoaded{update->room});
}

}  // namespace arena
