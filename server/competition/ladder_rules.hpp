#pragma once
// The challenge-ladder rules of issue #14, pure: who may challenge whom, the
// limits on open challenges, the 7-day cooldown between two players, the
// position shift after a game, the inactivity drops and the removal after two
// time losses. No store, no I/O, no clock: every time is passed in (ms since
// the epoch); every function takes standings and returns new ones.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

// Everything lives in arena::ladder: arena has its own Refusal (game/authority.hpp).
namespace arena::ladder {

// The least reach of any player: even near the top, five places up are open.
inline constexpr int kMinReach = 5;
// Reach grows with depth: ⌈0.4·(p − 1)⌉ places, as ⌈kReachNum·(p − 1) / kReachDen⌉ in integers (no rounding surprises).
inline constexpr int kReachNum = 2;
inline constexpr int kReachDen = 5;
// Open challenges a player may have sent at once: keeps one player from blocking the ladder.
inline constexpr int kMaxSent = 2;
// Open challenges a player may have received at once: a defender has a bounded load.
inline constexpr int kMaxReceived = 3;
inline constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;
// The same two players play at most once per this long: no farming one opponent.
inline constexpr std::int64_t kCooldownMs = 7 * kDayMs;
// Each full period this long without a finished ladder game drops a player one place.
inline constexpr std::int64_t kDropEveryMs = 14 * kDayMs;
// This long without a finished ladder game marks a player inactive.
inline constexpr std::int64_t kInactiveAfterMs = 30 * kDayMs;
// This many time losses within kTimeLossWindowMs remove a player: they are not playing their games.
inline constexpr int kTimeLossesToRemove = 2;
inline constexpr std::int64_t kTimeLossWindowMs = 30 * kDayMs;

// How long a challenge waits for the defender's answer is the ladder's
// (protocol::kDefaultAnswerHours). A defender may put the game off to at most this long after the challenge.
inline constexpr std::int64_t kScheduleWithinMs = 7 * kDayMs;
// Declines a defender has on a ladder per kDeclineWindowMs without losing:
// one more (or no answer in time) counts as a game the challenger won.
inline constexpr int kFreeDeclines = 1;
inline constexpr std::int64_t kDeclineWindowMs = 30 * kDayMs;

// Whether a decline at `now_ms` costs nothing, given when the defender's
// free declines on this ladder were made (older ones than the window do not count).
bool decline_is_free(std::span<const std::int64_t> free_declines_ms, std::int64_t now_ms);

// Whether `start_ms` is a time a defender may put a challenge made at
// `created_ms` off to, at `now_ms`: in the future, within kScheduleWithinMs.
bool schedulable(std::int64_t created_ms, std::int64_t start_ms, std::int64_t now_ms);

// open: challenges accepted; paused: none, games go on; closed: none ever again.
enum class LadderStatus { open, paused, closed };

// The stored and wire names: "open", "paused", "closed".
std::string_view status_name(LadderStatus status);
std::optional<LadderStatus> parse_status(std::string_view text);

// Why a challenge is refused; code() gives the API's stable string.
enum class Refusal {
  out_of_reach,         // not in reach, an inactive defender, oneself, or someone not on the ladder
  too_many_challenges,  // the challenger has kMaxSent open, or the defender kMaxReceived
  cooldown,             // the two played (or are playing) within kCooldownMs
  ladder_paused,        // the ladder is paused or closed
};
std::string_view code(Refusal refusal);

// One player on a ladder.
struct LadderPlayer {
  std::int64_t account = 0;
  std::int64_t last_game_ms = 0;  // end of the last finished ladder game, or when they joined
  int drops = 0;                  // inactivity drops already applied since last_game_ms
  bool inactive = false;          // kInactiveAfterMs without a game: cannot be challenged
  std::vector<std::int64_t> time_losses_ms;  // when they lost on time, within the window

  bool operator==(const LadderPlayer&) const = default;
};

// A ladder's order: position p (1-based) is players[p − 1]. Active players come
// first, inactive ones after them (each function keeps it so).
struct Standings {
  std::vector<LadderPlayer> players;

  // The 1-based position of `account`, or none when not on the ladder.
  std::optional<int> position_of(std::int64_t account) const;
  // Accounts in position order (for tests and views).
  std::vector<std::int64_t> order() const;
  bool operator==(const Standings&) const = default;
};

// The positions a player at `position` may challenge: first … last, upward
// only, never above 1. Empty (first > last) at position 1.
struct Reach {
  int first;
  int last;
  bool contains(int position) const { return position >= first && position <= last; }
};
Reach reach(int position);

// A challenge on the ladder (its game is created at once). `open` while the
// game is being played.
struct Challenge {
  std::int64_t challenger = 0;
  std::int64_t defender = 0;
  std::int64_t created_ms = 0;
  bool open = false;
};

// Whether `challenger` may challenge `defender` now, given the ladder's
// challenges (all open ones and those of the last kCooldownMs; older ones are
// ignored): none, or the first refusal in the order ladder_paused,
// out_of_reach, too_many_challenges, cooldown.
std::optional<Refusal> check_challenge(const Standings& standings, LadderStatus status, std::int64_t challenger,
                                       std::int64_t defender, std::span<const Challenge> challenges,
                                       std::int64_t now_ms);

// A new player joins at the bottom of the active players (above any inactive ones).
// Joining twice changes nothing.
Standings join(const Standings& standings, std::int64_t account, std::int64_t now_ms);

// A player leaves the ladder; everyone below moves up one.
Standings remove(const Standings& standings, std::int64_t account);

// How a ladder game ended, from the challenger's side.
enum class LadderOutcome { challenger_won, defender_won, draw };

struct GameEffect {
  Standings standings;
  std::vector<std::int64_t> removed;  // players removed for kTimeLossesToRemove time losses
};

// A ladder game ended at `now_ms`. With the positions at the end of the game:
// if the challenger won from below, they take the defender's position and
// everyone from there down to the challenger's old position moves down one;
// otherwise nothing moves. Both players become active (last game now, no
// drops). `loser_on_time`: the loser lost on the clock; a second time loss
// within kTimeLossWindowMs removes them.
GameEffect record_game(const Standings& standings, std::int64_t challenger, std::int64_t defender,
                       LadderOutcome outcome, bool loser_on_time, std::int64_t now_ms);

// Activity as of `now_ms` (the server calls it at any rate; calling it again
// at the same time changes nothing). Each active player owes one drop per full
// kDropEveryMs since their last game: each owed drop swaps them with the active
// player below (none below: they stay), from the bottom of the ladder up so
// that two idle neighbours both go down. A player kInactiveAfterMs without a
// game becomes inactive and moves below every active player (the inactive
// keep their relative order).
Standings apply_activity(const Standings& standings, std::int64_t now_ms);

}  // namespace arena::ladder
