#include "competition/dutch_weights.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <string>

namespace arena::event::dutch {
namespace {

unsigned bits_for(std::size_t value) { return static_cast<unsigned>(std::bit_width(value)); }

// Writes the fields from the most important down: open() makes room for a
// field below the ones written, add() and add_slot() add into the lowest.
// The value is shifted once at the end, not at every field: each addition is
// kept with the number of bits opened so far, and lands at its final place
// (the bits opened after it) when value() is read.
template <std::size_t Words>
class FieldWriter {
 public:
  using Weight = WideWeight<Words>;
  explicit FieldWriter(std::uint64_t top) { add(top); }
  void open(unsigned bits) { opened_ += bits; }
  void add(std::uint64_t amount) { record(amount, 0); }
  void add_slot(unsigned bit) { record(1, bit); }
  Weight value() {
    fold();
    return value_;
  }

 private:
  struct Addition {
    std::uint64_t amount;
    std::size_t at;  // bits above the field's lowest, plus the bits opened so far
  };
  void record(std::uint64_t amount, std::size_t bit) {
    if (count_ == additions_.size()) fold();
    additions_[count_++] = {amount, bit + (kMostBits - opened_)};
  }
  // value_ <- everything written so far, placed as if nothing more opened.
  void fold() {
    value_ <<= opened_ - folded_at_;
    folded_at_ = opened_;
    for (std::size_t i = 0; i < count_; ++i) {
      // additions_[i].at - (kMostBits - opened_): its bits above the bottom now.
      const std::size_t at = additions_[i].at - (kMostBits - opened_);
      value_.add_shifted(additions_[i].amount, at);
    }
    count_ = 0;
  }
  // Positions are kept offset by this much so that they stay unsigned.
  static constexpr std::size_t kMostBits = std::size_t{1} << 40;
  Weight value_;
  std::size_t opened_ = 0, folded_at_ = 0, count_ = 0;
  std::array<Addition, 32> additions_{};
};

}  // namespace

unsigned WeightLayout::criteria_bits() const {
  unsigned g = group_size_bits, s = groups_bits;
  unsigned bits = 2 + g + s + g + s + 2 * g + 4 * g;
  if (played_rounds >= 1) bits += 2 * g + 2 * s;
  if (played_rounds >= 2) bits += 2 * g + 2 * s;
  bits += 3 * g + 1;
  return bits + 2 + 4;  // the engines' two spare bits, and the doubled duals' sums
}

WeightLayout lay_out_weights(const std::vector<PlayerFacts>& sorted, int played_rounds, int total_rounds) {
  WeightLayout layout;
  layout.played_rounds = played_rounds;
  layout.total_rounds = total_rounds;
  layout.top_score = sorted.empty() ? 0 : sorted.front().score;
  std::size_t largest = 1;
  for (std::size_t end = sorted.size(); end > 0;) {
    std::size_t begin = end;
    while (begin > 0 && sorted[begin - 1].score == sorted[end - 1].score) --begin;
    std::size_t size = end - begin;
    layout.group_shift[sorted[end - 1].score] = layout.groups_bits;
    layout.groups_bits += bits_for(size);
    largest = std::max(largest, size);
    end = begin;
  }
  layout.group_size_bits = bits_for(largest);
  const unsigned criteria = layout.criteria_bits();
  constexpr unsigned kFewestChoiceBits = 16, kMostChoiceBits = 64;
  layout.words = 0;
  for (std::size_t words : kWeightWords)
    if (words * 64 >= criteria + kFewestChoiceBits) {
      layout.words = words;
      break;
    }
  if (layout.words == 0)
    throw std::length_error("too many score groups to pair (" + std::to_string(layout.group_shift.size()) + ")");
  layout.choice_bits = std::min<unsigned>(kMostChoiceBits, static_cast<unsigned>(layout.words * 64) - criteria);
  return layout;
}

template <std::size_t Words>
WideWeight<Words> pair_weight(const PlayerFacts& higher, const PlayerFacts& lower, bool in_bracket,
                              bool in_next, const ByeContext& bye, const WeightLayout& layout) {
  if (!compatible(higher, lower, layout.played_rounds, layout.total_rounds)) return {};
  const unsigned g = layout.group_size_bits, s = layout.groups_bits;
  auto shift_of = [&](const PlayerFacts& p) { return layout.group_shift.at(p.score); };
  auto bye_candidate = [&](const PlayerFacts& p) { return p.bye_eligible && p.score <= bye.assignee_score; };
  // C.2, C.4, C.5: the round completes, and whoever is left out can take the bye.
  FieldWriter<Words> w(1 + !bye_candidate(higher) + !bye_candidate(lower));
  // C.6, C.7: the most pairs in this bracket, the highest scores paired.
  w.open(g);
  if (in_bracket) w.add(1);
  w.open(s);
  if (in_bracket) w.add_slot(shift_of(higher));
  // C.8: the same for the next bracket (moving down the players it can use).
  w.open(g);
  if (in_next) w.add(1);
  w.open(s);
  if (in_next) w.add_slot(shift_of(higher));
  // C.9: a bye assignee with the fewest unplayed games.
  w.open(2 * g);
  if (bye.single_downfloater_is_assignee) {
    if (higher.score == bye.assignee_score) w.add(bye.unplayed_rank.at(higher.played_games));
    if (lower.score == bye.assignee_score) w.add(bye.unplayed_rank.at(lower.played_games));
  }
  // C.10-C.13, this bracket only: no absolute imbalance, no third colour in a
  // row, the colour preferences met, then the strong ones.
  const PlayerFacts& p = lower;
  const PlayerFacts& o = higher;
  bool same = p.preference == o.preference;
  w.open(g);
  if (in_bracket && (!p.absolute_imbalance() || !o.absolute_imbalance() || !same)) w.add(1);
  w.open(g);
  if (in_bracket) {
    bool ok = !p.absolute() || !o.absolute() || !same;
    if (!ok) {
      if (p.imbalance == o.imbalance)
        ok = p.repeated == Colour::none || p.repeated != o.repeated;
      else
        ok = (p.imbalance > o.imbalance ? o : p).repeated != opposite(p.preference);
    }
    if (ok) w.add(1);
  }
  w.open(g);
  if (in_bracket && (!same || p.preference == Colour::none)) w.add(1);
  w.open(g);
  if (in_bracket && ((!p.strong && !p.absolute()) || (!o.strong && !o.absolute()) || (p.absolute() && o.absolute()) ||
                     !same))
    w.add(1);
  // C.14-C.17: no repeated down floats or up floats from the last round and
  // the one before; C.18-C.21: the lowest scores among those that remain.
  auto count_floats = [&](int back) {
    w.open(g);
    if (in_bracket) {
      w.add(lower.float_back[back] == Float::down);
      w.add(higher.score <= lower.score && higher.float_back[back] == Float::down);
    }
    w.open(g);
    if (in_bracket && !(higher.score > lower.score && lower.float_back[back] == Float::up)) w.add(1);
  };
  auto weigh_floats = [&](int back) {
    w.open(s);
    if (in_bracket) {
      if (lower.float_back[back] == Float::down) w.add_slot(shift_of(lower));
      if (higher.float_back[back] == Float::down) w.add_slot(shift_of(higher));
    }
    w.open(s);
    if (in_bracket && !(lower.float_back[back] == Float::up && higher.score > lower.score))
      w.add_slot(shift_of(higher));
  };
  if (layout.played_rounds >= 1) count_floats(1);
  if (layout.played_rounds >= 2) count_floats(2);
  if (layout.played_rounds >= 1) weigh_floats(1);
  if (layout.played_rounds >= 2) weigh_floats(2);
  // Room for section D's order (exchanges, then transpositions), set later.
  w.open(3 * g + 1);
  w.open(layout.choice_bits);
  return w.value();
}

template <std::size_t Words>
WideWeight<Words> bye_probe_weight(const PlayerFacts& a, const PlayerFacts& b, const WeightLayout& layout) {
  if (!compatible(a, b, layout.played_rounds, layout.total_rounds)) return {};
  FieldWriter<Words> w(1 + !a.bye_eligible + !b.bye_eligible);
  w.open(layout.groups_bits);
  w.add(layout.group_shift.at(a.score) + layout.group_shift.at(b.score));
  w.open(layout.group_size_bits);
  if (a.score >= layout.top_score) w.add(1);
  return w.value();
}

#define ARENA_DUTCH_WEIGHTS(WORDS)                                                                             \
  template WideWeight<WORDS> pair_weight<WORDS>(const PlayerFacts&, const PlayerFacts&, bool, bool,            \
                                                const ByeContext&, const WeightLayout&);                       \
  template WideWeight<WORDS> bye_probe_weight<WORDS>(const PlayerFacts&, const PlayerFacts&, const WeightLayout&);
ARENA_DUTCH_WEIGHTS(1)
ARENA_DUTCH_WEIGHTS(2)
ARENA_DUTCH_WEIGHTS(3)
ARENA_DUTCH_WEIGHTS(4)
ARENA_DUTCH_WEIGHTS(6)
ARENA_DUTCH_WEIGHTS(8)
ARENA_DUTCH_WEIGHTS(12)
ARENA_DUTCH_WEIGHTS(16)
ARENA_DUTCH_WEIGHTS(24)
ARENA_DUTCH_WEIGHTS(32)
ARENA_DUTCH_WEIGHTS(64)
ARENA_DUTCH_WEIGHTS(128)
#undef ARENA_DUTCH_WEIGHTS

}  // namespace arena::event::dutch
