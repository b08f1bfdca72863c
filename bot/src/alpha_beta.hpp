#pragma once
// Alpha-beta over atomic actions with iterative deepening and a node budget (not a
// clock: the same budget gives the same action). The pending player maximises or
// minimises `me`'s evaluation, so decisions of either player may follow each other
// in any order (GIPF removals inside a turn). A decision with one option costs no
// depth, and at depth 0 the search still looks through pending removals (settling).
// A small table of the best action per position orders the next iteration.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/color.hpp"
#include "evaluation.hpp"

namespace bot {

template <class State>
class AlphaBeta {
 public:
  using Action = typename State::ActionType;

  // `collect_line`: keep the principal line too (the analysis board), at a small cost per node.
  AlphaBeta(engine::Color me, std::uint64_t max_nodes, const std::function<bool()>& should_stop, bool collect_line = false)
      : me_(me), max_nodes_(max_nodes), should_stop_(should_stop), table_(table_size(max_nodes)), collect_(collect_line) {
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
        int value = search(child, depth - 1, best_value, kInfinity, 1);
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
  static constexpr std::size_t kMinTableSize = 1 << 8;
  static constexpr std::size_t kMaxTableSize = 1 << 15;
  static constexpr std::uint64_t kStopCheckInterval = 256;

  struct Entry {
    std::uint64_t hash = 0;
    std::optional<Action> best;
  };

  // About one entry per eight nodes: a small search does not clear a large table.
  static std::size_t table_size(std::uint64_t max_nodes) {
    std::size_t wanted = std::bit_ceil(static_cast<std::size_t>(std::min<std::uint64_t>(max_nodes / 8, kMaxTableSize)));
    return std::clamp(wanted, kMinTableSize, kMaxTableSize);
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
    int next_depth = actions.size() == 1 ? depth : depth - 1;
    Entry& entry = table_[state.hash() % table_.size()];
    if (entry.hash == state.hash() && entry.best) {
      auto it = std::find(actions.begin(), actions.end(), *entry.best);
      if (it != actions.end()) std::rotate(actions.begin(), it, it + 1);
    }
    bool maximising = state.pending().player == me_;
    int best = maximising ? -kInfinity : kInfinity;
    const Action* best_action = &actions.front();
    for (const Action& a : actions) {
      State child = state;
      child.apply_unchecked(a);
      int value = search(child, next_depth, alpha, beta, ply + 1);
      if (aborted_) return 0;
      if (maximising ? value > best : value < best) {
        best = value;
        best_action = &a;
        if (collect_) lines_[ply] = extend(a, ply + 1);
      }
      if (maximising) alpha = std::max(alpha, value);
      else beta = std::min(beta, value);
      if (alpha >= beta) break;
    }
    entry.hash = state.hash();
    entry.best = *best_action;
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
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
  int depth_ = 0;
  int value_ = 0;
  bool collect_ = false;
  std::vector<std::vector<Action>> lines_;  // by ply: the best line found below the node searched there
  std::vector<Action> line_;
};

}  // namespace bot
