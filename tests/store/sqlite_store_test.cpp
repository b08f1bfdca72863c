// What the SQLite store keeps: migrations, players, rooms, events, queries.
#include <doctest/doctest.h>

#include "store/migrations.hpp"
#include "store/sha256.hpp"
#include "store_test_support.hpp"

using namespace store_test;
using protocol::EventKind;
using protocol::RoomStatus;

TEST_CASE("SQLite store: migrations once, rooms and events kept in order") {
  asio::io_context io;
  std::string path = temp_path("store.db");
  {
    SqliteStore store(path);
    Blocking s(store, io);
    CHECK(store.schema_version() == migrations().back().version);
    auto ann = s.create_player("t1", "Ann").value;
    auto bob = s.create_player("t2", "Bob").value;
    CHECK(s.find_player("t1").value->id == ann.id);
    CHECK(!s.find_player("nope").value);
    CHECK(!s.create_player("t1", "Dup").ok());  // tokens are unique
    RoomRecord room = make_room("r1", ann.id, 1000);
    CHECK(s.create_room(room, created_event(ann.id, 1000)) == "");
    RoomChange joined;
    joined.black = bob.id;
    joined.status = RoomStatus::Live;
    CHECK(s.append_event("r1", {2, EventKind::Joined, bob.id, engine::Color::Black, "", 1001, ""}, joined) == "");
    CHECK(s.append_event("r1", action_event(2, ann.id, "e1-e3")) != "");  // seq taken
    RoomChange end;
    end.status = RoomStatus::Finished;
    end.result = "1-0";
    end.reason = "resignation";
    CHECK(s.append_event("r1", {3, EventKind::Resigned, bob.id, engine::Color::Black, "", 1003, ""}, end) == "");
  }
  SqliteStore again(path);  // reopening applies nothing twice
  Blocking s(again, io);
  CHECK(again.schema_version() == migrations().back().version);
  auto room = s.find_room("r1").value;
  REQUIRE(room);
  CHECK(room->status == RoomStatus::Finished);
  CHECK(room->result == "1-0");
  CHECK(room->reason == "resignation");
  CHECK(room->finished_at == 1003);
  CHECK(room->white_name == "Ann");
  CHECK(room->black_name == "Bob");
  CHECK(room->options == engine::GameOptions{"gipf", "basic", 1, 0});
  auto events = s.events("r1").value;
  REQUIRE(events.size() == 3);
  CHECK(events[0].color == engine::Color::White);
  CHECK(events[1].kind == EventKind::Joined);
  CHECK(events[1].color == engine::Color::Black);
  CHECK(events[2].kind == EventKind::Resigned);
  CHECK(s.unfinished_rooms().value.empty());
  CHECK(s.list_rooms({RoomStatus::Finished, 1, 10}).value.total == 1);
  CHECK(s.list_rooms({RoomStatus::Live, 1, 10}).value.rooms.empty());
  // The text an older server wrote and reads: existing databases stay valid.
  RawConnection raw(path);
  CHECK(raw.column("SELECT status FROM rooms") == std::vector<std::string>{"finished"});
  CHECK(raw.column("SELECT kind || ':' || color FROM events ORDER BY seq") ==
        std::vector<std::string>{"created:white", "joined:black", "resigned:black"});
}

TEST_CASE("SHA-256 of the standard test vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000, 'a')).size() == 64);
}

TEST_CASE("player tokens are stored only as digests; a version-1 database is upgraded") {
  asio::io_context io;
  std::string path = temp_path("tokens.db");
  {
    SqliteStore store(path);
    Blocking s(store, io);
    s.create_player("secret-token", "Ann");
    CHECK(s.find_player("secret-token").value->name == "Ann");
    CHECK(!s.find_player(sha256_hex("secret-token")).value);  // the digest is no credential
  }
  CHECK(RawConnection(path).column("SELECT token_hash FROM players") ==
        std::vector<std::string>{sha256_hex("secret-token")});

  std::string old_path = temp_path("v1.db");
  {
    // A version-1 database as the first server left it: migration 1, two
    // players, an open room.
    RawConnection raw(old_path);
    REQUIRE(raw.exec(std::string(migrations().front().sql)));
    REQUIRE(raw.exec(
        "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL);"
        "INSERT INTO schema_version VALUES (1, '001_initial', 0);"
        "INSERT INTO players (token, name, created_at) VALUES ('old-token', 'Bob', 0), ('other', 'Cy', 0);"
        "INSERT INTO rooms (id, game, variant, white, status, created_at) VALUES ('oldroom', 'yinsh', 'blitz', 1, 'open', 5);"
        "INSERT INTO events (room, seq, kind, player, color, at) VALUES ('oldroom', 1, 'created', 1, 'white', 5);"));
  }
  SqliteStore upgraded(old_path);
  Blocking s(upgraded, io);
  CHECK(upgraded.schema_version() == migrations().back().version);
  auto bob = s.find_player("old-token").value;
  REQUIRE(bob);
  CHECK(bob->name == "Bob");
  CHECK(s.find_player("other").value);
  // Hashed by the migration's SQL alone (the store's sha256() function).
  CHECK(RawConnection(old_path).column("SELECT token_hash FROM players ORDER BY id") ==
        std::vector<std::string>{sha256_hex("old-token"), sha256_hex("other")});
  // The rooms table was rebuilt (migration 3) with its rows and events intact.
  auto old_room = s.find_room("oldroom").value;
  REQUIRE(old_room);
  CHECK(old_room->status == RoomStatus::Open);
  CHECK(old_room->white == bob->id);
  CHECK(old_room->options == engine::GameOptions{"yinsh", "blitz", 0, 0});
  CHECK(s.events("oldroom").value.size() == 1);
  CHECK(s.unfinished_rooms().value.size() == 1);
}

