#pragma once
// FIDE's Dutch system (Handbook C.04.3, rules in force since 1 February
// 2026), pure: the next round of a Swiss tournament from the rounds so far.
//
// Done the way the FIDE-endorsed engines do it: every pair of players gets a
// weight whose bit fields encode, most important first, the absolute criteria
// (C.1-C.3: no rematch, at most one bye, no two players with the same
// absolute colour preference except top scorers in the last round), the
// completion of the whole round (C.4), the bye's choice (C.5: its assignee
// with the lowest score, then C.9: the fewest unplayed games), the pairs and
// scores paired in this bracket and the next (C.6-C.8), the colour criteria
// (C.10-C.13) and the float criteria (C.14-C.21). A maximum-weight matching
// (blossom_matching.hpp) over those weights is the best pairing; brackets
// are then fixed one at a time from the top, choosing among the equally good
// pairings the moved-down players, exchanges and transpositions that C.04.3
// section D ranks first. Colours follow section E.
#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace arena::event::dutch {

enum class Colour { none, white, black };

// One round of one player, as a TRF round entry gives it.
struct RoundEntry {
  int opponent = 0;        // start number; 0 for a bye or no pairing
  Colour colour = Colour::none;
  bool played = false;     // a game over the board (a forfeit is not one, C.04.1)
  bool pairing_bye = false;  // the pairing-allocated bye (TRF "U")
  int half_points = 0;     // points won this round, doubled (a draw is 1)
  friend bool operator==(const RoundEntry&, const RoundEntry&) = default;
};

struct Player {
  int start_number = 0;  // also the rank: lower is stronger (TRF order)
  std::vector<RoundEntry> rounds;  // the rounds played so far, oldest first
  // Not paired in the next round (withdrawn, absent); still counted for the
  // scores of those who met them, which decide floats (A.4).
  bool absent = false;
  friend bool operator==(const Player&, const Player&) = default;
};

struct Tournament {
  std::vector<Player> players;  // every player of the event, absent ones marked
  int total_rounds = 0;         // the number of rounds the event will have
  Colour first_colour = Colour::white;  // the top-ranked player's colour in round 1
  // Equal tournaments pair alike: the store's round guard compares the one a
  // pairing was computed from with the one it is committed to.
  friend bool operator==(const Tournament&, const Tournament&) = default;
};

struct Board {
  int white = 0;
  int black = 0;  // 0: white gets the pairing-allocated bye
  friend bool operator==(const Board&, const Board&) = default;
};

// The most players pair_next_round takes (a Swiss event's cap): it keeps a
// wide weight for every pair of players, about 400 MB at 2,000, and takes
// a second or more of CPU a round from 1,000 players on (README.md,
// "Benchmarks"); the server runs it on the store's pairing thread, never on
// a strand or the writer.
inline constexpr int kMaxPlayers = 2000;

// The next round: boards ordered by the higher player's score then rank, the
// bye (if any) last. nullopt when no pairing satisfies the absolute criteria.
// Throws std::length_error past kMaxPlayers players to pair, or past the
// weights' widest width (see dutch_weights.hpp).
// `cancel`, when given, is read between the pairer's decisions and at every
// stage of its matcher: raised, the pairing is abandoned within a stage
// (milliseconds) by throwing arena::event::PairingCancelled
// (blossom_matching.hpp), so that a stopping server does not wait for it.
std::optional<std::vector<Board>> pair_next_round(const Tournament& tournament,
                                                  const std::atomic<bool>* cancel = nullptr);

// The same, every decision by the matcher: round 1 too, which pair_next_round
// pairs directly (one score group without history: S1's i-th player meets
// S2's i-th, the lowest-ranked gets the bye). For the tests that check the two agree.
std::optional<std::vector<Board>> pair_next_round_by_matching(const Tournament& tournament);

}  // namespace arena::event::dutch
