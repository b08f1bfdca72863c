#pragma once
// perft: the number of sequences of DEPTH chosen actions from a position. Forced
// actions (a decision with one option) are taken on the way and are not counted.
// The counts are the engine's regression signature.
#include <cstdint>
#include <vector>

namespace engine {

template <class State>
void take_forced(State& state, std::vector<typename State::ActionType>& scratch) {
  while (!state.result().over) {
    state.legal_actions(scratch);
    if (scratch.size() != 1) return;
    state.apply_unchecked(scratch.front());
  }
}

// Takes forced actions and leaves the legal actions of the position reached in
// `actions` (empty once the game is over).
template <class State>
void settle(State& state, std::vector<typename State::ActionType>& actions) {
  actions.clear();
  while (!state.result().over) {
    state.legal_actions(actions);
    if (actions.size() != 1) return;
    state.apply_unchecked(actions.front());
    actions.clear();
  }
}

// The number of legal actions once forced actions are taken, as settle() would
// leave them; counted without listing them when the state can.
template <class State>
std::uint64_t settled_count(State& state, std::vector<typename State::ActionType>& scratch) {
  if constexpr (requires { state.legal_action_count(); }) {
    while (!state.result().over) {
      int count = state.legal_action_count();
      if (count != 1) return static_cast<std::uint64_t>(count);
      state.legal_actions(scratch);
      state.apply_unchecked(scratch.front());
    }
    return 0;
  } else {
    settle(state, scratch);
    return scratch.size();
  }
}

// buffers[depth] already holds the legal actions of `state`.
template <class State>
std::uint64_t perft_settled(const State& state, int depth, std::vector<std::vector<typename State::ActionType>>& buffers) {
  const auto& actions = buffers[depth];
  if (depth <= 1) return depth == 0 ? 1 : actions.size();
  std::uint64_t total = 0;
  for (const auto& action : actions) {
    State child = state;
    child.apply_unchecked(action);
    if (depth == 2) {
      total += settled_count(child, buffers[1]);
    } else {
      settle(child, buffers[depth - 1]);
      total += perft_settled(child, depth - 1, buffers);
    }
  }
  return total;
}

template <class State>
std::uint64_t perft(const State& state, int depth) {
  if (depth == 0) return 1;
  std::vector<std::vector<typename State::ActionType>> buffers(depth + 1);
  state.legal_actions(buffers[depth]);
  return perft_settled(state, depth, buffers);
}

}  // namespace engine
