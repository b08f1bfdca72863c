#pragma once
// Round-robin pairings of issue #14, pure: the Berger tables (FIDE Handbook
// C.05, Annex 1) for 3–32 players, single or double. Players are start numbers
// 1..n; an odd count adds a bye as player n + 1, whose opponent sits out.
#include <vector>

// Event pairings live in arena::event (arena's own names stay clear).
namespace arena::event {

namespace round_robin {
// The fewest players a round robin takes: two would be a match.
inline constexpr int kMinPlayers = 3;
// The most players a round robin takes (#32): Berger tables up to 32 (31 rounds, 62 double).
inline constexpr int kMaxPlayers = 32;
// Black's number in a bye pairing: no one.
inline constexpr int kBye = 0;
}  // namespace round_robin

// One board: white's and black's start numbers; black == kBye: white sits out
// (a bye).
struct Pairing {
  int white;
  int black;
  bool operator==(const Pairing&) const = default;
};
using Round = std::vector<Pairing>;

enum class Cycles { single, dbl };

// Every round, boards in the table's order (a bye listed last). Single: n − 1
// rounds for even n, n for odd. Double: the first cycle with its last two
// rounds exchanged (FIDE's advice: no one has the same colour three times in a
// row at the turn), then the table again in its order with colours swapped.
// Outside kMinPlayers..kMaxPlayers: no rounds.
std::vector<Round> berger_rounds(int players, Cycles cycles);

}  // namespace arena::event
