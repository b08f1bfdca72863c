// The ladder rules alone (server/competition/ladder_rules.hpp): reach at every
// position, the limits on open challenges, the cooldown on an injected `now`,
// the position shift, inactivity drops and marks, removal after time losses.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "competition/ladder_rules.hpp"

namespace {

using namespace arena::ladder;

constexpr std::int64_t kT0 = 1'700'000'000'000LL;  // an arbitrary "now"

// A ladder of accounts 1..n in that order, everyone having just played at `at`.
Standings ladder_of(int n, std::int64_t at = kT0) {
  Standings s;
  for (int i = 1; i <= n; ++i) s.players.push_back({i, at, 0, false, {}});
  return s;
}

std::vector<std::int64_t> ids(std::initializer_list<std::int64_t> list) { return list; }

std::optional<Refusal> check(const Standings& s, std::int64_t from, std::int64_t to,
                             const std::vector<Challenge>& challenges = {}, std::int64_t now = kT0,
                             LadderStatus status = LadderStatus::open) {
  return check_challenge(s, status, from, to, challenges, now);
}

}  // namespace

TEST_CASE("ladder: refusal codes are the API's strings") {
  CHECK(code(Refusal::out_of_reach) == "out_of_reach");
  CHECK(code(Refusal::too_many_challenges) == "too_many_challenges");
  CHECK(code(Refusal::cooldown) == "cooldown");
  CHECK(code(Refusal::ladder_paused) == "ladder_paused");
}

TEST_CASE("ladder: reach at every position 1..40 matches the formula") {
  for (int p = 1; p <= 40; ++p) {
    // ⌈0.4·(p − 1)⌉ by search: the least k with 5k ≥ 2(p − 1).
    int ceil = 0;
    while (5 * ceil < 2 * (p - 1)) ++ceil;
    const int places = ceil > 5 ? ceil : 5;
    const Reach r = reach(p);
    for (int q = 1; q <= 40; ++q) {
      const bool expected = q < p && q >= p - places;
      CHECK_MESSAGE(r.contains(q) == expected, "p=", p, " q=", q);
    }
    CHECK(r.last == p - 1);
    CHECK(r.first >= 1);
  }
}

TEST_CASE("ladder: reach, hand-computed") {
  CHECK(reach(1).first > reach(1).last);  // the top challenges no one
  CHECK(reach(2).first == 1);
  CHECK(reach(2).last == 1);
  CHECK(reach(6).first == 1);   // 6 − 5
  CHECK(reach(7).first == 2);   // 7 − 5
  CHECK(reach(13).first == 8);  // ⌈4.8⌉ = 5
  CHECK(reach(14).first == 8);  // ⌈5.2⌉ = 6
  CHECK(reach(16).first == 10); // ⌈6.0⌉ = 6 exactly, no float rounding up to 7
  CHECK(reach(20).first == 12); // ⌈7.6⌉ = 8
  CHECK(reach(40).first == 24); // ⌈15.6⌉ = 16
  CHECK(reach(40).last == 39);
}

TEST_CASE("ladder: challenges follow reach, upward only, never inactive players") {
  Standings s = ladder_of(10);
  CHECK_FALSE(check(s, 7, 2).has_value());
  CHECK(check(s, 7, 1) == Refusal::out_of_reach);  // 6 places up, reach is 5
  CHECK(check(s, 2, 3) == Refusal::out_of_reach);  // downward
  CHECK(check(s, 3, 3) == Refusal::out_of_reach);  // oneself
  CHECK(check(s, 3, 99) == Refusal::out_of_reach); // not on the ladder
  CHECK(check(s, 99, 3) == Refusal::out_of_reach);
  s.players[1].inactive = true;  // account 2: moved below the actives in real use, but refused anywhere
  CHECK(check(s, 3, 2) == Refusal::out_of_reach);
}

