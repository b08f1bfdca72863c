#include "engine/gipf/notation.hpp"

#include <bit>

namespace engine::gipf {
namespace {

Parsed<Cell> read_cell(std::string_view text, std::size_t& pos) {
  std::string_view token = read_coordinate(text, pos);
  if (token.empty()) return {kNoCell, "expected a cell such as e5 at " + excerpt(text.substr(pos))};
  auto cell = parse_cell(token);
  if (!cell) return {kNoCell, excerpt(token) + " is not a cell of the GIPF board"};
  return {*cell, {}};
}

Parsed<Action> parse_push(const State& state, std::string_view text, bool gipf) {
  std::size_t pos = 0;
  auto dot = read_cell(text, pos);
  if (!dot.ok()) return {{}, dot.error};
  if (!is_dot(dot.value))
    return {{}, cell_name(dot.value) + " is a point, not a dot: a push starts on a dot"};
  if (pos >= text.size() || text[pos] != '-')
    return {{}, "expected '-' after the dot " + cell_name(dot.value)};
  ++pos;
  auto point = read_cell(text, pos);
  if (!point.ok()) return {{}, point.error};
  if (pos != text.size()) return {{}, "unexpected " + excerpt(text.substr(pos)) + " after the push"};
  if (is_dot(point.value))
    return {{}, cell_name(point.value) + " is a dot, not a point: a push ends on a point"};
  auto push = find_push(dot.value, point.value);
  if (!push)
    return {{}, "no line leads from " + cell_name(dot.value) + " to " + cell_name(point.value)};
  const PushMove& m = kBoard.pushes[*push];
  Cell end = state.push_end(*push);
  if (point.value != m.path[0] && point.value != end) {
    if (end == kNoCell)
      return {{}, "the line from " + cell_name(dot.value) + " through " + cell_name(m.path[0]) + " is full"};
    return {{}, "the push from " + cell_name(dot.value) + " through " + cell_name(m.path[0]) + " ends on " +
                    cell_name(end) + ", not " + cell_name(point.value)};
  }
  return {Action::make_push(*push, gipf), {}};
}

Parsed<CellMask> read_points(std::string_view text) {
  std::size_t pos = 0;
  CellMask mask = 0;
  while (true) {
    auto cell = read_cell(text, pos);
    if (!cell.ok()) return {0, cell.error};
    if (is_dot(cell.value)) return {0, cell_name(cell.value) + " is a dot: only points hold pieces"};
    if (mask & bit(cell.value)) return {0, cell_name(cell.value) + " is listed twice"};
    mask |= bit(cell.value);
    if (pos == text.size()) return {mask, {}};
    if (text[pos] != ',') return {0, "expected ',' between points, found " + excerpt(text.substr(pos))};
    ++pos;
  }
}

Parsed<Action> parse_row_action(const State& state, std::string_view text, bool keep) {
  auto points = read_points(text);
  if (!points.ok()) return {{}, points.error};
  if (state.pending().kind == Pending::Kind::None) return {{}, "the game is over"};
  Color c = state.pending().player;
  std::string who(color_title(c));
  RowList rows;
  state.rows(c, rows);
  if (rows.empty()) return {{}, who + " has no row to remove"};
  CellMask m = points.value;
  const Row* best = nullptr;
  int best_overlap = -1;
  for (const Row& row : rows) {
    bool fits = keep ? row.extent == m : (m & ~row.extent) == 0 && (row.singles & ~m) == 0;
    if (fits) {
      if (keep && row.singles) return {{}, "only a row made only of GIPF pieces may be left on the board"};
      Action a;
      a.kind = keep ? Action::Kind::Keep : Action::Kind::Remove;
      a.line = row.line;
      a.extent = row.extent;
      a.cells = keep ? 0 : m;
      return {a, {}};
    }
    int overlap = std::popcount(m & row.extent);
    if (overlap > best_overlap) best = &row, best_overlap = overlap;
  }
  std::string row_text = "the row " + cell_list(best->extent);
  if (keep) return {{}, "to keep a row, list its whole extent: " + row_text};
  if (m & ~best->extent) return {{}, cell_list(m & ~best->extent) + " is not part of " + row_text};
  return {{}, "the single pieces of a row are always removed: " + cell_list(best->singles & ~m)};
}

}  // namespace

std::string to_notation(const State& before, const Action& a) {
  switch (a.kind) {
    case Action::Kind::Push: {
      const PushMove& m = kBoard.pushes[a.push];
      Cell end = before.push_end(a.push);
      std::string text = a.gipf ? "G" : "";
      text += cell_name(m.dot);
      text += '-';
      text += cell_name(end == kNoCell ? m.path[0] : end);
      return text;
    }
    case Action::Kind::Remove:
      return "x" + cell_list(a.cells);
    case Action::Kind::Keep:
      return "k" + cell_list(a.extent);
  }
  return {};
}

Parsed<Action> parse_action(const State& state, std::string_view text) {
  if (text.empty()) return {{}, "empty action"};
  char first = text[0];
  bool letter_follows = text.size() > 1 && ((text[1] >= 'a' && text[1] <= 'z') || (text[1] >= 'A' && text[1] <= 'Z'));
  if ((first == 'x' || first == 'X') && letter_follows) return parse_row_action(state, text.substr(1), false);
  if ((first == 'k' || first == 'K') && letter_follows) return parse_row_action(state, text.substr(1), true);
  if ((first == 'G' || first == 'g') && letter_follows) return parse_push(state, text.substr(1), true);
  if (first == 'x' || first == 'X' || first == 'k' || first == 'K') return {{}, "expected points after " + excerpt(text.substr(0, 1))};
  return parse_push(state, text, false);
}

}  // namespace engine::gipf
