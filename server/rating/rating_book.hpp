#pragma once
// Reading ratings: histories and leaderboards (the port the store implements;
// ratings are written with the events that end rated games, game/game_log.hpp).
// The rules every port keeps: domain/store_basics.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/store_basics.hpp"
#include "rating/glicko2.hpp"

namespace arena {

struct PerfRating {
  std::string perf;
  Rating rating;  // as stored: apply at(now) to show it
};

// A player's rating after one rated game.
struct RatingPoint {
  std::string game;  // the room
  std::int64_t at = 0;
  double rating = 0, rd = 0;
};

struct RatingHistoryRecord {
  std::string username;             // as the account spells it
  std::vector<RatingPoint> points;  // oldest first
};

struct LeaderboardRow {
  std::string username;
  Rating rating;  // as of the query's `now`
};

struct LeaderboardPage {
  std::vector<LeaderboardRow> players;  // best rating first
  std::int64_t total = 0;
};

inline constexpr int kMaxRatingHistory = 1000;  // points one history answer holds: the newest
inline constexpr double kLeaderboardRd = 80.0;  // on the leaderboard: RD as of now below this

// Reading ratings (they are written with the events that end rated games: GameLog).
class RatingBook {
 public:
  virtual ~RatingBook() = default;
  // The account's points in `perf`, oldest first (the newest kMaxRatingHistory);
  // none: no such account.
  virtual void rating_history(std::string username, std::string perf, StoreExecutor ex,
                              StoreReply<std::optional<RatingHistoryRecord>> reply) = 0;
  // Accounts whose RD as of `now` is below kLeaderboardRd in `perf`, best first.
  virtual void leaderboard(std::string perf, std::int64_t now, int page, int per_page, StoreExecutor ex,
                           StoreReply<LeaderboardPage> reply) = 0;
  // A player's rating in `perf` as stored; none: no rated game there yet (or a guest).
  virtual void player_rating(std::int64_t player, std::string perf, StoreExecutor ex, StoreReply<std::optional<Rating>> reply) = 0;
};

}  // namespace arena
