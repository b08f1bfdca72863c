// Games against the computer over WebSocket: the real server, a real client.
#include <condition_variable>
#include <mutex>

#include "arena_test_support.hpp"
#include "bot/levels.hpp"
#include "computer/computer_players.hpp"

using namespace test_support;

namespace {

// `p` opens a game against the computer of `level` and sits at `color`; its snapshot is seen.
std::string open_bot_game(Participant& p, const std::string& game, const std::string& variant, int level,
                          const std::string& color, json& snapshot) {
  json create{{"type", "create_room"}, {"game", game}, {"variant", variant}, {"bot", level}, {"color", color}};
  if (variant == "basic") create["white_extra"] = 1;
  p.ws.send(create);
  auto created = p.ws.receive_type("room_created", 60s);
  REQUIRE(created);
  auto room = p.ws.receive_type("room", 60s);
  REQUIRE(room);
  snapshot = *room;
  p.seat = color;
  p.acted_ply = -1;
  p.saw_snapshot(*room);
  return (*created)["room"];
}

json error_for(Participant& p, const json& message) {
  p.ws.send(message);
  auto error = p.ws.receive_type("error", 60s);
  REQUIRE(error);
  return *error;
}

}  // namespace

TEST_CASE("a player alone plays every variant against the computer to the end, through the same authority path") {
  ServerProcess server(temp_store("bots.db"), {"--message-rate", "1000", "--message-burst", "1000"});
  REQUIRE(server.start());
  Participant ann;
  REQUIRE(ann.identify(server.port(), "Ann"));
  const std::vector<std::pair<std::string, std::string>> variants{
      {"yinsh", "blitz"}, {"yinsh", "normal"}, {"gipf", "basic"}, {"gipf", "standard"}, {"gipf", "tournament"}};
  int level = 1;
  for (const auto& game_variant : variants) {
    const std::string& game = game_variant.first;
    const std::string& variant = game_variant.second;  // not a structured binding: CAPTURE's lambda takes it
    CAPTURE(variant);
    std::string color = level % 2 ? "black" : "white";  // the computer opens half of them
    json snapshot;
    std::string room = open_bot_game(ann, game, variant, level, color, snapshot);
    std::string bot_seat = color == "white" ? "black" : "white";
    CHECK(snapshot["status"] == "live");  // the computer sat down at once
    CHECK(snapshot["room"][bot_seat]["name"] == "Bot level " + std::to_string(level));
    CHECK(snapshot["room"]["rated"] == false);
    ann.last_event = json();
    ann.events.clear();
    play_random(room, {&ann}, {.seed = static_cast<std::uint64_t>(level), .limit = std::chrono::seconds(600)});
    CHECK(ann.last_event["status"] == "finished");
    int bot_actions = 0;
    for (const auto& e : ann.events) bot_actions += e["kind"] == "action" && e["by"] == bot_seat;
    CHECK(bot_actions > 0);
    auto stored = http_get(server.port(), "/api/games/" + room);
    REQUIRE(stored.status == 200);
    CHECK(json::parse(stored.body)["status"] == "finished");
    level = level % 2 + 1;  // levels 1 and 2: quick, and both search paths (random, alpha-beta)
  }
}

TEST_CASE("the computer declines draws, takes rematches, and is refused where it does not belong") {
  ServerProcess server(temp_store("bots-rules.db"));
  REQUIRE(server.start());
  Participant ann;
  REQUIRE(ann.identify(server.port(), "Ann"));
  json bad{{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}, {"bot", 7}};
  CHECK(error_for(ann, bad)["code"] == "bad_field");
  bad["bot"] = 3;
  bad["rated"] = true;
  CHECK(error_for(ann, bad)["code"] == "bad_field");

  json snapshot;
  std::string room = open_bot_game(ann, "yinsh", "normal", 1, "white", snapshot);
  ann.ws.send({{"type", "offer_draw"}, {"room", room}});
  bool declined = false;
  while (!declined) {
    auto m = ann.ws.receive_type("event", 60s);
    REQUIRE(m);
    declined = (*m)["kind"] == "draw_declined" && (*m)["by"] == "black";
  }
  ann.ws.send({{"type", "resign"}, {"room", room}});
  bool resigned = false;
  while (!resigned) {
    auto m = ann.ws.receive_type("event", 60s);
    REQUIRE(m);
    resigned = (*m)["kind"] == "resigned";
  }
  ann.ws.send({{"type", "rematch"}, {"room", room}});
  auto ready = ann.ws.receive_type("rematch", 60s);
  REQUIRE(ready);
  std::string next = (*ready)["next"];
  ann.ws.send({{"type", "join_room"}, {"room", next}});
  auto rematch = ann.ws.receive_type("room", 60s);
  REQUIRE(rematch);
  CHECK((*rematch)["status"] == "live");
  CHECK((*rematch)["you"] == "black");
  CHECK((*rematch)["room"]["white"]["name"] == "Bot level 1");

  // At most three games against the computer at once per player: the rematch and two more.
  json other;
  open_bot_game(ann, "gipf", "standard", 2, "white", other);
  open_bot_game(ann, "gipf", "standard", 2, "white", other);
  json fourth{{"type", "create_room"}, {"game", "gipf"}, {"variant", "standard"}, {"bot", 2}};
  CHECK(error_for(ann, fourth)["code"] == "too_many_rooms");
  // Nobody can take the computer's name.
  auto renamed = error_for(ann, {{"type", "set_name"}, {"name", "Bot level 6"}});
  CHECK(renamed["code"] == "bad_field");
}

