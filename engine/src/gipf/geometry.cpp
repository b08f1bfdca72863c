#include "engine/gipf/geometry.hpp"

#include <bit>

namespace engine::gipf {

std::string cell_name(Cell c) {
  if (c < 0 || c >= kCells) return "?";
  std::string name;
  name += static_cast<char>('a' + kBoard.column[c]);
  name += std::to_string(kBoard.number[c]);
  return name;
}

std::optional<Cell> parse_cell(std::string_view text) {
  if (text.size() < 2 || text.size() > 2) return std::nullopt;  // numbers are 1..9
  char letter = text[0];
  if (letter >= 'A' && letter <= 'Z') letter = static_cast<char>(letter - 'A' + 'a');
  if (letter < 'a' || letter >= 'a' + kColumns) return std::nullopt;
  if (text[1] < '1' || text[1] > '9') return std::nullopt;
  int column = letter - 'a';
  int number = text[1] - '0';
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
