#include "cluster/room_relay.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/server_messages.hpp"
#include "util/log_text.hpp"
#include "util/metrics.hpp"

namespace arena {

// A remote connection as the room sees it.
class RoomRelay::StandIn final : public Client {
 public:
  StandIn(std::string node, std::uint64_t conn, SendFrame send_frame)
      : node_(std::move(node)), conn_(conn), send_frame_(std::move(send_frame)) {}
  void send(Frame frame) override { send_frame_(node_, FrameTo{conn_, *frame}); }
  void disconnect(const char* reason) override { send_frame_(node_, CloseTo{conn_, reason}); }
  std::weak_ptr<Room> room;  // once found

 private:
  std::string node_;
  std::uint64_t conn_;
  SendFrame send_frame_;
};

RoomRelay::RoomRelay(boost::asio::any_io_executor io, std::string node, RoomDirectory& directory, const BlockBook* blocks,
                     SendFrame send_frame, std::size_t max_stand_ins)
    : strand_(boost::asio::make_strand(io)),
      node_(std::move(node)),
      directory_(directory),
      blocks_(blocks),
      send_frame_(std::move(send_frame)),
      max_stand_ins_(max_stand_ins) {}

void RoomRelay::deliver(std::string_view message) {
  BusDrop why{};
  auto call = decode_call(message, &why);
  if (!call) {
    Metrics::process().bus_dropped(why);
    spdlog::warn("event=bus_message_dropped subject=calls reason={} bytes={}", bus_drop_name(why), message.size());
    return;
  }
  boost::asio::post(strand_, [self = shared_from_this(), call = std::move(*call)]() mutable { self->handle(std::move(call)); });
}

void RoomRelay::node_alive(const std::string& node, std::uint64_t boot) {
  boost::asio::post(strand_, [self = shared_from_this(), node, boot] { self->heard_from(node, boot); });
}

void RoomRelay::heard_from(const std::string& node, std::optional<std::uint64_t> boot) {
  Heard& heard = heard_[node];
  heard.at = Clock::now();
  if (!boot) return;
  // Started again under the same id: its connections are new ones, numbered
  // afresh; those of the earlier run are gone.
  if (heard.boot != 0 && heard.boot != *boot) drop_node(node, false);
  heard.boot = *boot;
}

void RoomRelay::sweep(Clock::time_point now, Clock::duration silence) {
  boost::asio::post(strand_, [self = shared_from_this(), now, silence] {
    for (auto it = self->heard_.begin(); it != self->heard_.end();) {
      if (now - it->second.at <= silence) {
        ++it;
        continue;
      }
      self->drop_node(it->first, true);
      it = self->heard_.erase(it);
    }
  });
}

void RoomRelay::drop_node(const std::string& node, bool silent) {
  std::size_t dropped = 0;
  for (auto it = stand_ins_.begin(); it != stand_ins_.end();) {
    if (std::get<0>(it->first) != node) {
      ++it;
      continue;
    }
    if (auto room = it->second->room.lock()) room->disconnected(it->second.get());
    // Silent, perhaps only cut off for a while: were it alive after all, its
    // connection is closed, comes back and resyncs. Not after a restart: the
    // new run may have given that number to a new connection.
    if (silent) it->second->disconnect("its node was not heard from: come back");
    it = stand_ins_.erase(it);
    ++dropped;
  }
  if (dropped > 0)
    spdlog::warn("event=stand_ins_dropped node={} reason={} count={}", node, silent ? "silent" : "restarted", dropped);
}

void RoomRelay::refuse(const RoomCall& call, protocol::ErrorCode code, const std::string& message) {
  if (call.request_id.is_null()) return;
  std::string reply = protocol::to_text(protocol::to_json(protocol::ErrorReply{code, message, call.request_id, call.room}));
  send_frame_(call.from, FrameTo{call.conn, reply});
}

void RoomRelay::handle(RoomCall call) {
  heard_from(call.from, std::nullopt);
  Key key{call.from, call.conn, call.room};
  auto it = stand_ins_.find(key);
  if (call.op == RoomOp::Disconnected) {
    if (it == stand_ins_.end()) return;
    if (auto room = it->second->room.lock()) room->disconnected(it->second.get());
    stand_ins_.erase(it);
    return;
  }
  if (it == stand_ins_.end()) {
    if (stand_ins_.size() >= max_stand_ins_) {
      return refuse(call, protocol::ErrorCode::RateLimited, "this room's node serves too many remote connections; try again later");
    }
    auto stand_in = std::make_shared<StandIn>(call.from, call.conn, send_frame_);
    if (call.player.id) stand_in->set_viewer(call.player.id, blocks_);
    it = stand_ins_.emplace(key, std::move(stand_in)).first;
  }
  std::shared_ptr<StandIn> stand_in = it->second;
  if (auto room = stand_in->room.lock()) return apply(call, *room, stand_in);
  if (auto waiting = loading_.find(call.room); waiting != loading_.end()) {
    if (waiting->second.size() >= kMaxWaitingCalls) {
      stand_ins_.erase(key);  // (its earlier calls, still waiting, are then not made)
      return refuse(call, protocol::ErrorCode::RateLimited, "too many calls wait for this room to load; try again later");
    }
    waiting->second.push_back(std::move(call));
    return;
  }
  if (loading_.size() >= kMaxLoadingRooms) {
    stand_ins_.erase(key);
    return refuse(call, protocol::ErrorCode::RateLimited, "this node is loading too many rooms; try again later");
  }
  loading_[call.room].push_back(call);
  // Answered at once (on this strand) when the room is in memory, else on this strand once loaded.
  directory_.find(call.room, strand_, [self = shared_from_this(), room_id = call.room](std::shared_ptr<Room> room, Lookup lookup) {
    auto calls = std::move(self->loading_[room_id]);
    self->loading_.erase(room_id);
    for (RoomCall& c : calls) {
      auto s = self->stand_ins_.find(Key{c.from, c.conn, c.room});
      if (s == self->stand_ins_.end()) continue;  // disconnected meanwhile
      self->make(c, s->second, room, lookup);
    }
  });
}

void RoomRelay::make(const RoomCall& call, const std::shared_ptr<StandIn>& stand_in, const std::shared_ptr<Room>& room,
                     Lookup lookup) {
  if (room) {
    stand_in->room = room;
    return apply(call, *room, stand_in);
  }
  stand_ins_.erase(Key{call.from, call.conn, call.room});
  switch (lookup) {
    case Lookup::Missing:
      return refuse(call, protocol::ErrorCode::NotFound, "no room '" + call.room + "'");
    case Lookup::Elsewhere:
      // Its node may have missed arena.rooms.moved (a bus drops messages):
      // told, it looks the room up again, and the call sent again reaches
      // the room where it is served now (#42, defect 5).
      send_frame_(call.from, NotServedHere{call.conn, node_, call.room});
      return refuse(call, protocol::ErrorCode::Internal, "this room moved to another node; nothing changed: send it again");
    case Lookup::Damaged:
      return refuse(call, protocol::ErrorCode::Internal, "the stored game is damaged and cannot be shown");
    default:
      return refuse(call, protocol::ErrorCode::Internal, "the server could not store or read this; nothing changed");
  }
}

}  // namespace arena
