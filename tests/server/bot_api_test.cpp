// The bot and board API (#45; PROTOCOL.md, Bot and board API) against the
// real server: tokens and their refusals, bot accounts, challenges, the
// streams and the actions, a game played to its end through the API, a
// stream ended by a stopping server and opened again, and 1,000 streams
// opened and closed without a leak.
#include <doctest/doctest.h>

#include <atomic>
#include <dirent.h>
#include <thread>

#include "competition_test_support.hpp"  // kBlitz, body_of, ladder_page
#include "line_stream.hpp"

using namespace test_support;
using namespace std::chrono_literals;

namespace {

#ifdef GIPF_ARENA_SANITIZED
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

std::map<std::string, std::string> bearer(const std::string& secret) { return {{"Authorization", "Bearer " + secret}}; }

HttpReply api(int port, const std::string& method, const std::string& target, const std::string& secret, const json& body = nullptr) {
  auto headers = bearer(secret);
  if (!body.is_null()) headers["Content-Type"] = "application/json";
  return http_request(port, method, target, body.is_null() ? "" : body.dump(), headers);
}

// A token of the account whose cookie is `cookie`, with `scopes`; its secret.
std::string make_token(int port, const std::string& cookie, std::vector<std::string> scopes, const std::string& name = "engine") {
  auto r = post(port, "/api/account/tokens", {{"name", name}, {"scopes", scopes}}, cookie);
  REQUIRE_MESSAGE(r.status == 201, r.body);
  auto j = json::parse(r.body);
  std::string secret = j["token"]["secret"];
  CHECK(secret.rfind("gat_", 0) == 0);
  return secret;
}

// A bot account: signed up, given a token, turned into a bot; the token's secret.
std::string make_bot(int port, const std::string& name) {
  std::string cookie = signup(port, name, "bot password 1");
  std::string secret = make_token(port, cookie, {"bot:play", "challenge:read", "challenge:write"});
  auto r = api(port, "POST", "/api/bot/account/upgrade", secret);
  REQUIRE_MESSAGE(r.status == 200, r.body);
  return secret;
}

int open_files(pid_t pid) {
  int count = 0;
  if (DIR* dir = opendir(("/proc/" + std::to_string(pid) + "/fd").c_str())) {
    while (readdir(dir)) ++count;
    closedir(dir);
  }
  return count;
}

// The first legal action of a line that carries them (gameFull's state, or a gameState).
std::optional<std::string> first_legal(const json& line) {
  const json& state = line["type"] == "gameFull" ? line["state"] : line;
  if (!state.contains("legal")) return std::nullopt;
  return state["legal"]["actions"][0].get<std::string>();
}

// The next line of `stream` that brings the account's decision (its `legal`), skipping others.
json decision(LineStream& stream, std::chrono::seconds limit = 30s) {
  while (true) {
    auto line = stream.next(limit);
    REQUIRE(line);
    if (first_legal(*line)) return *line;
  }
}

// The person plays the first legal action the room offers them.
void act_first(Participant& person, const std::string& room) {
  auto legal = person.ws.receive_type("legal", 30s);
  REQUIRE(legal);
  person.ws.send({{"type", "action"}, {"room", room}, {"ply", (*legal)["ply"]}, {"action", (*legal)["actions"][0]}});
}

// A server with the bot robo and the person alice, alice connected, robo listening to its events.
struct BotAndPerson {
  Arena arena;
  int port;
  std::string bot, alice;
  Participant person;
  LineStream events;
  explicit BotAndPerson(const std::string& db, std::vector<std::string> extra = {}) : arena(db, std::move(extra)), port(arena.port) {
    bot = make_bot(port, "robo");
    alice = signup(port, "alice", "alice password");
    REQUIRE(identify_with(person, port, alice));
    REQUIRE(events.open(port, "/api/stream/event", bearer(bot)));
  }
};

}  // namespace

