// The SQL of following (#46; social/follow_store.hpp): follows between
// accounts' players, the presence rows each node keeps, and whom to tell of a
// followed player's new game. Blocks win: set_block deletes the follows.
#include <algorithm>

#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {
namespace {

// Online: a presence row of `player` on a node whose heartbeat is at or after `fresh` (SQL expressions).
std::string online_sql(const std::string& player, const std::string& fresh) {
  return "EXISTS (SELECT 1 FROM presence p JOIN node_heartbeats h ON h.node = p.node WHERE p.player = " + player +
         " AND h.alive_at >= " + fresh + ")";
}

bool blocked_between(Connection& db, std::int64_t a, std::int64_t b) {
  Statement s = db.prepare("SELECT 1 FROM blocks WHERE (blocker = ?1 AND blocked = ?2) OR (blocker = ?2 AND blocked = ?1)");
  s.bind(1, a).bind(2, b);
  return s.step();
}

}  // namespace

Outcome<FollowedPlayer> set_follow(Connection& db, std::int64_t follower, const std::string& username, bool follow, std::int64_t now) {
  using Answer = Outcome<FollowedPlayer>;
  Statement s = db.prepare("SELECT player, username, bot FROM accounts WHERE username_key = ? AND closed_at = 0");
  s.bind(1, lower(username));
  if (!s.step()) return Answer::refused("not_found", "no account '" + username + "'");
  FollowedPlayer f;
  f.player = s.integer(0);
  f.username = s.text(1);
  f.bot = s.integer(2) != 0;
  f.since = now;
  if (f.player == follower) return Answer::refused("bad_field", "you may not follow yourself");
  if (!follow) {
    db.prepare("DELETE FROM follows WHERE follower = ? AND followed = ?").bind(1, follower).bind(2, f.player).run();
    if (db.changes() == 0) return Answer::refused("not_found", "you do not follow '" + f.username + "'");
    return {f, {}, {}};
  }
  if (blocked_between(db, follower, f.player)) return Answer::refused("blocked", "one of you blocks the other");
  Statement existing = db.prepare("SELECT created_at FROM follows WHERE follower = ? AND followed = ?");
  existing.bind(1, follower).bind(2, f.player);
  if (existing.step()) {
    f.since = existing.integer(0);
    return {f, {}, {}};  // following twice changes nothing
  }
  Statement n = db.prepare("SELECT count(*) FROM follows WHERE follower = ?");
  n.bind(1, follower);
  n.step();
  if (n.integer(0) >= kMaxFollows)
    return Answer::refused("too_many_follows", "an account follows at most " + std::to_string(kMaxFollows) + " others");
  db.prepare("INSERT INTO follows (follower, followed, created_at) VALUES (?, ?, ?)").bind(1, follower).bind(2, f.player).bind(3, now).run();
  return {f, {}, {}};
}

std::vector<FollowedPlayer> following(Connection& db, std::int64_t follower, std::int64_t now) {
  Statement s = db.prepare(
      "SELECT a.player, a.username, a.bot, f.created_at, " + online_sql("a.player", "?2") +
      " FROM follows f JOIN accounts a ON a.player = f.followed "
      "WHERE f.follower = ?1 AND a.closed_at = 0 ORDER BY a.username_key");
  s.bind(1, follower).bind(2, now - kNodeFreshMs);
  std::vector<FollowedPlayer> out;
  while (s.step()) {
    FollowedPlayer f;
    f.player = s.integer(0);
    f.username = s.text(1);
    f.bot = s.integer(2) != 0;
    f.since = s.integer(3);
    f.online = s.integer(4) != 0;
    out.push_back(std::move(f));
  }
  // Their live public games, in one read (newest first, at most 5 each).
  Statement games = db.prepare(
      "SELECT f.followed, r.id FROM follows f JOIN rooms r ON r.status = 'live' AND r.private = 0 "
      "AND (r.white = f.followed OR r.black = f.followed) WHERE f.follower = ? ORDER BY r.created_at DESC");
  games.bind(1, follower);
  while (games.step()) {
    std::int64_t player = games.integer(0);
    auto it = std::find_if(out.begin(), out.end(), [player](const FollowedPlayer& f) { return f.player == player; });
    if (it != out.end() && it->playing.size() < 5) it->playing.push_back(games.text(1));
  }
  std::stable_sort(out.begin(), out.end(), [](const FollowedPlayer& a, const FollowedPlayer& b) {
    return (a.online || !a.playing.empty()) > (b.online || !b.playing.empty());
  });
  return out;
}

std::vector<std::int64_t> followers_to_tell(Connection& db, std::int64_t player, std::int64_t now) {
  Statement s = db.prepare(
      "SELECT f.follower FROM follows f JOIN accounts a ON a.player = f.follower "
      "LEFT JOIN account_mail m ON m.account = a.id "
      "WHERE f.followed = ?1 AND a.closed_at = 0 AND coalesce(m.notify_follow, 1) = 1 "
      "AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker = f.follower AND b.blocked = ?1) "
      "OR (b.blocker = ?1 AND b.blocked = f.follower)) "
      "ORDER BY " + online_sql("f.follower", "?2") + " DESC, f.created_at LIMIT " + std::to_string(kFollowersTold));
  s.bind(1, player).bind(2, now - kNodeFreshMs);
  std::vector<std::int64_t> out;
  while (s.step()) out.push_back(s.integer(0));
  return out;
}

void set_presence(Connection& db, std::int64_t player, const std::string& node, bool here, std::int64_t now) {
  if (!here) {
    db.prepare("DELETE FROM presence WHERE player = ? AND node = ?").bind(1, player).bind(2, node).run();
    return;
  }
  // Accounts only: a guest cannot be followed (and guests come and go by the thousand).
  db.prepare("INSERT INTO presence (player, node, since) SELECT player, ?2, ?3 FROM accounts WHERE player = ?1 "
             "ON CONFLICT (player, node) DO NOTHING")
      .bind(1, player)
      .bind(2, node)
      .bind(3, now)
      .run();
}

std::vector<std::int64_t> online_of(Connection& db, const std::vector<std::int64_t>& players, std::int64_t now) {
  std::vector<std::int64_t> out;
  std::size_t n = std::min(players.size(), kMaxOnlineAsked);
  for (std::size_t i = 0; i < n; ++i) {  // one small indexed read each: no statement built from a list
    Statement s = db.prepare("SELECT " + online_sql("?1", "?2"));
    s.bind(1, players[i]).bind(2, now - kNodeFreshMs);
    if (s.step() && s.integer(0) != 0) out.push_back(players[i]);
  }
  return out;
}

void clear_presence(Connection& db, const std::string& node) {
  db.prepare("DELETE FROM presence WHERE node = ?").bind(1, node).run();
}

}  // namespace arena::sql
