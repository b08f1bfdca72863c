#include "engine/yinsh/geometry.hpp"

#include "engine/text.hpp"

namespace engine::yinsh {

std::string cell_name(Cell c) {
  if (c < 0 || c >= kPoints) return "?";
  return coordinate_name(kBoard.column[c], kBoard.number[c]);
}

std::optional<Cell> parse_cell(std::string_view text) {
  auto coordinate = parse_coordinate(text);
  if (!coordinate || coordinate->column < 0 || coordinate->column >= kColumns) return std::nullopt;
  int column = coordinate->column, number = coordinate->number;
  if (number < kBoard.first_number[column] || number > kBoard.last_number[column]) return std::nullopt;
  return kBoard.grid[column][number - 6 + 5];
}

std::optional<int> direction_between(Cell from, Cell to) {
  if (from == to || from < 0 || to < 0) return std::nullopt;
  Hex a = kBoard.hex[from], b = kBoard.hex[to];
  int dq = b.q - a.q, dr = b.r - a.r;
  for (int d = 0; d < 6; ++d) {
    Hex dir = kDirections[d];
    int steps = dir.q != 0 ? dq / dir.q : dr / dir.r;
    if (steps > 0 && dir.q * steps == dq && dir.r * steps == dr) return d;
  }
  return std::nullopt;
}

}  // namespace engine::yinsh
