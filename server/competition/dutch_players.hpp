#pragma once
// What the Dutch system needs to know of each player before a round: score,
// colour history and preference (C.04.3 A.6), floats (A.4), bye eligibility
// (C.2), games met (C.1). Forfeits count as unplayed for all of these.
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "competition/dutch_pairing.hpp"

namespace arena::event::dutch {

enum class Float { none, down, up };

Colour opposite(Colour colour);

struct PlayerFacts {
  int number = 0;
  int rank = 0;           // 0-based: start number - 1
  int score = 0;          // half-points
  int played_games = 0;
  int imbalance = 0;      // |whites - blacks| over played games
  Colour preference = Colour::none;
  Colour repeated = Colour::none;  // the colour of the last two played games, if equal
  bool strong = false;             // a strong, not absolute, preference
  bool bye_eligible = true;
  Float float_back[3] = {Float::none, Float::none, Float::none};  // [1]: last round, [2]: the one before
  std::vector<RoundEntry> rounds;
  std::unordered_set<int> met;     // start numbers of opponents in played games

  bool absolute_imbalance() const { return imbalance > 1; }
  bool absolute() const { return absolute_imbalance() || repeated != Colour::none; }
};

// Facts for every player to be paired (not absent), sorted best first
// (score, then rank): the order in which the Dutch system lists them.
std::vector<PlayerFacts> gather_facts(const Tournament& tournament, int played_rounds);

// C.3: two players with the same absolute colour preference may not meet,
// unless one of them scores more than half the maximum in the last round.
bool compatible(const PlayerFacts& a, const PlayerFacts& b, int played_rounds, int total_rounds);

// Section E: the colour `player` gets against `opponent`.
Colour colour_for(const PlayerFacts& player, const PlayerFacts& opponent, Colour first_colour);

}  // namespace arena::event::dutch
