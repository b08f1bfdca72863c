#pragma once
// Alpha-beta over atomic actions with iterative deepening and a node budget (not a
// clock: the same budget gives the same action). The pending player maximises or
// minimises `me`'s evaluation, so decisions of either player may follow each other
// in any order (GIPF removals inside a turn). A decision with one option costs no
// depth, and at depth 0 the search still looks through pending removals (settling).
//
// What makes it search deep for its nodes (bot/README.md, "Algorithm"):
// - a transposition table by Zobrist hash: the best action (tried first), and the
//   value with its depth and bound, which ends a node already searched deep enough;
// - move ordering: the table's action, then two killer actions per ply (ones that
//   cut off a sibling), then the history of cut-offs by action (action_key.hpp);
// - principal variation search: after the first action, a null window proves the
//   others worse, and only one that is not is searched again with the full window.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "action_key.hpp"
#include "engine/color.hpp"
#include "evaluation.hpp"

namespace bot {

template <class State>
class AlphaBeta {
 public:
  using Action = typename State::ActionType;

  // `collect_line`: keep the principal line too (the analysis board), at a small cost
  // per node; the table then only orders actions (its values would cut lines short).
  AlphaBeta(engine::Color me, std::uint64_t max_nodes, const std::function<bool()>& should_stop, bool collect_line = false)
      : me_(me), max_nodes_(max_nodes), should_stop_(should_stop), table_(table_size(max_nodes)),
        mask_(table_.size() - 1), killers_(kMaxPly + 2), history_(2 * kActionKeys, 0), collect_(collect_line) {
    if (collect_) lines_.resize(kMaxPly + 2);
  }

  // The best of `actions` (legal in `root`, at least one) within the budget; among
  // equal values the earlier one in `actions`.
  Action best(const State& root, std::vector<Action> actions) {
    Action chosen = actions.front();
    value_ = 0;
    for (int depth = 1; depth <= kMaxDepth && !aborted_; ++depth) {
      depth_ = depth;
      std::optional<Action> iteration_best;
      std::vector<Action> iteration_line;
      int best_value = -kInfinity;
      for (const Action& a : actions) {
        State child = root;
        child.apply_unchecked(a);
        int value;
        if (!iteration_best || collect_) {
          value = search(child, depth - 1, best_value, kInfinity, 1);
        } else {
          value = search(child, depth - 1, best_value, best_value + 1, 1);  // worse than the best so far?
          if (!aborted_ && value > best_value) value = search(child, depth - 1, best_value, kInfinity, 1);
        }
        if (aborted_) break;
        if (!iteration_best || value > best_value) {
          best_value = value;
          iteration_best = a;
          if (collect_) iteration_line = extend(a, 1);
        }
      }
      // A partial iteration searched the previous best first: anything it preferred is better.
      if (iteration_best) {
        chosen = *iteration_best;
        value_ = best_value;
        line_ = std::move(iteration_line);
      }
      if (aborted_ || best_value >= kWin - kMaxPly || best_value <= -kWin + kMaxPly) break;
      auto it = std::find(actions.begin(), actions.end(), chosen);
      std::rotate(actions.begin(), it, it + 1);
    }
    return chosen;
  }

  // The value of best()'s action for `me` (kWin - plies: a win found).
  int value() const { return value_; }
  // The line best() expects from the root, its action first (collect_line only).
  const std::vector<Action>& line() const { return line_; }

  std::uint64_t nodes() const { return nodes_; }
  int depth() const { return depth_; }  // the deepest iteration begun

 private:
  static constexpr int kInfinity = 2 * kWin;
  static constexpr int kMaxDepth = 64;
  static constexpr int kMaxPly = 200;
  static constexpr std::size_t kMinTableSize = 1 << 10;
  static constexpr std::size_t kMaxTableSize = 1 << 17;
  static constexpr std::uint64_t kStopCheckInterval = 256;
  static constexpr int kHashMoveScore = 1 << 30;
  static constexpr int kKillerScore = 1 << 29;
  static constexpr int kMaxHistory = 1 << 28;

  enum class Bound : std::uint8_t { Exact, Lower, Upper };

  struct Entry {
    std::uint64_t hash = 0;
    std::optional<Action> best;
    int value = 0;     // from the node's side of the ply: wins stored as distance from it
    int depth = -1;    // the remaining depth it was searched to
    Bound bound = Bound::Exact;
  };

  // About one entry per four nodes: a small search does not clear a large table.
  static std::size_t table_size(std::uint64_t max_nodes) {
    std::size_t wanted = std::bit_ceil(static_cast<std::size_t>(std::min<std::uint64_t>(max_nodes / 4, kMaxTableSize)));
    return std::clamp(wanted, kMinTableSize, kMaxTableSize);
  }

  // Wins are scored kWin - ply from the root; the table keeps them from the node.
  static int to_table(int value, int ply) {
    if (value >= kWin - kMaxPly * 2) return value + ply;
    if (value <= -kWin + kMaxPly * 2) return value - ply;
    return value;
  }
  static int from_table(int value, int ply) {
    if (value >= kWin - kMaxPly * 2) return value - ply;
    if (value <= -kWin + kMaxPly * 2) return value + ply;
    return value;
  }

  bool out_of_budget() {
    if (nodes_ >= max_nodes_) return true;
    return nodes_ % kStopCheckInterval == 0 && should_stop_ && should_stop_();
  }

