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

template <class State>
std::uint64_t perft(const State& state, int depth, std::vector<std::vector<typename State::ActionType>>& buffers) {
  if (depth == 0) return 1;
  auto& actions = buffers[depth];
  state.legal_actions(actions);
  if (depth == 1) return actions.size();
  std::uint64_t total = 0;
  for (const auto& action : actions) {
    State child = state;
    child.apply_unchecked(action);
    take_forced(child, buffers[0]);
    total += perft(child, depth - 1, buffers);
  }
  return total;
}

template <class State>
std::uint64_t perft(const State& state, int depth) {
  std::vector<std::vector<typename State::ActionType>> buffers(depth + 1);
  return perft(state, depth, buffers);
}

}  // namespace engine
