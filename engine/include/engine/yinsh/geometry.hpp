#pragma once
// The YINSH board (RULES.md §1.2): 85 points, a hexagon of radius 5 around f6
// without its six corners; numbering does not restart: q = column - 5, r = n - 6.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/hex.hpp"

namespace engine::yinsh {

inline constexpr int kPoints = 85;
inline constexpr int kColumns = 11;
inline constexpr int kMaxLineLength = 11;
inline constexpr int kMaxLines = 3 * 11;

// A point is its index in column-then-number order (a2 = 0 … k10 = 84).
using Cell = std::int8_t;
inline constexpr Cell kNoCell = -1;

// Markers of one colour along all 33 lines: each line is a run of bits in one word,
// lines in order and followed by an empty bit, so runs never cross lines.
inline constexpr int kLineWords = 5;
using LineWords = std::array<std::uint64_t, kLineWords>;
// Bits that start five set bits in a row.
constexpr std::uint64_t runs_of_five(std::uint64_t w) { return w & (w >> 1) & (w >> 2) & (w >> 3) & (w >> 4); }

struct LineBit {
  std::int8_t word = -1;
  std::int8_t bit = 0;
};

struct Line {
  std::int8_t axis = 0;
  std::int8_t length = 0;
  std::array<Cell, kMaxLineLength> cells{};
};

struct Geometry {
  std::array<Hex, kPoints> hex{};
  std::array<std::int8_t, kPoints> column{};
  std::array<std::int8_t, kPoints> number{};
  std::array<std::array<Cell, 6>, kPoints> neighbour{};
  std::array<std::array<Cell, 11>, 11> grid{};  // [q + 5][r + 5]
  std::array<std::int8_t, kColumns> first_number{};
  std::array<std::int8_t, kColumns> last_number{};
  std::array<Line, kMaxLines> lines{};
  int line_count = 0;
  std::array<std::array<LineBit, kAxes>, kPoints> line_bit{};  // the point in LineWords, per axis
  std::array<std::array<Cell, 64>, kLineWords> bit_cell{};    // and back (kNoCell between lines)
};

constexpr bool on_board(Hex h) {
  if (hex_distance(h) > 5) return false;
  bool corner = (abs_value(h.q) == 5 || abs_value(h.r) == 5 || abs_value(h.q - h.r) == 5) &&
                (h.q == 0 || h.r == 0 || h.q == h.r);
  return !corner;
}

constexpr Geometry make_geometry() {
  Geometry g{};
  for (auto& row : g.grid) row.fill(kNoCell);
  int index = 0;
  for (int col = 0; col < kColumns; ++col) {
    g.first_number[col] = 0;
    for (int n = 1; n <= 11; ++n) {
      Hex h{col - 5, n - 6};
      if (!on_board(h)) continue;
      if (g.first_number[col] == 0) g.first_number[col] = static_cast<std::int8_t>(n);
      g.last_number[col] = static_cast<std::int8_t>(n);
      g.hex[index] = h;
      g.column[index] = static_cast<std::int8_t>(col);
      g.number[index] = static_cast<std::int8_t>(n);
      g.grid[h.q + 5][h.r + 5] = static_cast<Cell>(index);
      ++index;
    }
  }
  auto at = [&g](Hex h) -> Cell {
    if (h.q < -5 || h.q > 5 || h.r < -5 || h.r > 5) return kNoCell;
    return g.grid[h.q + 5][h.r + 5];
  };
  for (int c = 0; c < kPoints; ++c)
    for (int d = 0; d < 6; ++d) g.neighbour[c][d] = at(g.hex[c] + kDirections[d]);
  for (int axis = 0; axis < kAxes; ++axis) {
    for (int c = 0; c < kPoints; ++c) {
      if (g.neighbour[c][axis + 3] != kNoCell) continue;  // not the start of its line
      Line& line = g.lines[g.line_count++];
      line.axis = static_cast<std::int8_t>(axis);
      for (Cell x = static_cast<Cell>(c); x != kNoCell; x = g.neighbour[x][axis]) line.cells[line.length++] = x;
    }
  }
  for (auto& word : g.bit_cell) word.fill(kNoCell);
  int word = 0, next_bit = 0;
  for (int l = 0; l < g.line_count; ++l) {
    const Line& line = g.lines[l];
    if (next_bit + line.length > 64) word++, next_bit = 0;
    if (word >= kLineWords) throw "kLineWords is too small";  // fails the constant evaluation
    for (int i = 0; i < line.length; ++i, ++next_bit) {
      g.line_bit[line.cells[i]][line.axis] = {static_cast<std::int8_t>(word), static_cast<std::int8_t>(next_bit)};
      g.bit_cell[word][next_bit] = line.cells[i];
    }
    ++next_bit;  // the empty bit after the line
  }
  return g;
}

inline constexpr Geometry kBoard = make_geometry();

std::string cell_name(Cell c);
std::optional<Cell> parse_cell(std::string_view text);
// The direction (0..5) in which `to` lies on a straight line from `from`, if any.
std::optional<int> direction_between(Cell from, Cell to);

}  // namespace engine::yinsh
