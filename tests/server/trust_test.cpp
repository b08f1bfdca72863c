// Trust and safety end to end (#34; PROTOCOL.md, Trust and safety): a ban
// that takes the player out of a ladder and a running Swiss event; a guest
// named like a moderator; who speaks shown on chat lines and seats; guest
// chat by policy and a muted account's guest; a report from a game to its
// resolution; a block that refuses a challenge, an invitation and chat.
#include <map>

#include "account_test_support.hpp"

using namespace test_support;

namespace {

const json kBlitz{{"kind", "live"}, {"initial_ms", 180000}, {"increment_ms", 2000}};

json body_of(const HttpReply& r) { return json::parse(r.body); }

json page_of(int port, const std::string& path) {
  auto r = get(port, path);
  REQUIRE_MESSAGE(r.status == 200, r.body);
  return body_of(r);
}

// Everything `p` receives until the answer to a ping: what the server had
// queued for it before (frames of one connection keep their order).
std::vector<json> until_pong(Participant& p) {
  p.ws.send({{"type", "ping"}});
  std::vector<json> seen;
  for (int i = 0; i < 200; ++i) {
    auto m = p.ws.receive(5s);
    REQUIRE(m);
    if ((*m)["type"] == "pong") return seen;
    seen.push_back(*m);
  }
  FAIL("no pong");
  return seen;
}

// The next chat line saying `text` that `p` receives (its own lines come back too).
json chat_saying(Participant& p, const std::string& text) {
  for (int i = 0; i < 20; ++i) {
    auto line = p.ws.receive_type("chat", 5s);
    REQUIRE(line);
    if ((*line)["text"] == text) return *line;
  }
  FAIL("no chat line '" << text << "'");
  return {};
}

bool has_chat(const std::vector<json>& frames) {
  for (const auto& f : frames)
    if (f["type"] == "chat") return true;
  return false;
}

// Creates a room as `creator` with `options`; its id (the snapshot read).
std::string create_room(Participant& creator, json options) {
  options["type"] = "create_room";
  options["color"] = "white";
  creator.ws.send(options);
  auto created = creator.ws.receive_type("room_created", 5s);
  REQUIRE(created);
  REQUIRE(creator.ws.receive_type("room", 5s));
  return (*created)["room"];
}

// `p` watches `room` (its snapshot read); the snapshot.
json watch(Participant& p, const std::string& room) {
  p.ws.send({{"type", "watch"}, {"room", room}});
  auto snapshot = p.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  return *snapshot;
}

// `p` says `text` in `room`: the answer (ack or error).
json say(Participant& p, const std::string& room, const std::string& text) {
  p.ws.send({{"type", "chat"}, {"room", room}, {"text", text}, {"id", 7}});
  for (int i = 0; i < 50; ++i) {
    auto m = p.ws.receive(5s);
    REQUIRE(m);
    if (((*m)["type"] == "ack" || (*m)["type"] == "error") && (*m)["id"] == 7) return *m;
  }
  FAIL("no answer to chat");
  return {};
}

}  // namespace

