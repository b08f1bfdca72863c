// The bracket-by-bracket procedure on top of the weights (dutch_weights.hpp).
// One matching over every unpaired player keeps the whole round completable
// (C.4) while each bracket is settled from the top: first which moved-down
// players are paired (C.6, the highest first, B.2), then their opponents,
// then which players are exchanged between S1 and S2 (D.2: the fewest, the
// smallest difference of numbers) and finally each S1 player's opponent in
// S2, the highest possible (D.1, transpositions). Each choice raises one
// player's edge weights by a little less than any criterion is worth, asks
// the matcher again (one IncrementalMatching for the whole round: it starts
// from its last answer, so a change at one player costs a few
// augmentations), and fixes what it answers. When the current matching
// already gives that player the opponent whose weight rose the most, it is
// still the best (no other matching gained more) and the matcher is spared.
#include "competition/dutch_pairing.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "competition/blossom_matching.hpp"
#include "competition/dutch_players.hpp"
#include "competition/dutch_weights.hpp"

namespace arena::event::dutch {
namespace {

template <std::size_t Words>
class RoundPairer {
  using Weight = WideWeight<Words>;

 public:
  RoundPairer(const std::vector<PlayerFacts>& players, const WeightLayout& layout, const std::atomic<bool>* cancel)
      : players_(players), layout_(layout), n_(static_cast<int>(players.size())), matching_(n_, cancel),
        fixed_partner_(n_, -1) {}

  // Partner of every player (sorted index), -1 for the bye; nullopt when
  // no pairing satisfies the absolute criteria.
  std::optional<std::vector<int>> pair() {
    if (!choose_bye_score()) return std::nullopt;
    pair_brackets();
    return partner_;
  }

 private:
  // A small amount at the bottom of the criteria, above the choice bits.
  Weight low(std::uint64_t amount) const {
    Weight result(amount);
    result <<= layout_.choice_bits;
    return result;
  }

  void set(int a, int b, const Weight& value) { matching_.set_weight(a, b, value); }

  // The best matching of the players not yet fixed (mate, or self for the
  // one left out), from the last one (IncrementalMatching); nullopt when no
  // pairing completes the round.
  std::optional<std::vector<int>> try_solve() {
    auto mate = matching_.solve();
    if (!mate) return std::nullopt;
    for (int v = 0; v < n_; ++v)
      if ((*mate)[v] < 0) (*mate)[v] = v;
    return mate;
  }
  // Once the round is known to complete, every later matching does too: the
  // pairs fixed and the edges dropped are those of the last best pairing.
  std::vector<int> solve() {
    auto stable = try_solve();
    if (!stable) throw std::logic_error("the Dutch pairer lost the round's completion");
    return std::move(*stable);
  }
  void fix(int a, int b) {
    fixed_partner_[a] = b;
    fixed_partner_[b] = a;
    matching_.retire(a, b);
  }

  // The whole round must be pairable (C.4) with an eligible player left out
  // (C.2); in an odd field, the lowest score that can take the bye (C.5)
  // and, when a lone player floats down from the top, C.9's order.
  bool choose_bye_score() {
    bool odd = n_ % 2;
    for (int i = 0; i < n_; ++i)
      for (int j = 0; j < i; ++j)
        set(i, j, odd ? bye_probe_weight<Words>(players_[i], players_[j], layout_)
                      : pair_weight<Words>(players_[j], players_[i], false, false, bye_, layout_));
    auto solved = try_solve();
    if (!solved) return false;
    const auto& stable = *solved;
    int unmatched = -1;
    for (int v = 0; v < n_; ++v) {
      if (stable[v] != v) continue;
      if (unmatched >= 0 || !players_[v].bye_eligible) return false;
      unmatched = v;
    }
    if (!odd) return true;
    bye_.assignee_score = players_[unmatched].score;
    int top = players_.front().score;
    bye_.single_downfloater_is_assignee = bye_.assignee_score >= top;
    for (int v = 0; v < n_ && bye_.single_downfloater_is_assignee && players_[v].score >= top; ++v)
      if (players_[stable[v]].score < top) bye_.single_downfloater_is_assignee = false;
    std::vector<int> played;
    for (const auto& p : players_)
      if (p.score == bye_.assignee_score) played.push_back(p.played_games);
    std::sort(played.rbegin(), played.rend());
    for (std::size_t rank = 0; rank < played.size(); ++rank)
      bye_.unplayed_rank[played[rank]] = static_cast<unsigned>(rank);
    for (int i = 0; i < n_; ++i)
      for (int j = 0; j < i; ++j) set(i, j, pair_weight<Words>(players_[j], players_[i], false, false, bye_, layout_));
    return true;
  }

