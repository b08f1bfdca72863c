#pragma once
// The clocks of a timed game (issue #12), pure: no timers, no I/O, every time
// passed in (ms since the epoch), so that the room's authority and its tests
// drive it with any clock. Two kinds: Fischer ("live": a bank per player, an
// increment added when a player completes their part of a turn, only if their
// flag has not fallen) and correspondence (the mover has D days per move; the
// bank refills after each move). The clock that runs is the decider's — in
// GIPF a row removal decided inside the opponent's turn runs the decider's
// clock. Network lag is credited back lichess's way (LagTracker).
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/color.hpp"
#include "protocol/time_control.hpp"

namespace arena {

using TimeControl = protocol::TimeControl;

// Lag compensation: each move is credited min(lag, quota); the quota grows by
// `gain` per move (min(1 s, 0.15 s + 0.004 × estimated game seconds)), starts
// at 3 × gain and is capped at 7 × gain.
class LagTracker {
 public:
  explicit LagTracker(const TimeControl& control);
  // The lag credited for a move that measured `lag_ms` (negative: none).
  std::int64_t credit(std::int64_t lag_ms);
  std::int64_t quota_ms() const { return quota_; }
  std::int64_t gain_ms() const { return gain_; }

 private:
  std::int64_t gain_;
  std::int64_t quota_;
  std::int64_t max_;
};

class GameClock {
 public:
  explicit GameClock(TimeControl control);

  const TimeControl& control() const { return control_; }
  bool timed() const { return control_.timed(); }
  // The clock of `decider` starts at `now` (the first decision of the game).
  void start(engine::Color decider, std::int64_t now);
  // The decider (`actor`) acted at `now`, the move having spent `lag_ms` in
  // the network; `completes_part`: the actor's part of the turn is over
  // (increment, correspondence refill); `next`: who decides now (none: the
  // game is over and the clocks stop). False, and nothing changes, when the
  // actor's flag had fallen by `now`: the game is lost on time instead.
  bool act(engine::Color actor, std::int64_t now, std::int64_t lag_ms, bool completes_part, std::optional<engine::Color> next);
  // The running clock does not count the last `ms` (nobody served the game
  // then, #31); nothing when no clock runs.
  void credit(std::int64_t ms);
  // The running clock becomes `next`'s at `now`, no increment (a takeback
  // handed the decision back, #46; correspondence: a new move's bank).
  void switch_to(engine::Color next, std::int64_t now);
  // `color`'s bank gains `ms` (time given by the opponent, #46), running or not.
  void give(engine::Color color, std::int64_t ms);
  // Stops the clocks at `now` (a resignation, an agreed draw, an abort).
  void stop(std::int64_t now);
  // What `color` has left at `now` (never below 0).
  std::int64_t remaining(engine::Color color, std::int64_t now) const;
  std::optional<engine::Color> running() const { return running_; }
  // When the running clock started (meaningful while running()).
  std::int64_t running_since() const { return since_; }
  // When the running clock reaches 0, for the room's timer; none while stopped.
  std::optional<std::int64_t> flag_at() const;
  // Whether the running player's flag has fallen at `now`.
  bool flagged(std::int64_t now) const;

 private:
  std::int64_t bank_for_a_move() const;  // correspondence: D days

  TimeControl control_;
  std::array<std::int64_t, 2> bank_{0, 0};  // ms left when the clock last stopped or started
  std::array<LagTracker, 2> lag_;
  std::optional<engine::Color> running_;
  std::int64_t since_ = 0;  // when the running clock started
};

}  // namespace arena
