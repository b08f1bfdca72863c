// Following in the store (#46; social/follow_store.hpp), on SQLite and
// PostgreSQL: follows and their bounds, blocks winning over them, presence
// counted while its node's heartbeat is fresh, the games a followed account
// plays, and whom to tell of a new game.
#include <doctest/doctest.h>

#include "store_test_support.hpp"

using namespace store_test;
using arena::FollowedPlayer;

namespace {

struct Fixture {
  asio::io_context io;
  std::string path = temp_store("follows.db");
  SqlStore store{path};

  template <class T, class Call>
  T wait(Call call) {
    Slot<Stored<T>> s;
    call(s.fill());
    auto r = s.get(io);
    REQUIRE_MESSAGE(r.ok(), r.error);
    return r.value;
  }
  std::string done(std::function<void(StoreDone)> call) {
    Slot<std::string> s;
    call(s.fill());
    return s.get(io);
  }
  Outcome<FollowedPlayer> follow(std::int64_t follower, const std::string& name, bool yes = true, std::int64_t now = 1000) {
    return wait<Outcome<FollowedPlayer>>([&](auto reply) { store.set_follow(follower, name, yes, now, io.get_executor(), reply); });
  }
  std::vector<FollowedPlayer> following(std::int64_t follower, std::int64_t now) {
    return wait<std::vector<FollowedPlayer>>([&](auto reply) { store.following(follower, now, io.get_executor(), reply); });
  }
  std::vector<std::int64_t> to_tell(std::int64_t player, std::int64_t now) {
    return wait<std::vector<std::int64_t>>([&](auto reply) { store.followers_to_tell(player, now, io.get_executor(), reply); });
  }
  std::string beat(const std::string& node, std::int64_t at) {
    return done([&](StoreDone d) { store.node_alive(node, at, 0, io.get_executor(), d); });
  }
  std::string here(std::int64_t player, const std::string& node, bool yes, std::int64_t now = 1000) {
    return done([&](StoreDone d) { store.set_presence(player, node, yes, now, io.get_executor(), d); });
  }
  Outcome<arena::BlockRecord> block(std::int64_t blocker, const std::string& name) {
    return wait<Outcome<arena::BlockRecord>>([&](auto reply) { store.set_block(blocker, name, true, 1000, io.get_executor(), reply); });
  }
};

std::vector<std::string> names(const std::vector<FollowedPlayer>& list) {
  std::vector<std::string> out;
  for (const auto& f : list) out.push_back(f.username);
  return out;
}

}  // namespace

