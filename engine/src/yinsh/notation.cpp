#include "engine/yinsh/notation.hpp"

namespace engine::yinsh {
namespace {

Parsed<Cell> read_cell(std::string_view text, std::size_t& pos) {
  std::string_view token = read_coordinate(text, pos);
  if (token.empty()) return {kNoCell, "expected a point such as e5 at " + excerpt(text.substr(pos))};
  auto cell = parse_cell(token);
  if (!cell) return {kNoCell, excerpt(token) + " is not a point of the YINSH board"};
  return {*cell, {}};
}

// "<cell>" or "<cell>-<cell>" filling from/to.
Parsed<Action> read_one_or_two(std::string_view text, Action a) {
  std::size_t pos = 0;
  auto first = read_cell(text, pos);
  if (!first.ok()) return {{}, first.error};
  a.from = first.value;
  if (pos == text.size()) return {a, {}};
  if (text[pos] != '-') return {{}, "expected '-' after " + cell_name(a.from) + ", found " + excerpt(text.substr(pos))};
  ++pos;
  auto second = read_cell(text, pos);
  if (!second.ok()) return {{}, second.error};
  if (pos != text.size()) return {{}, "unexpected " + excerpt(text.substr(pos)) + " after " + excerpt(text.substr(0, pos))};
  a.to = second.value;
  return {a, {}};
}

bool is_pass(std::string_view text) {
  if (text.size() != 4) return false;
  for (std::size_t i = 0; i < 4; ++i)
    if ((text[i] | 0x20) != "pass"[i]) return false;
  return true;
}

}  // namespace

std::string to_notation(const State&, const Action& a) {
  switch (a.kind) {
    case Action::Kind::Place: return cell_name(a.from);
    case Action::Kind::Move: return cell_name(a.from) + "-" + cell_name(a.to);
    case Action::Kind::RemoveRow: return "x" + cell_name(a.from) + "-" + cell_name(a.to);
    case Action::Kind::RemoveRing: return "x" + cell_name(a.from);
    case Action::Kind::Pass: return "pass";
  }
  return {};
}

Parsed<Action> parse_action(const State&, std::string_view text) {
  if (text.empty()) return {{}, "empty action"};
  if (is_pass(text)) return {{Action::Kind::Pass}, {}};
  if (text[0] == 'x' || text[0] == 'X') {
    if (text.size() == 1) return {{}, "expected a point or a row after 'x'"};
    auto parsed = read_one_or_two(text.substr(1), {Action::Kind::RemoveRing});
    if (!parsed.ok() || parsed.value.to == kNoCell) return parsed;
    Action& a = parsed.value;
    a.kind = Action::Kind::RemoveRow;
    if (a.to < a.from) std::swap(a.from, a.to);
    auto dir = direction_between(a.from, a.to);
    Cell x = a.from;
    for (int i = 0; dir && i < 4 && x != kNoCell; ++i) x = kBoard.neighbour[x][*dir];
    if (!dir || x != a.to)
      return {{}, "a row is five points on a line: " + cell_name(a.from) + " and " + cell_name(a.to) + " are not"};
    return parsed;
  }
  auto parsed = read_one_or_two(text, {Action::Kind::Place});
  if (parsed.ok() && parsed.value.to != kNoCell) parsed.value.kind = Action::Kind::Move;
  return parsed;
}

}  // namespace engine::yinsh
