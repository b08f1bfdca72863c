#pragma once
// Swiss pairing of issue #14, pure, after FIDE's Dutch system (Handbook
// C.04.3, the 2017 rules) without its last-round and accelerated special
// cases: score groups paired one bracket at a time from the top, top half
// against bottom half by rating; players left over float down to the next
// bracket (where they are paired first); no rematches; colours balanced (no
// one the same colour three times in a row, or two more whites than blacks,
// when avoidable); a bye to the lowest-ranked player who has not had one.
// Within a bracket, of all its pairings that let the rest of the field be
// paired, the first (in the Dutch order: transpositions of the bottom half,
// then exchanges) that is best by, in turn: most pairs, least score floating
// down, fewest colour preferences unmet, fewest strong ones unmet, fewest
// repeated floats (as the previous round, then as the round before).
#include <span>
#include <vector>

#include "competition/round_robin.hpp"

namespace arena::event {

enum class Colour { white, black };

// How a round went for a player against the score groups: down after meeting
// a lower score (or a bye or any other point won without playing), up after
// meeting a higher score.
enum class Float { none, down, up };

// A player before a round.
struct SwissPlayer {
  int player = 0;        // start number
  double score = 0;      // points so far (a bye counted)
  double rating = 0;     // ranks players within a score group
  std::vector<int> opponents;    // start numbers met (byes not included)
  std::vector<Colour> colours;   // colours of the games played, in order (byes not included)
  bool had_bye = false;
  // One per round so far, oldest first; only the last two count (the Dutch
  // system avoids the same float twice running). Empty: no float history.
  std::vector<Float> floats;
};

// The next round: boards best first, white first; a bye last as
// {player, round_robin::kBye}. Empty when no pairing without rematches exists
// (late rounds of a small field can get there: this looks no rounds ahead) or
// with fewer than two players. Each bracket's search is bounded (past a node
// budget the best pairing found so far stands), so large fields stay fast.
Round pair_swiss(std::span<const SwissPlayer> players);

}  // namespace arena::event
