// Accounts end to end against the real server (PROTOCOL.md, Accounts): sign up,
// sessions, CSRF, login limits, roles on every admin path, bans that take
// effect, aborts and adjudications, the command line, and a database that
// holds no password or session in clear.
#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "account_test_support.hpp"

using namespace test_support;

namespace {

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("accounts: sign up, the session cookie, log out, log in; usernames unique ignoring case") {
  ServerProcess server(temp_store("accounts.db"));
  REQUIRE(server.start());
  int port = server.port();

  auto created = post(port, "/api/account/signup", {{"username", "Alice_1"}, {"password", "correct horse"}});
  REQUIRE(created.status == 201);
  auto account = json::parse(created.body)["account"];
  CHECK(account["username"] == "Alice_1");
  CHECK(account["role"] == "player");
  std::string set_cookie = created.headers["set-cookie"];
  CHECK(set_cookie.find("HttpOnly") != std::string::npos);
  CHECK(set_cookie.find("SameSite=Lax") != std::string::npos);
  CHECK(set_cookie.find("Path=/") != std::string::npos);
  CHECK(set_cookie.find("Max-Age=2592000") != std::string::npos);
  CHECK(set_cookie.find("Secure") == std::string::npos);  // not without --secure-cookies
  std::string cookie = cookie_of(created);
  CHECK(cookie.size() == std::string("arena_session=").size() + 64);

  auto me = get(port, "/api/account", cookie);
  CHECK(me.status == 200);
  CHECK(json::parse(me.body)["account"] == account);
  CHECK(error_code(get(port, "/api/account")) == "not_authenticated");

  CHECK(error_code(post(port, "/api/account/signup", {{"username", "alice_1"}, {"password", "another one"}})) == "username_taken");
  CHECK(error_code(post(port, "/api/account/signup", {{"username", "al"}, {"password", "long enough"}})) == "bad_username");
  CHECK(error_code(post(port, "/api/account/signup", {{"username", "bad name"}, {"password", "long enough"}})) == "bad_username");
  CHECK(error_code(post(port, "/api/account/signup", {{"username", "bob"}, {"password", "short"}})) == "bad_password");
  CHECK(error_code(post(port, "/api/account/signup", {{"username", "bob"}, {"password", std::string(129, 'x')}})) == "bad_password");
  CHECK(error_code(post(port, "/api/account/signup", {{"username", "bob"}, {"password", "long enough"}, {"admin", true}})) ==
        "bad_field");
  CHECK(error_code(http_request(port, "POST", "/api/account/signup", "{not json", kJson)) == "bad_json");
  CHECK(get(port, "/api/account/signup").status == 405);

  Participant socket;
  REQUIRE(identify_with(socket, port, cookie));
  auto out = post(port, "/api/account/logout", json::object(), cookie);
  CHECK(out.status == 204);
  while (!socket.ws.closed()) socket.ws.receive(1s);  // the connections opened with that session close
  CHECK(socket.ws.close_code() == 1008);
  CHECK(out.headers["set-cookie"].find("Max-Age=0") != std::string::npos);
  CHECK(get(port, "/api/account", cookie).status == 401);  // the session is gone

  // The same answer for a wrong password and an unknown username.
  auto wrong = post(port, "/api/account/login", {{"username", "alice_1"}, {"password", "wrong horse"}});
  auto unknown = post(port, "/api/account/login", {{"username", "nobody"}, {"password", "wrong horse"}});
  CHECK(wrong.status == 401);
  CHECK(unknown.status == 401);
  CHECK(wrong.body == unknown.body);
  CHECK(error_code(wrong) == "bad_credentials");

  std::string again = login(port, "ALICE_1", "correct horse");  // the username ignoring case
  CHECK(again != cookie);
  CHECK(get(port, "/api/account", again).status == 200);
  CHECK(get(port, "/api/account", "arena_session=" + std::string(64, 'a')).status == 401);

  auto profile = get(port, "/api/players/alice_1");
  REQUIRE(profile.status == 200);
  CHECK(json::parse(profile.body)["player"]["username"] == "Alice_1");
  CHECK(json::parse(profile.body)["player"]["games_played"] == 0);
  CHECK(json::parse(profile.body)["player"]["created"] == json::parse(profile.body)["player"]["created_at"]);
  CHECK(error_code(get(port, "/api/players/nobody")) == "not_found");
  CHECK(error_code(get(port, "/api/players/..%2f")) == "not_found");
  CHECK(get(port, "/@/Alice_1").status == 200);  // the client's profile page
}

TEST_CASE("accounts: CSRF — JSON only, and a page's Origin must be allowed") {
  ServerProcess server(temp_store("csrf.db"));
  REQUIRE(server.start());
  int port = server.port();
  std::string body = json{{"username", "carol"}, {"password", "long enough"}}.dump();
  auto form = http_request(port, "POST", "/api/account/signup", body, {{"Content-Type", "application/x-www-form-urlencoded"}});
  CHECK(form.status == 415);
  CHECK(error_code(form) == "bad_content_type");
  CHECK(error_code(http_request(port, "POST", "/api/account/signup", body)) == "bad_content_type");
  auto evil = http_request(port, "POST", "/api/account/signup", body,
                           {{"Content-Type", "application/json"}, {"Origin", "http://evil.example"}});
  CHECK(evil.status == 403);
  CHECK(error_code(evil) == "origin_not_allowed");
  CHECK(error_code(get(port, "/api/players/carol")) == "not_found");  // nothing was created
  std::string own = "http://127.0.0.1:" + std::to_string(port);
  auto ours = http_request(port, "POST", "/api/account/signup", body,
                           {{"Content-Type", "application/json; charset=utf-8"}, {"Origin", own},
                            {"Host", "127.0.0.1:" + std::to_string(port)}});
  CHECK(ours.status == 201);
}

TEST_CASE("accounts: ten failed logins lock the account out (429), even with the right password") {
  ServerProcess server(temp_store("limits.db"));
  REQUIRE(server.start());
  int port = server.port();
  signup(port, "dave", "right password");
  for (int i = 0; i < 10; ++i)
    CHECK(post(port, "/api/account/login", {{"username", "dave"}, {"password", "wrong password"}}).status == 401);
  auto locked = post(port, "/api/account/login", {{"username", "dave"}, {"password", "right password"}});
  CHECK(locked.status == 429);
  CHECK(error_code(locked) == "rate_limited");
  CHECK(std::stoi(locked.headers["retry-after"]) > 0);
  // Another account from the same address is not locked.
  signup(port, "erin", "right password");
  CHECK(post(port, "/api/account/login", {{"username", "erin"}, {"password", "right password"}}).status == 200);
}

TEST_CASE("accounts: a right password takes back only its own attempt (9 failures, a login, then the 10th failure locks)") {
  ServerProcess server(temp_store("limits_success.db"));
  REQUIRE(server.start());
  int port = server.port();
  signup(port, "frank", "right password");
  for (int i = 0; i < 9; ++i)
    CHECK(post(port, "/api/account/login", {{"username", "frank"}, {"password", "wrong password"}}).status == 401);
  login(port, "frank", "right password");
  CHECK(post(port, "/api/account/login", {{"username", "frank"}, {"password", "wrong password"}}).status == 401);
  auto locked = post(port, "/api/account/login", {{"username", "frank"}, {"password", "wrong password"}});
  CHECK(locked.status == 429);
  CHECK(error_code(locked) == "rate_limited");
}

TEST_CASE("accounts: the WebSocket knows the account by its cookie; a guest who signs up keeps their games") {
  ServerProcess server(temp_store("ws-accounts.db"));
  REQUIRE(server.start());
  int port = server.port();

  // A guest plays and finishes a game.
  Participant guest, other;
  REQUIRE(guest.identify(port, "Guesty"));
  REQUIRE(other.identify(port, "Other"));
  std::string room = open_game(guest, other, {{"game", "yinsh"}, {"variant", "blitz"}});
  guest.ws.send({{"type", "resign"}, {"room", room}});
  REQUIRE(guest.ws.receive_type("ack", 5s));
  std::int64_t guest_id = guest.player_id;
  std::string guest_token = guest.token;

  std::string cookie = signup(port, "frank", "frank's password", guest_token);
  auto profile = json::parse(get(port, "/api/players/frank").body)["player"];
  CHECK(profile["games_played"] == 1);
  REQUIRE(profile["recent"].size() == 1);
  CHECK(profile["recent"][0]["id"] == room);
  CHECK(profile["recent"][0]["white"]["name"] == "frank");  // the guest's name became the username

  Participant frank;
  json welcome;
  REQUIRE(identify_with(frank, port, cookie, &welcome));
  CHECK(welcome["player"]["id"] == guest_id);  // the same player: seats and games kept
  CHECK(welcome["player"]["name"] == "frank");
  CHECK(welcome["token"].is_null());
  CHECK(welcome["account"]["username"] == "frank");
  CHECK(welcome["account"]["role"] == "player");
  frank.ws.send({{"type", "set_name"}, {"name", "Someone else"}});
  auto refused = frank.ws.receive_type("error", 5s);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "forbidden");

