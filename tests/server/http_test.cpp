// The HTTP side of the real server: static files and the JSON API.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/wait.h>

#include "arena_test_support.hpp"
#include "gzip_test_support.hpp"

using namespace test_support;

namespace {
std::string make_static_dir() {
  std::filesystem::path dir = temp_path("web");
  std::filesystem::create_directories(dir / "js");
  std::ofstream(dir / "index.html") << "<!doctype html><title>GIPF Arena</title>";
  std::ofstream(dir / "js" / "app.js") << "export const x = 1;";
  std::ofstream(dir / "style.css") << "body{}";
  std::ofstream(dir / "board.svg") << "<svg/>";
  return dir.string();
}
// The samples of a Prometheus text: "name{labels}" -> value.
std::map<std::string, double> samples_of(const std::string& text) {
  std::map<std::string, double> samples;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    auto space = line.rfind(' ');
    samples[line.substr(0, space)] = std::stod(line.substr(space + 1));
  }
  return samples;
}

// `promtool check metrics` on `text`: its exit status and what it said. A
// machine without promtool fails the test (scripts/setup.sh --tests installs it).
std::pair<int, std::string> promtool_check(const std::string& text) {
  REQUIRE_MESSAGE(std::system("command -v promtool >/dev/null 2>&1") == 0,
                  "promtool not found: install Debian's prometheus package (scripts/setup.sh --tests)");
  std::string file = temp_path("metrics.txt");
  std::ofstream(file) << text;
  FILE* pipe = ::popen(("promtool check metrics < " + file + " 2>&1").c_str(), "r");
  REQUIRE(pipe);
  std::string said;
  char buffer[512];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) said.append(buffer, n);
  int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, said};
}
}  // namespace

