#pragma once
// The open connections of each account, so that a ban can close them at once.
// Bounded by the connections themselves: one entry per open connection of an
// account, removed when it closes.
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "game/client.hpp"

namespace arena {

class AccountConnections {
 public:
  void add(std::int64_t account, const std::shared_ptr<Client>& client) {
    std::lock_guard lock(mutex_);
    auto& list = clients_[account];
    std::erase_if(list, [](const std::weak_ptr<Client>& w) { return w.expired(); });
    list.push_back(client);
  }

  void remove(std::int64_t account, const Client* client) {
    std::lock_guard lock(mutex_);
    auto it = clients_.find(account);
    if (it == clients_.end()) return;
    std::erase_if(it->second, [client](const std::weak_ptr<Client>& w) {
      auto c = w.lock();
      return !c || c.get() == client;
    });
    if (it->second.empty()) clients_.erase(it);
  }

  // Closes every open connection of `account`; how many there were.
  int disconnect(std::int64_t account, const char* reason) {
    std::vector<std::shared_ptr<Client>> open;
    {
      std::lock_guard lock(mutex_);
      auto it = clients_.find(account);
      if (it == clients_.end()) return 0;
      for (auto& w : it->second)
        if (auto c = w.lock()) open.push_back(std::move(c));
      clients_.erase(it);
    }
    for (auto& c : open) c->disconnect(reason);
    return static_cast<int>(open.size());
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::int64_t, std::vector<std::weak_ptr<Client>>> clients_;
};

}  // namespace arena
