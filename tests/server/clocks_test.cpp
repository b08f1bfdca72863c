// Clocks, the life of a game and chat against the real server (issue #12):
// short real clocks, the downtime of a killed server not charged, a claim
// after a page closed, abort, rematch, and the two chat channels. Every wait
// is for a condition (a message, or the wall clock passing a moment the
// server named), never a fixed sleep.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "arena_test_support.hpp"

using namespace test_support;

namespace {

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// Waits until the wall clock has passed `moment` (ms since the epoch).
void wait_past(std::int64_t moment) {
  while (wall_ms() <= moment) std::this_thread::sleep_for(20ms);
}

json next_event(Participant& p, const std::string& kind, std::chrono::seconds timeout = 60s) {
  return next_of(p, "event", [&](const json& e) { return e["kind"] == kind; }, timeout);
}

// The decider plays their first legal action (waiting for their `legal`); the event everyone gets.
json act(const std::string& room, Participant& mover, Participant& other) {
  auto legal = next_of(mover, "legal", [&](const json& l) { return l["room"] == room; });
  mover.ws.send({{"type", "action"}, {"room", room}, {"ply", legal["ply"]}, {"action", legal["actions"][0]}, {"think_ms", 5}});
  auto e = next_event(mover, "action");
  next_event(other, "action");
  return e;
}

json live_clock(std::int64_t initial, std::int64_t increment) {
  return {{"kind", "live"}, {"initial_ms", initial}, {"increment_ms", increment}};
}

// Ann (white) and Bob (black) in a live 5+0 YINSH game on a fresh server, Cid
// watching it (his snapshot read): the scene of give time and takebacks (#46).
struct WatchedGame {
  ServerProcess server;
  Participant ann, bob, cid;
  std::string room;
  json watched;  // Cid's snapshot
  explicit WatchedGame(const std::string& db) : server(temp_store(db)) {
    REQUIRE(server.start());
    REQUIRE(ann.identify(server.port(), "Ann"));
    REQUIRE(bob.identify(server.port(), "Bob"));
    REQUIRE(cid.identify(server.port(), "Cid"));
    room = open_game(ann, bob, {{"game", "yinsh"}, {"variant", "normal"}, {"clock", live_clock(300000, 0)}});
    cid.ws.send({{"type", "watch"}, {"room", room}});
    auto snapshot = cid.ws.receive_type("room", 5s);
    REQUIRE(snapshot);
    watched = *snapshot;
  }
};

}  // namespace

TEST_CASE("clocks: a 2 s + 0 game is lost on time by the server's own timer; every event carries the clocks") {
  ServerProcess server(temp_store("flag.db"));
  REQUIRE(server.start());
  Participant ann, bob;
  REQUIRE(ann.identify(server.port(), "Ann"));
  REQUIRE(bob.identify(server.port(), "Bob"));
  std::string room = open_game(ann, bob, {{"game", "yinsh"}, {"variant", "normal"}, {"clock", live_clock(2000, 0)}});
  json first = act(room, ann, bob);
  CHECK(first["clocks"] == json{{"white_ms", 2000}, {"black_ms", 2000}, {"running", nullptr}});
  json second = act(room, bob, ann);  // both have acted: White's clock runs
  CHECK(second["clocks"] == json{{"white_ms", 2000}, {"black_ms", 2000}, {"running", "white"}});
  // Nobody sends anything: the flag falls.
  json timeout = next_event(bob, "timeout");
  CHECK(timeout["by"] == "white");
  CHECK(timeout["at"] == second["at"].get<std::int64_t>() + 2000);
  CHECK(timeout["result"]["winner"] == "black");
  CHECK(timeout["result"]["reason"] == "timeout");
  CHECK(timeout["clocks"] == json{{"white_ms", 0}, {"black_ms", 2000}, {"running", nullptr}});
  CHECK(timeout["status"] == "finished");
  auto row = json::parse(http_get(server.port(), "/api/games/" + room).body);
  CHECK(row["reason"] == "timeout");
  CHECK(row["clock"] == live_clock(2000, 0));
}

