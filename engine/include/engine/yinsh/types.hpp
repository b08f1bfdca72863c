#pragma once
// Small value types of YINSH: pieces, variants, actions, decisions.
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/color.hpp"
#include "engine/yinsh/geometry.hpp"

namespace engine::yinsh {

// Bit 0/1: colour (1 white, 2 black); bit 2: ring (else marker).
enum class Piece : std::uint8_t { None = 0, WhiteMarker = 1, BlackMarker = 2, WhiteRing = 5, BlackRing = 6 };

constexpr bool is_ring(Piece p) { return (static_cast<int>(p) & 4) != 0; }
constexpr bool is_marker(Piece p) { return p == Piece::WhiteMarker || p == Piece::BlackMarker; }
constexpr Color color_of(Piece p) { return (static_cast<int>(p) & 3) == 1 ? Color::White : Color::Black; }
constexpr Piece ring(Color c) { return c == Color::White ? Piece::WhiteRing : Piece::BlackRing; }
constexpr Piece marker(Color c) { return c == Color::White ? Piece::WhiteMarker : Piece::BlackMarker; }
constexpr Piece flipped(Piece p) { return p == Piece::WhiteMarker ? Piece::BlackMarker : Piece::WhiteMarker; }

enum class Variant : std::uint8_t { Normal, Blitz };
constexpr std::string_view variant_name(Variant v) { return v == Variant::Normal ? "normal" : "blitz"; }
std::optional<Variant> parse_variant(std::string_view name);

inline constexpr int kRingsEach = 5;
inline constexpr int kMarkers = 51;

struct Options {
  Variant variant = Variant::Normal;
  friend bool operator==(const Options&, const Options&) = default;
  int rings_to_win() const { return variant == Variant::Normal ? 3 : 1; }
};

struct Action {
  enum class Kind : std::uint8_t {
    Place,       // put a ring on `from`
    Move,        // marker into the ring on `from`, ring to `to`
    RemoveRow,   // the five markers from `from` to `to`
    RemoveRing,  // the ring on `from`
    Pass,        // no ring can move (RULES.md §3.3 Decision)
  };
  Kind kind = Kind::Place;
  Cell from = kNoCell;
  Cell to = kNoCell;
  friend bool operator==(const Action&, const Action&) = default;
};

struct Pending {
  enum class Kind : std::uint8_t { None, Place, Move, RemoveRow, RemoveRing };
  Kind kind = Kind::None;
  Color player = Color::White;
  friend bool operator==(const Pending&, const Pending&) = default;
};

}  // namespace engine::yinsh
