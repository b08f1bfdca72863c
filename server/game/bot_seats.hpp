#pragma once
// The computer players as a room sees them: which seats are the computer's, and
// somewhere to ask for its action without blocking the room's strand.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "engine/registry.hpp"

namespace arena {

// One decision for the computer to take.
struct BotTurn {
  int level = 1;
  engine::AnyGame game;  // a copy: the search owns it
  std::uint64_t seed = 0;
  std::int64_t budget_ms = 0;  // at most this long (the server's limit applies too)
  // Set by the room when the game moved on or ended: the search stops, nothing is played.
  std::shared_ptr<std::atomic<bool>> cancelled;
  // On a worker thread: the action (none: cancelled, or nothing to play) and how long it took.
  std::function<void(std::optional<std::string> action, std::int64_t think_ms)> done;
};

class BotSeats {
 public:
  virtual ~BotSeats() = default;
  // The level of a computer player; none for everyone else.
  virtual std::optional<int> level_of(std::int64_t player) const = 0;
  // Queues the decision; `done` is called on a worker thread, or never if the server stops.
  virtual void think(BotTurn turn) = 0;
};

}  // namespace arena
