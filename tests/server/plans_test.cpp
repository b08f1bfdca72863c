// Premoves and conditional lines (#46): MovePlans on its own (a real engine
// game), then on the live protocol against the real server: a premove played
// as soon as the opponent moved, one that became illegal dropped and said so,
// a cancelled one; a conditional line played while its player is away, then
// dropped by the opponent's other move; a line kept across a killed server.
#include <doctest/doctest.h>

#include "arena_test_support.hpp"
#include "game/move_plans.hpp"

using namespace test_support;
using arena::ConditionalRecord;
using arena::MovePlans;
using engine::Color;

namespace {

engine::AnyGame yinsh() {
  std::string error;
  auto g = engine::AnyGame::create({"yinsh", "normal", 0, 0}, error);
  REQUIRE(g);
  return *g;
}

json action_at(Participant& p, int ply) {
  return next_of(p, "event", [&](const json& e) { return e["kind"] == "action" && e["ply"] == ply; });
}
// The ack or error that answers request `id` (other messages kept in skipped()).
json reply_to(Participant& p, const std::string& id) {
  auto& skipped = p.ws.skipped();
  for (auto it = skipped.begin(); it != skipped.end(); ++it)
    if (((*it)["type"] == "ack" || (*it)["type"] == "error") && it->value("id", json()) == id) {
      json m = *it;
      skipped.erase(it);
      return m;
    }
  auto deadline = std::chrono::steady_clock::now() + 30s;
  while (std::chrono::steady_clock::now() < deadline) {
    auto m = p.ws.receive(1s);
    if (!m) continue;
    if (((*m)["type"] == "ack" || (*m)["type"] == "error") && m->value("id", json()) == id) return *m;
    skipped.push_back(*m);
  }
  FAIL("no answer to " << id);
  return {};
}
json error_for(Participant& p, const std::string& id) {
  return next_of(p, "error", [&](const json& m) { return m.value("id", json()) == id; });
}
json plan_of(Participant& p) {
  return next_of(p, "plan", [](const json&) { return true; });
}

}  // namespace

TEST_CASE("move plans: a line is checked against the game, played when the opponent's turn matches, dropped when not") {
  engine::AnyGame g = yinsh();
  MovePlans plans;
  std::vector<std::string> canonical;
  // White decides: Black may plan, White may not.
  CHECK(MovePlans::check_line(g, Color::White, {"e3", "f5"}, canonical) == "the decision is yours now: play it, then set the line");
  CHECK(MovePlans::check_line(g, Color::Black, {"e3", "e3"}, canonical).rfind("entry 2: 'e3': ", 0) == 0);
  CHECK(MovePlans::check_line(g, Color::Black, {"e3", "f5;a2"}, canonical).rfind("entry 2: 'a2' is not theirs", 0) == 0);
  CHECK(MovePlans::check_line(g, Color::Black, {"E3", "F5", "a2", "b3"}, canonical) == "");
  CHECK(canonical == std::vector<std::string>{"e3", "f5", "a2", "b3"});
  plans.set_line(Color::Black, canonical, g.ply());
  CHECK_FALSE(plans.due(g));  // White's decision: nothing of Black's is due

  REQUIRE(g.play("e3").empty());
  auto due = plans.due(g);
  REQUIRE(due);
  CHECK(due->seat == Color::Black);
  CHECK(due->play == "f5");
  CHECK(due->line_changed);
  CHECK(plans.seat(Color::Black).line == std::vector<std::string>{"a2", "b3"});
  REQUIRE(g.play("f5").empty());
  CHECK_FALSE(plans.due(g));
  ConditionalRecord stored = plans.record(Color::Black, 7);
  CHECK(stored.from_ply == 1);

  // Restored from the store, the line answers as before; another move drops it.
  MovePlans restored;
  restored.restore(stored);
  REQUIRE(g.play("c4").empty());
  due = restored.due(g);
  REQUIRE(due);
  CHECK_FALSE(due->play);
  CHECK(due->dropped == "a2");
  CHECK(due->reason == "they played c4");
  CHECK(restored.seat(Color::Black).line.empty());
  CHECK(restored.empty());

  // A premove is tried once, when the decision becomes its seat's.
  MovePlans premoves;
  premoves.set_premove(Color::White, std::string("a2"));
  CHECK_FALSE(premoves.due(g));  // Black decides
  REQUIRE(g.play("b3").empty());
  due = premoves.due(g);
  REQUIRE(due);
  CHECK(due->premove);
  CHECK(due->play == "a2");
  CHECK_FALSE(premoves.due(g));
  CHECK(arena::split_turn(" a1 ; b2;;c3 ") == std::vector<std::string>{"a1", "b2", "c3"});
}

