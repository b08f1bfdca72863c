// A room with a fake store: acknowledgement only after durability, operations
// queued behind the event being stored, the crowd's bounded history, domain
// events after commit. One thread runs everything (io.poll()).
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <deque>

#include "game/room.hpp"
#include "cluster/cluster_codec.hpp"
#include "lobby/lobby_feed.hpp"

namespace {

using namespace arena;
using nlohmann::json;
using engine::Color;

// Holds every write until the test completes it.
struct FakeLog : GameLog {
  struct Pending {
    EventRecord event;
    StoreExecutor ex;
    StoreReply<EventWritten> done;
  };
  std::deque<Pending> pending;

  void open_room(RoomRecord, EventRecord first, StoreExecutor ex, StoreReply<EventWritten> done) override {
    pending.push_back({first, ex, std::move(done)});
  }
  void append(std::string, EventRecord event, RoomChange, StoreExecutor ex, StoreReply<EventWritten> done) override {
    pending.push_back({event, ex, std::move(done)});
  }
  void events(std::string, StoreExecutor ex, StoreReply<std::vector<EventRecord>> reply) override {
    boost::asio::post(ex, [reply] { reply({}); });
  }
  void append_chat(std::string, ChatRecord, std::optional<LeaseFence>, StoreExecutor ex, StoreDone done) override {
    boost::asio::post(ex, [done] { done({}); });
  }
  void delete_chat(std::string, std::int64_t, AuditEntry, std::optional<LeaseFence>, StoreExecutor ex, StoreDone done) override {
    boost::asio::post(ex, [done] { done({}); });
  }
  void chat(std::string, StoreExecutor ex, StoreReply<std::vector<ChatRecord>> reply) override {
    boost::asio::post(ex, [reply] { reply({}); });
  }
  void save_conditional(std::string, ConditionalRecord, std::optional<LeaseFence>, StoreExecutor ex, StoreDone done) override {
    boost::asio::post(ex, [done] { done({}); });
  }
  void conditionals(std::string, StoreExecutor ex, StoreReply<std::vector<ConditionalRecord>> reply) override {
    boost::asio::post(ex, [reply] { reply({}); });
  }
  // The oldest write is durable (or failed with `error`).
  EventRecord complete(const std::string& error = {}) {
    REQUIRE(!pending.empty());
    Pending p = std::move(pending.front());
    pending.pop_front();
    boost::asio::post(p.ex, [done = p.done, error] { done(Stored<EventWritten>{{}, error}); });
    return p.event;
  }
};

struct FakeClient : Client {
  std::vector<json> frames;
  void send(Frame frame) override { frames.push_back(json::parse(*frame)); }
  void disconnect(const char* reason) override { closed = reason; }
  std::string closed;  // the reason of the last disconnect
  std::vector<json> take() { return std::exchange(frames, {}); }
  static std::vector<std::string> types(const std::vector<json>& frames) {
    std::vector<std::string> out;
    for (auto& f : frames) out.push_back(f["type"]);
    return out;
  }
};

struct Recorder : RoomObserver {
  std::vector<bool> active;  // ActivityChanged, in order
  void on(const ActivityChanged& e) override { active.push_back(e.room.active); }
  std::vector<protocol::EventKind> committed;
  int finished = 0, loaded = 0, spectators = 0;
  void on(const RoomLoaded&) override { ++loaded; }
  void on(const EventCommitted& e) override { committed.push_back(e.event.kind); }
  void on(const GameFinished& e) override {
    ++finished;
    CHECK(protocol::closed(e.room.status));
  }
  void on(const SpectatorsChanged&) override { ++spectators; }
};

// The computer at level 1 is player 2 (Bob's id); its turns wait for the test to answer them.
struct FakeBots : BotSeats {
  std::vector<BotTurn> turns;
  std::optional<int> level_of(std::int64_t player) const override { return player == 2 ? std::optional<int>(1) : std::nullopt; }
  void think(BotTurn turn) override { turns.push_back(std::move(turn)); }
};

struct Fixture {
  boost::asio::io_context io;
  FakeLog log;
  RoomEvents events;
  std::shared_ptr<Recorder> recorder = std::make_shared<Recorder>();
  std::int64_t now = 1000;
  std::shared_ptr<const RoomContext> context;
  std::shared_ptr<Room> room;
  std::shared_ptr<FakeClient> ann = std::make_shared<FakeClient>(), bob = std::make_shared<FakeClient>(),
                              eve = std::make_shared<FakeClient>();
  const PlayerInfo kAnn{1, "Ann", false, "guest"}, kBob{2, "Bob", false, "guest"}, kEve{3, "Eve", false, "guest"};
  int loaded_before_announce = -1;  // RoomLoaded events once the room was stored, before announce()

