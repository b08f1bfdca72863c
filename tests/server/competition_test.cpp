// Ladders and events end to end against the real server (PROTOCOL.md, Ladders
// and events): an admin's ladder with four accounts where a challenger wins
// and the standings shift (with every challenge refusal on the way), a
// four-player round robin played to the end, a Swiss event that pairs itself
// (with a bye), and a restart that keeps a ladder game and its standings.
#include <algorithm>
#include <map>
#include <set>
#include <thread>

#include "competition_test_support.hpp"

using namespace test_support;

namespace {

HttpReply patch(int port, const std::string& target, const json& body, const std::string& cookie) {
  auto headers = kJson;
  headers["Cookie"] = cookie;
  return http_request(port, "PATCH", target, body.dump(), headers);
}

}  // namespace

TEST_CASE("ladder: four accounts, the refusals, a challenger's win shifts the standings, audited admin commands") {
  Arena arena("ladder.db");
  const int port = arena.port;

  // Only admins create ladders.
  std::map<std::string, std::string> cookie;
  for (std::string name : {"ada", "ben", "cyd", "dot"}) cookie[name] = signup(port, name, name + "'s password");
  // Games that start at once (answer_hours 0): the answered challenges have a test of their own.
  json create{{"name", "Club ladder"}, {"game", "yinsh"}, {"variant", "blitz"}, {"clock", kBlitz}, {"answer_hours", 0}};
  CHECK(post(port, "/api/admin/ladders", create, cookie["ada"]).status == 403);
  CHECK(post(port, "/api/admin/ladders", create).status == 403);  // no session: 403, as every admin path (#34)
  CHECK(error_code(post(port, "/api/admin/ladders", {{"name", "x"}, {"game", "chess"}, {"variant", "blitz"}}, arena.admin)) ==
        "bad_field");
  auto created = post(port, "/api/admin/ladders", create, arena.admin);
  REQUIRE_MESSAGE(created.status == 201, created.body);
  json ladder = body_of(created)["ladder"];
  const std::int64_t id = ladder["id"];
  CHECK(ladder["status"] == "open");
  CHECK(ladder["clock"] == kBlitz);
  auto defaulted = post(port, "/api/admin/ladders", {{"name", "Slow"}, {"game", "gipf"}, {"variant", "standard"}}, arena.admin);
  REQUIRE(defaulted.status == 201);
  CHECK(body_of(defaulted)["ladder"]["clock"] == json{{"kind", "correspondence"}, {"days_per_move", 3}});
  CHECK(body_of(defaulted)["ladder"]["answer_hours"] == 48);  // a challenge waits two days for its answer (#43)
  CHECK(ladder["answer_hours"] == 0);
  CHECK(error_code(post(port, "/api/admin/ladders", {{"name", "x"}, {"game", "yinsh"}, {"variant", "blitz"}, {"answer_hours", 337}},
                        arena.admin)) == "bad_field");

  // Joining in order: positions 1..4; joining twice keeps the place.
  const std::string base = "/api/ladders/" + std::to_string(id);
  int position = 0;
  for (std::string name : {"ada", "ben", "cyd", "dot"}) {
    auto joined = post(port, base + "/join", json::object(), cookie[name]);
    REQUIRE_MESSAGE(joined.status == 200, joined.body);
    CHECK(body_of(joined)["position"] == ++position);
  }
  CHECK(body_of(post(port, base + "/join", json::object(), cookie["ben"]))["position"] == 2);
  CHECK(post(port, base + "/join", json::object()).status == 401);

  json page = ladder_page(port, id, cookie["dot"]);
  CHECK(usernames(page["standings"]) == std::vector<std::string>{"ada", "ben", "cyd", "dot"});
  CHECK(page["me"]["position"] == 4);
  CHECK(page["me"]["may_challenge"] == json{"ada", "ben", "cyd"});
  CHECK(page["standings"][0]["rating"] == 1500.0);
  CHECK(page["standings"][0]["status"] == "active");
  CHECK(ladder_page(port, id)["me"].is_null());

  // dot (4th) challenges ben (2nd): the game exists at once, both are told.
  Participant ben, dot;
  REQUIRE(identify_with(ben, port, cookie["ben"]));
  REQUIRE(identify_with(dot, port, cookie["dot"]));
  auto challenged = post(port, base + "/challenge", {{"defender", "BEN"}}, cookie["dot"]);
  REQUIRE_MESSAGE(challenged.status == 201, challenged.body);
  const std::string room = body_of(challenged)["challenge"]["room"];
  CHECK(body_of(challenged)["challenge"]["id"].get<std::int64_t>() > 0);
  auto told_ben = ben.ws.receive_type("pairing", 5s);
  auto told_dot = dot.ws.receive_type("pairing", 5s);
  REQUIRE(told_ben);
  REQUIRE(told_dot);
  CHECK((*told_ben)["room"] == room);
  CHECK((*told_ben)["opponent"] == "dot");
  CHECK((*told_dot)["opponent"] == "ben");
  CHECK((*told_ben)["color"] != (*told_dot)["color"]);
  CHECK((*told_dot)["source"] == json{{"kind", "ladder"}, {"id", id}, {"name", "Club ladder"}, {"round", nullptr}});
  auto game = get(port, "/api/games/" + room);
  REQUIRE(game.status == 200);
  CHECK(body_of(game)["status"] == "live");
  CHECK(body_of(game)["rated"] == true);

  // The refusals, in the API's codes.
  CHECK(error_code(post(port, base + "/challenge", {{"defender", "ben"}}, cookie["dot"])) == "cooldown");
  auto downward = post(port, base + "/challenge", {{"defender", "dot"}}, cookie["ada"]);
  CHECK(downward.status == 400);
  CHECK(error_code(downward) == "out_of_reach");
  CHECK(error_code(post(port, base + "/challenge", {{"defender", "ada"}}, cookie["ada"])) == "out_of_reach");
  CHECK(post(port, base + "/challenge", {{"defender", "nobody"}}, cookie["dot"]).status == 404);
  REQUIRE(post(port, base + "/challenge", {{"defender", "ada"}}, cookie["dot"]).status == 201);
  auto third = post(port, base + "/challenge", {{"defender", "cyd"}}, cookie["dot"]);
  CHECK(third.status == 409);
  CHECK(error_code(third) == "too_many_challenges");
  CHECK(ladder_page(port, id)["standings"][3]["open_challenges"] == 2);
  REQUIRE(patch(port, "/api/admin/ladders/" + std::to_string(id), {{"status", "paused"}}, arena.admin).status == 200);
  auto paused = post(port, base + "/challenge", {{"defender", "ada"}}, cookie["cyd"]);
  CHECK(paused.status == 409);
  CHECK(error_code(paused) == "ladder_paused");
  auto reopened = patch(port, "/api/admin/ladders/" + std::to_string(id), {{"status", "open"}, {"name", "Club"}}, arena.admin);
  REQUIRE(reopened.status == 200);
  CHECK(body_of(reopened)["ladder"]["name"] == "Club");
  CHECK(patch(port, "/api/admin/ladders/" + std::to_string(id), {{"status", "sideways"}}, arena.admin).status == 400);
  CHECK(patch(port, "/api/admin/ladders/" + std::to_string(id), {{"status", "open"}}, cookie["ada"]).status == 403);

  // The defender resigns: the challenger takes 2nd, ben and cyd move down one.
  resign(ben, room);
  page = ladder_page(port, id);
  CHECK(usernames(page["standings"]) == std::vector<std::string>{"ada", "dot", "ben", "cyd"});
  REQUIRE(page["games"].size() == 1);
  CHECK(page["games"][0]["room"] == room);
  CHECK(page["games"][0]["outcome"] == "challenger");
  CHECK(page["games"][0]["challenger"] == "dot");
  CHECK(page["games"][0]["finished_at"].get<std::int64_t>() > 0);
  CHECK(page["challenges"].size() == 1);  // dot's challenge of ada is still being played

  // The other game is adjudicated by the admin for the defender: nothing moves.
  const std::string second = page["challenges"][0]["room"];
  auto adjudicated = post(port, "/api/admin/ladders/" + std::to_string(id) + "/result",
                          {{"room", second}, {"result", page["challenges"][0]["white"] == "ada" ? "1-0" : "0-1"},
                           {"reason", "dot did not show up"}},
                          arena.admin);
  REQUIRE_MESSAGE(adjudicated.status == 200, adjudicated.body);
  CHECK(body_of(adjudicated)["challenge"]["outcome"] == "defender");
  CHECK(usernames(ladder_page(port, id)["standings"]) == std::vector<std::string>{"ada", "dot", "ben", "cyd"});
  CHECK(error_code(post(port, "/api/admin/ladders/" + std::to_string(id) + "/result",
                        {{"room", second}, {"result", "1-0"}, {"reason", "again"}}, arena.admin)) == "game_over");

  // Admin roster commands: seed, remove, add, reinstate; all audited.
  auto seeded = post(port, "/api/admin/ladders/" + std::to_string(id) + "/seed",
                     {{"order", {"cyd", "ben", "ada", "dot"}}}, arena.admin);
  REQUIRE_MESSAGE(seeded.status == 200, seeded.body);
  CHECK(usernames(body_of(seeded)["standings"]) == std::vector<std::string>{"cyd", "ben", "ada", "dot"});
  CHECK(error_code(post(port, "/api/admin/ladders/" + std::to_string(id) + "/seed", {{"order", {"cyd", "cyd"}}}, arena.admin)) ==
        "bad_field");
  auto removed = post(port, "/api/admin/ladders/" + std::to_string(id) + "/remove", {{"username", "ben"}}, arena.admin);
  REQUIRE(removed.status == 200);
  CHECK(usernames(body_of(removed)["standings"]) == std::vector<std::string>{"cyd", "ada", "dot"});
  auto reinstated = post(port, "/api/admin/ladders/" + std::to_string(id) + "/reinstate", {{"username", "ben"}}, arena.admin);
  REQUIRE(reinstated.status == 200);
  CHECK(usernames(body_of(reinstated)["standings"]) == std::vector<std::string>{"cyd", "ada", "dot", "ben"});
  auto audit = body_of(get(port, "/api/admin/audit", arena.admin))["entries"];
  std::vector<std::string> actions;
  for (const auto& e : audit) actions.push_back(e["action"]);
  for (std::string action : {"ladder_create", "ladder_edit", "ladder_seed", "ladder_remove", "ladder_reinstate", "adjudicate"})
    CHECK_MESSAGE(std::count(actions.begin(), actions.end(), action) >= 1, action);

  // Closed is final.
  REQUIRE(patch(port, "/api/admin/ladders/" + std::to_string(id), {{"status", "closed"}}, arena.admin).status == 200);
  CHECK(error_code(patch(port, "/api/admin/ladders/" + std::to_string(id), {{"status", "open"}}, arena.admin)) == "ladder_closed");
  CHECK(error_code(post(port, base + "/challenge", {{"defender", "cyd"}}, cookie["ada"])) == "ladder_paused");
  auto list = body_of(get(port, "/api/ladders"))["ladders"];
  REQUIRE(list.size() == 2);
  CHECK(list[1]["status"] == "closed");
  CHECK(list[1]["players"] == 4);
}