TEST_CASE("clocks (#31): the time a killed server was down is not charged; the flag that would have fallen meanwhile does not") {
  std::string db = temp_store("flag-restart.db");
  std::string room;
  std::int64_t flag = 0, bank = 0;
  std::chrono::steady_clock::time_point sent, killed;
  Participant ann, bob;
  {
    ServerProcess server(db);
    REQUIRE(server.start());
    REQUIRE(ann.identify(server.port(), "Ann"));
    REQUIRE(bob.identify(server.port(), "Bob"));
    room = open_game(ann, bob, {{"game", "gipf"}, {"variant", "basic"}, {"clock", live_clock(5000, 0)}});
    act(room, ann, bob);
    sent = std::chrono::steady_clock::now();  // before the second action is stored
    json second = act(room, bob, ann);
    bank = second["clocks"]["white_ms"];
    flag = second["at"].get<std::int64_t>() + bank;
    server.kill_hard();
    killed = std::chrono::steady_clock::now();
  }
  wait_past(flag + 200);  // down past the moment White's flag would fall
  ServerProcess restarted(db);
  REQUIRE(restarted.start());
  Participant back;
  REQUIRE(back.identify(restarted.port(), "Ann", ann.token));
  back.ws.send({{"type", "join_room"}, {"room", room}});
  auto snapshot = back.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["status"] == "live");
  // The resumed event (stored when the room came back) gave the downtime back:
  // White was charged at most the time from the action to the kill (the
  // server's last heartbeat came before the kill), never the downtime.
  // (the last event: a restored room keeps no older frames to resync from)
  back.ws.send({{"type", "resync"}, {"room", room}, {"since", (*snapshot)["seq"].get<std::int64_t>() - 1}});
  json resumed = next_event(back, "resumed");
  CHECK(resumed["seq"] == (*snapshot)["seq"]);
  std::int64_t alive_ms = std::chrono::duration_cast<std::chrono::milliseconds>(killed - sent).count();
  // (5 ms: the server's system clock and the test's steady one may differ that much.)
  std::int64_t last_action_at = flag - bank;
  CHECK(resumed["credited_ms"].get<std::int64_t>() >= resumed["at"].get<std::int64_t>() - last_action_at - alive_ms - 5);
  CHECK(resumed["clocks"]["running"] == "white");
  CHECK(resumed["clocks"]["white_ms"].get<std::int64_t>() >= bank - alive_ms - 5);
  auto row = json::parse(http_get(restarted.port(), "/api/games/" + room).body);
  CHECK(row["status"] == "live");
}

TEST_CASE("claims: the opponent's page closes on their decision; after the wait the game can be claimed") {
  ServerProcess server(temp_store("claim.db"), {"--claim-after-seconds", "1"});
  REQUIRE(server.start());
  Participant ann, bob;
  REQUIRE(ann.identify(server.port(), "Ann"));
  REQUIRE(bob.identify(server.port(), "Bob"));
  std::string room = open_game(ann, bob, {{"game", "yinsh"}, {"variant", "blitz"}, {"clock", live_clock(600000, 0)}});
  act(room, ann, bob);
  act(room, bob, ann);  // White decides now
  bob.ws.send({{"type", "claim_victory"}, {"room", room}, {"id", 1}});
  auto early = bob.ws.receive_type("error", 5s);
  REQUIRE(early);
  CHECK((*early)["code"] == "no_claim");
  ann.ws.close();
  auto gone = next_of(bob, "opponent_gone", [&](const json& m) { return m["room"] == room; });
  std::int64_t claim_at = gone["claim_at"];
  wait_past(claim_at);
  bob.ws.send({{"type", "claim_victory"}, {"room", room}, {"id", 2}});
  json claimed = next_event(bob, "claimed");
  CHECK(claimed["by"] == "black");
  CHECK(claimed["result"]["winner"] == "black");
  CHECK(claimed["result"]["reason"] == "abandonment");
}