  // Bob takes the black seat (stored), and both clients' inboxes are emptied.
  void seat_bob() {
    room->join(bob, kBob, nullptr);
    pump();
    log.complete();
    pump();
    ann->take();
    bob->take();
  }

  // Runs everything posted so far (poll() stops the context when it runs dry).
  void pump() {
    io.restart();
    io.poll();
  }

  explicit Fixture(TimeControl clock = {}, BotSeats* bots = nullptr) {
    events.add(recorder);
    RoomContext c{log, events, [this] { return now; }, AuthorityLimits{}, CrowdLimits{3, 1 << 20}};
    c.bots = bots;
    context = std::make_shared<const RoomContext>(std::move(c));
    RoomRecord record;
    record.id = "room1";
    record.options = {"yinsh", "normal", 0, 0};
    record.clock = clock;
    std::string error = "not called";
    Room::open(boost::asio::make_strand(io.get_executor()), context, record, kAnn, Color::White,
               [this, &error](std::shared_ptr<Room> r, const std::string& e) {
                 room = std::move(r);
                 error = e;
               });
    pump();
    CHECK(!room);  // not before the store says so
    log.complete();
    pump();
    REQUIRE_MESSAGE(room, error);
    // The directory announces a new room once it holds its lease (#42, defect 4).
    loaded_before_announce = recorder->loaded;
    room->announce();
    pump();
    room->join(ann, kAnn, 1);  // back to her seat: ack + snapshot
    pump();
    CHECK(FakeClient::types(ann->take()) == std::vector<std::string>{"ack", "room", "chat_history"});
  }
};

}  // namespace

TEST_CASE("room: an event is acknowledged and broadcast only once it is durable") {
  Fixture f;
  f.room->join(f.bob, f.kBob, "j");
  f.pump();
  CHECK(f.bob->frames.empty());
  CHECK(f.ann->frames.empty());
  CHECK(f.log.complete().kind == protocol::EventKind::Joined);
  f.pump();
  auto bob = f.bob->take();
  REQUIRE(FakeClient::types(bob) == std::vector<std::string>{"ack", "room", "chat_history"});
  CHECK(bob[0]["id"] == "j");
  CHECK(bob[0]["seq"] == 2);
  CHECK(bob[1]["you"] == "black");
  auto ann = f.ann->take();
  REQUIRE(FakeClient::types(ann) == std::vector<std::string>{"event", "legal"});  // white places first
  CHECK(ann[0]["kind"] == "joined");
  CHECK(ann[0]["player"]["name"] == "Bob");
  CHECK(f.recorder->committed == std::vector{protocol::EventKind::Joined});
  CHECK(f.recorder->loaded == 1);
}

TEST_CASE("room (#42, defect 4): a new room is stored, then announced: no lobby hears of it before its lease") {
  Fixture f;
  CHECK(f.loaded_before_announce == 0);  // Room::open told no observer (the lobbies of every node)
  CHECK(f.recorder->loaded == 1);        // announce() did, once
}

