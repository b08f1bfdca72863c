// The game authority alone: no Asio, no store; a fake clock.
#include <doctest/doctest.h>

#include "authority_test_support.hpp"
#include "game/authority.hpp"

namespace {

using namespace arena;
using engine::Color;
using protocol::ErrorCode;
using protocol::EventKind;
using protocol::RoomStatus;

struct FakeClock {
  std::int64_t now = 1'000'000;
  Clock clock() {
    return [this] { return now; };
  }
};

const PlayerInfo kAnn{1, "Ann", false, "guest"}, kBob{2, "Bob", false, "guest"}, kCid{3, "Cid", false, "guest"};

// A room of `game`/`variant` created by Ann (white), with every committed event kept.
struct Table {
  FakeClock time;
  std::optional<GameAuthority> room;
  std::vector<EventRecord> log;

  explicit Table(const std::string& game, const std::string& variant, AuthorityLimits limits = {}) {
    RoomRecord record;
    record.id = "r1";
    record.options = {game, variant, 0, 0};
    EventRecord first;
    std::string error;
    room = GameAuthority::open(record, kAnn, Color::White, time.clock(), limits, first, error);
    REQUIRE_MESSAGE(room, error);
    log.push_back(first);
  }

  // The decision's proposal, committed; fails the test on anything else.
  EventRecord commit(Decision d) { return authority_test::commit(*room, log, std::move(d)); }
  ErrorCode refused(const Decision& d) { return authority_test::refused(d); }

  // The decider's first legal action, as the decider (once the game is over:
  // any action, as White).
  Decision play_first() {
    const PlayerInfo& who = room->game().decider() == Color::Black ? kBob : kAnn;
    auto legal = room->game().legal_notation();
    return room->play(who, room->game().ply(), legal.empty() ? "e3" : legal.front());
  }
};

}  // namespace

TEST_CASE("authority: a room opens with its creator seated and waits for a second player") {
  Table t("yinsh", "normal");
  const RoomRecord& r = t.room->room();
  CHECK(r.status == RoomStatus::Open);
  CHECK(r.white == 1);
  CHECK(r.white_name == "Ann");
  CHECK(!r.black);
  CHECK(t.room->creator() == 1);
  CHECK(t.room->seq() == 1);
  CHECK(t.log[0].kind == EventKind::Created);
  CHECK(t.log[0].at == 1'000'000);
  CHECK(t.refused(t.room->play(kAnn, 0, "e3")) == ErrorCode::NotStarted);
  CHECK(t.refused(t.room->resign(kAnn)) == ErrorCode::NotStarted);
  CHECK(t.refused(t.room->play(kBob, 0, "e3")) == ErrorCode::NotAPlayer);
  CHECK(std::holds_alternative<Seated>(t.room->join(kAnn)));

  std::string error;
  EventRecord first;
  RoomRecord bad;
  bad.options = {"yinsh", "tournament", 0, 0};
  CHECK(!GameAuthority::open(bad, kAnn, Color::White, t.time.clock(), {}, first, error));
  CHECK(!error.empty());
}

TEST_CASE("authority: nothing changes until a proposal is committed") {
  Table t("yinsh", "normal");
  t.time.now = 2'000'000;
  Decision d = t.room->join(kBob);
  auto* p = std::get_if<Proposal>(&d);
  REQUIRE(p);
  CHECK(p->event.seq == 2);
  CHECK(p->event.kind == EventKind::Joined);
  CHECK(p->event.color == Color::Black);
  CHECK(p->event.at == 2'000'000);
  CHECK(p->change.black == 2);
  CHECK(p->change.status == RoomStatus::Live);
  CHECK(t.room->room().status == RoomStatus::Open);  // not yet
  CHECK(t.room->seq() == 1);
  t.commit(std::move(d));
  CHECK(t.room->room().status == RoomStatus::Live);
  CHECK(t.room->room().black_name == "Bob");
  CHECK(t.room->creator() == 0);
  CHECK(t.refused(t.room->join(kCid)) == ErrorCode::RoomFull);
  CHECK(std::holds_alternative<Seated>(t.room->join(kBob)));

  // an action proposed but never committed (the store failed) leaves no trace
  Decision lost = t.room->play(kAnn, 0, "e3");
  REQUIRE(std::holds_alternative<Proposal>(lost));
  CHECK(t.room->game().ply() == 0);
  t.commit(t.room->play(kAnn, 0, "e3"));
  CHECK(t.room->game().ply() == 1);
}

