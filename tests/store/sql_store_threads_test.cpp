// How the SQLite store runs: completions on the caller's executor, group
// commit, failures kept apart, reads beside a held write lock, flush, bounds.
#include <doctest/doctest.h>

#include <boost/asio/strand.hpp>
#include <thread>

#include "store_test_support.hpp"

using namespace store_test;
using protocol::EventKind;
using protocol::RoomStatus;

namespace {

// A store with one player ("p") and one room ("r1", event 1 written).
struct Fixture {
  asio::io_context io;
  std::string path = temp_store("threads.db");
  std::unique_ptr<SqlStore> store;
  std::int64_t player = 0;

  explicit Fixture(std::size_t max_queued = SqlStore::kDefaultMaxQueued)
      : store(std::make_unique<SqlStore>(path, SqlStore::Access::kServer, max_queued)) {
    Blocking s(*store, io);
    player = s.create_player("p", "Pat").value.id;
    REQUIRE(s.create_room(make_room("r1", player, 1000), created_event(player, 1000)) == "");
  }
  Blocking blocking() { return Blocking(*store, io); }
};

}  // namespace

TEST_CASE("every completion runs on the executor given, never inline") {
  Fixture f;
  auto strand = asio::make_strand(f.io);
  const auto test_thread = std::this_thread::get_id();
  int ran = 0;
  int on_strand = 0;
  auto check = [&] {
    ++ran;
    if (strand.running_in_this_thread() && std::this_thread::get_id() == test_thread) ++on_strand;
  };
  f.store->create_player("q", "", strand, [&](Stored<PlayerRecord>) { check(); });
  f.store->rename_player(f.player, "Pam", strand, [&](const std::string&) { check(); });
  f.store->create_room(make_room("r2", f.player, 2000), created_event(f.player, 2000), strand,
                       [&](const std::string&) { check(); });
  f.store->append_event("r1", action_event(2, f.player, "e1-e3"), {}, strand, [&](const std::string&) { check(); });
  f.store->find_player("p", strand, [&](auto) { check(); });
  f.store->events("r1", strand, [&](auto) { check(); });
  f.store->find_room("r1", strand, [&](auto) { check(); });
  f.store->list_rooms({}, strand, [&](auto) { check(); });
  f.store->unfinished_rooms(strand, [&](auto) { check(); });
  CHECK(ran == 0);  // nothing runs until the io_context does
  wait_for(f.io, [&] { return ran == 9; });
  CHECK(on_strand == 9);

  // A refused write too: posted from the calling thread, not run inline.
  f.store->flush();
  f.store->append_event("r1", action_event(3, f.player, "x"), {}, strand, [&](const std::string&) { check(); });
  CHECK(ran == 9);
  wait_for(f.io, [&] { return ran == 10; });
  CHECK(on_strand == 10);
}

TEST_CASE("group commit: many appends at once all complete and are stored in order") {
  Fixture f;
  constexpr int kEvents = 500;
  RawConnection other(f.path);
  // Holding the write lock while the appends arrive makes them wait together.
  REQUIRE(other.lock_writers());
  std::vector<Slot<std::string>> done(kEvents);
  for (int i = 0; i < kEvents; ++i)
    f.store->append_event("r1", action_event(i + 2, f.player, "m" + std::to_string(i + 2)), {}, f.io.get_executor(),
                          done[i].fill());
  REQUIRE(other.exec("COMMIT"));
  for (auto& d : done) CHECK(d.get(f.io) == "");
  auto events = f.blocking().events("r1").value;
  REQUIRE(events.size() == kEvents + 1);
  for (int i = 0; i < kEvents + 1; ++i) CHECK(events[i].seq == i + 1);
  CHECK(events.back().action == "m" + std::to_string(kEvents + 1));
}

TEST_CASE("a failed write is reported and does not sink the others of its batch") {
  Fixture f;
  RawConnection other(f.path);
  REQUIRE(other.lock_writers());  // so that the writes below share batches
  auto ex = f.io.get_executor();
  Slot<std::string> first, duplicate, third, no_room, no_player;
  Slot<Stored<PlayerRecord>> newcomer;
  f.store->append_event("r1", action_event(2, f.player, "first"), {}, ex, first.fill());
  f.store->append_event("r1", action_event(2, f.player, "duplicate"), {}, ex, duplicate.fill());
  f.store->append_event("r1", action_event(3, f.player, "third"), {}, ex, third.fill());
  f.store->append_event("nowhere", action_event(1, f.player, "lost"), {}, ex, no_room.fill());
  f.store->rename_player(f.player + 100, "Nobody", ex, no_player.fill());
  f.store->create_player("n", "Newcomer", ex, newcomer.fill());
  REQUIRE(other.exec("COMMIT"));
  CHECK(first.get(f.io) == "");
  CHECK(duplicate.get(f.io) != "");
  CHECK(third.get(f.io) == "");
  CHECK(no_room.get(f.io) != "");
  CHECK(no_player.get(f.io) != "");
  CHECK(newcomer.get(f.io).ok());
  auto s = f.blocking();
  auto events = s.events("r1").value;
  REQUIRE(events.size() == 3);
  CHECK(events[1].action == "first");
  CHECK(events[2].action == "third");
  CHECK(!s.events("nowhere").value.size());
  CHECK(s.find_player("n").value->id == newcomer.get(f.io).value.id);
}

