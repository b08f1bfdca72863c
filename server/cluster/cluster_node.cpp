#include "cluster/cluster_node.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "cluster/cluster_codec.hpp"
#include "cluster/room_relay.hpp"
#include "lobby/lobby_feed.hpp"
#include "util/log_text.hpp"

namespace arena {

ClusterNode::ClusterNode(boost::asio::any_io_executor io, std::unique_ptr<NatsBus> bus, RoomLeases& leases, std::string node,
                         std::chrono::milliseconds lease)
    : io_(io),
      strand_(boost::asio::make_strand(io)),
      bus_(std::move(bus)),
      leases_(leases),
      node_(std::move(node)),
      lease_(lease),
      renew_timer_(strand_) {}

ClusterNode::~ClusterNode() { bus_->close(); }

bool ClusterNode::publish(const std::string& subject, std::string data) { return bus_->publish(subject, data); }

void ClusterNode::start(RoomDirectory& directory, LobbyFeed& feed, const BlockBook* blocks) {
  feed_ = &feed;
  std::weak_ptr<ClusterNode> weak = shared_from_this();
  auto publish = [weak](const std::string& subject, std::string data) {
    auto self = weak.lock();
    return self && self->publish(subject, std::move(data));
  };
  relay_ = std::make_shared<RoomRelay>(io_, directory, blocks, publish);
  bus_->subscribe(calls_subject(node_), [relay = relay_](std::string_view m) { relay->deliver(m); });
  bus_->subscribe(frames_subject(node_), [weak](std::string_view m) {
    if (auto self = weak.lock()) self->on_frame(m);
  });
  bus_->subscribe(kLobbySubject, [weak](std::string_view m) {
    if (auto self = weak.lock()) self->on_lobby(m);
  });
  boost::asio::post(strand_, [self = shared_from_this()] { self->schedule_renewal(); });
}

void ClusterNode::stop() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->renew_timer_.cancel(); });
  bus_->close();
}

// ---- leases ------------------------------------------------------------------

void ClusterNode::claim(const std::string& room, StoreExecutor ex, Claimed claimed) {
  leases_.claim_room(room, node_, lease_.count(), std::move(ex),
                     [self = shared_from_this(), room, claimed = std::move(claimed)](Stored<LeaseClaim> c) {
                       if (!c.ok()) return claimed({}, c.error);
                       if (c.value.granted) {
                         std::lock_guard lock(self->mutex_);
                         self->epochs_[room] = c.value.lease.epoch;
                         self->remotes_.erase(room);
                       }
                       claimed(c.value.lease.owner, {});
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

void ClusterNode::schedule_renewal() {
  renew_timer_.expires_after(lease_ / 3);
  renew_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->renew();
  });
}

void ClusterNode::renew() {
  leases_.renew_leases(node_, lease_.count(), strand_, [self = shared_from_this()](Stored<std::int64_t> renewed) {
    if (!renewed.ok()) spdlog::error("event=lease_renewal_failed node={} error=\"{}\"", self->node_, log_text(renewed.error));
    self->schedule_renewal();
  });
  // What closed connections and rooms nobody here uses any more leave behind.
  routes_.prune();
  std::lock_guard lock(mutex_);
  std::erase_if(remotes_, [](const auto& r) { return r.second->members() == 0 && r.second.use_count() == 1; });
}

// ---- other nodes' rooms -------------------------------------------------------

std::shared_ptr<RoomEndpoint> ClusterNode::remote(const std::string& room, const std::string& owner) {
  std::lock_guard lock(mutex_);
  auto& r = remotes_[room];
  if (!r || r->owner() != owner) {
    std::weak_ptr<ClusterNode> weak = shared_from_this();
    r = std::make_shared<RemoteRoom>(room, owner, node_, routes_, [weak](const std::string& subject, std::string data) {
      auto self = weak.lock();
      return self && self->publish(subject, std::move(data));
    });
  }
  return r;
}

void ClusterNode::on_frame(std::string_view message) {
  auto frame = decode_frame(message);
  if (!frame) {
    spdlog::warn("event=bus_message_dropped subject=frames bytes={}", message.size());
    return;
  }
  auto client = routes_.client(frame->conn);
  if (!client) return;  // closed meanwhile
  if (frame->close) return client->disconnect("closed by the node serving its room");
  client->send(make_frame(std::string(frame->text)));
}

// ---- every node's lobby --------------------------------------------------------

void ClusterNode::tell_lobbies(const RoomSummary& room) { publish(kLobbySubject, node_ + "\n" + encode(room)); }

void ClusterNode::on_lobby(std::string_view message) {
  std::size_t newline = message.find('\n');
  if (newline == std::string_view::npos) return;
  if (message.substr(0, newline) == node_) return;  // our own room: the feed heard of it already
  auto summary = decode_summary(message.substr(newline + 1));
  if (!summary) {
    spdlog::warn("event=bus_message_dropped subject=lobby bytes={}", message.size());
    return;
  }
  if (feed_) feed_->on(RoomLoaded{*summary});
}

}  // namespace arena