  // The guest token no longer opens the account's player.
  Participant old_token;
  REQUIRE(old_token.identify(port, "Intruder", guest_token));
  CHECK(old_token.player_id != guest_id);

  // Without a cookie (or with a dead one) a connection is a guest's.
  Participant anonymous;
  json guest_welcome;
  REQUIRE(identify_with(anonymous, port, "arena_session=" + std::string(64, 'b'), &guest_welcome));
  CHECK(guest_welcome["account"].is_null());
  CHECK(guest_welcome["token"].is_string());
}

TEST_CASE("roles: every admin path refuses guests and players (403); moderators may not set roles or read the audit") {
  std::string db = temp_store("roles.db");
  REQUIRE(admin_command("add-account mod1 --role moderator --db " + db, "moderator pass\n") == 0);
  ServerProcess server(db);
  REQUIRE(server.start());
  int port = server.port();
  std::string player = signup(port, "gina", "gina's password");
  std::string hank = signup(port, "hank", "hank's password");
  Participant hank_ws;  // open while an admin changes the role: closed so that it comes back with the new one
  REQUIRE(identify_with(hank_ws, port, hank));
  std::string moderator = login(port, "mod1", "moderator pass");

  const std::vector<std::pair<std::string, std::string>> paths{
      {"GET", "/api/admin/users"},
      {"GET", "/api/admin/audit"},
      {"POST", "/api/admin/users/hank/role"},
      {"POST", "/api/admin/users/hank/ban"},
      {"POST", "/api/admin/users/hank/unban"},
      {"POST", "/api/admin/users/hank/mute"},
      {"POST", "/api/admin/users/hank/unmute"},
      {"POST", "/api/admin/games/abcdefghijklmnopqrstuvwxyz/abort"},
      {"POST", "/api/admin/games/abcdefghijklmnopqrstuvwxyz/adjudicate"},
  };
  for (const auto& entry : paths) {
    const std::string& method = entry.first;
    const std::string& path = entry.second;
    CAPTURE(path);
    auto as_guest = http_request(port, method, path, "{}", kJson);
    CHECK(as_guest.status == 403);
    CHECK(error_code(as_guest) == "forbidden");
    auto as_player = http_request(port, method, path, "{}", {{"Content-Type", "application/json"}, {"Cookie", player}});
    CHECK(as_player.status == 403);
    CHECK(error_code(as_player) == "forbidden");
  }
  CHECK(error_code(post(port, "/api/admin/users/hank/role", {{"role", "moderator"}}, moderator)) == "forbidden");
  CHECK(error_code(get(port, "/api/admin/audit", moderator)) == "forbidden");
  CHECK(error_code(post(port, "/api/admin/users/mod1/mute", {{"minutes", 5}, {"reason", "self"}}, moderator)) == "forbidden");
  CHECK(json::parse(get(port, "/api/admin/users?q=mod1", moderator).body)["total"] == 1);
  CHECK(get(port, "/api/admin/users?q=" + std::string(20, 'x'), moderator).status == 200);
  CHECK(error_code(get(port, "/api/admin/users?q=a%20b", moderator)) == "bad_field");
  auto users = get(port, "/api/admin/users?q=h", moderator);
  REQUIRE(users.status == 200);
  CHECK(json::parse(users.body)["total"] == 1);
  CHECK(json::parse(users.body)["users"][0]["username"] == "hank");
  auto muted = post(port, "/api/admin/users/hank/mute", {{"minutes", 10}, {"reason", "shouting"}}, moderator);
  REQUIRE(muted.status == 200);
  CHECK(json::parse(muted.body)["user"]["mute_reason"] == "shouting");
  CHECK(json::parse(muted.body)["user"]["muted_until"].get<std::int64_t>() > 0);
  CHECK(error_code(post(port, "/api/admin/users/hank/ban", {{"minutes", 0}, {"reason", "x"}}, moderator)) == "bad_field");
  CHECK(error_code(post(port, "/api/admin/users/hank/ban", {{"minutes", 5}, {"reason", ""}}, moderator)) == "bad_field");
  CHECK(error_code(post(port, "/api/admin/users/nobody/ban", {{"minutes", 5}, {"reason", "x"}}, moderator)) == "not_found");

  // The command line makes an admin, who may.
  REQUIRE(admin_command("set-role mod1 admin --db " + db, "") == 0);
  CHECK(admin_command("set-role mod1 emperor --db " + db, "") == 2);
  CHECK(admin_command("add-account mod1 --db " + db, "some password\n") == 1);  // taken
  auto promoted = post(port, "/api/admin/users/hank/role", {{"role", "moderator"}}, moderator);
  REQUIRE(promoted.status == 200);
  CHECK(json::parse(promoted.body)["user"]["role"] == "moderator");
  read_until_closed(hank_ws.ws);
  CHECK(hank_ws.ws.close_code() == 1008);
  auto audit = json::parse(get(port, "/api/admin/audit", moderator).body);
  std::vector<std::string> actions;
  for (const auto& e : audit["entries"]) actions.push_back(e["action"]);
  CHECK(actions == std::vector<std::string>{"set_role", "set_role", "mute", "add_account"});
  CHECK(audit["entries"][0]["actor"]["username"] == "mod1");
  CHECK(audit["entries"][0]["target"] == "hank");
  CHECK(audit["entries"][0]["details"] == json{{"from", "player"}, {"to", "moderator"}});
  CHECK(audit["entries"][0]["address"] == "127.0.0.1");
  CHECK(audit["entries"][1]["actor"].is_null());
  CHECK(audit["entries"][1]["address"] == "cli");
}

