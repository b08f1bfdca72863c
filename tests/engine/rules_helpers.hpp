#pragma once
// Test helpers that read the same for both games: the engine's notation
// functions are found by argument-dependent lookup on the State type.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace rules_test {

// The legal actions of a state in notation, sorted.
template <class State>
std::vector<std::string> legal(const State& s) {
  std::vector<std::string> out;
  for (const auto& a : s.legal_actions()) out.push_back(to_notation(s, a));
  std::sort(out.begin(), out.end());
  return out;
}

// Plays one action written in notation; the test fails if it is refused.
template <class State>
void play(State& s, const std::string& text) {
  auto a = parse_action(s, text);
  REQUIRE_MESSAGE(a.ok(), (text + ": " + a.error));
  std::string reason = s.apply(a.value);
  REQUIRE_MESSAGE(reason.empty(), (text + ": " + reason));
}

}  // namespace rules_test