TEST_CASE("bot API: tokens are made, listed and revoked from the account; each refusal has its status") {
  Arena arena("bot-tokens.db");
  const int port = arena.port;
  std::string alice = signup(port, "alice", "alice password");
  std::string secret = make_token(port, alice, {"board:play", "challenge:read"}, "my board");

  auto listed = get(port, "/api/account/tokens", alice);
  REQUIRE(listed.status == 200);
  auto tokens = json::parse(listed.body)["tokens"];
  REQUIRE(tokens.size() == 1);
  CHECK(tokens[0]["name"] == "my board");
  CHECK(tokens[0]["scopes"] == json::array({"board:play", "challenge:read"}));
  CHECK_FALSE(tokens[0].contains("secret"));  // shown once, at creation
  CHECK(listed.body.find(secret) == std::string::npos);

  // Tokens are managed with the cookie, never with a token.
  CHECK(api(port, "GET", "/api/account/tokens", secret).status == 403);
  // Bad requests.
  CHECK(error_code(post(port, "/api/account/tokens", {{"name", "x"}, {"scopes", {"admin"}}}, alice)) == "bad_field");
  CHECK(error_code(post(port, "/api/account/tokens", {{"name", ""}, {"scopes", {"bot:play"}}}, alice)) == "bad_field");
  CHECK(error_code(post(port, "/api/account/tokens", {{"name", "x"}, {"scopes", {"bot:play"}}, {"extra", 1}}, alice)) == "bad_field");
  CHECK(post(port, "/api/account/tokens", {{"name", "x"}, {"scopes", {"bot:play"}}}).status == 401);  // signed out

  // A token works on the API, and nowhere a cookie is needed.
  CHECK(api(port, "GET", "/api/challenge", secret).status == 200);
  CHECK(api(port, "GET", "/api/account", secret).body.find("alice") == std::string::npos);
  // Wrong scope: upgrading needs bot:play.
  auto upgrade = api(port, "POST", "/api/bot/account/upgrade", secret);
  CHECK(upgrade.status == 403);
  CHECK(error_code(upgrade) == "missing_scope");
  // A board account on the bot endpoints.
  CHECK(error_code(api(port, "POST", "/api/bot/game/AAAAAAAAAAAAAAAAAAAAAAAAAA/resign", secret)) == "not_a_bot");
  // An unknown token, and no token at all.
  CHECK(error_code(api(port, "GET", "/api/challenge", "gat_nothing")) == "bad_token");
  CHECK(api(port, "GET", "/api/challenge", "gat_nothing").status == 401);
  CHECK(http_request(port, "POST", "/api/bot/game/AAAAAAAAAAAAAAAAAAAAAAAAAA/resign").status == 401);

  // Revoked: refused from then on, and its open streams end.
  LineStream open;
  REQUIRE(open.open(port, "/api/stream/event", bearer(secret)));
  std::string id = tokens[0]["id"];
  auto revoke = http_request(port, "DELETE", "/api/account/tokens/" + id, "", {{"Cookie", alice}});
  CHECK(revoke.status == 204);
  CHECK(http_request(port, "DELETE", "/api/account/tokens/" + id, "", {{"Cookie", alice}}).status == 404);
  CHECK(error_code(api(port, "GET", "/api/challenge", secret)) == "bad_token");
  for (auto until = std::chrono::steady_clock::now() + 30s; !open.ended() && std::chrono::steady_clock::now() < until;) open.next(1s);
  CHECK(open.ended());

  // An expired session (logged out) manages no token.
  REQUIRE(post(port, "/api/account/logout", json::object(), alice).status == 204);
  CHECK(post(port, "/api/account/tokens", {{"name", "late"}, {"scopes", {"bot:play"}}}, alice).status == 401);
}

TEST_CASE("bot API: an account that has played cannot become a bot; a bot plays challenges only") {
  Arena arena("bot-accounts.db");
  const int port = arena.port;
  std::string carol = signup(port, "carol", "carol password");
  {
    Participant p;
    REQUIRE(identify_with(p, port, carol));
    p.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}});
    REQUIRE(p.ws.receive_type("room_created", 5s));
  }
  std::string token = make_token(port, carol, {"bot:play"});
  auto refused = api(port, "POST", "/api/bot/account/upgrade", token);
  CHECK(refused.status == 409);
  CHECK(error_code(refused) == "has_played");

  std::string bot = make_bot(port, "robo");
  auto again = api(port, "POST", "/api/bot/account/upgrade", bot);
  CHECK(error_code(again) == "already_bot");
  // Its profile says it is a bot; its seats will too.
  auto profile = json::parse(get(port, "/api/players/robo").body);
  CHECK(profile["player"]["bot"] == true);
  // In the browser (its cookie) it may not seek games in the lobby.
  std::string robo = login(port, "robo", "bot password 1");
  Participant p;
  json welcome;
  REQUIRE(identify_with(p, port, robo, &welcome));
  CHECK(welcome["player"]["kind"] == "bot");
  CHECK(welcome["account"]["bot"] == true);
  p.ws.send({{"type", "create_room"}, {"game", "yinsh"}, {"variant", "normal"}});
  auto error = p.ws.receive_type("error", 5s);
  REQUIRE(error);
  CHECK((*error)["code"] == "forbidden");
}

