// Room leases (#30) on SQLite and PostgreSQL: one owner per room at a time,
// expiry by the database's clock, the epoch fencing an old owner's writes.
// No test waits for a lease to run out: a lease of 0 ms has expired already.
#include <doctest/doctest.h>

#include "store_test_support.hpp"

using namespace store_test;

namespace {

constexpr std::int64_t kLong = 60'000;  // will not expire during the test

struct Fixture {
  std::string path = temp_store("leases.db");
  SqlStore store{path};
  asio::io_context io;
  Blocking s{store, io};
  std::string room = "lease-room";

  Fixture() {
    auto player = s.create_player("tok-lease", "Ann");
    REQUIRE(player.ok());
    REQUIRE(s.create_room(make_room(room, player.value.id, 1000), created_event(player.value.id, 1000)) == "");
  }
  LeaseClaim claim(const std::string& node, std::int64_t lease_ms) {
    Slot<Stored<LeaseClaim>> slot;
    store.claim_room(room, node, lease_ms, io.get_executor(), slot.fill());
    auto& r = slot.get(io);
    REQUIRE_MESSAGE(r.ok(), r.error);
    return r.value;
  }
  // How many leases `node` renewed (each of them this fixture's room's).
  std::int64_t renew(const std::string& node, std::int64_t lease_ms) {
    Slot<Stored<std::vector<RoomLease>>> slot;
    store.renew_leases(node, lease_ms, io.get_executor(), slot.fill());
    auto& r = slot.get(io);
    REQUIRE_MESSAGE(r.ok(), r.error);
    for (const RoomLease& held : r.value) {
      CHECK(held.room == room);
      CHECK(held.owner == node);
    }
    return static_cast<std::int64_t>(r.value.size());
  }
  std::string release(const std::string& node, std::int64_t epoch) {
    Slot<std::string> slot;
    store.release_room(room, node, epoch, io.get_executor(), slot.fill());
    return slot.get(io);
  }
  std::string alive(const std::string& node, std::int64_t at, std::int64_t forget_before = 0) {
    Slot<std::string> slot;
    store.node_alive(node, at, forget_before, io.get_executor(), slot.fill());
    return slot.get(io);
  }
  std::optional<std::int64_t> alive_at(const std::string& node) {
    Slot<Stored<std::optional<std::int64_t>>> slot;
    store.node_alive_at(node, io.get_executor(), slot.fill());
    auto& r = slot.get(io);
    REQUIRE_MESSAGE(r.ok(), r.error);
    return r.value;
  }
  std::optional<RoomLease> lease() {
    Slot<Stored<std::optional<RoomLease>>> slot;
    store.room_lease(room, io.get_executor(), slot.fill());
    auto& r = slot.get(io);
    REQUIRE_MESSAGE(r.ok(), r.error);
    return r.value;
  }
  std::string act(std::int64_t seq, const std::string& node, std::int64_t epoch) {
    RoomChange change;
    change.plies = seq - 1;
    change.fence = LeaseFence{node, epoch};
    return s.append_event(room, action_event(seq, 1, "x"), change);
  }
  std::size_t events() {
    auto e = s.events(room);
    REQUIRE(e.ok());
    return e.value.size();
  }
};

}  // namespace

TEST_CASE("leases: the first claim takes epoch 1; another node is refused while it lasts; the holder renews") {
  Fixture f;
  CHECK_FALSE(f.lease());
  LeaseClaim a = f.claim("node-a", kLong);
  CHECK(a.granted);
  CHECK(a.lease.owner == "node-a");
  CHECK(a.lease.epoch == 1);
  CHECK(a.lease.expires_at > 0);

  LeaseClaim b = f.claim("node-b", kLong);
  CHECK_FALSE(b.granted);
  CHECK(b.lease.owner == "node-a");  // who holds it, for forwarding
  CHECK(b.lease.epoch == 1);

  LeaseClaim again = f.claim("node-a", kLong);
  CHECK(again.granted);
  CHECK(again.lease.epoch == 1);  // the same hands: the same epoch
  CHECK(again.lease.expires_at >= a.lease.expires_at);
}

TEST_CASE("leases: an expired lease goes to the next claimer with the next epoch; renewals count the holder's") {
  Fixture f;
  REQUIRE(f.claim("node-a", 0).granted);  // expired at once, by the database's clock
  LeaseClaim b = f.claim("node-b", kLong);
  CHECK(b.granted);
  CHECK(b.lease.owner == "node-b");
  CHECK(b.lease.epoch == 2);
  CHECK(f.renew("node-a", kLong) == 0);  // node-a holds nothing any more
  CHECK(f.renew("node-b", kLong) == 1);
  CHECK_FALSE(f.claim("node-a", kLong).granted);
}

