#include "api/rating_api.hpp"

#include "api/account_api.hpp"  // method_not_allowed
#include "net/http_target.hpp"
#include "protocol/account_messages.hpp"
#include "rating/perf.hpp"

namespace arena {
namespace {

namespace http = boost::beast::http;

constexpr std::string_view kLeaderboard = "/api/leaderboard";
constexpr std::string_view kPlayers = "/api/players/";
constexpr std::string_view kRatings = "/ratings/";
constexpr int kLeaderboardPage = 50;

// "yinsh:blitz", also as a client's URL encoding writes it ("yinsh%3Ablitz").
std::string decode_perf(std::string text) {
  for (auto at = text.find('%'); at != std::string::npos; at = text.find('%', at + 1))
    if (text.compare(at, 3, "%3A") == 0 || text.compare(at, 3, "%3a") == 0) text.replace(at, 3, ":");
  return text;
}

}  // namespace

std::vector<protocol::PerfRatingView> perf_views(const std::vector<PerfRating>& stored, std::int64_t now) {
  std::vector<protocol::PerfRatingView> out;
  for (std::string_view perf : kPerfs) {
    Rating r;
    for (const auto& s : stored)
      if (s.perf == perf) r = s.rating.at(now);
    out.push_back({std::string(perf), r.rating, r.rd, r.volatility, r.games, r.provisional()});
  }
  return out;
}

bool RatingApi::owns(const std::string& path) {
  if (path == kLeaderboard) return true;
  return path.rfind(kPlayers, 0) == 0 && path.find(kRatings, kPlayers.size()) != std::string::npos;
}

void RatingApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                       StoreExecutor ex, Reply reply) {
  if (request->method() != http::verb::get && request->method() != http::verb::head)
    return reply(method_not_allowed(*request, "GET, HEAD"));
  if (path == kLeaderboard) return leaderboard(std::move(request), query, std::move(ex), std::move(reply));
  const std::size_t cut = path.find(kRatings, kPlayers.size());
  std::string username = path.substr(kPlayers.size(), cut - kPlayers.size());
  std::string perf = decode_perf(path.substr(cut + kRatings.size()));
  if (!protocol::valid_username(username) || !is_perf(perf))
    return reply(json_error(*request, http::status::not_found, "not_found", "no such player or perf"));
  history(std::move(request), std::move(username), std::move(perf), std::move(ex), std::move(reply));
}

void RatingApi::history(std::shared_ptr<const HttpRequest> request, std::string username, std::string perf,
                        StoreExecutor ex, Reply reply) {
  book_.rating_history(username, perf, ex, [request, reply, perf](Stored<std::optional<RatingHistoryRecord>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    if (!found.value) return reply(json_error(*request, http::status::not_found, "not_found", "no such player"));
    protocol::RatingHistory view{found.value->username, perf, {}};
    for (const auto& p : found.value->points) view.history.push_back({p.game, p.at, p.rating, p.rd});
    reply(json_response(*request, http::status::ok, protocol::to_json(view)));
  });
}

void RatingApi::leaderboard(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex,
                            Reply reply) {
  std::string perf = decode_perf(query_value(query, "perf"));
  if (!is_perf(perf))
    return reply(json_error(*request, http::status::bad_request, "bad_field",
                            "perf must be one of gipf:basic, gipf:standard, gipf:tournament, yinsh:normal, yinsh:blitz"));
  auto page = number_param(query, "page", 1, 1, 100000);
  if (!page) return reply(json_error(*request, http::status::bad_request, "bad_field", "page >= 1"));
  book_.leaderboard(perf, clock_(), *page, kLeaderboardPage, ex,
                    [request, reply, perf, page = *page](Stored<LeaderboardPage> found) {
                      if (!found.ok()) return reply(store_failed(*request, found.error));
                      protocol::Leaderboard view{perf, page, kLeaderboardPage, found.value.total, {}};
                      std::int64_t rank = std::int64_t{page - 1} * kLeaderboardPage;
                      for (const auto& row : found.value.players)
                        view.players.push_back({++rank, row.username, row.rating.rating, row.rating.rd, row.rating.games,
                                                 row.rating.provisional()});
                      reply(json_response(*request, http::status::ok, protocol::to_json(view)));
                    });
}

}  // namespace arena
