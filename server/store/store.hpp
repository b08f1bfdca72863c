#pragma once
// Where players, accounts, rooms and every accepted event are kept, as four
// small asynchronous interfaces. The server talks only to these: another database
// (PostgreSQL) is a second implementation of them and nothing
// else. Rules every implementation keeps:
//  - Every call returns at once; its completion runs later, posted to the
//    executor the caller passed (never inline, never on the store's threads).
//  - A write's completion reports success only once the write is durable (on
//    disk, or acknowledged by the database after its commit). A failed write
//    changed nothing.
//  - Writes of one room are applied in the order they were called.
//  - Reads never wait behind writes in progress (SQLite: a separate reading
//    connection in WAL mode), and see every write whose completion has run.
//  - Errors are reported, never thrown, as a one-line text for the log.
#include <boost/asio/any_io_executor.hpp>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/color.hpp"
#include "engine/game_options.hpp"
#include "protocol/account_types.hpp"
#include "protocol/room_types.hpp"
#include "protocol/time_control.hpp"
#include "game/room_records.hpp"
#include "rating/glicko2.hpp"
#include "competition/competition_store.hpp"
#include "mail/mail_store.hpp"
#include "domain/store_basics.hpp"
#include "account/trust_store.hpp"

namespace arena {

struct BotPlayer {
  int level = 0;
  std::int64_t player = 0;
  std::string name;
};

struct PlayerRecord {
  std::int64_t id = 0;
  std::string token;  // the secret as the player holds it; stored only as a digest
  std::string name;
};

struct RoomQuery {
  std::optional<protocol::RoomStatus> status;  // none: any
  int page = 1;                                // from 1
  int per_page = 20;
};

struct RoomPage {
  std::vector<RoomRecord> rooms;  // public rooms only, newest first
  std::int64_t total = 0;         // public rooms matching the query
};

// ---- accounts -------------------------------------------------------------

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

struct PerfRating {
  std::string perf;
  Rating rating;  // as stored: apply at(now) to show it
};

struct Profile {
  AccountRecord account;
  std::int64_t games_played = 0;  // finished games
  std::vector<RoomRecord> recent;  // the newest finished ones
  std::vector<PerfRating> ratings;  // the perfs with a rated game
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
  // Applies the change and writes its audit entry; the account after it.
  virtual void change_account(AccountChange change, StoreExecutor ex, StoreReply<AccountRecord> reply) = 0;
  virtual void list_accounts(AccountQuery query, StoreExecutor ex, StoreReply<AccountPage> reply) = 0;
  virtual void audit_log(int page, int per_page, StoreExecutor ex, StoreReply<AuditPage> reply) = 0;
  // The public profile of `username` (ignoring case) with its `recent` newest finished games.
  virtual void profile(std::string username, int recent, StoreExecutor ex, StoreReply<std::optional<Profile>> reply) = 0;
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
};

// The rooms' events: what replays a game. Group commit: writes waiting at the
// same time may share one transaction, each reported durable after it.
class GameLog {
 public:
  virtual ~GameLog() = default;
  // The room's row and its first event, in one transaction.
  virtual void open_room(RoomRecord room, EventRecord first, StoreExecutor ex, StoreReply<EventWritten> reply) = 0;
  // The event and the row's change (a rating change with it), in one transaction.
  virtual void append(std::string room, EventRecord event, RoomChange change, StoreExecutor ex,
                      StoreReply<EventWritten> reply) = 0;
  // The same, for callers that need only to know it is durable.
  void create_room(RoomRecord room, EventRecord first, StoreExecutor ex, StoreDone done) {
    open_room(std::move(room), std::move(first), std::move(ex), [done = std::move(done)](Stored<EventWritten> r) { done(r.error); });
  }
  void append_event(std::string room, EventRecord event, RoomChange change, StoreExecutor ex, StoreDone done) {
    append(std::move(room), std::move(event), std::move(change), std::move(ex),
           [done = std::move(done)](Stored<EventWritten> r) { done(r.error); });
  }
  // Every event of the room, in order.
  virtual void events(std::string room, StoreExecutor ex, StoreReply<std::vector<EventRecord>> reply) = 0;
  // A chat message (seq the room's next); in order with the room's other writes.
  virtual void append_chat(std::string room, ChatRecord message, StoreExecutor ex, StoreDone done) = 0;
  // Marks the message deleted and writes the audit entry, in one transaction;
  // a message that does not exist is an error ("no chat message N").
  virtual void delete_chat(std::string room, std::int64_t seq, AuditEntry audit, StoreExecutor ex, StoreDone done) = 0;
  // Every chat message of the room, in order, the deleted ones marked.
  virtual void chat(std::string room, StoreExecutor ex, StoreReply<std::vector<ChatRecord>> reply) = 0;
};

// Finding rooms.
class GameIndex {
 public:
  virtual ~GameIndex() = default;
  virtual void find_room(std::string id, StoreExecutor ex, StoreReply<std::optional<RoomRecord>> reply) = 0;
  virtual void list_rooms(RoomQuery query, StoreExecutor ex, StoreReply<RoomPage> reply) = 0;
  // Open and live rooms, oldest first: what a restarting server loads.
  virtual void unfinished_rooms(StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) = 0;
};

// ---- ratings ----------------------------------------------------------------

// A player's rating after one rated game.
struct RatingPoint {
  std::string game;  // the room
  std::int64_t at = 0;
  double rating = 0, rd = 0;
};

struct RatingHistoryRecord {
  std::string username;             // as the account spells it
  std::vector<RatingPoint> points;  // oldest first
};

struct LeaderboardRow {
  std::string username;
  Rating rating;  // as of the query's `now`
};

struct LeaderboardPage {
  std::vector<LeaderboardRow> players;  // best rating first
  std::int64_t total = 0;
};

inline constexpr int kMaxRatingHistory = 1000;  // points one history answer holds: the newest
inline constexpr double kLeaderboardRd = 80.0;  // on the leaderboard: RD as of now below this

// Reading ratings (they are written with the events that end rated games: GameLog).
class RatingBook {
 public:
  virtual ~RatingBook() = default;
  // The account's points in `perf`, oldest first (the newest kMaxRatingHistory);
  // none: no such account.
  virtual void rating_history(std::string username, std::string perf, StoreExecutor ex,
                              StoreReply<std::optional<RatingHistoryRecord>> reply) = 0;
  // Accounts whose RD as of `now` is below kLeaderboardRd in `perf`, best first.
  virtual void leaderboard(std::string perf, std::int64_t now, int page, int per_page, StoreExecutor ex,
                           StoreReply<LeaderboardPage> reply) = 0;
};

// ---- room ownership (#30) -----------------------------------------------------

// A node's lease on a room: while it lasts, only `owner` serves the room.
struct RoomLease {
  std::string room;
  std::string owner;            // the node's id
  std::int64_t epoch = 0;       // one more each time the room changes hands
  std::int64_t expires_at = 0;  // by the database's clock, ms since the epoch
};

struct LeaseClaim {
  bool granted = false;  // the room is the claiming node's now
  RoomLease lease;       // the lease after the claim: the claimer's, or the holder's
  // A granted claim of a room some node held before: that node's last
  // heartbeat (node_alive), read in the claim's transaction; none if it has none.
  std::optional<std::int64_t> holder_alive_at;
};

// Which node owns which live room, kept in the database: every node sees the
// same answer, and the epoch fences an old owner's writes (RoomChange::fence).
class RoomLeases {
 public:
  virtual ~RoomLeases() = default;
  // Takes `room` for `node` for `lease_ms` of the database's clock, unless
  // another node's lease has not expired. The holder's claim renews its lease
  // (same epoch); a claim of a free, expired or released lease takes the next epoch.
  virtual void claim_room(std::string room, std::string node, std::int64_t lease_ms, StoreExecutor ex,
                          StoreReply<LeaseClaim> reply) = 0;
  // Renews every lease `node` holds (expired ones too, if nobody took them);
  // answers them: a room the node serves that is not among them was taken
  // over while the node was cut off or paused (#31), and must leave its memory.
  virtual void renew_leases(std::string node, std::int64_t lease_ms, StoreExecutor ex,
                            StoreReply<std::vector<RoomLease>> reply) = 0;
  // Gives the room up if `node` holds it at `epoch`: it expires at once (the
  // row and its epoch stay, so the next claim takes a greater one).
  virtual void release_room(std::string room, std::string node, std::int64_t epoch, StoreExecutor ex, StoreDone done) = 0;
  // The room's lease, expired or not; none if no node ever claimed it.
  virtual void room_lease(std::string room, StoreExecutor ex, StoreReply<std::optional<RoomLease>> reply) = 0;
  // At most `limit` unfinished rooms (open or live) whose lease lapsed or was
  // given up, oldest first: their node died or drained (#31), another takes
  // them. A room never claimed is not one (its creator's claim is under way).
  virtual void orphaned_rooms(std::int64_t limit, StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) = 0;
  // A server's heartbeat (#31): `node` (a node's id, or the one server's
  // "single") was alive at `at` (its own clock, ms). Rooms it served are
  // credited the time after its last heartbeat when they resume elsewhere or
  // after a restart. Heartbeats of other nodes older than `forget_before`,
  // holding no lease, are deleted (node ids of past runs: the table stays
  // small); 0 deletes nothing.
  virtual void node_alive(std::string node, std::int64_t at, std::int64_t forget_before, StoreExecutor ex, StoreDone done) = 0;
  // `node`'s last heartbeat; none if it never wrote one.
  virtual void node_alive_at(std::string node, StoreExecutor ex, StoreReply<std::optional<std::int64_t>> reply) = 0;
};

// One database behind all nine.
class Store : public IdentityStore,
              public AccountStore,
              public GameLog,
              public GameIndex,
              public RatingBook,
              public CompetitionStore,
              public RoomLeases,
              public TrustStore,
              public MailStore,
              public NoticeStore {
 public:
  // Completes every write accepted so far and refuses later ones ("the server
  // is stopping"); their completions are still posted. Idempotent.
  virtual void flush() = 0;
};

}  // namespace arena
