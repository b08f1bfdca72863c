// Server parts without a network: configuration, static file paths, origins, the
// SQLite store and its migrations.
#include <doctest/doctest.h>

#include <filesystem>

#include "app/config.hpp"
#include "net/http_api.hpp"
#include "net/http_session.hpp"
#include "server_process.hpp"
#include "migrations.hpp"
#include "sha256.hpp"
#include "sqlite_store.hpp"

#include <sqlite3.h>

using namespace arena;

namespace {
std::optional<std::string> no_env(const char*) { return std::nullopt; }
std::optional<std::string> some_env(const char* name) {
  if (std::string(name) == "GIPF_ARENA_PORT") return "9000";
  if (std::string(name) == "GIPF_ARENA_DB") return "env.db";
  return std::nullopt;
}
}  // namespace

TEST_CASE("configuration: defaults, environment, flags, errors") {
  auto d = parse_config({}, no_env);
  CHECK(d.error.empty());
  CHECK(d.config.host == "127.0.0.1");
  CHECK(d.config.port == 8080);
  CHECK(d.config.db == "gipf-arena.db");
  auto e = parse_config({"--port", "9100"}, some_env);
  CHECK(e.config.port == 9100);  // flags win over the environment
  CHECK(e.config.db == "env.db");
  CHECK(parse_config({"--db=x.db", "--log-level", "debug"}, no_env).config.log_level == "debug");
  CHECK(parse_config({"--help"}, no_env).show_help);
  CHECK(!parse_config({"--port", "70000"}, no_env).error.empty());
  CHECK(!parse_config({"--port"}, no_env).error.empty());
  CHECK(!parse_config({"--colour", "red"}, no_env).error.empty());
  CHECK(!parse_config({"--log-level", "loud"}, no_env).error.empty());
  std::string help = help_text("/srv/web");
  for (auto flag : {"--host", "--port", "--db", "--static-dir", "--log-level", "--threads", "GIPF_ARENA_DB", "--public-origin",
                    "GIPF_ARENA_PUBLIC_ORIGIN", "--max-connections-per-address", "--max-new-players-per-address",
                    "--max-open-rooms", "--open-room-ttl", "--message-rate", "--message-burst"})
    CHECK_MESSAGE(help.find(flag) != std::string::npos, flag);
}

TEST_CASE("static files: content types and no way out of the directory") {
  std::filesystem::path root = "/srv/web";
  CHECK(resolve_static_path(root, "/") == root / "index.html");
  CHECK(resolve_static_path(root, "/js/app.js") == root / "js" / "app.js");
  for (auto bad : {"", "x", "/../etc/passwd", "/js/../../x", "/.git/config", "/a\\b", "/%2e%2e/x", "//etc/passwd"})
    CHECK_MESSAGE(resolve_static_path(root, bad).empty(), bad);
  CHECK(HttpApi::content_type("a.html") == "text/html; charset=utf-8");
  CHECK(HttpApi::content_type("a.js") == "text/javascript; charset=utf-8");
  CHECK(HttpApi::content_type("a.css") == "text/css; charset=utf-8");
  CHECK(HttpApi::content_type("a.svg") == "image/svg+xml");
  CHECK(HttpApi::content_type("a.bin") == "application/octet-stream");
}

