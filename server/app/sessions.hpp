#pragma once
// The open WebSocket sessions and streams (#45), so that shutdown can say
// goodbye to each.
#include <memory>
#include <mutex>
#include <vector>

namespace arena {

class WebsocketSession;
class NdjsonSession;

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

  void add_stream(const std::shared_ptr<NdjsonSession>& stream) {
    std::lock_guard lock(mutex_);
    std::erase_if(streams_, [](auto& w) { return w.expired(); });
    streams_.push_back(stream);
  }
  std::vector<std::shared_ptr<NdjsonSession>> live_streams() {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<NdjsonSession>> out;
    for (auto& w : streams_)
      if (auto s = w.lock()) out.push_back(s);
    return out;
  }

 private:
  std::mutex mutex_;
  std::vector<std::weak_ptr<WebsocketSession>> sessions_;
  std::vector<std::weak_ptr<NdjsonSession>> streams_;
};

}  // namespace arena
