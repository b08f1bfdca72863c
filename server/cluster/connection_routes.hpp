#pragma once
// The connections of this node that talk to rooms on other nodes (#30), by
// number: a room's owner answers "connection 42 of node b", and this is where
// node b finds it. Only weak references: a closed connection's number leads
// nowhere, and prune() forgets it. Thread-safe (connections call from their
// strands, the bus delivers on its own thread).
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "game/client.hpp"

namespace arena {

class ConnectionRoutes {
 public:
  // The connection's number, given at its first call to another node.
  std::uint64_t number(const std::shared_ptr<Client>& client) {
    std::lock_guard lock(mutex_);
    auto it = numbers_.find(client.get());
    // A number whose connection is gone belonged to an earlier object at this address.
    if (it != numbers_.end() && !clients_[it->second].expired()) return it->second;
    std::uint64_t n = ++last_;
    numbers_[client.get()] = n;
    clients_[n] = client;
    return n;
  }
  // The number of a connection that has one.
  std::optional<std::uint64_t> find(Client* client) {
    std::lock_guard lock(mutex_);
    auto it = numbers_.find(client);
    if (it == numbers_.end()) return std::nullopt;
    return it->second;
  }
  std::shared_ptr<Client> client(std::uint64_t number) {
    std::lock_guard lock(mutex_);
    auto it = clients_.find(number);
    return it == clients_.end() ? nullptr : it->second.lock();
  }
  // Forgets the connections that closed; answers how many are left.
  std::size_t prune() {
    std::lock_guard lock(mutex_);
    for (auto it = numbers_.begin(); it != numbers_.end();) {
      auto c = clients_.find(it->second);
      if (c == clients_.end() || c->second.expired()) {
        if (c != clients_.end()) clients_.erase(c);
        it = numbers_.erase(it);
      } else {
        ++it;
      }
    }
    return numbers_.size();
  }

 private:
  std::mutex mutex_;
  std::uint64_t last_ = 0;
  std::unordered_map<Client*, std::uint64_t> numbers_;
  std::unordered_map<std::uint64_t, std::weak_ptr<Client>> clients_;
};

}  // namespace arena
