// What the SQLite store keeps: migrations, players, rooms, events, queries,
// clocks, lag and chat.
#include <doctest/doctest.h>

#include <map>

#include "protocol/name_skeleton.hpp"
#include "store/migrations.hpp"
#include "util/sha256.hpp"
#include "store/sqlite_connection.hpp"
#include "store_test_support.hpp"

using namespace store_test;
using protocol::ChatChannel;
using protocol::EventKind;
using protocol::RoomStatus;
using protocol::TimeControl;

namespace {

const TimeControl kBlitz{TimeControl::Kind::Live, 300'000, 2'000, 0};
const TimeControl kBullet{TimeControl::Kind::Live, 0, 1'000, 0};
const TimeControl kDaily{TimeControl::Kind::Correspondence, 0, 0, 3};

RoomRecord timed_room(const std::string& id, std::int64_t white, std::int64_t created_at, TimeControl clock) {
  RoomRecord room = make_room(id, white, created_at);
  room.clock = clock;
  return room;
}

std::map<std::string, TimeControl> clocks_of(const std::vector<RoomRecord>& rooms) {
  std::map<std::string, TimeControl> out;
  for (const auto& r : rooms) out[r.id] = r.clock;
  return out;
}

}  // namespace

TEST_CASE("store: migrations once, rooms and events kept in order") {
  asio::io_context io;
  std::string path = temp_store("store.db");
  const int latest = (StoreLocation::parse(path).postgres ? postgres_migrations() : migrations()).back().version;
  {
    SqlStore store(path);
    Blocking s(store, io);
    CHECK(store.schema_version() == latest);
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
  SqlStore again(path);  // reopening applies nothing twice
  Blocking s(again, io);
  CHECK(again.schema_version() == latest);
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

TEST_CASE("player tokens are stored only as digests; a version-1 database is upgraded" * doctest::test_suite("sqlite")) {
  asio::io_context io;
  std::string path = temp_path("tokens.db");
  {
    SqlStore store(path);
    Blocking s(store, io);
    s.create_player("secret-token", "Ann");
    CHECK(s.find_player("secret-token").value->name == "Ann");
    CHECK(!s.find_player(sha256_hex("secret-token")).value);  // the digest is no credential
  }
  CHECK(RawConnection(path).column("SELECT token_hash FROM players WHERE id NOT IN (SELECT player FROM bots)") ==
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
  SqlStore upgraded(old_path);
  Blocking s(upgraded, io);
  CHECK(upgraded.schema_version() == migrations().back().version);
  auto bob = s.find_player("old-token").value;
  REQUIRE(bob);
  CHECK(bob->name == "Bob");
  CHECK(s.find_player("other").value);
  // Hashed by the migration's SQL alone (the store's sha256() function).
  CHECK(RawConnection(old_path).column("SELECT token_hash FROM players WHERE id NOT IN (SELECT player FROM bots) ORDER BY id") ==
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

TEST_CASE("a file that cannot be opened or is no database is refused" * doctest::test_suite("sqlite")) {
  CHECK_THROWS_AS(SqlStore{"/nonexistent-directory/x.db"}, StoreOpenError);
  std::string path = temp_path("not-a-database.db");
  {
    RawConnection raw(path);  // creates the file; then fill it with garbage
  }
  FILE* f = fopen(path.c_str(), "wb");
  REQUIRE(f);
  fputs(std::string(4096, 'x').c_str(), f);
  fclose(f);
  CHECK_THROWS_AS(SqlStore{path}, StoreOpenError);
}

TEST_CASE("players: guests named after their id, unknown tokens, renames") {
  asio::io_context io;
  SqlStore store(temp_store("players.db"));
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
  SqlStore store(temp_store("rooms.db"));
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

TEST_CASE("clocks: a room's time control is stored with it and read back by every query") {
  asio::io_context io;
  std::string path = temp_store("clocks.db");
  SqlStore store(path);
  Blocking s(store, io);
  auto carol = create_account(store, io, "carol").account;
  auto bob = s.create_player("b", "Bob").value;
  REQUIRE(s.create_room(timed_room("blitz", carol.player, 10, kBlitz), created_event(carol.player, 10)) == "");
  REQUIRE(s.create_room(timed_room("daily", carol.player, 20, kDaily), created_event(carol.player, 20)) == "");
  REQUIRE(s.create_room(make_room("untimed", carol.player, 30), created_event(carol.player, 30)) == "");
  REQUIRE(s.create_room(timed_room("bullet", carol.player, 40, kBullet), created_event(carol.player, 40)) == "");

  CHECK(s.find_room("blitz").value->clock == kBlitz);
  CHECK(s.find_room("daily").value->clock == kDaily);
  CHECK(s.find_room("untimed").value->clock == TimeControl{});
  CHECK(!s.find_room("untimed").value->clock.timed());
  CHECK(s.find_room("bullet").value->clock == kBullet);
  const std::map<std::string, TimeControl> all{
      {"blitz", kBlitz}, {"daily", kDaily}, {"untimed", TimeControl{}}, {"bullet", kBullet}};
  auto page = s.list_rooms({});
  REQUIRE(page.ok());
  CHECK(clocks_of(page.value.rooms) == all);
  CHECK(clocks_of(s.unfinished_rooms().value) == all);

  // A finished game keeps its clock in the player's profile; the others in
  // the player's unfinished rooms.
  RoomChange joined;
  joined.black = bob.id;
  joined.status = RoomStatus::Live;
  REQUIRE(s.append_event("blitz", {2, EventKind::Joined, bob.id, engine::Color::Black, "", 11, ""}, joined) == "");
  RoomChange timeout;
  timeout.status = RoomStatus::Finished;
  timeout.result = "0-1";
  timeout.reason = "timeout";
  REQUIRE(s.append_event("blitz", {3, EventKind::Timeout, std::nullopt, engine::Color::White, "", 12, ""}, timeout) ==
          "");
  Slot<Stored<std::optional<Profile>>> profile;
  store.profile("Carol", 10, io.get_executor(), profile.fill());
  REQUIRE(profile.get(io).ok());
  REQUIRE(profile.get(io).value);
  REQUIRE(profile.get(io).value->recent.size() == 1);
  CHECK(profile.get(io).value->recent[0].id == "blitz");
  CHECK(profile.get(io).value->recent[0].clock == kBlitz);
  Slot<Stored<std::vector<RoomRecord>>> mine;
  store.unfinished_rooms_of(carol.player, io.get_executor(), mine.fill());
  REQUIRE(mine.get(io).ok());
  CHECK(clocks_of(mine.get(io).value) ==
        std::map<std::string, TimeControl>{{"daily", kDaily}, {"untimed", TimeControl{}}, {"bullet", kBullet}});
  CHECK(s.find_room("blitz").value->clock == kBlitz);  // the events left it as it was

  // The columns as stored: the kinds by their wire names.
  RawConnection raw(path);
  CHECK(raw.column("SELECT clock_kind || ':' || clock_initial_ms || ':' || clock_increment_ms || ':' || clock_days "
                   "FROM rooms ORDER BY created_at") ==
        std::vector<std::string>{"live:300000:2000:0", "correspondence:0:0:3", ":0:0:0", "live:0:1000:0"});
}

TEST_CASE("lag: an event's measured lag is stored with it") {
  asio::io_context io;
  std::string path = temp_store("lag.db");
  SqlStore store(path);
  Blocking s(store, io);
  auto ann = s.create_player("a", "Ann").value;
  REQUIRE(s.create_room(timed_room("r1", ann.id, 1000, kBlitz), created_event(ann.id, 1000)) == "");
  EventRecord slow = action_event(2, ann.id, "e1-e3");
  slow.lag_ms = 137;
  REQUIRE(s.append_event("r1", slow) == "");
  REQUIRE(s.append_event("r1", action_event(3, ann.id, "e9-e7")) == "");
  EventRecord slower = action_event(4, ann.id, "a5-b5");
  slower.lag_ms = 2'500;
  REQUIRE(s.append_event("r1", slower) == "");
  // The first event goes with the room's row.
  EventRecord first = created_event(ann.id, 2000);
  first.lag_ms = 9;
  REQUIRE(s.create_room(make_room("r2", ann.id, 2000), first) == "");

  auto events = s.events("r1");
  REQUIRE(events.ok());
  REQUIRE(events.value.size() == 4);
  CHECK(events.value[0].lag_ms == 0);
  CHECK(events.value[1].lag_ms == 137);
  CHECK(events.value[1].action == "e1-e3");
  CHECK(events.value[2].lag_ms == 0);
  CHECK(events.value[3].lag_ms == 2'500);
  CHECK(s.events("r2").value.at(0).lag_ms == 9);
  CHECK(RawConnection(path).column("SELECT lag_ms FROM events WHERE room = 'r1' ORDER BY seq") ==
        std::vector<std::string>{"0", "137", "0", "2500"});
}

TEST_CASE("conditional lines (#46): one per seat, replaced, deleted when empty, refused for a room that does not exist") {
  asio::io_context io;
  std::string path = temp_store("conditional.db");
  SqlStore store(path);
  Blocking s(store, io);
  auto ann = s.create_player("a", "Ann").value;
  REQUIRE(s.create_room(make_room("r1", ann.id, 1000), created_event(ann.id, 1000)) == "");
  CHECK(s.conditionals("r1").value.empty());
  ConditionalRecord black{engine::Color::Black, 3, {"e3", "f5;a2", "c4", "d2"}, 5000};
  ConditionalRecord white{engine::Color::White, 4, {"g7", "h8"}, 5001};
  CHECK(s.save_conditional("r1", black) == "");
  CHECK(s.save_conditional("r1", white) == "");
  auto lines = s.conditionals("r1");
  REQUIRE(lines.ok());
  REQUIRE(lines.value.size() == 2);
  CHECK(lines.value[0] == white);
  CHECK(lines.value[1] == black);
  black.line = {"c4", "d2"};
  black.from_ply = 5;
  CHECK(s.save_conditional("r1", black) == "");  // advanced: replaced
  CHECK(s.conditionals("r1").value.at(1) == black);
  CHECK(s.save_conditional("r1", ConditionalRecord{engine::Color::White, 6, {}, 5002}) == "");  // empty: deleted
  lines = s.conditionals("r1");
  REQUIRE(lines.value.size() == 1);
  CHECK(lines.value[0].seat == engine::Color::Black);
  CHECK(s.save_conditional("nowhere", white) != "");
  CHECK(s.conditionals("nowhere").value.empty());
}

TEST_CASE("chat: messages kept in order with their channels and writers") {
  asio::io_context io;
  std::string path = temp_store("chat.db");
  SqlStore store(path);
  Blocking s(store, io);
  auto ann = s.create_player("a", "Ann").value;
  auto bob = s.create_player("b", "Bob").value;
  auto eve = s.create_player("e", "Eve").value;
  REQUIRE(s.create_room(make_room("r1", ann.id, 1000), created_event(ann.id, 1000)) == "");
  REQUIRE(s.create_room(make_room("r2", ann.id, 1001), created_event(ann.id, 1001)) == "");
  CHECK(s.chat("r1").ok());
  CHECK(s.chat("r1").value.empty());

  CHECK(s.append_chat("r1", chat_message(1, ChatChannel::Players, ann.id, "Ann", "good luck")) == "");
  CHECK(s.append_chat("r1", chat_message(2, ChatChannel::Spectators, eve.id, "Eve", "hello all")) == "");
  CHECK(s.append_chat("r1", chat_message(3, ChatChannel::Players, bob.id, "Bob", "you too")) == "");
  CHECK(s.append_chat("r2", chat_message(1, ChatChannel::Spectators, bob.id, "Bob", "elsewhere")) == "");
  CHECK(s.rename_player(eve.id, "Evelyn") == "");  // the message keeps the name it was written under

  auto chat = s.chat("r1");
  REQUIRE(chat.ok());
  REQUIRE(chat.value.size() == 3);
  CHECK(chat.value[0].seq == 1);
  CHECK(chat.value[0].channel == ChatChannel::Players);
  CHECK(chat.value[0].player == ann.id);
  CHECK(chat.value[0].name == "Ann");
  CHECK(chat.value[0].text == "good luck");
  CHECK(chat.value[0].at == 5001);
  CHECK(!chat.value[0].deleted);
  CHECK(chat.value[1].seq == 2);
  CHECK(chat.value[1].channel == ChatChannel::Spectators);
  CHECK(chat.value[1].player == eve.id);
  CHECK(chat.value[1].name == "Eve");
  CHECK(chat.value[1].text == "hello all");
  CHECK(chat.value[2].seq == 3);
  CHECK(chat.value[2].channel == ChatChannel::Players);
  CHECK(chat.value[2].name == "Bob");
  REQUIRE(s.chat("r2").value.size() == 1);
  CHECK(s.chat("r2").value[0].text == "elsewhere");
  CHECK(s.chat("nowhere").value.empty());

  // Refused, with nothing written: a number taken, a room or a writer that does not exist.
  CHECK(s.append_chat("r1", chat_message(2, ChatChannel::Players, ann.id, "Ann", "again")) != "");
  CHECK(s.append_chat("nowhere", chat_message(1, ChatChannel::Players, ann.id, "Ann", "lost")) == "no room 'nowhere'");
  CHECK(s.append_chat("r1", chat_message(4, ChatChannel::Players, eve.id + 100, "Ghost", "boo")) != "");
  CHECK(s.chat("r1").value.size() == 3);
  CHECK(s.chat("r1").value[1].text == "hello all");
  CHECK(s.events("r1").value.size() == 1);  // chat numbers are apart from the events'
  CHECK(RawConnection(path).column("SELECT channel FROM chat WHERE room = 'r1' ORDER BY seq") ==
        std::vector<std::string>{"players", "spectators", "players"});
}

TEST_CASE("chat: a deletion marks the message and writes its audit entry together; an unknown message writes nothing") {
  asio::io_context io;
  std::string path = temp_store("chat-delete.db");
  SqlStore store(path);
  Blocking s(store, io);
  auto mod = create_account(store, io, "mod").account;
  auto ann = s.create_player("a", "Ann").value;
  REQUIRE(s.create_room(make_room("r1", ann.id, 1000), created_event(ann.id, 1000)) == "");
  REQUIRE(s.append_chat("r1", chat_message(1, ChatChannel::Players, ann.id, "Ann", "fine words")) == "");
  REQUIRE(s.append_chat("r1", chat_message(2, ChatChannel::Players, ann.id, "Ann", "rude words")) == "");
  REQUIRE(s.append_chat("r1", chat_message(3, ChatChannel::Players, ann.id, "Ann", "more words")) == "");

  const std::string details = R"({"seq":2,"player":)" + std::to_string(ann.id) + R"(,"text":"rude words"})";
  AuditEntry audit{mod.id, "delete_chat", "r1", details, "192.0.2.7", 7'000};
  CHECK(s.delete_chat("r1", 2, audit) == "");
  auto chat = s.chat("r1");
  REQUIRE(chat.ok());
  REQUIRE(chat.value.size() == 3);  // kept, marked
  CHECK(!chat.value[0].deleted);
  CHECK(chat.value[1].deleted);
  CHECK(chat.value[1].text == "rude words");
  CHECK(!chat.value[2].deleted);
  RawConnection raw(path);
  CHECK(raw.column("SELECT count(*) FROM audit_log") == std::vector<std::string>{"1"});
  Slot<Stored<AuditPage>> log;
  store.audit_log(1, 10, io.get_executor(), log.fill());
  REQUIRE(log.get(io).ok());
  REQUIRE(log.get(io).value.entries.size() == 1);
  const AuditRecord& entry = log.get(io).value.entries[0];
  CHECK(entry.entry.actor == mod.id);
  CHECK(entry.actor_name == "mod");
  CHECK(entry.entry.action == "delete_chat");
  CHECK(entry.entry.target == "r1");
  CHECK(entry.entry.details == details);
  CHECK(entry.entry.address == "192.0.2.7");
  CHECK(entry.entry.at == 7'000);

  // No such message: the error names it, and neither the chat nor the audit log changes.
  AuditEntry lost = audit;
  lost.action = "must-not-be-written";
  CHECK(s.delete_chat("r1", 9, lost) == "no chat message 9");
  CHECK(s.delete_chat("nowhere", 1, lost) == "no chat message 1");
  CHECK(s.delete_chat("r1", 0, lost) == "no chat message 0");
  CHECK(raw.column("SELECT count(*) FROM audit_log") == std::vector<std::string>{"1"});
  CHECK(raw.column("SELECT seq FROM chat WHERE deleted = 1") == std::vector<std::string>{"2"});
}

TEST_CASE("a database from a newer server is refused, not opened, and left as it was" * doctest::test_suite("sqlite")) {
  std::string path = temp_path("newer.db");
  { SqlStore store(path); }
  int next = migrations().back().version + 1;
  {
    SqliteConnection db(path, SQLITE_OPEN_READWRITE);
    db.exec("INSERT INTO schema_version (version, name, applied_at) VALUES (" + std::to_string(next) + ", 'future', 0)");
  }
  std::string error;
  try {
    SqlStore store(path);
  } catch (const std::exception& e) {
    error = e.what();
  }
  CHECK(error.find("newer than this server") != std::string::npos);
  SqliteConnection db(path, SQLITE_OPEN_READONLY);
  CHECK(db.text_of("SELECT max(version) FROM schema_version") == std::to_string(next));
}

TEST_CASE("a database of migrations 001-004 holding rooms and events is upgraded: untimed rooms, no lag, chat" * doctest::test_suite("sqlite")) {
  asio::io_context io;
  std::string path = temp_path("v4.db");
  REQUIRE(migrations().size() >= 5);
  {
    // A version-4 database as the server before clocks left it.
    SqliteConnection db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    register_sha256(db.handle());  // migration 2 calls it
    db.exec(
        "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
    for (const Migration& m : migrations()) {
      if (m.version > 4) break;
      db.exec(m.sql);
      db.prepare("INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, 0)")
          .bind(1, std::int64_t{m.version})
          .bind(2, m.name)
          .run();
    }
    db.exec("INSERT INTO players (id, token_hash, name, created_at) VALUES (1, '" + sha256_hex("old-ann") +
            "', 'Ann', 0), (2, '" + sha256_hex("old-bob") + "', 'Bob', 0);"
            "INSERT INTO rooms (id, game, variant, white, black, status, plies, created_at) VALUES "
            "('oldlive', 'gipf', 'basic', 1, 2, 'live', 1, 5), ('oldopen', 'yinsh', 'normal', 1, NULL, 'open', 0, 6);"
            "INSERT INTO events (room, seq, kind, player, color, action, at, note) VALUES "
            "('oldlive', 1, 'created', 1, 'white', '', 5, ''), ('oldlive', 2, 'joined', 2, 'black', '', 6, ''), "
            "('oldlive', 3, 'action', 1, 'white', 'e1-e3', 7, ''), ('oldopen', 1, 'created', 1, 'white', '', 6, '');");
  }
  SqlStore upgraded(path);
  Blocking s(upgraded, io);
  CHECK(upgraded.schema_version() == migrations().back().version);
  auto live = s.find_room("oldlive");
  REQUIRE(live.ok());
  REQUIRE(live.value);
  CHECK(live.value->clock == TimeControl{});
  CHECK(live.value->status == RoomStatus::Live);
  CHECK(live.value->white_name == "Ann");
  CHECK(live.value->black_name == "Bob");
  CHECK(live.value->plies == 1);
  auto unfinished = s.unfinished_rooms();
  REQUIRE(unfinished.ok());
  CHECK(clocks_of(unfinished.value) ==
        std::map<std::string, TimeControl>{{"oldlive", TimeControl{}}, {"oldopen", TimeControl{}}});
  CHECK(s.list_rooms({}).value.total == 2);
  auto events = s.events("oldlive");
  REQUIRE(events.ok());
  REQUIRE(events.value.size() == 3);
  for (const auto& e : events.value) CHECK(e.lag_ms == 0);
  CHECK(events.value[2].action == "e1-e3");
  CHECK(s.find_player("old-ann").value->id == 1);

  // The old rooms take chat, events with lag, and new rooms their clocks.
  CHECK(s.chat("oldlive").value.empty());
  CHECK(s.append_chat("oldlive", chat_message(1, ChatChannel::Players, 2, "Bob", "still here")) == "");
  CHECK(s.chat("oldlive").value.size() == 1);
  EventRecord next = action_event(4, 2, "i5-h5");
  next.lag_ms = 40;
  CHECK(s.append_event("oldlive", next) == "");
  CHECK(s.events("oldlive").value.back().lag_ms == 40);
  CHECK(s.create_room(timed_room("new", 1, 100, kDaily), created_event(1, 100)) == "");
  CHECK(s.find_room("new").value->clock == kDaily);
  CHECK(RawConnection(path).column("SELECT version FROM schema_version ORDER BY version").back() ==
        std::to_string(migrations().back().version));
}

TEST_CASE("a stored room whose clock kind is unknown is reported as an error, and the store carries on") {
  asio::io_context io;
  std::string path = temp_store("bad-clock.db");
  SqlStore store(path);
  Blocking s(store, io);
  auto ann = s.create_player("a", "Ann").value;
  REQUIRE(s.create_room(timed_room("good", ann.id, 10, kBlitz), created_event(ann.id, 10)) == "");
  REQUIRE(s.create_room(timed_room("bad", ann.id, 20, kDaily), created_event(ann.id, 20)) == "");
  RawConnection raw(path);
  REQUIRE(raw.exec("UPDATE rooms SET clock_kind = 'hourglass' WHERE id = 'bad'"));

  auto bad = s.find_room("bad");
  CHECK(!bad.ok());
  CHECK(bad.error == "unknown clock kind 'hourglass' in the database");
  CHECK(!bad.value);
  // Like a row with an unknown status: a listing holding it fails as a whole.
  auto page = s.list_rooms({});
  CHECK(!page.ok());
  CHECK(page.value.rooms.empty());
  CHECK(!s.unfinished_rooms().ok());
  // The other rows, the room's events and later writes are unharmed.
  auto good = s.find_room("good");
  REQUIRE(good.ok());
  CHECK(good.value->clock == kBlitz);
  CHECK(s.events("bad").value.size() == 1);
  CHECK(s.append_event("bad", action_event(2, ann.id, "e1-e3")) == "");
  CHECK(s.append_chat("bad", chat_message(1, ChatChannel::Players, ann.id, "Ann", "hm")) == "");
  REQUIRE(raw.exec("UPDATE rooms SET clock_kind = 'correspondence' WHERE id = 'bad'"));
  CHECK(s.find_room("bad").value->clock == kDaily);
  CHECK(s.unfinished_rooms().value.size() == 2);
}

TEST_CASE("migration 9 gives the accounts of an older database their username skeleton (#34)" * doctest::test_suite("sqlite")) {
  std::string path = temp_path("v8.db");
  { SqlStore fresh(path); }
  {
    // Back to version 8 (migrations 9 and later undone), with two accounts made then.
    RawConnection raw(path);
    REQUIRE(raw.exec("ALTER TABLE rooms DROP COLUMN rating_min; ALTER TABLE rooms DROP COLUMN rating_max; DROP TABLE presence; DROP TABLE follows; DROP TABLE conditional_lines; ALTER TABLE ladders DROP COLUMN bots; ALTER TABLE tournaments DROP COLUMN bots; DROP TABLE seek_pairs; DROP TABLE seeks; DROP TABLE challenges; DROP TABLE api_tokens; ALTER TABLE accounts DROP COLUMN bot; DROP TABLE imported_games; DROP TABLE node_heartbeats; DROP TABLE notice_intents; DROP TABLE notices; DROP TABLE outbox; DROP TABLE mail_tokens; DROP TABLE account_mail; "
                     "DROP TABLE room_leases; DROP TABLE reports; DROP TABLE blocks; DROP INDEX accounts_by_skeleton; "
                     "ALTER TABLE accounts DROP COLUMN username_skeleton; ALTER TABLE accounts DROP COLUMN closed_at; "
                     "DROP INDEX ladder_challenges_waiting; ALTER TABLE ladders DROP COLUMN answer_hours; "
                     "ALTER TABLE ladder_challenges DROP COLUMN state; ALTER TABLE ladder_challenges DROP COLUMN answer_by; "
                     "ALTER TABLE ladder_challenges DROP COLUMN start_at; "
                     "DELETE FROM schema_version WHERE version >= 9"));
    REQUIRE(raw.exec(
        "INSERT INTO players (token_hash, name, created_at) VALUES ('account:a', 'A_dm1n', 0), ('account:b', 'Rnoderator-5', 0);"
        "INSERT INTO accounts (player, username, username_key, password_hash, created_at) "
        "SELECT id, name, lower(name), 'x', 0 FROM players WHERE token_hash LIKE 'account:%' ORDER BY id"));
  }
  SqlStore upgraded(path);
  CHECK(upgraded.schema_version() == migrations().back().version);
  // The SQL of the migration and protocol::name_skeleton agree.
  CHECK(RawConnection(path).column("SELECT username_skeleton FROM accounts ORDER BY id") ==
        std::vector<std::string>{protocol::name_skeleton("A_dm1n"), protocol::name_skeleton("Rnoderator-5")});
  CHECK(protocol::name_skeleton("A_dm1n") == "admln");
}
