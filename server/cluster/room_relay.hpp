#pragma once
// The owner's side of a room reached from other nodes (#30). Calls arrive on
// this node's call subject (see RemoteRoom); each is made on the local room
// for a stand-in of the remote connection: a Client whose frames go back over
// the bus to the connection's node. The room cannot tell either: the stand-in
// sits in its crowd like any connection, so acks, events, chat, presence and
// spectator counts are the room's own, whoever is connected where.
// One stand-in per (node, connection, room), until that connection leaves the
// room's node for good (its "disconnected" call), or its node is gone (#42):
// not heard from for `silence` (sweep()), or started again (a new boot). At
// most `max_stand_ins`; calls waiting for a room to load are bounded too.
// A call for a room this node no longer serves is refused, and its node told
// (NotServedHere) to look the room up again.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>

#include "cluster/cluster_codec.hpp"
#include "cluster/remote_room.hpp"
#include "game/room_directory.hpp"

namespace arena {

class BlockBook;

class RoomRelay : public std::enable_shared_from_this<RoomRelay> {
 public:
  // Sends a frame to a node (its numbered stream: FrameStreams); false if the bus refused it.
  using SendFrame = std::function<bool(const std::string& node, const NodeFrame& frame)>;
  // `node`: this node's id, which its answers name.
  RoomRelay(boost::asio::any_io_executor io, std::string node, RoomDirectory& directory, const BlockBook* blocks,
            SendFrame send_frame, std::size_t max_stand_ins = 100000);
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t kMaxLoadingRooms = 1000;  // rooms with calls waiting for their load
  static constexpr std::size_t kMaxWaitingCalls = 100;   // calls waiting for one room's load

  // A message from the call subject; from any thread.
  void deliver(std::string_view message);
  // `node` (started as `boot`) is alive; from any thread.
  void node_alive(const std::string& node, std::uint64_t boot);
  // The stand-ins of nodes not heard from (a call, a NodeAlive) since
  // `now - silence` leave their rooms, as their connections would have.
  void sweep(Clock::time_point now, Clock::duration silence);

 private:
  class StandIn;
  using Key = std::tuple<std::string, std::uint64_t, std::string>;  // node, connection, room
  void handle(RoomCall call);                                        // on strand_
  void make(const RoomCall& call, const std::shared_ptr<StandIn>& stand_in, const std::shared_ptr<Room>& room, Lookup lookup);
  void refuse(const RoomCall& call, protocol::ErrorCode code, const std::string& message);
  void heard_from(const std::string& node, std::optional<std::uint64_t> boot);  // on strand_
  // Every stand-in of `node` leaves its room (on strand_). A `silent` node's
  // connections are told to close too: it may be alive after all.
  void drop_node(const std::string& node, bool silent);

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  std::string node_;
  RoomDirectory& directory_;
  const BlockBook* blocks_;
  SendFrame send_frame_;
  std::size_t max_stand_ins_;
  std::map<Key, std::shared_ptr<StandIn>> stand_ins_;
  // Calls for a room being loaded, in their order: made once it is in memory.
  std::map<std::string, std::deque<RoomCall>> loading_;
  struct Heard {
    Clock::time_point at;
    std::uint64_t boot = 0;  // 0: no NodeAlive yet
  };
  std::map<std::string, Heard> heard_;  // the nodes with stand-ins here, or heard from lately
};

}  // namespace arena