TEST_CASE("premove (#46) on the live protocol: played at once, dropped when illegal and said so, cancelled; refused where it has no place") {
  ServerProcess server(temp_store("premove.db"));
  REQUIRE(server.start());
  Participant ann, bob;
  REQUIRE(ann.identify(server.port(), "Ann"));
  REQUIRE(bob.identify(server.port(), "Bob"));
  json live{{"kind", "live"}, {"initial_ms", 600000}, {"increment_ms", 0}};
  std::string room = open_game(ann, bob, {{"game", "yinsh"}, {"variant", "normal"}, {"clock", live}});

  ann.ws.send({{"type", "premove"}, {"room", room}, {"action", "e3"}, {"id", "mine"}});
  CHECK(error_for(ann, "mine")["code"] == "no_premove");  // the decision is Ann's

  bob.ws.send({{"type", "premove"}, {"room", room}, {"action", "f5"}, {"id", "p1"}});
  CHECK(reply_to(bob, "p1")["type"] == "ack");
  CHECK(plan_of(bob)["premove"] == "f5");
  ann.ws.send({{"type", "action"}, {"room", room}, {"ply", 0}, {"action", "e3"}});
  json played = action_at(ann, 2);  // Bob's premove followed at once
  CHECK(played["by"] == "black");
  CHECK(played["action"] == "f5");
  CHECK(plan_of(bob)["premove"] == nullptr);

  // Premoved onto the cell Ann then takes: dropped, and Bob told why.
  bob.ws.send({{"type", "premove"}, {"room", room}, {"action", "a2"}, {"id", "p2"}});
  CHECK(reply_to(bob, "p2")["type"] == "ack");
  plan_of(bob);
  ann.ws.send({{"type", "action"}, {"room", room}, {"ply", 2}, {"action", "a2"}});
  json dropped = plan_of(bob);
  CHECK(dropped["premove"] == nullptr);
  CHECK(dropped["dropped"] == "a2");
  CHECK_FALSE(dropped["reason"].get<std::string>().empty());
  CHECK(next_of(bob, "legal", [](const json& l) { return l["ply"] == 3; })["player"] == "black");  // Bob decides himself

  // Cancelled: nothing is played for him.
  bob.ws.send({{"type", "action"}, {"room", room}, {"ply", 3}, {"action", "b3"}});
  action_at(ann, 4);
  bob.ws.send({{"type", "premove"}, {"room", room}, {"action", "c4"}, {"id", "p3"}});
  CHECK(plan_of(bob)["premove"] == "c4");
  bob.ws.send({{"type", "premove"}, {"room", room}, {"action", nullptr}, {"id", "p4"}});
  CHECK(reply_to(bob, "p4")["type"] == "ack");
  CHECK(plan_of(bob)["premove"] == nullptr);
  ann.ws.send({{"type", "action"}, {"room", room}, {"ply", 4}, {"action", "c4"}});
  CHECK(next_of(bob, "legal", [](const json& l) { return l["ply"] == 5; })["player"] == "black");
  // A page that comes back sees its premove in the snapshot.
  bob.ws.send({{"type", "action"}, {"room", room}, {"ply", 5}, {"action", "d2"}});
  action_at(ann, 6);
  bob.ws.send({{"type", "premove"}, {"room", room}, {"action", "g7"}, {"id", "p5"}});
  CHECK(reply_to(bob, "p5")["type"] == "ack");
  CHECK(plan_of(bob)["premove"] == "g7");
  // A resync (a page back after a short drop) hears the plan as it is: plans are not in the event ring.
  bob.ws.send({{"type", "resync"}, {"room", room}, {"since", 7}, {"id", "rs"}});
  CHECK(reply_to(bob, "rs")["type"] == "ack");
  CHECK(plan_of(bob)["premove"] == "g7");
  Participant again;
  REQUIRE(again.identify(server.port(), "Bob", bob.token));
  again.ws.send({{"type", "join_room"}, {"room", room}});
  auto snapshot = again.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["premove"] == "g7");
  CHECK((*snapshot)["conditional"] == json::array());

  // No conditional line in a live game; no premove in a correspondence one.
  bob.ws.send({{"type", "conditional"}, {"room", room}, {"line", {"a1", "b2"}}, {"id", "c1"}});
  CHECK(error_for(bob, "c1")["code"] == "no_conditional");
  json days{{"kind", "correspondence"}, {"days_per_move", 3}};
  std::string slow = open_game(ann, bob, {{"game", "yinsh"}, {"variant", "normal"}, {"clock", days}});
  bob.ws.send({{"type", "premove"}, {"room", slow}, {"action", "e3"}, {"id", "c2"}});
  CHECK(error_for(bob, "c2")["code"] == "no_premove");
  bob.ws.send({{"type", "conditional"}, {"room", slow}, {"line", {"a1"}}, {"id", "c3"}});
  CHECK(error_for(bob, "c3")["code"] == "bad_field");
}