TEST_CASE("ladder: a game in progress and the standings survive a restart; players may not abort a ladder game") {
  Arena arena("ladder-restart.db");
  int port = arena.port;
  auto created = post(port, "/api/admin/ladders", {{"name", "L"}, {"game", "yinsh"}, {"variant", "normal"}, {"answer_hours", 0}},
                      arena.admin);
  REQUIRE(created.status == 201);
  const std::string base = "/api/ladders/" + std::to_string(body_of(created)["ladder"]["id"].get<std::int64_t>());
  std::string eve = signup(port, "eve", "eve's password"), fay = signup(port, "fay", "fay's password");
  REQUIRE(post(port, base + "/join", json::object(), eve).status == 200);
  REQUIRE(post(port, base + "/join", json::object(), fay).status == 200);
  auto challenged = post(port, base + "/challenge", {{"defender", "eve"}}, fay);
  REQUIRE(challenged.status == 201);
  const std::string room = body_of(challenged)["challenge"]["room"];
  Participant p;
  REQUIRE(identify_with(p, port, eve));
  p.ws.send({{"type", "join_room"}, {"room", room}});
  REQUIRE(p.ws.receive_type("room", 5s));
  p.ws.send({{"type", "abort"}, {"room", room}});
  auto refused = p.ws.receive_type("error", 5s);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "not_abortable");

  arena.server.kill_hard();  // SIGKILL: nothing but what was acknowledged survives
  ServerProcess restarted(arena.db);
  REQUIRE(restarted.start());
  port = restarted.port();
  eve = login(port, "eve", "eve's password");
  json page = ladder_page(port, body_of(created)["ladder"]["id"], eve);
  CHECK(usernames(page["standings"]) == std::vector<std::string>{"eve", "fay"});
  REQUIRE(page["challenges"].size() == 1);
  CHECK(page["challenges"][0]["room"] == room);
  CHECK(body_of(get(port, "/api/games/" + room))["status"] == "live");
  Participant again;
  REQUIRE(identify_with(again, port, eve));
  resign(again, room);
  page = ladder_page(port, body_of(created)["ladder"]["id"]);
  CHECK(usernames(page["standings"]) == std::vector<std::string>{"fay", "eve"});
}