TEST_CASE("room: operations wait behind the event being stored, in order; a failed write changes nothing") {
  Fixture f;
  f.seat_bob();

  f.room->play(f.ann, f.kAnn, protocol::Play{"room1", 0, "e3"}, 10);
  f.room->play(f.bob, f.kBob, protocol::Play{"room1", 1, "f5"}, 20);  // valid only after Ann's
  f.pump();
  REQUIRE(f.log.pending.size() == 1);  // Bob's waits
  CHECK(f.bob->frames.empty());
  f.log.complete();
  f.pump();
  auto ann = f.ann->take();
  CHECK(FakeClient::types(ann) == std::vector<std::string>{"ack", "event"});
  CHECK(ann[1]["action"] == "e3");
  REQUIRE(f.log.pending.size() == 1);  // Bob's, now proposed
  f.log.complete("disk full");
  f.pump();
  auto bob = f.bob->take();
  REQUIRE(FakeClient::types(bob) == std::vector<std::string>{"event", "legal", "error"});
  CHECK(bob[2]["code"] == "internal");
  CHECK(bob[2]["id"] == 20);
  CHECK(f.ann->frames.empty());  // nobody heard of the failed action
  // nothing changed: the same action is proposed again at the same ply
  f.room->play(f.bob, f.kBob, protocol::Play{"room1", 1, "f5"}, 21);
  f.pump();
  CHECK(f.log.complete().seq == 4);
  f.pump();
  CHECK(FakeClient::types(f.bob->take()) == std::vector<std::string>{"ack", "event"});
}

TEST_CASE("room: spectators are counted, and a resync beyond the bounded history gets a snapshot") {
  Fixture f;
  f.room->watch(f.eve, f.kEve, nullptr);
  f.pump();
  CHECK(FakeClient::types(f.eve->take()) == std::vector<std::string>{"spectators", "ack", "room", "chat_history"});
  CHECK(f.recorder->spectators == 1);
  f.room->join(f.bob, f.kBob, nullptr);
  f.pump();
  f.log.complete();
  f.pump();
  const char* actions[] = {"e3", "f5", "e4", "f6"};  // events 3..6
  for (int ply = 0; ply < 4; ++ply) {
    bool white = ply % 2 == 0;
    f.room->play(white ? f.ann : f.bob, white ? f.kAnn : f.kBob, protocol::Play{"room1", ply, actions[ply]}, nullptr);
    f.pump();
    f.log.complete();
    f.pump();
  }
  f.eve->take();
  // the history holds the last 3 events (4..6): since 3 is served from it
  f.room->resync(f.eve, f.kEve, 3, 0, "near");
  f.pump();
  auto near = f.eve->take();
  REQUIRE(FakeClient::types(near) == std::vector<std::string>{"ack", "event", "event", "event", "chat_history"});
  CHECK(near[0]["missed"] == 3);
  CHECK(near[1]["seq"] == 4);
  CHECK(near[3]["seq"] == 6);
  f.room->resync(f.eve, f.kEve, 6, 0, "none");
  f.pump();
  auto none = f.eve->take();
  REQUIRE(none.size() == 2);  // the ack, and the chat (none)
  CHECK(none[0]["missed"] == 0);
  // since 2 needs event 3, which the history no longer holds
  f.room->resync(f.eve, f.kEve, 2, 0, "gone");
  f.pump();
  CHECK(FakeClient::types(f.eve->take()) == std::vector<std::string>{"ack", "room", "chat_history"});
  f.room->resync(f.eve, f.kEve, 0, 0, "far");
  f.pump();
  auto far = f.eve->take();
  REQUIRE(FakeClient::types(far) == std::vector<std::string>{"ack", "room", "chat_history"});
  CHECK(far[0]["snapshot"] == true);

  f.room->disconnected(f.eve.get());
  f.pump();
  CHECK(f.recorder->spectators == 2);
}

TEST_CASE("room: domain events after commit — a finished game is announced once") {
  Fixture f;
  f.seat_bob();
  f.room->resign(f.bob, f.kBob, 5);
  f.pump();
  CHECK(f.recorder->finished == 0);
  f.log.complete();
  f.pump();
  CHECK(f.recorder->finished == 1);
  CHECK(f.recorder->committed.back() == protocol::EventKind::Resigned);
  f.room->resign(f.ann, f.kAnn, 6);
  f.pump();
  CHECK(f.log.pending.empty());
  CHECK(f.ann->frames.back()["code"] == "game_over");
}

