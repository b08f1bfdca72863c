// The SQL of the rooms' chat (sql_queries.hpp): messages numbered per room
// by the caller (the room's next seq, like its events), kept when a moderator
// deletes them (marked deleted, the deletion audited in the same transaction).
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {
namespace {

protocol::ChatChannel parse_channel(const std::string& text) {
  if (auto c = protocol::parse_channel(text)) return *c;
  throw SqlError("unknown chat channel '" + text + "' in the database");
}

}  // namespace

void insert_chat(Connection& db, const std::string& room, const ChatRecord& m, const std::optional<LeaseFence>& fence) {
  // Fenced as events are (apply_change): an old owner's line never takes a seq (#42).
  if (fence) check_fence(db, room, *fence);
  {
    // The foreign key would refuse it too, in words that do not say which room.
    Statement exists = db.prepare("SELECT 1 FROM rooms WHERE id = ?");
    exists.bind(1, room);
    if (!exists.step()) throw SqlError("no room '" + room + "'");
  }
  db.prepare("INSERT INTO chat (room, seq, channel, player, name, text, at, deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(1, room)
      .bind(2, m.seq)
      .bind(3, protocol::channel_name(m.channel))
      .bind(4, m.player)
      .bind(5, m.name)
      .bind(6, m.text)
      .bind(7, m.at)
      .bind(8, std::int64_t{m.deleted ? 1 : 0})
      .run();
}

void delete_chat(Connection& db, const std::string& room, std::int64_t seq, const AuditEntry& audit,
                 const std::optional<LeaseFence>& fence) {
  if (fence) check_fence(db, room, *fence);
  db.prepare("UPDATE chat SET deleted = 1 WHERE room = ? AND seq = ?").bind(1, room).bind(2, seq).run();
  if (db.changes() != 1) throw SqlError("no chat message " + std::to_string(seq));
  insert_audit(db, audit);
}

std::vector<ChatRecord> chat(Connection& db, const std::string& room) {
  // The writer's kind as of now (#34): a guest's lines stay a guest's, a
  // moderator's carry the role the account holds.
  Statement s = db.prepare(
      "SELECT c.seq, c.channel, c.player, c.name, c.text, c.at, c.deleted, "
      "coalesce(a.role, CASE WHEN p.token_hash LIKE 'bot:%' THEN 'computer' ELSE 'guest' END) "
      "FROM chat c JOIN players p ON p.id = c.player LEFT JOIN accounts a ON a.player = c.player "
      "WHERE c.room = ? ORDER BY c.seq");
  s.bind(1, room);
  std::vector<ChatRecord> out;
  while (s.step()) {
    std::string kind = s.text(7);
    out.push_back({s.integer(0), parse_channel(s.text(1)), s.integer(2), s.text(3), s.text(4), s.integer(5),
                   s.integer(6) != 0, kind == "player" ? "account" : kind});
  }
  return out;
}

// The entries of a line are joined by a newline: the engine's notation has none.
void save_conditional(Connection& db, const std::string& room, const ConditionalRecord& c, const std::optional<LeaseFence>& fence) {
  if (fence) check_fence(db, room, *fence);
  std::string seat(engine::color_name(c.seat));
  db.prepare("DELETE FROM conditional_lines WHERE room = ? AND seat = ?").bind(1, room).bind(2, seat).run();
  if (c.line.empty()) return;
  std::string text;
  for (const std::string& entry : c.line) {
    if (entry.find('\n') != std::string::npos) throw SqlError("a conditional entry holds a newline");
    text += (text.empty() ? "" : "\n") + entry;
  }
  db.prepare("INSERT INTO conditional_lines (room, seat, from_ply, line, at) VALUES (?, ?, ?, ?, ?)")
      .bind(1, room)
      .bind(2, seat)
      .bind(3, std::int64_t{c.from_ply})
      .bind(4, text)
      .bind(5, c.at)
      .run();
}

std::vector<ConditionalRecord> conditionals(Connection& db, const std::string& room) {
  Statement s = db.prepare("SELECT seat, from_ply, line, at FROM conditional_lines WHERE room = ? ORDER BY seat DESC");
  s.bind(1, room);
  std::vector<ConditionalRecord> out;
  while (s.step()) {
    std::string seat = s.text(0);
    if (seat != "white" && seat != "black") throw SqlError("unknown seat '" + seat + "' in conditional_lines");
    ConditionalRecord c{seat == "white" ? engine::Color::White : engine::Color::Black, static_cast<int>(s.integer(1)), {}, s.integer(3)};
    std::string text = s.text(2);
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      c.line.push_back(text.substr(start, end - start));
      start = end + 1;
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace arena::sql
