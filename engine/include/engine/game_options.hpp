#pragma once
// What a game is played with: the game, its variant and handicap pieces. The
// registry (engine/registry.hpp) says which combinations exist.
#include <string>

namespace engine {

struct GameOptions {
  std::string game;     // gipf | yinsh
  std::string variant;  // gipf: basic standard tournament; yinsh: normal blitz
  int white_extra = 0;  // handicap pieces, gipf basic only, 0..3
  int black_extra = 0;
  friend bool operator==(const GameOptions&, const GameOptions&) = default;
};

}  // namespace engine
