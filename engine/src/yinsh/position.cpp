#include "engine/yinsh/position.hpp"

#include <array>

#include "../board_field.hpp"

namespace engine::yinsh {
namespace {

constexpr std::string_view kLetters = "WBwb";

std::vector<int> column_lengths() {
  std::vector<int> lengths;
  for (int col = 0; col < kColumns; ++col) lengths.push_back(kBoard.last_number[col] - kBoard.first_number[col] + 1);
  return lengths;
}

char letter(Piece p) {
  switch (p) {
    case Piece::WhiteRing: return 'W';
    case Piece::BlackRing: return 'B';
    case Piece::WhiteMarker: return 'w';
    case Piece::BlackMarker: return 'b';
    case Piece::None: break;
  }
  return '.';
}

Piece piece(char c) {
  switch (c) {
    case 'W': return Piece::WhiteRing;
    case 'B': return Piece::BlackRing;
    case 'w': return Piece::WhiteMarker;
    case 'b': return Piece::BlackMarker;
  }
  return Piece::None;
}

constexpr std::array<std::pair<Pending::Kind, std::string_view>, 4> kDecisions{{
    {Pending::Kind::Place, "place"},
    {Pending::Kind::Move, "move"},
    {Pending::Kind::RemoveRow, "row"},
    {Pending::Kind::RemoveRing, "ring"},
}};

std::string decision_text(const Pending& p) {
  for (auto [kind, name] : kDecisions)
    if (kind == p.kind) return std::string(1, side_letter(p.player)) + ":" + std::string(name);
  return "over";
}

}  // namespace

std::string position_text(const State& state) {
  std::vector<char> cells;
  for (int c = 0; c < kPoints; ++c) cells.push_back(letter(state.at(static_cast<Cell>(c))));
  std::string text = "yinsh ";
  text += variant_name(state.options().variant);
  text += ' ' + board_field(cells, column_lengths());
  text += ' ';
  text += side_letter(state.turn());
  text += ' ' + decision_text(state.pending());
  text += ' ' + std::to_string(state.rings_removed(Color::White)) + '-' + std::to_string(state.rings_removed(Color::Black));
  return text;
}

Parsed<State> parse_position(std::string_view text) {
  auto fail = [](std::string why) { return Parsed<State>{State(), "position: " + std::move(why)}; };
  const std::vector<std::string_view> fields = position_fields(text);
  if (fields.size() != 6) return fail("6 fields, one space apart: yinsh VARIANT BOARD TURN DECISION REMOVED");
  if (fields[0] != "yinsh") return fail("not a YINSH position (" + excerpt(fields[0]) + ")");
  Setup setup;
  auto variant = parse_variant(fields[1]);
  if (!variant) return fail("variant " + excerpt(fields[1]) + ": normal or blitz");
  setup.options.variant = *variant;
  std::string error;
  auto cells = parse_board_field(fields[2], column_lengths(), kLetters, error);
  if (!cells) return fail("board: " + error);
  for (int c = 0; c < kPoints; ++c) setup.board[c] = piece((*cells)[c]);
  auto turn = parse_side_letter(fields[3]);
  if (!turn) return fail("turn " + excerpt(fields[3]) + ": w or b");
  setup.turn = *turn;
  if (fields[4] == "over") return fail("the game is over in this position: nothing is left to decide");
  std::size_t colon = fields[4].find(':');
  auto decider = colon == std::string_view::npos ? std::nullopt : parse_side_letter(fields[4].substr(0, colon));
  std::optional<Pending::Kind> kind;
  if (decider)
    for (auto [k, name] : kDecisions)
      if (fields[4].substr(colon + 1) == name) kind = k;
  if (!kind) return fail("decision " + excerpt(fields[4]) + ": w: or b: and place, move, row or ring");
  setup.moved = *kind == Pending::Kind::RemoveRow || *kind == Pending::Kind::RemoveRing;
  if (*kind == Pending::Kind::RemoveRing) setup.ring_due = *decider;
  auto removed = split(fields[5], "-");
  if (removed.size() != 2 || removed[0].size() != 1 || removed[1].size() != 1 || removed[0][0] < '0' || removed[0][0] > '9' ||
      removed[1][0] < '0' || removed[1][0] > '9')
    return fail("rings removed " + excerpt(fields[5]) + ": white's and black's, as 1-0");
  setup.rings_removed = {removed[0][0] - '0', removed[1][0] - '0'};
  auto state = State::from_setup(setup);
  if (!state.ok()) return fail(state.error);
  Pending expected{*kind, *decider};
  if (state.value.pending() != expected)
    return fail("the decision here is " + decision_text(state.value.pending()) + ", not " + std::string(fields[4]));
  return state;
}

}  // namespace engine::yinsh
