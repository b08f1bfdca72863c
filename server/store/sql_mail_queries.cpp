// The SQL of mail (mail_store.hpp): addresses, one-time links, the outbox.
// One-time tokens and unsubscribe tokens are kept as their SHA-256, as sessions are.
#include "util/sha256.hpp"
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {

namespace {

const char* switch_column(const std::string& kind) {
  if (kind == "turn") return "notify_turn";
  if (kind == "clock") return "notify_clock";
  if (kind == "challenge") return "notify_challenge";
  if (kind == "round" || kind == "event") return "notify_round";  // an event's pairing or its start
  if (kind == "report") return "notify_report";
  return nullptr;
}

std::int64_t count_of(Connection& db, const std::string& query, std::int64_t a, std::int64_t b = 0) {
  Statement s = db.prepare(query);
  s.bind(1, a);
  if (b) s.bind(2, b);
  return s.step() ? s.integer(0) : 0;
}

void ensure_mail_row(Connection& db, std::int64_t account) {
  db.prepare("INSERT INTO account_mail (account) VALUES (?) ON CONFLICT (account) DO NOTHING").bind(1, account).run();
}

// Marks the live, unused token of `purpose` used; its account and address.
std::optional<std::pair<std::int64_t, std::string>> use_token(Connection& db, const std::string& token, const char* purpose,
                                                              std::int64_t now) {
  std::string hash = sha256_hex(token);
  std::optional<std::pair<std::int64_t, std::string>> found;
  {
    Statement s = db.prepare(
        "SELECT account, address FROM mail_tokens WHERE token_hash = ? AND purpose = ? AND used_at = 0 AND expires_at > ?");
    s.bind(1, hash).bind(2, purpose).bind(3, now);
    if (s.step()) found = std::make_pair(s.integer(0), s.text(1));
  }
  if (!found) return std::nullopt;
  // Single use: this one and every other live link of the same purpose end now.
  db.prepare("UPDATE mail_tokens SET used_at = ? WHERE account = ? AND purpose = ? AND used_at = 0")
      .bind(1, now)
      .bind(2, found->first)
      .bind(3, purpose)
      .run();
  return found;
}

}  // namespace

MailQueued queue_mail(Connection& db, const MailRequest& r) {
  MailQueued out;
  const std::int64_t hour_ago = r.now - 3600 * 1000;
  if (r.token) {
    if (count_of(db, "SELECT count(*) FROM mail_tokens WHERE account = ?1 AND purpose = '" +
                         std::string(r.token->purpose == "reset" ? "reset" : "verify") + "' AND created_at > ?2",
                 r.account, hour_ago) >= kMaxTokensPerHour) {
      out.limited = true;
      return out;
    }
    db.prepare("DELETE FROM mail_tokens WHERE expires_at <= ?").bind(1, r.now).run();  // bounded: only live links stay
    db.prepare(
          "INSERT INTO mail_tokens (token_hash, account, purpose, address, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(1, sha256_hex(r.token->token))
        .bind(2, r.account)
        .bind(3, r.token->purpose)
        .bind(4, r.token->address)
        .bind(5, r.now)
        .bind(6, r.token->expires_at)
        .run();
  }
  std::int64_t site = count_of(db, "SELECT count(*) FROM outbox WHERE created_at > ?1", hour_ago);
  for (const OutgoingMail& m : r.mails) {
    std::int64_t mine = m.account ? count_of(db, "SELECT count(*) FROM outbox WHERE account = ?1 AND created_at > ?2",
                                             m.account, hour_ago)
                                  : 0;
    if (site >= r.bounds.site_hour || mine >= r.bounds.per_account_hour) {
      ++out.dropped;
      continue;
    }
    db.prepare(
          "INSERT INTO outbox (account, recipient, kind, subject, text_body, html_body, unsubscribe_hash, created_at, "
          "next_attempt, list_unsubscribe) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(1, m.account ? std::optional<std::int64_t>(m.account) : std::nullopt)
        .bind(2, m.to)
        .bind(3, m.kind)
        .bind(4, m.subject)
        .bind(5, m.text)
        .bind(6, m.html)
        .bind(7, m.unsubscribe_token.empty() ? std::string() : sha256_hex(m.unsubscribe_token))
        .bind(8, r.now)
        .bind(9, r.now)
        .bind(10, m.unsubscribe_url)
        .run();
    ++site;
    ++out.queued;
  }
  if (r.audit) insert_audit(db, *r.audit);
  return out;
}

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// A turn mail of the account still queued (not yet claimed) gathers this one:
// its texts become the digest of its games and this game's. Whether it did.
bool join_digest(Connection& db, std::int64_t account, const PlayerNotice& n) {
  if (n.mail->kind != "turn" || !n.digest || n.digest_line.empty()) return false;
  std::int64_t id = 0;
  std::vector<std::string> lines;
  OutgoingMail mail = *n.mail;
  {
    Statement s = db.prepare(
        "SELECT id, digest_lines, list_unsubscribe FROM outbox WHERE account = ? AND kind = 'turn' AND state = 'queued' AND attempts = 0 "
        "ORDER BY id DESC LIMIT 1");
    s.bind(1, account);
    if (!s.step()) return false;
    id = s.integer(0);
    lines = split_lines(s.text(1));
    mail.unsubscribe_url = s.text(2);  // the queued mail's link (its token's hash is the row's) stays
  }
  if (lines.size() >= kMaxDigestGames) return false;
  lines.push_back(n.digest_line);
  n.digest(mail, lines);
  std::string joined;
  for (const auto& line : lines) joined += (joined.empty() ? "" : "\n") + line;
  db.prepare("UPDATE outbox SET subject = ?, text_body = ?, html_body = ?, digest_lines = ? WHERE id = ?")
      .bind(1, mail.subject)
      .bind(2, mail.text)
      .bind(3, mail.html)
      .bind(4, joined)
      .bind(5, id)
      .run();
  return true;
}

}  // namespace

NoticeOutcome notify_player(Connection& db, const PlayerNotice& n) {
  NoticeOutcome out;
  // turn, clock: once per game until the player acted in it; event: once per
  // event (its `room` is "event:ID", where the player never acts).
  const bool per_turn = n.kind == "turn" || n.kind == "clock" || n.kind == "event";
  if (per_turn && told_this_turn(db, n.player, n.kind, n.room)) return out;
  out.notice = insert_notice(db, n);
  out.unread = unread_notices(db, n.player);
  if (!n.mail) return out;
  const char* column = switch_column(n.mail->kind);
  if (!column) throw SqlError("no notification kind '" + n.mail->kind + "'");
  std::int64_t account = 0;
  std::string address;
  {
    Statement s = db.prepare(std::string("SELECT a.id, m.address FROM accounts a JOIN account_mail m ON m.account = a.id "
                                         "WHERE a.player = ? AND m.address <> '' AND m.") + column + " = 1");
    s.bind(1, n.player);
    if (!s.step()) return out;
    account = s.integer(0);
    address = s.text(1);
  }
  if (per_turn) {
    // Once per game until the player acted in it after the last one.
    Statement s = db.prepare(
        "SELECT 1 FROM outbox o WHERE o.account = ?1 AND o.kind = ?4 AND o.room = ?2 AND o.created_at >= "
        "coalesce((SELECT max(e.at) FROM events e WHERE e.room = ?2 AND e.player = ?3 AND e.kind = 'action'), 0)");
    s.bind(1, account).bind(2, n.room).bind(3, n.player).bind(4, n.mail->kind);
    if (s.step()) return out;
  }
  if (join_digest(db, account, n)) {
    out.mailed = true;
    return out;
  }
  MailRequest request;
  request.account = account;
  request.now = n.now;
  request.bounds = n.bounds;
  request.mails.push_back(*n.mail);
  request.mails.back().account = account;
  request.mails.back().to = address;
  MailQueued queued = queue_mail(db, request);
  if (queued.queued == 1)
    db.prepare("UPDATE outbox SET room = ?, digest_lines = ?, next_attempt = ? WHERE id = ?")
        .bind(1, n.room)
        .bind(2, n.digest_line)
        .bind(3, std::max(n.send_at, n.now))
        .bind(4, db.last_insert_rowid())
        .run();
  out.mailed = queued.queued == 1;
  return out;
}

MailSettings mail_settings(Connection& db, std::int64_t account, std::int64_t now) {
  MailSettings out;
  {
    Statement s = db.prepare(
        "SELECT address, notify_turn, notify_clock, notify_challenge, notify_round, notify_report, notify_follow FROM account_mail "
        "WHERE account = ?");
    s.bind(1, account);
    if (s.step()) {
      out.address = s.text(0);
      out.notify = {s.integer(1) != 0, s.integer(2) != 0, s.integer(3) != 0, s.integer(4) != 0, s.integer(5) != 0,
                    s.integer(6) != 0};
    }
  }
  Statement p = db.prepare(
      "SELECT address FROM mail_tokens WHERE account = ? AND purpose = 'verify' AND used_at = 0 AND expires_at > ? "
      "ORDER BY created_at DESC LIMIT 1");
  p.bind(1, account).bind(2, now);
  if (p.step()) out.pending = p.text(0);
  return out;
}

void set_mail_switches(Connection& db, std::int64_t account, const MailSwitches& n) {
  ensure_mail_row(db, account);
  db.prepare(
        "UPDATE account_mail SET notify_turn = ?, notify_clock = ?, notify_challenge = ?, notify_round = ?, "
        "notify_report = ?, notify_follow = ? WHERE account = ?")
      .bind(1, std::int64_t{n.turn})
      .bind(2, std::int64_t{n.clock})
      .bind(3, std::int64_t{n.challenge})
      .bind(4, std::int64_t{n.round})
      .bind(5, std::int64_t{n.report})
      .bind(6, std::int64_t{n.follow})
      .bind(7, account)
      .run();
}

std::optional<AddressVerified> verify_address(Connection& db, const std::string& token, std::int64_t now) {
  auto used = use_token(db, token, "verify", now);
  if (!used) {
    // Opened again: "already verified" while its address is the account's.
    Statement s = db.prepare(
        "SELECT t.account FROM mail_tokens t JOIN account_mail m ON m.account = t.account "
        "WHERE t.token_hash = ? AND t.purpose = 'verify' AND t.used_at > 0 AND m.address = t.address");
    s.bind(1, sha256_hex(token));
    if (!s.step()) return std::nullopt;
    return AddressVerified{s.integer(0), true};
  }
  ensure_mail_row(db, used->first);
  db.prepare("UPDATE account_mail SET address = ?, address_key = ? WHERE account = ?")
      .bind(1, used->second)
      .bind(2, lower(used->second))
      .bind(3, used->first)
      .run();
  return AddressVerified{used->first, false};
}

std::optional<PasswordReset> reset_password(Connection& db, const std::string& token, const std::string& hash,
                                            std::int64_t now, AuditEntry audit) {
  auto used = use_token(db, token, "reset", now);
  if (!used) return std::nullopt;
  PasswordReset out;
  out.account = used->first;
  {
    Statement s = db.prepare("SELECT player, username FROM accounts WHERE id = ?");
    s.bind(1, out.account);
    if (!s.step()) return std::nullopt;
    out.player = s.integer(0);
    out.username = s.text(1);
  }
  set_password_hash(db, out.account, hash);
  db.prepare("DELETE FROM sessions WHERE account = ?").bind(1, out.account).run();
  audit.actor = out.account;
  audit.target = out.username;
  audit.at = now;
  insert_audit(db, audit);
  return out;
}

std::vector<ResetTarget> reset_targets(Connection& db, const std::string& login) {
  std::vector<ResetTarget> out;
  bool by_address = login.find('@') != std::string::npos;
  Statement s = db.prepare(
      std::string("SELECT a.id, a.username, m.address FROM accounts a JOIN account_mail m ON m.account = a.id "
                  "WHERE m.address <> '' AND ") +
      (by_address ? "m.address_key = ?" : "a.username_key = ?") + " ORDER BY a.id LIMIT ?");
  s.bind(1, lower(login)).bind(2, std::int64_t{kMaxResetTargets});
  while (s.step()) out.push_back({s.integer(0), s.text(1), s.text(2)});
  return out;
}

std::vector<OutboxMail> claim_mail(Connection& db, std::int64_t now, int limit) {
  db.prepare("DELETE FROM outbox WHERE state IN ('sent', 'failed') AND created_at < ?").bind(1, now - kOutboxKeepMs).run();
  std::vector<OutboxMail> out;
  {
    Statement s = db.prepare(
        "SELECT id, recipient, kind, subject, text_body, html_body, list_unsubscribe, attempts FROM outbox "
        "WHERE state = 'queued' AND next_attempt <= ? ORDER BY next_attempt, id LIMIT ?");
    s.bind(1, now).bind(2, std::int64_t{limit});
    while (s.step())
      out.push_back(
          {s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), s.text(6), static_cast<int>(s.integer(7)) + 1});
  }
  for (const OutboxMail& m : out)
    db.prepare("UPDATE outbox SET state = 'sending', attempts = attempts + 1 WHERE id = ?").bind(1, m.id).run();
  return out;
}

void finish_mail(Connection& db, const MailResult& r) {
  if (r.kind == MailResult::kRetry) {
    db.prepare("UPDATE outbox SET state = 'queued', next_attempt = ?, last_error = ? WHERE id = ? AND state = 'sending'")
        .bind(1, r.retry_at)
        .bind(2, r.error)
        .bind(3, r.id)
        .run();
    return;
  }
  // Out of the queue: the bodies (which may hold a one-time link) go.
  db.prepare(
        "UPDATE outbox SET state = ?, last_error = ?, text_body = '', html_body = '', list_unsubscribe = '' WHERE id = ? AND state = 'sending'")
      .bind(1, r.kind == MailResult::kSent ? "sent" : "failed")
      .bind(2, r.error)
      .bind(3, r.id)
      .run();
}

std::int64_t abandon_claimed(Connection& db) {
  // What waits for a retry is tried at once by a server that starts (its
  // operator may have just fixed what made it fail).
  db.prepare("UPDATE outbox SET next_attempt = 0 WHERE state = 'queued'").run();
  db.prepare(
        "UPDATE outbox SET state = 'failed', text_body = '', html_body = '', list_unsubscribe = '', "
        "last_error = 'interrupted while sending: not sent again' WHERE state = 'sending'")
      .run();
  return db.changes();
}

std::optional<std::int64_t> next_mail_due(Connection& db) {
  Statement s = db.prepare("SELECT min(next_attempt) FROM outbox WHERE state = 'queued'");
  if (!s.step()) return std::nullopt;
  return s.optional_integer(0);
}

bool unsubscribe(Connection& db, const std::string& token) {
  std::int64_t account = 0;
  std::string kind;
  {
    Statement s = db.prepare("SELECT account, kind FROM outbox WHERE unsubscribe_hash = ? AND account IS NOT NULL");
    s.bind(1, sha256_hex(token));
    if (!s.step()) return false;
    account = s.integer(0);
    kind = s.text(1);
  }
  const char* column = switch_column(kind);
  if (!column) return true;  // nothing to switch off: a mail that was asked for
  ensure_mail_row(db, account);
  db.prepare(std::string("UPDATE account_mail SET ") + column + " = 0 WHERE account = ?").bind(1, account).run();
  return true;
}

}  // namespace arena::sql
