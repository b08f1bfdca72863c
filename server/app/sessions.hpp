#pragma once
// The open WebSocket sessions, so that shutdown can say goodbye to each.
#include <memory>
#include <mutex>
#include <vector>

namespace arena {

class WebsocketSession;

class Sessions {
 public:
  void add(const std::shared_ptr<WebsocketSession>& session) {
    std::lock_guard lock(mutex_);
    std::erase_if(sessions_, [](auto& w) { return w.expired(); });
    sessions_.push_back(session);
  }
  std::vector<std::shared_ptr<WebsocketSession>> live() {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<WebsocketSession>> out;
    for (auto& w : sessions_)
      if (auto s = w.lock()) out.push_back(s);
    return out;
  }

 private:
  std::mutex mutex_;
  std::vector<std::weak_ptr<WebsocketSession>> sessions_;
};

}  // namespace arena
