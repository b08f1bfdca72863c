#pragma once
// Abandoned games (#33): when a live game's players are gone. A game against
// the computer whose human has had no connection for `computer_gone_ms` is
// aborted; an untimed game with no player's event for `abandon_ms` ends as
// abandoned; and the lobby lists a live game only while one of its (human)
// players is connected or acted in the last `listed_ms`. Pure bookkeeping on
// the room's clock: the room tells it who is connected and when someone acted,
// asks what is due and when next, and stores the end through the authority.
// Used only on the room's strand.
#include <algorithm>
#include <cstdint>
#include <optional>

namespace arena {

struct IdleLimits {
  std::int64_t computer_gone_ms = 30LL * 60 * 1000;         // a game against the computer, its human gone
  std::int64_t abandon_ms = 7LL * 24 * 3600 * 1000;         // an untimed game with no action (--abandon-days)
  std::int64_t listed_ms = 15LL * 60 * 1000;                // the lobby lists a game nobody is at this long after its last action
};

class RoomIdle {
 public:
  // What kind of game the room holds now.
  struct Game {
    bool live = false;      // status live (both seats taken, not ended)
    bool computer = false;  // one seat is the computer's
    bool untimed = false;   // no clock
    bool competition = false;  // a ladder or event game: never ended here (the organiser's)
  };
  enum class End { ComputerGone, Abandoned };
  struct Due {
    End end;
    std::int64_t at;  // when it became due (the event's time)
  };

  RoomIdle(IdleLimits limits, std::int64_t last_action, std::int64_t now)
      : limits_(limits), last_action_(last_action), absent_since_(now) {}

  // A player's event (an action, a seat taken, a draw offer…) at `at`.
  void acted(std::int64_t at) { last_action_ = std::max(last_action_, at); }
  // Whether a human player has a connection in the room, as of `now`.
  void presence(bool connected, std::int64_t now) {
    if (connected) absent_since_.reset();
    else if (!absent_since_) absent_since_ = now;
  }

  // What time alone ends, if it is due at `now`.
  std::optional<Due> due(const Game& g, std::int64_t now) const {
    auto c = computer_gone_at(g);
    auto a = abandoned_at(g);
    if (c && now >= *c && (!a || *c <= *a)) return Due{End::ComputerGone, *c};
    if (a && now >= *a) return Due{End::Abandoned, *a};
    return std::nullopt;
  }
  // When due() or listed() next changes its answer; none: nothing pending.
  std::optional<std::int64_t> deadline(const Game& g, std::int64_t now) const {
    std::optional<std::int64_t> next;
    auto take = [&](std::optional<std::int64_t> t) {
      if (t && (!next || *t < *next)) next = t;
    };
    take(computer_gone_at(g));
    take(abandoned_at(g));
    if (g.live && absent_since_ && now < last_action_ + limits_.listed_ms) take(last_action_ + limits_.listed_ms);
    return next;
  }
  // Whether the lobby lists the game (if it is public): a player connected,
  // or an action in the last `listed_ms`.
  bool listed(std::int64_t now) const { return !absent_since_ || now < last_action_ + limits_.listed_ms; }

 private:
  std::optional<std::int64_t> computer_gone_at(const Game& g) const {
    if (!g.live || !g.computer || g.competition || !absent_since_) return std::nullopt;
    return *absent_since_ + limits_.computer_gone_ms;
  }
  std::optional<std::int64_t> abandoned_at(const Game& g) const {
    if (!g.live || !g.untimed || g.competition) return std::nullopt;
    return last_action_ + limits_.abandon_ms;
  }

  IdleLimits limits_;
  std::int64_t last_action_;
  std::optional<std::int64_t> absent_since_;  // no human player connected since
};

}  // namespace arena
