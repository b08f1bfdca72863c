#pragma once
// What each client address may still do: open connections (counted while they
// last) and new player identities (a sliding window). IPv6 addresses count per
// /64, since one host commonly holds a whole /64. Bounded: an address is
// forgotten once it has nothing open and nothing in its window, and at most
// `max_addresses` are tracked (beyond that, new addresses are refused).
#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace arena {

class AddressBook : public std::enable_shared_from_this<AddressBook> {
 public:
  using Clock = std::chrono::steady_clock;

  AddressBook(int max_connections, int max_new_players, std::chrono::seconds window, std::size_t max_addresses = 100000);

  // The key an address counts under: "192.0.2.7", "2001:db8:1:2::/64".
  static std::string key_of(const boost::asio::ip::address& address);

  // A connection from `key`, counted until the ticket is destroyed; nullptr when
  // the address has as many open as allowed.
  class Ticket;
  std::shared_ptr<Ticket> connect(const std::string& key);
  // Whether `key` may create another player identity at `now` (counts it if so).
  bool allow_new_player(const std::string& key, Clock::time_point now = Clock::now());
  std::size_t tracked() const;

 private:
  struct Entry {
    int connections = 0;
    std::deque<Clock::time_point> new_players;  // within the window, oldest first
  };
  void release(const std::string& key);
  // The entry of `key`, added if new; nullptr when the table is full even after
  // forgetting every idle address.
  Entry* find_or_add(const std::string& key, Clock::time_point now);
  // Drops the new-player times that left the window; whether nothing is left.
  bool idle(Entry& entry, Clock::time_point now) const;

  int max_connections_;
  int max_new_players_;
  std::chrono::seconds window_;
  std::size_t max_addresses_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
};

class AddressBook::Ticket {
 public:
  Ticket(std::shared_ptr<AddressBook> book, std::string key) : book_(std::move(book)), key_(std::move(key)) {}
  ~Ticket() { book_->release(key_); }
  Ticket(const Ticket&) = delete;
  Ticket& operator=(const Ticket&) = delete;
  const std::string& key() const { return key_; }

 private:
  std::shared_ptr<AddressBook> book_;
  std::string key_;
};

}  // namespace arena
