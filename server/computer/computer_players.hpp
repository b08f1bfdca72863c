#pragma once
// The computer opponents: their players (one per level, from the store), and the
// bounded pool of worker threads they think on, never an I/O thread. Decisions
// wait in one FIFO queue; a room asks for at most one decision at a time, so
// the games take turns fairly however many there are. It also counts the live
// games against the computer (as a room observer) to bound them. The analysis
// board's evaluations (#44) take the same threads, after every decision that
// waits (a game's clock runs, an analysis can wait), at most
// ComputerLimits::max_evaluations at a time.
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "analysis/evaluator.hpp"
#include "game/authority.hpp"
#include "game/bot_seats.hpp"
#include "game/room_events.hpp"
#include "account/account_store.hpp"

namespace arena {

struct ComputerLimits {
  int threads = 1;                  // worker threads
  std::int64_t time_ms = 2000;      // at most per decision
  std::size_t max_games = 200;      // live games against the computer, server-wide
  std::size_t games_per_player = 3; // ... of one player
  std::size_t max_evaluations = 8;  // the analysis board's, queued or thinking, server-wide
};

class ComputerPlayers : public BotSeats, public RoomObserver, public Evaluator {
 public:
  explicit ComputerPlayers(ComputerLimits limits);
  ~ComputerPlayers() override;
  ComputerPlayers(const ComputerPlayers&) = delete;
  ComputerPlayers& operator=(const ComputerPlayers&) = delete;

  // Once, before any room exists: the players of each level (the store's).
  void set_players(const std::vector<BotPlayer>& players);
  // Starts the worker threads.
  void start();
  // Cancels the searches under way, drops the queue, joins the threads.
  void stop();

  // The computer of `level` as a player; none if the store has none.
  std::optional<PlayerInfo> player(int level) const;
  // Why `player` may not start another game against the computer now, if not.
  std::optional<Refusal> refusal(std::int64_t player) const;

  std::optional<int> level_of(std::int64_t player) const override;
  void think(BotTurn turn) override;
  bool evaluate(EvaluationJob job) override;

  void on(const RoomLoaded& e) override { track(e.room); }
  void on(const EventCommitted& e) override { track(e.room); }

 private:
  void track(const RoomSummary& room);
  void work();
  void run(BotTurn& turn);
  void run(EvaluationJob& job);

  ComputerLimits limits_;
  std::map<std::int64_t, int> levels_;      // player -> level; fixed before the rooms
  std::map<int, PlayerInfo> players_;       // level -> player

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;        // the games' decisions, in order: first served
  std::deque<std::function<void()>> evaluations_;  // the analysis board's, when no decision waits
  std::size_t evaluating_ = 0;                     // evaluations queued or thinking
  bool stopping_ = false;
  std::atomic<bool> stopped_{false};
  std::vector<std::thread> threads_;

  mutable std::mutex games_mutex_;
  std::map<std::string, std::int64_t> games_;  // live room -> its human player
};

}  // namespace arena
