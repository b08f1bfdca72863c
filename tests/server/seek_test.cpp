// Quick pairing on one server (#46; PROTOCOL.md, Quick pairing): two seekers
// of a pool meet at once and find the same game, seated and live; a rated seek
// is an account's and opens a rated game; a seek leaves the pool when its
// connection closes, when canceled, or when its player seeks again; bad seeks
// are refused with their codes. The pool across nodes: cluster_test.cpp. And
// the bell's notice of a challenge that waits days.
#include <doctest/doctest.h>

#include "account_test_support.hpp"

using namespace test_support;

namespace {

const json k5plus5{{"kind", "live"}, {"initial_ms", 300000}, {"increment_ms", 5000}};

json seek_message(const std::string& game, const std::string& variant, const json& clock, bool rated = false) {
  json m{{"type", "seek"}, {"game", game}, {"variant", variant}, {"clock", clock}};
  if (rated) m["rated"] = true;
  return m;
}

// The seeks waiting in the site's pool, by pool (GET /api/seeks).
json pools(int port) { return json::parse(http_get(port, "/api/seeks").body)["pools"]; }

std::int64_t waiting(int port, const std::string& pool) {
  json p = pools(port);
  return p.contains(pool) ? p[pool].get<std::int64_t>() : 0;
}

// Sends a seek and returns its `seeking` answer.
json seek(Participant& p, const json& message) {
  p.ws.send(message);
  auto answer = p.ws.receive_type("seeking", 10s);
  REQUIRE(answer);
  return *answer;
}

// Both heard they were paired: the same room, opposite colours; each sits in it.
std::string both_paired(Participant& a, Participant& b) {
  auto pa = a.ws.receive_type("seek_paired", 10s), pb = b.ws.receive_type("seek_paired", 10s);
  REQUIRE(pa);
  REQUIRE(pb);
  CHECK((*pa)["room"] == (*pb)["room"]);
  CHECK((*pa)["color"] != (*pb)["color"]);
  std::string room = (*pa)["room"];
  for (const auto& [p, heard] : {std::pair{&a, *pa}, std::pair{&b, *pb}}) {
    p->ws.send({{"type", "join_room"}, {"room", room}});
    auto snapshot = p->ws.receive_type("room", 10s);
    REQUIRE(snapshot);
    CHECK((*snapshot)["you"] == heard["color"]);
    CHECK((*snapshot)["status"] == "live");
  }
  return room;
}

}  // namespace

TEST_CASE("quick pairing: two guests seeking YINSH 5+5 meet at once in one live game; other pools wait") {
  ServerProcess server(temp_store("seeks.db"));
  REQUIRE(server.start());
  Participant ann, bob, cy;
  REQUIRE(ann.identify(server.port(), "Ann"));
  REQUIRE(bob.identify(server.port(), "Bob"));
  REQUIRE(cy.identify(server.port(), "Cy"));
  json first = seek(ann, seek_message("yinsh", "normal", k5plus5));
  CHECK(first["seek"]["pool"] == "yinsh:normal/5+5/casual");
  CHECK(first["seek"]["rating"] == 1500);
  CHECK(waiting(server.port(), "yinsh:normal/5+5/casual") == 1);
  // Another speed, another game: another pool.
  seek(cy, seek_message("gipf", "standard", {{"kind", "correspondence"}, {"days_per_move", 3}}));
  CHECK(pools(server.port()) == json{{"gipf:standard/3d/casual", 1}, {"yinsh:normal/5+5/casual", 1}});
  seek(bob, seek_message("yinsh", "normal", k5plus5));
  std::string room = both_paired(ann, bob);
  CHECK(pools(server.port()) == json{{"gipf:standard/3d/casual", 1}});
  json game = json::parse(http_get(server.port(), "/api/games/" + room).body);
  CHECK(game["options"]["game"] == "yinsh");
  CHECK(game["clock"] == k5plus5);
  CHECK(game["rated"] == false);
}

