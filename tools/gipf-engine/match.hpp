#pragma once
// Matches between computer levels, a uniformly random player and outside engines
// (the line protocol of bot/README.md, "Outside engines"): games in pairs on the
// same random opening with the colours swapped, results as a table and an Elo
// difference with its 95 % interval (bot/elo.hpp).
#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/game_options.hpp"

namespace tool {

// A side of a match: a bot level, a player choosing uniformly at random, an
// outside engine started with /bin/sh -c `command`, or Monte Carlo tree search
// with `iterations` a decision (mcts.hpp, the alternative measured in #47).
struct MatchPlayer {
  enum class Kind { Random, Level, Engine, Mcts };
  Kind kind = Kind::Random;
  int level = 0;
  std::string command;
  std::uint64_t iterations = 0;
  std::string name() const;
};

struct MatchSettings {
  engine::GameOptions options;
  MatchPlayer first;  // White in the odd games (1st, 3rd, ...), Black in the others
  MatchPlayer second;
  int games = 2;
  std::uint64_t seed = 1;
  // Decisions taken uniformly at random before the players take over, the same
  // for the two games of a pair (the 1st and 2nd, the 3rd and 4th, ...).
  int random_decisions = 4;
  // An outside engine silent this long, or answering no legal action, loses the game.
  std::chrono::milliseconds engine_time{60'000};
  bool print_games = true;  // a line per game
};

struct SideResult {
  int wins = 0;
  int draws = 0;
  int losses = 0;
  int decisions = 0;      // decisions taken by the player (the random opening's not counted)
  double total_ms = 0;
  double max_ms = 0;
};

struct MatchResult {
  SideResult first;
  SideResult second;
};

// Plays the games, printing a line per game (print_games), then a summary per
// player, the first player's score and Elo difference, and the time per decision.
MatchResult play_match(const MatchSettings& settings, std::ostream& out);

// Adjacent levels from `levels` (ascending), each against the one below, `base`'s
// other fields for every pair: a table with the score, the Elo difference and
// each side's time per decision, then provisional ratings from `anchor` for the lowest.
void play_ladder(const MatchSettings& base, const std::vector<int>& levels, int anchor, std::ostream& out);

}  // namespace tool
