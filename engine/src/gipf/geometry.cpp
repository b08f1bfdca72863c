#include "engine/gipf/geometry.hpp"

#include <bit>

#include "engine/text.hpp"

namespace engine::gipf {

std::string cell_name(Cell c) {
  if (c < 0 || c >= kCells) return "?";
  return coordinate_name(kBoard.column[c], kBoard.number[c]);
}

std::optional<Cell> parse_cell(std::string_view text) {
  auto coordinate = parse_coordinate(text);
  if (!coordinate || coordinate->column < 0 || coordinate->column >= kColumns) return std::nullopt;
  int column = coordinate->column, number = coordinate->number;
  if (number > kBoard.column_length[column]) return std::nullopt;
  int q = column - 4;
  int r = number - 5 + (q > 0 ? q : 0);
  return kBoard.grid[q + 4][r + 4];
}

std::string cell_list(CellMask mask, char separator) {
  std::string out;
  for (; mask; mask &= mask - 1) {
    if (!out.empty()) out += separator;
    out += cell_name(static_cast<Cell>(std::countr_zero(mask)));
  }
  return out;
}

std::optional<int> find_push(Cell dot, Cell point) {
  for (int p = 0; p < kPushes; ++p) {
    const PushMove& m = kBoard.pushes[p];
    if (m.dot != dot) continue;
    for (int i = 0; i < m.length; ++i)
      if (m.path[i] == point) return p;
  }
  return std::nullopt;
}

}  // namespace engine::gipf