TEST_CASE("bans take effect: connections closed, the live game resigned, login refused; then unban") {
  std::string db = temp_store("bans.db");
  REQUIRE(admin_command("add-account boss --role admin --db " + db, "boss password\n") == 0);
  ServerProcess server(db);
  REQUIRE(server.start());
  int port = server.port();
  std::string ivy_cookie = signup(port, "ivy", "ivy's password");
  std::string jon_cookie = signup(port, "jon", "jon's password");
  std::string boss = login(port, "boss", "boss password");

  Participant ivy, jon;
  REQUIRE(identify_with(ivy, port, ivy_cookie));
  REQUIRE(identify_with(jon, port, jon_cookie));
  std::string room = open_game(ivy, jon, {{"game", "gipf"}, {"variant", "basic"}});
  play_random(room, {&ivy, &jon}, {.seed = 3, .stop_after_actions = 4});
  // jon also waits in an open room of his own
  jon.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}});
  std::string open_room = (*jon.ws.receive_type("room_created", 5s))["room"];

  auto banned = post(port, "/api/admin/users/jon/ban", {{"minutes", 60}, {"reason", "abuse"}}, boss);
  REQUIRE_MESSAGE(banned.status == 200, banned.body);
  CHECK(json::parse(banned.body)["user"]["ban_reason"] == "abuse");

  // ivy sees jon resign, marked as a ban
  json resigned = next_event(ivy, "resigned");
  CHECK(resigned["by"] == "black");
  CHECK(resigned["note"] == "banned");
  CHECK(resigned["result"]["winner"] == "white");
  // jon's connection is closed with 1008
  while (!jon.ws.closed()) jon.ws.receive(1s);
  CHECK(jon.ws.close_code() == 1008);
  CHECK(get(port, "/api/account", jon_cookie).status == 401);  // every session ended
  auto refused = post(port, "/api/account/login", {{"username", "jon"}, {"password", "jon's password"}});
  CHECK(refused.status == 403);
  CHECK(error_code(refused) == "banned");
  CHECK(json::parse(refused.body)["error"]["until"].get<std::int64_t>() > 0);
  // his open room is cancelled (the store answers once the event is durable)
  eventually([&] { return json::parse(get(port, "/api/games/" + open_room).body)["status"] == "cancelled"; });
  CHECK(json::parse(get(port, "/api/games/" + open_room).body)["status"] == "cancelled");
  CHECK(json::parse(get(port, "/api/games/" + room).body)["result"] == "1-0");

  CHECK(post(port, "/api/admin/users/jon/unban", json::object(), boss).status == 200);
  CHECK(post(port, "/api/account/login", {{"username", "jon"}, {"password", "jon's password"}}).status == 200);
}

