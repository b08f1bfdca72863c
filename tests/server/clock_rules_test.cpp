// The authority's clocks and the life of a game (issue #12), on a fake clock:
// when clocks start, the increment, lag credit, the flag exactly at zero, the
// decider's clock in a GIPF removal inside the opponent's turn, the abort
// window, the first-action rule, claims against a player gone, rematch seats,
// and clocks rebuilt from stored events after a restart.
#include <doctest/doctest.h>

#include <random>

#include "authority_test_support.hpp"
#include "game/authority.hpp"

namespace {

using namespace arena;
using engine::Color;
using protocol::ErrorCode;
using protocol::EventKind;
using protocol::RoomStatus;

const PlayerInfo kAnn{1, "Ann", false, "guest"}, kBob{2, "Bob", false, "guest"}, kCid{3, "Cid", false, "guest"};
constexpr std::int64_t kStart = 1'000'000;

TimeControl live(std::int64_t initial, std::int64_t increment) {
  return TimeControl{TimeControl::Kind::Live, initial, increment, 0};
}

// A room with Ann (white) and Bob (black) seated at kStart; every committed event kept.
struct Game {
  std::int64_t now = kStart;
  AuthorityLimits limits;
  std::optional<GameAuthority> room;
  std::vector<EventRecord> log;
  RoomRecord record;

  // `start_by`: a ladder or event game (competition) that must start by then (0: none).
  Game(const std::string& game, const std::string& variant, TimeControl clock, bool join = true, bool competition = false,
       std::int64_t start_by = 0) {
    record.id = "r1";
    record.options = {game, variant, 0, 0};
    record.clock = clock;
    record.competition = competition;
    record.start_by = start_by;
    EventRecord first;
    std::string error;
    room = GameAuthority::open(record, kAnn, Color::White, [this] { return now; }, limits, first, error);
    REQUIRE_MESSAGE(room, error);
    log.push_back(first);
    if (join) commit(room->join(kBob));
  }

  EventRecord commit(Decision d) { return authority_test::commit(*room, log, std::move(d)); }
  ErrorCode refused(const Decision& d) { return authority_test::refused(d); }

  const PlayerInfo& decider() const { return room->game().decider() == Color::Black ? kBob : kAnn; }

  // The decider plays `action` (default: their first legal one) at now + `after` ms.
  EventRecord act(std::int64_t after, std::string action = {}, std::int64_t lag = 0) {
    now += after;
    if (action.empty()) action = room->game().legal_notation().front();
    return commit(room->play(decider(), room->game().ply(), action, lag));
  }

