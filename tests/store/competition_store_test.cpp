// Ladders and events on SQLite: a challenge is checked and stored in one
// transaction (a refused one writes nothing), the standings move with the
// event that ends the game, two time losses remove a player, activity drops
// an idle one, and an event's pairings follow its stored results: the last
// round's last result finishes the event in its own commit, and two admins
// pairing the same round at once store it once (the round guard).
#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <map>

#include "store_test_support.hpp"

using namespace store_test;

namespace {

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kStart = 1'700'000'000'000;

struct Fixture {
  std::string path = temp_store("competitions.db");
  // The store's clock (what a ladder's page is judged at): the system's unless a test sets it.
  std::shared_ptr<std::atomic<std::int64_t>> clock_ms = std::make_shared<std::atomic<std::int64_t>>(0);
  SqlStore store{path, SqlStore::Access::kServer, SqlStore::kDefaultMaxQueued,
                 [c = clock_ms] { return c->load() ? c->load() : system_now_ms(); }};
  asio::io_context io;
  std::int64_t ladder = 0;
  std::vector<std::int64_t> players;  // ann, bob, cid, dan: positions 1..4

  Fixture() {
    LadderRecord l;
    l.name = "L";
    l.options = {"yinsh", "normal", 0, 0};
    l.clock = {protocol::TimeControl::Kind::Live, 180'000, 0, 0};
    l.created_at = kStart;
    Slot<Stored<Outcome<LadderRecord>>> created;
    store.create_ladder(l, AuditEntry{std::nullopt, "ladder_create", "", "{}", "cli", kStart}, io.get_executor(), created.fill());
    REQUIRE(created.get(io).value.ok());
    ladder = created.get(io).value.value.id;
    for (std::string name : {"ann", "bob", "cid", "dan"}) {
      players.push_back(create_account(store, io, name).account.player);
      RosterChange join;
      join.player = players.back();
      REQUIRE(roster(join, kStart).ok());
    }
  }
  Outcome<LadderDetail> roster(const RosterChange& change, std::int64_t now) {
    Slot<Stored<Outcome<LadderDetail>>> slot;
    store.change_roster(ladder, change, now, io.get_executor(), slot.fill());
    REQUIRE(slot.get(io).ok());
    return slot.get(io).value;
  }
  Outcome<ChallengeMade> make(std::int64_t challenger, const std::string& defender, const std::string& room, std::int64_t now) {
    Slot<Stored<Outcome<ChallengeMade>>> slot;
    store.challenge({ladder, challenger, defender, room, true, now}, io.get_executor(), slot.fill());
    REQUIRE(slot.get(io).ok());
    return slot.get(io).value;
  }
  // A challenge on a ladder whose games start at once: its game.
  Outcome<CompetitionGame> challenge(std::int64_t challenger, const std::string& defender, const std::string& room,
                                     std::int64_t now) {
    auto made = make(challenger, defender, room, now);
    if (!made.ok()) return Outcome<CompetitionGame>::refused(made.code, made.message);
    REQUIRE(made.value.game);
    return {*made.value.game, {}, {}};
  }
  Outcome<ChallengeMade> answer(std::int64_t challenge, std::int64_t player, ChallengeAnswer::Kind kind, std::int64_t now,
                                std::int64_t start_at = 0) {
    Slot<Stored<Outcome<ChallengeMade>>> slot;
    store.answer_challenge({ladder, challenge, player, kind, start_at, now}, io.get_executor(), slot.fill());
    REQUIRE(slot.get(io).ok());
    return slot.get(io).value;
  }
  DueChallenges due(std::int64_t now) {
    Slot<Stored<DueChallenges>> slot;
    store.challenges_due(now, io.get_executor(), slot.fill());
    REQUIRE(slot.get(io).ok());
    return slot.get(io).value;
  }
  std::vector<CompetitionGame> unopened() {
    Slot<Stored<std::vector<CompetitionGame>>> slot;
    store.unopened_games(io.get_executor(), slot.fill());
    REQUIRE(slot.get(io).ok());
    return slot.get(io).value;
  }
  std::vector<CompetitionGame> pending() {
    Slot<Stored<std::vector<CompetitionGame>>> slot;
    store.pending_games(io.get_executor(), slot.fill());
    REQUIRE(slot.get(io).ok());
    return slot.get(io).value;
  }
  // The ladder's challenges wait `hours` for an answer from now on.
  void answer_within(int hours) {
    LadderEdit edit;
    edit.answer_hours = hours;
    edit.audit = AuditEntry{std::nullopt, "ladder_edit", "", "{}", "cli", kStart};
    Slot<Stored<Outcome<LadderRecord>>> slot;
    store.edit_ladder(ladder, edit, io.get_executor(), slot.fill());
    REQUIRE(slot.get(io).ok());
    REQUIRE(slot.get(io).value.ok());
    CHECK(slot.get(io).value.value.answer_hours == hours);
  }
  LadderDetail detail() {
    Slot<Stored<std::optional<LadderDetail>>> slot;
    store.ladder(ladder, io.get_executor(), slot.fill());
    REQUIRE(slot.get(io).ok());
    return *slot.get(io).value;
  }
  std::vector<std::int64_t> order() {
    std::vector<std::int64_t> out;
    for (const auto& s : detail().standings) out.push_back(s.player.account);
    return out;
  }
  // The challenge's game as the server plays it: its room opened, both seated, ended by `last`.
  void play(const CompetitionGame& g, std::int64_t at, protocol::EventKind kind, const std::string& result) {
    Blocking s{store, io};
    RoomRecord room = make_room(g.room, g.white, at);
    room.options = g.options;
    room.clock = g.clock;
    room.rated = room.competition = true;
    REQUIRE(s.create_room(room, created_event(g.white, at)) == "");
    RoomChange joined;
    joined.black = g.black;
    joined.status = protocol::RoomStatus::Live;
    REQUIRE(s.append_event(g.room, {2, protocol::EventKind::Joined, g.black, engine::Color::Black, "", at, ""}, joined) == "");
    RoomChange end;
    end.status = protocol::RoomStatus::Finished;
    end.result = result;
    end.reason = kind == protocol::EventKind::Timeout ? "timeout" : "resignation";
    auto loser = result == "1-0" ? engine::Color::Black : engine::Color::White;
    REQUIRE(s.append_event(g.room, {3, kind, std::nullopt, loser, "", at + 1000, ""}, end) == "");
  }
};

}  // namespace

TEST_CASE("ladder store: a refused challenge writes nothing; a win moves the standings with the game's last event") {
  Fixture f;
  const auto [ann, bob, cid, dan] = std::tuple(f.players[0], f.players[1], f.players[2], f.players[3]);
  CHECK(f.challenge(ann, "dan", "room-down", kStart).code == "out_of_reach");
  CHECK(f.challenge(dan, "nobody", "room-none", kStart).code == "not_found");
  CHECK(f.detail().open.empty());

  auto game = f.challenge(dan, "bob", "room-1", kStart + kDay);
  REQUIRE(game.ok());
  CHECK(game.value.white == dan);  // the challenger drew white
  CHECK(game.value.start_within_ms == kLadderStartMinutes * 60000);
  CHECK(game.value.challenge > 0);
  CHECK(f.challenge(dan, "bob", "room-2", kStart + kDay).code == "cooldown");
  REQUIRE(f.detail().open.size() == 1);

  f.play(game.value, kStart + 2 * kDay, protocol::EventKind::Resigned, "1-0");
  CHECK(f.order() == std::vector<std::int64_t>{ann, dan, bob, cid});
  LadderDetail d = f.detail();
  CHECK(d.open.empty());
  REQUIRE(d.recent.size() == 1);
  CHECK(d.recent[0].outcome == "challenger");
  CHECK(d.recent[0].finished_at == kStart + 2 * kDay + 1000);
  // Still cooling down a week after the challenge, free after.
  CHECK(f.challenge(bob, "dan", "room-3", kStart + 7 * kDay).code == "cooldown");
  CHECK(f.challenge(bob, "dan", "room-4", kStart + 8 * kDay + 1).ok());
}

TEST_CASE("ladder store: a challenge written again after a lost COMMIT is the one made; its game is unopened until its room exists (#42)") {
  // The store runs a write again when its connection was lost during COMMIT
  // (a PostgreSQL restart), and that COMMIT may have been done: found by the
  // one-hour soak, where the second run was refused `cooldown` (the pair had
  // an open challenge: the first run's), the API answered an error, and the
  // stored challenge's room was made by nobody until some node started again.
  Fixture f;
  const std::int64_t dan = f.players[3];
  const std::int64_t at = kStart + kDay;
  auto first = f.make(dan, "bob", "room-again", at);
  REQUIRE(first.ok());
  REQUIRE(first.value.game);
  auto again = f.make(dan, "bob", "room-again", at);
  REQUIRE_MESSAGE(again.ok(), again.code << ": " << again.message);
  CHECK(again.value.challenge.id == first.value.challenge.id);
  REQUIRE(again.value.game);
  CHECK(again.value.game->room == "room-again");
  CHECK(f.detail().open.size() == 1);
  // The same room's id under another challenger is no retry: refused, nothing written.
  Slot<Stored<Outcome<ChallengeMade>>> other;
  f.store.challenge({f.ladder, f.players[2], "ann", "room-again", true, at}, f.io.get_executor(), other.fill());
  CHECK_FALSE(other.get(f.io).ok());
  CHECK(f.detail().open.size() == 1);

  // Its room never made: the sweep's list has it, and loses it once the room is stored.
  auto unopened = f.unopened();
  REQUIRE(unopened.size() == 1);
  CHECK(unopened[0].room == "room-again");
  CHECK(unopened[0].challenge == first.value.challenge.id);
  Blocking s{f.store, f.io};
  RoomRecord room = make_room("room-again", dan, at);
  room.options = unopened[0].options;
  room.clock = unopened[0].clock;
  room.rated = room.competition = true;
  REQUIRE(s.create_room(room, created_event(dan, at)) == "");
  CHECK(f.unopened().empty());
  CHECK(f.pending().size() == 1);  // still pending: its game is not over
}

TEST_CASE("ladder store: two losses on time within 30 days remove a player; 14 idle days drop one a place") {
  Fixture f;
  const std::int64_t ann = f.players[0], bob = f.players[1], cid = f.players[2], dan = f.players[3];
  auto first = f.challenge(cid, "ann", "room-a", kStart);
  REQUIRE(first.ok());
  f.play(first.value, kStart, protocol::EventKind::Timeout, "0-1");  // cid (white) lost on time
  CHECK(f.order() == std::vector<std::int64_t>{ann, bob, cid, dan});
  auto second = f.challenge(cid, "bob", "room-b", kStart + kDay);
  REQUIRE(second.ok());
  f.play(second.value, kStart + kDay, protocol::EventKind::Timeout, "0-1");
  CHECK(f.order() == std::vector<std::int64_t>{ann, bob, dan});  // removed

  // Activity: dan has not played since joining; ann played at the start, bob a day in.
  Slot<std::string> done;
  f.store.ladder_activity(kStart + 15 * kDay, f.io.get_executor(), done.fill());
  REQUIRE(done.get(f.io) == "");
  // ann's last game ended 15 days ago less a second: she drops below bob;
  // dan owes a drop too but nobody is below him.
  CHECK(f.order() == std::vector<std::int64_t>{bob, ann, dan});
  CHECK(f.detail().standings[2].player.drops == 1);
  Slot<std::string> again;
  f.store.ladder_activity(kStart + 15 * kDay, f.io.get_executor(), again.fill());
  REQUIRE(again.get(f.io) == "");
  CHECK(f.order() == std::vector<std::int64_t>{bob, ann, dan});  // the same moment again changes nothing
  Slot<std::string> later;
  f.store.ladder_activity(kStart + 16 * kDay, f.io.get_executor(), later.fill());
  REQUIRE(later.get(f.io) == "");
  CHECK(f.order() == std::vector<std::int64_t>{ann, bob, dan});  // now bob's 14 idle days are up
}

namespace {

// Room ids unique within the test binary (RoomIds is called from the writer's thread).
std::string next_room_id() {
  static std::atomic<int> rooms{0};
  return "event-room-" + std::to_string(++rooms);
}

// A started Swiss event of `rounds` rounds with the fixture's first `players`
// accounts: its id and round 1's games.
std::pair<std::int64_t, std::vector<CompetitionGame>> started_swiss(Fixture& f, int rounds, std::size_t players,
                                                                    bool auto_pair = false) {
  TournamentRecord t;
  t.auto_pair = auto_pair;
  t.name = "Swiss";
  t.kind = "swiss";
  t.options = {"yinsh", "normal", 0, 0};
  t.clock = {protocol::TimeControl::Kind::Live, 180'000, 0, 0};
  t.rounds = rounds;
  t.created_at = kStart;
  Slot<Stored<Outcome<TournamentRecord>>> created;
  f.store.create_tournament(t, AuditEntry{std::nullopt, "event_create", "", "{}", "cli", kStart}, f.io.get_executor(),
                            created.fill());
  REQUIRE(created.get(f.io).value.ok());
  const std::int64_t id = created.get(f.io).value.value.id;
  for (std::size_t i = 0; i < players; ++i) {
    Slot<Stored<Outcome<std::int64_t>>> joined;
    f.store.register_player(id, f.players[i], true, kStart, f.io.get_executor(), joined.fill());
    REQUIRE(joined.get(f.io).value.ok());
  }
  TournamentCommand start;
  start.audit = AuditEntry{std::nullopt, "event_start", "", "{}", "cli", kStart};
  start.now = kStart;
  Slot<Stored<Outcome<TournamentProgress>>> started;
  f.store.tournament_command(id, start, next_room_id, f.io.get_executor(), started.fill());
  REQUIRE(started.get(f.io).value.ok());
  CHECK(started.get(f.io).value.value.tournament.status == "running");
  return {id, started.get(f.io).value.value.games};
}

TournamentDetail event_detail(Fixture& f, std::int64_t id) {
  Slot<Stored<std::optional<TournamentDetail>>> read;
  f.store.tournament(id, f.io.get_executor(), read.fill());
  REQUIRE(read.get(f.io).value);
  return *read.get(f.io).value;
}

}  // namespace

TEST_CASE("event store: the result that completes the last round finishes the event in the game's own commit") {
  Fixture f;
  auto [id, games] = started_swiss(f, 1, 2);
  REQUIRE(games.size() == 1);

  // Only the room's own commit (its last event): no tournament_room_ended yet.
  f.play(games[0], kStart + kDay, protocol::EventKind::Resigned, "1-0");
  TournamentDetail d = event_detail(f, id);
  CHECK(d.tournament.status == "finished");
  CHECK(d.pairings.at(0).result == "1-0");

  // The room's end, told afterwards, finds nothing left to do.
  Slot<Stored<std::optional<TournamentProgress>>> ended;
  f.store.tournament_room_ended(games[0].room, kStart + kDay, next_room_id, f.io.get_executor(), ended.fill());
  CHECK_FALSE(ended.get(f.io).value);
}

TEST_CASE("event store: a starting server pairs the complete round that the last stop left unpaired, once") {
  Fixture f;
  auto [id, games] = started_swiss(f, 3, 4, true);
  auto [manual, manual_games] = started_swiss(f, 3, 2);
  REQUIRE(games.size() == 2);
  REQUIRE(manual_games.size() == 1);
  // The rooms' own commits store the results; their ends' pairing (after
  // tournament_room_ended) was abandoned by a stopping server.
  for (const auto& g : games) f.play(g, kStart + kDay, protocol::EventKind::Resigned, "1-0");
  f.play(manual_games[0], kStart + kDay, protocol::EventKind::Resigned, "1-0");
  CHECK(event_detail(f, id).tournament.current_round == 1);

  Slot<Stored<std::vector<CompetitionGame>>> resumed;
  f.store.resume_tournaments(next_room_id, f.io.get_executor(), resumed.fill());
  REQUIRE(resumed.get(f.io).ok());
  CHECK(resumed.get(f.io).value.size() == 2);
  CHECK(event_detail(f, id).tournament.current_round == 2);
  CHECK(event_detail(f, manual).tournament.current_round == 1);  // the admin pairs that one

  Slot<Stored<std::vector<CompetitionGame>>> again;
  f.store.resume_tournaments(next_room_id, f.io.get_executor(), again.fill());
  REQUIRE(again.get(f.io).ok());
  CHECK(again.get(f.io).value.empty());
  CHECK(event_detail(f, id).tournament.current_round == 2);
}

TEST_CASE("event store: two next-round commands at once pair the round once, the second is refused round_in_progress") {
  Fixture f;
  auto [id, games] = started_swiss(f, 3, 4);
  REQUIRE(games.size() == 2);
  for (const auto& g : games) f.play(g, kStart + kDay, protocol::EventKind::Resigned, "1-0");
  CHECK(event_detail(f, id).tournament.status == "running");

  // Both are queued before either is answered: each is paired off the writer,
  // and the round guard lets only one of them store round 2.
  TournamentCommand next;
  next.kind = TournamentCommand::Kind::next_round;
  next.audit = AuditEntry{std::nullopt, "event_next_round", "", "{}", "cli", kStart + kDay};
  next.now = kStart + kDay;
  Slot<Stored<Outcome<TournamentProgress>>> first, second;
  f.store.tournament_command(id, next, next_room_id, f.io.get_executor(), first.fill());
  f.store.tournament_command(id, next, next_room_id, f.io.get_executor(), second.fill());
  const auto& a = first.get(f.io);
  const auto& b = second.get(f.io);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a.value.ok() != b.value.ok());
  const auto& paired = a.value.ok() ? a.value : b.value;
  const auto& refused = a.value.ok() ? b.value : a.value;
  CHECK(refused.code == "round_in_progress");
  CHECK(paired.value.games.size() == 2);
  CHECK(paired.value.tournament.current_round == 2);

