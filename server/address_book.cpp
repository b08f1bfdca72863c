#include "address_book.hpp"

#include <cstdio>

namespace arena {

AddressBook::AddressBook(int max_connections, int max_new_players, std::chrono::seconds window, std::size_t max_addresses)
    : max_connections_(max_connections), max_new_players_(max_new_players), window_(window), max_addresses_(max_addresses) {}

std::string AddressBook::key_of(const boost::asio::ip::address& address) {
  if (address.is_v4()) return address.to_string();
  auto v6 = address.to_v6();
  if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  auto bytes = v6.to_bytes();
  char text[48];
  std::snprintf(text, sizeof text, "%x:%x:%x:%x::/64", bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3],
                bytes[4] << 8 | bytes[5], bytes[6] << 8 | bytes[7]);
  return text;
}

std::shared_ptr<AddressBook::Ticket> AddressBook::connect(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    if (entries_.size() >= max_addresses_) prune(Clock::now());
    if (entries_.size() >= max_addresses_) return nullptr;
    it = entries_.emplace(key, Entry{}).first;
  }
  if (it->second.connections >= max_connections_) return nullptr;
  ++it->second.connections;
  return std::make_shared<Ticket>(shared_from_this(), key);
}

void AddressBook::release(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(key);
  if (it == entries_.end()) return;
  --it->second.connections;
  forget_if_idle(it, Clock::now());
}

bool AddressBook::allow_new_player(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    if (entries_.size() >= max_addresses_) prune(now);
    if (entries_.size() >= max_addresses_) return false;
    it = entries_.emplace(key, Entry{}).first;
  }
  auto& times = it->second.new_players;
  while (!times.empty() && now - times.front() >= window_) times.pop_front();
  if (static_cast<int>(times.size()) >= max_new_players_) return false;
  times.push_back(now);
  return true;
}

void AddressBook::forget_if_idle(std::unordered_map<std::string, Entry>::iterator it, Clock::time_point now) {
  auto& times = it->second.new_players;
  while (!times.empty() && now - times.front() >= window_) times.pop_front();
  if (it->second.connections <= 0 && times.empty()) entries_.erase(it);
}

void AddressBook::prune(Clock::time_point now) {
  for (auto it = entries_.begin(); it != entries_.end();) {
    auto& times = it->second.new_players;
    while (!times.empty() && now - times.front() >= window_) times.pop_front();
    it = it->second.connections <= 0 && times.empty() ? entries_.erase(it) : std::next(it);
  }
}

std::size_t AddressBook::tracked() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace arena
