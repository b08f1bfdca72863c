#pragma once
// What a caller asks of a bot: its level, its seed, and the bounds of its search.
#include <cstdint>
#include <functional>

#include "bot/levels.hpp"

namespace bot {

struct Request {
  int level = kMinLevel;   // kMinLevel..kMaxLevel
  std::uint64_t seed = 0;  // the same seed and position give the same action
  // Search nodes at most; 0: the level's own budget (levels.hpp), else the smaller.
  std::uint64_t max_nodes = 0;
  // Asked every few hundred nodes; true stops the search, which then answers with the
  // best action found so far (a deadline or a cancelled game). May be empty.
  std::function<bool()> should_stop;
};

}  // namespace bot
