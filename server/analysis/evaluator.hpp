#pragma once
// The computer's view of a position for the analysis board (#44): a port the
// computer players (computer/) serve on their own threads, never on an I/O
// thread, so that analysis and games against the computer share one bounded
// pool and one queue.
#include <cstdint>
#include <functional>
#include <optional>

#include "bot/bot.hpp"
#include "engine/registry.hpp"

namespace arena {

struct EvaluationJob {
  engine::AnyGame game;            // a copy: the search owns it
  std::uint64_t max_nodes = 0;     // the search's node budget
  std::int64_t budget_ms = 0;      // and its time (the pool's own limit applies too)
  // On a worker thread: the analysis (none: the game is over, or the search failed).
  std::function<void(std::optional<bot::Analysis>)> done;
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Queues the job; false when the pool has as many analyses waiting as it
  // takes (the caller answers busy). `done` runs on a worker thread, or never
  // once the server stops.
  virtual bool evaluate(EvaluationJob job) = 0;
};

}  // namespace arena