TEST_CASE("moderators abort and adjudicate games; both survive a restart and are audited") {
  std::string db = temp_store("referee.db");
  REQUIRE(admin_command("add-account ref --role moderator --db " + db, "referee pass\n") == 0);
  ServerProcess server(db);
  REQUIRE(server.start());
  int port = server.port();
  std::string ref = login(port, "ref", "referee pass");

  // A moderator never decides a game they play.
  Participant own;
  REQUIRE(identify_with(own, port, ref));
  Participant rival;
  REQUIRE(rival.identify(port, "Rival"));
  std::string mine = open_game(own, rival, {{"game", "yinsh"}, {"variant", "blitz"}});
  auto self = post(port, "/api/admin/games/" + mine + "/adjudicate", {{"result", "1-0"}, {"reason", "I win"}}, ref);
  CHECK(self.status == 403);
  CHECK(error_code(self) == "forbidden");
  CHECK(error_code(post(port, "/api/admin/games/" + mine + "/abort", {{"reason", "losing"}}, ref)) == "forbidden");

  Participant a, b, c, d;
  REQUIRE(a.identify(port, "Ann"));
  REQUIRE(b.identify(port, "Ben"));
  REQUIRE(c.identify(port, "Cat"));
  REQUIRE(d.identify(port, "Dan"));
  std::string gipf = open_game(a, b, {{"game", "gipf"}, {"variant", "standard"}});
  std::string yinsh = open_game(c, d, {{"game", "yinsh"}, {"variant", "normal"}});
  play_random(gipf, {&a, &b}, {.seed = 5, .stop_after_actions = 3});

  auto draw = post(port, "/api/admin/games/" + gipf + "/adjudicate", {{"result", "1/2-1/2"}, {"reason", "no"}}, ref);
  CHECK(draw.status == 400);
  CHECK(error_code(draw) == "no_draws");
  CHECK(error_code(post(port, "/api/admin/games/" + gipf + "/adjudicate", {{"result", "2-0"}, {"reason", "x"}}, ref)) ==
        "bad_field");
  auto adjudicated = post(port, "/api/admin/games/" + gipf + "/adjudicate", {{"result", "0-1"}, {"reason", "White left"}}, ref);
  REQUIRE_MESSAGE(adjudicated.status == 200, adjudicated.body);
  auto row = json::parse(adjudicated.body)["game"];
  CHECK(row["status"] == "finished");
  CHECK(row["result"] == "0-1");
  CHECK(row["reason"] == "adjudication");
  json event = next_event(a, "adjudicated");
  CHECK(event["note"] == "White left");
  CHECK(event["by"].is_null());
  CHECK(event["result"]["winner"] == "black");
  CHECK(error_code(post(port, "/api/admin/games/" + gipf + "/abort", {{"reason", "late"}}, ref)) == "game_over");

  auto aborted = post(port, "/api/admin/games/" + yinsh + "/abort", {{"reason", "server test"}}, ref);
  REQUIRE_MESSAGE(aborted.status == 200, aborted.body);
  CHECK(json::parse(aborted.body)["game"]["status"] == "cancelled");
  CHECK(json::parse(aborted.body)["game"]["reason"] == "aborted");
  CHECK(json::parse(aborted.body)["game"]["result"].is_null());
  c.ws.send({{"type", "action"}, {"room", yinsh}, {"ply", 0}, {"action", "e3"}});
  auto closed = c.ws.receive_type("error", 5s);
  REQUIRE(closed);
  CHECK((*closed)["code"] == "game_over");
  CHECK(error_code(post(port, "/api/admin/games/zzzzzzzzzzzzzzzzzzzzzzzzzz/abort", {{"reason", "x"}}, ref)) == "not_found");

  // A restart replays both from their events; the record says how the game ended.
  REQUIRE(server.stop(SIGTERM) == 0);
  ServerProcess again(db);
  REQUIRE(again.start());
  auto game = json::parse(get(again.port(), "/api/games/" + gipf).body);
  CHECK(game["result"] == "0-1");
  CHECK(game["reason"] == "adjudication");
  CHECK(game["record"].get<std::string>().find("[Termination \"adjudication\"]") != std::string::npos);
  CHECK(json::parse(get(again.port(), "/api/games/" + yinsh).body)["status"] == "cancelled");
  Participant watcher;
  REQUIRE(watcher.identify(again.port(), "Watcher"));
  watcher.ws.send({{"type", "watch"}, {"room", gipf}});
  auto snapshot = watcher.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["status"] == "finished");
  CHECK((*snapshot)["result"]["reason"] == "adjudication");

  std::string admin_db_check = login(again.port(), "ref", "referee pass");
  REQUIRE(admin_command("set-role ref admin --db " + db, "") == 0);
  auto audit = json::parse(get(again.port(), "/api/admin/audit", admin_db_check).body);
  std::vector<std::string> actions;
  for (const auto& e : audit["entries"]) actions.push_back(e["action"]);
  CHECK(actions == std::vector<std::string>{"set_role", "abort", "adjudicate", "add_account"});
  CHECK(audit["entries"][1]["target"] == yinsh);
  CHECK(audit["entries"][1]["details"]["reason"] == "server test");
}