TEST_CASE("trust: a ban takes the player off a ladder and out of a running Swiss event; lifting it restores nothing") {
  Arena arena("trust_ban.db");
  const int port = arena.port;
  std::map<std::string, std::string> cookie;
  for (std::string name : {"ada", "ben", "cyd", "dot"}) cookie[name] = signup(port, name, name + "'s password");

  auto ladder = post(port, "/api/admin/ladders", {{"name", "Club"}, {"game", "yinsh"}, {"variant", "blitz"}, {"clock", kBlitz}, {"answer_hours", 0}},
                     arena.admin);
  REQUIRE_MESSAGE(ladder.status == 201, ladder.body);
  const std::string ladder_path = "/api/ladders/" + std::to_string(body_of(ladder)["ladder"]["id"].get<std::int64_t>());
  for (std::string name : {"ada", "ben", "cyd"}) REQUIRE(post(port, ladder_path + "/join", json::object(), cookie[name]).status == 200);

  auto event = post(port, "/api/admin/events",
                    {{"name", "Swiss"}, {"kind", "swiss"}, {"game", "yinsh"}, {"variant", "normal"}, {"rounds", 2},
                     {"auto_pair", true}, {"clock", kBlitz}},
                    arena.admin);
  REQUIRE_MESSAGE(event.status == 201, event.body);
  const std::int64_t event_id = body_of(event)["event"]["id"];
  const std::string event_path = "/api/events/" + std::to_string(event_id);
  std::map<std::string, Participant> players;
  for (std::string name : {"ada", "ben", "cyd", "dot"}) {
    REQUIRE(post(port, event_path + "/join", json::object(), cookie[name]).status == 200);
    REQUIRE(identify_with(players[name], port, cookie[name]));
  }
  auto started = post(port, "/api/admin/events/" + std::to_string(event_id) + "/start", json::object(), arena.admin);
  REQUIRE_MESSAGE(started.status == 200, started.body);
  json round1 = page_of(port, event_path)["rounds"][0]["pairings"];
  REQUIRE(round1.size() == 2);

  auto banned = post(port, "/api/admin/users/ben/ban", {{"minutes", 60}, {"reason", "abuse"}}, arena.admin);
  REQUIRE_MESSAGE(banned.status == 200, banned.body);

  // The ladder: off the standings, and challenging them is refused with a clear code.
  json standings = page_of(port, ladder_path)["standings"];
  CHECK(usernames(standings) == std::vector<std::string>{"ada", "cyd"});
  auto challenge = post(port, ladder_path + "/challenge", {{"defender", "ben"}}, cookie["cyd"]);
  CHECK(challenge.status == 409);
  CHECK(error_code(challenge) == "player_banned");
  auto add = post(port, "/api/admin" + ladder_path.substr(4) + "/add", {{"username", "ben"}}, arena.admin);
  CHECK(error_code(add) == "player_banned");

  // The event: withdrawn, their game lost by forfeit, the other game played out.
  json page = page_of(port, event_path);
  for (const auto& s : page["standings"])
    CHECK(s["withdrawn"] == (s["username"] == "ben"));
  std::string other_room, other_white;
  for (const auto& p : page["rounds"][0]["pairings"]) {
    if (p["white"] == "ben" || p["black"] == "ben") {
      CHECK(p["result"] == (p["white"] == "ben" ? "0-1" : "1-0"));
      CHECK(p["reason"] == "withdrawn");
    } else {
      other_room = p["room"];
      other_white = p["white"];
    }
  }
  REQUIRE(!other_room.empty());
  Participant& resigner = players[other_white];
  resigner.ws.send({{"type", "join_room"}, {"room", other_room}});
  REQUIRE(resigner.ws.receive_type("room", 5s));
  resigner.ws.send({{"type", "resign"}, {"room", other_room}});
  next_event(resigner, "resigned");

  // Round 2 is paired without them: three players, one game and a bye.
  json paired;
  REQUIRE(eventually([&] {
    paired = page_of(port, event_path);
    return paired["event"]["current_round"] == 2;
  }));
  const json& round2 = paired["rounds"][1]["pairings"];
  REQUIRE(round2.size() == 2);
  for (const auto& p : round2) {
    CHECK(p["white"] != "ben");
    CHECK(p["black"] != "ben");
  }

  // Lifting the ban does not give the ladder place back.
  REQUIRE(post(port, "/api/admin/users/ben/unban", json::object(), arena.admin).status == 200);
  CHECK(usernames(page_of(port, ladder_path)["standings"]) == std::vector<std::string>{"ada", "cyd"});
  std::string again = login(port, "ben", "ben's password");
  CHECK(body_of(post(port, ladder_path + "/join", json::object(), again))["position"] == 3);
}