TEST_CASE("a file that cannot be opened or is no database is refused") {
  CHECK_THROWS_AS(SqliteStore{"/nonexistent-directory/x.db"}, StoreOpenError);
  std::string path = temp_path("not-a-database.db");
  {
    RawConnection raw(path);  // creates the file; then fill it with garbage
  }
  FILE* f = fopen(path.c_str(), "wb");
  REQUIRE(f);
  fputs(std::string(4096, 'x').c_str(), f);
  fclose(f);
  CHECK_THROWS_AS(SqliteStore{path}, StoreOpenError);
}

TEST_CASE("players: guests named after their id, unknown tokens, renames") {
  asio::io_context io;
  SqliteStore store(temp_path("players.db"));
  Blocking s(store, io);
  auto guest = s.create_player("g", "");
  REQUIRE(guest.ok());
  CHECK(guest.value.name == "Guest " + std::to_string(guest.value.id));
  CHECK(guest.value.token == "g");
  CHECK(s.find_player("g").value->name == guest.value.name);
  auto unknown = s.find_player("unknown");
  CHECK(unknown.ok());
  CHECK(!unknown.value);
  CHECK(s.rename_player(guest.value.id, "Dora") == "");
  CHECK(s.find_player("g").value->name == "Dora");
  CHECK(s.rename_player(guest.value.id + 100, "Nobody") != "");
}

TEST_CASE("rooms: public pages newest first with their total, unfinished rooms oldest first") {
  asio::io_context io;
  SqliteStore store(temp_path("rooms.db"));
  Blocking s(store, io);
  auto ann = s.create_player("a", "Ann").value;
  auto bob = s.create_player("b", "Bob").value;
  // Created in this order: open, live, finished, cancelled, private open.
  for (auto [id, at, hidden] : {std::tuple{"open", 10, false}, {"live", 20, false}, {"finished", 30, false},
                                {"cancelled", 40, false}, {"private", 50, true}})
    REQUIRE(s.create_room(make_room(id, ann.id, at, hidden), created_event(ann.id, at)) == "");
  RoomChange live;
  live.black = bob.id;
  live.status = RoomStatus::Live;
  REQUIRE(s.append_event("live", {2, EventKind::Joined, bob.id, engine::Color::Black, "", 21, ""}, live) == "");
  REQUIRE(s.append_event("finished", {2, EventKind::Joined, bob.id, engine::Color::Black, "", 31, ""}, live) == "");
  RoomChange finished;
  finished.status = RoomStatus::Finished;
  finished.result = "0-1";
  finished.reason = "resignation";
  finished.plies = 7;
  REQUIRE(s.append_event("finished", {3, EventKind::Resigned, ann.id, engine::Color::White, "", 32, ""}, finished) == "");
  RoomChange cancelled;
  cancelled.status = RoomStatus::Cancelled;
  REQUIRE(s.append_event("cancelled", {2, EventKind::Cancelled, std::nullopt, std::nullopt, "", 41, ""}, cancelled) == "");

  auto ids = [](const std::vector<RoomRecord>& rooms) {
    std::vector<std::string> out;
    for (const auto& r : rooms) out.push_back(r.id);
    return out;
  };
  auto all = s.list_rooms({}).value;
  CHECK(all.total == 4);  // the private room is never listed
  CHECK(ids(all.rooms) == std::vector<std::string>{"cancelled", "finished", "live", "open"});
  auto page2 = s.list_rooms({std::nullopt, 2, 3}).value;
  CHECK(page2.total == 4);
  CHECK(ids(page2.rooms) == std::vector<std::string>{"open"});
  CHECK(ids(s.list_rooms({RoomStatus::Open, 1, 20}).value.rooms) == std::vector<std::string>{"open"});
  CHECK(s.list_rooms({RoomStatus::Open, 1, 20}).value.total == 1);
  CHECK(s.list_rooms({RoomStatus::Live, 2, 20}).value.rooms.empty());
  CHECK(s.list_rooms({RoomStatus::Live, 2, 20}).value.total == 1);
  // Out-of-range paging is clamped: page 1, one to a hundred rooms a page.
  CHECK(ids(s.list_rooms({std::nullopt, 0, 0}).value.rooms) == std::vector<std::string>{"cancelled"});
  CHECK(s.list_rooms({std::nullopt, -5, 100000}).value.rooms.size() == 4);

  auto done = s.find_room("finished").value;
  REQUIRE(done);
  CHECK(done->result == "0-1");
  CHECK(done->reason == "resignation");
  CHECK(done->plies == 7);
  CHECK(done->finished_at == 32);
  CHECK(done->black_name == "Bob");
  CHECK(s.find_room("cancelled").value->finished_at == 41);
  CHECK(s.find_room("live").value->finished_at == 0);
  CHECK(!s.find_room("missing").value);
  auto cancel_events = s.events("cancelled").value;
  REQUIRE(cancel_events.size() == 2);
  CHECK(!cancel_events[1].player);
  CHECK(!cancel_events[1].color);

  auto unfinished = s.unfinished_rooms();
  REQUIRE(unfinished.ok());
  CHECK(ids(unfinished.value) == std::vector<std::string>{"open", "live", "private"});
  CHECK(s.append_event("missing", action_event(2, ann.id, "x")) != "");  // no such room
}