TEST_CASE("abort before both acted, then a rematch with colours swapped; chat in two channels") {
  ServerProcess server(temp_store("rematch.db"));
  REQUIRE(server.start());
  Participant ann, bob, cid;
  REQUIRE(ann.identify(server.port(), "Ann"));
  REQUIRE(bob.identify(server.port(), "Bob"));
  REQUIRE(cid.identify(server.port(), "Cid"));
  json clock = live_clock(300000, 3000);
  std::string room = open_game(ann, bob, {{"game", "gipf"}, {"variant", "standard"}, {"clock", clock}});
  cid.ws.send({{"type", "watch"}, {"room", room}});
  REQUIRE(cid.ws.receive_type("chat_history", 5s));

  // Chat: the players' channel reaches the players only; the spectators' everyone.
  ann.ws.send({{"type", "chat"}, {"room", room}, {"text", "good luck"}});
  auto to_bob = next_of(bob, "chat", [](const json&) { return true; });
  CHECK(to_bob["channel"] == "players");
  CHECK(to_bob["text"] == "good luck");
  CHECK(to_bob["player"]["name"] == "Ann");
  CHECK(to_bob["seq"] == 1);
  cid.ws.send({{"type", "chat"}, {"room", room}, {"text", "go Bob"}});
  auto seen_by_cid = next_of(cid, "chat", [](const json&) { return true; });
  CHECK(seen_by_cid["channel"] == "spectators");
  CHECK(seen_by_cid["seq"] == 2);  // Cid never got message 1
  CHECK(next_of(ann, "chat", [](const json& m) { return m["seq"] == 2; })["text"] == "go Bob");
  ann.ws.send({{"type", "chat"}, {"room", room}, {"text", "bell\x07"}, {"id", "bad"}});  // a control character
  auto bad = ann.ws.receive_type("error", 5s);
  REQUIRE(bad);
  CHECK((*bad)["code"] == "bad_field");
  Participant dan;  // a later spectator gets the spectators' history only
  REQUIRE(dan.identify(server.port(), "Dan"));
  dan.ws.send({{"type", "watch"}, {"room", room}});
  auto history = dan.ws.receive_type("chat_history", 5s);
  REQUIRE(history);
  REQUIRE((*history)["messages"].size() == 1);
  CHECK((*history)["messages"][0]["text"] == "go Bob");

  // White acted, Black has not: either may still abort.
  act(room, ann, bob);
  bob.ws.send({{"type", "abort"}, {"room", room}});
  json aborted = next_event(ann, "aborted");
  CHECK(aborted["by"] == "black");
  CHECK(aborted["status"] == "cancelled");
  CHECK(aborted["result"].is_null());

  ann.ws.send({{"type", "rematch"}, {"room", room}});
  auto offer = next_of(bob, "rematch_offer", [](const json&) { return true; });
  CHECK(offer["by"] == "white");
  bob.ws.send({{"type", "rematch"}, {"room", room}});
  auto ready = next_of(ann, "rematch", [](const json&) { return true; });
  std::string next = ready["next"];
  CHECK(next != room);
  CHECK(next_of(cid, "rematch", [](const json&) { return true; })["next"] == next);
  ann.ws.send({{"type", "join_room"}, {"room", next}});
  auto snapshot = next_of(ann, "room", [&](const json& m) { return m["room"]["id"] == next; });
  CHECK(snapshot["you"] == "black");  // colours swapped
  CHECK(snapshot["status"] == "live");
  CHECK(snapshot["room"]["white"]["name"] == "Bob");
  CHECK(snapshot["room"]["clock"] == clock);
  CHECK(snapshot["abortable"] == true);
  CHECK(snapshot["clocks"] == json{{"white_ms", 300000}, {"black_ms", 300000}, {"running", nullptr}});
}

