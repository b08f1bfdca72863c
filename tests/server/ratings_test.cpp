// Ratings end to end against the real server (PROTOCOL.md, Ratings): who may
// create and join rated rooms, a rated game that changes both ratings, the
// `rated` message, the rating API, and atomicity: a server killed (SIGKILL)
// right after the last move of a rated game, or at any moment around it,
// restarts with the game's end and its rating change both, or neither.
#include <csignal>

#include "account_test_support.hpp"

using namespace test_support;

namespace {

const json kBlitz{{"kind", "live"}, {"initial_ms", 180000}, {"increment_ms", 2000}};

json rated_blitz() { return {{"game", "yinsh"}, {"variant", "blitz"}, {"clock", kBlitz}, {"rated", true}}; }

json error_of(Participant& p) {
  auto e = p.ws.receive_type("error", 5s);
  REQUIRE(e);
  return *e;
}

json profile_rating(int port, const std::string& username, const std::string& perf) {
  auto r = get(port, "/api/players/" + username);
  REQUIRE_MESSAGE(r.status == 200, r.body);
  return json::parse(r.body)["player"]["ratings"][perf];
}

// Two accounts, both connected, and a live rated blitz game between them in
// which both have acted. Returns the room.
struct RatedGame {
  Participant ann, bob;
  std::string room;
  void start(int port, const std::string& suffix) {
    REQUIRE(identify_with(ann, port, signup(port, "ann" + suffix, "ann's password")));
    REQUIRE(identify_with(bob, port, signup(port, "bob" + suffix, "bob's password")));
    room = open_game(ann, bob, rated_blitz());
    play_random(room, {&ann, &bob}, {.seed = 5, .stop_after_actions = 2});
    catch_up({&ann, &bob});
  }
};

}  // namespace

TEST_CASE("ratings: only accounts create rated rooms, with a clock; handicap games stay unrated; guests may not join") {
  ServerProcess server(temp_store("rated-rules.db"));
  REQUIRE(server.start());
  int port = server.port();
  Participant guest, ann;
  REQUIRE(guest.identify(port, "guest"));
  REQUIRE(identify_with(ann, port, signup(port, "ann", "ann's password")));

  guest.ws.send(json{{"type", "create_room"}, {"game", "yinsh"}, {"variant", "blitz"}, {"clock", kBlitz}, {"rated", true}});
  CHECK(error_of(guest)["code"] == "forbidden");
  ann.ws.send(json{{"type", "create_room"}, {"game", "yinsh"}, {"variant", "blitz"}, {"rated", true}});
  CHECK(error_of(ann)["code"] == "bad_field");
  ann.ws.send(json{{"type", "create_room"}, {"game", "yinsh"}, {"variant", "blitz"}, {"rated", "yes"}});
  CHECK(error_of(ann)["code"] == "bad_field");

  ann.ws.send(json{{"type", "create_room"}, {"game", "gipf"}, {"variant", "basic"}, {"white_extra", 2}, {"clock", kBlitz},
                   {"rated", true}});
  auto handicap = ann.ws.receive_type("room", 5s);
  REQUIRE(handicap);
  CHECK((*handicap)["room"]["rated"] == false);
  CHECK((*handicap)["room"]["options"]["white_extra"] == 2);

  ann.ws.send(json{{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}, {"clock", kBlitz}, {"rated", true}});
  auto rated = ann.ws.receive_type("room", 5s);
  REQUIRE(rated);
  CHECK((*rated)["room"]["rated"] == true);
  CHECK((*rated)["room"]["perf"] == "yinsh:normal");
  json seat = (*rated)["room"][(*rated)["you"].get<std::string>()];
  CHECK(seat["rating"]["rating"] == 1500.0);
  CHECK(seat["rating"]["rd"] == 350.0);
  CHECK(seat["rating"]["provisional"] == true);

  guest.ws.send({{"type", "join_room"}, {"room", (*rated)["room"]["id"]}});
  CHECK(error_of(guest)["code"] == "forbidden");
}

