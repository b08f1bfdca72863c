#pragma once
// What a caller asks of a bot: its level, its seed, and the bounds of its search.
#include <cstdint>
#include <functional>

namespace bot {

inline constexpr int kMinLevel = 1;
inline constexpr int kMaxLevel = 6;

struct Request {
  int level = kMinLevel;   // kMinLevel..kMaxLevel
  std::uint64_t seed = 0;  // the same seed and position give the same action
  // Search nodes at most; 0: the level's own budget (level_nodes), else the smaller.
  std::uint64_t max_nodes = 0;
  // Asked every few hundred nodes; true stops the search, which then answers with the
  // best action found so far (a deadline or a cancelled game). May be empty.
  std::function<bool()> should_stop;
};

bool valid_level(int level);
// The alpha-beta node budget of a level (0 for level 1, which does not search).
std::uint64_t level_nodes(int level);

}  // namespace bot
