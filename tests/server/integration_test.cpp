// The real server on a free loopback port, driven by real WebSocket clients.
#include <sqlite3.h>

#include <csignal>
#include <thread>

#include "arena_test_support.hpp"
#include "engine/gipf/rules.hpp"
#include "engine/records.hpp"
#include "engine/replay.hpp"
#include "engine/yinsh/rules.hpp"

using namespace test_support;

namespace {

json variant_options(const std::string& game, const std::string& variant) {
  json o{{"game", game}, {"variant", variant}};
  if (variant == "basic") {
    o["white_extra"] = 2;
    o["black_extra"] = 1;
  }
  return o;
}

template <class Rules>
std::string replayed_hash(const std::string& record) {
  auto replay = engine::replay_record<Rules>(record);
  REQUIRE_MESSAGE(replay.ok(), replay.error.message);
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(replay.game->state().hash()));
  return buffer;
}

}  // namespace

TEST_CASE("complete games of all five variants, with a spectator who sees every event in order") {
  ServerProcess server(temp_store("games.db"));
  REQUIRE(server.start());
  int seed = 0;
  for (auto options : {std::pair{"gipf", "basic"}, {"gipf", "standard"}, {"gipf", "tournament"}, {"yinsh", "normal"},
                       {"yinsh", "blitz"}}) {
    const char* game = options.first;  // named, not bound: clang 14 cannot capture a structured binding
    const char* variant = options.second;
    CAPTURE(variant);
    Participant white, black, spectator;
    REQUIRE(white.identify(server.port(), "Ann"));
    REQUIRE(black.identify(server.port(), "Bob"));
    REQUIRE(spectator.identify(server.port(), "Eve"));
    std::string room = open_game(white, black, variant_options(game, variant));
    spectator.ws.send({{"type", "watch"}, {"room", room}});
    auto snapshot = spectator.ws.receive_type("room", 5s);
    REQUIRE(snapshot);
    CHECK((*snapshot)["you"] == "spectator");
    spectator.saw_snapshot(*snapshot);
    int sent = play_random(room, {&white, &black, &spectator}, {.seed = static_cast<std::uint64_t>(++seed)});
    CHECK(sent > 10);
    // everyone ends with the same final position and result
    CHECK(spectator.last_state == white.last_state);
    CHECK(spectator.last_state == black.last_state);
    CHECK(spectator.last_event["result"] == white.last_event["result"]);
    CHECK(spectator.last_event["status"] == "finished");
    // the stored record replays to the same position
    auto record = http_get(server.port(), "/api/games/" + room + "/record");
    REQUIRE(record.status == 200);
    CHECK(record.headers["content-disposition"].find("attachment") != std::string::npos);
    std::string hash = std::string(game) == "gipf" ? replayed_hash<engine::gipf::Rules>(record.body)
                                                   : replayed_hash<engine::yinsh::Rules>(record.body);
    CHECK(hash == spectator.last_state["hash"].get<std::string>());
    // Every format (#44) reads back to the same game.
    for (std::string format : {"arena", "official", "sgf"}) {
      for (std::string form : {"", "&form=short"}) {
        if (!form.empty() && format != "official") continue;
        CAPTURE(format);
        auto written = http_get(server.port(), "/api/games/" + room + "/record?format=" + format + form);
        // boardspace has no handicap: the basic game's extra pieces cannot be written there.
        if (format == "sgf" && std::string(variant) == "basic") {
          CHECK(written.status == 400);
          CHECK(json::parse(written.body)["error"]["code"] == "format_unavailable");
          continue;
        }
        REQUIRE(written.status == 200);
        CHECK(written.headers["content-type"].find(format == "sgf" ? "application/x-go-sgf" : "text/plain") == 0);
        CHECK(written.headers["content-disposition"].find(format == "sgf" ? ".sgf\"" : ".txt\"") != std::string::npos);
        // An official sheet names no game: its options are given (the handicap of the basic game too).
        const bool basic = std::string(variant) == "basic";
        engine::GameOptions options{game, variant, basic ? 2 : 0, basic ? 1 : 0};
        auto read = engine::read_record(written.body, format == "official" ? std::optional(options) : std::nullopt);
        REQUIRE_MESSAGE(read.ok(), read.error << "\n" << written.body);
        char buffer[17];
        std::snprintf(buffer, sizeof buffer, "%016llx",
                      static_cast<unsigned long long>(std::visit([](const auto& g) { return g.state().hash(); }, read.game->typed())));
        CHECK(std::string(buffer) == spectator.last_state["hash"].get<std::string>());
      }
    }
  }
  CHECK(http_get(server.port(), "/api/games/" + std::string(26, 'a') + "/record?format=pgn").status == 400);
}