  void pair_brackets() {
    partner_.assign(n_, -1);
    matched_.assign(n_, false);
    int next = 0;
    while (next < n_ && players_[next].score >= players_.front().score) bracket_.push_back(next++);
    int moved_down = 0;        // moved-down players at the front of bracket_
    int group_first_vertex = 0;
    while (bracket_.size() > 1 || next < n_) {
      const int group_end = static_cast<int>(bracket_.size());
      const int group_end_vertex = group_first_vertex + (group_end - moved_down);
      const int next_group_first = next;
      while (next < n_ && players_[next].score >= players_[next_group_first].score) bracket_.push_back(next++);
      Bracket b{moved_down, group_end, group_first_vertex, group_end_vertex};
      settle_bracket(b);

      std::vector<int> following;
      moved_down = 0;
      bye_.single_downfloater_is_assignee =
          n_ % 2 && next_group_first < n_ && bye_.assignee_score >= players_[next_group_first].score;
      for (int i = 0; i < static_cast<int>(bracket_.size()); ++i) {
        int v = bracket_[i];
        if (i < group_end && matched_[v]) {
          partner_[v] = stable_[v];
          partner_[stable_[v]] = v;
          continue;
        }
        following.push_back(v);
        if (i < group_end) ++moved_down;
        if (bye_.single_downfloater_is_assignee && players_[stable_[v]].score < players_[next_group_first].score)
          bye_.single_downfloater_is_assignee = false;
      }
      bracket_ = std::move(following);
      group_first_vertex = group_end_vertex;
    }
  }

  struct Bracket {
    int moved_down;        // bracket_ indices [0, moved_down): moved-down players
    int end;               // [moved_down, end): the score group; [end, size): the next one
    int first_vertex;      // the score group's players are vertices [first_vertex, end_vertex)
    int end_vertex;
    bool in_group(int vertex) const { return vertex >= first_vertex && vertex < end_vertex; }
  };

  // A remainder pair's weight with D.2's exchange order: no exchange
  // first, then the smallest difference of numbers.
  Weight remainder_weight(int smaller, int larger, int smaller_position, int pairs) const {
    Weight result = base_[larger][smaller];
    if (result.is_zero()) return result;
    std::int64_t addend = (std::int64_t{smaller_position < pairs} << (2 * layout_.group_size_bits)) - smaller_position;
    addend *= 2;
    if (addend >= 0) result += low(static_cast<std::uint64_t>(addend));
    else result -= low(static_cast<std::uint64_t>(-addend));
    return result;
  }

  void settle_bracket(const Bracket& b) {
    const int size = static_cast<int>(bracket_.size());
    base_.assign(size, {});
    for (int i = b.moved_down; i < size; ++i) {
      base_[i].resize(i);
      for (int j = 0; j < i; ++j) {
        base_[i][j] = pair_weight<Words>(players_[bracket_[j]], players_[bracket_[i]], i < b.end, i >= b.end, bye_, layout_);
        set(bracket_[i], bracket_[j], base_[i][j]);
      }
    }
    stable_ = solve();
    choose_moved_down(b);
    pair_moved_down(b);
    pair_remainder(b);
  }

