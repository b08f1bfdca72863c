#include "computer/computer_players.hpp"

#include <chrono>
#include <spdlog/spdlog.h>

#include "bot/bot.hpp"
#include "util/log_text.hpp"

namespace arena {

ComputerPlayers::ComputerPlayers(ComputerLimits limits) : limits_(limits) {}

ComputerPlayers::~ComputerPlayers() { stop(); }

void ComputerPlayers::set_players(const std::vector<BotPlayer>& players) {
  for (const BotPlayer& p : players) {
    levels_[p.player] = p.level;
    players_[p.level] = PlayerInfo{p.player, p.name, false, "computer"};
  }
}

void ComputerPlayers::start() {
  for (int i = 0; i < limits_.threads; ++i) threads_.emplace_back([this] { work(); });
}

void ComputerPlayers::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
    evaluations_.clear();
  }
  stopped_ = true;  // the searches under way stop at their next check
  wake_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

std::optional<PlayerInfo> ComputerPlayers::player(int level) const {
  auto it = players_.find(level);
  if (it == players_.end()) return std::nullopt;
  return it->second;
}

std::optional<int> ComputerPlayers::level_of(std::int64_t player) const {
  auto it = levels_.find(player);
  if (it == levels_.end()) return std::nullopt;
  return it->second;
}

std::optional<Refusal> ComputerPlayers::refusal(std::int64_t player) const {
  std::lock_guard lock(games_mutex_);
  if (games_.size() >= limits_.max_games)
    return Refusal{protocol::ErrorCode::TooManyRooms,
                   "the computer plays " + std::to_string(limits_.max_games) + " games already: try again later"};
  std::size_t mine = 0;
  for (const auto& g : games_) mine += g.second == player;
  if (mine >= limits_.games_per_player)
    return Refusal{protocol::ErrorCode::TooManyRooms, "you play " + std::to_string(limits_.games_per_player) +
                                                          " games against the computer already: finish one first"};
  return std::nullopt;
}

void ComputerPlayers::track(const RoomSummary& room) {
  bool white_bot = levels_.count(room.white) > 0, black_bot = levels_.count(room.black) > 0;
  if (!white_bot && !black_bot) return;
  std::lock_guard lock(games_mutex_);
  if (room.status == protocol::RoomStatus::Live || room.status == protocol::RoomStatus::Open)
    games_[room.id] = white_bot ? room.black : room.white;
  else
    games_.erase(room.id);
}

void ComputerPlayers::think(BotTurn turn) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    queue_.push_back([this, turn = std::move(turn)]() mutable { run(turn); });
  }
  wake_.notify_one();
}

bool ComputerPlayers::evaluate(EvaluationJob job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || evaluating_ >= limits_.max_evaluations) return false;
    ++evaluating_;
    evaluations_.push_back([this, job = std::move(job)]() mutable {
      run(job);
      std::lock_guard lock(mutex_);
      --evaluating_;
    });
  }
  wake_.notify_one();
  return true;
}

void ComputerPlayers::work() {
  while (true) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty() || !evaluations_.empty(); });
      if (stopping_) return;
      auto& from = queue_.empty() ? evaluations_ : queue_;
      task = std::move(from.front());
      from.pop_front();
    }
    task();
  }
}

void ComputerPlayers::run(BotTurn& turn) {
  if (turn.cancelled && *turn.cancelled) return;
  using Steady = std::chrono::steady_clock;
  auto start = Steady::now();
  std::int64_t budget = turn.budget_ms > 0 ? std::min(turn.budget_ms, limits_.time_ms) : limits_.time_ms;
  auto deadline = start + std::chrono::milliseconds(budget);
  bot::Request request;
  request.level = turn.level;
  request.seed = turn.seed;
  auto cancelled = turn.cancelled;
  request.should_stop = [this, cancelled, deadline] {
    return stopped_.load() || (cancelled && cancelled->load()) || Steady::now() >= deadline;
  };
  std::optional<std::string> action;
  try {
    action = bot::choose_notation(turn.game, request);
  } catch (const std::exception& e) {  // a bug: log it, the room waits for nothing
    spdlog::error("event=bot_failed level={} error=\"{}\"", turn.level, log_text(e.what()));
  }
  if (stopped_ || (cancelled && *cancelled)) return;
  auto think_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Steady::now() - start).count();
  turn.done(std::move(action), think_ms);
}

void ComputerPlayers::run(EvaluationJob& job) {
  using Steady = std::chrono::steady_clock;
  std::int64_t budget = job.budget_ms > 0 ? std::min(job.budget_ms, limits_.time_ms) : limits_.time_ms;
  auto deadline = Steady::now() + std::chrono::milliseconds(budget);
  bot::Request request;
  request.max_nodes = job.max_nodes;
  request.should_stop = [this, deadline] { return stopped_.load() || Steady::now() >= deadline; };
  std::optional<bot::Analysis> analysis;
  try {
    analysis = bot::analyse(job.game, request);
  } catch (const std::exception& e) {  // a bug: log it, the caller answers that nothing was found
    spdlog::error("event=analysis_failed error=\"{}\"", log_text(e.what()));
  }
  if (stopped_) return;
  job.done(std::move(analysis));
}

}  // namespace arena