TEST_CASE("bad messages get stable error codes and change nothing") {
  ServerProcess server(temp_store("errors.db"));
  REQUIRE(server.start());
  Participant white, black, spectator;

  // before hello
  REQUIRE(spectator.ws.connect(server.port()));
  spectator.ws.send({{"type", "lobby_subscribe"}});
  CHECK((*spectator.ws.receive_type("error", 5s))["code"] == "not_identified");
  spectator.ws.send({{"type", "hello"}, {"protocol", 99}});
  CHECK((*spectator.ws.receive_type("error", 5s))["code"] == "unsupported_version");
  spectator.ws.send({{"type", "hello"}, {"protocol", 1}, {"name", "Eve"}});
  REQUIRE(spectator.ws.receive_type("welcome", 5s));

  REQUIRE(white.identify(server.port(), "Ann"));
  REQUIRE(black.identify(server.port(), "Bob"));
  std::string room = open_game(white, black, variant_options("yinsh", "blitz"));
  spectator.ws.send({{"type", "watch"}, {"room", room}});
  REQUIRE(spectator.ws.receive_type("room", 5s));
  auto legal = white.ws.receive_type("legal", 5s);
  REQUIRE(legal);
  int ply = (*legal)["ply"];

  auto expect_error = [&](Participant& p, const json& message, const std::string& code) {
    p.ws.send(message);
    auto e = p.ws.receive_type("error", 5s);
    REQUIRE_MESSAGE(e, message.dump());
    CHECK_MESSAGE((*e)["code"] == code, message.dump() << " -> " << e->dump());
    return *e;
  };
  auto expect_text_error = [&](Participant& p, const std::string& text, const std::string& code) {
    p.ws.send_text(text);
    auto e = p.ws.receive_type("error", 5s);
    REQUIRE(e);
    CHECK_MESSAGE((*e)["code"] == code, text);
  };
  expect_text_error(white, "{not json", "bad_json");
  expect_text_error(white, "[1,2]", "bad_message");
  expect_text_error(white, R"({"type":"teleport"})", "unknown_type");
  expect_text_error(white, R"({"type":"action","room":"x"})", "bad_field");
  expect_text_error(white, R"({"type":"watch","room":"x","colour":"red"})", "bad_field");
  expect_error(white, {{"type", "watch"}, {"room", "nosuchroom"}}, "not_found");
  auto illegal = expect_error(white, {{"type", "action"}, {"room", room}, {"ply", ply}, {"action", "e3-e4"}}, "illegal_action");
  CHECK(illegal["message"] == "White must place a ring");
  expect_error(white, {{"type", "action"}, {"room", room}, {"ply", ply}, {"action", "q99"}}, "illegal_action");
  expect_error(white, {{"type", "action"}, {"room", room}, {"ply", ply + 3}, {"action", "e3"}}, "stale_ply");
  expect_error(black, {{"type", "action"}, {"room", room}, {"ply", ply}, {"action", "e3"}}, "not_your_turn");
  expect_error(spectator, {{"type", "action"}, {"room", room}, {"ply", ply}, {"action", "e3"}}, "not_a_player");
  expect_error(spectator, {{"type", "resign"}, {"room", room}}, "not_a_player");
  expect_error(black, {{"type", "answer_draw"}, {"room", room}, {"accept", true}}, "no_draw_offer");
  Participant third;
  REQUIRE(third.identify(server.port(), "Zed"));
  expect_error(third, {{"type", "join_room"}, {"room", room}}, "room_full");

  // nothing changed: a resync from the last seen event finds nothing missed
  white.ws.send({{"type", "resync"}, {"room", room}, {"since", white.last_seq}});
  auto ack = white.ws.receive_type("ack", 5s);
  REQUIRE(ack);
  CHECK((*ack)["missed"] == 0);

  // the same action twice for the same ply is harmless
  white.ws.send({{"type", "action"}, {"room", room}, {"ply", ply}, {"action", "e3"}, {"id", "a1"}});
  auto first = white.ws.receive_type("ack", 5s);
  REQUIRE(first);
  white.ws.send({{"type", "action"}, {"room", room}, {"ply", ply}, {"action", "e3"}, {"id", "a2"}});
  auto second = white.ws.receive_type("ack", 5s);
  REQUIRE(second);
  CHECK((*second)["duplicate"] == true);
  CHECK((*second)["seq"] == (*first)["seq"]);

  // GIPF has no draws
  Participant g1, g2;
  REQUIRE(g1.identify(server.port(), "G1"));
  REQUIRE(g2.identify(server.port(), "G2"));
  std::string gipf_room = open_game(g1, g2, variant_options("gipf", "standard"));
  expect_error(g1, {{"type", "offer_draw"}, {"room", gipf_room}}, "no_draws");
}

