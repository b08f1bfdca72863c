#include "sql_queries.hpp"

#include <algorithm>

#include "util/sha256.hpp"
#include "rating/glicko2.hpp"
#include "rating/perf.hpp"
#include "sql_connection.hpp"

namespace arena::sql {
namespace {

std::string_view color_text(const std::optional<engine::Color>& c) { return c ? engine::color_name(*c) : ""; }

std::optional<engine::Color> parse_color(const std::string& text) {
  if (text.empty()) return std::nullopt;
  if (text == engine::color_name(engine::Color::White)) return engine::Color::White;
  if (text == engine::color_name(engine::Color::Black)) return engine::Color::Black;
  throw SqlError("unknown colour '" + text + "' in the database");
}

protocol::RoomStatus parse_status(const std::string& text) {
  if (auto s = protocol::parse_status(text)) return *s;
  throw SqlError("unknown room status '" + text + "' in the database");
}

protocol::TimeControl::Kind parse_clock_kind(const std::string& text) {
  using Kind = protocol::TimeControl::Kind;
  for (Kind k : {Kind::Untimed, Kind::Live, Kind::Correspondence})
    if (protocol::clock_kind_name(k) == text) return k;
  throw SqlError("unknown clock kind '" + text + "' in the database");
}

protocol::EventKind parse_kind(const std::string& text) {
  if (auto k = protocol::parse_kind(text)) return *k;
  throw SqlError("unknown event kind '" + text + "' in the database");
}

// Stores the event; false, storing nothing, when the room has one with its seq already.
bool insert_event(Connection& db, const std::string& room, const EventRecord& e) {
  db.prepare("INSERT INTO events (room, seq, kind, player, color, action, at, note, lag_ms) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (room, seq) DO NOTHING")
      .bind(1, room)
      .bind(2, e.seq)
      .bind(3, protocol::kind_name(e.kind))
      .bind(4, e.player)
      .bind(5, color_text(e.color))
      .bind(6, e.action)
      .bind(7, e.at)
      .bind(8, e.note)
      .bind(9, e.lag_ms)
      .run();
  return db.changes() == 1;
}

// Whether the room's stored event numbered e.seq is `e` itself.
bool stored_already(Connection& db, const std::string& room, const EventRecord& e) {
  Statement s = db.prepare("SELECT kind, player, color, action, at FROM events WHERE room = ? AND seq = ?");
  s.bind(1, room).bind(2, e.seq);
  return s.step() && s.text(0) == protocol::kind_name(e.kind) && s.optional_integer(1) == e.player &&
         s.text(2) == color_text(e.color) && s.text(3) == e.action && s.integer(4) == e.at;
}

}  // namespace

protocol::TimeControl read_clock(const Statement& s, int column) {
  protocol::TimeControl c;
  c.kind = parse_clock_kind(s.text(column));
  c.initial_ms = s.integer(column + 1);
  c.increment_ms = s.integer(column + 2);
  c.days_per_move = static_cast<int>(s.integer(column + 3));
  return c;
}

Statement& bind_clock(Statement& s, int first, const protocol::TimeControl& c) {
  return s.bind(first, protocol::clock_kind_name(c.kind))
      .bind(first + 1, c.initial_ms)
      .bind(first + 2, c.increment_ms)
      .bind(first + 3, std::int64_t{c.days_per_move});
}

Rating read_rating(const Statement& s, int column) {
  if (!s.optional_integer(column + 4)) return Rating{};  // no row: the initial values
  return Rating{s.real(column), s.real(column + 1), s.real(column + 2), static_cast<int>(s.integer(column + 3)),
                s.integer(column + 4)};
}

std::optional<Rating> read_seat_rating(const Statement& s, int column) {
  if (s.integer(column) == 0) return std::nullopt;  // a guest, or nobody
  return read_rating(s, column + 1);
}

const std::string kSelectRooms =
    "SELECT r.id, r.game, r.variant, r.white_extra, r.black_extra, r.private, r.white, r.black, r.status, r.result, "
    "r.reason, r.plies, r.created_at, r.finished_at, coalesce(w.name, ''), coalesce(b.name, ''), r.clock_kind, "
    "r.clock_initial_ms, r.clock_increment_ms, r.clock_days, r.rated, "
    "wa.id IS NOT NULL, wr.rating, wr.rd, wr.volatility, wr.games, wr.last_game_at, "
    "ba.id IS NOT NULL, br.rating, br.rd, br.volatility, br.games, br.last_game_at, r.competition, r.start_by, "
    "CASE WHEN wa.bot = 1 THEN 'bot' ELSE coalesce(wa.role, CASE WHEN w.token_hash LIKE 'bot:%' THEN 'computer' ELSE 'guest' END) END, "
    "CASE WHEN ba.bot = 1 THEN 'bot' ELSE coalesce(ba.role, CASE WHEN b.token_hash LIKE 'bot:%' THEN 'computer' ELSE 'guest' END) END, "
    "r.rating_min, r.rating_max "
    "FROM rooms r LEFT JOIN players w ON w.id = r.white LEFT JOIN players b ON b.id = r.black "
    "LEFT JOIN accounts wa ON wa.player = r.white LEFT JOIN accounts ba ON ba.player = r.black "
    "LEFT JOIN ratings wr ON wr.player = r.white AND wr.perf = r.game || ':' || r.variant "
    "LEFT JOIN ratings br ON br.player = r.black AND br.perf = r.game || ':' || r.variant ";

RoomRecord read_room(const Statement& s) {
  RoomRecord r;
  r.id = s.text(0);
  r.options = {s.text(1), s.text(2), static_cast<int>(s.integer(3)), static_cast<int>(s.integer(4))};
  r.is_private = s.integer(5) != 0;
  r.white = s.optional_integer(6);
  r.black = s.optional_integer(7);
  r.status = parse_status(s.text(8));
  r.result = s.text(9);
  r.reason = s.text(10);
  r.plies = s.integer(11);
  r.created_at = s.integer(12);
  r.finished_at = s.integer(13);
  r.white_name = s.text(14);
  r.black_name = s.text(15);
  r.clock = read_clock(s, 16);
  r.rated = s.integer(20) != 0;
  r.white_rating = read_seat_rating(s, 21);
  r.black_rating = read_seat_rating(s, 27);
  r.competition = s.integer(33) != 0;
  r.start_by = s.integer(34);
  // A seat's kind from its account's role (or a bot account's, the computer's, or a guest's).
  auto kind = [](std::string role) { return role == "player" ? std::string("account") : role; };
  if (r.white) r.white_kind = kind(s.text(35));
  if (r.black) r.black_kind = kind(s.text(36));
  r.rating_min = static_cast<int>(s.integer(37));
  r.rating_max = static_cast<int>(s.integer(38));
  return r;
}

std::vector<RoomRecord> read_rooms(Statement& s) {
  std::vector<RoomRecord> out;
  while (s.step()) out.push_back(read_room(s));
  return out;
}

PlayerRecord insert_player(Connection& db, const std::string& token, const std::string& name, std::int64_t now) {
  db.prepare("INSERT INTO players (token_hash, name, created_at) VALUES (?, ?, ?)")
      .bind(1, sha256_hex(token))
      .bind(2, name)
      .bind(3, now)
      .run();
  PlayerRecord player{db.last_insert_rowid(), token, name};
  if (name.empty()) {
    // The id exists only now; the same transaction names the guest after it.
    player.name = "Guest " + std::to_string(player.id);
    db.prepare("UPDATE players SET name = ? WHERE id = ?").bind(1, player.name).bind(2, player.id).run();
  }
  return player;
}

void rename_player(Connection& db, std::int64_t id, const std::string& name) {
  // An account's player is named by its username: never renamed (a guest
  // socket that outlived the hand-over cannot do it either).
  db.prepare("UPDATE players SET name = ? WHERE id = ? AND token_hash NOT LIKE 'account:%'").bind(1, name).bind(2, id).run();
  if (db.changes() != 1) throw SqlError("no guest player " + std::to_string(id));
}

EventWritten insert_room(Connection& db, const RoomRecord& r, const EventRecord& first) {
  db.prepare("INSERT INTO rooms (id, game, variant, white_extra, black_extra, private, white, black, status, result, "
             "reason, plies, created_at, finished_at, clock_kind, clock_initial_ms, clock_increment_ms, clock_days, rated, "
             "competition, start_by, rating_min, rating_max) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(1, r.id)
      .bind(2, r.options.game)
      .bind(3, r.options.variant)
      .bind(4, std::int64_t{r.options.white_extra})
      .bind(5, std::int64_t{r.options.black_extra})
      .bind(6, std::int64_t{r.is_private ? 1 : 0})
      .bind(7, r.white)
      .bind(8, r.black)
      .bind(9, protocol::status_name(r.status))
      .bind(10, r.result)
      .bind(11, r.reason)
      .bind(12, r.plies)
      .bind(13, r.created_at)
      .bind(14, r.finished_at)
      .bind(15, protocol::clock_kind_name(r.clock.kind))
      .bind(16, r.clock.initial_ms)
      .bind(17, r.clock.increment_ms)
      .bind(18, std::int64_t{r.clock.days_per_move})
      .bind(19, std::int64_t{r.rated ? 1 : 0})
      .bind(20, std::int64_t{r.competition ? 1 : 0})
      .bind(21, r.start_by)
      .bind(22, std::int64_t{r.rating_min})
      .bind(23, std::int64_t{r.rating_max})
      .run();
  if (!insert_event(db, r.id, first)) throw SqlError("room '" + r.id + "' exists already");
  EventWritten written;
  if (r.white || r.black) written.seated = seat_rating(db, r.white ? *r.white : *r.black, perf_of(r.options));
  return written;
}

EventWritten append_event(Connection& db, const std::string& room, const EventRecord& event, const RoomChange& c) {
  if (c.fence) check_fence(db, room, *c.fence);  // first: a refused write leaves nothing
  if (!insert_event(db, room, event)) {
    // This very event stored already: the write is the store's retry of one
    // whose COMMIT was answered to a connection lost meanwhile (a PostgreSQL
    // restart). It happened once; the answer says what it did.
    if (!stored_already(db, room, event))
      throw SqlError("room '" + room + "' has another event " + std::to_string(event.seq) + " already");
    EventWritten written;
    if (c.white || c.black) written.seated = seat_rating(db, c.white ? *c.white : *c.black, perf_of_room(db, room));
    if (c.rate) written.rated = rating_change(db, room);
    return written;
  }
  // NULL and '' leave a column as it is.
  Statement update = db.prepare(
      "UPDATE rooms SET white = coalesce(?1, white), black = coalesce(?2, black), status = coalesce(?3, status), "
      "result = CASE WHEN ?4 = '' THEN result ELSE ?4 END, reason = CASE WHEN ?5 = '' THEN reason ELSE ?5 END, "
      "plies = coalesce(?6, plies), finished_at = coalesce(?7, finished_at) WHERE id = ?8");
  update.bind(1, c.white).bind(2, c.black);
  if (c.status) {
    update.bind(3, protocol::status_name(*c.status));
  } else {
    update.bind_null(3);
  }
  update.bind(4, c.result).bind(5, c.reason).bind(6, c.plies);
  update.bind(7, c.status && protocol::closed(*c.status) ? std::optional(event.at) : std::nullopt);
  update.bind(8, room).run();
  if (db.changes() != 1) throw SqlError("no room '" + room + "'");
  if (c.audit) insert_audit(db, *c.audit);
  if (c.notify) insert_intent(db, room, event, *c.notify);
  EventWritten written;
  if (c.white || c.black) written.seated = seat_rating(db, c.white ? *c.white : *c.black, perf_of_room(db, room));
  if (c.rate) written.rated = rate_game(db, room, *c.rate, event.at);
  // A ladder's standings and an event's results move with the game's end.
  if (c.status && protocol::closed(*c.status)) settle_competition_game(db, room, event, c);
  return written;
}

std::optional<PlayerRecord> find_player(Connection& db, const std::string& token) {
  Statement s = db.prepare("SELECT id, name FROM players WHERE token_hash = ?");
  s.bind(1, sha256_hex(token));
  if (!s.step()) return std::nullopt;
  return PlayerRecord{s.integer(0), token, s.text(1)};
}

std::vector<BotPlayer> bot_players(Connection& db) {
  Statement s = db.prepare("SELECT b.level, b.player, p.name FROM bots b JOIN players p ON p.id = b.player ORDER BY b.level");
  std::vector<BotPlayer> out;
  while (s.step()) out.push_back({static_cast<int>(s.integer(0)), s.integer(1), s.text(2)});
  return out;
}

void seed_bot_ratings(Connection& db, const std::vector<BotRatingSeed>& seeds) {
  for (const BotRatingSeed& seed : seeds)
    db.prepare("INSERT INTO ratings (player, perf, rating, rd, volatility, games, last_game_at) VALUES (?, ?, ?, ?, ?, 0, 0) "
               "ON CONFLICT (player, perf) DO NOTHING")
        .bind(1, seed.player)
        .bind(2, seed.perf)
        .bind_real(3, seed.rating)
        .bind_real(4, glicko2::kInitialRd)
        .bind_real(5, glicko2::kInitialVolatility)
        .run();
}

std::vector<EventRecord> events(Connection& db, const std::string& room) {
  Statement s =
      db.prepare("SELECT seq, kind, player, color, action, at, note, lag_ms FROM events WHERE room = ? ORDER BY seq");
  s.bind(1, room);
  std::vector<EventRecord> out;
  while (s.step())
    out.push_back({s.integer(0), parse_kind(s.text(1)), s.optional_integer(2), parse_color(s.text(3)), s.text(4),
                   s.integer(5), s.text(6), s.integer(7)});
  return out;
}

std::optional<RoomRecord> find_room(Connection& db, const std::string& id) {
  Statement s = db.prepare(kSelectRooms + "WHERE r.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  RoomRecord r = read_room(s);
  if (r.rated && r.status == protocol::RoomStatus::Finished) r.rating_change = rating_change(db, id);
  return r;
}

PageWindow page_window(int page, int per_page) {
  const std::int64_t limit = std::clamp(per_page, 1, 100);
  return {limit, (std::max(page, 1) - std::int64_t{1}) * limit};
}

RoomPage list_rooms(Connection& db, RoomQuery q) {
  const PageWindow window = page_window(q.page, q.per_page);
  // Every parameter appears in the query text: PostgreSQL infers their types from it.
  const std::string filter = "WHERE r.private = 0 AND (?1 = '' OR r.status = ?1) ";
  const std::string_view status = q.status ? protocol::status_name(*q.status) : "";
  RoomPage out;
  Transaction snapshot(db, Transaction::kSnapshot);  // the page and its total from one state
  {
    Statement s = db.prepare(kSelectRooms + filter + "ORDER BY r.created_at DESC, r.id LIMIT ?2 OFFSET ?3");
    s.bind(1, status).bind(2, window.limit).bind(3, window.offset);
    out.rooms = read_rooms(s);
  }
  {
    Statement count = db.prepare("SELECT count(*) FROM rooms r " + filter);
    count.bind(1, status);
    count.step();
    out.total = count.integer(0);
  }
  snapshot.commit();
  return out;
}

std::vector<RoomRecord> unfinished_rooms(Connection& db) {
  Statement s = db.prepare(kSelectRooms + "WHERE r.status IN ('open', 'live') ORDER BY r.created_at, r.id");
  return read_rooms(s);
}

std::vector<RoomRecord> orphaned_rooms(Connection& db, std::int64_t limit) {
  // Only lapsed leases: a room without one is being created (stored, then
  // claimed by its creator's node) or is claimed when next asked for.
  Statement s = db.prepare(kSelectRooms + "JOIN room_leases l ON l.room = r.id WHERE r.status IN ('open', 'live') "
                           "AND l.expires_at <= " + std::string(db.clock_sql()) + " ORDER BY r.created_at, r.id LIMIT ?");
  s.bind(1, limit);
  return read_rooms(s);
}

}  // namespace arena::sql
