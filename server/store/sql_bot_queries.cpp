// The bot and board API (#45): bots/bot_store.hpp, on SQLite and PostgreSQL.
#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"         // parse_time_control
#include "protocol/name_skeleton.hpp"    // account_kind
#include "protocol/server_messages.hpp"  // clock_json
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {
namespace {

std::string joined_scopes(unsigned scopes) {
  std::string out;
  for (const auto& name : scope_names(scopes)) out += (out.empty() ? "" : " ") + name;
  return out;
}

unsigned read_scopes(const std::string& text) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) names.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  auto scopes = parse_scopes(names);
  if (!scopes) throw SqlError("unknown scope in '" + text + "' in the database");
  return *scopes;
}

const char* const kTokenColumns = "t.id, t.account, t.name, t.scopes, t.created_at";
const std::string kSelectTokens = std::string("SELECT ") + kTokenColumns + " FROM api_tokens t ";

ApiToken read_token(const Statement& s, int first) {
  ApiToken t;
  t.id = s.text(first);
  t.account = s.integer(first + 1);
  t.name = s.text(first + 2);
  t.scopes = read_scopes(s.text(first + 3));
  t.created_at = s.integer(first + 4);
  return t;
}

PlayerChallenge::Status parse_challenge_status(const std::string& text) {
  for (auto status : {PlayerChallenge::Status::Created, PlayerChallenge::Status::Accepted, PlayerChallenge::Status::Declined, PlayerChallenge::Status::Canceled})
    if (challenge_status_name(status) == text) return status;
  throw SqlError("unknown challenge status '" + text + "' in the database");
}

const char* const kSelectChallenges =
    "SELECT c.id, c.challenger, c.destination, f.username, d.username, f.player, d.player, f.bot, d.bot, c.game, c.variant, "
    "c.white_extra, c.black_extra, c.clock, c.color, c.rated, c.status, c.reason, c.room, c.created_at, c.expires_at, f.role "
    "FROM challenges c JOIN accounts f ON f.id = c.challenger JOIN accounts d ON d.id = c.destination ";

PlayerChallenge read_challenge(const Statement& s) {
  PlayerChallenge c;
  c.id = s.text(0);
  c.challenger = s.integer(1);
  c.destination = s.integer(2);
  c.challenger_name = s.text(3);
  c.destination_name = s.text(4);
  c.challenger_player = s.integer(5);
  c.destination_player = s.integer(6);
  c.challenger_bot = s.integer(7) != 0;
  c.destination_bot = s.integer(8) != 0;
  c.options = {s.text(9), s.text(10), static_cast<int>(s.integer(11)), static_cast<int>(s.integer(12))};
  auto clock_text = nlohmann::json::parse(s.text(13), nullptr, false);
  if (!clock_text.is_null()) {  // null: untimed
    auto clock = protocol::parse_time_control(clock_text);
    if (auto* problem = std::get_if<std::string>(&clock)) throw SqlError("a challenge's clock in the database: " + *problem);
    c.clock = std::get<protocol::TimeControl>(clock);
  }
  c.color = s.text(14);
  c.rated = s.integer(15) != 0;
  c.status = parse_challenge_status(s.text(16));
  c.reason = s.text(17);
  c.room = s.text(18);
  c.created_at = s.integer(19);
  c.expires_at = s.integer(20);
  auto role = protocol::parse_role(s.text(21));
  if (!role) throw SqlError("unknown role '" + s.text(21) + "' in the database");
  c.challenger_kind = protocol::account_kind(*role, c.challenger_bot);
  return c;
}

std::vector<PlayerChallenge> read_challenges(Statement& s) {
  std::vector<PlayerChallenge> out;
  while (s.step()) out.push_back(read_challenge(s));
  return out;
}

}  // namespace