TEST_CASE("bot API: ladders and events take a bot only when an admin lets bots in; its ladder game reaches its stream") {
  BotAndPerson scene("bot-competitions.db");
  const int port = scene.port;
  const std::string &admin = scene.arena.admin, &alice = scene.alice;
  const std::string robo = login(port, "robo", "bot password 1");
  auto patch = [&](const std::string& target, const json& body) {
    return http_request(port, "PATCH", target, body.dump(), {{"Content-Type", "application/json"}, {"Cookie", admin}});
  };

  auto made = post(port, "/api/admin/ladders",
                   {{"name", "Club"}, {"game", "yinsh"}, {"variant", "blitz"}, {"clock", kBlitz}, {"answer_hours", 0}}, admin);
  REQUIRE_MESSAGE(made.status == 201, made.body);
  CHECK(body_of(made)["ladder"]["bots"] == false);  // bots stay out unless an admin says otherwise
  const std::int64_t id = body_of(made)["ladder"]["id"];
  const std::string base = "/api/ladders/" + std::to_string(id), admin_base = "/api/admin/ladders/" + std::to_string(id);
  auto refused = post(port, base + "/join", json::object(), robo);
  CHECK(refused.status == 403);
  CHECK(error_code(refused) == "bots_not_allowed");
  CHECK(error_code(post(port, admin_base + "/add", {{"username", "robo"}}, admin)) == "bots_not_allowed");
  CHECK(error_code(post(port, admin_base + "/seed", {{"order", {"alice", "robo"}}}, admin)) == "bots_not_allowed");
  CHECK(error_code(patch(admin_base, {{"bots", "yes"}})) == "bad_field");

  // The admin lets bots in (audited): robo joins, alice below it challenges it.
  auto opened = patch(admin_base, {{"bots", true}});
  REQUIRE_MESSAGE(opened.status == 200, opened.body);
  CHECK(body_of(opened)["ladder"]["bots"] == true);
  REQUIRE_MESSAGE(post(port, base + "/join", json::object(), robo).status == 200, "robo joins");
  CHECK(body_of(post(port, base + "/join", json::object(), alice))["position"] == 2);
  auto challenge = post(port, base + "/challenge", {{"defender", "robo"}}, alice);
  REQUIRE_MESSAGE(challenge.status == 201, challenge.body);
  const std::string room = body_of(challenge)["challenge"]["room"];
  REQUIRE(!room.empty());
  // The ladder's game reaches the bot's event stream; it plays (here: resigns) through the API.
  auto start = scene.events.next_of("gameStart", 30s);
  REQUIRE(start);
  CHECK((*start)["game"]["id"] == room);
  auto resigned = api(port, "POST", "/api/bot/game/" + room + "/resign", scene.bot);
  CHECK_MESSAGE(resigned.status == 200, resigned.body);
  CHECK(scene.events.next_of("gameFinish", 30s));
  REQUIRE(eventually([&] { return !ladder_page(port, id)["games"].empty(); }));
  CHECK(ladder_page(port, id)["games"][0]["outcome"] == "challenger");

  // Closed to bots again: the one on it stays; no other joins.
  REQUIRE(patch(admin_base, {{"bots", false}}).status == 200);
  CHECK(usernames(ladder_page(port, id)["standings"]) == std::vector<std::string>{"alice", "robo"});
  make_bot(port, "robo2");
  CHECK(error_code(post(port, base + "/join", json::object(), login(port, "robo2", "bot password 1"))) == "bots_not_allowed");
  std::vector<std::string> actions;
  const json audit = body_of(get(port, "/api/admin/audit", admin));
  for (const auto& e : audit["entries"]) actions.push_back(e["action"]);
  CHECK(std::count(actions.begin(), actions.end(), "ladder_edit") == 2);

  // Events: a bot registers only where bots are let in.
  for (bool bots : {false, true}) {
    json body{{"name", bots ? "Bots welcome" : "People only"}, {"kind", "swiss"}, {"rounds", 3}, {"game", "yinsh"}, {"variant", "blitz"},
              {"clock", kBlitz}};
    if (bots) body["bots"] = true;
    auto event = post(port, "/api/admin/events", body, admin);
    REQUIRE_MESSAGE(event.status == 201, event.body);
    CHECK(body_of(event)["event"]["bots"] == bots);
    auto joined = post(port, "/api/events/" + std::to_string(body_of(event)["event"]["id"].get<std::int64_t>()) + "/join",
                       json::object(), robo);
    CHECK(joined.status == (bots ? 200 : 403));
    if (!bots) CHECK(error_code(joined) == "bots_not_allowed");
    CHECK(post(port, "/api/events/" + std::to_string(body_of(event)["event"]["id"].get<std::int64_t>()) + "/join",
               json::object(), alice).status == 200);
  }
}