  // B.2, C.6-C.7: which moved-down players are paired here, the highest first.
  void choose_moved_down(const Bracket& b) {
    int score = 0, remaining = 0, remaining_matched = 0;
    const int size = static_cast<int>(bracket_.size());
    for (int i = 0; i < b.moved_down; ++i) {
      if (i == 0 || players_[bracket_[i]].score < score) {
        score = players_[bracket_[i]].score;
        remaining = remaining_matched = 0;
        for (int k = i; k < size && players_[bracket_[k]].score >= score; ++k) {
          ++remaining;
          if (b.in_group(stable_[bracket_[k]])) ++remaining_matched;
        }
      }
      if (!remaining_matched) continue;
      const int v = bracket_[i];
      if (remaining <= remaining_matched) {
        matched_[v] = true;
        continue;
      }
      --remaining;
      if (!b.in_group(stable_[v])) {
        for (int o = b.moved_down; o < b.end; ++o)
          if (Weight w = base_[o][i]; !w.is_zero()) set(v, bracket_[o], w + low(1));
        stable_ = solve();
      }
      if (b.in_group(stable_[v])) {
        matched_[v] = true;
        --remaining_matched;
        for (int o = b.moved_down; o < b.end; ++o)
          if (Weight w = base_[o][i]; !w.is_zero()) {
            w += low(static_cast<std::uint64_t>(b.end - b.moved_down) + 1);
            set(v, bracket_[o], w);
          }
      }
    }
  }

  // Each paired moved-down player's opponent: the highest that still allows
  // the best pairing.
  void pair_moved_down(const Bracket& b) {
    for (int i = 0; i < b.moved_down; ++i) {
      const int v = bracket_[i];
      if (!matched_[v]) continue;
      std::uint64_t addend = bracket_.size();
      int favourite = -1;
      for (int o = b.end - 1; o >= b.moved_down; --o) {
        const int ov = bracket_[o];
        if (matched_[ov]) continue;
        if (Weight w = base_[o][i]; !w.is_zero()) {
          w += low(addend);
          set(v, ov, w);
          ++addend;
          favourite = ov;
        }
      }
      if (stable_[v] != favourite) stable_ = solve();
      const int mate = stable_[v];
      matched_[mate] = true;
      fix(v, mate);
    }
  }

  bool pairs_down_in_group(const Bracket& b, int vertex) const {
    return stable_[vertex] > vertex && stable_[vertex] < b.end_vertex;
  }