  protocol::Clocks clocks() const { return *room->clocks(now); }
};

void check_clocks(const protocol::Clocks& c, std::int64_t white, std::int64_t black, std::optional<Color> running) {
  CHECK(c.white_ms == white);
  CHECK(c.black_ms == black);
  CHECK(c.running == running);
}

// A GIPF game from the start (seeded random play) up to the moment one
// player's push leaves a row for the opponent to remove inside the mover's
// turn: the actions, and the ply of that removal.
std::pair<std::vector<std::string>, int> opponent_removal_line() {
  std::mt19937 random(12345);
  for (int attempt = 0; attempt < 500; ++attempt) {
    std::string error;
    auto game = engine::AnyGame::create({"gipf", "standard", 0, 0}, error);
    std::vector<std::string> line;
    while (!game->result().over && line.size() < 300) {
      Color mover = *game->decider();
      int turn = game->turns();
      auto legal = game->legal_notation();
      std::string action = legal[random() % legal.size()];
      REQUIRE(game->play(action).empty());
      line.push_back(action);
      if (game->decider() && *game->decider() != mover && game->turns() == turn) return {line, game->ply()};
    }
  }
  FAIL("no opponent removal in 500 random games");
  return {};
}

// Four moves at 1, 2, 4 and 3 s, the last two with 900 and 100 ms of lag: White's clock runs.
void play_four_moves(Game& g) {
  g.act(1'000);
  g.act(2'000);
  g.act(4'000, {}, 900);
  g.act(3'000, {}, 100);
}

}  // namespace

TEST_CASE("clocks: they start once both players have acted; the decider's runs; the increment when a part is done") {
  Game g("yinsh", "normal", live(60'000, 2'000));
  check_clocks(g.clocks(), 60'000, 60'000, std::nullopt);
  CHECK(g.log.back().kind == EventKind::Joined);
  g.act(5'000);  // White's first action: nothing runs yet
  check_clocks(g.clocks(), 60'000, 60'000, std::nullopt);
  g.act(7'000);  // Black's first: White's clock starts
  check_clocks(g.clocks(), 60'000, 60'000, Color::White);
  g.now += 3'000;
  check_clocks(g.clocks(), 57'000, 60'000, Color::White);
  g.act(0);  // White spent 3 s, gains 2 s
  check_clocks(g.clocks(), 59'000, 60'000, Color::Black);
  g.act(10'000);
  check_clocks(g.clocks(), 59'000, 52'000, Color::White);
  CHECK(g.room->deadline() == g.now + 59'000);  // the flag, for the room's timer
}

TEST_CASE("clocks: lag is credited up to a quota that grows with each move and is capped") {
  // 60 s + 2 s: estimated 140 s, gain min(1 s, 0.15 s + 0.56 s) = 710 ms; quota 2130, cap 4970.
  Game g("yinsh", "normal", live(60'000, 2'000));
  g.act(1'000);
  g.act(1'000);
  g.act(3'000, {}, 5'000);  // credited 2130: spent 870
  check_clocks(g.clocks(), 60'000 - 870 + 2'000, 60'000, Color::Black);
  g.act(1'000, {}, 300);  // Black's own quota: 300 credited of 1000 spent
  check_clocks(g.clocks(), 61'130, 60'000 - 700 + 2'000, Color::White);
  g.act(3'000, {}, 5'000);  // White's quota: 2130 - 2130 + 710 = 710
  check_clocks(g.clocks(), 61'130 - (3'000 - 710) + 2'000, 61'300, Color::Black);
  CHECK(g.log.back().lag_ms == 5'000);  // the measured lag is stored, the credit replays from it
}

TEST_CASE("clocks: the flag falls exactly at zero; the event carries that moment; later actions are refused") {
  Game g("gipf", "basic", live(10'000, 0));
  g.act(1'000);
  g.act(1'000);
  std::int64_t flag = g.now + 10'000;
  CHECK(g.room->deadline() == flag);
  g.now = flag - 1;
  CHECK(!g.room->due());
  CHECK(g.clocks().white_ms == 1);
  g.now = flag + 250;  // the timer fired late: the event still says when the flag fell
  CHECK(g.refused(g.room->play(kAnn, g.room->game().ply(), g.room->game().legal_notation().front())) == ErrorCode::GameOver);
  auto due = g.room->due();
  REQUIRE(due);
  EventRecord e = g.commit(std::move(*due));
  CHECK(e.kind == EventKind::Timeout);
  CHECK(e.at == flag);
  CHECK(e.color == Color::White);
  CHECK(g.room->room().status == RoomStatus::Finished);
  CHECK(g.room->room().result == "0-1");
  CHECK(g.room->room().reason == "timeout");
  check_clocks(g.clocks(), 0, 10'000, std::nullopt);
  CHECK(!g.room->deadline());
  CHECK(!g.room->due());
}

TEST_CASE("clocks: a GIPF removal decided inside the opponent's turn runs the decider's clock") {
  auto [line, removal_ply] = opponent_removal_line();
  Game g("gipf", "standard", live(600'000, 5'000));
  std::int64_t white = 600'000, black = 600'000;
  // Every action takes 1 s; bookkeeping by hand: the actor pays 1 s and gains
  // 5 s when their part of a turn is over.
  for (std::size_t i = 0; i < line.size(); ++i) {
    Color actor = *g.room->game().decider();
    int turn = g.room->game().turns();
    bool running = g.room->clocks(g.now)->running.has_value();
    g.act(1'000, line[i]);
    if (running) {
      auto next = g.room->game().decider();
      std::int64_t& bank = actor == Color::White ? white : black;
      bank -= 1'000;
      if (next != actor || g.room->game().turns() != turn) bank += 5'000;
    }
  }
  REQUIRE(g.room->game().ply() == removal_ply);
  Color mover = g.room->game().steps(removal_ply - 1).front().player;
  Color remover = *g.room->game().decider();
  REQUIRE(remover != mover);
  check_clocks(g.clocks(), white, black, remover);  // the remover's clock runs in the mover's turn
  g.now += 4'000;
  auto c = g.clocks();
  CHECK((remover == Color::White ? c.white_ms : c.black_ms) == (remover == Color::White ? white : black) - 4'000);
  CHECK((mover == Color::White ? c.white_ms : c.black_ms) == (mover == Color::White ? white : black));
}

TEST_CASE("abort: either player until both have acted, never after; not before the game starts") {
  {
    Game g("yinsh", "normal", live(60'000, 0), false);
    CHECK(g.refused(g.room->abort_by_player(kAnn)) == ErrorCode::NotStarted);
    g.commit(g.room->join(kBob));
    CHECK(g.room->abortable());
    CHECK(g.refused(g.room->abort_by_player(kCid)) == ErrorCode::NotAPlayer);
    EventRecord e = g.commit(g.room->abort_by_player(kAnn));
    CHECK(e.kind == EventKind::Aborted);
    CHECK(e.color == Color::White);
    CHECK(g.room->room().status == RoomStatus::Cancelled);
    CHECK(g.room->room().reason == "aborted");
    CHECK(g.room->room().result.empty());
  }
  {
    Game g("gipf", "basic", TimeControl{});  // untimed games too
    g.act(1'000);
    CHECK(g.room->abortable());
    g.commit(g.room->abort_by_player(kBob));
    CHECK(g.room->room().status == RoomStatus::Cancelled);
  }
  {
    Game g("gipf", "basic", live(60'000, 0));
    g.act(1'000);
    g.act(1'000);
    CHECK(!g.room->abortable());
    CHECK(g.refused(g.room->abort_by_player(kAnn)) == ErrorCode::NotAbortable);
  }
}

TEST_CASE("first action: a live-clock game with no first action in 30 s is aborted by the server") {
  Game g("yinsh", "blitz", live(180'000, 2'000));
  CHECK(g.room->deadline() == kStart + 30'000);
  g.now = kStart + 29'999;
  CHECK(!g.room->due());
  g.now = kStart;
  g.act(10'000);  // White acts at kStart + 10 s
  CHECK(g.room->deadline() == kStart + 10'000 + 30'000);  // now Black's first action is awaited
  g.now = kStart + 40'000;
  auto due = g.room->due();
  REQUIRE(due);
  EventRecord e = g.commit(std::move(*due));
  CHECK(e.kind == EventKind::Aborted);
  CHECK(!e.player);
  CHECK(!e.color);
  CHECK(e.note == "no_first_action");
  CHECK(e.at == kStart + 40'000);
  CHECK(g.room->room().status == RoomStatus::Cancelled);

  Game untimed("yinsh", "normal", TimeControl{});
  CHECK(!untimed.room->deadline());
  Game correspondence("yinsh", "normal", TimeControl{TimeControl::Kind::Correspondence, 0, 0, 3});
  CHECK(correspondence.room->deadline() == kStart + 3LL * 24 * 3600 * 1000);  // its clock runs from the start
  check_clocks(correspondence.clocks(), 3LL * 24 * 3600 * 1000, 3LL * 24 * 3600 * 1000, Color::White);
}

TEST_CASE("competition games: not started by the deadline, the player who did not act loses on time; no abort") {
  const std::int64_t deadline = kStart + 600'000;
  Game g("yinsh", "blitz", live(180'000, 2'000), true, true, deadline);
  CHECK(g.room->deadline() == deadline);  // not 30 s: the players have until the deadline
  CHECK(g.refused(g.room->abort_by_player(kAnn)) == ErrorCode::NotAbortable);
  CHECK(!g.room->abortable());
  g.now = deadline - 1;
  CHECK(!g.room->due());
  g.now = deadline;
  auto due = g.room->due();
  REQUIRE(due);
  EventRecord e = g.commit(std::move(*due));
  CHECK(e.kind == EventKind::Timeout);
  CHECK(e.color == Color::White);  // White had to act first and did not
  CHECK(e.note == "no_show");
  CHECK(e.at == deadline);
  CHECK(g.room->room().status == RoomStatus::Finished);
  CHECK(g.room->room().result == "0-1");

  // White acted just before the deadline: Black still gets the first-action time.
  Game late("yinsh", "blitz", live(180'000, 2'000), true, true, deadline);
  late.act(deadline - kStart - 1'000);
  CHECK(late.room->deadline() == deadline - 1'000 + 30'000);
  late.now = deadline - 1'000 + 30'000;
  auto forfeit = late.room->due();
  REQUIRE(forfeit);
  EventRecord black = late.commit(std::move(*forfeit));
  CHECK(black.color == Color::Black);
  CHECK(late.room->room().result == "1-0");

  // Both acted: the clocks decide from then on, as in any game.
  Game played("yinsh", "blitz", live(180'000, 2'000), true, true, deadline);
  played.act(1'000);
  played.act(1'000);
  CHECK(played.room->deadline() != deadline);
}

TEST_CASE("claims: the decider gone 40 s on their decision may be claimed against; a draw in YINSH only") {
  Game g("yinsh", "normal", live(600'000, 0));
  g.room->presence(Color::White, true, g.now);
  g.room->presence(Color::Black, true, g.now);
  g.act(1'000);
  g.act(1'000);  // clocks run, White decides
  CHECK(!g.room->claim_at());
  CHECK(g.refused(g.room->claim(kBob, false)) == ErrorCode::NoClaim);
  g.now += 5'000;
  g.room->presence(Color::White, false, g.now);  // White's page closed
  std::int64_t from = g.now + 40'000;
  CHECK(g.room->claim_at() == from);
  g.room->presence(Color::Black, false, g.now);  // a gone opponent of the decider changes nothing
  CHECK(g.room->claim_at() == from);
  g.room->presence(Color::Black, true, g.now);
  g.now = from - 1;
  CHECK(g.refused(g.room->claim(kBob, false)) == ErrorCode::NoClaim);
  CHECK(g.refused(g.room->claim(kAnn, false)) == ErrorCode::NoClaim);  // not against oneself
  g.room->presence(Color::White, true, g.now);  // back in time
  CHECK(!g.room->claim_at());
  g.room->presence(Color::White, false, g.now);
  CHECK(g.room->claim_at() == g.now + 40'000);
  g.now += 40'000;
  CHECK(g.refused(g.room->claim(kCid, true)) == ErrorCode::NotAPlayer);
  EventRecord e = g.commit(g.room->claim(kBob, true));
  CHECK(e.kind == EventKind::Claimed);
  CHECK(e.color == Color::Black);
  CHECK(g.room->room().result == "1/2-1/2");
  CHECK(g.room->room().reason == "abandonment");

  Game gipf("gipf", "basic", live(600'000, 0));
  gipf.act(1'000);
  gipf.act(1'000);
  gipf.room->presence(Color::White, false, gipf.now);
  gipf.now += 40'000;
  CHECK(gipf.refused(gipf.room->claim(kBob, true)) == ErrorCode::NoDraws);
  gipf.commit(gipf.room->claim(kBob, false));
  CHECK(gipf.room->room().result == "0-1");
  CHECK(gipf.room->room().reason == "abandonment");

  Game correspondence("gipf", "basic", TimeControl{TimeControl::Kind::Correspondence, 0, 0, 1});
  correspondence.act(1'000);
  correspondence.act(1'000);
  correspondence.room->presence(Color::White, false, correspondence.now);
  correspondence.now += 3'600'000;
  CHECK(!correspondence.room->claim_at());
  CHECK(correspondence.refused(correspondence.room->claim(kBob, false)) == ErrorCode::NoClaim);
}

TEST_CASE("claims: the 40 s count from the decision when the player left before it") {
  Game g("gipf", "basic", live(600'000, 0));
  g.act(1'000);
  g.room->presence(Color::White, false, g.now);  // White leaves during Black's first decision
  g.act(10'000);  // Black's first action: clocks run, White decides
  CHECK(g.room->claim_at() == g.now + 40'000);
}

TEST_CASE("rematch: only a seated player of a game that ended") {
  Game g("gipf", "basic", live(60'000, 0));
  CHECK(std::get<Refusal>(g.room->rematch_seat(kAnn.id)).code == ErrorCode::GameNotOver);
  g.commit(g.room->resign(kBob));
  CHECK(std::get<Color>(g.room->rematch_seat(kAnn.id)) == Color::White);
  CHECK(std::get<Color>(g.room->rematch_seat(kBob.id)) == Color::Black);
  CHECK(std::get<Refusal>(g.room->rematch_seat(kCid.id)).code == ErrorCode::NotAPlayer);

  Game lonely("gipf", "basic", TimeControl{}, false);
  lonely.commit(lonely.room->cancel(kAnn));
  CHECK(std::get<Refusal>(lonely.room->rematch_seat(kAnn.id)).code == ErrorCode::GameNotOver);
}

TEST_CASE("restart: clocks are rebuilt from the stored events; a flag that fell meanwhile is applied at once") {
  Game g("yinsh", "normal", live(30'000, 1'000));
  play_four_moves(g);
  auto before = g.clocks();
  std::string error;
  std::int64_t later = g.now;
  auto restored = GameAuthority::restore(g.record, g.log, [&later] { return later; }, g.limits, error);
  REQUIRE_MESSAGE(restored, error);
  auto after = *restored->clocks(later);
  check_clocks(after, before.white_ms, before.black_ms, before.running);
  // The server was down for a minute: White's 30-odd seconds ran out meanwhile.
  std::int64_t flag = g.now + before.white_ms;
  later = g.now + 60'000;
  CHECK(restored->deadline() == flag);
  auto due = restored->due();
  REQUIRE(due);
  auto* p = std::get_if<Proposal>(&*due);
  REQUIRE(p);
  CHECK(p->event.kind == EventKind::Timeout);
  CHECK(p->event.at == flag);
  CHECK(p->event.color == Color::White);
}

TEST_CASE("restart (#31): the time nobody served the room is credited by a Resumed event before any flag; replayed later") {
  Game g("yinsh", "normal", live(30'000, 1'000));
  play_four_moves(g);
  auto before = g.clocks();
  REQUIRE(before.running == Color::White);
  // The server beat last 2 s after the last move, and came back a minute later.
  std::int64_t last_move = g.now;
  std::int64_t later = last_move + 60'000;
  std::string error;
  auto restored = GameAuthority::restore(g.record, g.log, [&later] { return later; }, g.limits, error);
  REQUIRE_MESSAGE(restored, error);
  restored->resumed_after(last_move + 2'000);
  CHECK(restored->deadline() == later);
  auto due = restored->due();
  REQUIRE(due);
  auto* p = std::get_if<Proposal>(&*due);
  REQUIRE(p);
  CHECK(p->event.kind == EventKind::Resumed);
  CHECK(p->event.lag_ms == 58'000);
  CHECK(p->event.color == Color::White);
  CHECK(p->event.at == later);
  std::vector<EventRecord> log = g.log;
  authority_test::commit(*restored, log, std::move(*due));
  // White is charged the 2 s the server was there, not the 58 s it was not.
  check_clocks(*restored->clocks(later), before.white_ms - 2'000, before.black_ms, Color::White);
  CHECK(!restored->due());
  CHECK(restored->deadline() == later + before.white_ms - 2'000);
  // A second restart (no heartbeat known this time) replays the credit.
  std::int64_t again = later + 5'000;
  auto replayed = GameAuthority::restore(g.record, log, [&again] { return again; }, g.limits, error);
  REQUIRE_MESSAGE(replayed, error);
  check_clocks(*replayed->clocks(again), before.white_ms - 7'000, before.black_ms, Color::White);
  CHECK(!replayed->due());
  // A heartbeat older than the last event: the server was there at the event.
  auto early = GameAuthority::restore(g.record, g.log, [&later] { return later; }, g.limits, error);
  REQUIRE_MESSAGE(early, error);
  early->resumed_after(last_move - 5'000);
  auto credit = early->due();
  REQUIRE(credit);
  CHECK(std::get<Proposal>(*credit).event.lag_ms == 60'000);
  // Served until now (a room loaded by a live server): nothing to credit.
  auto served = GameAuthority::restore(g.record, g.log, [&later] { return later; }, g.limits, error);
  REQUIRE_MESSAGE(served, error);
  served->resumed_after(later);
  CHECK(served->deadline() == last_move + before.white_ms);
}

TEST_CASE("restart (#31): the first-action deadline moves with the credit; an untimed game gets none") {
  Game g("gipf", "basic", live(60'000, 0));
  std::int64_t joined = g.now;
  std::int64_t later = joined + 100'000;  // past the 30 s for a first action
  std::string error;
  auto restored = GameAuthority::restore(g.record, g.log, [&later] { return later; }, g.limits, error);
  REQUIRE_MESSAGE(restored, error);
  restored->resumed_after(joined + 10'000);
  std::vector<EventRecord> log = g.log;
  EventRecord e = authority_test::commit(*restored, log, *restored->due());
  CHECK(e.kind == EventKind::Resumed);
  CHECK(e.lag_ms == 90'000);
  CHECK(!restored->due());  // not aborted: 10 of the 30 s went by
  CHECK(restored->deadline() == later + 20'000);

  Game untimed("gipf", "basic", TimeControl{});
  untimed.act(1'000);
  std::int64_t then = untimed.now + 100'000;
  auto quiet = GameAuthority::restore(untimed.record, untimed.log, [&then] { return then; }, untimed.limits, error);
  REQUIRE_MESSAGE(quiet, error);
  quiet->resumed_after(untimed.now);
  CHECK(!quiet->due());
  CHECK(!quiet->deadline());
}

TEST_CASE("clocks: a live clock without initial time starts with its increment, at least 3 s") {
  Game g("gipf", "basic", live(0, 2'000));
  check_clocks(g.clocks(), 3'000, 3'000, std::nullopt);
  g.act(1'000);
  g.act(1'000);
  CHECK(!g.room->due());
  check_clocks(g.clocks(), 3'000, 3'000, Color::White);
  Game g10("gipf", "basic", live(0, 10'000));
  check_clocks(g10.clocks(), 10'000, 10'000, std::nullopt);
}

TEST_CASE("rematch rooms: the free seat is kept for the rematch's player") {
  Game g("yinsh", "normal", TimeControl{}, false);
  g.room->reserve(kBob.id);
  CHECK(g.refused(g.room->join(kCid)) == ErrorCode::RoomFull);
  g.commit(g.room->join(kBob));
  CHECK(g.room->room().status == RoomStatus::Live);
}

TEST_CASE("give time (#46): 15 s on the opponent's clock, running or not, kept through a restart; refused where it has no meaning") {
  Game g("yinsh", "normal", live(60'000, 0));
  // Before the clocks start: the opponent's bank grows.
  auto given = g.commit(g.room->give_time(kAnn));
  CHECK(given.kind == EventKind::TimeGiven);
  CHECK(given.color == Color::White);
  check_clocks(g.clocks(), 60'000, 75'000, std::nullopt);
  g.act(1'000);
  g.act(1'000);  // White's clock runs
  g.now += 10'000;
  check_clocks(g.clocks(), 50'000, 75'000, Color::White);
  // Black gives White time while White thinks: the running clock gains it, and the flag moves.
  g.commit(g.room->give_time(kBob));
  check_clocks(g.clocks(), 65'000, 75'000, Color::White);
  CHECK(g.room->deadline() == g.now + 65'000);
  CHECK(g.room->draw_offer() == std::nullopt);
  // Nothing of the game changed: the same decider, the same ply.
  CHECK(g.room->game().decider() == Color::White);

  // Rebuilt from the stored events: the same clocks.
  std::string error;
  std::int64_t later = g.now;
  auto restored = GameAuthority::restore(g.record, g.log, [&later] { return later; }, g.limits, error);
  REQUIRE_MESSAGE(restored, error);
  check_clocks(*restored->clocks(later), 65'000, 75'000, Color::White);

  // Refused: a spectator, a fallen flag, a game without a live clock, a game over.
  CHECK(g.refused(g.room->give_time(kCid)) == ErrorCode::NotAPlayer);
  g.now += 65'000;
  CHECK(g.refused(g.room->give_time(kBob)) == ErrorCode::GameOver);
  Game untimed("yinsh", "normal", TimeControl{});
  CHECK(untimed.refused(untimed.room->give_time(kAnn)) == ErrorCode::NoLiveClock);
  Game correspondence("yinsh", "normal", TimeControl{TimeControl::Kind::Correspondence, 0, 0, 3});
  CHECK(correspondence.refused(correspondence.room->give_time(kBob)) == ErrorCode::NoLiveClock);
  Game waiting("yinsh", "normal", live(60'000, 0), false);
  CHECK(waiting.refused(waiting.room->give_time(kAnn)) == ErrorCode::NotStarted);
  Game over("yinsh", "normal", live(60'000, 0));
  over.commit(over.room->resign(kBob));
  CHECK(over.refused(over.room->give_time(kAnn)) == ErrorCode::GameOver);
}

TEST_CASE("takeback (#46): asked once per move, declined or accepted; the game goes back to the start of the asker's turn, stored and replayed") {
  Game g("yinsh", "normal", live(60'000, 0));
  CHECK(g.refused(g.room->offer_takeback(kAnn)) == ErrorCode::NoTakeback);  // nothing of hers to take back
  CHECK(g.room->takebacks_allowed());
  g.act(1'000);  // White's ring (ply 1)
  g.act(1'000);  // Black's ring (ply 2): White's clock runs
  const std::string after_white = [&] {
    std::string error;
    auto game = engine::AnyGame::create({"yinsh", "normal", 0, 0}, error);
    game->play(g.room->game().steps()[0].action);
    return game->position();
  }();
  g.now += 4'000;
  // Black asks while White thinks: it would take back Black's ring.
  auto asked = g.commit(g.room->offer_takeback(kBob));
  CHECK(asked.kind == EventKind::TakebackOffered);
  CHECK(g.room->takeback_offer() == Color::Black);
  CHECK(std::holds_alternative<Repeat>(g.room->offer_takeback(kBob)));
  CHECK(g.refused(g.room->offer_takeback(kAnn)) == ErrorCode::NoTakeback);      // answer it first
  CHECK(g.refused(g.room->answer_takeback(kBob, true)) == ErrorCode::NoTakeback);  // not one's own
  CHECK(g.refused(g.room->answer_takeback(kCid, true)) == ErrorCode::NotAPlayer);
  g.commit(g.room->answer_takeback(kAnn, false));
  CHECK(g.room->takeback_offer() == std::nullopt);
  CHECK(g.refused(g.room->offer_takeback(kBob)) == ErrorCode::NoTakeback);  // once per move
  CHECK(g.room->game().ply() == 2);

  // White moves; Black asks again (a new move) and White accepts: Black's and White's rings go.
  g.act(1'000);
  g.commit(g.room->offer_takeback(kBob));
  g.now += 2'000;
  auto accepted = g.commit(g.room->answer_takeback(kAnn, true));
  CHECK(accepted.kind == EventKind::TakebackAccepted);
  CHECK(accepted.action == "1");
  CHECK(g.room->game().ply() == 1);
  CHECK(g.room->game().position() == after_white);
  CHECK(g.room->game().decider() == Color::Black);
  CHECK(g.room->takeback_offer() == std::nullopt);
  // Black's clock runs from the takeback; White's stood at what it had.
  auto clocks = g.clocks();
  CHECK(clocks.running == Color::Black);
  CHECK(clocks.white_ms == 60'000 - 5'000);
  CHECK(clocks.black_ms == 60'000 - 2'000);

  // Replayed from the stored events: the same game and clocks.
  std::string error;
  std::int64_t later = g.now;
  auto restored = GameAuthority::restore(g.record, g.log, [&later] { return later; }, g.limits, error);
  REQUIRE_MESSAGE(restored, error);
  CHECK(restored->game().position() == after_white);
  CHECK(restored->game().ply() == 1);
  check_clocks(*restored->clocks(later), clocks.white_ms, clocks.black_ms, Color::Black);
  // The game goes on from there; a move declines an offer.
  g.commit(g.room->offer_takeback(kAnn));
  g.act(1'000);
  CHECK(g.room->takeback_offer() == std::nullopt);
}

TEST_CASE("takeback (#46): never in ladders and events, nor against the computer or a bot; in rated games as the admin says") {
  Game competition("yinsh", "normal", live(60'000, 0), true, true);
  competition.act(1'000);
  CHECK(!competition.room->takebacks_allowed());
  CHECK(competition.refused(competition.room->offer_takeback(kAnn)) == ErrorCode::NoTakeback);

  const PlayerInfo ann{1, "Ann", true, "account"}, bob{2, "Bob", true, "account"};  // rated games are for accounts
  for (bool allowed : {true, false}) {
    AuthorityLimits limits;
    limits.rated_takebacks = allowed;
    RoomRecord record;
    record.id = "rated";
    record.options = {"yinsh", "normal", 0, 0};
    record.clock = live(60'000, 0);
    record.rated = true;
    std::int64_t now = kStart;
    std::vector<EventRecord> log(1);
    std::string error;
    auto room = GameAuthority::open(record, ann, Color::White, [&now] { return now; }, limits, log[0], error);
    REQUIRE(room);
    authority_test::commit(*room, log, room->join(bob));
    authority_test::commit(*room, log, room->play(ann, 0, room->game().legal_notation().front()));
    CHECK(room->takebacks_allowed() == allowed);
    if (!allowed) CHECK(authority_test::refused(room->offer_takeback(ann)) == ErrorCode::NoTakeback);
    else CHECK(std::holds_alternative<Proposal>(room->offer_takeback(ann)));
  }

  const PlayerInfo robo{9, "robo", true, "bot"};
  RoomRecord record;
  record.id = "bot";
  record.options = {"yinsh", "normal", 0, 0};
  std::int64_t now = kStart;
  std::vector<EventRecord> log(1);
  std::string error;
  auto room = GameAuthority::open(record, kAnn, Color::White, [&now] { return now; }, AuthorityLimits{}, log[0], error);
  REQUIRE(room);
  authority_test::commit(*room, log, room->join(robo));
  authority_test::commit(*room, log, room->play(kAnn, 0, room->game().legal_notation().front()));
  CHECK(!room->takebacks_allowed());
  CHECK(authority_test::refused(room->offer_takeback(kAnn)) == ErrorCode::NoTakeback);
}

TEST_CASE("takeback (#46): in random GIPF games, back to the start of the asker's last turn, removals inside a turn included") {
  auto [line, removal_ply] = opponent_removal_line();
  std::string error;
  auto game = engine::AnyGame::create({"gipf", "standard", 0, 0}, error);
  REQUIRE(game);
  std::vector<std::string> positions{game->position()};
  std::vector<int> turn_start_plies{0};
  for (const auto& action : line) {
    int turns = game->turns();
    REQUIRE(game->play(action).empty());
    positions.push_back(game->position());
    if (game->turns() != turns) turn_start_plies.push_back(game->ply());
  }
  // Whoever asks, the game goes back to a turn's start, and to the very position there.
  for (Color asker : {Color::White, Color::Black}) {
    auto ply = engine::takeback_ply(*game, asker);
    REQUIRE(ply);
    CHECK(std::find(turn_start_plies.begin(), turn_start_plies.end(), *ply) != turn_start_plies.end());
    auto back = engine::game_at_ply(*game, *ply);
    REQUIRE(back);
    CHECK(back->ply() == *ply);
    CHECK(back->position() == positions[*ply]);
    CHECK(back->decider() == asker);
  }
  CHECK_FALSE(engine::game_at_ply(*game, game->ply() + 1));
}