TEST_CASE("authority: turn, ply guard, illegal actions and repeats") {
  Table t("yinsh", "normal");
  t.commit(t.room->join(kBob));
  CHECK(t.refused(t.room->play(kBob, 0, "e3")) == ErrorCode::NotYourTurn);
  CHECK(t.refused(t.room->play(kAnn, 5, "e3")) == ErrorCode::StalePly);
  CHECK(t.refused(t.room->play(kAnn, 0, "z99")) == ErrorCode::IllegalAction);
  CHECK(t.refused(t.room->play(kCid, 0, "e3")) == ErrorCode::NotAPlayer);
  EventRecord e = t.commit(t.room->play(kAnn, 0, "E3"));
  CHECK(e.kind == EventKind::Action);
  CHECK(e.action == "e3");  // canonical notation is stored
  CHECK(e.color == Color::White);
  // the same action resent (a reconnecting client): harmless
  Decision again = t.room->play(kAnn, 0, "e3");
  REQUIRE(std::holds_alternative<Repeat>(again));
  CHECK(std::get<Repeat>(again).ply == 0);
  // another action for a past ply is stale, not a repeat
  CHECK(t.refused(t.room->play(kAnn, 0, "f5")) == ErrorCode::StalePly);
  CHECK(t.room->room().plies == 1);
}

TEST_CASE("authority: draw offers in YINSH — one at a time, answered by the opponent, a gap between offers") {
  Table t("yinsh", "normal", AuthorityLimits{.draw_offer_gap = 4, .max_events_per_room = 10000, .trust = nullptr});
  t.commit(t.room->join(kBob));
  t.commit(t.room->offer_draw(kAnn));
  CHECK(t.room->draw_offer() == Color::White);
  CHECK(std::holds_alternative<Repeat>(t.room->offer_draw(kAnn)));
  CHECK(t.refused(t.room->offer_draw(kBob)) == ErrorCode::BadField);
  CHECK(t.refused(t.room->answer_draw(kAnn, true)) == ErrorCode::NoDrawOffer);
  t.commit(t.room->answer_draw(kBob, false));
  CHECK(!t.room->draw_offer());
  CHECK(t.refused(t.room->answer_draw(kBob, true)) == ErrorCode::NoDrawOffer);
  CHECK(t.refused(t.room->offer_draw(kAnn)) == ErrorCode::DrawOfferTooSoon);
  for (int i = 0; i < 4; ++i) t.commit(t.play_first());
  t.commit(t.room->offer_draw(kAnn));
  t.commit(t.play_first());  // an action declines the offer implicitly
  CHECK(!t.room->draw_offer());
  t.commit(t.room->offer_draw(kBob));
  Decision agree = t.room->answer_draw(kAnn, true);
  REQUIRE(std::holds_alternative<Proposal>(agree));
  CHECK(std::get<Proposal>(agree).change.status == RoomStatus::Finished);
  CHECK(std::get<Proposal>(agree).change.result == "1/2-1/2");
  t.commit(std::move(agree));
  CHECK(t.room->room().status == RoomStatus::Finished);
  CHECK(t.room->room().result == "1/2-1/2");
  CHECK(t.refused(t.play_first()) == ErrorCode::GameOver);
}

TEST_CASE("authority: GIPF has no draws; resigning ends the game") {
  Table t("gipf", "basic");
  t.commit(t.room->join(kBob));
  CHECK(t.refused(t.room->offer_draw(kAnn)) == ErrorCode::NoDraws);
  CHECK(t.refused(t.room->answer_draw(kBob, true)) == ErrorCode::NoDraws);
  t.time.now = 5'000'000;
  t.commit(t.room->resign(kAnn));
  const RoomRecord& r = t.room->room();
  CHECK(r.status == RoomStatus::Finished);
  CHECK(r.result == "0-1");
  CHECK(r.finished_at == 5'000'000);
  CHECK(t.refused(t.room->resign(kBob)) == ErrorCode::GameOver);
  CHECK(t.refused(t.room->cancel(kAnn)) == ErrorCode::GameOver);
}

