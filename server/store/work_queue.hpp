#pragma once
// A bounded queue that one thread drains in batches: the store's writer and
// reader each own one. Pushing never blocks: a closed or full queue refuses.
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace arena {

template <class T>
class WorkQueue {
 public:
  explicit WorkQueue(std::size_t max_items) : max_items_(max_items) {}

  // Queues `item` (moved from only then) and returns nullptr, or returns why not.
  const std::string* push(T& item) {
    static const std::string kStopping = "the server is stopping";
    static const std::string kOverloaded = "the store is overloaded";
    {
      std::lock_guard lock(mutex_);
      if (closed_) return &kStopping;
      if (items_.size() >= max_items_) return &kOverloaded;
      items_.push_back(std::move(item));
    }
    ready_.notify_one();
    return nullptr;
  }

  // Waits for items and moves them all into `batch`; false once the queue is
  // closed and empty (everything accepted was taken).
  bool take(std::vector<T>& batch) {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty()) return false;
    batch.swap(items_);
    return true;
  }

  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }

 private:
  const std::size_t max_items_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<T> items_;
  bool closed_ = false;
};

}  // namespace arena
