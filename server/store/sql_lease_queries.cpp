// Room leases (#30): which node serves which live room, by the database's clock.
#include "store/sql_connection.hpp"
#include "store/sql_queries.hpp"

namespace arena::sql {
namespace {

std::string clock_plus(const Connection& db, int parameter) {
  return std::string("(") + db.clock_sql() + " + ?" + std::to_string(parameter) + ")";
}

}  // namespace

std::optional<RoomLease> room_lease(Connection& db, const std::string& room) {
  Statement s = db.prepare("SELECT owner, epoch, expires_at FROM room_leases WHERE room = ?");
  s.bind(1, room);
  if (!s.step()) return std::nullopt;
  return RoomLease{room, s.text(0), s.integer(1), s.integer(2)};
}

std::optional<std::int64_t> node_alive_at(Connection& db, const std::string& node) {
  Statement s = db.prepare("SELECT alive_at FROM node_heartbeats WHERE node = ?");
  s.bind(1, node);
  if (!s.step()) return std::nullopt;
  return s.integer(0);
}

void node_alive(Connection& db, const std::string& node, std::int64_t at, std::int64_t forget_before) {
  Statement s = db.prepare("INSERT INTO node_heartbeats (node, alive_at) VALUES (?1, ?2) "
                           "ON CONFLICT (node) DO UPDATE SET alive_at = excluded.alive_at");
  s.bind(1, node).bind(2, at).run();
  if (forget_before <= 0) return;
  Statement forget = db.prepare("DELETE FROM node_heartbeats WHERE alive_at < ?1 AND node <> ?2 "
                                "AND NOT EXISTS (SELECT 1 FROM room_leases l WHERE l.owner = node_heartbeats.node)");
  forget.bind(1, forget_before).bind(2, node).run();
}

LeaseClaim claim_room(Connection& db, const std::string& room, const std::string& node, std::int64_t lease_ms) {
  // Who held the room before this claim, and when that node was last alive:
  // a room taken over (or reclaimed after a restart) owes its clock that gap.
  std::optional<RoomLease> before = room_lease(db, room);
  std::optional<std::int64_t> holder_alive_at;
  if (before) holder_alive_at = node_alive_at(db, before->owner);
  // One statement per case, each deciding by the row as it is now: the
  // writer's transaction (begin_write) keeps every other claim out meanwhile.
  // The holder renews (same epoch) ...
  Statement renew = db.prepare("UPDATE room_leases SET expires_at = " + clock_plus(db, 1) + " WHERE room = ?2 AND owner = ?3");
  renew.bind(1, lease_ms).bind(2, room).bind(3, node).run();
  if (db.changes() == 0) {
    // ... anyone takes an expired (or released) lease, with the next epoch ...
    Statement take = db.prepare("UPDATE room_leases SET owner = ?3, epoch = epoch + 1, expires_at = " + clock_plus(db, 1) +
                                " WHERE room = ?2 AND expires_at <= " + db.clock_sql());
    take.bind(1, lease_ms).bind(2, room).bind(3, node).run();
    if (db.changes() == 0 && !room_lease(db, room)) {
      // ... and the first claim of a room starts at epoch 1.
      // Two nodes' first claims may both find no row (PostgreSQL, read
      // committed): the second INSERT waits for the first's commit, then
      // inserts nothing, and its claim reads the winner's lease (#42).
      Statement first = db.prepare("INSERT INTO room_leases (room, owner, epoch, expires_at) VALUES (?2, ?3, 1, " +
                                   clock_plus(db, 1) + ") ON CONFLICT (room) DO NOTHING");
      first.bind(1, lease_ms).bind(2, room).bind(3, node).run();
    }
  }
  auto lease = room_lease(db, room);
  if (!lease) throw SqlError("no lease for room '" + room + "' after claiming it");
  bool granted = lease->owner == node;
  return LeaseClaim{granted, *lease, granted ? holder_alive_at : std::nullopt};
}

std::vector<RoomLease> renew_leases(Connection& db, const std::string& node, std::int64_t lease_ms) {
  // The leases the node holds now (#42): a released one (expires_at 0) stays
  // released; one that ran out while the node was away and that nobody took
  // is still its own. The index (owner, expires_at) reads only these rows.
  Statement s = db.prepare("UPDATE room_leases SET expires_at = " + clock_plus(db, 1) +
                           " WHERE owner = ?2 AND expires_at > 0 RETURNING room, owner, epoch, expires_at");
  s.bind(1, lease_ms).bind(2, node);
  std::vector<RoomLease> held;
  while (s.step()) held.push_back(RoomLease{s.text(0), s.text(1), s.integer(2), s.integer(3)});
  return held;
}

void release_room(Connection& db, const std::string& room, const std::string& node, std::int64_t epoch) {
  // Expired at once, the epoch kept: a release never lets an older epoch count
  // again. 0 marks it released: renewals leave it (renew_leases).
  Statement s = db.prepare("UPDATE room_leases SET expires_at = 0 WHERE room = ? AND owner = ? AND epoch = ?");
  s.bind(1, room).bind(2, node).bind(3, epoch).run();
}

std::int64_t release_node(Connection& db, const std::string& node) {
  // An earlier run's leases under this node's id (#42): released as by a
  // drain, their epochs kept, so that the next claim (this run's restore, or
  // another node) takes a greater one and an older write cannot count.
  Statement s = db.prepare("UPDATE room_leases SET expires_at = 0 WHERE owner = ? AND expires_at > 0");
  s.bind(1, node).run();
  return db.changes();
}

void check_fence(Connection& db, const std::string& room, const LeaseFence& fence) {
  // An UPDATE, not a SELECT: it locks the row (PostgreSQL) until the write commits.
  Statement s = db.prepare("UPDATE room_leases SET epoch = epoch WHERE room = ? AND owner = ? AND epoch = ?");
  s.bind(1, room).bind(2, fence.owner).bind(3, fence.epoch).run();
  if (db.changes() != 1)
    throw SqlError("room '" + room + "' is no longer served by node '" + fence.owner + "' (lease epoch " +
                   std::to_string(fence.epoch) + " moved on)");
}

}  // namespace arena::sql
