#pragma once
// Accounts, their sessions, the audit log, profiles, and the players (guests
// and the identities accounts own) in the store: the ports the store
// implements. The rules every port keeps: domain/store_basics.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/audit_entry.hpp"
#include "domain/store_basics.hpp"
#include "game/room_records.hpp"
#include "protocol/account_types.hpp"
#include "rating/rating_book.hpp"

namespace arena {

struct BotPlayer {
  int level = 0;
  std::int64_t player = 0;
  std::string name;
};

// A computer player's provisional rating in a perf (#47: bot/levels.hpp's, from the match table).
struct BotRatingSeed {
  std::int64_t player = 0;
  std::string perf;
  double rating = 0;
};

struct PlayerRecord {
  std::int64_t id = 0;
  std::string token;  // the secret as the player holds it; stored only as a digest
  std::string name;
};

struct AccountRecord {
  std::int64_t id = 0;
  std::int64_t player = 0;    // its row in players: the identity in rooms and events
  std::string username;
  std::string password_hash;  // Argon2id (crypto_pwhash_str); filled only by find_account
  protocol::Role role = protocol::Role::Player;
  std::int64_t created_at = 0;
  std::int64_t banned_until = 0;  // ms since the epoch; 0: never banned
  std::string ban_reason;
  std::int64_t muted_until = 0;
  std::string mute_reason;
  std::int64_t closed_at = 0;  // its owner closed it (ms since the epoch); 0: open
  bool bot = false;            // a bot account (#45): plays challenges through the bot API
};

struct NewAccount {
  std::string username;
  std::string password_hash;
  protocol::Role role = protocol::Role::Player;
  std::string guest_token;      // a guest's token: the account takes their player over; empty: a new player
  std::string session_token;    // a first session; empty: none (the command line)
  std::int64_t session_expires = 0;
  std::optional<AuditEntry> audit;
};

struct CreatedAccount {
  bool taken = false;  // the username is someone's already (ignoring case): nothing was written
  AccountRecord account;
};

// A moderation command on an account, stored with its audit entry.
struct AccountChange {
  std::int64_t account = 0;
  std::optional<protocol::Role> role;
  std::optional<std::int64_t> banned_until;  // with ban_reason
  std::string ban_reason;
  std::optional<std::int64_t> muted_until;   // with mute_reason
  std::string mute_reason;
  bool end_sessions = false;  // a ban logs the account out everywhere
  AuditEntry audit;
};

struct AccountQuery {
  std::string prefix;  // of the username, ignoring case; empty: all
  int page = 1;
  int per_page = 50;
};

struct AccountPage {
  std::vector<AccountRecord> accounts;  // by username
  std::int64_t total = 0;
};

struct AuditRecord {
  std::int64_t id = 0;
  AuditEntry entry;
  std::string actor_name;  // the actor's username, if any
};

struct AuditPage {
  std::vector<AuditRecord> entries;  // newest first
  std::int64_t total = 0;
};



struct Profile {
  AccountRecord account;
  std::int64_t games_played = 0;  // finished games
  std::vector<RoomRecord> recent;  // the newest finished ones
  std::vector<PerfRating> ratings;  // the perfs with a rated game
};

// A player's finished public games, newest first, a page at a time (#43):
// GET /api/players/NAME/games. Every filter "" is any.
struct GameHistoryQuery {
  std::string username;  // whose games (ignoring case)
  std::string game;      // gipf, yinsh
  std::string variant;   // as in the game's options
  std::string result;    // won, lost, drawn: from the player's side
  std::string opponent;  // the other seat's name, ignoring case
  std::string speed;     // protocol::speed_of: blitz, rapid, classical, correspondence, untimed (#46)
  std::string rated;     // "true", "false" (#46)
  int page = 1;          // from 1
  int per_page = 20;     // 1..100
};

struct GameHistory {
  std::vector<RoomRecord> games;
  std::int64_t total = 0;
};

// The bounds the account tables keep.
inline constexpr int kMaxSessionsPerAccount = 20;
inline constexpr std::int64_t kMaxAuditEntries = 1000000;

class AccountStore {
 public:
  virtual ~AccountStore() = default;
  // The account (and its player, and its first session) in one transaction;
  // `taken` when the username is not free.
  virtual void create_account(NewAccount account, StoreExecutor ex, StoreReply<CreatedAccount> reply) = 0;
  // By username, ignoring case; with its password hash.
  virtual void find_account(std::string username, StoreExecutor ex, StoreReply<std::optional<AccountRecord>> reply) = 0;
  // The account whose session cookie is `token`, if the session has not expired at `now`.
  virtual void session_account(std::string token, std::int64_t now, StoreExecutor ex,
                               StoreReply<std::optional<AccountRecord>> reply) = 0;
  // A new session; the account's oldest beyond kMaxSessionsPerAccount, and
  // every expired session, are deleted with it.
  virtual void create_session(std::int64_t account, std::string token, std::int64_t now, std::int64_t expires_at,
                              StoreExecutor ex, StoreDone done) = 0;
  virtual void delete_session(std::string token, StoreExecutor ex, StoreDone done) = 0;
  virtual void set_password_hash(std::int64_t account, std::string hash, StoreExecutor ex, StoreDone done) = 0;
  // A password its owner changed (#43): the hash set, every session of the
  // account but `keep` (the cookie it was changed from) deleted, and `audit`
  // written, in one transaction.
  virtual void change_password(std::int64_t account, std::string hash, std::string keep, AuditEntry audit, StoreExecutor ex,
                               StoreDone done) = 0;
  // An account its owner closed (#43), in one transaction: closed_at set,
  // every session deleted, its address and live mail links gone, out of every
  // ladder and event (as a ban), `audit` written. Its name stays taken.
  virtual void close_account(std::int64_t account, std::int64_t now, AuditEntry audit, StoreExecutor ex, StoreDone done) = 0;
  // Applies the change and writes its audit entry; the account after it.
  virtual void change_account(AccountChange change, StoreExecutor ex, StoreReply<AccountRecord> reply) = 0;
  virtual void list_accounts(AccountQuery query, StoreExecutor ex, StoreReply<AccountPage> reply) = 0;
  virtual void audit_log(int page, int per_page, StoreExecutor ex, StoreReply<AuditPage> reply) = 0;
  // The public profile of `username` (ignoring case) with its `recent` newest finished games.
  virtual void profile(std::string username, int recent, StoreExecutor ex, StoreReply<std::optional<Profile>> reply) = 0;
  // The page of a player's games the query asks for; none: no such account.
  virtual void game_history(GameHistoryQuery query, StoreExecutor ex, StoreReply<std::optional<GameHistory>> reply) = 0;
  // The player's open and live rooms.
  virtual void unfinished_rooms_of(std::int64_t player, StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) = 0;
};

// Players: guests (a token) and the identities accounts own.
class IdentityStore {
 public:
  virtual ~IdentityStore() = default;
  // A new player; an empty name becomes "Guest <id>" in the same transaction.
  virtual void create_player(std::string token, std::string name, StoreExecutor ex, StoreReply<PlayerRecord> reply) = 0;
  // The player holding `token`; an empty optional if there is none.
  virtual void find_player(std::string token, StoreExecutor ex, StoreReply<std::optional<PlayerRecord>> reply) = 0;
  virtual void rename_player(std::int64_t id, std::string name, StoreExecutor ex, StoreDone done) = 0;
  // The computer players (migrations/008_bots.sql), by level; nobody holds their token.
  virtual void bot_players(StoreExecutor ex, StoreReply<std::vector<BotPlayer>> reply) = 0;
  // Each seed's rating (RD and volatility a new player's, no game) where its player
  // has none in that perf yet: rated games played since keep theirs.
  virtual void seed_bot_ratings(std::vector<BotRatingSeed> seeds, StoreExecutor ex, StoreDone done) = 0;
};

}  // namespace arena
