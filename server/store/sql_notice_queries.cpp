// The SQL of the notices bell (notice_store.hpp). Notices are written by
// notify_player (sql_mail_queries.cpp) with their mail; insert_notice keeps
// each player's newest kNoticesKept.
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {

NoticeRecord insert_notice(Connection& db, const PlayerNotice& n) {
  db.prepare("INSERT INTO notices (player, kind, text, path, room, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(1, n.player)
      .bind(2, n.kind)
      .bind(3, n.text)
      .bind(4, n.path)
      .bind(5, n.room)
      .bind(6, n.now)
      .run();
  NoticeRecord out{db.last_insert_rowid(), n.kind, n.text, n.path, n.room, n.now, false};
  // Bounded: the rows older than the player's newest kNoticesKept go.
  db.prepare(
        "DELETE FROM notices WHERE player = ? AND id <= "
        "(SELECT id FROM notices WHERE player = ? ORDER BY id DESC LIMIT 1 OFFSET ?)")
      .bind(1, n.player)
      .bind(2, n.player)
      .bind(3, std::int64_t{kNoticesKept})
      .run();
  return out;
}

bool told_this_turn(Connection& db, std::int64_t player, const std::string& kind, const std::string& room) {
  Statement s = db.prepare(
      "SELECT 1 FROM notices n WHERE n.player = ? AND n.kind = ? AND n.room = ? AND n.created_at >= "
      "coalesce((SELECT max(e.at) FROM events e WHERE e.room = ? AND e.player = ? AND e.kind = 'action'), 0)");
  s.bind(1, player).bind(2, kind).bind(3, room).bind(4, room).bind(5, player);
  return s.step();
}

int unread_notices(Connection& db, std::int64_t player) {
  Statement s = db.prepare("SELECT count(*) FROM notices WHERE player = ? AND read_at = 0");
  s.bind(1, player);
  return s.step() ? static_cast<int>(s.integer(0)) : 0;
}

NoticeList notices(Connection& db, std::int64_t player) {
  NoticeList out;
  out.unread = unread_notices(db, player);
  Statement s = db.prepare(
      "SELECT id, kind, text, path, room, created_at, read_at FROM notices WHERE player = ? ORDER BY id DESC LIMIT ?");
  s.bind(1, player).bind(2, std::int64_t{kNoticesKept});
  while (s.step())
    out.notices.push_back({s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), s.integer(5), s.integer(6) != 0});
  return out;
}

int read_notices(Connection& db, std::int64_t player, std::int64_t up_to, std::int64_t now) {
  if (up_to > 0)
    db.prepare("UPDATE notices SET read_at = ? WHERE player = ? AND read_at = 0 AND id <= ?")
        .bind(1, now)
        .bind(2, player)
        .bind(3, up_to)
        .run();
  else
    db.prepare("UPDATE notices SET read_at = ? WHERE player = ? AND read_at = 0").bind(1, now).bind(2, player).run();
  return unread_notices(db, player);
}

}  // namespace arena::sql

// ---- notification intents (mail_store.hpp, NoticeIntent) ----

namespace arena::sql {

void insert_intent(Connection& db, const std::string& room, const EventRecord& event, const RoomChange::Notify& n) {
  // Bounded: one per player, kind and game; a newer cause replaces an older
  // one still waiting (the player acted in between, so the older is stale).
  db.prepare("DELETE FROM notice_intents WHERE player = ? AND kind = ? AND room = ?").bind(1, n.player).bind(2, n.kind).bind(3, room).run();
  db.prepare("INSERT INTO notice_intents (player, kind, room, seq, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(1, n.player)
      .bind(2, n.kind)
      .bind(3, room)
      .bind(4, event.seq)
      .bind(5, event.at)
      .run();
}

void insert_intent(Connection& db, const NoticeIntent& i) {
  // One per player, kind, game and seq: a cause written once (a challenge, a
  // pairing, a report's resolution) asks once; were it asked again, the
  // waiting row already says it.
  db.prepare(
        "INSERT INTO notice_intents (player, kind, room, seq, subject, body, path, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (player, kind, room, seq) DO NOTHING")
      .bind(1, i.player)
      .bind(2, i.kind)
      .bind(3, i.room)
      .bind(4, i.seq)
      .bind(5, i.words.subject)
      .bind(6, i.words.text)
      .bind(7, i.words.path)
      .bind(8, i.at)
      .run();
}

std::vector<NoticeIntent> notice_intents(Connection& db, const std::string& room, std::int64_t after, int limit) {
  std::vector<NoticeIntent> out;
  {
    Statement s = db.prepare(std::string("SELECT id, player, kind, room, seq, created_at, subject, body, path FROM notice_intents WHERE id > ? ") +
                             (room.empty() ? "" : "AND room = ? ") + "ORDER BY id LIMIT " + std::to_string(limit));
    s.bind(1, after);
    if (!room.empty()) s.bind(2, room);
    while (s.step()) {
      NoticeIntent i;
      i.id = s.integer(0);
      i.player = s.integer(1);
      i.kind = s.text(2);
      i.room = s.text(3);
      i.seq = s.integer(4);
      i.at = s.integer(5);
      i.words = NoticeWords{s.text(6), s.text(7), s.text(8)};
      out.push_back(std::move(i));
    }
  }
  for (NoticeIntent& i : out)  // only a turn's words need its room: the others carry theirs
    if (i.kind == "turn" && !i.room.empty()) i.game = find_room(db, i.room);
  return out;
}

std::optional<NoticeOutcome> resolve_intent(Connection& db, const NoticeIntent& intent, const std::optional<PlayerNotice>& notice) {
  // The delete decides: of two resolutions of one intent (the room's, a
  // start's sweep, two nodes), only the one that removes the row tells; the
  // other writes nothing. By its key and event, not its id: the room resolves
  // the intent it just wrote without reading it, and a newer intent of the
  // same game (the row updated in place) waits for its own resolution.
  db.prepare("DELETE FROM notice_intents WHERE player = ? AND kind = ? AND room = ? AND seq = ?")
      .bind(1, intent.player)
      .bind(2, intent.kind)
      .bind(3, intent.room)
      .bind(4, intent.seq)
      .run();
  if (db.changes() != 1) return std::nullopt;
  if (!notice) return NoticeOutcome{};
  if (intent.kind == "turn" && !intent.room.empty()) {
    // Stale: the player acted in the game after the event that caused it.
    Statement s = db.prepare("SELECT 1 FROM events WHERE room = ? AND seq > ? AND player = ? AND kind = 'action'");
    s.bind(1, intent.room).bind(2, intent.seq).bind(3, intent.player);
    if (s.step()) return NoticeOutcome{};
  }
  return notify_player(db, *notice);
}

}  // namespace arena::sql
