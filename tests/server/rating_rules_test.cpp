// When a game is rated (issue #13), one rule at a time, on the authority with a
// fake clock: a finished game of a rated room between two players who both
// acted carries the rating to write with its last event; nothing else does.
// (Who may create a rated room is the directory's rule: ratings_test.cpp.)
#include <doctest/doctest.h>

#include "authority_test_support.hpp"
#include "game/authority.hpp"

namespace {

using namespace arena;
using engine::Color;
using protocol::ErrorCode;
using protocol::EventKind;
using protocol::RoomStatus;

const PlayerInfo kAnn{1, "Ann", true, "account"}, kBob{2, "Bob", true, "account"}, kGuest{3, "Guest 3", false, "guest"};
constexpr std::int64_t kStart = 1'000'000;
constexpr std::int64_t kModerator = 9;

// A live rated YINSH blitz room (3+2) with Ann (white) and Bob (black) seated.
struct Game {
  std::int64_t now = kStart;
  std::optional<GameAuthority> room;
  std::vector<EventRecord> log;

  explicit Game(bool rated = true, std::string game = "yinsh", std::string variant = "blitz") {
    RoomRecord record;
    record.id = "r1";
    record.options = {game, variant, 0, 0};
    record.clock = TimeControl{TimeControl::Kind::Live, 180'000, 2'000, 0};
    record.rated = rated;
    EventRecord first;
    std::string error;
    room = GameAuthority::open(record, kAnn, Color::White, [this] { return now; }, AuthorityLimits{}, first, error);
    REQUIRE_MESSAGE(room, error);
    log.push_back(first);
    commit(room->join(kBob));
  }
  EventRecord commit(Decision d) { return authority_test::commit(*room, log, std::move(d)); }
  const PlayerInfo& decider() const { return room->game().decider() == Color::Black ? kBob : kAnn; }
  void act() {
    now += 1000;
    commit(room->play(decider(), room->game().ply(), room->game().legal_notation().front()));
  }
  void both_act() {
    act();
    act();
  }
  static std::optional<RoomChange::Rate> rate_of(const Decision& d) {
    auto* p = std::get_if<Proposal>(&d);
    REQUIRE_MESSAGE(p, "expected a proposal");
    return p->change.rate;
  }
};

}  // namespace

TEST_CASE("rated: a resignation after both acted is rated, a loss for the one who resigns") {
  Game g;
  g.both_act();
  auto rate = Game::rate_of(g.room->resign(kAnn));
  REQUIRE(rate);
  CHECK(rate->perf == "yinsh:blitz");
  CHECK(rate->white == 1);
  CHECK(rate->black == 2);
  CHECK(rate->white_score == glicko2::kLoss);
}

TEST_CASE("rated: a YINSH draw scores one half; a moderator's result counts") {
  Game g;
  g.both_act();
  g.commit(g.room->offer_draw(kBob));
  auto draw = Game::rate_of(g.room->answer_draw(kAnn, true));
  REQUIRE(draw);
  CHECK(draw->white_score == glicko2::kDraw);
  auto adjudicated = Game::rate_of(g.room->adjudicate(kModerator, "1-0", "fair play"));
  REQUIRE(adjudicated);
  CHECK(adjudicated->white_score == glicko2::kWin);
}

TEST_CASE("rated: a timeout is a loss for the one whose flag fell") {
  Game g;
  g.both_act();
  g.now += 10'000'000;  // White's clock runs out
  auto due = g.room->due();
  REQUIRE(due);
  auto* p = std::get_if<Proposal>(&*due);
  REQUIRE(p);
  CHECK(p->event.kind == EventKind::Timeout);
  REQUIRE(p->change.rate);
  CHECK(p->change.rate->white_score == glicko2::kLoss);
}

TEST_CASE("rated: not before both players acted") {
  Game g;
  CHECK_FALSE(Game::rate_of(g.room->resign(kBob)));  // nobody acted
  g.act();                                           // only White
  CHECK_FALSE(Game::rate_of(g.room->resign(kBob)));
  CHECK_FALSE(Game::rate_of(g.room->resign(kAnn)));
}

TEST_CASE("rated: never an unrated room's game") {
  Game g(false);
  g.both_act();
  CHECK_FALSE(Game::rate_of(g.room->resign(kAnn)));
}

TEST_CASE("rated: aborts (by a player, the server or a moderator) end the game unrated") {
  Game g;
  g.act();
  Decision by_player = g.room->abort_by_player(kBob);
  REQUIRE(std::holds_alternative<Proposal>(by_player));
  CHECK(std::get<Proposal>(by_player).change.status == RoomStatus::Cancelled);
  CHECK_FALSE(std::get<Proposal>(by_player).change.rate);
  g.act();
  Decision by_moderator = g.room->abort(kModerator, "void");
  REQUIRE(std::holds_alternative<Proposal>(by_moderator));
  CHECK_FALSE(std::get<Proposal>(by_moderator).change.rate);
}

TEST_CASE("rated: only accounts take the seat of a rated room") {
  RoomRecord record;
  record.id = "r2";
  record.options = {"yinsh", "normal", 0, 0};
  record.clock = TimeControl{TimeControl::Kind::Live, 600'000, 0, 0};
  record.rated = true;
  EventRecord first;
  std::string error;
  auto room = GameAuthority::open(record, kAnn, Color::White, [] { return kStart; }, AuthorityLimits{}, first, error);
  REQUIRE(room);
  CHECK(authority_test::refused(room->join(kGuest)) == ErrorCode::Forbidden);
  CHECK(std::holds_alternative<Proposal>(room->join(kBob)));
  // An unrated room takes anyone.
  record.rated = false;
  auto casual = GameAuthority::open(record, kAnn, Color::White, [] { return kStart; }, AuthorityLimits{}, first, error);
  REQUIRE(casual);
  CHECK(std::holds_alternative<Proposal>(casual->join(kGuest)));
}

TEST_CASE("rated: the perf is the game and its variant") {
  Game g(true, "gipf", "tournament");
  g.both_act();
  auto rate = Game::rate_of(g.room->resign(kBob));
  REQUIRE(rate);
  CHECK(rate->perf == "gipf:tournament");
  CHECK(rate->white_score == glicko2::kWin);
}
