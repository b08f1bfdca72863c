#include "util/address_book.hpp"

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
  std::function<void()> give_up;  // called after the lock is let go
  std::shared_ptr<Ticket> ticket;
  {
    std::lock_guard lock(mutex_);
    Entry* entry = find_or_add(key, Clock::now());
    if (!entry) return nullptr;
    if (entry->connections >= max_connections_) {
      if (entry->idle_tickets.empty()) return nullptr;
      // The connection idle longest gives its slot to this one.
      Ticket* oldest = entry->idle_tickets.front();
      entry->idle_tickets.pop_front();
      oldest->is_idle_ = false;
      oldest->given_up_ = true;
      give_up = std::move(oldest->give_up_);
      oldest->give_up_ = nullptr;
      --entry->connections;
    }
    ++entry->connections;
    ticket = std::make_shared<Ticket>(shared_from_this(), key);
  }
  if (give_up) give_up();
  return ticket;
}

void AddressBook::release(Ticket& ticket) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(ticket.key_);
  if (it == entries_.end()) return;
  if (ticket.is_idle_) it->second.idle_tickets.erase(ticket.idle_at_);
  if (!ticket.given_up_) --it->second.connections;
  if (idle(it->second, Clock::now())) entries_.erase(it);
}

void AddressBook::set_idle(Ticket& ticket, std::function<void()> give_up) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(ticket.key_);
  if (it == entries_.end() || ticket.given_up_) return;
  ticket.give_up_ = std::move(give_up);
  if (ticket.is_idle_) return;
  ticket.idle_at_ = it->second.idle_tickets.insert(it->second.idle_tickets.end(), &ticket);
  ticket.is_idle_ = true;
}

bool AddressBook::set_busy(Ticket& ticket) {
  std::lock_guard lock(mutex_);
  if (ticket.given_up_) return false;
  if (ticket.is_idle_) {
    auto it = entries_.find(ticket.key_);
    if (it != entries_.end()) it->second.idle_tickets.erase(ticket.idle_at_);
    ticket.is_idle_ = false;
  }
  ticket.give_up_ = nullptr;
  return true;
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
