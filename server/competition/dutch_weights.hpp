#pragma once
// The Dutch pairer's edge weights: one bit field per criterion, the more
// important ones higher (see dutch_pairing.hpp for which criteria).
#include <cstddef>
#include <unordered_map>
#include <vector>

#include "competition/dutch_players.hpp"
#include "competition/wide_weight.hpp"

namespace arena::event::dutch {

// The widths the weights come in (64-bit words); each is compiled.
inline constexpr std::size_t kWeightWords[] = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 128};

// How the players' scores lay out in the weights: a slot of bits per score
// group so that sums over pairs compare score group by score group.
struct WeightLayout {
  unsigned group_size_bits = 1;     // enough bits for the largest score group
  unsigned groups_bits = 0;         // all score groups' slots together
  std::unordered_map<int, unsigned> group_shift;  // score -> its slot's lowest bit
  int played_rounds = 0;
  int total_rounds = 0;
  int top_score = 0;
  // The lowest bits of every weight: room for ranking, in one matching,
  // several players' choices of opponent at once (section D's order). As
  // many as the weight's last word leaves free, up to 64, at least 16.
  unsigned choice_bits = 0;
  std::size_t words = 1;  // the width chosen from kWeightWords

  // Bits of the criteria, room for the matcher's sums included.
  unsigned criteria_bits() const;
};

// Throws std::length_error when the weights would need more than 8,192 bits
// (hundreds of score groups: far more rounds than any event has).
WeightLayout lay_out_weights(const std::vector<PlayerFacts>& sorted, int played_rounds, int total_rounds);

// What the bye's choice needs (C.5, C.9).
struct ByeContext {
  int assignee_score = 0;
  bool single_downfloater_is_assignee = false;
  std::unordered_map<int, unsigned> unplayed_rank;  // played games -> rank (fewest unplayed games: 0)
};

template <std::size_t Words>
WideWeight<Words> pair_weight(const PlayerFacts& higher, const PlayerFacts& lower, bool lower_in_bracket,
                              bool lower_in_next_bracket, const ByeContext& bye, const WeightLayout& layout);

// The first matching's weights when the field is odd: who can be left out
// (the bye's score and eligibility) and nothing else.
template <std::size_t Words>
WideWeight<Words> bye_probe_weight(const PlayerFacts& a, const PlayerFacts& b, const WeightLayout& layout);

}  // namespace arena::event::dutch
