#pragma once
// The GIPF board (RULES.md §1.1): 61 cells = 37 points + 24 dots, the 21 lines
// through the play area and the 42 pushes. All tables are built at compile time.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/hex.hpp"

namespace engine::gipf {

inline constexpr int kCells = 61;
inline constexpr int kPoints = 37;
inline constexpr int kDots = 24;
inline constexpr int kPushes = 42;
inline constexpr int kLines = 21;      // lines of points, 7 per axis
inline constexpr int kLinesPerAxis = 7;
inline constexpr int kMaxLinePoints = 7;
inline constexpr int kColumns = 9;

// A cell is its index in column-then-number order (a1 = 0 … i5 = 60), so sorting
// cells sorts them the way the notation lists them.
using Cell = std::int8_t;
inline constexpr Cell kNoCell = -1;
using CellMask = std::uint64_t;  // bit i = cell i
constexpr CellMask bit(Cell c) { return CellMask{1} << c; }

// One colour's pieces seen along the lines of one axis: line `slot` is byte `slot`,
// its k-th point bit k. Bit 7 of every byte stays empty, so runs never cross lines.
using LineWord = std::uint64_t;
using LineWords = std::array<LineWord, kAxes>;
// Bits that start four set bits in a row.
constexpr LineWord runs_of_four(LineWord w) { return w & (w >> 1) & (w >> 2) & (w >> 3); }

struct PushMove {
  Cell dot = kNoCell;
  std::int8_t direction = 0;  // index into kDirections
  std::int8_t length = 0;     // points between the dot and the far dot
  std::array<Cell, kMaxLinePoints> path{};  // path[0] is the entry point
  std::int8_t line = -1;      // the line the path runs along (all of it)
  std::int8_t axis = 0;       // that line's axis
  LineWord line_bits = 0;     // that line's points in its axis' LineWord
};

struct Line {
  std::int8_t axis = 0;
  std::int8_t slot = 0;  // its byte in the axis' LineWord (see LineWords)
  std::int8_t length = 0;
  std::array<Cell, kMaxLinePoints> cells{};
};

struct Geometry {
  std::array<Hex, kCells> hex{};
  std::array<std::int8_t, kCells> column{};
  std::array<std::int8_t, kCells> number{};
  std::array<bool, kCells> is_dot{};
  std::array<std::array<Cell, 6>, kCells> neighbour{};
  std::array<std::array<Cell, kColumns>, kColumns> grid{};  // [q + 4][r + 4]
  std::array<PushMove, kPushes> pushes{};
  std::array<Line, kLines> lines{};
  std::array<std::int8_t, kColumns> column_length{};
  std::array<std::array<std::int8_t, kAxes>, kCells> line_bit{};  // per axis; -1 on dots
};

constexpr int column_length_of(int column) { return 5 + (column < 4 ? column : 8 - column); }

constexpr Geometry make_geometry() {
  Geometry g{};
  for (auto& row : g.grid) row.fill(kNoCell);
  int index = 0;
  for (int col = 0; col < kColumns; ++col) {
    g.column_length[col] = static_cast<std::int8_t>(column_length_of(col));
    for (int n = 1; n <= column_length_of(col); ++n, ++index) {
      int q = col - 4;
      int r = n - 5 + (q > 0 ? q : 0);
      g.hex[index] = {q, r};
      g.column[index] = static_cast<std::int8_t>(col);
      g.number[index] = static_cast<std::int8_t>(n);
      g.is_dot[index] = hex_distance({q, r}) == 4;
      g.grid[q + 4][r + 4] = static_cast<Cell>(index);
    }
  }
  auto at = [&g](Hex h) -> Cell {
    if (h.q < -4 || h.q > 4 || h.r < -4 || h.r > 4) return kNoCell;
    return g.grid[h.q + 4][h.r + 4];
  };
  for (int c = 0; c < kCells; ++c)
    for (int d = 0; d < 6; ++d) g.neighbour[c][d] = at(g.hex[c] + kDirections[d]);

  int p = 0;
  for (int c = 0; c < kCells; ++c) {
    if (!g.is_dot[c]) continue;
    for (int d = 0; d < 6; ++d) {
      Cell entry = g.neighbour[c][d];
      if (entry == kNoCell || g.is_dot[entry]) continue;
      PushMove& m = g.pushes[p++];
      m.dot = static_cast<Cell>(c);
      m.direction = static_cast<std::int8_t>(d);
      for (Cell x = entry; !g.is_dot[x]; x = g.neighbour[x][d]) m.path[m.length++] = x;
    }
  }
  int l = 0;
  for (int axis = 0; axis < kAxes; ++axis) {
    for (int c = 0; c < kCells; ++c) {
      if (g.is_dot[c] || !g.is_dot[g.neighbour[c][axis + 3]]) continue;
      Line& line = g.lines[l];
      line.axis = static_cast<std::int8_t>(axis);
      line.slot = static_cast<std::int8_t>(l % kLinesPerAxis);
      for (Cell x = static_cast<Cell>(c); !g.is_dot[x]; x = g.neighbour[x][axis]) {
        g.line_bit[x][axis] = static_cast<std::int8_t>(8 * line.slot + line.length);
        line.cells[line.length++] = x;
      }
      ++l;
    }
  }
  for (int c = 0; c < kCells; ++c)
    if (g.is_dot[c]) g.line_bit[c].fill(-1);
  for (PushMove& m : g.pushes) {
    int axis = m.direction % kAxes;
    int slot = g.line_bit[m.path[0]][axis] / 8;
    m.line = static_cast<std::int8_t>(axis * kLinesPerAxis + slot);
    m.axis = static_cast<std::int8_t>(axis);
    m.line_bits = ((LineWord{1} << m.length) - 1) << (8 * slot);
  }
  return g;
}

inline constexpr Geometry kBoard = make_geometry();
// Line l is slot l % 7 of axis l / 7: scanning axis words in order visits lines in order.
static_assert([] {
  for (int l = 0; l < kLines; ++l)
    if (kBoard.lines[l].axis != l / kLinesPerAxis || kBoard.lines[l].slot != l % kLinesPerAxis) return false;
  return true;
}());

constexpr bool is_point(Cell c) { return c >= 0 && c < kCells && !kBoard.is_dot[c]; }
constexpr bool is_dot(Cell c) { return c >= 0 && c < kCells && kBoard.is_dot[c]; }

std::string cell_name(Cell c);
// Parses "e5" / "E5". Returns kNoCell-free result or nullopt for anything else.
std::optional<Cell> parse_cell(std::string_view text);
// Cells of `mask` in column-then-number order, joined by `separator`: "b2,c3,d4".
std::string cell_list(CellMask mask, char separator = ',');
// The push from `dot` whose path contains `point`, if any.
std::optional<int> find_push(Cell dot, Cell point);

}  // namespace engine::gipf