TEST_CASE("admin backup copies the database while the server runs; the copy serves the same accounts, audited" * doctest::test_suite("sqlite")) {
  std::string db = temp_path("live.db");
  REQUIRE(admin_command("add-account boss --role admin --db " + db, "boss password\n") == 0);
  ServerProcess server(db);
  REQUIRE(server.start());
  signup(server.port(), "gina", "gina's password");  // written by the running server
  std::string copy = temp_path("backup.db");
  REQUIRE(admin_command("backup " + copy + " --db " + db, "") == 0);
  CHECK(admin_command("backup " + copy + " --db " + db, "") == 1);  // never over a file
  CHECK(admin_command("backup " + temp_path("other.db") + " --db " + temp_path("missing.db"), "") == 1);
  CHECK(admin_command("backup --db " + db, "") == 2);
  login(server.port(), "gina", "gina's password");  // the server went on serving

  ServerProcess restored(copy);
  REQUIRE(restored.start());
  login(restored.port(), "gina", "gina's password");
  std::string boss = login(restored.port(), "boss", "boss password");
  auto audit = json::parse(get(restored.port(), "/api/admin/audit", boss).body);
  REQUIRE(!audit["entries"].empty());
  CHECK(audit["entries"][0]["action"] == "backup");
  CHECK(audit["entries"][0]["target"] == copy);
}

