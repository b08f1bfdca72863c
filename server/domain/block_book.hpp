#pragma once
// Who blocked whom (#34), in memory for the checks that cannot wait for the
// store: a private invitation's seat, chat lines on their way out. The store
// (the blocks table) is the truth: loaded whole at start, then changed only
// after the store committed a block or an unblock. Bounded as the table is:
// at most kMaxBlocks (account/trust_store.hpp) per blocker.
#include <cstdint>
#include <mutex>
#include <set>
#include <utility>
#include <vector>

namespace arena {

class BlockBook {
 public:
  // (blocker, blocked) player ids.
  void load(const std::vector<std::pair<std::int64_t, std::int64_t>>& pairs) {
    std::lock_guard lock(mutex_);
    pairs_.clear();
    pairs_.insert(pairs.begin(), pairs.end());
  }
  void add(std::int64_t blocker, std::int64_t blocked) {
    std::lock_guard lock(mutex_);
    pairs_.emplace(blocker, blocked);
  }
  void remove(std::int64_t blocker, std::int64_t blocked) {
    std::lock_guard lock(mutex_);
    pairs_.erase({blocker, blocked});
  }
  bool blocks(std::int64_t blocker, std::int64_t blocked) const {
    std::lock_guard lock(mutex_);
    return pairs_.count({blocker, blocked}) > 0;
  }

 private:
  mutable std::mutex mutex_;
  std::set<std::pair<std::int64_t, std::int64_t>> pairs_;
};

}  // namespace arena