TEST_CASE("conditional moves (#46): played out while the player is away, then dropped by the opponent's other move; kept across a killed server") {
  std::string db = temp_store("conditional.db");
  json days{{"kind", "correspondence"}, {"days_per_move", 3}};
  std::string room;
  Participant ann, bob;
  {
    ServerProcess server(db);
    REQUIRE(server.start());
    REQUIRE(ann.identify(server.port(), "Ann"));
    REQUIRE(bob.identify(server.port(), "Bob"));
    room = open_game(ann, bob, {{"game", "yinsh"}, {"variant", "normal"}, {"clock", days}});
    bob.ws.send({{"type", "conditional"}, {"room", room}, {"line", {"e3", "e3"}}, {"id", "bad"}});
    json refused = error_for(bob, "bad");
    CHECK(refused["code"] == "illegal_action");
    CHECK(refused["message"].get<std::string>().rfind("entry 2:", 0) == 0);
    ann.ws.send({{"type", "conditional"}, {"room", room}, {"line", {"f5", "e3"}}, {"id", "hers"}});
    CHECK(error_for(ann, "hers")["code"] == "no_conditional");  // her decision

    bob.ws.send({{"type", "conditional"}, {"room", room}, {"line", {"e3", "f5", "a2", "b3"}}, {"id", "line"}});
    CHECK(reply_to(bob, "line")["type"] == "ack");
    CHECK(plan_of(bob)["conditional"] == json{"e3", "f5", "a2", "b3"});
    bob.ws.close();  // away

    ann.ws.send({{"type", "action"}, {"room", room}, {"ply", 0}, {"action", "e3"}});
    json answered = action_at(ann, 2);
    CHECK(answered["by"] == "black");
    CHECK(answered["action"] == "f5");
    ann.ws.send({{"type", "action"}, {"room", room}, {"ply", 2}, {"action", "c4"}});  // not a2
    action_at(ann, 3);

    Participant back;
    REQUIRE(back.identify(server.port(), "Bob", bob.token));
    back.ws.send({{"type", "join_room"}, {"room", room}});
    auto snapshot = back.ws.receive_type("room", 5s);
    REQUIRE(snapshot);
    CHECK((*snapshot)["conditional"] == json::array());  // dropped
    CHECK((*snapshot)["ply"] == 3);
    back.ws.send({{"type", "action"}, {"room", room}, {"ply", 3}, {"action", "b3"}});
    action_at(ann, 4);

    back.ws.send({{"type", "conditional"}, {"room", room}, {"line", {"a2", "d2"}}, {"id", "line2"}});
    CHECK(reply_to(back, "line2")["type"] == "ack");
    server.kill_hard();
  }
  ServerProcess restarted(db);
  REQUIRE(restarted.start());
  Participant ann2, bob2;
  REQUIRE(ann2.identify(restarted.port(), "Ann", ann.token));
  REQUIRE(bob2.identify(restarted.port(), "Bob", bob.token));
  bob2.ws.send({{"type", "join_room"}, {"room", room}});
  auto snapshot = bob2.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["conditional"] == json{"a2", "d2"});
  ann2.ws.send({{"type", "join_room"}, {"room", room}});
  REQUIRE(ann2.ws.receive_type("room", 5s));
  ann2.ws.send({{"type", "action"}, {"room", room}, {"ply", 4}, {"action", "a2"}});
  json answered = action_at(ann2, 6);
  CHECK(answered["action"] == "d2");
  CHECK(plan_of(bob2)["conditional"] == json::array());
  // Stored: the line is gone once played out.
  HttpReply game = http_get(restarted.port(), "/api/games/" + room);
  CHECK(json::parse(game.body)["plies"] == 6);
}

TEST_CASE("conditional moves (#46): a takeback to before the line was set drops it, and its player is told") {
  ServerProcess server(temp_store("conditional-takeback.db"));
  REQUIRE(server.start());
  Participant ann, bob;
  REQUIRE(ann.identify(server.port(), "Ann"));
  REQUIRE(bob.identify(server.port(), "Bob"));
  json days{{"kind", "correspondence"}, {"days_per_move", 3}};
  std::string room = open_game(ann, bob, {{"game", "yinsh"}, {"variant", "normal"}, {"clock", days}});
  ann.ws.send({{"type", "action"}, {"room", room}, {"ply", 0}, {"action", "e3"}});
  action_at(bob, 1);
  bob.ws.send({{"type", "action"}, {"room", room}, {"ply", 1}, {"action", "f5"}});
  action_at(ann, 2);
  bob.ws.send({{"type", "conditional"}, {"room", room}, {"line", {"a2", "b3"}}, {"id", "line"}});
  CHECK(reply_to(bob, "line")["type"] == "ack");
  CHECK(plan_of(bob)["conditional"] == json{"a2", "b3"});
  // Ann takes back her first ring (back to ply 0), Bob agrees: the line was set at ply 2.
  ann.ws.send({{"type", "offer_takeback"}, {"room", room}, {"id", "tb"}});
  CHECK(reply_to(ann, "tb")["type"] == "ack");
  bob.ws.send({{"type", "answer_takeback"}, {"room", room}, {"accept", true}, {"id", "yes"}});
  CHECK(reply_to(bob, "yes")["type"] == "ack");
  json dropped = plan_of(bob);
  CHECK(dropped["conditional"] == json::array());
  CHECK(dropped["dropped"] == "a2");
  CHECK(dropped["reason"] == "the game went back before the line was set");
  // Ann plays a2 now: nothing is answered for Bob.
  ann.ws.send({{"type", "action"}, {"room", room}, {"ply", 0}, {"action", "a2"}});
  CHECK(next_of(bob, "legal", [](const json& l) { return l["ply"] == 1; })["player"] == "black");
}