TEST_CASE("a room's chat and events written at once keep their order; a failed chat write sinks nothing") {
  Fixture f;
  RawConnection other(f.path);
  REQUIRE(other.lock_writers());  // so that the writes below share a batch
  auto ex = f.io.get_executor();
  using protocol::ChatChannel;
  Slot<std::string> e2, c1, c1_again, lost, c2, deleted, e3;
  AuditEntry audit{std::nullopt, "delete_chat", "r1", "{}", "cli", 1};
  f.store->append_event("r1", action_event(2, f.player, "e1-e3"), {}, ex, e2.fill());
  f.store->append_chat("r1", chat_message(1, ChatChannel::Players, f.player, "Pat", "one"), std::nullopt, ex, c1.fill());
  f.store->append_chat("r1", chat_message(1, ChatChannel::Players, f.player, "Pat", "taken"), std::nullopt, ex, c1_again.fill());
  f.store->delete_chat("r1", 7, audit, std::nullopt, ex, lost.fill());
  f.store->append_chat("r1", chat_message(2, ChatChannel::Spectators, f.player, "Pat", "two"), std::nullopt, ex, c2.fill());
  f.store->delete_chat("r1", 2, audit, std::nullopt, ex, deleted.fill());  // the message written just before, in the same batch
  f.store->append_event("r1", action_event(3, f.player, "e9-e7"), {}, ex, e3.fill());
  REQUIRE(other.exec("COMMIT"));
  CHECK(e2.get(f.io) == "");
  CHECK(c1.get(f.io) == "");
  CHECK(c1_again.get(f.io) != "");
  CHECK(lost.get(f.io) == "no chat message 7");
  CHECK(c2.get(f.io) == "");
  CHECK(deleted.get(f.io) == "");
  CHECK(e3.get(f.io) == "");
  auto s = f.blocking();
  auto chat = s.chat("r1").value;
  REQUIRE(chat.size() == 2);
  CHECK(chat[0].text == "one");
  CHECK(!chat[0].deleted);
  CHECK(chat[1].text == "two");
  CHECK(chat[1].deleted);
  CHECK(s.events("r1").value.size() == 3);
  CHECK(other.column("SELECT count(*) FROM audit_log") == std::vector<std::string>{"1"});
}

TEST_CASE("reads do not wait behind a write") {
  Fixture f;
  RawConnection other(f.path);
  // Another writer holds the lock with an uncommitted row.
  REQUIRE(other.lock_writers());
  REQUIRE(other.exec("INSERT INTO players (token_hash, name, created_at) VALUES ('x', 'Uncommitted', 0)"));
  Slot<std::string> write;
  f.store->append_event("r1", action_event(2, f.player, "e1-e3"), {}, f.io.get_executor(), write.fill());
  Slot<Stored<std::optional<RoomRecord>>> room;
  f.store->find_room("r1", f.io.get_executor(), room.fill());
  Slot<Stored<std::vector<EventRecord>>> events;
  f.store->events("r1", f.io.get_executor(), events.fill());
  // Both reads answer from the last commit while the lock is still held.
  REQUIRE(room.get(f.io).ok());
  REQUIRE(room.get(f.io).value);
  CHECK(room.get(f.io).value->white_name == "Pat");
  CHECK(events.get(f.io).value.size() == 1);
  CHECK(!write.ready());  // the write cannot have committed: the lock is held
  REQUIRE(other.exec("ROLLBACK"));
  CHECK(write.get(f.io) == "");
  CHECK(f.blocking().events("r1").value.size() == 2);  // a completed write is seen by the reads after it
}

TEST_CASE("flush writes what was accepted, then refuses writes; reads go on") {
  Fixture f;
  Slot<std::string> before;
  f.store->append_event("r1", action_event(2, f.player, "e1-e3"), {}, f.io.get_executor(), before.fill());
  f.store->flush();
  f.store->flush();  // idempotent
  auto s = f.blocking();
  CHECK(before.get(f.io) == "");
  CHECK(s.append_event("r1", action_event(3, f.player, "late")) == "the server is stopping");
  auto late_player = s.create_player("late", "Late");
  CHECK(late_player.error == "the server is stopping");
  CHECK(s.events("r1").value.size() == 2);
  CHECK(!s.find_player("late").value);
}

TEST_CASE("a full queue refuses writes at once, and the accepted ones still complete") {
  constexpr std::size_t kBound = 2;
  constexpr int kWrites = 20;
  Fixture f(kBound);
  RawConnection other(f.path);
  // With the lock held the writer takes at most one batch (itself at most
  // kBound writes) and blocks, so at most 2 * kBound writes are accepted.
  REQUIRE(other.lock_writers());
  std::vector<Slot<std::string>> done(kWrites);
  for (int i = 0; i < kWrites; ++i)
    f.store->append_event("r1", action_event(i + 2, f.player, "m"), {}, f.io.get_executor(), done[i].fill());
  REQUIRE(other.exec("COMMIT"));
  int accepted = 0;
  int refused = 0;
  for (auto& d : done) {
    const std::string& error = d.get(f.io);
    if (error.empty())
      ++accepted;
    else if (error == "the store is overloaded")
      ++refused;
  }
  CHECK(accepted >= 1);
  CHECK(accepted <= static_cast<int>(2 * kBound));
  CHECK(accepted + refused == kWrites);
  // Every accepted write is stored.
  CHECK(f.blocking().events("r1").value.size() == static_cast<std::size_t>(1 + accepted));
}
