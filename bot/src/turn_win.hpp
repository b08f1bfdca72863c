#pragma once
// A win within the current turn: an action after which `me` wins whatever the
// opponent decides before the turn ends (the opponent's own row removals inside the
// turn included). Every level plays it when there is one.
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/color.hpp"

namespace bot {

template <class State>
class TurnWinFinder {
 public:
  using Action = typename State::ActionType;

  TurnWinFinder(engine::Color me, std::uint64_t max_nodes) : me_(me), nodes_left_(max_nodes) {}

  // The first of `actions` (legal in `state`) that wins this turn, if found within the budget.
  std::optional<Action> find(const State& state, const std::vector<Action>& actions) {
    for (const Action& a : actions) {
      State child = state;
      child.apply_unchecked(a);
      if (wins(child, state.turn())) return a;
    }
    return std::nullopt;
  }

 private:
  bool wins(const State& state, engine::Color turn_owner) {
    const auto& result = state.result();
    if (result.over) return result.winner == me_;
    if (state.turn() != turn_owner || nodes_left_ == 0) return false;
    --nodes_left_;
    std::vector<Action> actions;
    state.legal_actions(actions);
    bool mine = state.pending().player == me_;
    for (const Action& a : actions) {
      State child = state;
      child.apply_unchecked(a);
      bool won = wins(child, turn_owner);
      if (mine && won) return true;
      if (!mine && !won) return false;
    }
    return !mine && !actions.empty();
  }

  engine::Color me_;
  std::uint64_t nodes_left_;
};

}  // namespace bot
