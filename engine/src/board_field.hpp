#pragma once
// The board field of both games' position text (#44): columns separated by
// '/', each from its lowest point up, a letter for a piece and a number for
// that many empty points. Internal to the engine (yinsh/position.cpp,
// gipf/position.cpp).
#include <optional>
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

}  // namespace engine
