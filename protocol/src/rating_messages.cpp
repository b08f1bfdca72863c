#include "protocol/rating_messages.hpp"

namespace protocol {

Json ratings_json(const std::vector<PerfRatingView>& ratings) {
  Json out = Json::object();
  for (const auto& r : ratings)
    out[r.perf] = {{"rating", r.rating}, {"rd", r.rd}, {"volatility", r.volatility}, {"games", r.games},
                   {"provisional", r.provisional}};
  return out;
}

Json to_json(const RatingHistory& m) {
  Json points = Json::array();
  for (const auto& p : m.history) points.push_back({{"game", p.game}, {"at", p.at}, {"rating", p.rating}, {"rd", p.rd}});
  return {{"username", m.username}, {"perf", m.perf}, {"history", std::move(points)}};
}

Json to_json(const Leaderboard& m) {
  Json players = Json::array();
  for (const auto& p : m.players)
    players.push_back({{"rank", p.rank}, {"username", p.username}, {"rating", p.rating}, {"rd", p.rd}, {"games", p.games},
                       {"provisional", p.provisional}});
  return {{"perf", m.perf}, {"page", m.page}, {"per_page", m.per_page}, {"total", m.total}, {"players", std::move(players)}};
}

}  // namespace protocol