TEST_CASE("leases: a write fenced by a stale epoch is refused and stores nothing; the new owner's is stored") {
  Fixture f;
  REQUIRE(f.claim("node-a", 0).granted);
  CHECK(f.act(2, "node-a", 1) == "");  // the owner writes (its lease ran out, but nobody took the room)
  REQUIRE(f.claim("node-b", kLong).granted);
  std::string refused = f.act(3, "node-a", 1);  // node-a, paused meanwhile, wakes up
  CHECK(refused.find("no longer served by node 'node-a'") != std::string::npos);
  CHECK(f.events() == 2);
  CHECK(f.act(3, "node-b", 2) == "");
  CHECK(f.events() == 3);
  CHECK(f.act(4, "node-b", 1) != "");  // a wrong epoch is refused even from the owner's name
  RoomChange unfenced;                  // one node serving every room writes without a fence
  unfenced.plies = 3;
  CHECK(f.s.append_event(f.room, action_event(4, 1, "y"), unfenced) == "");
}

TEST_CASE("leases: a release lets the next claim in at once, never with an epoch used before") {
  Fixture f;
  REQUIRE(f.claim("node-a", kLong).granted);
  CHECK(f.release("node-b", 1) == "");  // not node-b's: nothing happens
  CHECK_FALSE(f.claim("node-b", kLong).granted);
  CHECK(f.release("node-a", 1) == "");
  auto released = f.lease();
  REQUIRE(released);
  CHECK(released->epoch == 1);
  CHECK(released->expires_at == 0);
  LeaseClaim b = f.claim("node-b", kLong);
  CHECK(b.granted);
  CHECK(b.lease.epoch == 2);
  CHECK(f.act(2, "node-a", 1) != "");  // the old owner's epoch stays stale
}

TEST_CASE("heartbeats (#31): the last one per node; a claim that takes a room names its old holder's; old ones of idle nodes go") {
  Fixture f;
  CHECK_FALSE(f.alive_at("node-a"));
  CHECK(f.alive("node-a", 1000) == "");
  CHECK(f.alive("node-a", 2500) == "");
  CHECK(f.alive_at("node-a") == 2500);
  LeaseClaim first = f.claim("node-a", 0);  // expired at once
  REQUIRE(first.granted);
  CHECK_FALSE(first.holder_alive_at);  // nobody held the room before
  LeaseClaim taken = f.claim("node-b", kLong);
  REQUIRE(taken.granted);
  CHECK(taken.holder_alive_at == 2500);  // node-a's last heartbeat: the room was nobody's since
  LeaseClaim refused = f.claim("node-a", kLong);
  CHECK_FALSE(refused.granted);
  CHECK_FALSE(refused.holder_alive_at);
  // node-b's heartbeat forgets node-a's (older than the bound, and node-a holds no lease) ...
  CHECK(f.alive("node-c", 1000) == "");
  CHECK(f.alive("node-b", 9000, 3000) == "");
  CHECK_FALSE(f.alive_at("node-a"));
  CHECK_FALSE(f.alive_at("node-c"));
  CHECK(f.alive_at("node-b") == 9000);
  // ... but never one of a node that still holds a lease, however old.
  CHECK(f.alive("node-b", 100) == "");
  CHECK(f.alive("node-d", 20000, 50000) == "");
  CHECK(f.alive_at("node-b") == 100);
}

TEST_CASE("leases (#31): a renewal answers the leases the node still holds") {
  Fixture f;
  REQUIRE(f.claim("node-a", 0).granted);
  CHECK(f.renew("node-a", 0) == 1);  // expired, but nobody took it: still node-a's
  REQUIRE(f.claim("node-b", kLong).granted);
  CHECK(f.renew("node-a", kLong) == 0);  // taken while node-a was away: not among its leases
  CHECK(f.renew("node-b", kLong) == 1);
}

TEST_CASE("events: the same event written again (a retry after a COMMIT whose answer was lost) is answered stored, once") {
  Fixture f;
  RoomChange change;
  change.plies = 1;
  CHECK(f.s.append_event(f.room, action_event(2, 1, "x"), change) == "");
  CHECK(f.s.append_event(f.room, action_event(2, 1, "x"), change) == "");  // the retry: stored already
  CHECK(f.events() == 2);
  std::string other = f.s.append_event(f.room, action_event(2, 1, "y"), change);  // another event under that seq
  CHECK(other.find("has another event 2 already") != std::string::npos);
  CHECK(f.events() == 2);
}