TEST_CASE("authority: cancelled by its creator or expired while open; not once started") {
  Table open("gipf", "standard");
  CHECK(open.refused(open.room->cancel(kBob)) == ErrorCode::NotAPlayer);
  EventRecord e = open.commit(open.room->cancel(kAnn));
  CHECK(e.kind == EventKind::Cancelled);
  CHECK(e.player == 1);
  CHECK(open.room->room().status == RoomStatus::Cancelled);
  CHECK(open.refused(open.room->join(kBob)) == ErrorCode::GameOver);
  CHECK(open.refused(open.room->expire()) == ErrorCode::AlreadyStarted);

  Table idle("gipf", "standard");
  EventRecord expired = idle.commit(idle.room->expire());
  CHECK(!expired.player);  // the server did it
  CHECK(expired.color == Color::White);

  Table live("gipf", "standard");
  live.commit(live.room->join(kBob));
  CHECK(live.refused(live.room->cancel(kAnn)) == ErrorCode::AlreadyStarted);
  CHECK(live.refused(live.room->expire()) == ErrorCode::AlreadyStarted);
}

TEST_CASE("authority: a room holds a bounded number of events") {
  Table t("yinsh", "blitz", AuthorityLimits{.draw_offer_gap = 10, .max_events_per_room = 3, .trust = nullptr});
  t.commit(t.room->join(kBob));
  t.commit(t.play_first());
  CHECK(t.refused(t.play_first()) == ErrorCode::RoomLimit);
}

TEST_CASE("authority: restored from its events, a room is where it was; damaged logs are refused") {
  Table t("gipf", "tournament");
  t.commit(t.room->join(kBob));
  for (int i = 0; i < 30 && !t.room->game().result().over; ++i) t.commit(t.play_first());
  RoomRecord row = t.room->room();
  std::string error;
  auto again = GameAuthority::restore(row, t.log, t.time.clock(), {}, error);
  REQUIRE_MESSAGE(again, error);
  CHECK(again->seq() == t.room->seq());
  CHECK(again->game().ply() == t.room->game().ply());
  CHECK(again->game().legal_notation() == t.room->game().legal_notation());
  CHECK(again->room().status == RoomStatus::Live);
  CHECK(again->seat_of(2) == Color::Black);
  CHECK(again->room().black_name == "Bob");

  auto gap = t.log;
  gap.erase(gap.begin() + 3);
  CHECK(!GameAuthority::restore(row, gap, t.time.clock(), {}, error));
  CHECK(error.find("out of sequence") != std::string::npos);

  auto bad = t.log;
  bad[3].action = "xz9";
  CHECK(!GameAuthority::restore(row, bad, t.time.clock(), {}, error));
  CHECK(error.find("event 4") != std::string::npos);
}

TEST_CASE("authority: a moderator aborts an open or live game; it ends without a result and replays so") {
  Table open("gipf", "basic");
  EventRecord aborted = open.commit(open.room->abort(99, "spam room"));
  CHECK(aborted.kind == EventKind::Aborted);
  CHECK(aborted.note == "spam room");
  CHECK(aborted.player == 99);
  CHECK(!aborted.color);
  CHECK(open.room->room().status == RoomStatus::Cancelled);
  CHECK(open.room->room().reason == "aborted");
  CHECK(open.refused(open.room->abort(99, "again")) == ErrorCode::GameOver);

  Table live("yinsh", "normal");
  live.commit(live.room->join(kBob));
  live.commit(live.play_first());
  Decision d = live.room->abort(99, "broken connection");
  auto* p = std::get_if<Proposal>(&d);
  REQUIRE(p);
  CHECK(p->change.status == RoomStatus::Cancelled);
  CHECK(p->change.reason == "aborted");
  CHECK(p->change.result.empty());
  live.commit(std::move(d));
  CHECK(live.refused(live.play_first()) == ErrorCode::GameOver);
  CHECK(live.refused(live.room->adjudicate(99, "1-0", "late")) == ErrorCode::GameOver);

  std::string error;
  auto restored = GameAuthority::restore(live.room->room(), live.log, live.time.clock(), {}, error);
  REQUIRE_MESSAGE(restored, error);
  CHECK(restored->room().status == RoomStatus::Cancelled);
  CHECK(restored->room().reason == "aborted");
  CHECK(restored->room().result.empty());
}

