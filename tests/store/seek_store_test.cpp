// Quick pairing's pool (#46; seeks/seek_store.hpp), on SQLite and, in
// store-tests-postgres, on PostgreSQL: which waiting seek a newcomer meets
// (the closest rating, then the oldest; within both ranges; never a blocked
// pair; not the pair that met last while another fits), and how seeks leave.
#include <doctest/doctest.h>

#include "protocol/seek_messages.hpp"
#include "store_test_support.hpp"

using namespace store_test;

namespace {

const protocol::TimeControl k5plus5{protocol::TimeControl::Kind::Live, 300'000, 5'000, 0};

struct Fixture {
  std::string path = temp_store("seeks.db");
  SqlStore store{path};
  asio::io_context io;
  Blocking s{store, io};
  RawConnection raw{path};
  int made = 0;

  // A guest player, rated `rating` in yinsh:normal (none: unrated, 1500).
  std::int64_t player(const std::string& name, std::optional<double> rating = std::nullopt) {
    auto p = s.create_player(std::string(60, 'a') + std::to_string(++made) + "tok", name);
    REQUIRE(p.ok());
    if (rating)
      REQUIRE(raw.exec("INSERT INTO ratings VALUES (" + std::to_string(p.value.id) + ", 'yinsh:normal', " + std::to_string(*rating) +
                       ", 60, 0.06, 30, 0)"));
    return p.value.id;
  }
  SeekRecord seek(std::int64_t player, int min = 0, int max = 0, std::int64_t at = 1000) {
    SeekRecord r;
    r.id = "seek" + std::to_string(++made);
    r.player = player;
    r.name = "p" + std::to_string(player);
    r.kind = "guest";
    r.options = {"yinsh", "normal", 0, 0};
    r.clock = k5plus5;
    r.pool = protocol::seek_pool(r.options, r.clock, false);
    r.rating_min = min;
    r.rating_max = max;
    r.created_at = at;
    return r;
  }
  Outcome<SeekPlacement> place(SeekRecord r, std::int64_t now = 1000) {
    Slot<Stored<Outcome<SeekPlacement>>> slot;
    store.place_seek(std::move(r), now, io.get_executor(), slot.fill());
    auto placed = slot.get(io);
    REQUIRE(placed.ok());
    return placed.value;
  }
  // The player whose seek `r` met, 0 if it waits.
  std::int64_t met(SeekRecord r, std::int64_t now = 1000) {
    auto placed = place(std::move(r), now);
    REQUIRE(placed.ok());
    return placed.value.opponent ? placed.value.opponent->player : 0;
  }
  std::vector<std::string> renew(std::vector<std::string> ids, std::int64_t now = 1000) {
    Slot<Stored<std::vector<std::string>>> slot;
    store.renew_seeks(std::move(ids), now, io.get_executor(), slot.fill());
    return slot.get(io).value;
  }
  bool remove(std::int64_t player, std::string id) {
    Slot<Stored<bool>> slot;
    store.remove_seek(player, std::move(id), io.get_executor(), slot.fill());
    return slot.get(io).value;
  }
};

}  // namespace

TEST_CASE("seek store: a seek waits until a seek of its pool comes; both then leave the pool") {
  Fixture f;
  std::int64_t ann = f.player("ann"), bob = f.player("bob"), carol = f.player("carol");
  SeekRecord first = f.seek(ann);
  auto placed = f.place(first);
  REQUIRE(placed.ok());
  CHECK_FALSE(placed.value.opponent);
  CHECK(placed.value.seek.rating == doctest::Approx(1500));  // unrated: 1500
  SeekRecord other_pool = f.seek(carol);
  other_pool.rated = true;
  other_pool.pool = protocol::seek_pool(other_pool.options, other_pool.clock, true);
  CHECK(f.met(other_pool) == 0);  // rated meets rated only
  CHECK(f.met(f.seek(bob)) == ann);
  CHECK(f.renew({first.id, other_pool.id}) == std::vector<std::string>{other_pool.id});
}

TEST_CASE("seek store: the closest rating first, then the oldest, each within the other's range") {
  Fixture f;
  // Three waiting seeks that take none of each other, each taking a 1500.
  std::int64_t ann = f.player("ann", 1400), bob = f.player("bob", 1600), carol = f.player("carol", 1480);
  CHECK(f.met(f.seek(ann, 1500, 1520, 1)) == 0);
  CHECK(f.met(f.seek(bob, 1490, 1510, 2)) == 0);
  CHECK(f.met(f.seek(carol, 1495, 1505, 3)) == 0);
  CHECK(f.met(f.seek(f.player("dave", 1500))) == carol);  // 20 away
  CHECK(f.met(f.seek(f.player("erin", 1500))) == ann);    // 100 away, like bob's, and older
  // Bob takes 1490..1510 only: a seeker who takes up to 1550 does not take
  // him, and a 1520 who would take him (and not gus) is refused by him.
  CHECK(f.met(f.seek(f.player("gus", 1500), 1000, 1550)) == 0);
  CHECK(f.met(f.seek(f.player("fay", 1520), 1501, 1700)) == 0);
  CHECK(f.met(f.seek(f.player("hal", 1500), 1550, 1700)) == bob);
}

TEST_CASE("seek store: a blocked pair never meets; the pair that met last meets again only when nobody else fits") {
  Fixture f;
  std::int64_t ann = f.player("ann"), bob = f.player("bob"), carol = f.player("carol", 1700);
  REQUIRE(f.raw.exec("INSERT INTO blocks (blocker, blocked, created_at) VALUES (" + std::to_string(bob) + ", " + std::to_string(ann) + ", 0)"));
  CHECK(f.met(f.seek(ann)) == 0);
  CHECK(f.met(f.seek(bob)) == 0);  // bob blocked ann: both wait
  REQUIRE(f.raw.exec("DELETE FROM blocks"));
  CHECK(f.met(f.seek(bob)) == ann);  // bob's new seek (the old replaced) meets ann now
  // Ann (takes only 1500s) and carol (1700, takes 1450..1550) wait, neither taking the other.
  CHECK(f.met(f.seek(ann, 1500, 1500)) == 0);
  CHECK(f.met(f.seek(carol, 1450, 1550)) == 0);
  // Bob and ann met last: ann is closer, but bob meets carol.
  CHECK(f.met(f.seek(bob)) == carol);
  // Ann's last opponent is bob: she is all there is, so they meet again.
  CHECK(f.met(f.seek(bob)) == ann);
}

TEST_CASE("seek store: a new seek replaces the player's own; seeks leave when removed or not renewed") {
  Fixture f;
  std::int64_t ann = f.player("ann"), bob = f.player("bob");
  SeekRecord first = f.seek(ann), second = f.seek(ann);
  CHECK(f.place(first).value.replaced.empty());
  auto again = f.place(second);
  CHECK(again.value.replaced == first.id);
  CHECK_FALSE(again.value.opponent);  // not paired with itself
  CHECK(f.renew({first.id, second.id}, 2000) == std::vector<std::string>{second.id});
  CHECK_FALSE(f.remove(bob, second.id));  // not bob's
  CHECK(f.remove(ann, ""));
  CHECK_FALSE(f.remove(ann, ""));
  // A seek not renewed for kSeekLeaseMs has no player any more: it is not met.
  CHECK(f.met(f.seek(ann), 2000) == 0);
  CHECK(f.met(f.seek(bob), 2000 + kSeekLeaseMs + 1) == 0);
  CHECK(f.renew({}, 0).empty());
}