TEST_CASE("trust: a guest may not take a moderator's name; chat lines and seats say who is staff") {
  Arena arena("trust_names.db");
  const int port = arena.port;
  std::string mod_cookie = signup(port, "Mod_Ann", "ann's password");
  REQUIRE(post(port, "/api/admin/users/mod_ann/role", {{"role", "moderator"}}, arena.admin).status == 200);
  mod_cookie = login(port, "Mod_Ann", "ann's password");

  // A new guest asking for the name gets "Guest N"; renames to look-alikes are refused.
  Participant guest;
  REQUIRE(guest.ws.connect(port));
  guest.ws.send({{"type", "hello"}, {"protocol", 1}, {"name", "mod_ann"}});
  auto welcome = guest.ws.receive_type("welcome", 5s);
  REQUIRE(welcome);
  CHECK((*welcome)["player"]["name"] != "mod_ann");
  CHECK((*welcome)["player"]["kind"] == "guest");
  for (std::string name : {"MOD_ANN", "m0d-ann", "Mod Ann", "Моd_Аnn" /* Cyrillic М and А */, "admin", "Adm1n", "moderator"}) {
    guest.ws.send({{"type", "set_name"}, {"name", name}});
    auto refused = guest.ws.receive_type("error", 5s);
    REQUIRE(refused);
    CHECK_MESSAGE((*refused)["code"] == "name_reserved", name);
  }
  guest.ws.send({{"type", "set_name"}, {"name", "Ann the guest"}});
  REQUIRE(guest.ws.receive_type("name_set", 5s));

  // A known guest's hello with a reserved name keeps its stored name.
  Participant again;
  REQUIRE(again.ws.connect(port));
  again.ws.send({{"type", "hello"}, {"protocol", 1}, {"token", (*welcome)["token"]}, {"name", "Mod-Ann"}});
  auto back = again.ws.receive_type("welcome", 5s);
  REQUIRE(back);
  CHECK((*back)["player"]["name"] == "Ann the guest");

  // A guest named before the account existed loses the name at its next hello.
  Participant early;
  REQUIRE(early.identify(port, "Late Comer"));
  signup(port, "latecomer", "latecomer's password");
  Participant returning;
  REQUIRE(returning.ws.connect(port));
  returning.ws.send({{"type", "hello"}, {"protocol", 1}, {"token", early.token}});
  auto renamed = returning.ws.receive_type("welcome", 5s);
  REQUIRE(renamed);
  CHECK((*renamed)["player"]["name"] == "Guest " + std::to_string(early.player_id));

  // The moderator's room: seats and chat lines carry the kind.
  Participant mod;
  json mod_welcome;
  REQUIRE(identify_with(mod, port, mod_cookie, &mod_welcome));
  CHECK(mod_welcome["player"]["kind"] == "moderator");
  std::string seated = create_room(mod, {{"game", "yinsh"}, {"variant", "normal"}});
  json snapshot = watch(guest, seated);
  CHECK(snapshot["room"]["white"]["kind"] == "moderator");
  // Both watch a third player's room: the spectators' channel reaches both.
  Participant host;
  REQUIRE(host.identify(port, "Host"));
  std::string room = create_room(host, {{"game", "yinsh"}, {"variant", "normal"}});
  CHECK(watch(mod, room)["room"]["white"]["kind"] == "guest");
  watch(guest, room);
  CHECK(say(mod, room, "hello from staff")["type"] == "ack");
  CHECK(chat_saying(guest, "hello from staff")["player"]["kind"] == "moderator");
  CHECK(say(guest, room, "hello from a guest")["type"] == "ack");
  json guest_line = chat_saying(mod, "hello from a guest");
  CHECK(guest_line["player"]["kind"] == "guest");
  CHECK(guest_line["player"]["name"] == "Ann the guest");
  json detail = page_of(port, "/api/games/" + seated);
  INFO(detail.dump());
  CHECK(detail["white"]["kind"] == "moderator");
}