  TournamentDetail d = event_detail(f, id);
  CHECK(d.tournament.current_round == 2);
  int round_two = 0;
  for (const auto& p : d.pairings) round_two += p.round == 2;
  CHECK(round_two == 2);
}

TEST_CASE("event store: a Swiss event takes 2,000 players, the 2,001st is refused event_full; round 1 pairs them all") {
  Fixture f;
  TournamentRecord t;
  t.name = "Open";
  t.kind = "swiss";
  t.options = {"yinsh", "normal", 0, 0};
  t.clock = {protocol::TimeControl::Kind::Live, 180'000, 0, 0};
  t.rounds = 30;
  t.created_at = kStart;
  Slot<Stored<Outcome<TournamentRecord>>> created;
  f.store.create_tournament(t, AuditEntry{std::nullopt, "event_create", "", "{}", "cli", kStart}, f.io.get_executor(),
                            created.fill());
  REQUIRE(created.get(f.io).value.ok());
  const std::int64_t id = created.get(f.io).value.value.id;

  // All queued before any is waited for: the writer commits them in a few batches.
  constexpr int kPlayers = 2001;
  std::vector<Slot<Stored<CreatedAccount>>> accounts(kPlayers);
  for (int i = 0; i < kPlayers; ++i) {
    NewAccount a;
    a.username = "open" + std::to_string(i);
    a.password_hash = "$argon2id$not-a-real-hash";
    f.store.create_account(a, f.io.get_executor(), accounts[i].fill());
  }
  std::vector<Slot<Stored<Outcome<std::int64_t>>>> joined(kPlayers);
  for (int i = 0; i < kPlayers; ++i) {
    REQUIRE(accounts[i].get(f.io).ok());
    f.store.register_player(id, accounts[i].get(f.io).value.account.player, true, kStart, f.io.get_executor(),
                            joined[i].fill());
  }
  for (int i = 0; i + 1 < kPlayers; ++i) REQUIRE(joined[i].get(f.io).value.ok());
  CHECK(joined[kPlayers - 1].get(f.io).value.code == "event_full");

  TournamentCommand start;
  start.audit = AuditEntry{std::nullopt, "event_start", "", "{}", "cli", kStart};
  start.now = kStart;
  Slot<Stored<Outcome<TournamentProgress>>> started;
  f.store.tournament_command(id, start, next_room_id, f.io.get_executor(), started.fill());
  REQUIRE(started.get(f.io).ok());
  REQUIRE(started.get(f.io).value.ok());
  CHECK(started.get(f.io).value.value.games.size() == 1000);
  TournamentDetail d = event_detail(f, id);
  CHECK(d.tournament.current_round == 1);
  REQUIRE(d.pairings.size() == 1000);
  // B.3: S1's i-th player (start number i) against S2's i-th (i + 1,000).
  std::map<std::int64_t, int> number;
  for (const auto& p : d.players) number[p.player] = p.number;
  for (const auto& p : d.pairings) {
    REQUIRE(p.black);
    CHECK(std::abs(number[p.white] - number[*p.black]) == 1000);
  }
}

namespace {

std::vector<NoticeIntent> intents_of(Fixture& f, const std::string& room) {
  Slot<Stored<std::vector<NoticeIntent>>> read;
  f.store.notice_intents(room, 0, kIntentsPerRead, f.io.get_executor(), read.fill());
  REQUIRE(read.get(f.io).ok());
  return read.get(f.io).value;
}

std::optional<NoticeOutcome> resolve(Fixture& f, const NoticeIntent& intent) {
  PlayerNotice notice;
  notice.player = intent.player;
  notice.kind = intent.kind;
  notice.room = intent.room;
  notice.text = intent.words.subject;
  notice.path = intent.words.path;
  notice.now = kStart;
  Slot<Stored<std::optional<NoticeOutcome>>> done;
  f.store.resolve_intent(intent, notice, f.io.get_executor(), done.fill());
  REQUIRE(done.get(f.io).ok());
  return done.get(f.io).value;
}

}  // namespace

TEST_CASE("competition notices (#35): a challenge and a round's pairing store their notices' intents in their own commit") {
  Fixture f;
  const std::int64_t bob = f.players[1], dan = f.players[3];
  CHECK(f.challenge(dan, "nobody", "room-none", kStart).code == "not_found");
  CHECK(intents_of(f, "").empty());  // a refused challenge asks for nothing
  REQUIRE(f.challenge(dan, "bob", "room-1", kStart + kDay).ok());
  auto found = intents_of(f, "room-1");
  REQUIRE(found.size() == 1);
  CHECK(found[0].player == bob);
  CHECK(found[0].kind == "challenge");
  CHECK(found[0].seq == 0);
  CHECK(found[0].at == kStart + kDay);
  CHECK(found[0].words.subject == "dan challenged you \u2014 L");
  CHECK(found[0].words.text == "dan challenged you on the ladder L. Your game:");
  CHECK(found[0].words.path == "/?room=room-1");
  CHECK(!found[0].game);  // its words are stored: no room read
  // The live resolution and a start's sweep meet the same row: one tells.
  auto first = resolve(f, found[0]);
  REQUIRE(first);
  REQUIRE(first->notice);
  CHECK(first->notice->text == "dan challenged you \u2014 L");
  CHECK(!resolve(f, found[0]));
  CHECK(intents_of(f, "").empty());

  auto started = started_swiss(f, 1, 2);
  REQUIRE(started.second.size() == 1);
  const CompetitionGame& g = started.second[0];
  found = intents_of(f, g.room);
  REQUIRE(found.size() == 2);
  for (const NoticeIntent& i : found) {
    bool white = i.player == g.white;
    CHECK((white || i.player == g.black));
    CHECK(i.kind == "round");
    CHECK(i.words.subject == "Round 1: you play " + (white ? g.black_name : g.white_name) + " \u2014 Swiss");
    CHECK(i.words.text.find(white ? "with white" : "with black") != std::string::npos);
    CHECK(i.words.path == "/?room=" + g.room);
  }
  // Resolved without the room read (the game may not be created yet), each once.
  CHECK(resolve(f, found[0]));
  CHECK(resolve(f, found[1]));
  CHECK(!resolve(f, found[0]));
  CHECK(intents_of(f, "").empty());
}

TEST_CASE("ladder store: with an answer time a challenge waits; accept makes its game, a time schedules it, the sweep starts it (#43)") {
  using Kind = ChallengeAnswer::Kind;
  Fixture f;
  f.answer_within(48);
  const std::int64_t ann = f.players[0], bob = f.players[1], cid = f.players[2], dan = f.players[3];
  auto made = f.make(dan, "bob", "room-w1", kStart);
  REQUIRE(made.ok());
  CHECK(!made.value.game);
  CHECK(made.value.challenge.state == "proposed");
  CHECK(made.value.challenge.answer_by == kStart + 48 * 3600000LL);
  CHECK(made.value.challenge.ladder_name == "L");
  const std::int64_t id = made.value.challenge.id;
  CHECK(f.pending().empty());  // no room before the answer
  CHECK(f.make(dan, "bob", "room-w2", kStart).code == "cooldown");  // it counts as open
  LadderDetail d = f.detail();
  REQUIRE(d.open.size() == 1);
  CHECK(d.open[0].state == "proposed");
  CHECK(!d.open[0].decline_forfeits);
  // Only the defender answers, and only in time.
  CHECK(f.answer(id, dan, Kind::accept, kStart + 1).code == "forbidden");
  CHECK(f.answer(id + 100, bob, Kind::accept, kStart + 1).code == "not_found");
  CHECK(f.answer(id, bob, Kind::accept, kStart + 48 * 3600000LL).code == "challenge_answered");
  auto accepted = f.answer(id, bob, Kind::accept, kStart + 2);
  REQUIRE(accepted.ok());
  REQUIRE(accepted.value.game);
  CHECK(accepted.value.game->room == "room-w1");
  CHECK(accepted.value.challenge.state == "playing");
  CHECK(f.answer(id, bob, Kind::decline, kStart + 3).code == "challenge_answered");
  CHECK(f.answer(id, dan, Kind::withdraw, kStart + 3).code == "challenge_answered");
  CHECK(f.pending().size() == 1);

  // cid challenges ann, who puts it off: not too far, not in the past; the sweep makes its room at its time.
  auto later = f.make(cid, "ann", "room-w3", kStart);
  REQUIRE(later.ok());
  const std::int64_t id2 = later.value.challenge.id;
  CHECK(f.answer(id2, ann, Kind::schedule, kStart + 10, kStart + 8 * kDay).code == "bad_field");
  CHECK(f.answer(id2, ann, Kind::schedule, kStart + 10, kStart + 5).code == "bad_field");
  auto scheduled = f.answer(id2, ann, Kind::schedule, kStart + 10, kStart + kDay);
  REQUIRE(scheduled.ok());
  CHECK(scheduled.value.challenge.state == "scheduled");
  CHECK(scheduled.value.challenge.start_at == kStart + kDay);
  CHECK(!scheduled.value.game);
  CHECK(f.due(kStart + kDay - 1).start.empty());
  auto due = f.due(kStart + kDay);
  REQUIRE(due.start.size() == 1);
  CHECK(due.start[0].room == "room-w3");
  CHECK(due.unanswered.empty());
  CHECK(f.due(kStart + kDay + 1).start.empty());  // once
  CHECK(f.pending().size() == 2);
}

TEST_CASE("ladder store: a free decline moves nothing; a second within 30 days, or no answer in time, is the challenger's win (#43)") {
  using Kind = ChallengeAnswer::Kind;
  Fixture f;
  f.answer_within(24);
  const std::int64_t ann = f.players[0], bob = f.players[1], cid = f.players[2], dan = f.players[3];
  auto first = f.make(cid, "bob", "room-d1", kStart);
  REQUIRE(first.ok());
  auto declined = f.answer(first.value.challenge.id, bob, Kind::decline, kStart + 1);
  REQUIRE(declined.ok());
  CHECK(declined.value.challenge.outcome == "aborted");
  CHECK(declined.value.challenge.reason == "declined");
  CHECK(!declined.value.challenge.open);
  CHECK(f.order() == std::vector<std::int64_t>{ann, bob, cid, dan});
  // dan challenges bob: a decline now would cost bob the game, and the page says so
  auto second = f.make(dan, "bob", "room-d2", kStart + kDay);
  REQUIRE(second.ok());
  f.clock_ms->store(kStart + kDay + 1);  // the page as of now: bob declined a day ago
  REQUIRE(f.detail().open.size() == 1);
  CHECK(f.detail().open[0].decline_forfeits);
  auto forfeited = f.answer(second.value.challenge.id, bob, Kind::decline, kStart + kDay + 1);
  REQUIRE(forfeited.ok());
  CHECK(forfeited.value.challenge.outcome == "challenger");
  CHECK(forfeited.value.challenge.reason == "declined");
  CHECK(f.order() == std::vector<std::int64_t>{ann, dan, bob, cid});  // dan took bob's place

  // cid challenges ann, who never answers: the sweep after the answer time ends it as cid's win.
  auto third = f.make(cid, "ann", "room-d3", kStart + 2 * kDay);
  REQUIRE(third.ok());
  CHECK(f.due(kStart + 2 * kDay + 24 * 3600000LL - 1).unanswered.empty());
  auto due = f.due(kStart + 3 * kDay);
  REQUIRE(due.unanswered.size() == 1);
  CHECK(due.unanswered[0].outcome == "challenger");
  CHECK(due.unanswered[0].reason == "no_answer");
  CHECK(due.unanswered[0].defender_name == "ann");
  CHECK(f.order() == std::vector<std::int64_t>{cid, ann, dan, bob});
  CHECK(f.due(kStart + 4 * kDay).unanswered.empty());  // once

  // A challenger withdraws before the answer; the defender may not.
  auto fourth = f.make(bob, "dan", "room-d4", kStart + 9 * kDay);
  REQUIRE(fourth.ok());
  CHECK(f.answer(fourth.value.challenge.id, dan, Kind::withdraw, kStart + 9 * kDay + 1).code == "forbidden");
  auto withdrawn = f.answer(fourth.value.challenge.id, bob, Kind::withdraw, kStart + 9 * kDay + 1);
  REQUIRE(withdrawn.ok());
  CHECK(withdrawn.value.challenge.outcome == "aborted");
  CHECK(withdrawn.value.challenge.reason == "withdrawn");
  CHECK(f.pending().empty());
}