TEST_CASE("quick pairing: a seek leaves the pool with its connection, on cancel, and when its player seeks again") {
  ServerProcess server(temp_store("seeks-leave.db"));
  REQUIRE(server.start());
  const int port = server.port();
  const std::string pool = "yinsh:blitz/3+2/casual";
  const json clock{{"kind", "live"}, {"initial_ms", 180000}, {"increment_ms", 2000}};
  {
    Participant gone;
    REQUIRE(gone.identify(port, "Gone"));
    seek(gone, seek_message("yinsh", "blitz", clock));
    CHECK(waiting(port, pool) == 1);
  }  // its connection closes
  CHECK(eventually([&] { return waiting(port, pool) == 0; }));

  Participant ann;
  REQUIRE(ann.identify(port, "Ann"));
  json placed = seek(ann, seek_message("yinsh", "blitz", clock));
  ann.ws.send({{"type", "seek_cancel"}, {"id", 7}});
  auto ended = ann.ws.receive_type("seek_ended", 10s);
  REQUIRE(ended);
  CHECK((*ended)["reason"] == "canceled");
  CHECK((*ended)["seek"] == placed["seek"]["id"]);
  CHECK((*ended)["id"] == 7);
  CHECK(waiting(port, pool) == 0);

  // A new seek replaces the player's earlier one, which is said to have ended.
  json old_seek = seek(ann, seek_message("yinsh", "blitz", clock));
  ann.ws.send(seek_message("yinsh", "normal", k5plus5));
  auto replaced = ann.ws.receive_type("seek_ended", 10s);  // (before the new seek's `seeking`)
  REQUIRE(replaced);
  REQUIRE(ann.ws.receive_type("seeking", 10s));
  CHECK((*replaced)["seek"] == old_seek["seek"]["id"]);
  CHECK((*replaced)["reason"] == "replaced");
  CHECK(pools(port) == json{{"yinsh:normal/5+5/casual", 1}});

  // The one who left is not paired with anyone: the next two seekers of the blitz pool meet each other.
  Participant bob, cy;
  REQUIRE(bob.identify(port, "Bob"));
  REQUIRE(cy.identify(port, "Cy"));
  seek(bob, seek_message("yinsh", "blitz", clock));
  seek(cy, seek_message("yinsh", "blitz", clock));
  both_paired(bob, cy);
}

TEST_CASE("quick pairing: a rated seek is an account's and opens a rated game; bad seeks are refused with their codes") {
  ServerProcess server(temp_store("seeks-rated.db"));
  REQUIRE(server.start());
  const int port = server.port();
  Participant guest;
  REQUIRE(guest.identify(port, "Guest"));
  auto refused = [&](json message, const std::string& code) {
    message["id"] = "r";
    guest.ws.send(message);
    auto error = guest.ws.receive_type("error", 10s);
    REQUIRE(error);
    CHECK((*error)["code"] == code);
    CHECK((*error)["id"] == "r");
  };
  refused(seek_message("yinsh", "normal", k5plus5, true), "forbidden");
  refused({{"type", "seek"}, {"game", "yinsh"}, {"variant", "normal"}}, "bad_field");  // no clock
  refused(seek_message("chess", "normal", k5plus5), "bad_field");
  json upside_down = seek_message("yinsh", "normal", k5plus5);
  upside_down["rating_min"] = 1800;
  upside_down["rating_max"] = 1200;
  refused(upside_down, "bad_field");
  json unknown = seek_message("yinsh", "normal", k5plus5);
  unknown["colour"] = "white";
  refused(unknown, "bad_field");
  CHECK(pools(port).empty());

  std::string ann_cookie = signup(port, "ann", "ann password 1"), bob_cookie = signup(port, "bob", "bob password 1");
  Participant ann, bob;
  REQUIRE(identify_with(ann, port, ann_cookie));
  REQUIRE(identify_with(bob, port, bob_cookie));
  seek(ann, seek_message("gipf", "standard", k5plus5, true));
  // The guest's casual seek of the same game and speed is another pool.
  seek(guest, seek_message("gipf", "standard", k5plus5));
  json rated = seek(bob, seek_message("gipf", "standard", k5plus5, true));
  CHECK(rated["seek"]["pool"] == "gipf:standard/5+5/rated");
  std::string room = both_paired(ann, bob);
  CHECK(json::parse(http_get(port, "/api/games/" + room).body)["rated"] == true);
  CHECK(pools(port) == json{{"gipf:standard/5+5/casual", 1}});
}

TEST_CASE("challenges (#46): one that waits days is also a notice on its destination's bell; a real-time one only its card") {
  ServerProcess server(temp_store("challenge-notices.db"));
  REQUIRE(server.start());
  const int port = server.port();
  const std::string alice = signup(port, "alice", "alice password 1"), bob = signup(port, "bob", "bob password 1"),
                    carol = signup(port, "carol", "carol password 1");
  auto notices = [&](const std::string& cookie) { return json::parse(get(port, "/api/notices", cookie).body)["notices"]; };
  REQUIRE(post(port, "/api/challenge/bob", {{"game", "yinsh"}, {"variant", "blitz"},
                                            {"clock", {{"kind", "correspondence"}, {"days_per_move", 3}}}}, alice).status == 201);
  REQUIRE(eventually([&] { return !notices(bob).empty(); }));
  const json notice = notices(bob)[0];
  CHECK(notice["kind"] == "challenge");
  CHECK(notice["text"] == "alice challenges you: YINSH blitz, 3 days per move, casual");
  CHECK(notice["path"] == "/@/alice");
  REQUIRE(post(port, "/api/challenge/carol", {{"game", "gipf"}, {"variant", "standard"}, {"clock", k5plus5}}, alice).status == 201);
  // The real-time challenge is told (a `challenge` message) but leaves no notice: it lives seconds
  // unless renewed, a notice would outlive it. Carol's bell stays empty while bob's next notice comes.
  REQUIRE(post(port, "/api/challenge/bob", {{"game", "gipf"}, {"variant", "standard"}}, carol).status == 201);
  REQUIRE(eventually([&] { return notices(bob).size() == 2; }));
  CHECK(notices(bob)[0]["text"] == "carol challenges you: GIPF standard, untimed, casual");
  CHECK(notices(carol).empty());
}