TEST_CASE("bot API: a person challenges a bot, the bot accepts and plays through its streams to the end") {
  BotAndPerson scene("bot-game.db");
  const int port = scene.port;
  const std::string &bot = scene.bot, &alice = scene.alice;
  Participant& person = scene.person;
  LineStream& events = scene.events;
  // Bad challenges.
  CHECK(error_code(post(port, "/api/challenge/nobody", {{"game", "yinsh"}}, alice)) == "not_found");
  CHECK(error_code(post(port, "/api/challenge/robo", {{"game", "chess"}}, alice)) == "bad_field");
  CHECK(error_code(post(port, "/api/challenge/robo", {{"game", "yinsh"}, {"rated", true}}, alice)) == "bad_field");  // untimed
  CHECK(error_code(post(port, "/api/challenge/alice", {{"game", "yinsh"}}, alice)) == "self");

  auto made = post(port, "/api/challenge/robo", {{"game", "yinsh"}, {"variant", "normal"}, {"color", "white"}}, alice);
  REQUIRE_MESSAGE(made.status == 201, made.body);
  std::string challenge = json::parse(made.body)["challenge"]["id"];
  CHECK(error_code(post(port, "/api/challenge/robo", {{"game", "yinsh"}}, alice)) == "already_challenged");

  auto offered = events.next_of("challenge", 10s);
  REQUIRE(offered);
  CHECK((*offered)["challenge"]["id"] == challenge);
  CHECK((*offered)["challenge"]["direction"] == "in");
  CHECK((*offered)["challenge"]["challenger"]["name"] == "alice");
  // The challenger cannot accept it; the bot cannot cancel it.
  CHECK(error_code(post(port, "/api/challenge/" + challenge + "/accept", json::object(), alice)) == "forbidden");
  CHECK(error_code(api(port, "POST", "/api/challenge/" + challenge + "/cancel", bot)) == "forbidden");

  auto accepted = api(port, "POST", "/api/challenge/" + challenge + "/accept", bot);
  REQUIRE_MESSAGE(accepted.status == 200, accepted.body);
  std::string room = json::parse(accepted.body)["challenge"]["room"];
  CHECK(error_code(api(port, "POST", "/api/challenge/" + challenge + "/accept", bot)) == "not_open");
  // The person's page hears of it on its WebSocket.
  auto told = person.ws.receive_type("challenge", 10s);
  REQUIRE(told);
  auto start = events.next_of("gameStart", 10s);
  REQUIRE(start);
  CHECK((*start)["game"]["id"] == room);
  CHECK((*start)["game"]["color"] == "black");

  auto game = std::make_unique<LineStream>();
  REQUIRE(game->open(port, "/api/bot/game/stream/" + room, bearer(bot)));
  auto full = game->next(10s);
  REQUIRE(full);
  CHECK((*full)["type"] == "gameFull");
  CHECK((*full)["you"] == "black");
  CHECK((*full)["black"]["kind"] == "bot");
  CHECK((*full)["state"]["position"].is_string());
  // One stream of a game per token: a second one replaces the first, which ends.
  {
    auto second = std::make_unique<LineStream>();
    REQUIRE(second->open(port, "/api/bot/game/stream/" + room, bearer(bot)));
    auto again = second->next(10s);
    REQUIRE(again);
    CHECK((*again)["type"] == "gameFull");
    for (auto until = std::chrono::steady_clock::now() + 30s; !game->ended() && std::chrono::steady_clock::now() < until;) game->next(1s);
    CHECK(game->ended());
    game = std::move(second);
  }
  // Another bot's game is not this one's.
  std::string other = make_bot(port, "other");
  CHECK(error_code(api(port, "POST", "/api/bot/game/" + room + "/resign", other)) == "not_your_game");
  LineStream theirs;
  CHECK_FALSE(theirs.open(port, "/api/bot/game/stream/" + room, bearer(other)));
  CHECK(theirs.status() == 403);
  // Out of turn: White (the person) moves first.
  CHECK(error_code(api(port, "POST", "/api/bot/game/" + room + "/action/a2", bot)) == "not_your_turn");

  // The person's first ring from a board of their own (/api/board, board:play).
  std::string board = make_token(port, alice, {"board:play"}, "my board");
  LineStream mine;
  REQUIRE(mine.open(port, "/api/board/game/stream/" + room, bearer(board)));
  auto mine_full = mine.next(10s);
  REQUIRE(mine_full);
  CHECK((*mine_full)["you"] == "white");
  REQUIRE(first_legal(*mine_full));
  auto placed = api(port, "POST", "/api/board/game/" + room + "/action/" + *first_legal(*mine_full), board);
  REQUIRE_MESSAGE(placed.status == 200, placed.body);
  CHECK(json::parse(placed.body)["ply"] == 1);
  LineStream bot_on_board;
  CHECK_FALSE(bot_on_board.open(port, "/api/board/game/stream/" + room, bearer(bot)));
  CHECK(bot_on_board.status() == 403);
  {
    std::optional<json> line = decision(*game, 10s);
    REQUIRE(api(port, "POST", "/api/bot/game/" + room + "/action/" + *first_legal(*line), bot).status == 200);
  }
  // Then on their WebSocket; the bot answers through the API.
  person.ws.send({{"type", "join_room"}, {"room", room}});
  int bot_moves = 0;
  for (int i = 0; i < 6; ++i) {
    act_first(person, room);
    std::optional<json> line = decision(*game, 10s);
    auto answer = api(port, "POST", "/api/bot/game/" + room + "/action/" + *first_legal(*line), bot);
    REQUIRE_MESSAGE(answer.status == 200, answer.body);
    ++bot_moves;
  }
  CHECK(bot_moves == 6);
  mine.close();
  CHECK(error_code(api(port, "POST", "/api/bot/game/" + room + "/action/zz99", bot)) != "");
  auto chat = api(port, "POST", "/api/bot/game/" + room + "/chat", bot, {{"text", "good luck"}});
  CHECK_MESSAGE(chat.status == 200, chat.body);
  auto said = game->next_of("chatLine", 10s);
  REQUIRE(said);
  CHECK((*said)["text"] == "good luck");
  CHECK((*said)["username"] == "robo");

  // The bot resigns: the game ends, and so does its stream.
  auto resign = api(port, "POST", "/api/bot/game/" + room + "/resign", bot);
  REQUIRE_MESSAGE(resign.status == 200, resign.body);
  auto last = game->next_of("gameState", 10s);
  REQUIRE(last);
  CHECK((*last)["status"] == "finished");
  CHECK((*last)["result"]["winner"] == "white");
  CHECK_FALSE(game->next(10s));
  CHECK(game->ended());
  auto finish = events.next_of("gameFinish", 10s);
  REQUIRE(finish);
  CHECK((*finish)["game"]["id"] == room);
  // The stream of a finished game: its gameFull (the result in it), then its end.
  LineStream after;
  REQUIRE(after.open(port, "/api/bot/game/stream/" + room, bearer(bot)));
  auto over = after.next(10s);
  REQUIRE(over);
  CHECK((*over)["type"] == "gameFull");
  CHECK((*over)["state"]["status"] == "finished");
  CHECK((*over)["created_at"].get<std::int64_t>() > 1'000'000'000'000);  // ms since the epoch, whole
  CHECK_FALSE(after.next(10s));
  CHECK(after.ended());
}

