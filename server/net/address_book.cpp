#include "net/address_book.hpp"

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
  Entry* entry = find_or_add(key, Clock::now());
  if (!entry || entry->connections >= max_connections_) return nullptr;
  ++entry->connections;
  return std::make_shared<Ticket>(shared_from_this(), key);
}

void AddressBook::release(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(key);
  if (it == entries_.end()) return;
  --it->second.connections;
  if (idle(it->second, Clock::now())) entries_.erase(it);
}

bool AddressBook::allow_new_player(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  Entry* entry = find_or_add(key, now);
  if (!entry) return false;
  idle(*entry, now);  // drops what left the window
  if (static_cast<int>(entry->new_players.size()) >= max_new_players_) return false;
  entry->new_players.push_back(now);
  return true;
}

AddressBook::Entry* AddressBook::find_or_add(const std::string& key, Clock::time_point now) {
  auto it = entries_.find(key);
  if (it != entries_.end()) return &it->second;
  if (entries_.size() >= max_addresses_) {
    for (auto e = entries_.begin(); e != entries_.end();) e = idle(e->second, now) ? entries_.erase(e) : std::next(e);
  }
  if (entries_.size() >= max_addresses_) return nullptr;
  return &entries_[key];
}

bool AddressBook::idle(Entry& entry, Clock::time_point now) const {
  auto& times = entry.new_players;
  while (!times.empty() && now - times.front() >= window_) times.pop_front();
  return entry.connections <= 0 && times.empty();
}

std::size_t AddressBook::tracked() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace arena
