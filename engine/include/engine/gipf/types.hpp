#pragma once
// Small value types of GIPF: pieces, variants, options, actions, decisions.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/color.hpp"
#include "engine/gipf/geometry.hpp"

namespace engine::gipf {

// Bit 0/1: colour (1 white, 2 black), bit 2: GIPF piece (two stacked pieces).
enum class Piece : std::uint8_t { None = 0, White = 1, Black = 2, WhiteGipf = 5, BlackGipf = 6 };

constexpr bool is_gipf(Piece p) { return (static_cast<int>(p) & 4) != 0; }
constexpr Color color_of(Piece p) { return (static_cast<int>(p) & 3) == 1 ? Color::White : Color::Black; }
constexpr int weight(Piece p) { return is_gipf(p) ? 2 : 1; }  // pieces of stock it is made of
constexpr Piece make_piece(Color c, bool gipf) {
  return static_cast<Piece>((c == Color::White ? 1 : 2) | (gipf ? 4 : 0));
}

enum class Variant : std::uint8_t { Basic, Standard, Tournament };

constexpr std::string_view variant_name(Variant v) {
  return v == Variant::Basic ? "basic" : v == Variant::Standard ? "standard" : "tournament";
}
std::optional<Variant> parse_variant(std::string_view name);

inline constexpr int kMaxExtraPieces = 3;

struct Options {
  Variant variant = Variant::Standard;
  // Handicap: extra pieces per colour, `basic` only (RULES.md §2.1), 0..3 each.
  std::array<std::int8_t, 2> extra{0, 0};
  friend bool operator==(const Options&, const Options&) = default;
};

// Why the options cannot start a game, or empty when they can.
std::string_view validate(const Options& options);

// One atomic action. A turn is a sequence of them (RULES.md §2.2–2.3).
struct Action {
  enum class Kind : std::uint8_t {
    Push,    // bring a piece in at a dot and push it along `push`
    Remove,  // remove `cells` of the row whose extent is `extent`
    Keep,    // leave an all-GIPF row (extent `extent`) on the board
  };
  Kind kind = Kind::Push;
  bool gipf = false;        // Push: the piece brought in is a GIPF piece
  std::int8_t push = -1;    // Push: index into kBoard.pushes
  std::int8_t line = -1;    // Remove/Keep: index into kBoard.lines
  CellMask cells = 0;       // Remove: the removed points
  CellMask extent = 0;      // Remove/Keep: the row's extent
  friend bool operator==(const Action&, const Action&) = default;

  static Action make_push(int push, bool gipf) {
    Action a;
    a.push = static_cast<std::int8_t>(push);
    a.gipf = gipf;
    return a;
  }
};

// Who must decide what next.
struct Pending {
  enum class Kind : std::uint8_t { None, Push, Remove };
  Kind kind = Kind::None;
  Color player = Color::White;
  friend bool operator==(const Pending&, const Pending&) = default;
};

// A row of one colour: four or more adjacent pieces of that colour on a line, with
// its extent (the whole run of occupied points containing them).
struct Row {
  Color color = Color::White;
  std::int8_t line = -1;
  CellMask extent = 0;
  CellMask gipf = 0;     // GIPF pieces (of either colour) in the extent
  CellMask singles = 0;  // single pieces (of either colour) in the extent
};

}  // namespace engine::gipf
