#pragma once
// A small seeded generator (splitmix64) for whoever needs chance over the
// engine: the bot's tie-breaks, playouts in tests and benchmarks. A value the
// caller owns, never a global, so equal seeds give equal games.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/zobrist.hpp"

namespace engine {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return splitmix64(state_); }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

  template <class T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace engine
