// Following against the real server (#46): follow and unfollow over
// /api/rel, the list showing who is online (a connection) and what they play,
// a notice in the bell (live over the WebSocket) when someone followed starts
// a public game, the switch that turns it off, and a block winning over a follow.
#include <doctest/doctest.h>

#include "account_test_support.hpp"

using namespace test_support;

namespace {

json following_of(int port, const std::string& cookie) {
  auto r = get(port, "/api/rel/following", cookie);
  REQUIRE_MESSAGE(r.status == 200, r.body);
  return json::parse(r.body)["following"];
}

// Opens a public YINSH game by `creator`, joined by `joiner`; its id.
std::string start_game(Participant& creator, Participant& joiner) {
  creator.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}, {"color", "white"}});
  auto created = creator.ws.receive_type("room_created", 5s);
  REQUIRE(created);
  std::string room = (*created)["room"];
  joiner.ws.send({{"type", "join_room"}, {"room", room}});
  REQUIRE(joiner.ws.receive_type("room", 5s));
  return room;
}

int follow_notices(int port, const std::string& cookie) {
  auto list = json::parse(get(port, "/api/notices", cookie).body);
  int n = 0;
  for (const auto& notice : list["notices"]) n += notice["kind"] == "follow";
  return n;
}

}  // namespace

TEST_CASE("following (#46): follow over /api/rel, who is online and playing, a notice when they start a game, the switch, blocks win") {
  Arena arena("follow.db");
  const int port = arena.port;
  std::string ann = signup(port, "ann", "ann password");
  std::string bob = signup(port, "bob", "bob password");
  std::string cid = signup(port, "cid", "cid password");

  CHECK(get(port, "/api/rel/following").status == 401);
  CHECK(post(port, "/api/rel/follow/bob", json::object()).status == 401);
  CHECK(error_code(post(port, "/api/rel/follow/ann", json::object(), ann)) == "bad_field");
  CHECK(error_code(post(port, "/api/rel/follow/nobody", json::object(), ann)) == "not_found");
  CHECK(get(port, "/api/rel/follow/bob", ann).status == 405);
  auto followed = post(port, "/api/rel/follow/Bob", json::object(), ann);
  REQUIRE_MESSAGE(followed.status == 200, followed.body);
  CHECK(json::parse(followed.body)["followed"]["username"] == "bob");
  json list = following_of(port, ann);
  REQUIRE(list.size() == 1);
  CHECK(list[0]["username"] == "bob");
  CHECK(list[0]["online"] == false);
  CHECK(list[0]["playing"] == json::array());

  // Bob comes: online; he starts a game with Cid: Ann, connected, hears of it at once.
  Participant ann_ws, bob_ws, cid_ws;
  REQUIRE(identify_with(ann_ws, port, ann));
  REQUIRE(identify_with(bob_ws, port, bob));
  REQUIRE(identify_with(cid_ws, port, cid));
  // (the presence row is written in the store's order: the next read sees it)
  for (int i = 0; i < 300 && following_of(port, ann)[0]["online"] != true; ++i) std::this_thread::sleep_for(100ms);
  CHECK(following_of(port, ann)[0]["online"] == true);
  std::string room = start_game(bob_ws, cid_ws);
  auto notice = ann_ws.ws.receive_type("notice", 10s);
  REQUIRE(notice);
  CHECK((*notice)["notice"]["kind"] == "follow");
  CHECK((*notice)["notice"]["text"] == "bob started a game against cid: YINSH");
  CHECK((*notice)["notice"]["path"] == "/?watch=" + room);
  CHECK(following_of(port, ann)[0]["playing"] == json{room});
  CHECK(follow_notices(port, cid) == 0);  // Cid follows nobody

  // Off in the settings: Bob's next game is not told.
  auto off = post(port, "/api/account/notify", {{"follow", false}}, ann);
  REQUIRE_MESSAGE(off.status == 200, off.body);
  CHECK(json::parse(off.body)["notify"]["follow"] == false);
  bob_ws.ws.send({{"type", "resign"}, {"room", room}});
  next_event(cid_ws, "resigned");
  start_game(cid_ws, bob_ws);
  CHECK(follow_notices(port, ann) == 1);

  // Bob leaves: offline. Bob blocks Ann: she follows him no more, and may not again.
  bob_ws.ws.close();
  for (int i = 0; i < 300 && following_of(port, ann)[0]["online"] != false; ++i) std::this_thread::sleep_for(100ms);
  CHECK(following_of(port, ann)[0]["online"] == false);
  REQUIRE(post(port, "/api/blocks/ann", json::object(), bob).status == 201);
  CHECK(following_of(port, ann) == json::array());
  auto refused = post(port, "/api/rel/follow/bob", json::object(), ann);
  CHECK(refused.status == 403);
  CHECK(error_code(refused) == "blocked");
  CHECK(error_code(post(port, "/api/rel/unfollow/bob", json::object(), ann)) == "not_found");
}

TEST_CASE("following (#46): a banned account is no longer online, its connections closed at once") {
  Arena arena("follow-ban.db");
  const int port = arena.port;
  std::string ann = signup(port, "ann", "ann password");
  std::string cid = signup(port, "cid", "cid password");
  REQUIRE(post(port, "/api/rel/follow/cid", json::object(), ann).status == 200);
  Participant cid_ws;
  REQUIRE(identify_with(cid_ws, port, cid));
  auto online = [&] { return following_of(port, ann)[0]["online"] == true; };
  REQUIRE(eventually(online, 30s));
  auto banned = post(port, "/api/admin/users/cid/ban", {{"minutes", 60}, {"reason", "spam"}}, arena.admin);
  REQUIRE_MESSAGE(banned.status == 200, banned.body);
  CHECK(eventually([&] { return !online(); }, 30s));
}