TEST_CASE("bot API: declined, canceled and expired challenges reach both parties") {
  BotAndPerson scene("bot-challenges.db", {"--test-clock"});
  const int port = scene.port;
  const std::string &bot = scene.bot, &alice = scene.alice;
  Participant& person = scene.person;
  LineStream& events = scene.events;

  auto made = post(port, "/api/challenge/robo", {{"game", "gipf"}, {"variant", "standard"}}, alice);
  REQUIRE(made.status == 201);
  std::string id = json::parse(made.body)["challenge"]["id"];
  REQUIRE(events.next_of("challenge", 10s));
  CHECK(error_code(api(port, "POST", "/api/challenge/" + id + "/decline", bot, {{"reason", "because"}})) == "bad_field");
  CHECK(error_code(api(port, "POST", "/api/challenge/" + id + "/decline", bot, {{"reason", 5}})) == "bad_field");
  CHECK(api(port, "POST", "/api/challenge/" + id + "/frobnicate", bot).status == 404);
  auto declined = api(port, "POST", "/api/challenge/" + id + "/decline", bot, {{"reason", "tooSlow"}});
  REQUIRE_MESSAGE(declined.status == 200, declined.body);
  auto heard = events.next_of("challengeDeclined", 10s);
  REQUIRE(heard);
  CHECK((*heard)["challenge"]["reason"] == "tooSlow");
  auto told = person.ws.receive_type("challenge", 10s);  // made
  told = person.ws.receive_type("challenge", 10s);       // declined
  REQUIRE(told);
  CHECK((*told)["challenge"]["status"] == "declined");

  // Four accepts at once: one game.
  made = post(port, "/api/challenge/robo", {{"game", "yinsh"}}, alice);
  id = json::parse(made.body)["challenge"]["id"];
  std::vector<std::thread> accepting;
  std::atomic<int> accepted{0}, refused{0};
  for (int i = 0; i < 4; ++i)
    accepting.emplace_back([&] {
      auto r = api(port, "POST", "/api/challenge/" + id + "/accept", bot);
      (r.status == 200 ? accepted : refused) += 1;
    });
  for (auto& t : accepting) t.join();
  CHECK(accepted == 1);
  CHECK(refused == 3);
  CHECK(json::parse(get(port, "/api/games?status=live").body)["total"] == 1);

  made = post(port, "/api/challenge/robo", {{"game", "yinsh"}}, alice);
  id = json::parse(made.body)["challenge"]["id"];
  REQUIRE(post(port, "/api/challenge/" + id + "/cancel", json::object(), alice).status == 200);
  auto canceled = events.next_of("challengeCanceled", 10s);
  REQUIRE(canceled);
  CHECK((*canceled)["challenge"]["reason"] == "canceled");

  // A real-time challenge lives while its challenger is here; a correspondence one a week.
  made = post(port, "/api/challenge/robo", {{"game", "yinsh"}, {"clock", {{"kind", "correspondence"}, {"days_per_move", 2}}}}, alice);
  REQUIRE(made.status == 201);
  id = json::parse(made.body)["challenge"]["id"];
  REQUIRE(http_request(port, "POST", "/api/test/clock", json{{"advance_seconds", 8 * 24 * 3600}}.dump(), kJson).status == 200);
  auto expired = events.next_of("challengeCanceled", 20s);
  REQUIRE(expired);
  CHECK((*expired)["challenge"]["id"] == id);
  CHECK((*expired)["challenge"]["reason"] == "expired");
  // Opening the event stream again: the open challenges come first.
  made = post(port, "/api/challenge/robo", {{"game", "yinsh"}}, alice);
  LineStream again;
  REQUIRE(again.open(port, "/api/stream/event", bearer(bot)));
  auto open = again.next_of("challenge", 10s);
  REQUIRE(open);
  CHECK((*open)["challenge"]["id"] == json::parse(made.body)["challenge"]["id"]);
}