TEST_CASE("trust: guests chat by --guest-chat; a muted account cannot write as its browser's guest") {
  SUBCASE("casual (the default): not in a rated game, yes in a casual one; a muted account's guest is muted") {
    Arena arena("trust_casual.db");
    const int port = arena.port;
    std::string eve_cookie = signup(port, "eve", "eve's password");
    Participant eve;
    REQUIRE(identify_with(eve, port, eve_cookie));
    std::string rated = create_room(eve, {{"game", "yinsh"}, {"variant", "blitz"}, {"clock", kBlitz}, {"rated", true}});
    std::string casual = create_room(eve, {{"game", "yinsh"}, {"variant", "normal"}});
    Participant guest;
    REQUIRE(guest.identify(port, "Visitor"));
    watch(guest, rated);
    watch(guest, casual);
    CHECK(say(guest, rated, "hi")["code"] == "guest_chat_off");
    CHECK(say(guest, casual, "hi")["type"] == "ack");
    CHECK(say(eve, rated, "accounts may")["type"] == "ack");

    // Mallory's browser: a guest first, then signed in (the hello carries the
    // guest token with the cookie), muted, then writing as that guest.
    Participant before;
    REQUIRE(before.identify(port, "Mallory's guest"));
    std::string token = before.token;
    std::string mallory_cookie = signup(port, "mallory", "mallory's password");
    Participant signed_in;
    REQUIRE(signed_in.ws.connect(port, "", mallory_cookie));
    signed_in.ws.send({{"type", "hello"}, {"protocol", 1}, {"token", token}});
    REQUIRE(signed_in.ws.receive_type("welcome", 5s));
    REQUIRE(post(port, "/api/admin/users/mallory/mute", {{"minutes", 60}, {"reason", "spam"}}, arena.admin).status == 200);
    Participant as_guest;
    REQUIRE(as_guest.identify(port, "Mallory's guest", token));
    watch(as_guest, casual);
    CHECK(say(as_guest, casual, "still here")["code"] == "muted");
    CHECK(say(guest, casual, "another guest may")["type"] == "ack");
  }
  SUBCASE("none: guests nowhere") {
    Arena arena("trust_none.db", {"--guest-chat", "none"});
    Participant guest;
    REQUIRE(guest.identify(arena.port, "Visitor"));
    std::string room = create_room(guest, {{"game", "yinsh"}, {"variant", "normal"}});
    CHECK(say(guest, room, "hi")["code"] == "guest_chat_off");
  }
  SUBCASE("all: guests in rated games too") {
    Arena arena("trust_all.db", {"--guest-chat", "all"});
    std::string cookie = signup(arena.port, "eve", "eve's password");
    Participant eve, guest;
    REQUIRE(identify_with(eve, arena.port, cookie));
    std::string rated = create_room(eve, {{"game", "yinsh"}, {"variant", "blitz"}, {"clock", kBlitz}, {"rated", true}});
    REQUIRE(guest.identify(arena.port, "Visitor"));
    watch(guest, rated);
    CHECK(say(guest, rated, "hi")["type"] == "ack");
  }
}