TEST_CASE("event: a four-player round robin played to the end, paired round by round by the admin") {
  Arena arena("round-robin.db");
  const int port = arena.port;
  auto created = post(port, "/api/admin/events",
                      {{"name", "Autumn RR"}, {"kind", "round-robin"}, {"game", "yinsh"}, {"variant", "blitz"}, {"clock", kBlitz}},
                      arena.admin);
  REQUIRE_MESSAGE(created.status == 201, created.body);
  const std::int64_t id = body_of(created)["event"]["id"];
  CHECK(body_of(created)["event"]["status"] == "registering");
  const std::string base = "/api/events/" + std::to_string(id), admin = "/api/admin/events/" + std::to_string(id);
  CHECK(error_code(post(port, admin + "/start", json::object(), arena.admin)) == "not_enough_players");

  std::map<std::string, Participant> players;
  std::map<std::string, std::string> cookies;
  for (std::string name : {"gus", "hal", "ivy", "jan"}) {
    cookies[name] = signup(port, name, name + "'s password");
    auto joined = post(port, base + "/join", json::object(), cookies[name]);
    REQUIRE_MESSAGE(joined.status == 200, joined.body);
    REQUIRE(identify_with(players[name], port, cookies[name]));
  }
  CHECK(body_of(get(port, base, cookies["gus"]))["me"]["registered"] == true);
  CHECK(event_page(port, id)["standings"].size() == 4);

  auto started = post(port, admin + "/start", json::object(), arena.admin);
  REQUIRE_MESSAGE(started.status == 200, started.body);
  CHECK(body_of(started)["event"]["rounds"] == 3);
  CHECK(body_of(started)["event"]["current_round"] == 1);
  CHECK(error_code(post(port, base + "/join", json::object(), signup(port, "kim", "kim's password"))) == "event_started");
  CHECK(error_code(post(port, admin + "/start", json::object(), arena.admin)) == "event_started");

  std::map<std::string, double> blacks;  // white resigns every game: each black game is a point
  for (int round = 1; round <= 3; ++round) {
    json page = event_page(port, id);
    REQUIRE(page["rounds"].size() == static_cast<std::size_t>(round));
    const json& pairings = page["rounds"][round - 1]["pairings"];
    REQUIRE(pairings.size() == 2);
    for (const auto& p : pairings) {
      auto told = players[p["black"].get<std::string>()].ws.receive_type("pairing", 5s);
      REQUIRE(told);
      CHECK((*told)["source"]["round"] == round);
    }
    if (round == 1) CHECK(error_code(post(port, admin + "/next-round", json::object(), arena.admin)) == "round_in_progress");
    for (const auto& p : pairings) {
      resign(players[p["white"].get<std::string>()], p["room"]);
      blacks[p["black"].get<std::string>()] += 1;
    }
    if (round == 3) break;  // the last round's last result finishes the event
    wait_for_event(port, id, [](const json& p) {
      return std::all_of(p["rounds"].back()["pairings"].begin(), p["rounds"].back()["pairings"].end(),
                         [](const json& g) { return g["result"] != ""; });
    });
    auto next = post(port, admin + "/next-round", json::object(), arena.admin);
    REQUIRE_MESSAGE(next.status == 200, next.body);
    CHECK(body_of(next)["event"]["current_round"] == round + 1);
  }
  // Finished by the last game's own commit (#32): read right after the
  // resignation's answer, the page says so (no waiting for it).
  json page = event_page(port, id);
  CHECK(page["event"]["status"] == "finished");

  // Everyone met everyone once; the standings follow the results, best first.
  std::set<std::pair<std::string, std::string>> met;
  for (const auto& r : page["rounds"])
    for (const auto& p : r["pairings"]) {
      CHECK(p["result"] == "0-1");
      CHECK(p["reason"] == "resignation");
      met.insert(std::minmax(p["white"].get<std::string>(), p["black"].get<std::string>()));
    }
  CHECK(met.size() == 6);
  double last = 4;
  for (const auto& s : page["standings"]) {
    CHECK(s["score"].get<double>() == blacks[s["username"]]);
    CHECK(s["score"].get<double>() <= last);
    last = s["score"];
  }
  CHECK(page["standings"][0]["rank"] == 1);
  CHECK(error_code(post(port, admin + "/next-round", json::object(), arena.admin)) == "event_not_running");
}

