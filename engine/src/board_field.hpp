#pragma once
// The board field of both games' position text (#44): columns separated by
// '/', each from its lowest point up, a letter for a piece and a number for
// that many empty points. Internal to the engine (yinsh/position.cpp,
// gipf/position.cpp).
#include <optional>

#include "engine/color.hpp"
#include <string>
#include <string_view>
#include <vector>

namespace engine {

// `cells`: each point's letter, or '.' when empty, column after column;
// `lengths`: how many points each column has.
std::string board_field(const std::vector<char>& cells, const std::vector<int>& lengths);
// The letters back ('.' for empty), or nullopt with `error` set.
std::optional<std::vector<char>> parse_board_field(std::string_view text, const std::vector<int>& lengths,
                                                   std::string_view letters, std::string& error);

// A position's fields: its words, one space (or '_', in a link) apart.
std::vector<std::string_view> position_fields(std::string_view text);
// A player as a position writes one: w or b.
char side_letter(Color c);
std::optional<Color> parse_side_letter(std::string_view text);

}  // namespace engine
