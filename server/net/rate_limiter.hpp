#pragma once
// A token bucket: `burst` messages at once, refilled at `per_second` (0: never).
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <map>

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

// A RateLimiter per key (an address, an account), all with one rate and
// burst. Bounded: at `max_keys` keys and a new one coming, it forgets them
// all (never grows; a forgotten key starts again with a full burst). Not
// synchronised: its owner locks.
template <class Key>
class RateLimits {
 public:
  RateLimits(double per_second, double burst, std::size_t max_keys = 10000)
      : per_second_(per_second), burst_(burst), max_keys_(max_keys) {}

  bool allow(const Key& key) {
    if (limiters_.size() >= max_keys_ && !limiters_.count(key)) limiters_.clear();
    return limiters_.try_emplace(key, per_second_, burst_).first->second.allow();
  }

 private:
  double per_second_, burst_;
  std::size_t max_keys_;
  std::map<Key, RateLimiter> limiters_;
};

}  // namespace arena