TEST_CASE("event: a Swiss event with auto_pair pairs its next round itself, with a bye for three players") {
  Arena arena("swiss.db");
  const int port = arena.port;
  auto created = post(port, "/api/admin/events",
                      {{"name", "Quick Swiss"}, {"kind", "swiss"}, {"game", "yinsh"}, {"variant", "normal"}, {"rounds", 2},
                       {"auto_pair", true}, {"clock", kBlitz}},
                      arena.admin);
  REQUIRE_MESSAGE(created.status == 201, created.body);
  const std::int64_t id = body_of(created)["event"]["id"];
  const std::string base = "/api/events/" + std::to_string(id), admin = "/api/admin/events/" + std::to_string(id);
  CHECK(error_code(post(port, "/api/admin/events", {{"name", "S"}, {"kind", "swiss"}, {"game", "yinsh"}, {"variant", "normal"}},
                        arena.admin)) == "bad_field");  // no rounds
  std::map<std::string, Participant> players;
  for (std::string name : {"lea", "max", "ned", "oli"}) {
    std::string cookie = signup(port, name, name + "'s password");
    REQUIRE(post(port, base + "/join", json::object(), cookie).status == 200);
    if (name == "oli") CHECK(post(port, base + "/leave", json::object(), cookie).status == 200);
    else REQUIRE(identify_with(players[name], port, cookie));
  }
  auto started = post(port, admin + "/start", json::object(), arena.admin);
  REQUIRE_MESSAGE(started.status == 200, started.body);

  std::set<std::string> byes;
  for (int round = 1; round <= 2; ++round) {
    json page = wait_for_event(port, id, [round](const json& p) { return p["event"]["current_round"] == round; });
    const json& pairings = page["rounds"][round - 1]["pairings"];
    REQUIRE(pairings.size() == 2);
    for (const auto& p : pairings) {
      if (p["black"].is_null()) {
        CHECK(p["result"] == "1-0");
        CHECK(p["reason"] == "bye");
        CHECK(p["room"].is_null());
        byes.insert(p["white"].get<std::string>());
      } else {
        pairing_for(players[p["white"].get<std::string>()], p["room"]);
        resign(players[p["white"].get<std::string>()], p["room"]);
      }
    }
  }
  CHECK(byes.size() == 2);  // never the same player twice
  json page = wait_for_event(port, id, [](const json& p) { return p["event"]["status"] == "finished"; });
  double total = 0;
  for (const auto& s : page["standings"]) total += s["score"].get<double>();
  CHECK(total == 4);  // two games and a bye per round

  // The event as TRF-2026 (#32): three players, two rounds, one bye each
  // round (U), the games' results as 1/0 (no forfeits here).
  auto trf = get(port, base + "/trf");
  REQUIRE_MESSAGE(trf.status == 200, trf.body);
  CHECK(trf.body.rfind("012 Quick Swiss\r\n", 0) == 0);
  CHECK(trf.body.find("XXR 2\r\n") != std::string::npos);
  int player_lines = 0, byes_listed = 0;
  for (std::size_t at = trf.body.find("\n001 "); at != std::string::npos; at = trf.body.find("\n001 ", at + 1)) {
    ++player_lines;
    std::string line = trf.body.substr(at + 1, trf.body.find('\r', at) - at - 1);
    CHECK(line.size() == 91 + 2 * 10 - 2);  // two round entries from column 92
    if (line.find("0000 - U") != std::string::npos) ++byes_listed;
  }
  CHECK(player_lines == 3);
  CHECK(byes_listed == 2);
  CHECK(get(port, "/api/events/999999/trf").status == 404);

  // An event closed before its start still shows who registered; a blank body is an empty command.
  auto other = post(port, "/api/admin/events", {{"name", "Never"}, {"kind", "round-robin"}, {"game", "gipf"}, {"variant", "basic"}},
                    arena.admin);
  REQUIRE(other.status == 201);
  const std::string other_id = std::to_string(body_of(other)["event"]["id"].get<std::int64_t>());
  REQUIRE(post(port, "/api/events/" + other_id + "/join", json::object(), login(port, "lea", "lea's password")).status == 200);
  auto headers = kJson;
  headers["Cookie"] = arena.admin;
  auto closed = http_request(port, "POST", "/api/admin/events/" + other_id + "/close", " ", headers);
  REQUIRE_MESSAGE(closed.status == 200, closed.body);
  json never = event_page(port, body_of(other)["event"]["id"]);
  CHECK(never["event"]["status"] == "closed");
  REQUIRE(never["standings"].size() == 1);
  CHECK(never["standings"][0]["username"] == "lea");
  CHECK(never["standings"][0]["rank"] == 0);
}

