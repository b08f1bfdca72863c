#pragma once
// Small helpers for reading notation, shared by both games.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engine {

// A value or the reason there is none.
template <class T>
struct Parsed {
  T value{};
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// Reads a coordinate token at `pos`: one letter followed by digits ("e5", "K10").
// Returns the token (advancing pos) or an empty view when there is none.
std::string_view read_coordinate(std::string_view text, std::size_t& pos);

// Board coordinates of both games: a column letter from 'a' (input may be upper
// case) and a number from 1. The game's geometry says which exist.
struct Coordinate {
  int column = 0;  // 0 = 'a'
  int number = 0;
};
std::optional<Coordinate> parse_coordinate(std::string_view token);
std::string coordinate_name(int column, int number);

// Splits on any of `separators`, keeping empty parts (so "a;;b" has three).
std::vector<std::string_view> split(std::string_view text, std::string_view separators);

std::string_view trim(std::string_view text);

// A name from a record for one line of text: control characters as spaces,
// at most `max_bytes`, never cut inside a UTF-8 character.
std::string name_line(std::string_view text, std::size_t max_bytes);

// A short quoted excerpt of user input for error messages.
std::string excerpt(std::string_view text);

}  // namespace engine
