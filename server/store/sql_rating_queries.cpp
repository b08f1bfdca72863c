// The SQL of ratings (sql_queries.hpp): the rating of a seated account, the
// rating change written with the event that ends a rated game, histories and
// leaderboards. The math is rating/glicko2.hpp's; the store only runs it inside
// the writer's transaction, on the values stored at that moment.
#include <algorithm>
#include <array>

#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {
namespace {

constexpr std::string_view kColorNames[2] = {"white", "black"};

std::optional<Rating> stored_rating(Connection& db, std::int64_t player, const std::string& perf) {
  Statement s = db.prepare("SELECT rating, rd, volatility, games, last_game_at FROM ratings WHERE player = ? AND perf = ?");
  s.bind(1, player).bind(2, perf);
  if (!s.step()) return std::nullopt;
  return read_rating(s, 0);
}

void write_rating(Connection& db, std::int64_t player, const std::string& perf, const Rating& r) {
  db.prepare("INSERT INTO ratings (player, perf, rating, rd, volatility, games, last_game_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
             "ON CONFLICT (player, perf) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
             "volatility = excluded.volatility, games = excluded.games, last_game_at = excluded.last_game_at")
      .bind(1, player)
      .bind(2, perf)
      .bind_real(3, r.rating)
      .bind_real(4, r.rd)
      .bind_real(5, r.volatility)
      .bind(6, std::int64_t{r.games})
      .bind(7, r.last_game_ms)
      .run();
}

}  // namespace

std::string perf_of_room(Connection& db, const std::string& room) {
  Statement s = db.prepare("SELECT game || ':' || variant FROM rooms WHERE id = ?");
  s.bind(1, room);
  if (!s.step()) throw SqlError("no room '" + room + "'");
  return s.text(0);
}

std::optional<Rating> seat_rating(Connection& db, std::int64_t player, const std::string& perf) {
  // An account's, or the computer's (#47: rated like anyone, from its provisional rating).
  Statement account = db.prepare("SELECT 1 FROM accounts WHERE player = ?1 UNION ALL SELECT 1 FROM bots WHERE player = ?1");
  account.bind(1, player);
  if (!account.step()) return std::nullopt;
  return stored_rating(db, player, perf).value_or(Rating{});
}