TEST_CASE("ladder: a challenge waits for the defender: accepted it starts, put off it starts at its time, declined or unanswered it ends (#43)") {
  Arena arena("ladder-answers.db", {"--test-clock"});
  const int port = arena.port;
  std::map<std::string, std::string> cookie;
  for (std::string name : {"ada", "ben", "cyd", "dot"}) cookie[name] = signup(port, name, name + "'s password");
  auto created = post(port, "/api/admin/ladders", {{"name", "Answers"}, {"game", "yinsh"}, {"variant", "normal"}, {"answer_hours", 24}},
                      arena.admin);
  REQUIRE_MESSAGE(created.status == 201, created.body);
  const std::int64_t id = body_of(created)["ladder"]["id"];
  CHECK(body_of(created)["ladder"]["answer_hours"] == 24);
  const std::string base = "/api/ladders/" + std::to_string(id);
  for (std::string name : {"ada", "ben", "cyd", "dot"}) REQUIRE(post(port, base + "/join", json::object(), cookie[name]).status == 200);
  Participant ada, ben, cyd, dot;
  for (auto [p, name] : {std::pair{&ada, "ada"}, {&ben, "ben"}, {&cyd, "cyd"}, {&dot, "dot"}}) REQUIRE(identify_with(*p, port, cookie[name]));
  auto advance = [&](std::int64_t seconds) {
    REQUIRE(http_request(port, "POST", "/api/test/clock", json{{"advance_seconds", seconds}}.dump(), kJson).status == 200);
  };

  // dot challenges ben: no game yet; ben is told to answer on the ladder's page.
  auto challenged = post(port, base + "/challenge", {{"defender", "ben"}}, cookie["dot"]);
  REQUIRE_MESSAGE(challenged.status == 201, challenged.body);
  json challenge = body_of(challenged)["challenge"];
  CHECK(challenge["state"] == "proposed");
  CHECK(challenge["answer_by"].get<std::int64_t>() == challenge["created_at"].get<std::int64_t>() + 24 * 3600000LL);
  const std::string room = challenge["room"];
  const std::string answers = base + "/challenges/" + std::to_string(challenge["id"].get<std::int64_t>());
  CHECK(get(port, "/api/games/" + room).status == 404);
  auto notice = ben.ws.receive_type("notice", 5s);
  REQUIRE(notice);
  CHECK((*notice)["notice"]["kind"] == "challenge");
  CHECK((*notice)["notice"]["path"] == base.substr(4));  // "/ladders/ID"
  json page = ladder_page(port, id, cookie["ben"]);
  REQUIRE(page["challenges"].size() == 1);
  CHECK(page["challenges"][0]["state"] == "proposed");
  CHECK(page["challenges"][0]["decline_forfeits"] == false);

  // Only ben answers; accepting makes the game and tells both.
  CHECK(error_code(post(port, answers + "/accept", json::object(), cookie["dot"])) == "forbidden");
  CHECK(post(port, answers + "/accept", json::object()).status == 401);
  CHECK(post(port, base + "/challenges/999/accept", json::object(), cookie["ben"]).status == 404);
  CHECK(post(port, answers + "/shrug", json::object(), cookie["ben"]).status == 404);
  auto accepted = post(port, answers + "/accept", json::object(), cookie["ben"]);
  REQUIRE_MESSAGE(accepted.status == 200, accepted.body);
  CHECK(body_of(accepted)["challenge"]["state"] == "playing");
  for (Participant* p : {&ben, &dot}) {
    auto pairing = p->ws.receive_type("pairing", 5s);
    REQUIRE(pairing);
    CHECK((*pairing)["room"] == room);
  }
  CHECK(body_of(get(port, "/api/games/" + room))["status"] == "live");
  CHECK(error_code(post(port, answers + "/decline", json::object(), cookie["ben"])) == "challenge_answered");

  // cyd challenges ada, who puts the game off an hour: at that time its room is made and both are told.
  auto second = body_of(post(port, base + "/challenge", {{"defender", "ada"}}, cookie["cyd"]))["challenge"];
  const std::string later = base + "/challenges/" + std::to_string(second["id"].get<std::int64_t>());
  const std::int64_t made_at = second["created_at"];
  CHECK(error_code(post(port, later + "/schedule", {{"start_at", made_at + 8 * 86400000LL}}, cookie["ada"])) == "bad_field");
  CHECK(error_code(post(port, later + "/schedule", json::object(), cookie["ada"])) == "bad_field");
  auto scheduled = post(port, later + "/schedule", {{"start_at", made_at + 3600000}}, cookie["ada"]);
  REQUIRE_MESSAGE(scheduled.status == 200, scheduled.body);
  CHECK(body_of(scheduled)["challenge"]["state"] == "scheduled");
  CHECK(body_of(scheduled)["challenge"]["start_at"] == made_at + 3600000);
  auto told_cyd = cyd.ws.receive_type("notice", 5s);  // cyd hears of the time
  REQUIRE(told_cyd);
  CHECK((*told_cyd)["notice"]["text"].get<std::string>().find("ada chose a time for your challenge") == 0);
  advance(3601);
  for (Participant* p : {&ada, &cyd}) {
    auto pairing = p->ws.receive_type("pairing", 10s);
    REQUIRE(pairing);
    CHECK((*pairing)["room"] == second["room"]);
  }

  // ben declines cyd for free; then dot challenges cyd, who never answers: dot takes cyd's place.
  auto third = body_of(post(port, base + "/challenge", {{"defender", "ben"}}, cookie["cyd"]))["challenge"];
  auto declined = post(port, base + "/challenges/" + std::to_string(third["id"].get<std::int64_t>()) + "/decline", json::object(),
                       cookie["ben"]);
  REQUIRE_MESSAGE(declined.status == 200, declined.body);
  CHECK(body_of(declined)["challenge"]["outcome"] == "aborted");
  CHECK(body_of(declined)["challenge"]["reason"] == "declined");
  CHECK(usernames(ladder_page(port, id)["standings"]) == std::vector<std::string>{"ada", "ben", "cyd", "dot"});
  auto fourth = post(port, base + "/challenge", {{"defender", "cyd"}}, cookie["dot"]);
  REQUIRE_MESSAGE(fourth.status == 201, fourth.body);
  advance(25 * 3600);
  eventually([&] { return usernames(ladder_page(port, id)["standings"]) == std::vector<std::string>{"ada", "ben", "dot", "cyd"}; });
  page = ladder_page(port, id);
  CHECK(usernames(page["standings"]) == std::vector<std::string>{"ada", "ben", "dot", "cyd"});
  bool unanswered = false;
  for (const auto& g : page["games"]) unanswered |= g["reason"] == "no_answer" && g["outcome"] == "challenger" && g["challenger"] == "dot";
  CHECK(unanswered);
}