TEST_CASE("leases (#42, defect 1): a renewal touches only the leases a node holds now, never the ones it released") {
  Fixture f;
  auto player = f.s.create_player("tok-lease-history", "Bo");
  REQUIRE(player.ok());
  // A node's history: 40 rooms it served and gave up (finished, or moved on).
  for (int i = 0; i < 40; ++i) {
    std::string id = "lease-old-" + std::to_string(i);
    REQUIRE(f.s.create_room(make_room(id, player.value.id, 1000), created_event(player.value.id, 1000)) == "");
    Slot<Stored<LeaseClaim>> claimed;
    f.store.claim_room(id, "node-a", kLong, f.io.get_executor(), claimed.fill());
    REQUIRE(claimed.get(f.io).value.granted);
    Slot<std::string> released;
    f.store.release_room(id, "node-a", claimed.get(f.io).value.lease.epoch, f.io.get_executor(), released.fill());
    REQUIRE(released.get(f.io) == "");
  }
  REQUIRE(f.claim("node-a", kLong).granted);  // the one room it serves now
  CHECK(f.renew("node-a", kLong) == 1);       // (renew() checks each answer is that room)
  // A released room stays released: its lease is not brought back by the renewal.
  Slot<Stored<std::optional<RoomLease>>> old;
  f.store.room_lease("lease-old-7", f.io.get_executor(), old.fill());
  REQUIRE(old.get(f.io).ok());
  REQUIRE(old.get(f.io).value);
  CHECK(old.get(f.io).value->expires_at == 0);
  LeaseClaim b = f.claim("node-b", kLong);  // and this fixture's room is still node-a's
  CHECK_FALSE(b.granted);
}

TEST_CASE("leases (#42, defect 2): chat carries the fence: an old owner's line or deletion is refused and stores nothing") {
  Fixture f;
  REQUIRE(f.claim("node-a", 0).granted);
  auto writer = f.s.create_player("tok-chat-fence", "Cy");
  REQUIRE(writer.ok());
  auto line = [&](std::int64_t seq, const std::string& text) {
    return chat_message(seq, protocol::ChatChannel::Players, writer.value.id, "Cy", text);
  };
  CHECK(f.s.append_chat(f.room, line(1, "from a"), LeaseFence{"node-a", 1}) == "");
  REQUIRE(f.claim("node-b", kLong).granted);  // node-a paused past its lease; node-b took the room (epoch 2)
  std::string refused = f.s.append_chat(f.room, line(2, "stale"), LeaseFence{"node-a", 1});
  CHECK(refused.find("no longer served by node 'node-a'") != std::string::npos);
  AuditEntry audit{std::nullopt, "delete_chat", f.room, "{}", "cli", 1};
  CHECK(f.s.delete_chat(f.room, 1, audit, LeaseFence{"node-a", 1}) != "");
  // The new owner's next line takes seq 2: no collision with the old owner's.
  CHECK(f.s.append_chat(f.room, line(2, "from b"), LeaseFence{"node-b", 2}) == "");
  auto stored = f.s.chat(f.room);
  REQUIRE(stored.ok());
  REQUIRE(stored.value.size() == 2);
  CHECK(stored.value[0].text == "from a");
  CHECK_FALSE(stored.value[0].deleted);
  CHECK(stored.value[1].text == "from b");
  CHECK(f.s.delete_chat(f.room, 1, audit, LeaseFence{"node-b", 2}) == "");
}

TEST_CASE("postgres (#42, defect 6): every connection has bounded statements, lock waits and idle transactions") {
  const char* server = std::getenv("GIPF_ARENA_TEST_POSTGRES");
  if (!server || !*server) return;  // PostgreSQL's settings; SQLite waits at most its busy timeout
  std::string url = temp_store("timeouts");
  PostgresConnection db(url);
  auto milliseconds = [&](const std::string& setting) {
    std::string sql = "SELECT setting FROM pg_settings WHERE name = '" + setting + "'";
    return std::stoll(db.text_of(sql.c_str()));
  };
  // A half-open connection or a lock nobody gives back stalls the writer
  // (and the lease renewals behind it) for at most these, never for ever.
  CHECK(milliseconds("statement_timeout") > 0);
  CHECK(milliseconds("statement_timeout") <= 60'000);
  CHECK(milliseconds("lock_timeout") > 0);
  CHECK(milliseconds("lock_timeout") <= 60'000);
  CHECK(milliseconds("idle_in_transaction_session_timeout") > 0);
  // The server's side of the socket probes a peer that went silent.
  CHECK(milliseconds("tcp_keepalives_idle") > 0);
}