TEST_CASE("WebSocket origins: none, the page's own IP or localhost, or the configured public origins") {
  const std::vector<std::string> none;
  CHECK(HttpSession::origin_allowed("", "example.org", none));  // not a browser
  CHECK(HttpSession::origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080", none));
  CHECK(HttpSession::origin_allowed("http://localhost:8080", "localhost:8080", none));
  CHECK(HttpSession::origin_allowed("http://[::1]:8080", "[::1]:8080", none));
  CHECK(!HttpSession::origin_allowed("http://evil.example", "127.0.0.1:8080", none));
  // DNS rebinding: the attacker's name resolves to us, and the page's Origin
  // equals the Host it sends. Without configured origins a name is refused.
  CHECK(!HttpSession::origin_allowed("http://rebind.example:8080", "rebind.example:8080", none));
  const std::vector<std::string> configured{"https://gipf.example.org", "http://10.0.0.5:8080"};
  CHECK(HttpSession::origin_allowed("https://gipf.example.org", "gipf.example.org", configured));
  CHECK(HttpSession::origin_allowed("HTTPS://GIPF.example.org", "gipf.example.org", configured));
  CHECK(HttpSession::origin_allowed("http://10.0.0.5:8080", "anything", configured));
  CHECK(!HttpSession::origin_allowed("http://gipf.example.org", "gipf.example.org", configured));  // another scheme
  CHECK(!HttpSession::origin_allowed("https://rebind.example", "rebind.example", configured));
  CHECK(!HttpSession::origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080", configured));  // only those listed
  CHECK(HttpSession::origin_allowed("", "x", configured));
}

TEST_CASE("SQLite store: migrations once, rooms and events kept in order") {
  std::string path = test_support::temp_path("store.db");
  {
    SqliteStore store(path);
    CHECK(store.schema_version() == migrations().back().version);
    auto ann = store.create_player("t1", "Ann");
    auto bob = store.create_player("t2", "Bob");
    CHECK(store.find_player("t1")->id == ann.id);
    CHECK(!store.find_player("nope"));
    CHECK_THROWS_AS(store.create_player("t1", "Dup"), StoreError);  // tokens are unique
    RoomRecord room;
    room.id = "r1";
    room.options = {"gipf", "basic", 1, 0};
    room.status = "open";
    room.white = ann.id;
    room.created_at = 1000;
    store.create_room(room, {1, "created", ann.id, "white", "", 1000});
    RoomChange joined;
    joined.black = bob.id;
    joined.status = "live";
    store.append_event("r1", {2, "joined", bob.id, "black", "", 1001}, joined);
    CHECK_THROWS_AS(store.append_event("r1", {2, "action", ann.id, "white", "e1-e3", 1002}, {}), StoreError);  // seq taken
    RoomChange end;
    end.status = "finished";
    end.result = "1-0";
    end.reason = "resignation";
    store.append_event("r1", {3, "resigned", bob.id, "black", "", 1003}, end);
  }
  SqliteStore again(path);  // reopening applies nothing twice
  CHECK(again.schema_version() == migrations().back().version);
  auto room = again.find_room("r1");
  REQUIRE(room);
  CHECK(room->status == "finished");
  CHECK(room->result == "1-0");
  CHECK(room->white_name == "Ann");
  CHECK(room->black_name == "Bob");
  CHECK(room->options.white_extra == 1);
  auto events = again.events("r1");
  REQUIRE(events.size() == 3);
  CHECK(events[1].kind == "joined");
  CHECK(events[2].kind == "resigned");
  CHECK(again.unfinished_rooms().empty());
  CHECK(again.list_rooms("finished", 1, 10).total == 1);
  CHECK(again.list_rooms("live", 1, 10).rooms.empty());
}

TEST_CASE("SHA-256 of the standard test vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000, 'a')).size() == 64);
}

namespace {
std::vector<std::string> column(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  std::vector<std::string> out;
  sqlite3_exec(db, sql, [](void* o, int, char** values, char**) {
    static_cast<std::vector<std::string>*>(o)->push_back(values[0] ? values[0] : "");
    return 0;
  }, &out, nullptr);
  sqlite3_close(db);
  return out;
}
}  // namespace

TEST_CASE("player tokens are stored only as digests; a version-1 database is upgraded") {
  std::string path = test_support::temp_path("tokens.db");
  {
    SqliteStore store(path);
    store.create_player("secret-token", "Ann");
    CHECK(store.find_player("secret-token")->name == "Ann");
    CHECK(!store.find_player(sha256_hex("secret-token")));  // the digest is no credential
  }
  CHECK(column(path, "SELECT token_hash FROM players") == std::vector<std::string>{sha256_hex("secret-token")});

  std::string old_path = test_support::temp_path("v1.db");
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(old_path.c_str(), &db) == SQLITE_OK);
  // A version-1 database as the first server left it: migration 1, a player,
  // a finished game.
  REQUIRE(sqlite3_exec(db, std::string(migrations().front().sql).c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db,
                       "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL);"
                       "INSERT INTO schema_version VALUES (1, '001_initial', 0);"
                       "INSERT INTO players (token, name, created_at) VALUES ('old-token', 'Bob', 0);"
                       "INSERT INTO rooms (id, game, variant, white, status, created_at) VALUES ('oldroom', 'yinsh', 'blitz', 1, 'open', 5);"
                       "INSERT INTO events (room, seq, kind, player, color, at) VALUES ('oldroom', 1, 'created', 1, 'white', 5);",
                       nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  SqliteStore upgraded(old_path);
  CHECK(upgraded.schema_version() == migrations().back().version);
  auto bob = upgraded.find_player("old-token");
  REQUIRE(bob);
  CHECK(bob->name == "Bob");
  CHECK(column(old_path, "SELECT token_hash FROM players") == std::vector<std::string>{sha256_hex("old-token")});
  // The rooms table was rebuilt (migration 3) with its rows and events intact.
  auto old_room = upgraded.find_room("oldroom");
  REQUIRE(old_room);
  CHECK(old_room->status == "open");
  CHECK(old_room->white == bob->id);
  CHECK(upgraded.events("oldroom").size() == 1);
  CHECK(upgraded.unfinished_rooms().size() == 1);
}