TEST_CASE("room: chat on the fake clock — channels by seat, five messages in ten seconds, then rate_limited") {
  Fixture f;
  f.seat_bob();
  f.room->watch(f.eve, f.kEve, "w");
  f.pump();
  f.eve->take();
  f.ann->take();
  f.bob->take();
  for (int i = 1; i <= 5; ++i) {
    f.room->chat(f.ann, f.kAnn, "message " + std::to_string(i), i);
    f.pump();
  }
  auto ann = f.ann->take();
  REQUIRE(FakeClient::types(ann).size() == 10);  // an ack and the message, five times
  CHECK(ann[9]["seq"] == 5);
  CHECK(ann[9]["channel"] == "players");
  CHECK(f.bob->take().size() == 5);
  CHECK(f.eve->take().empty());  // the players' channel is theirs
  f.now += 9'999;
  f.room->chat(f.ann, f.kAnn, "one more", "late");
  f.pump();
  auto refused = f.ann->take();
  REQUIRE(refused.size() == 1);
  CHECK(refused[0]["code"] == "rate_limited");
  f.room->chat(f.eve, f.kEve, "from the stands", "eve");  // another writer has their own count
  f.pump();
  CHECK(FakeClient::types(f.eve->take()) == std::vector<std::string>{"ack", "chat"});
  CHECK(f.ann->take()[0]["channel"] == "spectators");  // players read the spectators too
  f.now += 1;  // ten seconds after the first message
  f.room->chat(f.ann, f.kAnn, "one more", "again");
  f.pump();
  CHECK(FakeClient::types(f.ann->take()) == std::vector<std::string>{"ack", "chat"});
  f.room->resync(f.eve, f.kEve, 2, 5, "r");  // events: created, joined
  f.pump();
  auto history = f.eve->take();
  REQUIRE(FakeClient::types(history) == std::vector<std::string>{"ack", "chat_history"});
  CHECK(history[1]["messages"].size() == 1);  // after 5: the spectator's own; Ann's 7th is the players'
}

