#pragma once
// A small deterministic generator for playouts (tests and benchmarks).
#include <cstdint>

#include "engine/zobrist.hpp"

namespace test_support {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return engine::splitmix64(state_); }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t state_;
};

}  // namespace test_support
