#pragma once
// A token bucket: `burst` messages at once, refilled at `per_second` (0: never).
#include <algorithm>
#include <chrono>

namespace arena {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  // `start`: the clock's reading now (tests pass their own, so that no result
  // depends on how fast anything runs).
  RateLimiter(double per_second, double burst, Clock::time_point start = Clock::now())
      : rate_(per_second), burst_(burst), tokens_(burst), last_(start) {}

  bool allow(Clock::time_point now = Clock::now()) {
    tokens_ = std::min(burst_, tokens_ + std::chrono::duration<double>(now - last_).count() * rate_);
    last_ = now;
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

 private:
  double rate_, burst_, tokens_;
  Clock::time_point last_;
};

}  // namespace arena