TEST_CASE("follows (#46): follow, twice, oneself, nobody, unfollow; online by a fresh node's presence; the public games played") {
  Fixture f;
  auto ann = create_account(f.store, f.io, "ann").account;
  auto bob = create_account(f.store, f.io, "bob").account;
  auto cid = create_account(f.store, f.io, "cid").account;
  auto dee = create_account(f.store, f.io, "dee").account;

  auto followed = f.follow(ann.player, "BOB", true, 1000);
  REQUIRE(followed.ok());
  CHECK(followed.value.username == "bob");
  CHECK(followed.value.player == bob.player);
  CHECK(f.follow(ann.player, "bob", true, 2000).value.since == 1000);  // twice: as it was
  CHECK(f.follow(ann.player, "ann").code == "bad_field");
  CHECK(f.follow(ann.player, "nobody").code == "not_found");
  CHECK(f.follow(ann.player, "dee").ok());
  CHECK(f.follow(ann.player, "cid").ok());
  CHECK(f.follow(ann.player, "cid", false).ok());
  CHECK(f.follow(ann.player, "cid", false).code == "not_found");  // not followed any more

  // Nobody is online: by name. Bob connects on node-a, whose heartbeat is fresh.
  CHECK(names(f.following(ann.player, 5000)) == std::vector<std::string>{"bob", "dee"});
  REQUIRE(f.beat("node-a", 5000) == "");
  REQUIRE(f.here(bob.player, "node-a", true) == "");
  REQUIRE(f.here(dee.player, "node-b", true) == "");  // node-b never beat: not counted
  auto list = f.following(ann.player, 5000);
  REQUIRE(list.size() == 2);
  CHECK(list[0].username == "bob");
  CHECK(list[0].online);
  CHECK_FALSE(list[1].online);
  CHECK_FALSE(f.following(ann.player, 5000 + arena::kNodeFreshMs + 1)[0].online);  // node-a went quiet
  REQUIRE(f.here(bob.player, "node-a", false) == "");
  CHECK_FALSE(f.following(ann.player, 5000)[0].online);
  REQUIRE(f.here(bob.player, "node-a", true) == "");
  REQUIRE(f.done([&](StoreDone d) { f.store.clear_presence("node-a", f.io.get_executor(), d); }) == "");
  CHECK_FALSE(f.following(ann.player, 5000)[0].online);

  // Dee plays a public game with Cid; a private one is not shown.
  RoomRecord open = make_room("r1", cid.player, 3000);
  REQUIRE(f.done([&](StoreDone d) { f.store.create_room(open, created_event(cid.player, 3000), f.io.get_executor(), d); }) == "");
  RoomChange joined;
  joined.status = protocol::RoomStatus::Live;
  joined.black = dee.player;
  EventRecord join{2, protocol::EventKind::Joined, dee.player, engine::Color::Black, "", 3100, ""};
  REQUIRE(f.done([&](StoreDone d) { f.store.append_event("r1", join, joined, f.io.get_executor(), d); }) == "");
  RoomRecord hidden = make_room("r2", cid.player, 3200, true);
  REQUIRE(f.done([&](StoreDone d) { f.store.create_room(hidden, created_event(cid.player, 3200), f.io.get_executor(), d); }) == "");
  REQUIRE(f.done([&](StoreDone d) { f.store.append_event("r2", join, joined, f.io.get_executor(), d); }) == "");
  list = f.following(ann.player, 5000);
  CHECK(list[0].username == "dee");  // playing: first
  CHECK(list[0].playing == std::vector<std::string>{"r1"});
  CHECK(list[1].playing.empty());
}

TEST_CASE("follows (#46): a block deletes them both ways and refuses new ones; whom to tell, switch and blocks respected") {
  Fixture f;
  auto ann = create_account(f.store, f.io, "ann").account;
  auto bob = create_account(f.store, f.io, "bob").account;
  auto cid = create_account(f.store, f.io, "cid").account;
  auto dee = create_account(f.store, f.io, "dee").account;
  REQUIRE(f.follow(ann.player, "bob").ok());
  REQUIRE(f.follow(cid.player, "bob").ok());
  REQUIRE(f.follow(dee.player, "bob").ok());
  REQUIRE(f.follow(bob.player, "ann").ok());
  // Those online first: Dee is.
  REQUIRE(f.beat("single", 5000) == "");
  REQUIRE(f.here(dee.player, "single", true) == "");
  auto told = f.to_tell(bob.player, 5000);
  REQUIRE(told.size() == 3);
  CHECK(told[0] == dee.player);

  // Cid turns the notices off.
  arena::MailSwitches off;
  off.follow = false;
  REQUIRE(f.done([&](StoreDone d) { f.store.set_mail_switches(cid.id, off, f.io.get_executor(), d); }) == "");
  told = f.to_tell(bob.player, 5000);
  CHECK(std::find(told.begin(), told.end(), cid.player) == told.end());
  CHECK(told.size() == 2);

  // Bob blocks Ann: neither follows the other, and Ann may not follow again.
  REQUIRE(f.block(bob.player, "ann").ok());
  CHECK(f.following(ann.player, 5000).empty());
  CHECK(f.following(bob.player, 5000).empty());
  CHECK(f.follow(ann.player, "bob").code == "blocked");
  CHECK(f.follow(bob.player, "ann").code == "blocked");
  CHECK(f.to_tell(bob.player, 5000) == std::vector<std::int64_t>{dee.player});
}

TEST_CASE("follows (#46): an account follows at most 500 others") {
  Fixture f;
  auto ann = create_account(f.store, f.io, "ann").account;
  for (int i = 0; i < arena::kMaxFollows; ++i) {
    std::string name = "p" + std::to_string(i);
    create_account(f.store, f.io, name);
    REQUIRE(f.follow(ann.player, name).ok());
  }
  create_account(f.store, f.io, "one_more");
  CHECK(f.follow(ann.player, "one_more").code == "too_many_follows");
  CHECK(f.following(ann.player, 1000).size() == static_cast<std::size_t>(arena::kMaxFollows));
}