TEST_CASE("bot API: a bot plays the site's computer; a stopping server ends the stream, which opens again with gameFull") {
  std::string db = temp_path("bot-restart.db");
  REQUIRE(admin_command("add-account robo --db " + db, "bot password 1\n") == 0);
  std::string secret, room;
  {
    ServerProcess server(db);
    REQUIRE(server.start());
    const int port = server.port();
    std::string robo = login(port, "robo", "bot password 1");
    secret = make_token(port, robo, {"bot:play", "challenge:write"});
    REQUIRE(api(port, "POST", "/api/bot/account/upgrade", secret).status == 200);
    LineStream events;
    REQUIRE(events.open(port, "/api/stream/event", bearer(secret)));
    CHECK(error_code(api(port, "POST", "/api/challenge/ai", secret, {{"game", "gipf"}, {"level", 4294967297LL}})) == "bad_field");
    CHECK(error_code(api(port, "POST", "/api/challenge/ai", secret, {{"game", "gipf"}, {"variant", 5}, {"level", 2}})) == "bad_field");
    auto started = api(port, "POST", "/api/challenge/ai", secret, {{"game", "gipf"}, {"variant", "standard"}, {"level", 2}, {"color", "white"}});
    REQUIRE_MESSAGE(started.status == 201, started.body);
    room = json::parse(started.body)["game"]["id"];
    auto start = events.next_of("gameStart", 10s);
    REQUIRE(start);
    CHECK((*start)["game"]["id"] == room);
    CHECK((*start)["game"]["color"] == "white");
    LineStream game;
    REQUIRE(game.open(port, "/api/bot/game/stream/" + room, bearer(secret)));
    auto full = game.next(10s);
    REQUIRE(full);
    REQUIRE(first_legal(*full));
    REQUIRE(api(port, "POST", "/api/bot/game/" + room + "/action/" + *first_legal(*full), secret).status == 200);
    // The computer answers; then the server stops: the stream ends.
    std::optional<json> line = decision(game, 30s);
    CHECK(server.stop(SIGTERM) == 0);
    CHECK_FALSE(game.next(10s));
    CHECK(game.ended());
  }
  ServerProcess server(db);
  REQUIRE(server.start());
  LineStream game;
  REQUIRE(game.open(server.port(), "/api/bot/game/stream/" + room, bearer(secret)));
  auto full = game.next(10s);
  REQUIRE(full);
  CHECK((*full)["type"] == "gameFull");
  CHECK((*full)["steps"].size() >= 2);  // the bot's move and the computer's, kept
  CHECK(first_legal(*full));
}

TEST_CASE("bot API: a bot that stops answering loses on time; a real-time challenge ends with its challenger; a banned bot is shut out") {
  Arena arena("bot-limits.db", {"--test-clock"});
  const int port = arena.port;
  std::string bot = make_bot(port, "robo");
  std::string alice = signup(port, "alice", "alice password");
  auto advance = [&](int seconds) {
    REQUIRE(http_request(port, "POST", "/api/test/clock", json{{"advance_seconds", seconds}}.dump(), kJson).status == 200);
  };
  const json blitz{{"kind", "live"}, {"initial_ms", 60000}, {"increment_ms", 0}};

  // A real-time challenge lives while its challenger is here: gone, it expires.
  {
    LineStream events;
    REQUIRE(events.open(port, "/api/stream/event", bearer(bot)));
    Participant person;
    REQUIRE(identify_with(person, port, alice));
    auto made = post(port, "/api/challenge/robo", {{"game", "yinsh"}, {"clock", blitz}}, alice);
    REQUIRE(made.status == 201);
    const std::string id = json::parse(made.body)["challenge"]["id"];
    REQUIRE(events.next_of("challenge", 10s));
    advance(15);  // renewed: the challenger is connected
    advance(15);
    auto still = json::parse(get(port, "/api/challenge", alice).body);
    CHECK(still["out"].size() == 1);
    person.ws.close();
    REQUIRE(eventually([&] { return json::parse(get(port, "/api/challenge", alice).body)["out"].empty() ||
                                    (advance(25), false); }));
    auto expired = events.next_of("challengeCanceled", 10s);
    REQUIRE(expired);
    CHECK((*expired)["challenge"]["id"] == id);
    CHECK((*expired)["challenge"]["reason"] == "expired");
  }

  // A live game the bot accepted and then forgot: its flag falls.
  auto made = post(port, "/api/challenge/robo", {{"game", "yinsh"}, {"clock", blitz}, {"color", "white"}}, alice);
  REQUIRE(made.status == 201);
  auto accepted = api(port, "POST", "/api/challenge/" + json::parse(made.body)["challenge"]["id"].get<std::string>() + "/accept", bot);
  REQUIRE_MESSAGE(accepted.status == 200, accepted.body);
  const std::string room = json::parse(accepted.body)["challenge"]["room"];
  LineStream game;
  REQUIRE(game.open(port, "/api/bot/game/stream/" + room, bearer(bot)));
  REQUIRE(game.next(10s));
  Participant person;
  REQUIRE(identify_with(person, port, alice));
  person.ws.send({{"type", "join_room"}, {"room", room}});
  act_first(person, room);
  // The bot's first ring (a game neither started is aborted, not lost), then nothing more.
  std::optional<json> line = decision(game, 10s);
  REQUIRE(api(port, "POST", "/api/bot/game/" + room + "/action/" + *first_legal(*line), bot).status == 200);
  act_first(person, room);
  std::optional<json> over;
  REQUIRE(eventually([&] {
    advance(20);
    for (auto line = game.next(500ms); line; line = game.next(500ms))
      if ((*line)["type"] == "gameState" && (*line)["status"] == "finished") over = line;
    return over.has_value();
  }));
  CHECK((*over)["result"]["reason"] == "timeout");
  CHECK((*over)["result"]["winner"] == "white");

  // A moderator bans the bot: its token is refused and its streams end.
  LineStream events;
  REQUIRE(events.open(port, "/api/stream/event", bearer(bot)));
  auto banned = post(port, "/api/admin/users/robo/ban", {{"minutes", 60}, {"reason", "spam"}}, arena.admin);
  REQUIRE_MESSAGE(banned.status == 200, banned.body);
  for (auto until = std::chrono::steady_clock::now() + 30s; !events.ended() && std::chrono::steady_clock::now() < until;) events.next(1s);
  CHECK(events.ended());
  auto refused = api(port, "GET", "/api/challenge", bot);
  CHECK(refused.status == 403);
  CHECK(error_code(refused) == "banned");
  // Admins see it among the accounts as a bot.
  auto users = json::parse(get(port, "/api/admin/users?prefix=robo", arena.admin).body);
  CHECK(users.dump().find("\"bot\":true") != std::string::npos);
}

