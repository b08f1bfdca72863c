#pragma once
// Following (#46) in the store: an account follows others (at most
// kMaxFollows), sees which of them are online or playing, and hears of their
// new games. Blocks win over follows: a block deletes the follows between the
// two accounts (TrustStore::set_block), and a follow is refused while either
// blocks the other. Presence: a node writes a row while a player has a
// connection there; it counts while that node's heartbeat is fresh (a node
// that died stops counting by itself), and a node that starts again deletes
// its old rows. Refusals are answers (Outcome::code), never errors.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "domain/outcome.hpp"
#include "domain/store_basics.hpp"

namespace arena {

inline constexpr int kMaxFollows = 500;       // accounts one account may follow
inline constexpr int kFollowersTold = 200;    // followers told of one new game (those seen last first)
inline constexpr std::int64_t kNodeFreshMs = 10000;  // a node's presence counts while it beat this lately
inline constexpr std::size_t kMaxOnlineAsked = 500;  // players one online_of() looks at

struct FollowedPlayer {
  std::int64_t player = 0;
  std::string username;
  std::int64_t since = 0;             // followed since (ms since the epoch)
  bool bot = false;
  bool online = false;                // a connection on a live node
  std::vector<std::string> playing;   // the public games it plays now (room ids, newest first)
};

class FollowStore {
 public:
  virtual ~FollowStore() = default;
  // `follower` (a player id) follows or unfollows the account `username`;
  // refused: not_found (no such account, or not followed when unfollowing),
  // bad_field (oneself), blocked (either blocks the other), too_many_follows.
  // Following twice changes nothing.
  virtual void set_follow(std::int64_t follower, std::string username, bool follow, std::int64_t now, StoreExecutor ex,
                          StoreReply<Outcome<FollowedPlayer>> reply) = 0;
  // Whom `follower` follows: online first, then by name; each with its live
  // public games. `now`: judges the nodes' heartbeats.
  virtual void following(std::int64_t follower, std::int64_t now, StoreExecutor ex,
                         StoreReply<std::vector<FollowedPlayer>> reply) = 0;
  // The followers of `player` to tell of its new game: accounts whose switch
  // (notify_follow) is on, not blocked either way, at most kFollowersTold,
  // those online first.
  virtual void followers_to_tell(std::int64_t player, std::int64_t now, StoreExecutor ex,
                                 StoreReply<std::vector<std::int64_t>> reply) = 0;
  // `player` has a connection on `node` from `now` (here), or no longer.
  virtual void set_presence(std::int64_t player, std::string node, bool here, std::int64_t now, StoreExecutor ex,
                            StoreDone done) = 0;
  // Which of `players` are online at `now` (at most kMaxOnlineAsked of them are asked).
  virtual void online_of(std::vector<std::int64_t> players, std::int64_t now, StoreExecutor ex,
                         StoreReply<std::vector<std::int64_t>> reply) = 0;
  // A node that starts: its rows from an earlier run go.
  virtual void clear_presence(std::string node, StoreExecutor ex, StoreDone done) = 0;
};

}  // namespace arena