  // D.1-D.2: the remainder's exchanges, then its transpositions.
  void pair_remainder(const Bracket& b) {
    std::vector<int> remainder;
    int pairs = 0;
    for (int i = b.moved_down; i < b.end; ++i) {
      const int v = bracket_[i];
      if (stable_[v] < b.first_vertex) continue;
      remainder.push_back(i);
      if (stable_[v] < v) ++pairs;
    }
    if (remainder.empty()) return;
    const int count = static_cast<int>(remainder.size());
    for (int oi = 0; oi < count; ++oi)
      for (int pi = 0; pi < oi; ++pi)
        set(bracket_[remainder[pi]], bracket_[remainder[oi]], remainder_weight(remainder[pi], remainder[oi], pi, pairs));
    stable_ = solve();

    int exchanges = 0;
    for (int k = 0; k < pairs && k < count; ++k)
      if (!pairs_down_in_group(b, bracket_[remainder[k]])) ++exchanges;

    // The lowest S1 players that can go to S2.
    int left = exchanges;
    for (int k = pairs; k > 0 && left;) {
      --k;
      const int pi = remainder[k], v = bracket_[pi];
      if (pairs_down_in_group(b, v)) {
        for (int o = k + 1; o < count; ++o)
          if (Weight w = remainder_weight(pi, remainder[o], k, pairs); !w.is_zero()) {
            w -= low(1);
            set(v, bracket_[remainder[o]], w);
          }
        stable_ = solve();
      }
      const bool exchange = !pairs_down_in_group(b, v);
      left -= exchange;
      for (int o = k + 1; o < count; ++o) {
        if (exchange) base_[remainder[o]][pi] = Weight{};
        set(v, bracket_[remainder[o]], remainder_weight(pi, remainder[o], k, pairs));
      }
    }

    // The highest S2 players that can go to S1.
    left = exchanges;
    for (int k = pairs; k < count && left > 1; ++k) {
      const int pi = remainder[k], v = bracket_[pi];
      const bool already = pairs_down_in_group(b, v);
      if (!already) {
        for (int o = k + 1; o < count; ++o)
          if (Weight w = remainder_weight(pi, remainder[o], k, pairs); !w.is_zero()) {
            w += low(1);
            set(v, bracket_[remainder[o]], w);
          }
        stable_ = solve();
      }
      if (pairs_down_in_group(b, v)) {
        --left;
        for (int o = 0; o < k; ++o) {
          base_[pi][remainder[o]] = Weight{};
          set(v, bracket_[remainder[o]], Weight{});
        }
        for (int o = b.end; o < static_cast<int>(bracket_.size()); ++o) {
          base_[o][pi] = Weight{};
          set(v, bracket_[o], Weight{});
        }
      }
      if (!already)
        for (int o = k + 1; o < count; ++o) set(v, bracket_[remainder[o]], remainder_weight(pi, remainder[o], k, pairs));
    }

    // S1 is now fixed: only S1-S2 pairs keep their weights.
    for (int k = 0; k < count; ++k) {
      const int pv = bracket_[remainder[k]];
      for (int o = k + 1; o < count; ++o) {
        const int ov = bracket_[remainder[o]];
        if (!pairs_down_in_group(b, pv) || pairs_down_in_group(b, ov)) base_[remainder[o]][remainder[k]] = Weight{};
        set(pv, ov, base_[remainder[o]][remainder[k]]);
      }
    }

    // Each S1 player, in order, gets the highest S2 player still possible.
    // One whose current opponent is already that player is fixed at once (no
    // matching gains more); otherwise several are settled by one matching,
    // the first one's choice ranked in higher choice bits than the next one's.
    const unsigned rank_bits = static_cast<unsigned>(std::bit_width(static_cast<unsigned>(count) + 1));
    const int per_matching = std::max(1, static_cast<int>(layout_.choice_bits / rank_bits));
    auto favourite_of = [&](int k) {
      const int pi = remainder[k];
      for (int o = k + 1; o < count; ++o) {
        const int oi = remainder[o];
        if (!matched_[bracket_[oi]] && !base_[oi][pi].is_zero()) return bracket_[oi];
      }
      return -1;
    };
    for (int k = 0; k < count;) {
      const int first = bracket_[remainder[k]];
      if (!pairs_down_in_group(b, first)) {
        ++k;
        continue;
      }
      if (stable_[first] == favourite_of(k)) {
        matched_[first] = matched_[stable_[first]] = true;
        fix(first, stable_[first]);
        ++k;
        continue;
      }
      std::vector<int> chosen;  // remainder positions of this matching's S1 players
      for (; k < count && static_cast<int>(chosen.size()) < per_matching; ++k)
        if (pairs_down_in_group(b, bracket_[remainder[k]])) chosen.push_back(k);
      for (std::size_t c = 0; c < chosen.size(); ++c) {
        const int pi = remainder[chosen[c]], v = bracket_[pi];
        const unsigned shift = rank_bits * static_cast<unsigned>(chosen.size() - 1 - c);
        std::uint64_t rank = 1;
        for (int o = count - 1; o >= 0; --o) {
          const int oi = remainder[o], ov = bracket_[oi];
          if (oi <= pi || matched_[ov]) continue;
          if (Weight w = base_[oi][pi]; !w.is_zero()) {
            w += Weight(rank << shift);
            set(v, ov, w);
          }
          ++rank;
        }
      }
      stable_ = solve();
      for (int position : chosen) {
        const int v = bracket_[remainder[position]];
        const int mate = stable_[v];
        matched_[v] = matched_[mate] = true;
        fix(v, mate);
      }
    }
  }

