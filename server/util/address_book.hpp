#pragma once
// What each client address may still do: open connections (counted while they
// last) and new player identities (a sliding window). IPv6 addresses count per
// /64, since one host commonly holds a whole /64. Bounded: an address is
// forgotten once it has nothing open and nothing in its window, and at most
// `max_addresses` are tracked (beyond that, new addresses are refused).
// A connection that only waits for its next request (an HTTP keep-alive one
// that answered before) is counted too, but may be given up: an address at its
// limit gets its new connection by closing the one idle longest. A browser
// keeps up to six such connections per page's context for half a minute after
// loading the page's scripts; without this a few dozen pages from one address
// had their next page's scripts refused with 429, and that page never started.
#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
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

  // A connection from `key`, counted until the ticket is destroyed (or its
  // connection given up for another); nullptr when the address has as many
  // open as allowed and none of them idle.
  class Ticket;
  std::shared_ptr<Ticket> connect(const std::string& key);
  // Whether `key` may create another player identity at `now` (counts it if so).
  bool allow_new_player(const std::string& key, Clock::time_point now = Clock::now());
  std::size_t tracked() const;

 private:
  struct Entry {
    int connections = 0;
    std::deque<Clock::time_point> new_players;  // within the window, oldest first
    std::list<Ticket*> idle_tickets;            // the connections that may be given up, idle longest first
  };
  void release(Ticket& ticket);
  void set_idle(Ticket& ticket, std::function<void()> give_up);
  bool set_busy(Ticket& ticket);
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
  ~Ticket() { book_->release(*this); }
  Ticket(const Ticket&) = delete;
  Ticket& operator=(const Ticket&) = delete;
  const std::string& key() const { return key_; }

  // The connection waits for its next request: a new connection of the same
  // address at its limit may take its place. Then `give_up` is called (once,
  // on the new connection's thread, so it should only post the closing to the
  // connection's own executor) and the ticket no longer counts.
  void idle(std::function<void()> give_up) { book_->set_idle(*this, std::move(give_up)); }
  // A request came: no longer idle. False when the connection was given up
  // meanwhile (it is closing, and must not answer).
  bool busy() { return book_->set_busy(*this); }

 private:
  friend class AddressBook;
  std::shared_ptr<AddressBook> book_;
  std::string key_;
  // Guarded by the book's mutex:
  std::function<void()> give_up_;
  std::list<Ticket*>::iterator idle_at_;
  bool is_idle_ = false;
  bool given_up_ = false;  // its slot went to another connection: releasing it counts nothing
};

}  // namespace arena
