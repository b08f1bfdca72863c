#include "board_field.hpp"

#include <algorithm>
#include <cctype>

#include "engine/text.hpp"

namespace engine {

std::string board_field(const std::vector<char>& cells, const std::vector<int>& lengths) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t column = 0; column < lengths.size(); ++column) {
    if (column > 0) out += '/';
    int empty = 0;
    for (int i = 0; i < lengths[column]; ++i, ++at) {
      if (cells[at] == '.') {
        ++empty;
        continue;
      }
      if (empty > 0) out += std::to_string(empty);
      empty = 0;
      out += cells[at];
    }
    if (empty > 0) out += std::to_string(empty);
  }
  return out;
}

std::optional<std::vector<char>> parse_board_field(std::string_view text, const std::vector<int>& lengths,
                                                   std::string_view letters, std::string& error) {
  std::vector<char> cells;
  std::size_t column = 0;
  int filled = 0;  // points of the current column read so far
  auto column_done = [&]() {
    if (filled == lengths[column]) return true;
    error = "column " + std::string(1, static_cast<char>('a' + column)) + " has " + std::to_string(lengths[column]) +
            " points, the board gives " + std::to_string(filled);
    return false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '/') {
      if (!column_done()) return std::nullopt;
      if (++column == lengths.size()) return error = "more than " + std::to_string(lengths.size()) + " columns", std::nullopt;
      filled = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) n = std::min(n * 10 + (text[i++] - '0'), 1000);
      --i;
      if (n == 0 || filled + n > lengths[column]) return error = "an empty run that does not fit its column", std::nullopt;
      cells.insert(cells.end(), static_cast<std::size_t>(n), '.');
      filled += n;
    } else if (letters.find(c) != std::string_view::npos) {
      if (filled == lengths[column]) return error = "a piece beyond the end of its column", std::nullopt;
      cells.push_back(c);
      ++filled;
    } else {
      return error = std::string("'") + c + "' is neither a piece (" + std::string(letters) + ") nor a number", std::nullopt;
    }
  }
  if (!column_done()) return std::nullopt;
  if (column + 1 != lengths.size()) return error = "the board has " + std::to_string(lengths.size()) + " columns", std::nullopt;
  return cells;
}

std::vector<std::string_view> position_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  for (std::string_view f : split(trim(text), " _"))
    if (!f.empty()) fields.push_back(f);
  return fields;
}

char side_letter(Color c) { return c == Color::White ? 'w' : 'b'; }

std::optional<Color> parse_side_letter(std::string_view text) {
  if (text == "w") return Color::White;
  if (text == "b") return Color::Black;
  return std::nullopt;
}

}  // namespace engine
