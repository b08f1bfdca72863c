#pragma once
// The computer's six levels: what each searches, how often it plays at random,
// what players are told of it (words and a provisional rating on the site's
// scale, from the match table of bot/README.md), and nothing else: the search
// is bot.cpp's. Level 1 is the weakest.
#include <array>
#include <cstdint>
#include <string_view>

namespace bot {

inline constexpr int kMinLevel = 1;
inline constexpr int kMaxLevel = 6;

// A level in one of the two games.
struct GameLevel {
  std::uint64_t nodes = 0;    // the search's node budget per decision
  int random_permille = 0;    // chance in 1,000 of a uniformly random action instead (a win in the turn is never missed)
  int rating = 0;             // provisional, on the site's scale, from the ladder table (bot/README.md)
};

struct LevelInfo {
  int level = 0;
  std::string_view words;  // what the level means to a player: "beginner", ...
  GameLevel gipf;          // YINSH's nodes cost about twice GIPF's
  GameLevel yinsh;
};

inline constexpr std::array<LevelInfo, kMaxLevel> kLevels{{
    {1, "beginner", {120'000, 50, 1284}, {60'000, 110, 1192}},
    {2, "novice", {120'000, 25, 1373}, {60'000, 50, 1383}},
    {3, "casual player", {120'000, 0, 1500}, {60'000, 0, 1500}},
    {4, "club player", {220'000, 0, 1589}, {110'000, 0, 1608}},
    {5, "strong player", {420'000, 0, 1757}, {210'000, 0, 1755}},
    {6, "expert", {800'000, 0, 1846}, {400'000, 0, 1862}},
}};

inline constexpr bool valid_level(int level) { return level >= kMinLevel && level <= kMaxLevel; }
// The level's row; valid_level(level) must hold.
inline constexpr const LevelInfo& level_info(int level) { return kLevels[static_cast<std::size_t>(level - kMinLevel)]; }

}  // namespace bot