  const std::vector<PlayerFacts>& players_;
  const WeightLayout& layout_;
  int n_;
  IncrementalMatching<Weight> matching_;
  std::vector<int> fixed_partner_;
  ByeContext bye_;
  std::vector<int> bracket_;
  std::vector<std::vector<Weight>> base_;
  std::vector<int> stable_;
  std::vector<bool> matched_;
  std::vector<int> partner_;
};

template <std::size_t Words>
std::optional<std::vector<int>> pair_with(const std::vector<PlayerFacts>& players, const WeightLayout& layout,
                                          const std::atomic<bool>* cancel) {
  return RoundPairer<Words>(players, layout, cancel).pair();
}

std::optional<std::vector<int>> pair_sorted(const std::vector<PlayerFacts>& players, const WeightLayout& layout,
                                            const std::atomic<bool>* cancel) {
  switch (layout.words) {
    case 1: return pair_with<1>(players, layout, cancel);
    case 2: return pair_with<2>(players, layout, cancel);
    case 3: return pair_with<3>(players, layout, cancel);
    case 4: return pair_with<4>(players, layout, cancel);
    case 6: return pair_with<6>(players, layout, cancel);
    case 8: return pair_with<8>(players, layout, cancel);
    case 12: return pair_with<12>(players, layout, cancel);
    case 16: return pair_with<16>(players, layout, cancel);
    case 24: return pair_with<24>(players, layout, cancel);
    case 32: return pair_with<32>(players, layout, cancel);
    case 64: return pair_with<64>(players, layout, cancel);
    default: return pair_with<128>(players, layout, cancel);
  }
}

// Round 1: nobody has a score, a colour or a float, so every criterion is
// met by B.3's pairing itself (S1's i-th player against S2's i-th, D.1's
// first transposition), and in an odd field C.5 and D leave the
// lowest-ranked player out for the bye. No matching needed.
std::vector<int> first_round_partners(int players) {
  std::vector<int> partner(players, -1);
  const int half = players / 2;
  for (int i = 0; i < half; ++i) {
    partner[i] = i + half;
    partner[i + half] = i;
  }
  return partner;  // an odd field's last player keeps -1: the bye
}

std::optional<std::vector<Board>> pair(const Tournament& tournament, bool first_round_directly,
                                       const std::atomic<bool>* cancel) {
  int played_rounds = 0;
  for (const auto& player : tournament.players)
    played_rounds = std::max(played_rounds, static_cast<int>(player.rounds.size()));
  auto players = gather_facts(tournament, played_rounds);
  if (static_cast<int>(players.size()) > kMaxPlayers)
    throw std::length_error(std::to_string(players.size()) + " players to pair: the Dutch pairer takes at most " +
                            std::to_string(kMaxPlayers));
  if (players.empty()) return std::vector<Board>{};
  if (players.size() == 1) {
    if (!players.front().bye_eligible) return std::nullopt;
    return std::vector<Board>{{players.front().number, 0}};
  }
  std::optional<std::vector<int>> partner;
  if (played_rounds == 0 && first_round_directly) {
    partner = first_round_partners(static_cast<int>(players.size()));
  } else {
    auto layout = lay_out_weights(players, played_rounds, tournament.total_rounds);
    partner = pair_sorted(players, layout, cancel);
  }
  if (!partner) return std::nullopt;
  std::vector<Board> boards;
  std::optional<Board> bye;
  for (int v = 0; v < static_cast<int>(players.size()); ++v) {
    int m = (*partner)[v];
    if (m < 0) {
      bye = Board{players[v].number, 0};
      continue;
    }
    if (m < v) continue;  // listed with the higher-placed player
    const PlayerFacts& first = players[v].number < players[m].number ? players[v] : players[m];
    const PlayerFacts& second = &first == &players[v] ? players[m] : players[v];
    Colour colour = colour_for(first, second, tournament.first_colour);
    boards.push_back(colour == Colour::white ? Board{first.number, second.number} : Board{second.number, first.number});
  }
  if (bye) boards.push_back(*bye);
  return boards;
}

}  // namespace

std::optional<std::vector<Board>> pair_next_round(const Tournament& tournament, const std::atomic<bool>* cancel) {
  return pair(tournament, true, cancel);
}

std::optional<std::vector<Board>> pair_next_round_by_matching(const Tournament& tournament) {
  return pair(tournament, false, nullptr);
}

}  // namespace arena::event::dutch