TEST_CASE("the database holds no password and no session cookie in clear" * doctest::test_suite("sqlite")) {
  std::string db = temp_path("secrets.db");
  ServerProcess server(db);
  REQUIRE(server.start());
  const std::string password = "a very recognisable password 8127";
  std::string cookie = signup(server.port(), "kim", password);
  std::string second = login(server.port(), "kim", password);
  std::string token_a = cookie.substr(cookie.find('=') + 1), token_b = second.substr(second.find('=') + 1);
  REQUIRE(server.stop(SIGTERM) == 0);
  std::string bytes = file_bytes(db) + file_bytes(db + "-wal") + file_bytes(db + "-journal");
  REQUIRE(bytes.find("kim") != std::string::npos);  // the file is the right one
  CHECK(bytes.find(password) == std::string::npos);
  CHECK(bytes.find(token_a) == std::string::npos);
  CHECK(bytes.find(token_b) == std::string::npos);
  CHECK(bytes.find("$argon2id$") != std::string::npos);
}

TEST_CASE("accounts: with --secure-cookies the session cookie is Secure, on sign-up, login and logout") {
  ServerProcess server(temp_store("secure.db"), {"--secure-cookies"});
  REQUIRE(server.start());
  auto created = post(server.port(), "/api/account/signup", {{"username", "lena"}, {"password", "lena's password"}});
  REQUIRE(created.status == 201);
  CHECK(created.headers["set-cookie"].find("; Secure") != std::string::npos);
  auto in = post(server.port(), "/api/account/login", {{"username", "lena"}, {"password", "lena's password"}});
  CHECK(in.headers["set-cookie"].find("; Secure") != std::string::npos);
  auto out = post(server.port(), "/api/account/logout", json::object(), cookie_of(in));
  CHECK(out.headers["set-cookie"].find("; Secure") != std::string::npos);
}

TEST_CASE("chat moderation: a muted account cannot write; a moderator deletes a message, audited; players cannot") {
  std::string db = temp_store("chat-mod.db");
  REQUIRE(admin_command("add-account boss --role admin --db " + db, "boss password\n") == 0);
  REQUIRE(admin_command("add-account ref --role moderator --db " + db, "referee pass\n") == 0);
  ServerProcess server(db);
  REQUIRE(server.start());
  int port = server.port();
  std::string ref = login(port, "ref", "referee pass");
  std::string boss = login(port, "boss", "boss password");
  std::string loud = signup(port, "loud", "loud password");

  Participant loud_ws, guest, moderator;
  REQUIRE(identify_with(loud_ws, port, loud));
  REQUIRE(guest.identify(port, "Gus"));
  REQUIRE(identify_with(moderator, port, ref));
  std::string room = open_game(loud_ws, guest, {{"game", "yinsh"}, {"variant", "normal"}});
  moderator.ws.send({{"type", "watch"}, {"room", room}});
  REQUIRE(moderator.ws.receive_type("chat_history", 5s));

  loud_ws.ws.send({{"type", "chat"}, {"room", room}, {"text", "first words"}});
  auto first = guest.ws.receive_type("chat", 5s);
  REQUIRE(first);
  CHECK((*first)["seq"] == 1);

  // A player may not delete; a moderator (watching, not reading the players' channel) may.
  guest.ws.send({{"type", "delete_chat"}, {"room", room}, {"seq", 1}, {"id", "x"}});
  auto refused = guest.ws.receive_type("error", 5s);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "forbidden");
  moderator.ws.send({{"type", "delete_chat"}, {"room", room}, {"seq", 9}, {"id", "none"}});
  auto missing = moderator.ws.receive_type("error", 5s);
  REQUIRE(missing);
  CHECK((*missing)["code"] == "not_found");
  moderator.ws.send({{"type", "delete_chat"}, {"room", room}, {"seq", 1}, {"id", "del"}});
  auto deleted = guest.ws.receive_type("chat_deleted", 5s);
  REQUIRE(deleted);
  CHECK((*deleted)["seq"] == 1);
  auto audit = json::parse(get(port, "/api/admin/audit", boss).body)["entries"];
  REQUIRE(!audit.empty());
  CHECK(audit[0]["action"] == "delete_chat");
  CHECK(audit[0]["target"] == room);
  CHECK(audit[0]["actor"]["username"] == "ref");
  CHECK(audit[0]["details"]["text"] == "first words");

  // Muted: refused at once, on the connection already open.
  auto muted = post(port, "/api/admin/users/loud/mute", {{"minutes", 10}, {"reason", "shouting"}}, ref);
  REQUIRE(muted.status == 200);
  loud_ws.ws.send({{"type", "chat"}, {"room", room}, {"text", "still here"}, {"id", "m"}});
  auto mute_error = loud_ws.ws.receive_type("error", 5s);
  REQUIRE(mute_error);
  CHECK((*mute_error)["code"] == "muted");

  // A deleted message stays out of the history, after a restart too.
  server.stop(SIGTERM);
  ServerProcess restarted(db);
  REQUIRE(restarted.start());
  Participant again;
  REQUIRE(again.identify(restarted.port(), "Gus", guest.token));
  again.ws.send({{"type", "join_room"}, {"room", room}});
  auto history = again.ws.receive_type("chat_history", 5s);
  REQUIRE(history);
  CHECK((*history)["messages"].empty());
  // and the mute outlives the restart (read from the account at hello)
  Participant loud_again;
  REQUIRE(identify_with(loud_again, restarted.port(), loud));
  loud_again.ws.send({{"type", "chat"}, {"room", room}, {"text", "hello again"}});
  auto still_muted = loud_again.ws.receive_type("error", 5s);
  REQUIRE(still_muted);
  CHECK((*still_muted)["code"] == "muted");
}