TEST_CASE("ladder: a paused or closed ladder takes no challenges") {
  const Standings s = ladder_of(5);
  CHECK(check(s, 2, 1, {}, kT0, LadderStatus::paused) == Refusal::ladder_paused);
  CHECK(check(s, 2, 1, {}, kT0, LadderStatus::closed) == Refusal::ladder_paused);
  CHECK_FALSE(check(s, 2, 1, {}, kT0, LadderStatus::open).has_value());
}

TEST_CASE("ladder: at most 2 open challenges sent, 3 received") {
  const Standings s = ladder_of(12);
  const std::int64_t old = kT0 - 30 * kDayMs;  // old enough for no cooldown
  // Account 10 has sent two open challenges: a third is refused.
  std::vector<Challenge> sent = {{10, 8, old, true}, {10, 7, old, true}};
  CHECK(check(s, 10, 6, sent) == Refusal::too_many_challenges);
  sent[1].open = false;  // one finished: room again
  CHECK_FALSE(check(s, 10, 6, sent).has_value());

  // Account 1 has received three open challenges: a fourth is refused.
  std::vector<Challenge> received = {{2, 1, old, true}, {3, 1, old, true}, {4, 1, old, true}};
  CHECK(check(s, 5, 1, received) == Refusal::too_many_challenges);
  received.pop_back();
  CHECK_FALSE(check(s, 5, 1, received).has_value());
  // Others' received challenges do not count against the challenger's sent.
  CHECK_FALSE(check(s, 6, 2, {{3, 1, old, true}, {4, 1, old, true}, {5, 1, old, true}}).has_value());
}

TEST_CASE("ladder: the same two players once per 7 days, either way round") {
  const Standings s = ladder_of(5);
  const std::vector<Challenge> played = {{3, 1, kT0, false}};
  CHECK(check(s, 3, 1, played, kT0 + 1) == Refusal::cooldown);
  CHECK(check(s, 3, 1, played, kT0 + kCooldownMs - 1) == Refusal::cooldown);
  CHECK_FALSE(check(s, 3, 1, played, kT0 + kCooldownMs).has_value());
  // The defender, having meanwhile fallen below, challenges back: still the same pair.
  Standings swapped = s;
  std::swap(swapped.players[0], swapped.players[2]);  // 3, 2, 1, 4, 5
  CHECK(check(swapped, 1, 3, played, kT0 + 1) == Refusal::cooldown);
  CHECK_FALSE(check(swapped, 1, 3, played, kT0 + kCooldownMs).has_value());
  // A game still going blocks the pair however old.
  const std::vector<Challenge> going = {{3, 1, kT0 - 20 * kDayMs, true}};
  CHECK(check(s, 3, 1, going, kT0) == Refusal::cooldown);
  // Other pairs are free.
  CHECK_FALSE(check(s, 3, 2, played, kT0 + 1).has_value());
}

TEST_CASE("ladder: join at the bottom of the active players") {
  Standings s = ladder_of(3);
  s.players[2].inactive = true;
  s = join(s, 7, kT0);
  CHECK(s.order() == ids({1, 2, 7, 3}));
  CHECK(s.players[2].last_game_ms == kT0);
  CHECK(join(s, 7, kT0 + 1) == s);
  CHECK(remove(s, 2).order() == ids({1, 7, 3}));
}

TEST_CASE("ladder: the challenger who wins takes the defender's place") {
  const Standings s = ladder_of(8);
  const std::int64_t end = kT0 + kDayMs;
  const GameEffect won = record_game(s, 7, 3, LadderOutcome::challenger_won, false, end);
  CHECK(won.standings.order() == ids({1, 2, 7, 3, 4, 5, 6, 8}));
  CHECK(won.removed.empty());
  CHECK(won.standings.players[2].last_game_ms == end);  // the challenger
  CHECK(won.standings.players[3].last_game_ms == end);  // the defender
  CHECK(won.standings.players[4].last_game_ms == kT0);  // a bystander
  // The defender wins, or a draw: nothing moves, both have played.
  const GameEffect lost = record_game(s, 7, 3, LadderOutcome::defender_won, false, end);
  CHECK(lost.standings.order() == s.order());
  CHECK(lost.standings.players[6].last_game_ms == end);
  CHECK(record_game(s, 7, 3, LadderOutcome::draw, false, end).standings.order() == s.order());
  // Adjacent: a plain swap.
  CHECK(record_game(s, 2, 1, LadderOutcome::challenger_won, false, end).standings.order() ==
        ids({2, 1, 3, 4, 5, 6, 7, 8}));
  // Positions at the end of the game count: a challenger already above moves no one.
  Standings moved = s;
  std::swap(moved.players[2], moved.players[6]);  // 7 is now at 3, 3 at 7
  CHECK(record_game(moved, 7, 3, LadderOutcome::challenger_won, false, end).standings.order() == moved.order());
}

