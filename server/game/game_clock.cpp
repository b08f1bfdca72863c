#include "game/game_clock.hpp"

#include <algorithm>

namespace arena {

using engine::Color;
using engine::index;

namespace {
constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;
}  // namespace

LagTracker::LagTracker(const TimeControl& control) {
  // min(1 s, 0.15 s + 0.004 × estimated game seconds)
  double gain = std::min(1000.0, 150.0 + 4.0 * control.estimated_seconds());
  gain_ = static_cast<std::int64_t>(gain);
  quota_ = 3 * gain_;
  max_ = 7 * gain_;
}

std::int64_t LagTracker::credit(std::int64_t lag_ms) {
  std::int64_t credited = std::clamp<std::int64_t>(lag_ms, 0, quota_);
  quota_ = std::min(quota_ + gain_ - credited, max_);
  return credited;
}

GameClock::GameClock(TimeControl control) : control_(control), lag_{LagTracker(control), LagTracker(control)} {
  // A live clock without initial time starts with its increment, at least
  // 3 s (lichess's rule), so that 0+M games do not begin lost.
  std::int64_t start = control_.kind == TimeControl::Kind::Live
                           ? (control_.initial_ms > 0 ? control_.initial_ms : std::max<std::int64_t>(control_.increment_ms, 3000))
                           : bank_for_a_move();
  bank_ = {start, start};
}

std::int64_t GameClock::bank_for_a_move() const { return control_.days_per_move * kDayMs; }

void GameClock::start(Color decider, std::int64_t now) {
  if (!timed()) return;
  running_ = decider;
  since_ = now;
}

std::int64_t GameClock::remaining(Color color, std::int64_t now) const {
  std::int64_t left = bank_[index(color)];
  if (running_ == color) left -= std::max<std::int64_t>(0, now - since_);
  return std::max<std::int64_t>(0, left);
}

bool GameClock::flagged(std::int64_t now) const { return running_ && remaining(*running_, now) <= 0; }

std::optional<std::int64_t> GameClock::flag_at() const {
  if (!running_) return std::nullopt;
  return since_ + bank_[index(*running_)];
}

bool GameClock::act(Color actor, std::int64_t now, std::int64_t lag_ms, bool completes_part, std::optional<Color> next) {
  if (!timed()) return true;
  if (running_ == actor) {
    std::int64_t& bank = bank_[index(actor)];
    std::int64_t spent = std::max<std::int64_t>(0, now - since_);
    if (spent >= bank) return false;  // the flag fell before the action came
    spent = std::max<std::int64_t>(0, spent - lag_[index(actor)].credit(lag_ms));
    bank -= spent;
    if (completes_part) {
      if (control_.kind == TimeControl::Kind::Live) bank += control_.increment_ms;
      if (control_.kind == TimeControl::Kind::Correspondence) bank = bank_for_a_move();
    }
  }
  running_ = next;
  since_ = now;
  return true;
}

void GameClock::credit(std::int64_t ms) {
  if (running_ && ms > 0) since_ += ms;
}

void GameClock::switch_to(engine::Color next, std::int64_t now) {
  if (!running_ || *running_ == next) return;
  bank_[index(*running_)] = remaining(*running_, now);
  if (control_.kind == TimeControl::Kind::Correspondence) bank_[index(next)] = bank_for_a_move();
  running_ = next;
  since_ = now;
}

void GameClock::give(engine::Color color, std::int64_t ms) {
  if (ms > 0) bank_[index(color)] += ms;
}

void GameClock::stop(std::int64_t now) {
  if (running_) bank_[index(*running_)] = remaining(*running_, now);
  running_.reset();
  since_ = now;
}

}  // namespace arena