TEST_CASE("trust: a report from a game to its resolution; the reporter learns the outcome; audited") {
  Arena arena("trust_reports.db");
  const int port = arena.port;
  std::string rita = signup(port, "rita", "rita's password");
  std::string mod_cookie = signup(port, "moe", "moe's password");
  REQUIRE(post(port, "/api/admin/users/moe/role", {{"role", "moderator"}}, arena.admin).status == 200);
  mod_cookie = login(port, "moe", "moe's password");

  Participant reporter, troll;
  REQUIRE(identify_with(reporter, port, rita));
  REQUIRE(troll.identify(port, "Troll"));
  std::string room = open_game(reporter, troll, {{"game", "yinsh"}, {"variant", "normal"}});
  // What the troll wrote there, one line deleted by a moderator: the queue shows both, the deleted one marked.
  CHECK(say(reporter, room, "good luck")["type"] == "ack");
  CHECK(say(troll, room, "first insult")["type"] == "ack");
  CHECK(say(troll, room, "second insult")["type"] == "ack");
  const std::int64_t second = chat_saying(reporter, "second insult")["seq"];
  Participant moderator;
  REQUIRE(identify_with(moderator, port, mod_cookie));
  watch(moderator, room);
  moderator.ws.send({{"type", "delete_chat"}, {"room", room}, {"seq", second}});
  REQUIRE(reporter.ws.receive_type("chat_deleted", 5s));

  json body{{"player", troll.player_id}, {"reason", "insults in chat"}, {"room", room}};
  CHECK(post(port, "/api/reports", body).status == 401);
  CHECK(error_code(post(port, "/api/reports", {{"player", reporter.player_id}, {"reason", "me"}}, rita)) == "bad_field");
  CHECK(error_code(post(port, "/api/reports", {{"player", troll.player_id}, {"reason", ""}}, rita)) == "bad_field");
  CHECK(error_code(post(port, "/api/reports", {{"player", troll.player_id}, {"reason", "x"}, {"extra", 1}}, rita)) ==
        "bad_field");
  CHECK(error_code(post(port, "/api/reports", {{"username", "nobody"}, {"reason", "x"}}, rita)) == "not_found");
  CHECK(error_code(post(port, "/api/reports", {{"player", troll.player_id}, {"reason", "x"}, {"room", "zzzzzzzz"}}, rita)) ==
        "not_found");
  auto filed = post(port, "/api/reports", body, rita);
  REQUIRE_MESSAGE(filed.status == 201, filed.body);
  json report = body_of(filed)["report"];
  CHECK(report["status"] == "open");
  CHECK(report["room"] == room);
  CHECK(report["player"]["name"] == "Troll");
  CHECK(report["player"]["kind"] == "guest");
  CHECK(report["outcome"].is_null());
  CHECK(error_code(post(port, "/api/reports", body, rita)) == "already_reported");

  // The queue is the moderators'.
  CHECK(get(port, "/api/admin/reports").status == 403);
  CHECK(get(port, "/api/admin/reports", rita).status == 403);
  auto listed = get(port, "/api/admin/reports", mod_cookie);
  REQUIRE(listed.status == 200);
  REQUIRE(body_of(listed)["total"] == 1);
  CHECK(body_of(listed)["reports"][0]["id"] == report["id"]);
  json lines = body_of(listed)["reports"][0]["chat"];
  INFO(lines.dump());
  REQUIRE(lines.size() == 2);  // the troll's, not the reporter's "good luck"
  CHECK(lines[0]["text"] == "first insult");
  CHECK(lines[0]["deleted"] == false);
  CHECK(lines[0]["channel"] == "players");
  CHECK(lines[1]["text"] == "second insult");
  CHECK(lines[1]["seq"] == second);
  CHECK(lines[1]["deleted"] == true);
  CHECK(!body_of(filed)["report"].contains("chat"));  // the reporter's copy carries none
  const std::string resolve = "/api/admin/reports/" + std::to_string(report["id"].get<std::int64_t>()) + "/resolve";
  CHECK(post(port, resolve, {{"outcome", "warned"}}, rita).status == 403);
  CHECK(error_code(post(port, resolve, {{"outcome", ""}}, mod_cookie)) == "bad_field");
  CHECK(error_code(post(port, "/api/admin/reports/999/resolve", {{"outcome", "x"}}, mod_cookie)) == "not_found");
  auto resolved = post(port, resolve, {{"outcome", "the guest was warned"}}, mod_cookie);
  REQUIRE_MESSAGE(resolved.status == 200, resolved.body);
  CHECK(body_of(resolved)["report"]["resolved_by"] == "moe");
  CHECK(error_code(post(port, resolve, {{"outcome", "again"}}, mod_cookie)) == "report_resolved");

  // The reporter hears of it on the WebSocket and reads it in their reports.
  auto notice = reporter.ws.receive_type("report_resolved", 5s);
  REQUIRE(notice);
  CHECK((*notice)["report"]["outcome"] == "the guest was warned");
  json mine = body_of(get(port, "/api/reports/mine", rita))["reports"];
  REQUIRE(mine.size() == 1);
  CHECK(mine[0]["status"] == "resolved");
  CHECK(mine[0]["outcome"] == "the guest was warned");
  CHECK(body_of(get(port, "/api/admin/reports?status=resolved", mod_cookie))["total"] == 1);
  CHECK(body_of(get(port, "/api/admin/reports", mod_cookie))["total"] == 0);
  json audit = body_of(get(port, "/api/admin/audit", arena.admin))["entries"][0];
  CHECK(audit["action"] == "resolve_report");
  CHECK(audit["target"] == "report:" + std::to_string(report["id"].get<std::int64_t>()));
  CHECK(audit["actor"]["username"] == "moe");

  // Rate limited: 10 an hour per account (this was the first).
  std::vector<Participant> guests(10);
  for (int i = 0; i < 10; ++i) REQUIRE(guests[i].identify(port, "Someone " + std::to_string(i)));
  for (int i = 0; i < 9; ++i)
    REQUIRE(post(port, "/api/reports", {{"player", guests[i].player_id}, {"reason", "spam"}}, rita).status == 201);
  auto limited = post(port, "/api/reports", {{"player", guests[9].player_id}, {"reason", "spam"}}, rita);
  CHECK(limited.status == 429);
  CHECK(error_code(limited) == "rate_limited");
}