TEST_CASE("oversized frames close the connection with 1009; floods are rate limited") {
  // No refill (rate 0): a connection may send exactly its burst, however fast
  // or slow the machine delivers the frames.
  ServerProcess server(temp_store("limits.db"), {"--message-rate", "0", "--message-burst", "60"});
  REQUIRE(server.start());
  Participant big;
  REQUIRE(big.identify(server.port(), "Big"));
  big.ws.send_text(R"({"type":"set_name","name":")" + std::string(5000, 'x') + "\"}");
  read_until_closed(big.ws);
  CHECK(big.ws.closed());
  CHECK(big.ws.close_code() == 1009);

  // a burst is served, then messages are refused with rate_limited (and dropped)
  Participant burst;
  REQUIRE(burst.identify(server.port(), "Burst"));
  for (int i = 0; i < 150; ++i) burst.ws.send({{"type", "lobby_subscribe"}});
  // Every message is answered, one way or the other: count to 150 however
  // long the answers take, rather than stopping at the first pause.
  int limited = 0, answered = 0;
  auto deadline = std::chrono::steady_clock::now() + 60s;
  while (answered + limited < 150 && std::chrono::steady_clock::now() < deadline) {
    auto m = burst.ws.receive(1s);
    if (!m) {
      if (burst.ws.closed()) break;
      continue;
    }
    if ((*m)["type"] == "error" && (*m)["code"] == "rate_limited") ++limited;
    if ((*m)["type"] == "lobby") ++answered;
  }
  CHECK(answered == 59);  // the hello took one
  CHECK(limited == 91);
  CHECK(!burst.ws.closed());
  // a sustained flood closes the connection with 1008 (policy)
  Participant flood;
  REQUIRE(flood.identify(server.port(), "Flood"));
  for (int i = 0; i < 400; ++i) flood.ws.send({{"type", "lobby_subscribe"}});
  read_until_closed(flood.ws);
  CHECK(flood.ws.closed());
  CHECK(flood.ws.close_code() == 1008);

  WsClient foreign;
  CHECK(!foreign.connect(server.port(), "http://evil.example"));  // Origin check on the upgrade
  WsClient rebinding;  // a name that may resolve anywhere: refused without --public-origin
  CHECK(!rebinding.connect(server.port(), "http://localhost.evil.example:" + std::to_string(server.port())));
  WsClient same_origin;
  CHECK_MESSAGE(same_origin.connect(server.port(), "http://127.0.0.1:" + std::to_string(server.port())), same_origin.error());
}