TEST_CASE("challenges (#46): a real-time challenge to an account away from the site ends after a minute unseen") {
  Arena arena("challenge-unseen.db", {"--test-clock"});
  const int port = arena.port;
  std::string alice = signup(port, "alice", "alice password");
  signup(port, "bob", "bob password");  // and gone: no page, no stream
  auto advance = [&](int seconds) {
    REQUIRE(http_request(port, "POST", "/api/test/clock", json{{"advance_seconds", seconds}}.dump(), kJson).status == 200);
  };
  Participant person;  // alice stays: her challenge is renewed while bob may yet come
  REQUIRE(identify_with(person, port, alice));
  const json blitz{{"kind", "live"}, {"initial_ms", 180000}, {"increment_ms", 2000}};
  auto made = post(port, "/api/challenge/bob", {{"game", "yinsh"}, {"clock", blitz}}, alice);
  REQUIRE_MESSAGE(made.status == 201, made.body);
  const std::string id = json::parse(made.body)["challenge"]["id"];
  advance(30);
  CHECK(json::parse(get(port, "/api/challenge", alice).body)["out"].size() == 1);  // half a minute: kept
  advance(40);
  REQUIRE(eventually([&] { return json::parse(get(port, "/api/challenge", alice).body)["out"].empty() || (advance(10), false); }));
  auto told = person.ws.receive_type("challenge", 10s);
  while (told && (*told)["challenge"].value("reason", "") != "expired") told = person.ws.receive_type("challenge", 10s);
  REQUIRE(told);
  CHECK((*told)["challenge"]["id"] == id);
}

