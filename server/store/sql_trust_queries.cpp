// The SQL of trust and safety (#34; trust_store.hpp): reports, blocks, and
// the guests' names checked against the accounts' username skeletons.
#include <algorithm>
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {
namespace {

const std::string kSelectReports =
    "SELECT r.id, ra.username, r.player, p.name, coalesce(pa.role, 'guest'), coalesce(r.room, ''), r.reason, "
    "r.created_at, r.status, r.outcome, coalesce(ba.username, ''), r.resolved_at, ra.player FROM reports r "
    "JOIN accounts ra ON ra.id = r.reporter JOIN players p ON p.id = r.player "
    "LEFT JOIN accounts pa ON pa.player = r.player LEFT JOIN accounts ba ON ba.id = r.resolved_by ";

std::vector<ReportRecord> read_reports(Statement& s) {
  std::vector<ReportRecord> out;
  while (s.step()) {
    ReportRecord r;
    r.id = s.integer(0);
    r.reporter = s.text(1);
    r.player = s.integer(2);
    r.player_name = s.text(3);
    r.player_kind = s.text(4) == "player" ? "account" : s.text(4);
    r.room = s.text(5);
    r.reason = s.text(6);
    r.created_at = s.integer(7);
    r.status = s.text(8);
    r.outcome = s.text(9);
    r.resolved_by = s.text(10);
    r.resolved_at = s.integer(11);
    r.reporter_player = s.integer(12);
    out.push_back(std::move(r));
  }
  return out;
}

std::optional<ReportRecord> find_report(Connection& db, std::int64_t id) {
  Statement s = db.prepare(kSelectReports + "WHERE r.id = ?");
  s.bind(1, id);
  auto found = read_reports(s);
  if (found.empty()) return std::nullopt;
  return found.front();
}

// The reported player's last kReportedLines lines in the report's game, oldest first.
void attach_chat(Connection& db, ReportRecord& r) {
  if (r.room.empty()) return;
  Statement s = db.prepare("SELECT seq, channel, text, at, deleted FROM chat WHERE room = ? AND player = ? ORDER BY seq DESC LIMIT ?");
  s.bind(1, r.room).bind(2, r.player).bind(3, std::int64_t{kReportedLines});
  while (s.step()) r.chat.push_back({s.integer(0), s.text(1), s.text(2), s.integer(3), s.integer(4) != 0});
  std::reverse(r.chat.begin(), r.chat.end());
}

std::int64_t count(Connection& db, const std::string& sql, std::int64_t a, std::int64_t b = 0) {
  Statement s = db.prepare(sql);
  s.bind(1, a);
  if (sql.find("?2") != std::string::npos) s.bind(2, b);
  s.step();
  return s.integer(0);
}

}  // namespace

bool skeleton_taken(Connection& db, const std::string& skeleton) {
  Statement s = db.prepare("SELECT 1 FROM accounts WHERE username_skeleton = ? LIMIT 1");
  s.bind(1, skeleton);
  return s.step();
}

Outcome<ReportRecord> create_report(Connection& db, const NewReport& n) {
  using Answer = Outcome<ReportRecord>;
  std::int64_t player = 0;
  if (n.player) {
    Statement s = db.prepare("SELECT id FROM players WHERE id = ? AND token_hash NOT LIKE 'bot:%'");
    s.bind(1, *n.player);
    if (!s.step()) return Answer::refused("not_found", "no player " + std::to_string(*n.player));
    player = s.integer(0);
  } else {
    Statement s = db.prepare("SELECT player FROM accounts WHERE username_key = ?");
    s.bind(1, lower(n.username));
    if (!s.step()) return Answer::refused("not_found", "no account '" + n.username + "'");
    player = s.integer(0);
  }
  if (player == n.reporter_player) return Answer::refused("bad_field", "you may not report yourself");
  if (!n.room.empty()) {
    Statement s = db.prepare("SELECT 1 FROM rooms WHERE id = ?");
    s.bind(1, n.room);
    if (!s.step()) return Answer::refused("not_found", "no game '" + n.room + "'");
  }
  if (count(db, "SELECT count(*) FROM reports WHERE reporter = ?1 AND created_at > ?2", n.reporter, n.now - 3600000) >=
      kReportsPerHour)
    return Answer::refused("rate_limited", "at most " + std::to_string(kReportsPerHour) + " reports an hour");
  if (count(db, "SELECT count(*) FROM reports WHERE reporter = ?1 AND player = ?2 AND status = 'open'", n.reporter, player) > 0)
    return Answer::refused("already_reported", "your report of this player is still open");
  // Bounded: the oldest resolved reports make room; open ones are never dropped.
  std::int64_t over = std::stoll(db.text_of("SELECT count(*) FROM reports")) - kMaxReports + 1;
  if (over > 0)
    db.prepare("DELETE FROM reports WHERE id IN (SELECT id FROM reports WHERE status = 'resolved' ORDER BY id LIMIT ?)")
        .bind(1, over)
        .run();
  if (std::stoll(db.text_of("SELECT count(*) FROM reports")) >= kMaxReports)
    return Answer::refused("reports_full", "the moderators have too many open reports: try again later");
  Statement insert = db.prepare("INSERT INTO reports (reporter, player, room, reason, created_at) VALUES (?, ?, ?, ?, ?)");
  insert.bind(1, n.reporter).bind(2, player);
  if (n.room.empty()) insert.bind_null(3);
  else insert.bind(3, n.room);
  insert.bind(4, n.reason).bind(5, n.now).run();
  return {*find_report(db, db.last_insert_rowid()), {}, {}};
}

ReportPage reports(Connection& db, const std::string& status, int page, int per_page) {
  const PageWindow window = page_window(page, per_page);
  ReportPage out;
  Transaction snapshot(db, Transaction::kSnapshot);
  {
    // The queue oldest first (the longest waiting on top); the record newest first.
    Statement s = db.prepare(kSelectReports + "WHERE r.status = ? ORDER BY r.id " + (status == "open" ? "ASC" : "DESC") +
                             " LIMIT ? OFFSET ?");
    s.bind(1, status).bind(2, window.limit).bind(3, window.offset);
    out.reports = read_reports(s);
  }
  for (auto& r : out.reports) attach_chat(db, r);
  Statement total = db.prepare("SELECT count(*) FROM reports WHERE status = ?");
  total.bind(1, status).step();
  out.total = total.integer(0);
  snapshot.commit();
  return out;
}

std::vector<ReportRecord> reports_of(Connection& db, std::int64_t reporter) {
  Statement s = db.prepare(kSelectReports + "WHERE r.reporter = ? ORDER BY r.id DESC LIMIT 100");
  s.bind(1, reporter);
  return read_reports(s);
}

Outcome<ReportRecord> resolve_report(Connection& db, std::int64_t id, const std::string& outcome, std::int64_t by,
                                     std::int64_t now, AuditEntry audit) {
  auto found = find_report(db, id);
  if (!found) return Outcome<ReportRecord>::refused("not_found", "no report " + std::to_string(id));
  if (found->status != "open") return Outcome<ReportRecord>::refused("report_resolved", "the report is resolved already");
  db.prepare("UPDATE reports SET status = 'resolved', outcome = ?, resolved_by = ?, resolved_at = ? WHERE id = ?")
      .bind(1, outcome)
      .bind(2, by)
      .bind(3, now)
      .bind(4, id)
      .run();
  audit.target = "report:" + std::to_string(id);
  insert_audit(db, audit);
  ReportRecord r = *find_report(db, id);
  // The reporter's notice of the outcome, asked for with it (#35).
  NoticeIntent told;
  told.player = r.reporter_player;
  told.kind = "report";
  told.seq = id;
  told.at = now;
  told.words = report_words(r.player_name, r.outcome, r.reporter);
  insert_intent(db, told);
  return {std::move(r), {}, {}};
}

Outcome<BlockRecord> set_block(Connection& db, std::int64_t blocker, const std::string& username, bool block, std::int64_t now) {
  using Answer = Outcome<BlockRecord>;
  Statement s = db.prepare("SELECT player, username FROM accounts WHERE username_key = ?");
  s.bind(1, lower(username));
  if (!s.step()) return Answer::refused("not_found", "no account '" + username + "'");
  BlockRecord b{s.integer(0), s.text(1), now};
  if (b.player == blocker) return Answer::refused("bad_field", "you may not block yourself");
  if (!block) {
    db.prepare("DELETE FROM blocks WHERE blocker = ? AND blocked = ?").bind(1, blocker).bind(2, b.player).run();
    if (db.changes() == 0) return Answer::refused("not_found", "you do not block '" + b.username + "'");
    return {b, {}, {}};
  }
  Statement existing = db.prepare("SELECT created_at FROM blocks WHERE blocker = ? AND blocked = ?");
  existing.bind(1, blocker).bind(2, b.player);
  if (existing.step()) {
    b.created_at = existing.integer(0);
    return {b, {}, {}};  // blocking twice changes nothing
  }
  if (count(db, "SELECT count(*) FROM blocks WHERE blocker = ?1", blocker) >= kMaxBlocks)
    return Answer::refused("too_many_blocks", "an account blocks at most " + std::to_string(kMaxBlocks) + " others");
  db.prepare("INSERT INTO blocks (blocker, blocked, created_at) VALUES (?, ?, ?)").bind(1, blocker).bind(2, b.player).bind(3, now).run();
  // Blocks win over follows (#46): neither follows the other any more.
  db.prepare("DELETE FROM follows WHERE (follower = ?1 AND followed = ?2) OR (follower = ?2 AND followed = ?1)")
      .bind(1, blocker)
      .bind(2, b.player)
      .run();
  return {b, {}, {}};
}

std::vector<BlockRecord> blocks_of(Connection& db, std::int64_t blocker) {
  Statement s = db.prepare(
      "SELECT b.blocked, a.username, b.created_at FROM blocks b JOIN accounts a ON a.player = b.blocked "
      "WHERE b.blocker = ? ORDER BY a.username_key");
  s.bind(1, blocker);
  std::vector<BlockRecord> out;
  while (s.step()) out.push_back({s.integer(0), s.text(1), s.integer(2)});
  return out;
}

std::vector<std::pair<std::int64_t, std::int64_t>> all_blocks(Connection& db) {
  Statement s = db.prepare("SELECT blocker, blocked FROM blocks");
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  while (s.step()) out.emplace_back(s.integer(0), s.integer(1));
  return out;
}

}  // namespace arena::sql