TEST_CASE("ladder: inactivity drops one place per 14 days, then marks inactive at 30") {
  const Standings s = ladder_of(4);
  // Account 2 has not played since kT0; the others play on.
  auto others_play = [](Standings st, std::int64_t now) {
    for (auto& p : st.players)
      if (p.account != 2) p.last_game_ms = now;
    return st;
  };
  const std::int64_t before = kT0 + kDropEveryMs - 1;
  CHECK(apply_activity(others_play(s, before), before).order() == ids({1, 2, 3, 4}));
  const std::int64_t day14 = kT0 + kDropEveryMs;
  Standings after14 = apply_activity(others_play(s, day14), day14);
  CHECK(after14.order() == ids({1, 3, 2, 4}));
  CHECK(apply_activity(after14, day14) == after14);  // once per period
  CHECK(apply_activity(after14, day14 + 5 * kDayMs).order() == ids({1, 3, 2, 4}));
  const std::int64_t day28 = kT0 + 2 * kDropEveryMs;
  Standings after28 = apply_activity(others_play(after14, day28), day28);
  CHECK(after28.order() == ids({1, 3, 4, 2}));
  CHECK_FALSE(after28.players[3].inactive);
  const std::int64_t day30 = kT0 + kInactiveAfterMs;
  Standings after30 = apply_activity(others_play(after28, day30 - 1), day30 - 1);
  CHECK_FALSE(after30.players[3].inactive);
  after30 = apply_activity(after30, day30);
  CHECK(after30.players[3].inactive);
  CHECK(after30.players[3].account == 2);
}

TEST_CASE("ladder: two idle neighbours both drop; the last active player stays") {
  Standings s = ladder_of(4);
  s.players[0].last_game_ms = kT0 - kDropEveryMs;  // 1 idle
  s.players[1].last_game_ms = kT0 - kDropEveryMs;  // 2 idle
  CHECK(apply_activity(s, kT0).order() == ids({3, 1, 2, 4}));
  Standings bottom = ladder_of(3);
  bottom.players[2].last_game_ms = kT0 - kDropEveryMs;
  const Standings b = apply_activity(bottom, kT0);
  CHECK(b.order() == ids({1, 2, 3}));
  CHECK(b.players[2].drops == 1);
  // Missed calls catch up: 28 days idle owes two places at once.
  Standings late = ladder_of(4);
  late.players[0].last_game_ms = kT0 - 2 * kDropEveryMs;
  CHECK(apply_activity(late, kT0).order() == ids({2, 3, 1, 4}));
}

TEST_CASE("ladder: inactive players sit below the active ones until they play") {
  Standings s = ladder_of(5);
  s.players[1].last_game_ms = kT0 - kInactiveAfterMs;  // account 2: 30 days idle
  const Standings after = apply_activity(s, kT0);
  CHECK(after.order() == ids({1, 3, 4, 5, 2}));
  CHECK(after.players[4].inactive);
  // No drops below the inactive: 5 idle 14 days stays at the bottom of the actives.
  Standings idle5 = after;
  idle5.players[3].last_game_ms = kT0 - kDropEveryMs;
  CHECK(apply_activity(idle5, kT0).order() == ids({1, 3, 4, 5, 2}));
  // May challenge upward; playing makes them active where they are.
  CHECK_FALSE(check(after, 2, 4).has_value());
  const GameEffect lost = record_game(after, 2, 4, LadderOutcome::defender_won, false, kT0 + 1);
  CHECK(lost.standings.order() == ids({1, 3, 4, 5, 2}));
  CHECK_FALSE(lost.standings.players[4].inactive);
  // A second inactive player goes below the active ones too; the inactive keep their relative order.
  Standings two = after;
  two.players[0].last_game_ms = kT0 - kInactiveAfterMs;  // account 1
  const Standings both = apply_activity(two, kT0);
  CHECK(both.order() == ids({3, 4, 5, 1, 2}));
  // An inactive player cannot be challenged, even from within reach below.
  CHECK(check(both, 2, 1) == Refusal::out_of_reach);
  CHECK_FALSE(check(both, 2, 5).has_value());
}

