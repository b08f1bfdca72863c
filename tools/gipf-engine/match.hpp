#pragma once
// Bot-against-bot (or against a uniformly random player) matches for the tool.
#include <cstdint>
#include <iosfwd>
#include <string>

#include "engine/game_options.hpp"

namespace tool {

// A side of a match: a bot level, or 0 for a player choosing uniformly at random.
struct MatchPlayer {
  int level = 0;
  std::string name() const;
};

struct MatchSettings {
  engine::GameOptions options;
  MatchPlayer first;   // White in the odd games (1st, 3rd, ...), Black in the others
  MatchPlayer second;
  int games = 2;
  std::uint64_t seed = 1;
};

// Plays the games, printing one line per game and a summary per player.
void play_match(const MatchSettings& settings, std::ostream& out);

}  // namespace tool
