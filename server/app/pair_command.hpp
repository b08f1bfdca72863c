#pragma once
// `gipf-arena pair --dutch FILE.trf [-p OUT]`: pairs the next round of the
// tournament in FILE (TRF-2026 or TRF(x)) by FIDE's Dutch system and prints,
// to OUT or standard output, the number of pairs, then "white black" per
// pair, "N 0" for the pairing-allocated bye: the arguments, output and exit
// statuses of JaVaFo and bbpPairings, so the answer compares with any FIDE
// program. Exit status: 0 paired, 1 no valid pairing, 3 bad input.
#include <iosfwd>
#include <string>
#include <vector>

namespace arena {

constexpr int kPairExitPaired = 0;
constexpr int kPairExitNoPairing = 1;
constexpr int kPairExitBadInput = 3;

// `args`: the words after "pair".
int run_pair_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arena
