#pragma once
// Swiss pairing of issue #14, pure and simplified from FIDE's Dutch system:
// within score groups, top half against bottom half by rating; an odd player
// out floats down to meet the top of the next group; no rematches; colours
// balanced (no one the same colour three times in a row, or two more whites
// than blacks, when avoidable); a bye to the lowest-ranked player who has not
// had one. Backtracks when the plain order gives a rematch.
#include <span>
#include <vector>

#include "competition/round_robin.hpp"

namespace arena::event {

enum class Colour { white, black };

// A player before a round.
struct SwissPlayer {
  int player = 0;        // start number
  double score = 0;      // points so far (a bye counted)
  double rating = 0;     // ranks players within a score group
  std::vector<int> opponents;    // start numbers met (byes not included)
  std::vector<Colour> colours;   // colours of the games played, in order (byes not included)
  bool had_bye = false;
};

// The next round: boards best first, white first; a bye last as
// {player, round_robin::kBye}. Empty when no pairing without rematches exists
// (late rounds of a small field can get there: this looks no rounds ahead) or
// with fewer than two players. The search backtracks, so a large field with
// no legal pairing could take long; events are small.
Round pair_swiss(std::span<const SwissPlayer> players);

}  // namespace arena::event
