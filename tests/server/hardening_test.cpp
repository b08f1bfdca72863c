// The real server attacked as issue #8 did: each case failed before the fix.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <set>
#include <thread>

#include "arena_test_support.hpp"

#ifndef GIPF_ARENA_SANITIZED
#define GIPF_ARENA_SANITIZED 0
#endif

using namespace test_support;

namespace {

// The status code of a raw HTTP answer, and whether its body is our JSON error
// with `code`.
int status_of(const std::string& reply) {
  if (reply.rfind("HTTP/1.1 ", 0) != 0) return 0;
  return std::atoi(reply.c_str() + 9);
}
bool json_error_code(const std::string& reply, const std::string& code) {
  auto body = reply.find("\r\n\r\n");
  if (body == std::string::npos) return false;
  auto j = json::parse(reply.substr(body + 4), nullptr, false);
  return !j.is_discarded() && j["error"]["code"] == code;
}

bool healthy(int port) { return http_get(port, "/api/health").status == 200; }

// A plain TCP connection, or -1.
int tcp_connect(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

json create(Participant& p, json options) {
  options["type"] = "create_room";
  p.ws.send(options);
  for (auto m = p.ws.receive(60s); m; m = p.ws.receive(60s))
    if ((*m)["type"] == "room_created" || (*m)["type"] == "error") return *m;
  return nullptr;
}

}  // namespace

TEST_CASE("a target that is not UTF-8 gets 404, and the server lives on") {
  ServerProcess server(temp_store("utf8.db"));
  REQUIRE(server.start());
  for (auto target : {"/api/games/%FF", "/api/games/%ff/record", "/api/games/\xff", "/api/games/\xc3\x28", "/api/games/a%00b",
                      "/api/games/ABC", "/%FF", "/api/games?status=%FF", "/api/games?page=%FF"}) {
    auto reply = raw_http(server.port(), std::string("GET ") + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    int status = status_of(reply);
    CHECK_MESSAGE((status == 404 || status == 400), target << " → " << reply.substr(0, 40));
    REQUIRE_MESSAGE(healthy(server.port()), "the server died on " << target);
  }
  auto reply = http_get(server.port(), "/api/games/%FF");
  CHECK(reply.status == 404);
  CHECK(json::parse(reply.body)["error"]["code"] == "not_found");
}

TEST_CASE("HTTP requests the parser refuses are answered 414, 431, 413 or 400 with a JSON error") {
  ServerProcess server(temp_store("http-errors.db"));
  REQUIRE(server.start());
  int port = server.port();
  auto long_url = raw_http(port, "GET /" + std::string(9 * 1024, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(status_of(long_url) == 414);
  CHECK(json_error_code(long_url, "uri_too_long"));
  auto longer_url = raw_http(port, "GET /" + std::string(40 * 1024, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(status_of(longer_url) == 414);  // past the header limit too
  auto big_header = raw_http(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20 * 1024, 'h') + "\r\n\r\n");
  CHECK(status_of(big_header) == 431);
  CHECK(json_error_code(big_header, "headers_too_large"));
  auto big_body = raw_http(port, "POST /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 20480\r\n\r\n" + std::string(20480, 'b'));
  CHECK(status_of(big_body) == 413);
  CHECK(json_error_code(big_body, "body_too_large"));
  auto bare_lf = raw_http(port, "GET / HTTP/1.1\nHost: x\n\n");
  CHECK(status_of(bare_lf) == 400);
  CHECK(json_error_code(bare_lf, "bad_request"));
  auto http09 = raw_http(port, "GET /\r\n\r\n");
  CHECK(status_of(http09) == 400);
  CHECK(json_error_code(http09, "bad_request"));
  for (const auto& reply : {long_url, big_header, big_body, bare_lf, http09})
    CHECK(reply.find("Connection: close") != std::string::npos);
  CHECK(healthy(port));
}

// Not under the sanitizers: their runtimes need free descriptors of their own
// and fail inside when the process has none left.
TEST_CASE("out of file descriptors: the accept loop backs off, logs once, and the players go on" *
          doctest::skip(GIPF_ARENA_SANITIZED != 0)) {
  ServerProcess server(temp_store("fds.db"), {"--log-level", "info"});
  std::string log = temp_path("fds.log");
  server.log_to(log);
  server.limit_files(64);
  REQUIRE(server.start());
  Participant ann;
  REQUIRE(ann.identify(server.port(), "Ann"));
  std::vector<int> sockets;
  for (int i = 0; i < 100; ++i) {  // more than the server may hold: the rest wait in its backlog
    int fd = tcp_connect(server.port());
    if (fd >= 0) sockets.push_back(fd);
  }
  // Until the server has seen the failure there is nothing to count; then give
  // a spinning loop time to show itself (it would log thousands of lines).
  eventually([&] { return count(server.log(), "event=accept_failed") > 0; });
  std::this_thread::sleep_for(1500ms);
  CHECK(count(server.log(), "event=accept_failed") == 1);
  ann.ws.send({{"type", "set_name"}, {"name", "Ann B"}});
  auto answer = ann.ws.receive_type("name_set", 10s);  // an existing player is still served
  REQUIRE(answer);
  CHECK((*answer)["name"] == "Ann B");
  for (int fd : sockets) close(fd);
  CHECK(eventually([&] { return healthy(server.port()); }));
  eventually([&] { return count(server.log(), "event=accept_recovered") > 0; });
  // Closing let the waiting connections in, which may run out again: each
  // episode is logged once when it begins and once when it ends.
  std::string text = server.log();
  CHECK(count(text, "event=accept_recovered") >= 1);
  CHECK(count(text, "event=accept_failed") <= count(text, "event=accept_recovered") + 1);
  CHECK(server.log().find("event=fd_limit soft=64 hard=64") != std::string::npos);
}

TEST_CASE("open rooms: at most five per player; the creator may cancel one") {
  ServerProcess server(temp_store("open-rooms.db"));
  REQUIRE(server.start());
  Participant ann, bob;
  REQUIRE(ann.identify(server.port(), "Ann"));
  REQUIRE(bob.identify(server.port(), "Bob"));
  std::vector<std::string> rooms;
  for (int i = 0; i < 5; ++i) {
    auto created = create(ann, {{"game", "yinsh"}, {"variant", "blitz"}, {"visibility", i % 2 ? "private" : "public"}});
    REQUIRE(created["type"] == "room_created");
    std::string id = created["room"];
    CHECK(id.size() == 26);  // 130 random bits: a private room cannot be guessed
    rooms.push_back(id);
  }
  auto sixth = create(ann, {{"game", "gipf"}, {"variant", "standard"}});
  CHECK(sixth["type"] == "error");
  CHECK(sixth["code"] == "too_many_rooms");

  bob.ws.send({{"type", "cancel_room"}, {"room", rooms[0]}, {"id", 1}});
  auto refused = bob.ws.receive_type("error", 5s);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "not_a_player");
  ann.ws.send({{"type", "cancel_room"}, {"room", rooms[0]}, {"id", 2}});
  bool cancelled = false;
  while (!cancelled) {
    auto m = ann.ws.receive_type("event", 5s);
    REQUIRE(m);
    cancelled = (*m)["room"] == rooms[0] && (*m)["kind"] == "cancelled" && (*m)["status"] == "cancelled" &&
                (*m)["expired"] == false;
  }
  CHECK(cancelled);
  auto again = create(ann, {{"game", "gipf"}, {"variant", "standard"}});  // a place is free again
  CHECK(again["type"] == "room_created");
  bob.ws.send({{"type", "join_room"}, {"room", rooms[0]}});
  auto closed = bob.ws.receive_type("error", 5s);
  REQUIRE(closed);
  CHECK((*closed)["code"] == "game_over");
  CHECK(json::parse(http_get(server.port(), "/api/games/" + rooms[0]).body)["status"] == "cancelled");
  bob.ws.send({{"type", "join_room"}, {"room", rooms[1]}});  // joined: the room is no longer the creator's to cancel
  REQUIRE(bob.ws.receive_type("room", 5s));
  ann.ws.send({{"type", "cancel_room"}, {"room", rooms[1]}, {"id", 3}});
  auto started = ann.ws.receive_type("error", 5s);
  REQUIRE(started);
  CHECK((*started)["code"] == "already_started");
}

TEST_CASE("an open room nobody joins is cancelled after its time, also across a restart") {
  std::string db = temp_store("expiry.db");
  std::string first_room;
  {
    ServerProcess server(db, {"--open-room-ttl", "3600"});
    REQUIRE(server.start());
    Participant ann;
    REQUIRE(ann.identify(server.port(), "Ann"));
    first_room = create(ann, {{"game", "yinsh"}, {"variant", "normal"}})["room"];
    server.kill_hard();
  }
  ServerProcess server(db, {"--open-room-ttl", "1"});  // restarted with a short time: the old room is past it
  REQUIRE(server.start());
  Participant ann;
  REQUIRE(ann.identify(server.port(), "Ann"));
  std::string room = create(ann, {{"game", "gipf"}, {"variant", "basic"}})["room"];
  bool expired = false;
  auto deadline = std::chrono::steady_clock::now() + 60s;
  while (!expired && std::chrono::steady_clock::now() < deadline) {
    auto m = ann.ws.receive(1s);
    expired = m && (*m)["type"] == "event" && (*m)["room"] == room && (*m)["kind"] == "cancelled" && (*m)["expired"] == true;
  }
  CHECK(expired);
  auto cancelled = [&](const std::string& id) {
    return json::parse(http_get(server.port(), "/api/games/" + id).body)["status"] == "cancelled";
  };
  CHECK(eventually([&] { return cancelled(first_room) && cancelled(room); }));
  CHECK(json::parse(http_get(server.port(), "/api/games?status=open").body)["total"] == 0);
  CHECK(json::parse(http_get(server.port(), "/api/games?status=cancelled").body)["total"] == 2);
}

TEST_CASE("new identities and connections per address are bounded") {
  ServerProcess server(temp_store("addresses.db"), {"--max-new-players-per-address", "3", "--max-connections-per-address", "5"});
  REQUIRE(server.start());
  Participant a, b, c;
  REQUIRE(a.identify(server.port(), "A"));
  REQUIRE(b.identify(server.port(), "B"));
  REQUIRE(c.identify(server.port(), "C"));
  WsClient d;
  REQUIRE(d.connect(server.port()));
  d.send({{"type", "hello"}, {"protocol", 1}, {"name", "D"}});
  auto refused = d.receive_type("error", 5s);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "too_many_players");
  d.send({{"type", "hello"}, {"protocol", 1}, {"token", a.token}});  // a known player is always welcome
  auto welcome = d.receive_type("welcome", 5s);
  REQUIRE(welcome);
  CHECK((*welcome)["player"]["id"] == a.player_id);

  WsClient e;
  CHECK(e.connect(server.port()));  // the fifth connection
  WsClient sixth;
  CHECK(!sixth.connect(server.port()));
  auto reply = raw_http(server.port(), "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(status_of(reply) == 429);
  CHECK(json_error_code(reply, "too_many_connections"));
  e.close();
  CHECK(eventually([&] { return healthy(server.port()); }));  // once the server has seen the close
}

TEST_CASE("draw offers at most once per ten actions; a finished game accepts nothing") {
  ServerProcess server(temp_store("draws.db"));
  REQUIRE(server.start());
  Participant white, black;
  REQUIRE(white.identify(server.port(), "Ann"));
  REQUIRE(black.identify(server.port(), "Bob"));
  std::string room = open_game(white, black, {{"game", "yinsh"}, {"variant", "normal"}});
  auto answer = [](Participant& p) {
    for (auto m = p.ws.receive(60s); m; m = p.ws.receive(60s)) {
      if ((*m)["type"] == "event") p.saw_event(*m);
      if ((*m)["type"] == "ack" || (*m)["type"] == "error") return *m;
    }
    return json(nullptr);
  };
  white.ws.send({{"type", "offer_draw"}, {"room", room}});
  CHECK(answer(white)["type"] == "ack");
  black.ws.send({{"type", "answer_draw"}, {"room", room}, {"accept", false}});
  CHECK(answer(black)["type"] == "ack");
  white.ws.send({{"type", "offer_draw"}, {"room", room}});
  auto too_soon = answer(white);
  CHECK(too_soon["code"] == "draw_offer_too_soon");
  black.ws.send({{"type", "offer_draw"}, {"room", room}});  // the other player's first offer is fine
  CHECK(answer(black)["type"] == "ack");
  white.ws.send({{"type", "answer_draw"}, {"room", room}, {"accept", false}});
  CHECK(answer(white)["type"] == "ack");
  drain(white);
  drain(black);
  for (Participant* p : {&white, &black})  // the legal list went by above: a resync sends it again
    p->ws.send({{"type", "resync"}, {"room", room}, {"since", p->last_seq}});
  play_random(room, {&white, &black}, {.seed = 3, .stop_after_actions = 10});
  drain(white);
  drain(black);
  white.ws.send({{"type", "offer_draw"}, {"room", room}});  // ten actions later
  CHECK(answer(white)["type"] == "ack");

  black.ws.send({{"type", "resign"}, {"room", room}});
  CHECK(answer(black)["type"] == "ack");
  drain(white);
  for (json m : {json{{"type", "offer_draw"}, {"room", room}}, json{{"type", "resign"}, {"room", room}},
                 json{{"type", "answer_draw"}, {"room", room}, {"accept", true}},
                 json{{"type", "action"}, {"room", room}, {"ply", white.ply}, {"action", "a2"}},
                 json{{"type", "cancel_room"}, {"room", room}}}) {
    white.ws.send(m);
    auto refused = answer(white);
    CHECK_MESSAGE(refused["code"] == "game_over", m.dump());
  }
  auto stored = json::parse(http_get(server.port(), "/api/games/" + room).body);
  CHECK(stored["status"] == "finished");
}

TEST_CASE("the lobby: at most 50 rooms a list with totals, then updates as deltas") {
  ServerProcess server(temp_store("lobby.db"));
  REQUIRE(server.start());
  Participant watcher;
  REQUIRE(watcher.identify(server.port(), "Watcher"));
  std::vector<std::unique_ptr<Participant>> creators;
  for (int i = 0; i < 12; ++i) {
    creators.push_back(std::make_unique<Participant>());
    REQUIRE(creators.back()->identify(server.port(), "P" + std::to_string(i)));
    for (int k = 0; k < 5; ++k)
      REQUIRE(create(*creators.back(), {{"game", "gipf"}, {"variant", "basic"}})["type"] == "room_created");
  }
  // A room reaches the lobby feed just after its creator hears room_created
  // (it is announced on the room's strand), so a subscription made now may not
  // count the newest rooms yet: they would come in the next update. Wait until
  // a subscriber has heard of all sixty; from then on the feed holds them all,
  // and a new subscription starts from every one of them.
  watcher.ws.send({{"type", "lobby_subscribe"}, {"id", "first"}});
  auto first = watcher.ws.receive_type("lobby", 5s);
  REQUIRE(first);
  LobbyMirror seen;
  seen.apply(*first);
  auto deadline = std::chrono::steady_clock::now() + 60s;
  while (seen.open_total < 60 && std::chrono::steady_clock::now() < deadline)
    if (auto m = watcher.ws.receive_type("lobby_update", 5s)) seen.apply(*m);
  REQUIRE(seen.open_total == 60);
  watcher.ws.send({{"type", "lobby_subscribe"}, {"id", "sub"}});
  auto lobby = watcher.ws.receive_type("lobby", 5s);
  REQUIRE(lobby);
  CHECK((*lobby)["id"] == "sub");
  CHECK((*lobby)["open"].size() == 50);
  CHECK((*lobby)["open_total"] == 60);
  CHECK((*lobby)["live_total"] == 0);
  CHECK(lobby->dump().size() < 20000);
  // One more room: an update that names it alone, not the whole list.
  Participant late;
  REQUIRE(late.identify(server.port(), "Late"));
  auto created = create(late, {{"game", "yinsh"}, {"variant", "normal"}});
  std::string newest = created["room"];
  json update;
  for (auto m = watcher.ws.receive_type("lobby_update", 5s); m; m = watcher.ws.receive_type("lobby_update", 5s)) {
    update = *m;
    if (update["open_total"] == 61) break;
  }
  REQUIRE(update["open_total"] == 61);
  REQUIRE(update["open"]["set"].size() == 1);
  CHECK(update["open"]["set"][0]["id"] == newest);
  CHECK(update["open"]["removed"].size() == 1);  // the oldest of the 50 made way
  CHECK(update["live"]["set"].empty());
  CHECK(update.dump().size() < 1000);
}

TEST_CASE("binary frames count against the rate; NUL bytes and no id are handled") {
  ServerProcess server(temp_store("frames.db"), {"--message-rate", "0", "--message-burst", "10"});
  REQUIRE(server.start());
  Participant ann;
  REQUIRE(ann.identify(server.port(), "Ann"));
  ann.ws.send({{"type", "set_name"}, {"name", "Ann C"}});
  auto named = ann.ws.receive_type("name_set", 5s);
  REQUIRE(named);
  CHECK(!named->contains("id"));  // no id asked, none answered
  ann.ws.send_text(std::string("{\"type\":\"lobby_subscribe\"}") + '\0' + "junk");
  auto bad = ann.ws.receive_type("error", 5s);
  REQUIRE(bad);
  CHECK((*bad)["code"] == "bad_json");
  for (int i = 0; i < 400; ++i) ann.ws.send_binary("\x01\x02");
  read_until_closed(ann.ws);
  CHECK(ann.ws.closed());
  CHECK(ann.ws.close_code() == 1008);
}

TEST_CASE("with --public-origin only those origins may open a WebSocket") {
  ServerProcess server(temp_store("origins.db"), {"--public-origin", "https://gipf.example.org"});
  REQUIRE(server.start());
  WsClient listed, own_host, none;
  CHECK(listed.connect(server.port(), "https://gipf.example.org"));
  CHECK(!own_host.connect(server.port(), "http://127.0.0.1:" + std::to_string(server.port())));
  CHECK(none.connect(server.port()));  // not a browser
}

TEST_CASE("a finished room leaves memory after --keep-closed and is read back when asked for") {
  ServerProcess server(temp_store("keep-closed.db"), {"--keep-closed", "1"});
  REQUIRE(server.start());
  auto rooms_in_memory = [&] { return json::parse(http_get(server.port(), "/api/health").body)["rooms"].get<int>(); };
  Participant ann, bob;
  REQUIRE(ann.identify(server.port(), "Ann"));
  REQUIRE(bob.identify(server.port(), "Bob"));
  std::string room = open_game(ann, bob, {{"game", "yinsh"}, {"variant", "blitz"}});
  ann.ws.send({{"type", "resign"}, {"room", room}});
  auto resigned = bob.ws.receive_type("event", 5s);
  REQUIRE(resigned);
  CHECK((*resigned)["kind"] == "resigned");
  CHECK(eventually([&] { return rooms_in_memory() == 0; }));  // the sweep runs every quarter of a second here
  Participant cy;  // the room is still there for whoever asks: loaded from the store
  REQUIRE(cy.identify(server.port(), "Cy"));
  cy.ws.send({{"type", "watch"}, {"room", room}});
  auto snapshot = cy.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  CHECK((*snapshot)["status"] == "finished");
  CHECK((*snapshot)["result"]["winner"] == "black");
}

namespace {

// Sends a keep-alive GET /api/health naming `forwarded` as the client, on an open
// connection `fd`, and reads the whole answer (its body too: a byte of it left
// unread would look like more to come); the answer's status (0: none within a
// minute, or the connection closed).
int forwarded_health(int fd, const std::string& forwarded) {
  timeval timeout{60, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  std::string request = "GET /api/health HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: " + forwarded + "\r\n\r\n";
  if (write(fd, request.data(), request.size()) != static_cast<ssize_t>(request.size())) return 0;
  std::string answer;
  char buffer[4096];
  auto complete = [&] {
    auto end = answer.find("\r\n\r\n");
    if (end == std::string::npos) return false;
    std::string head = answer.substr(0, end);
    for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto length = head.find("content-length:");
    std::size_t body = length == std::string::npos ? 0 : std::stoul(head.substr(length + 15));
    return answer.size() >= end + 4 + body;
  };
  while (!complete()) {
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n <= 0) return 0;
    answer.append(buffer, static_cast<std::size_t>(n));
  }
  return status_of(answer);
}

// Whether the server closed `fd` (within a minute), after the answers read.
bool closed_by_server(int fd) {
  timeval timeout{60, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  char byte;
  return read(fd, &byte, 1) == 0;
}

}  // namespace

TEST_CASE("behind a trusted proxy each client counts under the address the proxy names, not the proxy's") {
  ServerProcess server(temp_store("proxy.db"), {"--trusted-proxy", "127.0.0.1", "--max-connections-per-address", "1"});
  REQUIRE(server.start());
  int ann = tcp_connect(server.port()), ann_again = tcp_connect(server.port()), bob = tcp_connect(server.port());
  REQUIRE((ann >= 0 && ann_again >= 0 && bob >= 0));
  CHECK(forwarded_health(ann, "192.0.2.1") == 200);        // held open: Ann's one connection
  CHECK(forwarded_health(ann_again, "192.0.2.1") == 429);  // her second, through the same proxy
  // Only the last address counts: the proxy appended it; the rest is the client's claim.
  CHECK(forwarded_health(bob, "192.0.2.1, 192.0.2.2") == 200);
  close(ann);
  // Once Ann's connection is gone she may connect again.
  CHECK(eventually([&] {
    int fd = tcp_connect(server.port());
    bool ok = forwarded_health(fd, "192.0.2.1") == 200;
    close(fd);
    return ok;
  }));
  close(ann_again);
  close(bob);

  // Without --trusted-proxy the header is a client's claim: ignored. (The first
  // connection is a WebSocket: an idle HTTP one would give way to the second.)
  ServerProcess direct(temp_store("direct.db"), {"--max-connections-per-address", "1"});
  REQUIRE(direct.start());
  WsClient first;
  REQUIRE(first.connect(direct.port()));
  int second = tcp_connect(direct.port());
  CHECK(forwarded_health(second, "192.0.2.2") == 429);
  close(second);
}

TEST_CASE("an address at its limit: a kept-alive connection waiting for its next request gives way to a new one") {
  // A browser keeps its page's HTTP connections open after loading the page;
  // a few dozen pages from one address used to fill its limit with them, and
  // the next page's scripts were refused (429): that page never started.
  ServerProcess server(temp_store("keep_alive.db"), {"--max-connections-per-address", "3"});
  REQUIRE(server.start());
  // a keep-alive GET /api/health (the header is ignored without --trusted-proxy)
  auto health = [](int fd) { return forwarded_health(fd, "203.0.113.5"); };
  WsClient socket;  // busy all along: never given up
  REQUIRE(socket.connect(server.port()));
  int kept = tcp_connect(server.port()), other = tcp_connect(server.port());
  REQUIRE((kept >= 0 && other >= 0));
  // A connection counts as idle from the moment its answer is queued, so these
  // answers, read in turn, make `kept` idle before `other`.
  CHECK(health(kept) == 200);   // answered, kept alive: idle now
  CHECK(health(other) == 200);  // idle too
  int page = tcp_connect(server.port());
  CHECK(health(page) == 200);  // a fourth connection: the one idle longest gave way
  CHECK(closed_by_server(kept));  // a browser sends its request again on another connection
  int stayed = other;
  CHECK(health(stayed) == 200);  // still served, and idle again, after `page`
  int fresh = tcp_connect(server.port());   // `page` and `stayed` give way, one each
  int fresh2 = tcp_connect(server.port());
  CHECK(closed_by_server(page));
  CHECK(closed_by_server(stayed));
  // The WebSocket and two connections that have not sent a request yet: none is idle.
  int refused = tcp_connect(server.port());
  CHECK(health(refused) == 429);
  CHECK(health(fresh) == 200);
  CHECK(health(fresh2) == 200);
  for (int fd : {kept, other, page, fresh, fresh2, refused}) close(fd);
}
