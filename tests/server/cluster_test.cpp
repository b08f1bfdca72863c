// Several nodes, one site (#30): three gipf-arena processes on one PostgreSQL
// database and one nats-server (tests/store/with_postgres.sh and
// tests/cluster/with_nats.sh start both; ctest's server-tests-cluster). A
// player, their opponent and a spectator each on another node see one game.
#include <doctest/doctest.h>

#include <cstdlib>

#include "arena_test_support.hpp"

using namespace test_support;

namespace {

// The bus and the database the nodes share, or empty when not run under both helpers.
std::string bus() {
  const char* nats = std::getenv("GIPF_ARENA_TEST_NATS");
  const char* postgres = std::getenv("GIPF_ARENA_TEST_POSTGRES");
  return nats && *nats && postgres && *postgres ? nats : "";
}

std::vector<std::string> node(const std::string& name) { return {"--bus", bus(), "--node-id", name}; }

json game_of(int port, const std::string& room) {
  auto reply = http_get(port, "/api/games/" + room);
  REQUIRE(reply.status == 200);
  return json::parse(reply.body);
}

// Waits for `text` from the chat of `room` on `p`'s connection.
void hear_chat(Participant& p, const std::string& room, const std::string& text) {
  for (auto deadline = std::chrono::steady_clock::now() + WsClient::kPatience;;) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    auto m = p.ws.receive(1s);
    if (!m) continue;
    if ((*m)["type"] == "event") p.saw_event(*m);
    if ((*m)["type"] == "chat" && (*m)["room"] == room && (*m)["text"] == text) return;
  }
}

// Reads the lobby messages until `done(mirror)` holds.
template <class Done>
void lobby_until(WsClient& ws, LobbyMirror& mirror, Done done) {
  for (auto deadline = std::chrono::steady_clock::now() + WsClient::kPatience; !done(mirror);) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    if (auto m = ws.receive(1s)) mirror.apply(*m);
  }
}

}  // namespace

