#pragma once
// The soak's clients: players (guests and accounts), spectators and players
// against the computer, on one io_context thread, that come back as a page
// would: after any close or error they reconnect, with their token or session
// cookie, to a node that runs (bounded retries, growing delays), re-enter
// every room they were in (join_room / watch) and resync. What they hear goes
// to the Ledger, which the checks read from another thread.
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace soak {

using Clock = std::chrono::steady_clock;

// One room as the clients heard it.
struct RoomRecord {
  std::string kind;               // guest, computer, ladder, event
  std::int64_t heard_ply = -1;    // the newest ply anyone heard (stored before it was sent)
  bool over = false;              // a final event or snapshot was heard
  std::string status, reason, final_kind, note;  // as the final event said
  Clock::time_point opened, last_progress;       // last_progress: the last event heard
  int resumed = 0;                               // `resumed` events heard
  std::int64_t credited_ms_max = 0;
  std::map<std::int64_t, std::string> chat;      // seq -> text, as heard
  std::set<std::string> chat_acked;              // texts whose `chat` was acknowledged
};

// Everything the clients heard, under `mutex`.
struct Ledger {
  std::mutex mutex;
  std::map<std::string, RoomRecord> rooms;
  long actions_sent = 0, actions_acked = 0, chats_acked = 0;
  long connections = 0, reconnects = 0, closes_1012 = 0, resumed_events = 0, opponent_gone = 0;
  std::map<std::string, long> errors;  // answered `error` codes (expected under chaos; reported)
  std::vector<std::string> failures;   // what a client saw that must never happen
  void fail(std::string what) { failures.push_back(std::move(what)); }
};

struct Settings {
  int games = 10;           // guest games kept going
  int spectators = 6;       // spread over them
  int computer_games = 2;   // against the computer (level 1), kept going
  std::uint64_t seed = 1;
  int claim_after_seconds = 40;  // the nodes' --claim-after-seconds (opponent_gone's claim_at is checked against it)
  int lease_seconds = 3;
  Clock::time_point t0 = Clock::now();  // the soak's clock for the frames it reports
};

class Bots {
 public:
  // `live_ports` (thread-safe) names the nodes a client may connect to now.
  Bots(boost::asio::io_context& io, Settings settings, Ledger& ledger, std::function<std::vector<int>()> live_ports);
  ~Bots();
  // From any thread:
  void start();  // the guest and computer games
  // An account's player (ladders, events): one connection with its session
  // cookie that sits down in every game it is paired in (the `pairing`
  // message, or seat_account from whoever made the game).
  void add_account(const std::string& username, const std::string& cookie);
  void seat_account(const std::string& username, const std::string& room, const std::string& kind);
  // Each client in `room` now: where it is connected, what it heard last
  // (for the report of a room that went wrong). From another thread.
  std::string describe(const std::string& room);
  // The end: no new games, everyone plays at once, until every game is over.
  void drain();
  void stop();  // closes everything (on the io thread; returns at once)

  struct Impl;  // (named by the clients in soak_bots.cpp)

 private:
  std::shared_ptr<Impl> impl_;
};

}  // namespace soak
