#pragma once
// The soak's ladder and Swiss event, run through the public API as an admin
// and their players would: one ladder challenge in play at a time (a new
// ladder when every pair has played), one Swiss event running (a new one when
// it finishes), each game handed to its two account players (Bots).
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "soak_bots.hpp"

namespace soak {

class Competitions {
 public:
  Competitions(Bots& bots, Ledger& ledger, std::function<std::vector<int>()> live_ports, std::string store, std::uint64_t seed);
  // The admin (by the command line, before the nodes start).
  bool make_admin(std::string& why);
  // Accounts, a ladder and a Swiss event; false (with why) if the site refused.
  bool setup(std::string& why);
  // Every few seconds: a new challenge when the last one's game is over,
  // the event's new pairings to their players, a new event when one finished.
  // Best effort: a node or the database away now is tried at the next tick.
  void tick();
  void close();  // the end: the event gets no more rounds, no more challenges
  long challenges() const { return challenges_; }
  long events() const { return events_; }

 private:
  int port();
  bool new_ladder();
  bool new_event();
  void challenge();
  void follow_event();
  Bots& bots_;
  Ledger& ledger_;
  std::function<std::vector<int>()> live_ports_;
  std::string store_;
  std::mt19937_64 rng_;
  std::string admin_;
  std::map<std::string, std::string> cookies_;  // username -> session cookie
  std::vector<std::string> ladder_players_, event_players_;
  std::int64_t ladder_ = 0, event_ = 0;
  std::string ladder_room_;
  std::set<std::string> handed_;  // event rooms given to their players
  bool closed_ = false;
  long challenges_ = 0, events_ = 0, ladders_ = 0;
};

}  // namespace soak