TEST_CASE("room: what waited behind a write meets a flag that fell meanwhile; a waiting player hears the opponent is gone") {
  Fixture f(TimeControl{TimeControl::Kind::Live, 10'000, 0, 0});
  f.seat_bob();
  auto stored = [&](auto&&... frames_of) {
    f.pump();
    f.log.complete();
    f.pump();
    (frames_of->take(), ...);
  };
  f.room->play(f.ann, f.kAnn, protocol::Play{"room1", 0, "e3"}, 1);
  stored(f.ann, f.bob);
  f.room->play(f.bob, f.kBob, protocol::Play{"room1", 1, "f5"}, 2);
  stored(f.ann, f.bob);  // both have acted: White's 10 s run from now
  std::int64_t flag = f.now + 10'000;

  // Bob offers a draw a moment before White's flag falls; while it is stored
  // the flag falls and Ann accepts: the timeout comes first, the answer is too late.
  f.now = flag - 1;
  f.room->offer_draw(f.bob, f.kBob, 3);
  f.pump();
  f.now = flag + 1;
  f.room->answer_draw(f.ann, f.kAnn, true, 4);
  f.pump();
  CHECK(f.log.complete().kind == protocol::EventKind::DrawOffered);
  f.pump();
  REQUIRE(f.log.pending.size() == 1);
  EventRecord timeout = f.log.complete();
  CHECK(timeout.kind == protocol::EventKind::Timeout);
  CHECK(timeout.at == flag);
  f.pump();
  auto ann = f.ann->take();
  REQUIRE(!ann.empty());
  CHECK(ann.back()["type"] == "error");
  CHECK(ann.back()["code"] == "game_over");
  CHECK(f.log.pending.empty());
}

TEST_CASE("room: opponent_gone when the decider's connection closes, again for the waiting player's new connection") {
  Fixture f(TimeControl{TimeControl::Kind::Live, 600'000, 0, 0});
  f.seat_bob();
  f.room->play(f.ann, f.kAnn, protocol::Play{"room1", 0, "e3"}, 1);
  f.pump();
  f.log.complete();
  f.pump();
  f.room->play(f.bob, f.kBob, protocol::Play{"room1", 1, "f5"}, 2);
  f.pump();
  f.log.complete();
  f.pump();
  f.ann->take();
  f.bob->take();
  f.now += 1'000;
  f.room->disconnected(f.ann.get());  // White, who must decide, is gone
  f.pump();
  auto bob = f.bob->take();
  REQUIRE(FakeClient::types(bob) == std::vector<std::string>{"opponent_gone"});
  CHECK(bob[0]["claim_at"] == f.now + 40'000);
  f.room->disconnected(f.bob.get());
  f.pump();
  auto bob2 = std::make_shared<FakeClient>();
  f.room->resync(bob2, f.kBob, 4, 0, "back");
  f.pump();
  auto back = bob2->take();
  // (a seated player's resync brings their plans too: #46)
  REQUIRE(FakeClient::types(back) == std::vector<std::string>{"ack", "plan", "opponent_gone", "chat_history"});
  CHECK(back[1]["premove"] == nullptr);
  CHECK(back[2]["claim_at"] == f.now + 40'000);
  f.room->resync(f.ann, f.kAnn, 4, 0, "ann back");  // White returns
  f.pump();
  CHECK(FakeClient::types(bob2->take()) == std::vector<std::string>{"opponent_back"});
}

TEST_CASE("room: the computer's action that failed to store is thought again a second later, with nobody sending anything") {
  FakeBots bots;
  Fixture f({}, &bots);
  f.room->command([&f](const GameAuthority& a) { return a.join(f.kBob); }, std::nullopt, [](std::optional<Refusal>, RoomRecord) {});
  f.pump();
  f.log.complete();
  f.pump();
  f.room->play(f.ann, f.kAnn, protocol::Play{"room1", 0, "e3"}, 1);
  f.pump();
  f.log.complete();
  f.pump();
  REQUIRE(bots.turns.size() == 1);
  CHECK(bots.turns[0].game.ply() == 1);
  f.ann->take();
  bots.turns[0].done(bots.turns[0].game.legal_notation().front(), 5);
  f.pump();
  f.log.complete("disk full");
  f.pump();
  CHECK(f.ann->frames.empty());  // nobody heard of the failed action
  CHECK(bots.turns.size() == 1);  // not in a loop
  // A second on the room's clock; the room's own timer wakes it (a real second).
  f.now += 1000;
  f.io.restart();
  for (int i = 0; i < 100 && bots.turns.size() == 1; ++i) f.io.run_one_for(std::chrono::milliseconds(100));
  REQUIRE(bots.turns.size() == 2);
  CHECK(bots.turns[1].game.ply() == 1);
  CHECK(!*bots.turns[1].cancelled);
  bots.turns[1].done(bots.turns[1].game.legal_notation().front(), 5);
  f.pump();
  f.log.complete();
  f.pump();
  auto ann = f.ann->take();
  REQUIRE(!ann.empty());
  CHECK(ann[0]["type"] == "event");
  CHECK(ann[0]["by"] == "black");
}

// ---- abandoned games (#33), on the fake clock: the room is woken as a test's --test-clock would ----

namespace {

// The room's row as it is now (a command that decides nothing reads it).
RoomRecord row_of(Fixture& f) {
  RoomRecord out;
  f.room->command([](const GameAuthority&) -> Decision { return Refusal{protocol::ErrorCode::BadField, "read only"}; },
                  std::nullopt, [&out](std::optional<Refusal>, RoomRecord r) { out = std::move(r); });
  f.pump();
  return out;
}

void advance(Fixture& f, std::int64_t ms) {
  f.now += ms;
  f.room->wake();
  f.pump();
}

constexpr std::int64_t kMinute = 60'000;

}  // namespace

TEST_CASE("abandon: a game against the computer whose human is gone 30 minutes is aborted, unrated, without a result") {
  FakeBots bots;
  Fixture f({}, &bots);
  f.room->command([&f](const GameAuthority& a) { return a.join(f.kBob); }, std::nullopt, [](std::optional<Refusal>, RoomRecord) {});
  f.pump();
  f.log.complete();  // the computer (Bob) sits down: live
  f.pump();
  std::int64_t gone = f.now + 5 * kMinute;
  advance(f, 5 * kMinute);
  f.room->disconnected(f.ann.get());  // Ann closes her tab
  f.pump();
  advance(f, 30 * kMinute - 1);
  CHECK(f.log.pending.empty());  // not yet
  advance(f, 1);
  REQUIRE(f.log.pending.size() == 1);
  EventRecord aborted = f.log.complete();
  CHECK(aborted.kind == protocol::EventKind::Aborted);
  CHECK(aborted.note == "player_gone");
  CHECK(!aborted.player);
  CHECK(aborted.at == gone + 30 * kMinute);
  f.pump();
  RoomRecord r = row_of(f);
  CHECK(r.status == protocol::RoomStatus::Cancelled);
  CHECK(r.result.empty());
  CHECK(r.reason == "aborted");
  CHECK(!r.rating_change);
  CHECK(f.recorder->finished == 0);  // no result: not a finished game
  advance(f, 60 * kMinute);
  CHECK(f.log.pending.empty());  // once
}

TEST_CASE("abandon: a human back within 30 minutes keeps the game against the computer") {
  FakeBots bots;
  Fixture f({}, &bots);
  f.room->command([&f](const GameAuthority& a) { return a.join(f.kBob); }, std::nullopt, [](std::optional<Refusal>, RoomRecord) {});
  f.pump();
  f.log.complete();
  f.pump();
  f.room->disconnected(f.ann.get());
  f.pump();
  advance(f, 29 * kMinute);
  f.room->resync(f.ann, f.kAnn, 2, 0, "back");
  f.pump();
  advance(f, 10 * kMinute);
  CHECK(f.log.pending.empty());
  CHECK(row_of(f).status == protocol::RoomStatus::Live);
}

TEST_CASE("abandon: an untimed game with no action for 7 days ends as abandoned; a restored room reads it back") {
  Fixture f;
  f.seat_bob();
  f.room->play(f.ann, f.kAnn, protocol::Play{"room1", 0, "e3"}, 1);
  f.pump();
  EventRecord action = f.log.complete();
  f.pump();
  constexpr std::int64_t kWeek = 7LL * 24 * 60 * kMinute;
  advance(f, kWeek - 1);  // both still connected: only an action counts
  CHECK(f.log.pending.empty());
  advance(f, 1);
  REQUIRE(f.log.pending.size() == 1);
  EventRecord abandoned = f.log.complete();
  CHECK(abandoned.kind == protocol::EventKind::Aborted);
  CHECK(abandoned.note == "abandoned");
  CHECK(abandoned.at == action.at + kWeek);
  f.pump();
  RoomRecord r = row_of(f);
  CHECK(r.status == protocol::RoomStatus::Cancelled);
  CHECK(r.result.empty());
  CHECK(r.reason == "abandoned");
  CHECK(r.finished_at == action.at + kWeek);
  auto frames = f.bob->take();
  REQUIRE(!frames.empty());
  CHECK(frames.back()["kind"] == "aborted");

  // The same events replayed (the server restarted): the same row.
  RoomRecord stored;
  stored.id = "room1";
  stored.options = {"yinsh", "normal", 0, 0};
  std::vector<EventRecord> events{{1, protocol::EventKind::Created, 1, Color::White, "", 1000, ""},
                                  {2, protocol::EventKind::Joined, 2, Color::Black, "", 1000, ""},
                                  action,
                                  abandoned};
  std::string error;
  auto restored = GameAuthority::restore(stored, events, [&f] { return f.now; }, AuthorityLimits{}, error);
  REQUIRE_MESSAGE(restored, error);
  CHECK(restored->room().reason == "abandoned");
  CHECK(restored->room().status == protocol::RoomStatus::Cancelled);
}

TEST_CASE("abandon: a timed game is never abandoned for want of actions; a moderator's note 'abandoned' stays an abort") {
  Fixture f(TimeControl{TimeControl::Kind::Correspondence, 0, 0, 14});
  f.seat_bob();
  advance(f, 8LL * 24 * 60 * kMinute);
  CHECK(f.log.pending.empty());  // 14 days a move: no flag yet, and no abandonment
  RoomRecord stored;
  stored.id = "room2";
  stored.options = {"yinsh", "normal", 0, 0};
  std::string error;
  auto restored = GameAuthority::restore(
      stored,
      {{1, protocol::EventKind::Created, 1, Color::White, "", 1000, ""}, {2, protocol::EventKind::Joined, 2, Color::Black, "", 1000, ""},
       EventRecord{3, protocol::EventKind::Aborted, 9, std::nullopt, "", 5000, "abandoned"}},
      [&f] { return f.now; }, AuthorityLimits{}, error);
  REQUIRE_MESSAGE(restored, error);
  CHECK(restored->room().reason == "aborted");
}

TEST_CASE("abandon: the lobby lists a live game while a player is connected or acted in the last 15 minutes, again when one is back") {
  Fixture f;
  f.seat_bob();
  f.room->play(f.ann, f.kAnn, protocol::Play{"room1", 0, "e3"}, 1);
  f.pump();
  f.log.complete();
  f.pump();
  f.room->disconnected(f.ann.get());
  f.room->disconnected(f.bob.get());
  f.pump();
  advance(f, 15 * kMinute - 1);
  CHECK(f.recorder->active.empty());  // the action was 15 minutes ago less a moment
  advance(f, 1);
  CHECK(f.recorder->active == std::vector<bool>{false});
  CHECK(!f.room->summary().active);
  f.room->resync(f.bob, f.kBob, 3, 0, "back");  // Bob is back
  f.pump();
  CHECK(f.recorder->active == std::vector<bool>{false, true});
  f.room->leave(f.bob, "gone again");
  f.pump();
  advance(f, 1);
  CHECK(f.recorder->active == std::vector<bool>{false, true, false});  // no action for 15 minutes: off at once
}

TEST_CASE("lobby feed: an inactive live game is not listed; every player gets their own open and live games as `mine`") {
  boost::asio::io_context io;
  auto feed = std::make_shared<LobbyFeed>(io.get_executor(), 10);
  auto summary = [](std::string id, std::int64_t created, bool active, bool is_private, protocol::RoomStatus status) {
    RoomSummary s;
    s.id = std::move(id);
    s.options = {"yinsh", "normal", 0, 0};
    s.status = status;
    s.white = 1;
    s.white_seated = true;
    s.white_name = "Ann";
    if (status != protocol::RoomStatus::Open) {
      s.black = 2;
      s.black_seated = true;
      s.black_name = "Bob";
    }
    s.created_at = created;
    s.active = active;
    s.is_private = is_private;
    return s;
  };
  auto listed = summary("listed", 1, true, false, protocol::RoomStatus::Live);
  auto idle = summary("idle", 2, false, false, protocol::RoomStatus::Live);
  auto secret = summary("secret", 3, true, true, protocol::RoomStatus::Live);
  auto waiting = summary("waiting", 4, false, false, protocol::RoomStatus::Open);  // open rooms are listed regardless
  auto over = summary("over", 5, true, false, protocol::RoomStatus::Finished);
  for (auto* s : {&listed, &idle, &secret, &waiting, &over}) feed->on(RoomLoaded{*s});
  auto ann = std::make_shared<FakeClient>(), bob = std::make_shared<FakeClient>(), eve = std::make_shared<FakeClient>();
  feed->subscribe(ann, 1, "a");
  feed->subscribe(bob, 2, "b");
  feed->subscribe(eve, 3, "e");
  io.poll();
  auto ids = [](const json& list) {
    std::vector<std::string> out;
    for (const auto& e : list) out.push_back(e["id"]);
    return out;
  };
  REQUIRE(ann->frames.size() == 1);
  const json& a = ann->frames[0];
  CHECK(ids(a["live"]) == std::vector<std::string>{"listed"});
  CHECK(ids(a["open"]) == std::vector<std::string>{"waiting"});
  CHECK(ids(a["mine"]) == std::vector<std::string>{"waiting", "secret", "idle", "listed"});
  // Each says what it is, for "Your games" (#43: an open one had no status).
  CHECK(a["mine"][0]["status"] == "open");
  CHECK(a["mine"][0]["creator"] == "Ann");
  CHECK(a["mine"][3]["status"] == "live");
  CHECK(ids(bob->frames.at(0)["mine"]) == std::vector<std::string>{"secret", "idle", "listed"});
  CHECK(eve->frames.at(0)["mine"].empty());
  // The idle game's player is back: listed again.
  idle.active = true;
  feed->on(ActivityChanged{idle});
  auto again = std::make_shared<FakeClient>();
  feed->subscribe(again, 3, "again");
  io.restart();
  io.poll();
  REQUIRE(!again->frames.empty());
  CHECK(ids(again->frames.back()["live"]) == std::vector<std::string>{"idle", "listed"});
  // Ann and Bob heard of it, and of their own games again; Eve of the list only.
  CHECK(FakeClient::types(ann->frames) == std::vector<std::string>{"lobby", "lobby_update", "lobby_mine"});
  CHECK(ids(ann->frames.back()["mine"]) == std::vector<std::string>{"waiting", "secret", "idle", "listed"});
  CHECK(FakeClient::types(eve->frames) == std::vector<std::string>{"lobby", "lobby_update"});
  // A private game of Ann's and Bob's ends: the lists stay as they were, their own games change.
  secret.status = protocol::RoomStatus::Finished;
  feed->on(SpectatorsChanged{secret});
  ann->take();
  bob->take();
  eve->take();
  feed->subscribe(std::make_shared<FakeClient>(), 3, "publish");
  io.restart();
  io.poll();
  REQUIRE(FakeClient::types(ann->frames) == std::vector<std::string>{"lobby_mine"});
  CHECK(ids(ann->frames[0]["mine"]) == std::vector<std::string>{"waiting", "idle", "listed"});
  CHECK(ids(bob->frames.at(0)["mine"]) == std::vector<std::string>{"idle", "listed"});
  CHECK(eve->frames.empty());
  feed->stop();
  io.restart();
  io.poll();
}

TEST_CASE("abandon: a game whose 7 days passed while the server was down ends when it is loaded again") {
  boost::asio::io_context io;
  FakeLog log;
  RoomEvents events;
  auto recorder = std::make_shared<Recorder>();
  events.add(recorder);
  constexpr std::int64_t kWeek = 7LL * 24 * 3600 * 1000;
  std::int64_t now = 2000 + kWeek + 5000;  // the server comes back five seconds late
  auto context = std::make_shared<const RoomContext>(
      RoomContext{log, events, [&now] { return now; }, AuthorityLimits{}, CrowdLimits{3, 1 << 20}});
  RoomRecord record;
  record.id = "room9";
  record.options = {"yinsh", "normal", 0, 0};
  record.created_at = 1000;
  std::vector<EventRecord> stored{{1, protocol::EventKind::Created, 1, Color::White, "", 1000, ""},
                                  {2, protocol::EventKind::Joined, 2, Color::Black, "", 1500, ""},
                                  {3, protocol::EventKind::Action, 1, Color::White, "e3", 2000, ""}};
  std::string error;
  auto room = Room::restore(boost::asio::make_strand(io.get_executor()), context, record, stored, {}, error);
  REQUIRE_MESSAGE(room, error);
  room->announce();
  io.poll();
  REQUIRE(log.pending.size() == 1);
  EventRecord end = log.complete();
  CHECK(end.kind == protocol::EventKind::Aborted);
  CHECK(end.note == "abandoned");
  CHECK(end.at == 2000 + kWeek);  // when it became due, not when the server noticed
  CHECK(recorder->loaded == 1);
  io.restart();
  io.poll();
  CHECK(recorder->committed == std::vector<protocol::EventKind>{protocol::EventKind::Aborted});
}

TEST_CASE("cluster codec: a room's `active` crosses the bus with its summary; a summary without it is listed") {
  RoomSummary s;
  s.id = "room1";
  s.options = {"yinsh", "normal", 0, 0};
  s.status = protocol::RoomStatus::Live;
  s.active = false;
  auto back = decode_summary(encode(s));
  REQUIRE(back);
  CHECK(!back->active);
  auto text = json::parse(encode(s));
  text.erase("active");  // a node from before #33
  auto older = decode_summary(text.dump());
  REQUIRE(older);
  CHECK(older->active);
}