TEST_CASE("ratings: a rated game changes both ratings with its last event, survives SIGKILL, and the API shows it") {
  std::string db = temp_store("rated-game.db");
  ServerProcess server(db);
  REQUIRE(server.start());
  int port = server.port();
  RatedGame g;
  g.start(port, "");
  // A spectator hears of the change too.
  Participant watcher;
  REQUIRE(watcher.identify(port, "watcher"));
  watcher.ws.send({{"type", "watch"}, {"room", g.room}});
  REQUIRE(watcher.ws.receive_type("room", 5s));

  g.bob.ws.send({{"type", "resign"}, {"room", g.room}});
  json resigned = next_event(g.ann, "resigned");
  CHECK(resigned["result"]["winner"] == "white");
  auto rated = g.ann.ws.receive_type("rated", 5s);
  REQUIRE(rated);
  CHECK((*rated)["room"] == g.room);
  CHECK((*rated)["perf"] == "yinsh:blitz");
  CHECK((*rated)["white"]["before"]["rating"] == 1500.0);
  double ann_after = (*rated)["white"]["after"]["rating"];
  double bob_after = (*rated)["black"]["after"]["rating"];
  CHECK(ann_after > 1500);
  CHECK(bob_after < 1500);
  CHECK((*rated)["white"]["player"] == g.ann.player_id);
  auto seen = watcher.ws.receive_type("rated", 5s);
  REQUIRE(seen);
  CHECK((*seen)["black"]["after"]["rating"] == bob_after);

  // Killed right after: everything acknowledged is there.
  server.kill_hard();
  ServerProcess again(db);
  REQUIRE(again.start());
  port = again.port();
  json ann = profile_rating(port, "ann", "yinsh:blitz");
  CHECK(ann["rating"] == ann_after);
  CHECK(ann["games"] == 1);
  CHECK(ann["provisional"] == true);
  CHECK(ann["volatility"].get<double>() == doctest::Approx(0.06).epsilon(0.01));
  json untouched = profile_rating(port, "ann", "gipf:basic");
  CHECK(untouched["rating"] == 1500.0);
  CHECK(untouched["games"] == 0);

  auto history = get(port, "/api/players/BOB/ratings/yinsh:blitz");
  REQUIRE_MESSAGE(history.status == 200, history.body);
  json h = json::parse(history.body);
  CHECK(h["username"] == "bob");
  REQUIRE(h["history"].size() == 1);
  CHECK(h["history"][0]["game"] == g.room);
  CHECK(h["history"][0]["rating"] == bob_after);
  CHECK(json::parse(get(port, "/api/players/bob/ratings/yinsh%3Ablitz").body)["history"].size() == 1);
  CHECK(get(port, "/api/players/bob/ratings/chess:blitz").status == 404);
  CHECK(get(port, "/api/players/nobody/ratings/yinsh:blitz").status == 404);

  // Provisional players are not on the leaderboard.
  auto board = get(port, "/api/leaderboard?perf=yinsh:blitz");
  REQUIRE(board.status == 200);
  CHECK(json::parse(board.body)["total"] == 0);
  CHECK(json::parse(board.body)["per_page"] == 50);
  CHECK(error_code(get(port, "/api/leaderboard?perf=chess")) == "bad_field");
  CHECK(error_code(get(port, "/api/leaderboard")) == "bad_field");

  // The finished room, loaded again, shows the change.
  Participant late;
  REQUIRE(late.identify(port, "late"));
  late.ws.send({{"type", "watch"}, {"room", g.room}});
  auto snapshot = late.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["room"]["rated"] == true);
  CHECK((*snapshot)["rating_change"]["white"]["after"]["rating"] == ann_after);
  CHECK((*snapshot)["room"]["white"]["rating"]["rating"] == ann_after);
}

TEST_CASE("ratings: SIGKILL at any moment around a rated game's end leaves its end and its change together, or neither") {
  std::string db = temp_store("rated-kill.db");
  for (int round = 0; round < 3; ++round) {
    CAPTURE(round);
    ServerProcess server(db);
    REQUIRE(server.start());
    int port = server.port();
    RatedGame g;
    g.start(port, std::to_string(round));
    g.bob.ws.send({{"type", "resign"}, {"room", g.room}});
    // No waiting for the answer: killed while the resignation may be anywhere.
    server.kill_hard();

    ServerProcess again(db);
    REQUIRE(again.start());
    port = again.port();
    json game = json::parse(get(port, "/api/games/" + g.room).body);
    json ann = profile_rating(port, "ann" + std::to_string(round), "yinsh:blitz");
    json bob = profile_rating(port, "bob" + std::to_string(round), "yinsh:blitz");
    auto history = json::parse(get(port, "/api/players/ann" + std::to_string(round) + "/ratings/yinsh:blitz").body);
    if (game["status"] == "finished") {
      CHECK(game["result"] == "1-0");
      CHECK(ann["games"] == 1);
      CHECK(bob["games"] == 1);
      CHECK(history["history"].size() == 1);
    } else {
      CHECK(game["status"] == "live");
      CHECK(ann["games"] == 0);
      CHECK(bob["games"] == 0);
      CHECK(history["history"].empty());
    }
    again.stop(SIGTERM);
  }
}
