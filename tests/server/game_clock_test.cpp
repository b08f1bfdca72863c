// The clocks of timed games alone (server/game/game_clock.hpp), on times passed
// in: Fischer increments, correspondence refills, the decider's clock, lag
// credit within its quota, the flag exactly at zero.
#include <doctest/doctest.h>

#include "game/game_clock.hpp"

namespace {

using namespace arena;
using engine::Color;

TimeControl live(std::int64_t initial_ms, std::int64_t increment_ms) {
  return {TimeControl::Kind::Live, initial_ms, increment_ms, 0};
}

}  // namespace

TEST_CASE("clock: time controls within bounds") {
  CHECK(TimeControl{}.check().empty());
  CHECK(live(180'000, 2'000).check().empty());
  CHECK(live(0, 5'000).check().empty());
  CHECK(!live(0, 0).check().empty());
  CHECK(!live(-1, 0).check().empty());
  CHECK(!live(3 * 3600 * 1000 + 1, 0).check().empty());
  CHECK(!live(60'000, 180'001).check().empty());
  CHECK(TimeControl{TimeControl::Kind::Correspondence, 0, 0, 14}.check().empty());
  CHECK(!TimeControl{TimeControl::Kind::Correspondence, 0, 0, 0}.check().empty());
  CHECK(!TimeControl{TimeControl::Kind::Correspondence, 0, 0, 15}.check().empty());
}

TEST_CASE("clock: Fischer — the decider's clock runs, the increment comes when a part of a turn is done") {
  GameClock c(live(60'000, 2'000));
  CHECK(!c.running());
  c.start(Color::White, 1'000);
  CHECK(c.remaining(Color::White, 11'000) == 50'000);
  CHECK(c.remaining(Color::Black, 11'000) == 60'000);
  REQUIRE(c.act(Color::White, 11'000, 0, true, Color::Black));
  CHECK(c.remaining(Color::White, 11'000) == 52'000);  // 60 - 10 + 2
  CHECK(c.running() == Color::Black);
  CHECK(c.flag_at() == 11'000 + 60'000);
  // GIPF: Black's push makes a row White must remove inside Black's turn.
  // Black's part is not done: no increment; White's clock runs for the removal.
  REQUIRE(c.act(Color::Black, 15'000, 0, false, Color::White));
  CHECK(c.remaining(Color::Black, 15'000) == 56'000);
  REQUIRE(c.act(Color::White, 16'000, 0, false, Color::Black));
  CHECK(c.remaining(Color::White, 16'000) == 51'000);  // the removal cost White a second, no increment
  REQUIRE(c.act(Color::Black, 17'000, 0, true, Color::White));
  CHECK(c.remaining(Color::Black, 17'000) == 57'000);  // 56 - 1 + 2
  c.stop(20'000);
  CHECK(!c.running());
  CHECK(c.remaining(Color::White, 99'000) == 48'000);
  CHECK(!c.flag_at());
}

TEST_CASE("clock: the flag falls exactly at zero; a late action gets no increment and changes nothing") {
  GameClock c(live(10'000, 5'000));
  c.start(Color::White, 0);
  CHECK(c.flag_at() == 10'000);
  CHECK(!c.flagged(9'999));
  CHECK(c.remaining(Color::White, 9'999) == 1);
  CHECK(c.flagged(10'000));
  CHECK(c.remaining(Color::White, 10'000) == 0);
  CHECK(!c.act(Color::White, 10'000, 0, true, Color::Black));
  CHECK(c.running() == Color::White);
  CHECK(c.remaining(Color::White, 10'500) == 0);
  // One millisecond earlier the action counts, with its increment.
  GameClock d(live(10'000, 5'000));
  d.start(Color::White, 0);
  REQUIRE(d.act(Color::White, 9'999, 0, true, Color::Black));
  CHECK(d.remaining(Color::White, 9'999) == 5'001);
}

TEST_CASE("clock: correspondence — D days per move, refilled after each move") {
  const std::int64_t day = 24LL * 3600 * 1000;
  GameClock c(TimeControl{TimeControl::Kind::Correspondence, 0, 0, 2});
  c.start(Color::White, 0);
  CHECK(c.remaining(Color::White, day) == day);
  REQUIRE(c.act(Color::White, day + 5, 0, true, Color::Black));
  CHECK(c.remaining(Color::White, day + 5) == 2 * day);  // refilled for the next move
  CHECK(c.flag_at() == day + 5 + 2 * day);
  CHECK(!c.act(Color::Black, 3 * day + 5, 0, true, Color::White));  // two days passed: lost on time
}

TEST_CASE("clock: lag is credited up to a quota that grows by its gain, starts at 3 gains, stops at 7") {
  // 3+2: estimated 180 + 80 s = 260 s → gain min(1000, 150 + 1040) = 1000 ms.
  LagTracker blitz(live(180'000, 2'000));
  CHECK(blitz.gain_ms() == 1000);
  CHECK(blitz.quota_ms() == 3000);
  // 1+0: 60 s → gain 150 + 240 = 390 ms, quota 1170.
  LagTracker bullet(live(60'000, 0));
  CHECK(bullet.gain_ms() == 390);
  CHECK(bullet.quota_ms() == 1170);
  CHECK(bullet.credit(-50) == 0);
  CHECK(bullet.quota_ms() == 1560);
  CHECK(bullet.credit(2000) == 1560);  // at most the quota
  CHECK(bullet.quota_ms() == 390);
  for (int i = 0; i < 20; ++i) bullet.credit(0);
  CHECK(bullet.quota_ms() == 7 * 390);  // capped

  GameClock c(live(60'000, 0));
  c.start(Color::White, 0);
  REQUIRE(c.act(Color::White, 5'000, 300, true, Color::Black));
  CHECK(c.remaining(Color::White, 5'000) == 55'300);  // 300 ms of lag given back
  REQUIRE(c.act(Color::Black, 6'000, 5'000, true, Color::White));
  CHECK(c.remaining(Color::Black, 6'000) == 60'000);  // never more than was spent
}

TEST_CASE("clock: untimed games have no clock to run or flag") {
  GameClock c{TimeControl{}};
  CHECK(!c.timed());
  c.start(Color::White, 0);
  CHECK(!c.running());
  CHECK(c.act(Color::White, 1'000'000, 0, true, Color::Black));
  CHECK(!c.flag_at());
  CHECK(!c.flagged(1'000'000'000));
}