TEST_SUITE("cluster") {

TEST_CASE("a game played across three nodes: players, a spectator, chat and the lobby on different nodes") {
  if (bus().empty()) return;  // run by server-tests-cluster only
  std::string store = temp_store("cluster");
  ServerProcess a(store, node("node-a")), b(store, node("node-b")), c(store, node("node-c"));
  REQUIRE(a.start());
  REQUIRE(b.start());
  REQUIRE(c.start());
  CHECK(json::parse(http_get(b.port(), "/api/health").body)["node"] == "node-b");

  WsClient lobby;  // on node c, where nobody plays
  REQUIRE(lobby.connect(c.port()));
  lobby.send({{"type", "hello"}, {"protocol", 1}, {"name", "Lobby"}});
  REQUIRE(lobby.receive_type("welcome", 5s));
  lobby.send({{"type", "lobby_subscribe"}});
  LobbyMirror mirror;

  Participant white, black, spectator;
  REQUIRE(white.identify(a.port(), "Ann"));
  REQUIRE(black.identify(b.port(), "Bob"));
  REQUIRE(spectator.identify(c.port(), "Cy"));
  // White creates the room on node a (which serves it), the spectator on
  // node c watches it open, black joins from node b.
  white.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "blitz"}, {"color", "white"}});
  auto created = white.ws.receive_type("room_created", 10s);
  REQUIRE(created);
  std::string room = (*created)["room"];
  auto opened = white.ws.receive_type("room", 10s);
  REQUIRE(opened);
  white.seat = "white";
  white.saw_snapshot(*opened);
  lobby_until(lobby, mirror, [&](const LobbyMirror& m) { return m.open.count(room) == 1; });
  spectator.ws.send({{"type", "watch"}, {"room", room}});
  auto watched = spectator.ws.receive_type("room", 10s);
  REQUIRE(watched);
  spectator.saw_snapshot(*watched);
  black.ws.send({{"type", "join_room"}, {"room", room}});
  auto joined = black.ws.receive_type("room", 10s);
  REQUIRE(joined);
  CHECK((*joined)["you"] == "black");
  black.seat = "black";
  black.saw_snapshot(*joined);
  lobby_until(lobby, mirror, [&](const LobbyMirror& m) { return m.live.count(room) && m.live.at(room)["spectators"] == 1; });
  CHECK(mirror.live[room]["white"] == "Ann");
  CHECK(mirror.live[room]["black"] == "Bob");

  // The first moves, then a pause (one player holds the legal list of their turn).
  play_random(room, {&white, &black, &spectator}, {7, 10});
  catch_up({&white, &black, &spectator});
  Participant& mover = white.pending_legal.is_null() ? black : white;
  Participant& waiter = &mover == &white ? black : white;
  REQUIRE_FALSE(mover.pending_legal.is_null());

  // Chat both ways, across nodes: the players' channel between nodes a and b,
  // the spectators' (which everyone in the room sees) from node c.
  white.ws.send({{"type", "chat"}, {"room", room}, {"text", "good luck from node a"}});
  hear_chat(black, room, "good luck from node a");
  black.ws.send({{"type", "chat"}, {"room", room}, {"text", "and to you, from node b"}, {"id", "c1"}});
  hear_chat(white, room, "and to you, from node b");
  spectator.ws.send({{"type", "chat"}, {"room", room}, {"text", "watching from node c"}});
  hear_chat(white, room, "watching from node c");
  hear_chat(black, room, "watching from node c");

  // Every node names node a as the live game's node, and the same game.
  json on_a = game_of(a.port(), room), on_b = game_of(b.port(), room), on_c = game_of(c.port(), room);
  CHECK(on_a["node"] == "node-a");
  CHECK(on_b["node"] == "node-a");
  CHECK(on_c["node"] == "node-a");
  CHECK(on_a["status"] == "live");
  CHECK(on_b["record"] == on_a["record"]);

  // A forwarded action is answered as a local one: out of turn, the room's error with the request's id.
  waiter.ws.send({{"type", "action"}, {"room", room}, {"ply", mover.pending_legal["ply"]}, {"action", "a1"}, {"id", "early"}});
  auto error = waiter.ws.receive_type("error", 10s);
  REQUIRE(error);
  CHECK((*error)["id"] == "early");

  // The game goes on to its end.
  mover.acted_ply = mover.pending_legal["ply"];
  mover.ws.send({{"type", "action"}, {"room", room}, {"ply", mover.pending_legal["ply"]},
                 {"action", mover.pending_legal["actions"][0]}, {"id", "resume"}});
  play_random(room, {&white, &black, &spectator}, {8});
  CHECK(white.last_seq == black.last_seq);
  CHECK(spectator.last_seq == white.last_seq);
  CHECK(black.last_event["result"] == white.last_event["result"]);

  // Both nodes answer the finished game alike, from the one database; no node is named any more.
  on_a = game_of(a.port(), room);
  on_b = game_of(b.port(), room);
  CHECK(on_a["status"] == "finished");
  CHECK(on_a["record"] == on_b["record"]);
  CHECK(on_a["result"] == on_b["result"]);
  CHECK_FALSE(on_b.contains("node"));
  lobby_until(lobby, mirror, [&](const LobbyMirror& m) { return m.live.count(room) == 0; });
  auto finished = json::parse(http_get(c.port(), "/api/games?status=finished").body);
  bool listed = false;
  for (const auto& g : finished["games"]) listed = listed || g["id"] == room;
  CHECK(listed);
}

TEST_CASE("two nodes refuse nothing to each other: a second server on one database is a node, not an error") {
  if (bus().empty()) return;
  std::string store = temp_store("cluster-two");
  // Without --bus a second server on the database is refused; with it, both serve.
  ServerProcess a(store, node("node-a")), b(store, node("node-b"));
  REQUIRE(a.start());
  REQUIRE(b.start());
  // Rooms created on both nodes at once, each played a little from the other node.
  std::vector<std::unique_ptr<Participant>> people;
  std::vector<std::string> rooms;
  for (int i = 0; i < 6; ++i) {
    auto creator = std::make_unique<Participant>(), joiner = std::make_unique<Participant>();
    bool on_a = i % 2 == 0;
    REQUIRE(creator->identify(on_a ? a.port() : b.port(), "C" + std::to_string(i)));
    REQUIRE(joiner->identify(on_a ? b.port() : a.port(), "J" + std::to_string(i)));
    rooms.push_back(open_game(*creator, *joiner, {{"game", "gipf"}, {"variant", "basic"}}));
    people.push_back(std::move(creator));
    people.push_back(std::move(joiner));
  }
  for (std::size_t i = 0; i < rooms.size(); ++i) {
    Participant& creator = *people[2 * i];
    Participant& joiner = *people[2 * i + 1];
    play_random(rooms[i], {&creator, &joiner}, {static_cast<std::uint64_t>(i + 1), 12});
    catch_up({&creator, &joiner});
    // Every acknowledged action is stored: the record on the other node has them all.
    json game = game_of(i % 2 == 0 ? b.port() : a.port(), rooms[i]);
    CHECK(game["node"] == (i % 2 == 0 ? "node-a" : "node-b"));
    CHECK(game["positions"].back()["ply"].get<std::int64_t>() == creator.ply);
  }
}

}  // TEST_SUITE
