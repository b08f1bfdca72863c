#pragma once
// Which node serves which live room (#30, #31): leases, their epochs (the
// fence of RoomChange) and the nodes' heartbeats (the port the store
// implements). The rules every port keeps: domain/store_basics.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/store_basics.hpp"
#include "game/room_records.hpp"

namespace arena {

// A node's lease on a room: while it lasts, only `owner` serves the room.
struct RoomLease {
  std::string room;
  std::string owner;            // the node's id
  std::int64_t epoch = 0;       // one more each time the room changes hands
  std::int64_t expires_at = 0;  // by the database's clock, ms since the epoch
};

struct LeaseClaim {
  bool granted = false;  // the room is the claiming node's now
  RoomLease lease;       // the lease after the claim: the claimer's, or the holder's
  // A granted claim of a room some node held before: that node's last
  // heartbeat (node_alive), read in the claim's transaction; none if it has none.
  std::optional<std::int64_t> holder_alive_at;
};

// Which node owns which live room, kept in the database: every node sees the
// same answer, and the epoch fences an old owner's writes (RoomChange::fence).
class RoomLeases {
 public:
  virtual ~RoomLeases() = default;
  // Takes `room` for `node` for `lease_ms` of the database's clock, unless
  // another node's lease has not expired. The holder's claim renews its lease
  // (same epoch); a claim of a free, expired or released lease takes the next epoch.
  virtual void claim_room(std::string room, std::string node, std::int64_t lease_ms, StoreExecutor ex,
                          StoreReply<LeaseClaim> reply) = 0;
  // Renews every lease `node` holds (expired ones too, if nobody took them);
  // answers them: a room the node serves that is not among them was taken
  // over while the node was cut off or paused (#31), and must leave its memory.
  virtual void renew_leases(std::string node, std::int64_t lease_ms, StoreExecutor ex,
                            StoreReply<std::vector<RoomLease>> reply) = 0;
  // Gives the room up if `node` holds it at `epoch`: it expires at once (the
  // row and its epoch stay, so the next claim takes a greater one).
  virtual void release_room(std::string room, std::string node, std::int64_t epoch, StoreExecutor ex, StoreDone done) = 0;
  // Gives up every lease `node` holds, at its start (#42): they are an
  // earlier run's under the same id (rooms this run never loaded, which it
  // would otherwise renew for ever). Answers how many.
  virtual void release_node(std::string node, StoreExecutor ex, StoreReply<std::int64_t> reply) = 0;
  // The room's lease, expired or not; none if no node ever claimed it.
  virtual void room_lease(std::string room, StoreExecutor ex, StoreReply<std::optional<RoomLease>> reply) = 0;
  // At most `limit` unfinished rooms (open or live) whose lease lapsed or was
  // given up, oldest first: their node died or drained (#31), another takes
  // them. A room never claimed is not one (its creator's claim is under way).
  virtual void orphaned_rooms(std::int64_t limit, StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) = 0;
  // A server's heartbeat (#31): `node` (a node's id, or the one server's
  // "single") was alive at `at` (its own clock, ms). Rooms it served are
  // credited the time after its last heartbeat when they resume elsewhere or
  // after a restart. Heartbeats of other nodes older than `forget_before`,
  // holding no lease, are deleted (node ids of past runs: the table stays
  // small); 0 deletes nothing.
  virtual void node_alive(std::string node, std::int64_t at, std::int64_t forget_before, StoreExecutor ex, StoreDone done) = 0;
  // `node`'s last heartbeat; none if it never wrote one.
  virtual void node_alive_at(std::string node, StoreExecutor ex, StoreReply<std::optional<std::int64_t>> reply) = 0;
};

}  // namespace arena