TEST_CASE("killed in the middle of a game against the computer, restarted: the computer plays on") {
  std::string db = temp_store("bots-crash.db");
  std::string room;
  Participant ann;
  std::int64_t seq_before = 0;
  {
    ServerProcess server(db, {"--message-rate", "1000", "--message-burst", "1000"});
    REQUIRE(server.start());
    REQUIRE(ann.identify(server.port(), "Ann"));
    json snapshot;
    room = open_bot_game(ann, "yinsh", "normal", 2, "white", snapshot);
    play_random(room, {&ann}, {.seed = 5, .stop_after_actions = 8});
    // Ann's ninth action, acknowledged (so durable): the computer must answer it.
    ann.ws.send({{"type", "action"}, {"room", room}, {"ply", ann.pending_legal["ply"]},
                 {"action", ann.pending_legal["actions"][0]}, {"id", "last"}});
    auto ack = ann.ws.receive_type("ack", 60s);
    REQUIRE(ack);
    seq_before = (*ack)["seq"];
    server.kill_hard();
  }
  ServerProcess restarted(db, {"--message-rate", "1000", "--message-burst", "1000"});
  REQUIRE(restarted.start());
  Participant again;
  REQUIRE(again.identify(restarted.port(), "Ann", ann.token));
  again.ws.send({{"type", "join_room"}, {"room", room}});
  auto snapshot = again.ws.receive_type("room", 60s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["seq"].get<std::int64_t>() >= seq_before);
  again.seat = "white";
  again.saw_snapshot(*snapshot);
  // Its legal list comes once the computer has moved (at once if it had already).
  play_random(room, {&again}, {.seed = 6, .limit = std::chrono::seconds(600)});
  CHECK(again.last_event["status"] == "finished");
}

TEST_CASE("the computer's threads: a game's decision goes before the analysis board's evaluations; evaluations are bounded") {
  arena::ComputerPlayers computer(arena::ComputerLimits{1, 2000, 200, 3, 2});
  std::mutex mutex;
  std::condition_variable done;
  std::vector<std::string> order;
  auto finished = [&](std::string what) {
    std::lock_guard lock(mutex);
    order.push_back(std::move(what));
    done.notify_all();
  };
  std::string error;
  const engine::AnyGame game = *engine::AnyGame::create({"yinsh", "normal", 0, 0}, error);
  // Queued before the thread starts, so the order of service is the queues' alone.
  auto evaluation = [&](const std::string& name) {
    return arena::EvaluationJob{game, 1000, 1000, [&, name](std::optional<bot::Analysis> a) { finished(a ? name : "none"); }};
  };
  REQUIRE(computer.evaluate(evaluation("evaluation 1")));
  REQUIRE(computer.evaluate(evaluation("evaluation 2")));
  CHECK_FALSE(computer.evaluate(evaluation("evaluation 3")));  // two at a time: the caller answers busy
  computer.think(arena::BotTurn{2, game, 0, 0, nullptr,
                                [&](std::optional<std::string> action, std::int64_t) { finished(action ? "decision" : "no decision"); }});
  computer.start();
  std::unique_lock lock(mutex);
  REQUIRE(done.wait_for(lock, 60s, [&] { return order.size() == 3; }));
  CHECK(order == std::vector<std::string>{"decision", "evaluation 1", "evaluation 2"});
  lock.unlock();
  // Served, they make room for more (the slot is freed just after `done` returns).
  CHECK(eventually([&] { return computer.evaluate(evaluation("evaluation 4")); }, 10s));
  computer.stop();
}

TEST_CASE("the computer's levels: words and provisional ratings at /api/computer, and the computer's rating on its seat") {
  ServerProcess server(temp_store("bot-levels.db"));
  REQUIRE(server.start());
  auto reply = http_get(server.port(), "/api/computer");
  REQUIRE(reply.status == 200);
  json body = json::parse(reply.body);
  REQUIRE(body["levels"].size() == static_cast<std::size_t>(bot::kMaxLevel));
  for (int level = bot::kMinLevel; level <= bot::kMaxLevel; ++level) {
    CAPTURE(level);
    const json& row = body["levels"][static_cast<std::size_t>(level - bot::kMinLevel)];
    CHECK(row["level"] == level);
    CHECK(row["words"] == std::string(bot::level_info(level).words));
    CHECK(row["player"] == "Bot level " + std::to_string(level));
    CHECK(row["ratings"]["gipf"] == bot::level_info(level).gipf.rating);
    CHECK(row["ratings"]["yinsh"] == bot::level_info(level).yinsh.rating);
    if (level > bot::kMinLevel) CHECK(row["ratings"]["yinsh"] > body["levels"][static_cast<std::size_t>(level - 2)]["ratings"]["yinsh"]);
  }
  CHECK(http_request(server.port(), "POST", "/api/computer", "{}", {{"Content-Type", "application/json"}}).status != 200);
  // The bots are rated like anyone: a game against level 4 shows its provisional rating on its seat.
  Participant ann;
  REQUIRE(ann.identify(server.port(), "Ann"));
  json snapshot;
  open_bot_game(ann, "yinsh", "normal", 4, "white", snapshot);
  const json& seat = snapshot["room"]["black"];
  CHECK(seat["name"] == "Bot level 4");
  REQUIRE(seat.contains("rating"));
  CHECK(seat["rating"]["rating"] == doctest::Approx(bot::level_info(4).yinsh.rating));
  CHECK(seat["rating"]["provisional"] == true);
}