TEST_CASE("accounts: the owner changes the password (every other session ends) and closes the account (not while a game is unfinished)") {
  std::string db = temp_store("own_account.db");
  REQUIRE(admin_command("add-account boss --role admin --db " + db, "boss password\n") == 0);
  ServerProcess server(db);
  REQUIRE(server.start());
  const int port = server.port();
  std::string here = signup(port, "kim", "kim's first password");
  std::string elsewhere = login(port, "kim", "kim's first password");
  Participant other_browser;
  REQUIRE(identify_with(other_browser, port, elsewhere));

  // A new password: the current one asked; a wrong one, a short new one refused.
  const json change{{"current", "kim's first password"}, {"password", "kim's second password"}};
  CHECK(error_code(post(port, "/api/account/password", change)) == "not_authenticated");
  CHECK(error_code(post(port, "/api/account/password", {{"current", "not it at all"}, {"password", "kim's second password"}}, here)) ==
        "bad_credentials");
  CHECK(error_code(post(port, "/api/account/password", {{"current", "kim's first password"}, {"password", "short"}}, here)) ==
        "bad_password");
  CHECK(error_code(post(port, "/api/account/password", {{"current", "x"}, {"password", "long enough"}, {"extra", 1}}, here)) ==
        "bad_field");
  CHECK(get(port, "/api/account/password", here).status == 405);
  auto changed = post(port, "/api/account/password", change, here);
  REQUIRE_MESSAGE(changed.status == 204, changed.body);
  CHECK(get(port, "/api/account", here).status == 200);       // this browser stays logged in
  CHECK(get(port, "/api/account", elsewhere).status == 401);  // the other is logged out
  while (!other_browser.ws.closed()) other_browser.ws.receive(1s);
  CHECK(other_browser.ws.close_code() == 1008);
  CHECK(error_code(post(port, "/api/account/login", {{"username", "kim"}, {"password", "kim's first password"}})) ==
        "bad_credentials");
  here = login(port, "kim", "kim's second password");

  // Closing: refused while a game waits, then done; the name stays taken.
  Participant kim;
  REQUIRE(identify_with(kim, port, here));
  kim.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}});
  const std::string room = (*kim.ws.receive_type("room_created", 5s))["room"];
  const json close{{"password", "kim's second password"}};
  CHECK(error_code(post(port, "/api/account/close", close, here)) == "games_unfinished");
  kim.ws.send({{"type", "cancel_room"}, {"room", room}, {"id", "c"}});
  eventually([&] { return json::parse(get(port, "/api/games/" + room).body)["status"] == "cancelled"; });
  CHECK(error_code(post(port, "/api/account/close", {{"password", "kim's first password"}}, here)) == "bad_credentials");
  auto closed = post(port, "/api/account/close", close, here);
  REQUIRE_MESSAGE(closed.status == 204, closed.body);
  CHECK(cookie_of(closed) == "arena_session=");  // this browser's cookie cleared
  CHECK(get(port, "/api/account", here).status == 401);
  while (!kim.ws.closed()) kim.ws.receive(1s);
  CHECK(kim.ws.close_code() == 1008);
  auto refused = post(port, "/api/account/login", {{"username", "kim"}, {"password", "kim's second password"}});
  CHECK(refused.status == 403);
  CHECK(error_code(refused) == "account_closed");
  CHECK(error_code(post(port, "/api/account/login", {{"username", "kim"}, {"password", "a wrong one"}})) == "bad_credentials");
  CHECK(json::parse(get(port, "/api/players/kim").body)["player"]["closed"] == true);
  CHECK(error_code(post(port, "/api/account/signup", {{"username", "KIM"}, {"password", "someone else's"}})) == "username_taken");

  // Both audited, as the owner's own actions.
  std::string boss = login(port, "boss", "boss password");
  auto audit = json::parse(get(port, "/api/admin/audit", boss).body)["entries"];
  std::vector<std::string> actions;
  for (const auto& e : audit)
    if (e["target"] == "kim") actions.push_back(e["action"]);
  CHECK(actions == std::vector<std::string>{"close_account", "change_password"});
  CHECK(audit[0]["actor"]["username"] == "kim");
}

