#pragma once
// The rating views of the HTTP API (PROTOCOL.md, Ratings): a profile's ratings,
// a rating history, a leaderboard. Values at full precision: the client rounds.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace protocol {

using Json = nlohmann::json;

struct PerfRatingView {
  std::string perf;
  double rating = 0, rd = 0, volatility = 0;
  int games = 0;
  bool provisional = true;
};

struct RatingHistoryPoint {
  std::string game;
  std::int64_t at = 0;
  double rating = 0, rd = 0;
};

struct RatingHistory {
  std::string username, perf;
  std::vector<RatingHistoryPoint> history;  // oldest first
};

struct LeaderboardEntry {
  std::int64_t rank = 0;
  std::string username;
  double rating = 0, rd = 0;
  int games = 0;
  bool provisional = false;  // the server's word (RD ≥ 110): shown with a "?"
};

struct Leaderboard {
  std::string perf;
  int page = 1, per_page = 50;
  std::int64_t total = 0;
  std::vector<LeaderboardEntry> players;  // best first
};

Json ratings_json(const std::vector<PerfRatingView>& ratings);  // {"gipf:basic": {...}, ...}
Json to_json(const RatingHistory& m);
Json to_json(const Leaderboard& m);

}  // namespace protocol