TEST_CASE("bot API: a token's requests are rate limited (429 with Retry-After), each token apart; a node's streams are bounded (503 busy)") {
  Arena arena("bot-rates.db", {"--max-api-streams", "3"});
  const int port = arena.port;
  std::string alice = signup(port, "alice", "alice password");
  const std::string fast = make_token(port, alice, {"challenge:read"}, "fast"), other = make_token(port, alice, {"challenge:read"}, "other");

  // 8 clients send 400 requests with one token as fast as they can. The bucket
  // holds 40 and refills 8 a second: however fast this machine is, no more
  // than 40 + 8 a second of them pass, and a refusal says when to try again.
  constexpr int kClients = 8, kEach = 50;
  std::atomic<int> passed{0}, refused{0}, wrong{0};
  const auto started = std::chrono::steady_clock::now();
  {
    std::vector<std::thread> clients;
    for (int c = 0; c < kClients; ++c)
      clients.emplace_back([&] {
        for (int i = 0; i < kEach; ++i) {
          auto r = api(port, "GET", "/api/challenge", fast);
          if (r.status == 200) ++passed;
          else if (r.status == 429 && error_code(r) == "rate_limited" && r.headers["retry-after"] == "1") ++refused;
          else ++wrong;
        }
      });
    for (auto& t : clients) t.join();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  CHECK(wrong == 0);
  CHECK(passed + refused == kClients * kEach);
  CHECK_MESSAGE(passed <= 40 + 8 * seconds + 8, passed.load(), " passed in ", seconds, " s");
  // Only a machine that took over 45 s for 400 requests could see no refusal.
  CHECK_MESSAGE((refused > 0 || seconds > (kClients * kEach - 40) / 8.0), "no 429 in ", seconds, " s");
  // Another token of the same account has a bucket of its own.
  CHECK(api(port, "GET", "/api/challenge", other).status == 200);
  // The refused token is served again once its bucket refills.
  CHECK(eventually([&] { return api(port, "GET", "/api/challenge", fast).status == 200; }));

  // Streams: this node takes 3 (--max-api-streams), whoever opens them.
  std::string ben = signup(port, "ben", "ben password");
  const std::string bens = make_token(port, ben, {"challenge:read"}), third = make_token(port, alice, {"challenge:read"}, "third");
  std::vector<std::unique_ptr<LineStream>> open;
  for (const std::string* token : {&other, &third, &bens}) {
    open.push_back(std::make_unique<LineStream>());
    REQUIRE(open.back()->open(port, "/api/stream/event", bearer(*token)));
  }
  LineStream more;
  CHECK_FALSE(more.open(port, "/api/stream/event", bearer(bens)));
  CHECK(more.status() == 503);
  CHECK(json::parse(more.body())["error"]["code"] == "busy");
  // One closes: the node has room again (once the server sees it gone).
  open.front()->close();
  CHECK(eventually([&] {
    LineStream again;
    return again.open(port, "/api/stream/event", bearer(bens));
  }));
}

TEST_CASE("bot API: 1,000 streams opened and closed leave no file or memory behind") {
  Arena arena("bot-streams.db");
  const int port = arena.port;
  std::string bot = make_bot(port, "robo");
  // Warm up (the first stream allocates what every later one reuses).
  for (int i = 0; i < 20; ++i) {
    LineStream s;
    REQUIRE(s.open(port, "/api/stream/event", bearer(bot)));
  }
  std::this_thread::sleep_for(500ms);
  const int files_before = open_files(arena.server.pid());
  const long memory_before = arena.server.memory_kib();
  int opened = 0;
  for (int batch = 0; batch < 250; ++batch) {
    std::vector<std::unique_ptr<LineStream>> streams;
    for (int i = 0; i < 4; ++i) {
      auto s = std::make_unique<LineStream>();
      // The server may not have seen the last batch close yet: it then says 429.
      for (int attempt = 0; attempt < 200 && !s->open(port, "/api/stream/event", bearer(bot)); ++attempt) {
        REQUIRE(s->status() == 429);
        s = std::make_unique<LineStream>();
        std::this_thread::sleep_for(5ms);
      }
      REQUIRE(s->status() == 200);
      ++opened;
      streams.push_back(std::move(s));
    }
  }
  CHECK(opened == 1000);
  // Every stream noticed its client gone.
  int files_after = 0;
  for (int i = 0; i < 100; ++i) {
    files_after = open_files(arena.server.pid());
    if (files_after <= files_before + 2) break;
    std::this_thread::sleep_for(50ms);
  }
  CHECK(files_after <= files_before + 2);
  // AddressSanitizer keeps freed memory in quarantine (256 MiB by default), so
  // the resident size says nothing about leaks there; LeakSanitizer does.
  if (!kSanitized) CHECK(arena.server.memory_kib() - memory_before < 8 * 1024);
  auto health = json::parse(get(port, "/api/health").body);
  CHECK(health.is_object());
}

TEST_SUITE("cluster") {
TEST_CASE("across nodes, a bot's streams are served by any node; a drained node's streams end and open again elsewhere with gameFull") {
  const char* nats = std::getenv("GIPF_ARENA_TEST_NATS");
  const char* postgres = std::getenv("GIPF_ARENA_TEST_POSTGRES");
  if (!nats || !*nats || !postgres || !*postgres) return;
  auto node = [&](const std::string& name) { return std::vector<std::string>{"--bus", nats, "--node-id", name}; };
  std::string store = temp_store("cluster-bot-api");
  ServerProcess a(store, node("node-a")), b(store, node("node-b")), c(store, node("node-c"));
  REQUIRE(a.start());
  REQUIRE(b.start());
  REQUIRE(c.start());
  std::string bot = make_bot(b.port(), "robo");
  std::string alice = signup(a.port(), "alice", "alice password");
  Participant person;
  REQUIRE(identify_with(person, a.port(), alice));

  // The bot listens on node c; the person challenges through node a; the bot accepts through node b.
  LineStream events;
  REQUIRE(events.open(c.port(), "/api/stream/event", bearer(bot)));
  auto made = post(a.port(), "/api/challenge/robo", {{"game", "yinsh"}, {"variant", "blitz"}, {"color", "white"}}, alice);
  REQUIRE_MESSAGE(made.status == 201, made.body);
  auto offered = events.next_of("challenge", 30s);
  REQUIRE(offered);
  auto accepted = api(b.port(), "POST", "/api/challenge/" + (*offered)["challenge"]["id"].get<std::string>() + "/accept", bot);
  REQUIRE_MESSAGE(accepted.status == 200, accepted.body);
  const std::string room = json::parse(accepted.body)["challenge"]["room"];
  auto start = events.next_of("gameStart", 30s);
  REQUIRE(start);
  CHECK((*start)["game"]["id"] == room);

  // The room is node b's; its stream is served by node c, through the bus.
  LineStream game;
  REQUIRE(game.open(c.port(), "/api/bot/game/stream/" + room, bearer(bot)));
  auto full = game.next(30s);
  REQUIRE(full);
  CHECK((*full)["type"] == "gameFull");
  person.ws.send({{"type", "join_room"}, {"room", room}});
  act_first(person, room);
  std::optional<json> line = decision(game, 30s);
  auto acted = api(c.port(), "POST", "/api/bot/game/" + room + "/action/" + *first_legal(*line), bot);
  REQUIRE_MESSAGE(acted.status == 200, acted.body);

  // Node b (the room's) drains: the room goes elsewhere, the stream on c ends; opened again, it starts over.
  CHECK(b.stop(SIGTERM) == 0);
  for (auto until = std::chrono::steady_clock::now() + 60s; !game.ended() && std::chrono::steady_clock::now() < until;) game.next(1s);
  CHECK(game.ended());
  std::unique_ptr<LineStream> again;
  REQUIRE(eventually([&] {  // until the room is served again (by a or c)
    again = std::make_unique<LineStream>();
    return again->open(c.port(), "/api/bot/game/stream/" + room, bearer(bot));
  }));
  auto refull = again->next(30s);
  REQUIRE(refull);
  CHECK((*refull)["type"] == "gameFull");
  CHECK((*refull)["steps"].size() >= 2);
  // Node c (the stream's) drains: its streams end; node a serves them.
  CHECK(c.stop(SIGTERM) == 0);
  for (auto until = std::chrono::steady_clock::now() + 60s; !again->ended() && std::chrono::steady_clock::now() < until;) again->next(1s);
  CHECK(again->ended());
  LineStream third;
  REQUIRE(third.open(a.port(), "/api/bot/game/stream/" + room, bearer(bot)));
  auto last = third.next(30s);
  REQUIRE(last);
  CHECK((*last)["type"] == "gameFull");
}
}
