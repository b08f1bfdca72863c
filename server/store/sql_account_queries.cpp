// The SQL of accounts, sessions and the audit log (sql_queries.hpp).
// Secrets never reach the database in clear: session cookies and guest tokens
// are stored and looked up as their SHA-256, passwords only as Argon2id strings.
#include <algorithm>
#include <cctype>

#include "protocol/name_skeleton.hpp"
#include "protocol/time_control.hpp"  // speed_of's bounds
#include "util/sha256.hpp"
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

namespace {

protocol::Role parse_role(const std::string& text) {
  if (auto r = protocol::parse_role(text)) return *r;
  throw SqlError("unknown role '" + text + "' in the database");
}

AccountRecord account_by_id(Connection& db, std::int64_t id) {
  Statement s = db.prepare(std::string(kSelectAccounts) + "WHERE a.id = ?");
  s.bind(1, id);
  if (!s.step()) throw SqlError("no account " + std::to_string(id));
  return read_account(s, false);
}

// The guest's player row if the token names one no account owns yet.
std::optional<std::int64_t> guest_player(Connection& db, const std::string& token) {
  if (token.empty()) return std::nullopt;
  Statement s = db.prepare(
      "SELECT p.id FROM players p WHERE p.token_hash = ? AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.player = p.id)");
  s.bind(1, sha256_hex(token));
  if (!s.step()) return std::nullopt;
  return s.integer(0);
}

}  // namespace

const char* const kAccountColumns =
    "a.id, a.player, a.username, a.password_hash, a.role, a.created_at, a.banned_until, a.ban_reason, "
    "a.muted_until, a.mute_reason, a.closed_at, a.bot";
const std::string kSelectAccounts = std::string("SELECT ") + kAccountColumns + " FROM accounts a ";

AccountRecord read_account(const Statement& s, bool with_hash) {
  AccountRecord a;
  a.id = s.integer(0);
  a.player = s.integer(1);
  a.username = s.text(2);
  if (with_hash) a.password_hash = s.text(3);
  a.role = parse_role(s.text(4));
  a.created_at = s.integer(5);
  a.banned_until = s.integer(6);
  a.ban_reason = s.text(7);
  a.muted_until = s.integer(8);
  a.mute_reason = s.text(9);
  a.closed_at = s.integer(10);
  a.bot = s.integer(11) != 0;
  return a;
}