TEST_CASE("static files: index for /, content types, 404, no traversal, GET and HEAD only") {
  ServerProcess server(temp_store("http.db"), {"--static-dir", make_static_dir()});
  REQUIRE(server.start());
  auto index = http_get(server.port(), "/");
  CHECK(index.status == 200);
  CHECK(index.headers["content-type"] == "text/html; charset=utf-8");
  CHECK(index.body.find("GIPF Arena") != std::string::npos);
  CHECK(http_get(server.port(), "/js/app.js").headers["content-type"] == "text/javascript; charset=utf-8");
  CHECK(http_get(server.port(), "/style.css").headers["content-type"] == "text/css; charset=utf-8");
  CHECK(http_get(server.port(), "/board.svg").headers["content-type"] == "image/svg+xml");
  CHECK(http_get(server.port(), "/missing.js").status == 404);
  std::string traversal = raw_http(server.port(), "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  CHECK(traversal.rfind("HTTP/1.1 404", 0) == 0);
  CHECK(traversal.find("root:") == std::string::npos);
  std::string encoded = raw_http(server.port(), "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  CHECK(encoded.rfind("HTTP/1.1 404", 0) == 0);
  std::string post = raw_http(server.port(), "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  CHECK(post.rfind("HTTP/1.1 405", 0) == 0);
  std::string head = raw_http(server.port(), "HEAD /style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  CHECK(head.rfind("HTTP/1.1 200", 0) == 0);
  CHECK(head.find("body{}") == std::string::npos);
  std::string garbage = raw_http(server.port(), "NONSENSE\r\n\r\n");
  CHECK(garbage.find("GIPF") == std::string::npos);  // refused, and the server lives on
  CHECK(http_get(server.port(), "/api/health").status == 200);
}

TEST_CASE("static files over HTTP: gzip, ETag, 304, Cache-Control, a changed file") {
  std::filesystem::path dir = temp_path("web-gzip");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "js");
  std::string app = "// the client\n";
  for (int i = 0; i < 100; ++i) app += "export const line" + std::to_string(i) + " = 'a line of the web client';\n";
  std::ofstream(dir / "js" / "app.js") << app;
  ServerProcess server(temp_store("http-gzip.db"), {"--static-dir", dir.string()});
  REQUIRE(server.start());

  auto gz = http_request(server.port(), "GET", "/js/app.js", "", {{"Accept-Encoding", "gzip, deflate, br"}});
  CHECK(gz.status == 200);
  CHECK(gz.headers["content-encoding"] == "gzip");
  CHECK(gz.headers["vary"] == "Accept-Encoding");
  CHECK(gz.headers["cache-control"] == "no-cache");
  CHECK(gz.body.size() < app.size());
  CHECK(gunzip(gz.body) == app);
  const std::string gz_tag = gz.headers["etag"];
  CHECK(gz_tag.find("-gz\"") != std::string::npos);

  auto plain = http_get(server.port(), "/js/app.js");
  CHECK(plain.body == app);
  CHECK(plain.headers.count("content-encoding") == 0);
  CHECK(plain.headers["cache-control"] == "no-cache");
  const std::string tag = plain.headers["etag"];
  CHECK(!tag.empty());
  CHECK(tag != gz_tag);
  auto refused = http_request(server.port(), "GET", "/js/app.js", "", {{"Accept-Encoding", "gzip;q=0"}});
  CHECK(refused.body == app);
  CHECK(refused.headers.count("content-encoding") == 0);

  auto cached = http_request(server.port(), "GET", "/js/app.js", "", {{"Accept-Encoding", "gzip"}, {"If-None-Match", gz_tag}});
  CHECK(cached.status == 304);
  CHECK(cached.body.empty());
  CHECK(cached.headers["etag"] == gz_tag);
  CHECK(cached.headers["cache-control"] == "no-cache");
  CHECK(http_request(server.port(), "GET", "/js/app.js", "", {{"If-None-Match", tag}}).status == 304);

  std::ofstream(dir / "js" / "app.js") << app << "export const added = true;\n";
  auto changed = http_request(server.port(), "GET", "/js/app.js", "", {{"If-None-Match", tag}});
  CHECK(changed.status == 200);
  CHECK(changed.body == app + "export const added = true;\n");
  CHECK(changed.headers["etag"] != tag);
  CHECK(http_get(server.port(), "/api/health").headers["cache-control"] == "no-store");  // the API is not a file
}

TEST_CASE("GET /metrics: Prometheus text that promtool accepts, counting actions, refusals, commits and the process") {
  ServerProcess server(temp_store("metrics.db"));
  REQUIRE(server.start());
  Participant white, black;
  REQUIRE(white.identify(server.port(), "Ann"));
  REQUIRE(black.identify(server.port(), "Bob"));
  std::string room = open_game(white, black, {{"game", "gipf"}, {"variant", "basic"}});
  REQUIRE(play_random(room, {&white, &black}, {.stop_after_actions = 4}) == 4);
  // An action for a position long gone is refused, with its code counted.
  white.ws.send({{"type", "action"}, {"room", room}, {"ply", 0}, {"action", "nonsense"}, {"id", 7}});
  auto refusal = white.ws.receive_type("error", 5s);
  REQUIRE(refusal);
  std::string code = (*refusal)["code"];

  auto reply = http_get(server.port(), "/metrics");
  REQUIRE(reply.status == 200);
  CHECK(reply.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8");
  // (no structured binding: doctest's macros capture in lambdas, which clang 14 cannot do with one)
  auto checked = promtool_check(reply.body);
  const auto& said = checked.second;
  CHECK_MESSAGE(checked.first == 0, said);
  CHECK_MESSAGE(said.empty(), said);

  auto samples = samples_of(reply.body);
  CHECK(samples["gipf_arena_actions_accepted_total"] == 4);
  CHECK(samples["gipf_arena_actions_refused_total{code=\"" + code + "\"}"] == 1);
  CHECK(samples["gipf_arena_websocket_connections"] == 2);
  CHECK(samples["gipf_arena_rooms_owned"] == 1);
  // Every event of the game (created, joined, four actions) went through a group commit.
  CHECK(samples["gipf_arena_store_commit_writes_sum"] >= 6);
  CHECK(samples["gipf_arena_store_commit_seconds_count"] == samples["gipf_arena_store_commit_writes_count"]);
  CHECK(samples["gipf_arena_store_commit_writes_bucket{le=\"+Inf\"}"] == samples["gipf_arena_store_commit_writes_count"]);
  CHECK(samples.count("gipf_arena_forward_seconds_count") == 1);  // none here: one node
  CHECK(samples["gipf_arena_lease_takeovers_total"] == 0);
  CHECK(samples["gipf_arena_nats_reconnects_total"] == 0);
  // The process, as the kernel sees it.
  CHECK(samples["process_resident_memory_bytes"] > 1e6);
  CHECK(samples["process_open_fds"] >= 5);
  CHECK(samples["process_max_fds"] >= samples["process_open_fds"]);
  CHECK(samples.count("process_cpu_seconds_total") == 1);
  auto now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  CHECK(samples["process_start_time_seconds"] <= now + 1);
  CHECK(samples["process_start_time_seconds"] > now - 600);
}

TEST_CASE("GET /api/ready: 200 while the server serves; /api/health too") {
  ServerProcess server(temp_store("ready.db"));
  REQUIRE(server.start());
  auto ready = http_get(server.port(), "/api/ready");
  CHECK(ready.status == 200);
  CHECK(json::parse(ready.body) == json{{"ready", true}, {"state", "ready"}});
  CHECK(http_get(server.port(), "/api/health").status == 200);
}

TEST_CASE("JSON API: health, game lists with paging, one game, its record") {
  ServerProcess server(temp_store("api.db"), {"--node-id", "arena-a.1"});
  REQUIRE(server.start());
  auto health = json::parse(http_get(server.port(), "/api/health").body);
  CHECK(health["status"] == "ok");
  CHECK(health["protocol"] == 1);
  CHECK(health["node"] == "arena-a.1");

  Participant a, b, c;
  REQUIRE(a.identify(server.port(), "Ann"));
  REQUIRE(b.identify(server.port(), "Bob"));
  REQUIRE(c.identify(server.port(), "Cy"));
  std::string live = open_game(a, b, {{"game", "yinsh"}, {"variant", "blitz"}});
  c.ws.send({{"type", "create_room"}, {"game", "gipf"}, {"variant", "basic"}, {"white_extra", 3}});
  std::string open = (*c.ws.receive_type("room_created", 5s))["room"];
  c.ws.send({{"type", "create_room"}, {"game", "gipf"}, {"variant", "standard"}, {"visibility", "private"}});
  std::string hidden = (*c.ws.receive_type("room_created", 5s))["room"];

  auto all = json::parse(http_get(server.port(), "/api/games").body);
  CHECK(all["total"] == 2);  // the private room is not listed
  auto live_list = json::parse(http_get(server.port(), "/api/games?status=live").body);
  REQUIRE(live_list["games"].size() == 1);
  CHECK(live_list["games"][0]["id"] == live);
  CHECK(live_list["games"][0]["white"]["name"] == "Ann");
  CHECK(live_list["games"][0]["options"]["variant"] == "blitz");
  auto page2 = json::parse(http_get(server.port(), "/api/games?per_page=1&page=2").body);
  CHECK(page2["games"].size() == 1);
  CHECK(page2["total"] == 2);
  CHECK(http_get(server.port(), "/api/games?status=lost").status == 400);
  CHECK(http_get(server.port(), "/api/games?per_page=1000").status == 400);
  CHECK(http_get(server.port(), "/api/games?page=x").status == 400);

  auto one = json::parse(http_get(server.port(), "/api/games/" + open).body);
  CHECK(one["status"] == "open");
  CHECK(one["options"]["white_extra"] == 3);
  CHECK(one["record"].get<std::string>().find("[WhiteExtra \"3\"]") != std::string::npos);
  CHECK(http_get(server.port(), "/api/games/" + hidden).status == 200);  // the id is the invitation
  CHECK(http_get(server.port(), "/api/games/nosuchgame").status == 404);
  CHECK(http_get(server.port(), "/api/games/" + live + "/moves").status == 404);
  CHECK(http_get(server.port(), "/api/nothing").status == 404);
  // no --test-clock: the server's clock cannot be moved (a path without POST)
  CHECK(http_request(server.port(), "POST", "/api/test/clock", R"({"advance_seconds": 60})",
                     {{"Content-Type", "application/json"}}).status == 405);
  CHECK(http_get(server.port(), "/api/test/clock").status == 404);

  play_random(live, {&a, &b}, {.seed = 3});
  auto record = http_get(server.port(), "/api/games/" + live + "/record");
  CHECK(record.headers["content-type"] == "text/plain; charset=utf-8");
  CHECK(record.body.find("[Game \"yinsh\"]") != std::string::npos);
  CHECK(record.body.find("[White \"Ann\"]") != std::string::npos);
  CHECK(record.body.find("[Result \"*\"]") == std::string::npos);
  auto finished = json::parse(http_get(server.port(), "/api/games?status=finished").body);
  CHECK(finished["total"] == 1);
}

TEST_CASE("the lobby lists open rooms and live games") {
  ServerProcess server(temp_store("lobby.db"));
  REQUIRE(server.start());
  Participant watcher, a, b;
  REQUIRE(watcher.identify(server.port(), "Wat"));
  REQUIRE(a.identify(server.port(), "Ann"));
  REQUIRE(b.identify(server.port(), "Bob"));
  watcher.ws.send({{"type", "lobby_subscribe"}});
  auto empty = watcher.ws.receive_type("lobby", 5s);
  REQUIRE(empty);
  CHECK((*empty)["open"].empty());
  LobbyMirror lobby;
  lobby.apply(*empty);
  // Reads lobby messages until `done` holds of the mirror (or none comes).
  auto until = [&](auto done) {
    for (int i = 0; i < 20 && !done(); ++i) {
      auto m = watcher.ws.receive_type("lobby_update", 5s);
      if (!m) break;
      lobby.apply(*m);
    }
    return done();
  };
  a.ws.send({{"type", "create_room"}, {"game", "gipf"}, {"variant", "tournament"}, {"color", "black"}});
  std::string room = (*a.ws.receive_type("room_created", 5s))["room"];
  REQUIRE(until([&] { return lobby.open.size() == 1; }));
  const json& open = lobby.open.begin()->second;
  CHECK(open["id"] == room);
  CHECK(open["seat"] == "white");  // the creator took black
  CHECK(open["creator"] == "Ann");
  CHECK(lobby.open_total == 1);
  b.ws.send({{"type", "join_room"}, {"room", room}});
  REQUIRE(b.ws.receive_type("room", 5s));
  REQUIRE(until([&] { return lobby.live.size() == 1 && lobby.open.empty(); }));
  const json& live = lobby.live.begin()->second;
  CHECK(live["white"] == "Bob");
  CHECK(live["black"] == "Ann");
  CHECK(lobby.live_total == 1);
  CHECK(lobby.open_total == 0);
}

TEST_CASE("--test-clock: an untimed game both players left leaves the live list after 15 minutes, ends as abandoned after --abandon-days") {
  ServerProcess server(temp_store("abandon.db"), {"--test-clock", "--abandon-days", "2"});
  REQUIRE(server.start());
  const std::map<std::string, std::string> kJsonType{{"Content-Type", "application/json"}};
  auto advance = [&](const std::string& body) { return http_request(server.port(), "POST", "/api/test/clock", body, kJsonType); };
  auto code = [](const HttpReply& r) { return json::parse(r.body)["error"]["code"].get<std::string>(); };
  // bad input: stable codes
  CHECK(code(advance("{")) == "bad_json");
  for (const char* bad : {R"({})", R"({"advance_seconds": -1})", R"({"advance_seconds": "60"})", R"({"advance_seconds": 1.5})",
                          R"({"advance_seconds": 60, "more": 1})", R"([60])", R"({"advance_seconds": 315360001})"}) {
    auto r = advance(bad);
    CHECK_MESSAGE(r.status == 400, bad);
    CHECK_MESSAGE(code(r) == "bad_field", bad);
  }
  CHECK(http_get(server.port(), "/api/test/clock").status == 405);

  Participant watcher, a, b;
  REQUIRE(watcher.identify(server.port(), "Wat"));
  REQUIRE(a.identify(server.port(), "Ann"));
  REQUIRE(b.identify(server.port(), "Bob"));
  std::string room = open_game(a, b, {{"game", "yinsh"}, {"variant", "normal"}});
  watcher.ws.send({{"type", "lobby_subscribe"}});
  auto first = watcher.ws.receive_type("lobby", 5s);
  REQUIRE(first);
  LobbyMirror lobby;
  lobby.apply(*first);
  CHECK(lobby.live.count(room) == 1);
  a.ws.close();
  b.ws.close();
  // Reads lobby updates until `done` holds of the mirror (or none comes).
  auto until = [&](auto done) {
    for (int i = 0; i < 20 && !done(); ++i) {
      auto m = watcher.ws.receive_type("lobby_update", 5s);
      if (!m) break;
      lobby.apply(*m);
    }
    return done();
  };
  REQUIRE(advance(R"({"advance_seconds": 960})").status == 200);  // 16 minutes
  REQUIRE(until([&] { return lobby.live.count(room) == 0; }));
  CHECK(json::parse(http_get(server.port(), "/api/games/" + room).body)["status"] == "live");  // listed no more, still going
  // A spectator (not a player) in the room hears of the end, stored before anyone hears of it.
  Participant cy;
  REQUIRE(cy.identify(server.port(), "Cy"));
  cy.ws.send({{"type", "watch"}, {"room", room}});
  REQUIRE(cy.ws.receive_type("chat_history", 5s));
  REQUIRE(advance(R"({"advance_seconds": 172800})").status == 200);  // two days
  auto end = cy.ws.receive_type("event", 10s);
  REQUIRE(end);
  CHECK((*end)["kind"] == "aborted");
  CHECK((*end)["note"] == "abandoned");
  CHECK((*end)["status"] == "cancelled");
  json game = json::parse(http_get(server.port(), "/api/games/" + room).body);
  CHECK(game["status"] == "cancelled");
  CHECK(game["reason"] == "abandoned");
  CHECK(game["result"].is_null());
}