TEST_CASE("ping gets pong with its id; before hello it is not_identified; it counts against the rate") {
  // No refill: the burst of 5 is every frame this connection may send.
  ServerProcess server(temp_store("ping.db"), {"--message-rate", "0", "--message-burst", "5"});
  REQUIRE(server.start());
  WsClient ws;
  REQUIRE(ws.connect(server.port()));
  ws.send({{"type", "ping"}, {"id", "early"}});
  auto early = ws.receive(60s);
  REQUIRE(early);
  CHECK(*early == json{{"type", "error"}, {"code", "not_identified"}, {"message", "send hello first"}, {"id", "early"}});
  ws.send({{"type", "hello"}, {"protocol", 1}, {"name", "Pinger"}});
  REQUIRE(ws.receive_type("welcome", 5s));
  ws.send({{"type", "ping"}, {"id", 7}});
  auto pong = ws.receive(60s);
  REQUIRE(pong);
  CHECK(*pong == json{{"type", "pong"}, {"id", 7}});
  ws.send({{"type", "ping"}});
  pong = ws.receive(60s);
  REQUIRE(pong);
  CHECK(*pong == json{{"type", "pong"}});
  ws.send({{"type", "ping"}, {"id", "x"}, {"room", "r"}});
  auto refused = ws.receive(60s);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "bad_field");
  CHECK((*refused)["id"] == "x");
  ws.send({{"type", "ping"}, {"id", "sixth"}});  // the sixth frame: over the burst
  auto limited = ws.receive(60s);
  REQUIRE(limited);
  CHECK((*limited)["code"] == "rate_limited");
}

TEST_CASE("a player who disconnects and reconnects misses nothing") {
  ServerProcess server(temp_store("reconnect.db"));
  REQUIRE(server.start());
  Participant white, black, spectator;
  REQUIRE(white.identify(server.port(), "Ann"));
  REQUIRE(black.identify(server.port(), "Bob"));
  REQUIRE(spectator.identify(server.port(), "Eve"));
  std::string room = open_game(white, black, variant_options("gipf", "basic"));
  spectator.ws.send({{"type", "watch"}, {"room", room}});
  auto snapshot = spectator.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  spectator.last_seq = (*snapshot)["seq"];
  play_random(room, {&white, &black, &spectator}, {.seed = 5, .stop_after_actions = 6});
  drain(white);
  drain(black);

  // It is White's decision (the seventh action); Black drops and White plays on.
  REQUIRE(white.pending_legal["player"] == "white");
  std::int64_t black_seen = black.last_seq;
  std::int64_t black_id = black.player_id;
  black.ws.close();
  const json& legal = white.pending_legal;
  white.ws.send({{"type", "action"}, {"room", room}, {"ply", legal["ply"]}, {"action", legal["actions"][0]}});
  auto acted = white.ws.receive_type("ack", 5s);
  REQUIRE(acted);
  see_up_to(white, (*acted)["seq"]);  // the event of that action (it follows the ack)
  Participant back;
  REQUIRE(back.identify(server.port(), "Bob", black.token));
  CHECK(back.player_id == black_id);  // the same player, by the token
  back.seat = "black";
  back.last_seq = black_seen;
  back.ws.send({{"type", "resync"}, {"room", room}, {"since", black_seen}});
  auto ack = back.ws.receive_type("ack", 5s);
  REQUIRE(ack);
  std::int64_t missed = (*ack)["missed"];
  CHECK(missed >= 1);
  for (std::int64_t i = 0; i < missed; ++i) {
    auto e = back.ws.receive_type("event", 5s);
    REQUIRE(e);
    back.saw_event(*e);  // checks seq order: nothing skipped, nothing twice
  }
  CHECK(back.last_seq == white.last_seq);
  // the game goes on to its end with the reconnected player
  white.ws.send({{"type", "resync"}, {"room", room}, {"since", white.last_seq}});
  back.ws.send({{"type", "resync"}, {"room", room}, {"since", back.last_seq}});
  play_random(room, {&white, &back, &spectator}, {.seed = 6});
  CHECK(spectator.last_state == back.last_state);
}

