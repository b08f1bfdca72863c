#pragma once
// Axial hex coordinates shared by both boards (RULES.md §1).
#include <array>
#include <cstdlib>

namespace engine {

struct Hex {
  int q = 0;
  int r = 0;
  friend constexpr bool operator==(Hex, Hex) = default;
  constexpr Hex operator+(Hex o) const { return {q + o.q, r + o.r}; }
};

// Index d and d + 3 are opposite; d % 3 is the axis of the line through both.
inline constexpr std::array<Hex, 6> kDirections{{{0, 1}, {1, 0}, {1, 1}, {0, -1}, {-1, 0}, {-1, -1}}};
inline constexpr int kAxes = 3;

constexpr int abs_value(int v) { return v < 0 ? -v : v; }
constexpr int hex_distance(Hex h) {
  int a = abs_value(h.q), b = abs_value(h.r), c = abs_value(h.q - h.r);
  return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

}  // namespace engine
