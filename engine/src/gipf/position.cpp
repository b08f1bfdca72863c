#include "engine/gipf/position.hpp"

#include <array>
#include <charconv>
#include <cstdio>

#include "../board_field.hpp"

namespace engine::gipf {
namespace {

constexpr std::string_view kLetters = "wbWB";

// The columns that hold points (b to h) and how many each holds.
std::vector<int> column_lengths() {
  std::vector<int> lengths;
  int column = -1;
  for (int c = 0; c < kCells; ++c) {
    if (!is_point(static_cast<Cell>(c))) continue;
    if (kBoard.column[c] != column) {
      column = kBoard.column[c];
      lengths.push_back(0);
    }
    ++lengths.back();
  }
  return lengths;
}

char letter(Piece p) {
  switch (p) {
    case Piece::White: return 'w';
    case Piece::Black: return 'b';
    case Piece::WhiteGipf: return 'W';
    case Piece::BlackGipf: return 'B';
    case Piece::None: break;
  }
  return '.';
}

Piece piece(char c) {
  switch (c) {
    case 'w': return Piece::White;
    case 'b': return Piece::Black;
    case 'W': return Piece::WhiteGipf;
    case 'B': return Piece::BlackGipf;
  }
  return Piece::None;
}

std::string decision_text(const Pending& p) {
  if (p.kind == Pending::Kind::None) return "over";
  return std::string(1, side_letter(p.player)) + (p.kind == Pending::Kind::Push ? ":push" : ":remove");
}

// "a,b" as two whole numbers from 0 to `most`.
std::optional<std::array<int, 2>> pair_of(std::string_view text, int most) {
  auto parts = split(text, ",");
  if (parts.size() != 2) return std::nullopt;
  std::array<int, 2> out{};
  for (int i = 0; i < 2; ++i) {
    auto [end, ec] = std::from_chars(parts[i].data(), parts[i].data() + parts[i].size(), out[i]);
    if (parts[i].empty() || ec != std::errc() || end != parts[i].data() + parts[i].size() || out[i] < 0 || out[i] > most)
      return std::nullopt;
  }
  return out;
}

}  // namespace

std::string position_text(const State& state) {
  std::vector<char> cells;
  for (int c = 0; c < kCells; ++c)
    if (is_point(static_cast<Cell>(c))) cells.push_back(letter(state.at(static_cast<Cell>(c))));
  const Options& o = state.options();
  std::string text = "gipf ";
  text += variant_name(o.variant);
  text += ' ' + std::to_string(o.extra[0]) + ',' + std::to_string(o.extra[1]);
  text += ' ' + board_field(cells, column_lengths());
  text += ' ';
  text += side_letter(state.turn());
  text += ' ' + decision_text(state.pending());
  text += ' ' + std::to_string(state.reserve(Color::White)) + ',' + std::to_string(state.reserve(Color::Black));
  std::string flags;
  if (state.has_moved(Color::White)) flags += 'M';
  if (state.has_moved(Color::Black)) flags += 'm';
  if (state.single_brought(Color::White)) flags += 'S';
  if (state.single_brought(Color::Black)) flags += 's';
  text += ' ' + (flags.empty() ? std::string("-") : flags);
  bool declined = false;
  for (Color c : {Color::White, Color::Black})
    for (CellMask m : state.declined(c)) declined = declined || m != 0;
  if (declined) {
    text += " d:";
    bool first = true;
    for (Color c : {Color::White, Color::Black})
      for (CellMask m : state.declined(c)) {
        char hex[20];
        std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(m));
        text += (first ? "" : ",") + std::string(hex);
        first = false;
      }
  }
  return text;
}

Parsed<State> parse_position(std::string_view text) {
  auto fail = [](std::string why) { return Parsed<State>{State(), "position: " + std::move(why)}; };
  const std::vector<std::string_view> fields = position_fields(text);
  if (fields.size() != 8 && fields.size() != 9)
    return fail("8 fields, one space apart: gipf VARIANT EXTRA BOARD TURN DECISION RESERVES FLAGS");
  if (fields[0] != "gipf") return fail("not a GIPF position (" + excerpt(fields[0]) + ")");
  Setup setup;
  auto variant = parse_variant(fields[1]);
  if (!variant) return fail("variant " + excerpt(fields[1]) + ": basic, standard or tournament");
  setup.options.variant = *variant;
  auto extra = pair_of(fields[2], 3);
  if (!extra) return fail("extra pieces " + excerpt(fields[2]) + ": white's and black's, 0 to 3, as 0,0");
  setup.options.extra = {static_cast<std::int8_t>((*extra)[0]), static_cast<std::int8_t>((*extra)[1])};
  std::string error;
  auto cells = parse_board_field(fields[3], column_lengths(), kLetters, error);
  if (!cells) return fail("board: " + error);
  for (int c = 0, at = 0; c < kCells; ++c)
    if (is_point(static_cast<Cell>(c))) setup.board[c] = piece((*cells)[at++]);
  auto turn = parse_side_letter(fields[4]);
  if (!turn) return fail("turn " + excerpt(fields[4]) + ": w or b");
  setup.turn = *turn;
  if (fields[5] == "over") return fail("the game is over in this position: nothing is left to decide");
  std::size_t colon = fields[5].find(':');
  auto decider = colon == std::string_view::npos ? std::nullopt : parse_side_letter(fields[5].substr(0, colon));
  std::string_view kind = colon == std::string_view::npos ? "" : fields[5].substr(colon + 1);
  if (!decider || (kind != "push" && kind != "remove")) return fail("decision " + excerpt(fields[5]) + ": w: or b: and push or remove");
  setup.pushed = kind == "remove";
  auto reserves = pair_of(fields[6], 99);
  if (!reserves) return fail("reserves " + excerpt(fields[6]) + ": white's and black's, as 12,12");
  setup.reserve = *reserves;
  setup.moved = {false, false};
  if (fields[7] != "-") {
    for (char f : fields[7]) {
      bool* flag = f == 'M' ? &setup.moved[0] : f == 'm' ? &setup.moved[1] : f == 'S' ? &setup.single_brought[0]
                   : f == 's'                  ? &setup.single_brought[1]
                                               : nullptr;
      if (!flag || *flag) return fail("flags " + excerpt(fields[7]) + ": each of M, m, S, s at most once, or -");
      *flag = true;
    }
  }
  if (*variant != Variant::Tournament && (setup.single_brought[0] || setup.single_brought[1]))
    return fail("flags S and s are for tournament games");
  if (fields.size() == 9) {
    if (fields[8].substr(0, 2) != "d:") return fail("the ninth field is d: and the declined rows");
    auto masks = split(fields[8].substr(2), ",");
    if (masks.size() != 6) return fail("d: six masks, white's three axes then black's");
    for (int i = 0; i < 6; ++i) {
      CellMask m = 0;
      auto [end, ec] = std::from_chars(masks[i].data(), masks[i].data() + masks[i].size(), m, 16);
      if (masks[i].empty() || ec != std::errc() || end != masks[i].data() + masks[i].size() || (m >> kCells) != 0)
        return fail("declined mask " + excerpt(masks[i]) + ": hexadecimal cells of the board");
      setup.declined[i / 3][i % 3] = m;
    }
  }
  auto state = State::from_setup(setup);
  if (!state.ok()) return fail(state.error);
  Pending expected{setup.pushed ? Pending::Kind::Remove : Pending::Kind::Push, *decider};
  if (state.value.pending() != expected)
    return fail("the decision here is " + decision_text(state.value.pending()) + ", not " + std::string(fields[5]));
  return state;
}

}  // namespace engine::gipf
