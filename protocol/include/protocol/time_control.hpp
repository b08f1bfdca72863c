#pragma once
// A room's time control (PROTOCOL.md, Clocks): untimed, Fischer ("live": a
// bank and an increment) or correspondence (days per move). Shared by the
// protocol (create_room's `clock`), the store (a room's columns) and the
// server's clocks.
#include <cstdint>
#include <string>
#include <string_view>

namespace protocol {

struct TimeControl {
  enum class Kind { Untimed, Live, Correspondence };
  Kind kind = Kind::Untimed;
  std::int64_t initial_ms = 0;    // live
  std::int64_t increment_ms = 0;  // live
  int days_per_move = 0;          // correspondence, 1..14

  static constexpr std::int64_t kMaxInitialMs = 3 * 3600 * 1000;  // 3 hours
  static constexpr std::int64_t kMaxIncrementMs = 180 * 1000;     // 3 minutes
  static constexpr int kMaxDaysPerMove = 14;

  bool timed() const { return kind != Kind::Untimed; }
  bool live() const { return kind == Kind::Live; }
  // Why the control is not acceptable, or "".
  std::string check() const {
    switch (kind) {
      case Kind::Untimed:
        return {};
      case Kind::Live:
        if (initial_ms < 0 || initial_ms > kMaxInitialMs) return "initial_ms must be from 0 to 10800000 (3 hours)";
        if (increment_ms < 0 || increment_ms > kMaxIncrementMs) return "increment_ms must be from 0 to 180000 (3 minutes)";
        if (initial_ms == 0 && increment_ms == 0) return "a live clock needs time: initial_ms or increment_ms above 0";
        return {};
      case Kind::Correspondence:
        if (days_per_move < 1 || days_per_move > kMaxDaysPerMove) return "days_per_move must be from 1 to 14";
        return {};
    }
    return "unknown clock kind";
  }
  // The game's length as lichess estimates it: initial + 40 increments, in seconds.
  double estimated_seconds() const { return (initial_ms + 40.0 * increment_ms) / 1000.0; }
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// The kinds' wire (and stored) names: "", "live", "correspondence".
constexpr std::string_view clock_kind_name(TimeControl::Kind k) {
  constexpr std::string_view kNames[] = {"", "live", "correspondence"};
  return kNames[static_cast<int>(k)];
}

// A game's speed (#46: the history's filter): by the time a player may use
// in a game of about 40 moves, initial + 40 × increment: `blitz` below 8
// minutes, `rapid` below 25, `classical` from 25; `correspondence`;
// `untimed`. The store's SQL computes the same (sql_account_queries.cpp).
inline constexpr std::int64_t kRapidFromMs = 8 * 60'000;
inline constexpr std::int64_t kClassicalFromMs = 25 * 60'000;
inline constexpr std::string_view kSpeeds[] = {"blitz", "rapid", "classical", "correspondence", "untimed"};
constexpr std::string_view speed_of(const TimeControl& c) {
  if (c.kind == TimeControl::Kind::Untimed) return "untimed";
  if (c.kind == TimeControl::Kind::Correspondence) return "correspondence";
  const std::int64_t estimate = c.initial_ms + 40 * c.increment_ms;
  return estimate < kRapidFromMs ? "blitz" : estimate < kClassicalFromMs ? "rapid" : "classical";
}

}  // namespace protocol
