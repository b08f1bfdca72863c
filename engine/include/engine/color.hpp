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

// Endings decided off the board: a referee's result, a flag that fell, a
// player who left. Each is the result's reason token.
enum class Verdict : std::uint8_t { Adjudication, Timeout, Abandonment };

constexpr std::string_view verdict_reason(Verdict v) {
  constexpr std::string_view kReasons[] = {"adjudication", "timeout", "abandonment"};
  return kReasons[static_cast<int>(v)];
}

constexpr std::optional<Verdict> parse_verdict(std::string_view reason) {
  for (int i = 0; i <= static_cast<int>(Verdict::Abandonment); ++i)
    if (verdict_reason(static_cast<Verdict>(i)) == reason) return static_cast<Verdict>(i);
  return std::nullopt;
}

}  // namespace engine