TEST_CASE("give time (#46): 15 s on the opponent's clock, told to everyone in the room; refused to a spectator and without a live clock") {
  WatchedGame scene("give-time.db");
  auto& [server, ann, bob, cid, room, watched] = scene;
  bob.ws.send({{"type", "give_time"}, {"room", room}, {"id", "give-1"}});
  json given = next_event(ann, "time_given");
  CHECK(given["by"] == "black");
  CHECK(given["clocks"]["white_ms"] == 315000);
  CHECK(given["clocks"]["black_ms"] == 300000);
  CHECK(next_event(bob, "time_given")["seq"] == given["seq"]);
  CHECK(next_event(cid, "time_given")["seq"] == given["seq"]);
  CHECK(next_of(bob, "ack", [](const json& a) { return a.value("id", json()) == "give-1"; })["seq"] == given["seq"]);
  // Stored: a page that comes back reads the same clocks.
  Participant again;
  REQUIRE(again.identify(server.port(), "Dee"));
  again.ws.send({{"type", "watch"}, {"room", room}});
  auto snapshot = again.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["clocks"]["white_ms"] == 315000);

  cid.ws.send({{"type", "give_time"}, {"room", room}, {"id", "x"}});
  CHECK(next_of(cid, "error", [](const json&) { return true; })["code"] == "not_a_player");
  std::string untimed = open_game(ann, bob, {{"game", "yinsh"}, {"variant", "normal"}});
  ann.ws.send({{"type", "give_time"}, {"room", untimed}, {"id", "y"}});
  CHECK(next_of(ann, "error", [](const json& e) { return e.value("id", json()) == "y"; })["code"] == "no_live_clock");
}

TEST_CASE("takeback (#46) on the live protocol: asked, declined, asked again after a move, accepted; the snapshot and legal follow") {
  WatchedGame scene("takeback.db");
  auto& [server, ann, bob, cid, room, watched] = scene;
  CHECK(watched["takebacks"] == true);
  CHECK(watched["takeback_offer"] == nullptr);
  ann.ws.send({{"type", "offer_takeback"}, {"room", room}, {"id", "early"}});
  CHECK(next_of(ann, "error", [](const json& e) { return e.value("id", json()) == "early"; })["code"] == "no_takeback");

  act(room, ann, bob);  // ply 1
  act(room, bob, ann);  // ply 2
  bob.ws.send({{"type", "offer_takeback"}, {"room", room}, {"id", "tb-1"}});
  CHECK(next_event(ann, "takeback_offered")["by"] == "black");
  CHECK(next_event(cid, "takeback_offered")["by"] == "black");
  ann.ws.send({{"type", "answer_takeback"}, {"room", room}, {"accept", false}});
  CHECK(next_event(bob, "takeback_declined")["by"] == "white");
  bob.ws.send({{"type", "offer_takeback"}, {"room", room}, {"id", "tb-2"}});
  CHECK(next_of(bob, "error", [](const json& e) { return e.value("id", json()) == "tb-2"; })["code"] == "no_takeback");  // once per move

  act(room, ann, bob);  // ply 3: Black may ask again
  bob.ws.send({{"type", "offer_takeback"}, {"room", room}, {"id", "tb-3"}});
  next_event(ann, "takeback_offered");
  ann.ws.send({{"type", "answer_takeback"}, {"room", room}, {"accept", true}, {"id", "yes"}});
  json accepted = next_event(bob, "takeback_accepted");
  CHECK(accepted["by"] == "white");
  CHECK(accepted["ply"] == 1);
  CHECK(accepted["clocks"]["running"] == "black");
  CHECK(next_event(cid, "takeback_accepted")["ply"] == 1);
  // Black decides again at ply 1 (an older `legal`, of ply 3, is stale now).
  json legal = next_of(bob, "legal", [](const json& l) { return l["ply"] == 1; });
  Participant dee;
  REQUIRE(dee.identify(server.port(), "Dee"));
  dee.ws.send({{"type", "watch"}, {"room", room}});
  auto again = dee.ws.receive_type("room", 5s);
  REQUIRE(again);
  CHECK((*again)["ply"] == 1);
  CHECK((*again)["history"].size() == 1);
  CHECK((*again)["takeback_offer"] == nullptr);
  // The game goes on from there.
  bob.ws.send({{"type", "action"}, {"room", room}, {"ply", 1}, {"action", legal["actions"][0]}});
  CHECK(next_event(ann, "action")["ply"] == 2);
  auto stored = json::parse(http_get(server.port(), "/api/games/" + room).body);
  CHECK(stored["plies"] == 2);
}