TEST_CASE("profiles: a player's whole history, paged, filtered by game, variant, speed, rated, result and opponent (#43, #46)") {
  ServerProcess server(temp_store("history.db"));
  REQUIRE(server.start());
  const int port = server.port();
  const std::string ann_cookie = signup(port, "ann", "ann's password");
  const std::string bob_cookie = signup(port, "bob", "bob's password");
  Participant carl_first;
  REQUIRE(carl_first.identify(port, "Carl"));
  const std::string carl_token = carl_first.token;
  // Ann (White) against Bob: YINSH, Ann resigns; GIPF basic, Bob resigns. Then
  // against Carl, a guest: YINSH, Carl resigns. Fresh connections each game.
  auto finished = [&](const std::string& opponent, json options, bool ann_resigns) {
    Participant white, black;
    REQUIRE(identify_with(white, port, ann_cookie));
    if (opponent == "bob") REQUIRE(identify_with(black, port, bob_cookie));
    else REQUIRE(black.identify(port, "Carl", carl_token));
    std::string room = open_game(white, black, std::move(options));
    play_random(room, {&white, &black}, {.seed = 5, .stop_after_actions = 2});
    (ann_resigns ? white : black).ws.send({{"type", "resign"}, {"room", room}});
    next_event(white, "resigned");
    next_event(black, "resigned");
    return room;
  };
  const std::string lost = finished("bob", {{"game", "yinsh"}, {"variant", "normal"}}, true);
  // rapid (10 + 40 × 5 s = 13 min 20 s a player) and rated
  const std::string won = finished("bob", {{"game", "gipf"}, {"variant", "basic"}, {"rated", true},
                                           {"clock", {{"kind", "live"}, {"initial_ms", 600000}, {"increment_ms", 5000}}}}, false);
  const std::string won_guest = finished("carl", {{"game", "yinsh"}, {"variant", "normal"},
                                                  {"clock", {{"kind", "correspondence"}, {"days_per_move", 3}}}}, false);

  auto ids = [&](const std::string& query) {
    auto r = get(port, "/api/players/ann/games" + query);
    REQUIRE_MESSAGE(r.status == 200, r.body);
    std::vector<std::string> out;
    const json body = json::parse(r.body);  // named: a loop over a temporary's member would dangle
    for (const auto& g : body["games"]) out.push_back(g["id"].get<std::string>());
    return out;
  };
  CHECK(ids("") == std::vector<std::string>{won_guest, won, lost});  // newest first
  json page = json::parse(get(port, "/api/players/ANN/games?per_page=2&page=2").body);
  CHECK(page["total"] == 3);
  CHECK(page["page"] == 2);
  CHECK(page["per_page"] == 2);
  REQUIRE(page["games"].size() == 1);
  CHECK(page["games"][0]["id"] == lost);
  CHECK(ids("?game=gipf") == std::vector<std::string>{won});
  CHECK(ids("?game=yinsh&variant=normal") == std::vector<std::string>{won_guest, lost});
  CHECK(ids("?result=won") == std::vector<std::string>{won_guest, won});
  CHECK(ids("?result=lost") == std::vector<std::string>{lost});
  CHECK(ids("?result=drawn").empty());
  CHECK(ids("?opponent=BOB") == std::vector<std::string>{won, lost});
  CHECK(ids("?opponent=carl&result=won") == std::vector<std::string>{won_guest});
  CHECK(ids("?opponent=nobody").empty());
  CHECK(ids("?speed=rapid") == std::vector<std::string>{won});
  CHECK(ids("?speed=correspondence") == std::vector<std::string>{won_guest});
  CHECK(ids("?speed=untimed") == std::vector<std::string>{lost});
  CHECK(ids("?speed=blitz").empty());
  CHECK(ids("?speed=classical").empty());
  CHECK(ids("?rated=true") == std::vector<std::string>{won});
  CHECK(ids("?rated=false&game=yinsh") == std::vector<std::string>{won_guest, lost});
  CHECK(error_code(get(port, "/api/players/ann/games?speed=bullet")) == "bad_field");
  CHECK(error_code(get(port, "/api/players/ann/games?rated=yes")) == "bad_field");
  // From Bob's side the same games turn over.
  auto bob_won = json::parse(get(port, "/api/players/bob/games?result=won").body)["games"];
  REQUIRE(bob_won.size() == 1);
  CHECK(bob_won[0]["id"] == lost);
  CHECK(error_code(get(port, "/api/players/ann/games?result=maybe")) == "bad_field");
  CHECK(error_code(get(port, "/api/players/ann/games?game=chess")) == "bad_field");
  CHECK(error_code(get(port, "/api/players/ann/games?per_page=1000")) == "bad_field");
  CHECK(get(port, "/api/players/nobody/games").status == 404);
  CHECK(get(port, "/api/players/Carl/games").status == 404);  // a guest has no page
}
