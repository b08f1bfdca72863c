#pragma once
// The rating API over HTTP (PROTOCOL.md, Ratings): a player's rating history
// in one perf, and the leaderboards. Profiles carry the current ratings
// (api/account_api.cpp, with perf_views below).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "net/http_reply.hpp"
#include "protocol/rating_messages.hpp"
#include "rating/rating_book.hpp"
#include "util/clock.hpp"

namespace arena {

class RatingApi {
 public:
  using Reply = std::function<void(HttpResponse)>;
  RatingApi(RatingBook& book, Clock clock) : book_(book), clock_(std::move(clock)) {}

  // Whether `path` is this API's: /api/leaderboard or /api/players/NAME/ratings/PERF.
  static bool owns(const std::string& path);
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              StoreExecutor ex, Reply reply);

 private:
  void history(std::shared_ptr<const HttpRequest> request, std::string username, std::string perf, StoreExecutor ex,
               Reply reply);
  void leaderboard(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply);

  RatingBook& book_;
  Clock clock_;
};

// Every perf's rating as of `now` (inactivity applied), the initial one where
// the player has no rated game.
std::vector<protocol::PerfRatingView> perf_views(const std::vector<PerfRating>& stored, std::int64_t now);

}  // namespace arena