TEST_CASE("trust: a block refuses a ladder challenge and a private invitation, and hides chat from the blocker") {
  Arena arena("trust_blocks.db");
  const int port = arena.port;
  std::string ada = signup(port, "ada", "ada's password");
  std::string ben = signup(port, "ben", "ben's password");
  std::string cyd = signup(port, "cyd", "cyd's password");

  CHECK(post(port, "/api/blocks/ben", json::object()).status == 401);
  CHECK(error_code(post(port, "/api/blocks/ada", json::object(), ada)) == "bad_field");
  CHECK(error_code(post(port, "/api/blocks/nobody", json::object(), ada)) == "not_found");
  auto blocked = post(port, "/api/blocks/BEN", json::object(), ada);
  REQUIRE_MESSAGE(blocked.status == 201, blocked.body);
  CHECK(body_of(blocked)["block"]["username"] == "ben");
  CHECK(body_of(get(port, "/api/blocks", ada))["blocks"] == json::array({body_of(blocked)["block"]}));

  // A ladder challenge of the blocker is refused; others may still challenge.
  auto ladder = post(port, "/api/admin/ladders", {{"name", "Club"}, {"game", "yinsh"}, {"variant", "blitz"}, {"clock", kBlitz}, {"answer_hours", 0}},
                     arena.admin);
  REQUIRE(ladder.status == 201);
  const std::string path = "/api/ladders/" + std::to_string(body_of(ladder)["ladder"]["id"].get<std::int64_t>());
  for (const auto& c : {ada, ben, cyd}) REQUIRE(post(port, path + "/join", json::object(), c).status == 200);
  auto refused = post(port, path + "/challenge", {{"defender", "ada"}}, ben);
  CHECK(refused.status == 403);
  CHECK(error_code(refused) == "blocked");
  CHECK(post(port, path + "/challenge", {{"defender", "ada"}}, cyd).status == 201);

  // The blocker's private invitation: the blocked player may not sit down.
  Participant pa, pb, pc;
  REQUIRE(identify_with(pa, port, ada));
  REQUIRE(identify_with(pb, port, ben));
  REQUIRE(identify_with(pc, port, cyd));
  std::string invitation = create_room(pa, {{"game", "yinsh"}, {"variant", "normal"}, {"visibility", "private"}});
  pb.ws.send({{"type", "join_room"}, {"room", invitation}});
  auto no_seat = pb.ws.receive_type("error", 5s);
  REQUIRE(no_seat);
  CHECK((*no_seat)["code"] == "blocked");

  // Chat: ben's lines reach cyd, not ada; after the unblock they reach ada too.
  std::string room = create_room(pc, {{"game", "yinsh"}, {"variant", "normal"}});
  watch(pa, room);
  watch(pb, room);
  CHECK(say(pb, room, "can you hear me")["type"] == "ack");
  // Waited for, not read up to a pong: the room queues the line for each
  // subscriber after ben's ack, so a slow machine may deliver it after a pong.
  CHECK(chat_saying(pc, "can you hear me")["text"] == "can you hear me");
  CHECK(!has_chat(until_pong(pa)));  // the room sends each line to all its subscribers at once
  Participant late;
  REQUIRE(identify_with(late, port, ada));
  late.ws.send({{"type", "watch"}, {"room", room}});
  auto history = late.ws.receive_type("chat_history", 5s);
  REQUIRE(history);
  CHECK((*history)["messages"].empty());

  auto unblocked = http_request(port, "DELETE", "/api/blocks/ben", "", {{"Cookie", ada}});
  CHECK(unblocked.status == 204);
  CHECK(http_request(port, "DELETE", "/api/blocks/ben", "", {{"Cookie", ada}}).status == 404);
  CHECK(body_of(get(port, "/api/blocks", ada))["blocks"].empty());
  CHECK(say(pb, room, "and now")["type"] == "ack");
  CHECK(chat_saying(pa, "and now")["text"] == "and now");
}
