#include "bots/open_streams.hpp"

namespace arena {

void OpenStreams::end_all(const std::vector<std::shared_ptr<LineSink>>& sinks) {
  for (const auto& sink : sinks) sink->end();
}

OpenStreams::Opening OpenStreams::open(std::int64_t account, const std::string& token, const std::string& room) {
  std::vector<std::shared_ptr<LineSink>> replaced;
  Opening opening;
  {
    std::lock_guard lock(mutex_);
    // Ended streams count until they close: their connections are still open.
    if (static_cast<int>(entries_.size()) >= limits_.per_node) {
      opening.node_full = true;
      return opening;
    }
    auto& mine = by_account_[account];
    int all = 0, events = 0;
    for (std::uint64_t other : mine) {
      Entry& e = entries_[other];
      if (!room.empty() && !e.ended && e.token == token && e.room == room) {
        e.ended = true;  // the token's earlier stream of this game ends
        if (auto sink = e.sink.lock()) replaced.push_back(sink);
        continue;
      }
      ++all;
      if (e.room.empty()) ++events;
    }
    if (all < limits_.per_account && (!room.empty() || events < limits_.events_per_account)) {
      opening.id = next_++;
      entries_[opening.id] = Entry{account, token, room, {}, false};
      mine.insert(opening.id);
    } else if (mine.empty()) {
      by_account_.erase(account);
    }
  }
  end_all(replaced);
  return opening;
}

void OpenStreams::attach(std::uint64_t id, const std::shared_ptr<LineSink>& sink) {
  bool ended = false;
  {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(id);
    if (it == entries_.end()) return;
    it->second.sink = sink;
    ended = it->second.ended;
  }
  if (ended) sink->end();
}

void OpenStreams::close(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(id);
  if (it == entries_.end()) return;
  auto account = by_account_.find(it->second.account);
  if (account != by_account_.end()) {
    account->second.erase(id);
    if (account->second.empty()) by_account_.erase(account);
  }
  entries_.erase(it);
}

void OpenStreams::end_token(const std::string& token) {
  std::vector<std::shared_ptr<LineSink>> sinks;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, e] : entries_)
      if (e.token == token) {
        e.ended = true;
        if (auto sink = e.sink.lock()) sinks.push_back(sink);
      }
  }
  end_all(sinks);
}

int OpenStreams::open_count() {
  std::lock_guard lock(mutex_);
  return static_cast<int>(entries_.size());
}

}  // namespace arena
