#pragma once
// What the match tool and the tuner share when the computer plays itself: the
// step limit, the random opening, numbers printed with a fixed precision.
#include <cstdint>
#include <cstdio>
#include <string>

#include "engine/registry.hpp"
#include "engine/zobrist.hpp"

namespace tool {

// Games that have not ended after this many steps are stopped (counted as draws,
// or left out of a fit).
inline constexpr int kMaxSteps = 3000;

// Plays up to `decisions` uniformly random actions from `seed` (a pair's two games
// pass the same seed: the same opening).
inline void play_random_opening(engine::AnyGame& game, int decisions, std::uint64_t seed) {
  for (int i = 0; i < decisions && !game.result().over; ++i) {
    auto legal = game.legal_notation();
    if (legal.empty()) return;
    game.play(legal[engine::splitmix64(seed) % legal.size()]);
  }
}

inline std::string fixed(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

}  // namespace tool