TEST_CASE("an open room with a range for its joiner's rating (#46): listed with it; a joiner outside it refused, one inside seated") {
  ServerProcess server(temp_store("room-range.db"));
  REQUIRE(server.start());
  const int port = server.port();
  Participant ann, bob, cid;
  REQUIRE(ann.identify(port, "Ann"));
  REQUIRE(bob.identify(port, "Bob"));
  REQUIRE(cid.identify(port, "Cid"));
  cid.ws.send({{"type", "lobby_subscribe"}});
  REQUIRE(cid.ws.receive_type("lobby", 5s));
  ann.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}, {"rating_min", 1600}, {"rating_max", 2000}, {"id", "hi"}});
  auto created = ann.ws.receive_type("room_created", 5s);
  REQUIRE(created);
  const std::string high = (*created)["room"];
  // Listed with its range: the lobby's delta names it.
  json listed;
  for (int i = 0; i < 20 && listed.is_null(); ++i) {
    auto update = cid.ws.receive_type("lobby_update", 10s);
    REQUIRE(update);
    for (const auto& e : (*update)["open"].value("set", json::array()))
      if (e["id"] == high) listed = e;
  }
  REQUIRE_FALSE(listed.is_null());
  CHECK(listed["rating_min"] == 1600);
  CHECK(listed["rating_max"] == 2000);
  // Bob, a guest (1500 as anyone without a rated game there), is out of it.
  bob.ws.send({{"type", "join_room"}, {"room", high}, {"id", "join"}});
  auto refused = bob.ws.receive_type("error", 10s);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "rating_out_of_range");
  CHECK((*refused)["message"] == "this game is for players rated 1600–2000 in yinsh:normal; yours is 1500");
  auto row = json::parse(http_get(port, "/api/games/" + high).body);
  CHECK(row["status"] == "open");
  // Within a range: seated.
  ann.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}, {"color", "white"}, {"rating_min", 1400}, {"rating_max", 1600}});
  auto second = ann.ws.receive_type("room_created", 5s);
  REQUIRE(second);
  bob.ws.send({{"type", "join_room"}, {"room", (*second)["room"]}});
  auto seated = bob.ws.receive_type("room", 10s);
  REQUIRE(seated);
  CHECK((*seated)["you"] == "black");
  CHECK((*seated)["status"] == "live");
  // Checked when asked for: a range upside down, or against the computer.
  ann.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}, {"rating_min", 1800}, {"rating_max", 1600}, {"id", "bad"}});
  CHECK((*ann.ws.receive_type("error", 5s))["code"] == "bad_field");
  ann.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}, {"bot", 1}, {"rating_min", 1400}, {"id", "bot"}});
  CHECK((*ann.ws.receive_type("error", 5s))["code"] == "bad_field");
}

TEST_CASE("challenges (#46): refused while either blocks the other, and to a banned player; allowed again once unblocked") {
  Arena arena("challenge-refusals.db");
  const int port = arena.port;
  std::string alice = signup(port, "alice", "alice password");
  std::string bob = signup(port, "bob", "bob password");
  signup(port, "carol", "carol password");
  const json terms{{"game", "yinsh"}, {"clock", {{"kind", "correspondence"}, {"days_per_move", 3}}}};
  REQUIRE(post(port, "/api/blocks/alice", json::object(), bob).status == 201);  // bob blocks alice
  auto refused = post(port, "/api/challenge/bob", terms, alice);
  CHECK(refused.status == 403);
  CHECK(error_code(refused) == "blocked");
  CHECK(error_code(post(port, "/api/challenge/alice", terms, bob)) == "blocked");  // nor the other way
  REQUIRE(http_request(port, "DELETE", "/api/blocks/alice", "", {{"Cookie", bob}}).status == 204);
  auto made = post(port, "/api/challenge/bob", terms, alice);
  CHECK_MESSAGE(made.status == 201, made.body);
  // A banned player takes no challenge: as if there were nobody.
  auto banned = post(port, "/api/admin/users/carol/ban", {{"minutes", 60}, {"reason", "spam"}}, arena.admin);
  REQUIRE_MESSAGE(banned.status == 200, banned.body);
  auto to_banned = post(port, "/api/challenge/carol", terms, alice);
  CHECK(to_banned.status == 404);
  CHECK(error_code(to_banned) == "not_found");
}