TEST_CASE("ladder: an inactive challenger who wins takes the defender's place") {
  Standings s = ladder_of(4);
  s.players[3].inactive = true;  // account 4, at the bottom
  const GameEffect won = record_game(s, 4, 2, LadderOutcome::challenger_won, false, kT0);
  CHECK(won.standings.order() == ids({1, 4, 2, 3}));
  CHECK_FALSE(won.standings.players[1].inactive);
}

TEST_CASE("ladder: two time losses within 30 days remove a player") {
  const Standings s = ladder_of(5);
  // 3 loses on time as defender: one loss, kept.
  GameEffect first = record_game(s, 4, 3, LadderOutcome::challenger_won, true, kT0);
  CHECK(first.removed.empty());
  CHECK(first.standings.order() == ids({1, 2, 4, 3, 5}));
  CHECK(first.standings.players[3].time_losses_ms == std::vector<std::int64_t>{kT0});
  // A loss on time by the winner's opponent only: the winner has none.
  CHECK(first.standings.players[2].time_losses_ms.empty());
  // A second one within the window (as challenger this time): removed, those below move up.
  const std::int64_t second_at = kT0 + kTimeLossWindowMs;
  GameEffect second = record_game(first.standings, 3, 2, LadderOutcome::defender_won, true, second_at);
  CHECK(second.removed == ids({3}));
  CHECK(second.standings.order() == ids({1, 2, 4, 5}));
  // Just outside the window: the old loss has expired.
  GameEffect late = record_game(first.standings, 3, 2, LadderOutcome::defender_won, true, second_at + 1);
  CHECK(late.removed.empty());
  CHECK(late.standings.players[3].time_losses_ms == std::vector<std::int64_t>{second_at + 1});
  // Losses not on time do not count; a draw never does.
  CHECK(record_game(first.standings, 3, 2, LadderOutcome::defender_won, false, kT0 + 1).removed.empty());
  CHECK(record_game(first.standings, 3, 2, LadderOutcome::draw, true, kT0 + 1).removed.empty());
}

TEST_CASE("ladder: a defender declines once in 30 days for free; the next decline in the window costs the game (#43)") {
  const std::vector<std::int64_t> none;
  CHECK(decline_is_free(none, kT0));
  const std::vector<std::int64_t> one{kT0};
  CHECK(!decline_is_free(one, kT0 + kDayMs));
  CHECK(!decline_is_free(one, kT0 + kDeclineWindowMs - 1));
  CHECK(decline_is_free(one, kT0 + kDeclineWindowMs));  // the window has passed
  const std::vector<std::int64_t> future{kT0 + kDayMs};  // a clock moved back: not counted against now
  CHECK(decline_is_free(future, kT0));
}

TEST_CASE("ladder: a game may be put off to a time in the future within 7 days of the challenge (#43)") {
  CHECK(schedulable(kT0, kT0 + 3600000, kT0));
  CHECK(schedulable(kT0, kT0 + kScheduleWithinMs, kT0 + kDayMs));
  CHECK(!schedulable(kT0, kT0 + kScheduleWithinMs + 1, kT0));
  CHECK(!schedulable(kT0, kT0 + kDayMs, kT0 + kDayMs));  // not in the past, not now
  CHECK(!schedulable(kT0, kT0 - 1, kT0));
}
