#pragma once
// Quick pairing's port (#46; PROTOCOL.md, Quick pairing): the site's one pool
// of waiting seeks, shared by every node through the database, so that two
// seekers meet whichever nodes they came to, and are paired once. SqlStore
// implements it (migrations 020 / postgres 013). The rules every port keeps:
// domain/store_basics.hpp.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "domain/outcome.hpp"
#include "domain/store_basics.hpp"
#include "engine/registry.hpp"  // GameOptions
#include "protocol/time_control.hpp"

namespace arena {

struct SeekRecord {
  std::string id;
  std::int64_t player = 0;
  std::string name;        // as the player sits down
  std::string kind;        // the seat's kind: guest, account, moderator, admin
  bool account = false;    // an account's (a rated seek must be)
  std::string pool;        // protocol::seek_pool: seekers of one pool may meet
  engine::GameOptions options;
  protocol::TimeControl clock;
  bool rated = false;
  int rating_min = 0, rating_max = 0;  // the opponent's rating (0: no bound)
  double rating = 0;       // the player's in the pool's perf (the store fills it in; kUnratedRating without one)
  std::int64_t created_at = 0;
};

// What placing a seek did: it paired (`opponent`, which left the pool with
// it, and neither is stored now), or it waits. `replaced`: the player's
// earlier seek, gone.
struct SeekPlacement {
  SeekRecord seek;
  std::optional<SeekRecord> opponent;
  std::string replaced;
};

inline constexpr double kUnratedRating = 1500;      // a player's rating in a perf before its first rated game
inline constexpr std::int64_t kSeekLeaseMs = 20'000;  // a seek not renewed this long has no player any more
inline constexpr std::int64_t kMaxSeeks = 10'000;     // the pool's bound, site-wide
inline constexpr std::int64_t kSeekPairsKeptMs = 7LL * 24 * 3600 * 1000;  // last opponents remembered this long

class SeekStore {
 public:
  virtual ~SeekStore() = default;
  // In one step, alone among every node's placements: seeks older than
  // `now` - kSeekLeaseMs leave the pool; the player's own earlier seek
  // leaves; then the best seek of the same pool that takes this one and
  // that this one takes (each rating within the other's bounds, neither
  // blocking the other) is taken out with it: the closest rating, then the
  // oldest, but not the pair that last met by quick pairing while another
  // fits. Without one, the seek waits. Refused `too_many_seeks` at kMaxSeeks.
  virtual void place_seek(SeekRecord seek, std::int64_t now, StoreExecutor ex, StoreReply<Outcome<SeekPlacement>> reply) = 0;
  // The player's seek `id` ("": whichever it has) leaves the pool; whether it was there.
  virtual void remove_seek(std::int64_t player, std::string id, StoreExecutor ex, StoreReply<bool> reply) = 0;
  // The seeks `ids` live on from `now`; the answer: those still waiting (the others were paired or are gone).
  virtual void renew_seeks(std::vector<std::string> ids, std::int64_t now, StoreExecutor ex,
                           StoreReply<std::vector<std::string>> reply) = 0;
  // The seeks waiting as of `now` (renewed within kSeekLeaseMs), by pool.
  virtual void seek_counts(std::int64_t now, StoreExecutor ex, StoreReply<std::map<std::string, std::int64_t>> reply) = 0;
};

}  // namespace arena