TEST_CASE("killed with SIGKILL mid-game, restarted on the same database: every acknowledged action is there") {
  std::string db = temp_store("crash.db");
  std::string room;
  std::vector<json> acknowledged;
  Participant white, black;
  {
    ServerProcess server(db);
    REQUIRE(server.start());
    REQUIRE(white.identify(server.port(), "Ann"));
    REQUIRE(black.identify(server.port(), "Bob"));
    room = open_game(white, black, variant_options("yinsh", "normal"));
    play_random(room, {&white, &black}, {.seed = 9, .stop_after_actions = 25});
    catch_up({&white, &black});  // both have seen every event the server stored
    for (auto& e : white.events)
      if (e["kind"] == "action") acknowledged.push_back(e);
    REQUIRE(acknowledged.size() >= 20);
    server.kill_hard();
  }
  ServerProcess restarted(db);
  REQUIRE(restarted.start());
  Participant w2, b2;
  REQUIRE(w2.identify(restarted.port(), "Ann", white.token));
  REQUIRE(b2.identify(restarted.port(), "Bob", black.token));
  CHECK(w2.player_id == white.player_id);
  w2.ws.send({{"type", "join_room"}, {"room", room}});
  auto snapshot = w2.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["you"] == "white");
  CHECK((*snapshot)["seq"] == white.last_seq);
  CHECK((*snapshot)["state"] == white.last_state);
  // every acknowledged action is in the history, in order
  auto& history = (*snapshot)["history"];
  for (auto& e : acknowledged) {
    for (auto& step : e["steps"]) CHECK(history[step["ply"].get<int>()] == step);
  }
  w2.seat = "white";
  w2.saw_snapshot(*snapshot);
  b2.ws.send({{"type", "join_room"}, {"room", room}});
  auto black_snapshot = b2.ws.receive_type("room", 5s);
  REQUIRE(black_snapshot);
  CHECK((*black_snapshot)["seq"] == black.last_seq);
  b2.seat = "black";
  b2.saw_snapshot(*black_snapshot);
  // and the game continues to its end; the legal list comes again on request
  w2.ws.send({{"type", "resync"}, {"room", room}, {"since", w2.last_seq}});
  play_random(room, {&w2, &b2}, {.seed = 10});
  CHECK(w2.last_state == b2.last_state);
  auto finished = http_get(restarted.port(), "/api/games/" + room);
  REQUIRE(finished.status == 200);
  CHECK(json::parse(finished.body)["status"] == "finished");
}

TEST_CASE("SIGTERM: clients are told 1012 (service restart) and the server exits 0 within 10 s") {
  ServerProcess server(temp_store("stop.db"));
  REQUIRE(server.start());
  Participant p;
  REQUIRE(p.identify(server.port(), "Ann"));
  auto sent = std::chrono::steady_clock::now();
  CHECK(server.stop(SIGTERM) == 0);
  CHECK(std::chrono::steady_clock::now() - sent < 10s);
  read_until_closed(p.ws);
  CHECK(p.ws.closed());
  CHECK(p.ws.close_code() == 1012);
}

TEST_CASE("resignation, and YINSH draw offers declined and accepted") {
  ServerProcess server(temp_store("draws.db"));
  REQUIRE(server.start());
  Participant white, black;
  REQUIRE(white.identify(server.port(), "Ann"));
  REQUIRE(black.identify(server.port(), "Bob"));
  std::string room = open_game(white, black, variant_options("yinsh", "normal"));
  auto event_of = [&](Participant& p, const std::string& kind) {
    for (int i = 0; i < 10; ++i) {
      auto e = p.ws.receive_type("event", 5s);
      REQUIRE(e);
      p.saw_event(*e);
      if ((*e)["kind"] == kind) return *e;
    }
    FAIL("no " << kind << " event");
    return json();
  };
  white.ws.send({{"type", "offer_draw"}, {"room", room}});
  CHECK(event_of(black, "draw_offered")["by"] == "white");
  black.ws.send({{"type", "answer_draw"}, {"room", room}, {"accept", false}});
  CHECK(event_of(white, "draw_declined")["by"] == "black");
  black.ws.send({{"type", "offer_draw"}, {"room", room}});
  event_of(white, "draw_offered");
  white.ws.send({{"type", "answer_draw"}, {"room", room}, {"accept", true}});
  json agreed = event_of(black, "draw_agreed");
  CHECK(agreed["status"] == "finished");
  CHECK(agreed["result"]["winner"].is_null());
  CHECK(agreed["result"]["reason"] == "agreement");
  white.ws.send({{"type", "resign"}, {"room", room}});
  CHECK((*white.ws.receive_type("error", 5s))["code"] == "game_over");

  Participant g1, g2;
  REQUIRE(g1.identify(server.port(), "G1"));
  REQUIRE(g2.identify(server.port(), "G2"));
  std::string gipf_room = open_game(g1, g2, variant_options("gipf", "tournament"));
  g2.ws.send({{"type", "resign"}, {"room", gipf_room}});
  json resigned = event_of(g1, "resigned");
  CHECK(resigned["by"] == "black");
  CHECK(resigned["result"]["winner"] == "white");
  CHECK(resigned["result"]["reason"] == "resignation");
  auto record = http_get(server.port(), "/api/games/" + gipf_room + "/record");
  CHECK(record.body.find("[Result \"1-0\"]") != std::string::npos);
  CHECK(record.body.find("[Termination \"resignation\"]") != std::string::npos);
}

