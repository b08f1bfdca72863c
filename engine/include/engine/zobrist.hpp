#pragma once
// Compile-time Zobrist keys: a fixed splitmix64 sequence, so hashes are the same in
// every build and on every machine (they can be stored and compared).
#include <array>
#include <cstddef>
#include <cstdint>

namespace engine {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

template <std::size_t N>
constexpr std::array<std::uint64_t, N> zobrist_keys(std::uint64_t seed) {
  std::array<std::uint64_t, N> keys{};
  for (auto& k : keys) k = splitmix64(seed);
  return keys;
}

}  // namespace engine