void insert_audit(Connection& db, const AuditEntry& e) {
  db.prepare("INSERT INTO audit_log (actor, action, target, details, address, at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(1, e.actor)
      .bind(2, e.action)
      .bind(3, e.target)
      .bind(4, e.details)
      .bind(5, e.address)
      .bind(6, e.at)
      .run();
  // Bounded: the ids grow by one, so the oldest beyond the bound are those below.
  db.prepare("DELETE FROM audit_log WHERE id <= ?").bind(1, db.last_insert_rowid() - kMaxAuditEntries).run();
}

CreatedAccount insert_account(Connection& db, const NewAccount& n, std::int64_t now) {
  CreatedAccount out;
  {
    // Unique ignoring case, and by look (#34): "adm1n" cannot sign up beside "admin".
    Statement taken = db.prepare("SELECT 1 FROM accounts WHERE username_key = ? OR username_skeleton = ?");
    taken.bind(1, lower(n.username)).bind(2, protocol::name_skeleton(n.username));
    if (taken.step()) {
      out.taken = true;
      return out;
    }
  }
  std::optional<std::int64_t> player = guest_player(db, n.guest_token);
  if (player) {
    // The account takes the guest over: same id, seats and games; the guest
    // token stops working (a token_hash no SHA-256 in hex can equal).
    db.prepare("UPDATE players SET name = ?, token_hash = ? WHERE id = ?")
        .bind(1, n.username)
        .bind(2, "account:" + std::to_string(*player))
        .bind(3, *player)
        .run();
  } else {
    db.prepare("INSERT INTO players (token_hash, name, created_at) VALUES ('account:new', ?, ?)")
        .bind(1, n.username)
        .bind(2, now)
        .run();
    player = db.last_insert_rowid();
    db.prepare("UPDATE players SET token_hash = ? WHERE id = ?").bind(1, "account:" + std::to_string(*player)).bind(2, *player).run();
  }
  db.prepare(
        "INSERT INTO accounts (player, username, username_key, password_hash, role, created_at, username_skeleton) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)")
      .bind(1, *player)
      .bind(2, n.username)
      .bind(3, lower(n.username))
      .bind(4, n.password_hash)
      .bind(5, protocol::role_name(n.role))
      .bind(6, now)
      .bind(7, protocol::name_skeleton(n.username))
      .run();
  std::int64_t id = db.last_insert_rowid();
  if (!n.session_token.empty()) insert_session(db, id, n.session_token, now, n.session_expires);
  if (n.audit) insert_audit(db, *n.audit);
  out.account = account_by_id(db, id);
  return out;
}

std::optional<AccountRecord> find_account(Connection& db, const std::string& username) {
  Statement s = db.prepare(std::string(kSelectAccounts) + "WHERE a.username_key = ?");
  s.bind(1, lower(username));
  if (!s.step()) return std::nullopt;
  return read_account(s, true);
}

std::optional<AccountRecord> session_account(Connection& db, const std::string& token, std::int64_t now) {
  Statement s = db.prepare(std::string(kSelectAccounts) +
                           "JOIN sessions s ON s.account = a.id WHERE s.token_hash = ? AND s.expires_at > ?");
  s.bind(1, sha256_hex(token)).bind(2, now);
  if (!s.step()) return std::nullopt;
  return read_account(s, false);
}

void insert_session(Connection& db, std::int64_t account, const std::string& token, std::int64_t now, std::int64_t expires_at) {
  db.prepare("DELETE FROM sessions WHERE expires_at <= ?").bind(1, now).run();
  db.prepare("INSERT INTO sessions (token_hash, account, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(1, sha256_hex(token))
      .bind(2, account)
      .bind(3, now)
      .bind(4, expires_at)
      .run();
  db.prepare(
        "DELETE FROM sessions WHERE account = ?1 AND token_hash NOT IN "
        "(SELECT token_hash FROM sessions WHERE account = ?1 ORDER BY created_at DESC, token_hash LIMIT ?2)")
      .bind(1, account)
      .bind(2, std::int64_t{kMaxSessionsPerAccount})
      .run();
}

void delete_session(Connection& db, const std::string& token) {
  db.prepare("DELETE FROM sessions WHERE token_hash = ?").bind(1, sha256_hex(token)).run();
}

void set_password_hash(Connection& db, std::int64_t account, const std::string& hash) {
  db.prepare("UPDATE accounts SET password_hash = ? WHERE id = ?").bind(1, hash).bind(2, account).run();
  if (db.changes() != 1) throw SqlError("no account " + std::to_string(account));
}

void change_password(Connection& db, std::int64_t account, const std::string& hash, const std::string& keep,
                     const AuditEntry& audit) {
  set_password_hash(db, account, hash);
  db.prepare("DELETE FROM sessions WHERE account = ? AND token_hash <> ?").bind(1, account).bind(2, sha256_hex(keep)).run();
  insert_audit(db, audit);
}

void close_account(Connection& db, std::int64_t account, std::int64_t now, const AuditEntry& audit) {
  db.prepare("UPDATE accounts SET closed_at = ? WHERE id = ? AND closed_at = 0").bind(1, now).bind(2, account).run();
  if (db.changes() != 1) throw SqlError("no open account " + std::to_string(account));
  const std::int64_t player = account_by_id(db, account).player;
  db.prepare("DELETE FROM sessions WHERE account = ?").bind(1, account).run();
  db.prepare("UPDATE account_mail SET address = '', address_key = '' WHERE account = ?").bind(1, account).run();
  db.prepare("UPDATE mail_tokens SET used_at = ? WHERE account = ? AND used_at = 0").bind(1, now).bind(2, account).run();
  withdraw_banned_from_ladders(db, player);
  withdraw_banned_from_tournaments(db, player);
  insert_audit(db, audit);
}

AccountRecord change_account(Connection& db, const AccountChange& c) {
  if (c.role)
    db.prepare("UPDATE accounts SET role = ? WHERE id = ?").bind(1, protocol::role_name(*c.role)).bind(2, c.account).run();
  if (c.banned_until)
    db.prepare("UPDATE accounts SET banned_until = ?, ban_reason = ? WHERE id = ?")
        .bind(1, *c.banned_until)
        .bind(2, c.ban_reason)
        .bind(3, c.account)
        .run();
  if (c.muted_until)
    db.prepare("UPDATE accounts SET muted_until = ?, mute_reason = ? WHERE id = ?")
        .bind(1, *c.muted_until)
        .bind(2, c.mute_reason)
        .bind(3, c.account)
        .run();
  if (c.end_sessions) db.prepare("DELETE FROM sessions WHERE account = ?").bind(1, c.account).run();
  AccountRecord after = account_by_id(db, c.account);  // throws for an unknown account: nothing is written
  if (c.banned_until && *c.banned_until > 0) {  // a ban: out of every ladder and event, in the same transaction
    withdraw_banned_from_ladders(db, after.player);
    withdraw_banned_from_tournaments(db, after.player);
  }
  insert_audit(db, c.audit);
  return after;
}

AccountPage list_accounts(Connection& db, const AccountQuery& q) {
  const PageWindow window = page_window(q.page, q.per_page);
  // A prefix of [A-Za-z0-9_-] only (checked by the caller), so LIKE needs no escaping but '_'.
  std::string pattern;
  for (char c : lower(q.prefix)) {
    if (c == '_') pattern += '\\';
    pattern += c;
  }
  pattern += '%';
  AccountPage out;
  Transaction snapshot(db, Transaction::kSnapshot);
  {
    Statement s = db.prepare(std::string(kSelectAccounts) +
                             "WHERE a.username_key LIKE ?1 ESCAPE '\\' ORDER BY a.username_key LIMIT ?2 OFFSET ?3");
    s.bind(1, pattern).bind(2, window.limit).bind(3, window.offset);
    while (s.step()) out.accounts.push_back(read_account(s, false));
  }
  {
    Statement count = db.prepare("SELECT count(*) FROM accounts WHERE username_key LIKE ?1 ESCAPE '\\'");
    count.bind(1, pattern).step();
    out.total = count.integer(0);
  }
  snapshot.commit();
  return out;
}

AuditPage audit_log(Connection& db, int page_number, int per_page_count) {
  const PageWindow window = page_window(page_number, per_page_count);
  AuditPage out;
  Transaction snapshot(db, Transaction::kSnapshot);
  {
    Statement s = db.prepare(
        "SELECT l.id, l.actor, l.action, l.target, l.details, l.address, l.at, coalesce(a.username, '') "
        "FROM audit_log l LEFT JOIN accounts a ON a.id = l.actor ORDER BY l.id DESC LIMIT ? OFFSET ?");
    s.bind(1, window.limit).bind(2, window.offset);
    while (s.step())
      out.entries.push_back(
          {s.integer(0), {s.optional_integer(1), s.text(2), s.text(3), s.text(4), s.text(5), s.integer(6)}, s.text(7)});
  }
  Statement count = db.prepare("SELECT count(*) FROM audit_log");
  count.step();
  out.total = count.integer(0);
  snapshot.commit();
  return out;
}

std::optional<GameHistory> game_history(Connection& db, const GameHistoryQuery& q) {
  const PageWindow window = page_window(q.page, q.per_page);
  Transaction snapshot(db, Transaction::kSnapshot);  // the page and its total from one state
  std::int64_t player = 0;
  {
    Statement s = db.prepare("SELECT player FROM accounts WHERE username_key = ?");
    s.bind(1, lower(q.username));
    if (!s.step()) return std::nullopt;
    player = s.integer(0);
  }
  // Every parameter appears in the text (PostgreSQL infers their types); the
  // result from the player's side: 1-0 is a win as White, a loss as Black.
  const std::string filter =
      "WHERE r.status = 'finished' AND r.private = 0 AND (r.white = ?1 OR r.black = ?1) "
      "AND (?2 = '' OR r.game = ?2) AND (?3 = '' OR r.variant = ?3) "
      "AND (?4 = '' OR (?4 = 'drawn' AND r.result = '1/2-1/2') "
      "OR (?4 = 'won' AND ((r.white = ?1 AND r.result = '1-0') OR (r.black = ?1 AND r.result = '0-1'))) "
      "OR (?4 = 'lost' AND ((r.white = ?1 AND r.result = '0-1') OR (r.black = ?1 AND r.result = '1-0')))) "
      "AND (?5 = '' OR lower(CASE WHEN r.white = ?1 THEN coalesce(b.name, '') ELSE coalesce(w.name, '') END) = ?5) "
      // protocol::speed_of, in SQL
      "AND (?6 = '' OR ?6 = CASE WHEN r.clock_kind = 'correspondence' THEN 'correspondence' WHEN r.clock_kind <> 'live' THEN 'untimed' "
      "WHEN r.clock_initial_ms + 40 * r.clock_increment_ms < ?7 THEN 'blitz' "
      "WHEN r.clock_initial_ms + 40 * r.clock_increment_ms < ?8 THEN 'rapid' ELSE 'classical' END) "
      "AND (?9 = '' OR r.rated = CASE WHEN ?9 = 'true' THEN 1 ELSE 0 END) ";
  auto bind_filter = [&](Statement& s) {
    s.bind(1, player).bind(2, q.game).bind(3, q.variant).bind(4, q.result).bind(5, lower(q.opponent));
    s.bind(6, q.speed).bind(7, protocol::kRapidFromMs).bind(8, protocol::kClassicalFromMs).bind(9, q.rated);
  };
  GameHistory out;
  {
    Statement s = db.prepare(kSelectRooms + filter + "ORDER BY r.finished_at DESC, r.id LIMIT ?10 OFFSET ?11");
    bind_filter(s);
    s.bind(10, window.limit).bind(11, window.offset);
    out.games = read_rooms(s);
  }
  {
    Statement count = db.prepare(
        "SELECT count(*) FROM rooms r LEFT JOIN players w ON w.id = r.white LEFT JOIN players b ON b.id = r.black " + filter);
    bind_filter(count);
    count.step();
    out.total = count.integer(0);
  }
  snapshot.commit();
  return out;
}

std::optional<Profile> profile(Connection& db, const std::string& username, int recent) {
  Transaction snapshot(db, Transaction::kSnapshot);
  Profile p;
  {
    Statement s = db.prepare(std::string(kSelectAccounts) + "WHERE a.username_key = ?");
    s.bind(1, lower(username));
    if (!s.step()) return std::nullopt;
    p.account = read_account(s, false);
  }
  {
    Statement count = db.prepare(
        "SELECT (SELECT count(*) FROM rooms WHERE white = ?1 AND status = 'finished') + "
        "(SELECT count(*) FROM rooms WHERE black = ?1 AND status = 'finished')");
    count.bind(1, p.account.player).step();
    p.games_played = count.integer(0);
  }
  {
    Statement s = db.prepare(kSelectRooms +
                             "WHERE r.status = 'finished' AND r.private = 0 AND (r.white = ?1 OR r.black = ?1) "
                             "ORDER BY r.finished_at DESC, r.id LIMIT ?2");
    s.bind(1, p.account.player).bind(2, std::int64_t{std::clamp(recent, 0, 100)});
    p.recent = read_rooms(s);
  }
  p.ratings = ratings_of(db, p.account.player);
  snapshot.commit();
  return p;
}

std::vector<RoomRecord> unfinished_rooms_of(Connection& db, std::int64_t player) {
  Statement s = db.prepare(kSelectRooms +
                           "WHERE r.status IN ('open', 'live') AND (r.white = ?1 OR r.black = ?1) ORDER BY r.created_at, r.id");
  s.bind(1, player);
  return read_rooms(s);
}

}  // namespace arena::sql