TEST_CASE("a client too slow to read is disconnected; the others play on") {
  ServerProcess server(temp_store("slow.db"), {"--message-burst", "400"});
  REQUIRE(server.start());
  Participant white, black;
  REQUIRE(white.identify(server.port(), "Ann"));
  REQUIRE(black.identify(server.port(), "Bob"));
  std::string room = open_game(white, black, variant_options("yinsh", "normal"));
  auto wait_for = [](Participant& p, const std::string& kind) {
    for (auto e = p.ws.receive_type("event", 5s); e; e = p.ws.receive_type("event", 5s))
      if ((*e)["kind"] == kind) return true;
    return false;
  };
  play_random(room, {&white, &black}, {.seed = 9, .stop_after_actions = 40});  // some forty events with full states
  drain(white);
  drain(black);
  Participant slow;
  REQUIRE(slow.identify(server.port(), "Slow"));
  // ~12,000 frames, some 20 MB, never read: more than the kernel's buffers
  // hold, so the server's own queue fills past its byte limit.
  for (int i = 0; i < 300; ++i) slow.ws.send({{"type", "resync"}, {"room", room}, {"since", 0}});
  // the players are not held up
  white.ws.send({{"type", "offer_draw"}, {"room", room}});
  CHECK(wait_for(black, "draw_offered"));
  // the slow client got only part of it and then was closed (1008)
  std::size_t frames = static_cast<std::size_t>(read_until_closed(slow.ws));
  CHECK(slow.ws.closed());
  CHECK(slow.ws.close_code() == 1008);
  CHECK(frames < 300 * 40);
}

TEST_CASE("a corrupted stored game is refused with an error; the server and the other games carry on" * doctest::test_suite("sqlite")) {
  std::string db = temp_path("corrupt.db");
  std::string broken, intact;
  json intact_state;
  {
    ServerProcess server(db);
    REQUIRE(server.start());
    Participant a, b, c, d;
    REQUIRE(a.identify(server.port(), "Ann"));
    REQUIRE(b.identify(server.port(), "Bob"));
    REQUIRE(c.identify(server.port(), "Cy"));
    REQUIRE(d.identify(server.port(), "Di"));
    broken = open_game(a, b, variant_options("gipf", "standard"));
    intact = open_game(c, d, variant_options("yinsh", "blitz"));
    play_random(broken, {&a, &b}, {.seed = 21, .stop_after_actions = 6});
    play_random(intact, {&c, &d}, {.seed = 22, .stop_after_actions = 6});
    catch_up({&c, &d});  // c's state is the room's
    intact_state = c.last_state;
    CHECK(server.stop(SIGTERM) == 0);
  }
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
  std::string corrupt = "UPDATE events SET action = 'zz9' WHERE room = '" + broken +
                        "' AND seq = (SELECT min(seq) FROM events WHERE room = '" + broken + "' AND kind = 'action')";
  REQUIRE(sqlite3_exec(handle, corrupt.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(handle);

  ServerProcess restarted(db);
  REQUIRE(restarted.start());
  CHECK(http_get(restarted.port(), "/api/health").status == 200);
  Participant viewer;
  REQUIRE(viewer.identify(restarted.port(), "Eve"));
  viewer.ws.send({{"type", "watch"}, {"room", intact}});
  auto snapshot = viewer.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["state"] == intact_state);
  viewer.ws.send({{"type", "watch"}, {"room", broken}});
  auto refused = viewer.ws.receive_type("error", 5s);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "internal");
  CHECK((*refused)["message"].get<std::string>().find("damaged") != std::string::npos);
  auto api = http_get(restarted.port(), "/api/games/" + broken);
  CHECK(api.status == 500);
  CHECK(json::parse(api.body)["error"]["code"] == "internal");
  CHECK(http_get(restarted.port(), "/api/games/" + intact + "/record").status == 200);
}