  int terminal_value(const State& state, int ply) const {
    const auto& winner = state.result().winner;
    if (!winner) return 0;
    return *winner == me_ ? kWin - ply : -kWin + ply;
  }

  // The table's action first, then the killers of the ply, then by history.
  void order(std::vector<Action>& actions, const std::optional<Action>& hash_move, int ply, int side) {
    if (actions.size() < 2) return;
    scored_.clear();
    const auto& killers = killers_[ply];
    const int* history = &history_[static_cast<std::size_t>(side) * kActionKeys];
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const Action& a = actions[i];
      int score = history[action_key(a)];
      if (hash_move && a == *hash_move) score = kHashMoveScore;
      else if (killers[0] && a == *killers[0]) score = kKillerScore + 1;
      else if (killers[1] && a == *killers[1]) score = kKillerScore;
      scored_.push_back({score, i});
    }
    std::stable_sort(scored_.begin(), scored_.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    ordered_.clear();
    for (const auto& [score, i] : scored_) ordered_.push_back(actions[i]);
    actions.swap(ordered_);
  }

  void remember_cutoff(const Action& a, int depth, int ply, int side) {
    auto& killers = killers_[ply];
    if (!(killers[0] && *killers[0] == a)) {
      killers[1] = killers[0];
      killers[0] = a;
    }
    int& h = history_[static_cast<std::size_t>(side) * kActionKeys + action_key(a)];
    h += std::max(depth, 1) * std::max(depth, 1);
    if (h > kMaxHistory)
      for (int& x : history_) x /= 2;
  }

  int search(const State& state, int depth, int alpha, int beta, int ply) {
    if (aborted_ || out_of_budget()) {
      aborted_ = true;
      return 0;
    }
    ++nodes_;
    if (collect_) lines_[ply].clear();
    if (state.result().over) return terminal_value(state, ply);
    if (ply >= kMaxPly || (depth <= 0 && !settling(state))) return evaluate(state, me_);
    std::vector<Action> actions;
    state.legal_actions(actions);
    if (actions.empty()) return evaluate(state, me_);  // no decision to take: nothing to search
    const int next_depth = actions.size() == 1 ? depth : depth - 1;
    const std::uint64_t hash = state.hash();
    Entry& entry = table_[hash & mask_];
    std::optional<Action> hash_move;
    if (entry.hash == hash) {
      hash_move = entry.best;
      if (!collect_ && entry.depth >= depth) {
        const int v = from_table(entry.value, ply);
        if (entry.bound == Bound::Exact || (entry.bound == Bound::Lower && v >= beta) ||
            (entry.bound == Bound::Upper && v <= alpha))
          return v;
      }
    }
    const bool maximising = state.pending().player == me_;
    const int side = maximising ? 0 : 1;
    order(actions, hash_move, ply, side);
    const int alpha0 = alpha;
    const int beta0 = beta;
    int best = maximising ? -kInfinity : kInfinity;
    std::size_t best_index = 0;
    for (std::size_t i = 0; i < actions.size(); ++i) {
      State child = state;
      child.apply_unchecked(actions[i]);
      int value;
      if (i == 0 || collect_) {
        value = search(child, next_depth, alpha, beta, ply + 1);
      } else if (maximising) {
        value = search(child, next_depth, alpha, alpha + 1, ply + 1);
        if (!aborted_ && value > alpha && value < beta) value = search(child, next_depth, alpha, beta, ply + 1);
      } else {
        value = search(child, next_depth, beta - 1, beta, ply + 1);
        if (!aborted_ && value < beta && value > alpha) value = search(child, next_depth, alpha, beta, ply + 1);
      }
      if (aborted_) return 0;
      if (maximising ? value > best : value < best) {
        best = value;
        best_index = i;
        if (collect_) lines_[ply] = extend(actions[i], ply + 1);
      }
      if (maximising) alpha = std::max(alpha, value);
      else beta = std::min(beta, value);
      if (alpha >= beta) {
        remember_cutoff(actions[i], depth, ply, side);
        break;
      }
    }
    entry.hash = hash;
    entry.best = actions[best_index];
    entry.value = to_table(best, ply);
    entry.depth = depth;
    entry.bound = best <= alpha0 ? Bound::Upper : best >= beta0 ? Bound::Lower : Bound::Exact;
    return best;
  }

  // `a` followed by the line found below it (at `ply`).
  std::vector<Action> extend(const Action& a, int ply) const {
    std::vector<Action> out{a};
    out.insert(out.end(), lines_[ply].begin(), lines_[ply].end());
    return out;
  }

  engine::Color me_;
  std::uint64_t max_nodes_;
  const std::function<bool()>& should_stop_;
  std::vector<Entry> table_;
  std::uint64_t mask_;
  std::vector<std::array<std::optional<Action>, 2>> killers_;  // by ply
  std::vector<int> history_;                                   // by side (0: me), then action_key
  std::vector<std::pair<int, std::size_t>> scored_;            // order()'s scratch
  std::vector<Action> ordered_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
  int depth_ = 0;
  int value_ = 0;
  bool collect_ = false;
  std::vector<std::vector<Action>> lines_;  // by ply: the best line found below the node searched there
  std::vector<Action> line_;
};

}  // namespace bot