TEST_CASE("authority: a moderator adjudicates a live game; GIPF has no draws; the result replays") {
  Table waiting("gipf", "standard");
  CHECK(waiting.refused(waiting.room->adjudicate(99, "1-0", "x")) == ErrorCode::NotStarted);

  Table t("gipf", "standard");
  t.commit(t.room->join(kBob));
  t.commit(t.play_first());
  CHECK(t.refused(t.room->adjudicate(99, "1/2-1/2", "x")) == ErrorCode::NoDraws);
  EventRecord e = t.commit(t.room->adjudicate(99, "0-1", "White walked away"));
  CHECK(e.kind == EventKind::Adjudicated);
  CHECK(e.action == "0-1");
  CHECK(e.note == "White walked away");
  CHECK(t.room->room().status == RoomStatus::Finished);
  CHECK(t.room->room().result == "0-1");
  CHECK(t.room->room().reason == "adjudication");

  std::string error;
  auto restored = GameAuthority::restore(t.room->room(), t.log, t.time.clock(), {}, error);
  REQUIRE_MESSAGE(restored, error);
  CHECK(restored->room().result == "0-1");
  CHECK(restored->game().result().reason == "adjudication");

  Table y("yinsh", "blitz");
  y.commit(y.room->join(kBob));
  y.commit(y.room->adjudicate(99, "1/2-1/2", "both left"));
  CHECK(y.room->room().result == "1/2-1/2");

  // A stored adjudication with a result the game cannot have does not replay.
  auto bad = t.log;
  bad.back().action = "1/2-1/2";
  CHECK(!GameAuthority::restore(t.room->room(), bad, t.time.clock(), {}, error));
  CHECK(!error.empty());
}

TEST_CASE("authority: no moderator decides a game of their own; a full room can still be closed") {
  Table t("yinsh", "normal");
  t.commit(t.room->join(kBob));
  CHECK(t.refused(t.room->abort(kAnn.id, "mine")) == ErrorCode::Forbidden);
  CHECK(t.refused(t.room->adjudicate(kBob.id, "0-1", "mine")) == ErrorCode::Forbidden);

  Table full("yinsh", "normal", AuthorityLimits{.draw_offer_gap = 10, .max_events_per_room = 3, .trust = nullptr});
  full.commit(full.room->join(kBob));
  full.commit(full.play_first());
  CHECK(full.refused(full.play_first()) == ErrorCode::RoomLimit);
  CHECK(full.refused(full.room->offer_draw(kAnn)) == ErrorCode::RoomLimit);
  full.commit(full.room->abort(99, "stuck"));
  CHECK(full.room->seq() == 4);
  CHECK(full.room->room().status == RoomStatus::Cancelled);
}

TEST_CASE("authority: a banned player forfeits: an open room is cancelled, a live game resigned") {
  Table open("yinsh", "normal");
  EventRecord cancelled = open.commit(open.room->forfeit(kAnn.id));
  CHECK(cancelled.kind == EventKind::Cancelled);
  CHECK(cancelled.note == "banned");
  CHECK(open.room->room().status == RoomStatus::Cancelled);

  Table live("gipf", "basic");
  live.commit(live.room->join(kBob));
  CHECK(live.refused(live.room->forfeit(kCid.id)) == ErrorCode::NotAPlayer);
  EventRecord resigned = live.commit(live.room->forfeit(kBob.id));
  CHECK(resigned.kind == EventKind::Resigned);
  CHECK(resigned.color == Color::Black);
  CHECK(resigned.note == "banned");
  CHECK(live.room->room().result == "1-0");
  CHECK(live.refused(live.room->forfeit(kAnn.id)) == ErrorCode::GameOver);
}