Outcome<ApiToken> create_token(Connection& db, const ApiToken& t, const std::string& token_hash) {
  Statement count = db.prepare("SELECT COUNT(*) FROM api_tokens WHERE account = ?");
  count.bind(1, t.account);
  count.step();
  if (count.integer(0) >= kMaxTokensPerAccount)
    return Outcome<ApiToken>::refused("too_many_tokens", "an account holds at most " + std::to_string(kMaxTokensPerAccount) +
                                                             " tokens: revoke one first");
  db.prepare("INSERT INTO api_tokens (id, account, name, token_hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(1, t.id)
      .bind(2, t.account)
      .bind(3, t.name)
      .bind(4, token_hash)
      .bind(5, joined_scopes(t.scopes))
      .bind(6, t.created_at)
      .run();
  return {t, {}, {}};
}

std::vector<ApiToken> tokens_of(Connection& db, std::int64_t account) {
  Statement s = db.prepare(kSelectTokens + "WHERE t.account = ? ORDER BY t.created_at, t.id");
  s.bind(1, account);
  std::vector<ApiToken> out;
  while (s.step()) out.push_back(read_token(s, 0));
  return out;
}

bool revoke_token(Connection& db, std::int64_t account, const std::string& id) {
  db.prepare("DELETE FROM api_tokens WHERE account = ? AND id = ?").bind(1, account).bind(2, id).run();
  return db.changes() == 1;
}

std::optional<TokenHolder> token_holder(Connection& db, const std::string& token_hash) {
  // Every request with a token asks this: one query for the account and its token.
  Statement s = db.prepare(std::string("SELECT ") + kAccountColumns + ", " + kTokenColumns +
                           " FROM accounts a JOIN api_tokens t ON t.account = a.id WHERE t.token_hash = ?");
  s.bind(1, token_hash);
  if (!s.step()) return std::nullopt;
  return TokenHolder{read_account(s, false), read_token(s, kAccountColumnCount)};
}

Outcome<AccountRecord> make_bot(Connection& db, std::int64_t account, const AuditEntry& audit) {
  Statement s = db.prepare(std::string(kSelectAccounts) + "WHERE a.id = ?");
  s.bind(1, account);
  if (!s.step()) throw SqlError("no account " + std::to_string(account));
  AccountRecord a = read_account(s, false);
  if (a.bot) return Outcome<AccountRecord>::refused("already_bot", "this account is a bot already");
  Statement played = db.prepare("SELECT 1 FROM rooms WHERE white = ? OR black = ? LIMIT 1");
  played.bind(1, a.player).bind(2, a.player);
  if (played.step())
    return Outcome<AccountRecord>::refused("has_played", "only an account that has never played may become a bot");
  db.prepare("UPDATE accounts SET bot = 1 WHERE id = ?").bind(1, account).run();
  insert_audit(db, audit);
  a.bot = true;
  return {a, {}, {}};
}

Outcome<PlayerChallenge> create_player_challenge(Connection& db, const PlayerChallenge& c) {
  Statement count = db.prepare("SELECT COUNT(*) FROM challenges WHERE challenger = ? AND status = 'created'");
  count.bind(1, c.challenger);
  count.step();
  if (count.integer(0) >= kMaxOpenChallenges)
    return Outcome<PlayerChallenge>::refused("too_many_challenges", "at most " + std::to_string(kMaxOpenChallenges) +
                                                                  " open challenges: cancel one first");
  Statement same = db.prepare("SELECT 1 FROM challenges WHERE challenger = ? AND destination = ? AND status = 'created'");
  same.bind(1, c.challenger).bind(2, c.destination);
  if (same.step()) return Outcome<PlayerChallenge>::refused("already_challenged", "you have an open challenge to this player already");
  db.prepare(
        "INSERT INTO challenges (id, challenger, destination, game, variant, white_extra, black_extra, clock, color, rated, "
        "status, reason, room, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'created', '', '', ?, ?)")
      .bind(1, c.id)
      .bind(2, c.challenger)
      .bind(3, c.destination)
      .bind(4, c.options.game)
      .bind(5, c.options.variant)
      .bind(6, std::int64_t{c.options.white_extra})
      .bind(7, std::int64_t{c.options.black_extra})
      .bind(8, protocol::clock_json(c.clock).dump())
      .bind(9, c.color)
      .bind(10, std::int64_t{c.rated ? 1 : 0})
      .bind(11, c.created_at)
      .bind(12, c.expires_at)
      .run();
  auto stored = find_player_challenge(db, c.id);
  if (!stored) throw SqlError("the challenge just stored is missing");
  return {*stored, {}, {}};
}

std::optional<PlayerChallenge> find_player_challenge(Connection& db, const std::string& id) {
  Statement s = db.prepare(std::string(kSelectChallenges) + "WHERE c.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_challenge(s);
}

std::vector<PlayerChallenge> player_challenges_of(Connection& db, std::int64_t account) {
  Statement s = db.prepare(std::string(kSelectChallenges) +
                           "WHERE c.status = 'created' AND (c.challenger = ? OR c.destination = ?) ORDER BY c.created_at, c.id");
  s.bind(1, account).bind(2, account);
  return read_challenges(s);
}

Outcome<PlayerChallenge> answer_player_challenge(Connection& db, const std::string& id, PlayerChallenge::Status from,
                                                 PlayerChallenge::Status to, const std::string& reason, const std::string& room,
                                                 std::int64_t now) {
  if (from == PlayerChallenge::Status::Created) {
    // Answered only while it stands: not once its time is past (the sweep may not have come yet).
    db.prepare("UPDATE challenges SET status = ?, reason = ?, room = ?, expires_at = ? "
               "WHERE id = ? AND status = 'created' AND expires_at > ?")
        .bind(1, challenge_status_name(to))
        .bind(2, reason)
        .bind(3, room)
        .bind(4, now)
        .bind(5, id)
        .bind(6, now)
        .run();
  } else {
    db.prepare("UPDATE challenges SET status = ?, reason = ?, room = ? WHERE id = ? AND status = ? AND room = ''")
        .bind(1, challenge_status_name(to))
        .bind(2, reason)
        .bind(3, room)
        .bind(4, id)
        .bind(5, challenge_status_name(from))
        .run();
  }
  if (db.changes() != 1) return Outcome<PlayerChallenge>::refused("not_open", "the challenge was answered, canceled or has expired");
  auto stored = find_player_challenge(db, id);
  if (!stored) throw SqlError("the challenge just answered is missing");
  return {*stored, {}, {}};
}

std::vector<PlayerChallenge> expire_player_challenges(Connection& db, std::int64_t now) {
  Statement s = db.prepare(std::string(kSelectChallenges) + "WHERE c.status = 'created' AND c.expires_at <= ? ORDER BY c.id LIMIT 500");
  s.bind(1, now);
  std::vector<PlayerChallenge> expired = read_challenges(s);
  for (PlayerChallenge& c : expired) {
    db.prepare("UPDATE challenges SET status = 'canceled', reason = 'expired' WHERE id = ? AND status = 'created'").bind(1, c.id).run();
    if (db.changes() != 1) c.id.clear();  // another node expired it first
    c.status = PlayerChallenge::Status::Canceled;
    c.reason = "expired";
  }
  std::erase_if(expired, [](const PlayerChallenge& c) { return c.id.empty(); });
  db.prepare("DELETE FROM challenges WHERE status IN ('accepted', 'declined', 'canceled') AND expires_at < ?")
      .bind(1, now - kKeptAnsweredMs)
      .run();
  return expired;
}

void extend_player_challenges(Connection& db, const std::vector<std::string>& ids, std::int64_t until) {
  for (const auto& id : ids)
    db.prepare("UPDATE challenges SET expires_at = ? WHERE id = ? AND status = 'created' AND expires_at < ?")
        .bind(1, until)
        .bind(2, id)
        .bind(3, until)
        .run();
}

}  // namespace arena::sql
