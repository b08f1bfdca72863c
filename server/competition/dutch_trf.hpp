#pragma once
// Reading a tournament in FIDE's Tournament Report File format (TRF-2026
// and TRF(x)) for the Dutch pairer: player lines ("001": start number, then
// one 10-column entry per round from column 92), "XXR n" (the number of
// rounds) and "XXC white1|black1" (the top-ranked player's first colour).
// Every other line is ignored. Points are recomputed from the entries (win
// 1, draw 1/2, loss 0; "+" "-" forfeits; "U" "F" "H" "Z" byes of 1, 1, 1/2, 0).
#include <stdexcept>
#include <string>
#include <string_view>

#include "competition/dutch_pairing.hpp"

namespace arena::event::dutch {

struct TrfError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws TrfError naming the line and what is wrong with it.
Tournament read_trf(std::string_view text);

// What a TRF file says of a player beyond the pairing's needs.
struct TrfPlayerInfo {
  std::string name;  // at most 33 characters are written
  int rating = 0;    // 0: none
};

// The tournament as TRF-2026: "012" (the name), one "001" line per player
// (start number, name, rating, points, rank, the round entries from column
// 92), "XXR" and "XXC". `info` by start number - 1 (missing: no name, no
// rating). read_trf reads it back to the same tournament.
std::string write_trf(const Tournament& tournament, std::string_view event_name,
                      const std::vector<TrfPlayerInfo>& info);

// The entries of round `round` (0-based) as boards, the bye as {player, 0};
// boards ordered by white's start number. For comparing a pairing with a file.
std::vector<Board> boards_of_round(const Tournament& tournament, int round);

// The tournament as it stood before round `rounds` (0-based): entries from
// that round on dropped.
Tournament cut_after(const Tournament& tournament, int rounds);

}  // namespace arena::event::dutch
