#pragma once
// Sides of a two-player game. White always moves first in both games.
#include <cstdint>
#include <optional>
#include <string_view>

namespace engine {

enum class Color : std::uint8_t { White = 0, Black = 1 };

constexpr Color opponent(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index(Color c) { return static_cast<int>(c); }
constexpr std::string_view color_name(Color c) { return c == Color::White ? "white" : "black"; }
constexpr std::string_view color_title(Color c) { return c == Color::White ? "White" : "Black"; }

// How a game ended. `reason` is a stable, lower-case token ("no-reserve", ...).
struct GameResult {
  bool over = false;
  std::optional<Color> winner;  // empty with over == true: a draw
  std::string_view reason;
  friend bool operator==(const GameResult&, const GameResult&) = default;
};

}  // namespace engine
