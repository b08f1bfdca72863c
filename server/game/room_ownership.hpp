#pragma once
// Which node serves a room (#30). One node alone serves every room and needs
// none of this (RoomContext::ownership is null). Nodes that share a site claim
// a room before they load or create it: the claim is a lease in the database,
// and a room another node holds is reached through a forwarding RoomEndpoint
// instead of being loaded twice. The owner's writes carry the lease's epoch
// (its fence), so an owner that lost the room can no longer write for it.
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "game/room_endpoint.hpp"
#include "game/room_records.hpp"
#include "domain/store_basics.hpp"

namespace arena {

class RoomOwnership {
 public:
  virtual ~RoomOwnership() = default;
  // The claim's answer, on `ex`: `owner` is this node's id when the room is
  // ours now, another node's when that node holds it; `error` if the store
  // failed. `served_until`, when the room is ours: the last heartbeat of the
  // node that held it before (none: no node did, or its heartbeat is unknown);
  // the time since is credited to the room's running clock (#31).
  using Claimed = std::function<void(std::string owner, std::optional<std::int64_t> served_until, const std::string& error)>;
  virtual void claim(const std::string& room, StoreExecutor ex, Claimed claimed) = 0;
  // This node's id.
  virtual const std::string& node() const = 0;
  // The endpoint that forwards to the room's owner `owner` (another node).
  virtual std::shared_ptr<RoomEndpoint> remote(const std::string& room, const std::string& owner) = 0;
  // The fence of a room this node claimed; none if it holds no lease on it.
  virtual std::optional<LeaseFence> fence(const std::string& room) const = 0;
  // The room left this node's memory: its lease is given up.
  virtual void released(const std::string& room) = 0;
};

}  // namespace arena
