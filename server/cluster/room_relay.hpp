#pragma once
// The owner's side of a room reached from other nodes (#30). Calls arrive on
// this node's call subject (see RemoteRoom); each is made on the local room
// for a stand-in of the remote connection: a Client whose frames go back over
// the bus to the connection's node. The room cannot tell either: the stand-in
// sits in its crowd like any connection, so acks, events, chat, presence and
// spectator counts are the room's own, whoever is connected where.
// One stand-in per (node, connection, room), until that connection leaves the
// room's node for good (its "disconnected" call); at most `max_stand_ins`.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <deque>
#include <map>
#include <memory>
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
  RoomRelay(boost::asio::any_io_executor io, RoomDirectory& directory, const BlockBook* blocks, Publish publish,
            std::size_t max_stand_ins = 100000);
  // A message from the call subject; from any thread.
  void deliver(std::string_view message);

 private:
  class StandIn;
  using Key = std::tuple<std::string, std::uint64_t, std::string>;  // node, connection, room
  void handle(RoomCall call);                                        // on strand_
  void make(const RoomCall& call, const std::shared_ptr<StandIn>& stand_in, const std::shared_ptr<Room>& room, Lookup lookup);
  void refuse(const RoomCall& call, protocol::ErrorCode code, const std::string& message);

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  RoomDirectory& directory_;
  const BlockBook* blocks_;
  Publish publish_;
  std::size_t max_stand_ins_;
  std::map<Key, std::shared_ptr<StandIn>> stand_ins_;
  // Calls for a room being loaded, in their order: made once it is in memory.
  std::map<std::string, std::deque<RoomCall>> loading_;
};

}  // namespace arena
