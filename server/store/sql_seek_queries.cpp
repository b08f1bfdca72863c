// Quick pairing (#46): seeks/seek_store.hpp, on SQLite and PostgreSQL.
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {
namespace {

// The best of up to this many candidates, closest first: enough to step over
// the pair that met last.
constexpr int kCandidates = 20;

struct Candidate {
  SeekRecord seek;
  std::int64_t last_opponent = 0;  // its player's, by quick pairing (0: none)
};

double rating_in(Connection& db, std::int64_t player, const std::string& perf) {
  Statement s = db.prepare("SELECT rating FROM ratings WHERE player = ? AND perf = ?");
  s.bind(1, player).bind(2, perf);
  return s.step() ? s.real(0) : kUnratedRating;
}

std::int64_t last_opponent_of(Connection& db, std::int64_t player) {
  Statement s = db.prepare("SELECT opponent FROM seek_pairs WHERE player = ?");
  s.bind(1, player);
  return s.step() ? s.integer(0) : 0;
}

// The seeks of `seek`'s pool that take it and that it takes, neither player
// blocking the other: the closest rating first, then the oldest.
std::vector<Candidate> candidates_for(Connection& db, const SeekRecord& seek) {
  Statement s = db.prepare(
      "SELECT s.id, s.player, s.name, s.kind, s.account, s.rating, s.rating_min, s.rating_max, s.created_at, "
      "COALESCE(p.opponent, 0) FROM seeks s LEFT JOIN seek_pairs p ON p.player = s.player "
      "WHERE s.pool = ? AND s.player <> ? "
      "AND (s.rating_min = 0 OR s.rating_min <= ?) AND (s.rating_max = 0 OR s.rating_max >= ?) "
      "AND (? = 0 OR s.rating >= ?) AND (? = 0 OR s.rating <= ?) "
      "AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker = s.player AND b.blocked = ?) OR (b.blocker = ? AND b.blocked = s.player)) "
      "ORDER BY ABS(s.rating - ?), s.created_at, s.id LIMIT " + std::to_string(kCandidates));
  s.bind(1, seek.pool).bind(2, seek.player);
  s.bind_real(3, seek.rating).bind_real(4, seek.rating);
  s.bind(5, std::int64_t{seek.rating_min}).bind(6, std::int64_t{seek.rating_min});
  s.bind(7, std::int64_t{seek.rating_max}).bind(8, std::int64_t{seek.rating_max});
  s.bind(9, seek.player).bind(10, seek.player);
  s.bind_real(11, seek.rating);
  std::vector<Candidate> out;
  while (s.step()) {
    Candidate c;
    c.seek.id = s.text(0);
    c.seek.player = s.integer(1);
    c.seek.name = s.text(2);
    c.seek.kind = s.text(3);
    c.seek.account = s.integer(4) != 0;
    c.seek.rating = s.real(5);
    c.seek.rating_min = static_cast<int>(s.integer(6));
    c.seek.rating_max = static_cast<int>(s.integer(7));
    c.seek.created_at = s.integer(8);
    c.seek.pool = seek.pool;
    c.seek.options = seek.options;
    c.seek.clock = seek.clock;
    c.seek.rated = seek.rated;
    c.last_opponent = s.integer(9);
    out.push_back(std::move(c));
  }
  return out;
}

void remember_pair(Connection& db, std::int64_t player, std::int64_t opponent, std::int64_t now) {
  db.prepare("INSERT INTO seek_pairs (player, opponent, at) VALUES (?, ?, ?) "
             "ON CONFLICT (player) DO UPDATE SET opponent = excluded.opponent, at = excluded.at")
      .bind(1, player)
      .bind(2, opponent)
      .bind(3, now)
      .run();
}

}  // namespace

Outcome<SeekPlacement> place_seek(Connection& db, SeekRecord seek, std::int64_t now) {
  // Every placement alone: two seekers of one pool arriving together on two
  // nodes must see each other (PostgreSQL; SQLite's one writer is alone already).
  db.lock(Connection::Locked::seek_pool, 0);
  db.prepare("DELETE FROM seeks WHERE renewed_at < ?").bind(1, now - kSeekLeaseMs).run();
  db.prepare("DELETE FROM seek_pairs WHERE at < ?").bind(1, now - kSeekPairsKeptMs).run();
  SeekPlacement placed;
  {
    Statement earlier = db.prepare("SELECT id FROM seeks WHERE player = ?");
    earlier.bind(1, seek.player);
    if (earlier.step()) placed.replaced = earlier.text(0);
  }
  if (!placed.replaced.empty()) db.prepare("DELETE FROM seeks WHERE id = ?").bind(1, placed.replaced).run();
  seek.rating = rating_in(db, seek.player, seek.options.game + ":" + seek.options.variant);
  const std::int64_t mine_last = last_opponent_of(db, seek.player);
  std::vector<Candidate> candidates = candidates_for(db, seek);
  const Candidate* chosen = nullptr;
  for (const Candidate& c : candidates) {
    const bool met_last = c.seek.player == mine_last || c.last_opponent == seek.player;
    if (!met_last) {
      chosen = &c;
      break;
    }
  }
  if (!chosen && !candidates.empty()) chosen = &candidates.front();  // nobody else is there
  if (chosen) {
    db.prepare("DELETE FROM seeks WHERE id = ?").bind(1, chosen->seek.id).run();
    if (db.changes() != 1) throw SqlError("a seek just read left the pool beside its lock");
    remember_pair(db, seek.player, chosen->seek.player, now);
    remember_pair(db, chosen->seek.player, seek.player, now);
    placed.opponent = chosen->seek;
    placed.seek = std::move(seek);
    return {std::move(placed), {}, {}};
  }
  Statement count = db.prepare("SELECT COUNT(*) FROM seeks");
  count.step();
  if (count.integer(0) >= kMaxSeeks)
    return Outcome<SeekPlacement>::refused("too_many_seeks", "the pool is full: try again in a moment, or open a game in the lobby");
  db.prepare("INSERT INTO seeks (id, player, name, kind, account, pool, rating, rating_min, rating_max, created_at, renewed_at) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(1, seek.id)
      .bind(2, seek.player)
      .bind(3, seek.name)
      .bind(4, seek.kind)
      .bind(5, std::int64_t{seek.account ? 1 : 0})
      .bind(6, seek.pool)
      .bind_real(7, seek.rating)
      .bind(8, std::int64_t{seek.rating_min})
      .bind(9, std::int64_t{seek.rating_max})
      .bind(10, seek.created_at)
      .bind(11, now)
      .run();
  placed.seek = std::move(seek);
  return {std::move(placed), {}, {}};
}

bool remove_seek(Connection& db, std::int64_t player, const std::string& id) {
  db.prepare("DELETE FROM seeks WHERE player = ? AND (? = '' OR id = ?)").bind(1, player).bind(2, id).bind(3, id).run();
  return db.changes() > 0;
}

std::vector<std::string> renew_seeks(Connection& db, const std::vector<std::string>& ids, std::int64_t now) {
  std::vector<std::string> waiting;
  for (const std::string& id : ids) {
    db.prepare("UPDATE seeks SET renewed_at = ? WHERE id = ?").bind(1, now).bind(2, id).run();
    if (db.changes() == 1) waiting.push_back(id);
  }
  return waiting;
}

std::map<std::string, std::int64_t> seek_counts(Connection& db, std::int64_t now) {
  Statement s = db.prepare("SELECT pool, COUNT(*) FROM seeks WHERE renewed_at >= ? GROUP BY pool ORDER BY pool");
  s.bind(1, now - kSeekLeaseMs);
  std::map<std::string, std::int64_t> counts;
  while (s.step()) counts[s.text(0)] = s.integer(1);
  return counts;
}

}  // namespace arena::sql