RatingChange rate_game(Connection& db, const std::string& room, const RoomChange::Rate& rate, std::int64_t at) {
  if (rate.white == rate.black) throw SqlError("a rated game needs two players");
  // Both players' ratings, in one order everywhere (fewer deadlocks): another
  // node may be rating another game of either at this moment.
  db.lock(Connection::Locked::player_ratings, std::min(rate.white, rate.black));
  db.lock(Connection::Locked::player_ratings, std::max(rate.white, rate.black));
  RatingChange change;
  change.perf = rate.perf;
  change.players = {rate.white, rate.black};
  std::array<Rating, 2> stored;
  for (int c = 0; c < 2; ++c) {
    auto found = seat_rating(db, change.players[c], rate.perf);
    if (!found) throw SqlError("player " + std::to_string(change.players[c]) + " of a rated game has no account");
    stored[c] = *found;
  }
  // A game dated before a later rated game of either player (a flag that fell
  // while the server was down) is rated as of that later game: a rating's last
  // game never moves back, and no absence is counted twice.
  const std::int64_t when = std::max({at, stored[0].last_game_ms, stored[1].last_game_ms});
  for (int c = 0; c < 2; ++c) change.before[c] = stored[c].at(when);
  // rate_game applies the inactivity itself: it gets the values as stored.
  GameRatings next = arena::rate_game(stored[0], stored[1], rate.white_score, when);
  change.after = {next.first, next.second};
  for (int c = 0; c < 2; ++c) {
    write_rating(db, change.players[c], rate.perf, change.after[c]);
    db.prepare("INSERT INTO rating_history (player, perf, room, color, at, before_rating, before_rd, rating, rd, volatility) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(1, change.players[c])
        .bind(2, rate.perf)
        .bind(3, room)
        .bind(4, kColorNames[c])
        .bind(5, at)
        .bind_real(6, change.before[c].rating)
        .bind_real(7, change.before[c].rd)
        .bind_real(8, change.after[c].rating)
        .bind_real(9, change.after[c].rd)
        .bind_real(10, change.after[c].volatility)
        .run();
  }
  return change;
}

std::optional<RatingChange> rating_change(Connection& db, const std::string& room) {
  Statement s = db.prepare("SELECT color, player, perf, before_rating, before_rd, rating, rd, volatility "
                           "FROM rating_history WHERE room = ?");
  s.bind(1, room);
  RatingChange change;
  int found = 0;
  while (s.step()) {
    const std::string color = s.text(0);
    if (color != kColorNames[0] && color != kColorNames[1]) throw SqlError("unknown colour '" + color + "' in the database");
    const int c = color == kColorNames[0] ? 0 : 1;
    change.players[c] = s.integer(1);
    change.perf = s.text(2);
    change.before[c].rating = s.real(3);
    change.before[c].rd = s.real(4);
    change.after[c].rating = s.real(5);
    change.after[c].rd = s.real(6);
    change.after[c].volatility = s.real(7);
    ++found;
  }
  if (found == 0) return std::nullopt;
  if (found != 2) throw SqlError("room '" + room + "' has a rating change for one side only");
  return change;
}

std::vector<PerfRating> ratings_of(Connection& db, std::int64_t player) {
  Statement s = db.prepare("SELECT perf, rating, rd, volatility, games, last_game_at FROM ratings WHERE player = ? ORDER BY perf");
  s.bind(1, player);
  std::vector<PerfRating> out;
  while (s.step())
    out.push_back({s.text(0), read_rating(s, 1)});
  return out;
}

std::optional<RatingHistoryRecord> rating_history(Connection& db, const std::string& username, const std::string& perf) {
  Transaction snapshot(db, Transaction::kSnapshot);
  Statement account = db.prepare("SELECT player, username FROM accounts WHERE username_key = ?");
  account.bind(1, lower(username));
  if (!account.step()) return std::nullopt;
  // The newest kMaxRatingHistory points, handed out oldest first.
  Statement s = db.prepare("SELECT room, at, rating, rd FROM (SELECT room, at, rating, rd FROM rating_history "
                           "WHERE player = ? AND perf = ? ORDER BY at DESC, room DESC LIMIT ?) AS newest ORDER BY at, room");
  s.bind(1, account.integer(0)).bind(2, perf).bind(3, std::int64_t{kMaxRatingHistory});
  RatingHistoryRecord out{account.text(1), {}};
  while (s.step()) out.points.push_back({s.text(0), s.integer(1), s.real(2), s.real(3)});
  snapshot.commit();
  return out;
}

LeaderboardPage leaderboard(Connection& db, const std::string& perf, std::int64_t now, int page, int per_page) {
  // RD as of now below the bound, without a square root: on the Glicko scale,
  // rd² + t·σ²·kScale² < bound², t = kPeriodsPerDay × days since the last game.
  const double growth = glicko2::kPeriodsPerDay * glicko2::kScale * glicko2::kScale / 86400000.0;
  const std::string settled =
      "FROM ratings r JOIN accounts a ON a.player = r.player WHERE r.perf = ?1 AND a.closed_at = 0 AND "
      "r.rd * r.rd + CAST(?2 AS DOUBLE PRECISION) * (CASE WHEN ?3 > r.last_game_at THEN ?3 - r.last_game_at ELSE 0 END) "
      "* r.volatility * r.volatility < ?4 ";
  auto bind_filter = [&](Statement& s) {
    s.bind(1, perf).bind_real(2, growth).bind(3, now).bind_real(4, kLeaderboardRd * kLeaderboardRd);
  };
  const PageWindow window = page_window(page, per_page);
  LeaderboardPage out;
  Transaction snapshot(db, Transaction::kSnapshot);  // the page and its total from one state
  {
    Statement s = db.prepare("SELECT a.username, r.rating, r.rd, r.volatility, r.games, r.last_game_at " + settled +
                             "ORDER BY r.rating DESC, a.username_key LIMIT ?5 OFFSET ?6");
    bind_filter(s);
    s.bind(5, window.limit).bind(6, window.offset);
    while (s.step()) {
      Rating r{s.real(1), s.real(2), s.real(3), static_cast<int>(s.integer(4)), s.integer(5)};
      out.players.push_back({s.text(0), r.at(now)});
    }
  }
  {
    Statement count = db.prepare("SELECT count(*) " + settled);
    bind_filter(count);
    count.step();
    out.total = count.integer(0);
  }
  snapshot.commit();
  return out;
}

std::optional<Rating> player_rating(Connection& db, std::int64_t player, const std::string& perf) {
  Statement s = db.prepare("SELECT rating, rd, volatility, games, last_game_at FROM ratings WHERE player = ? AND perf = ?");
  s.bind(1, player).bind(2, perf);
  if (!s.step()) return std::nullopt;
  return read_rating(s, 0);
}

}  // namespace arena::sql
