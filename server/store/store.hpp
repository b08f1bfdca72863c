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
#include "rating/glicko2.hpp"
#include "store/competition_store.hpp"
#include "store/store_basics.hpp"
#include "store/trust_store.hpp"

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

// A rated game's consequence: both players' ratings in its perf before (as of
// the game's end, inactivity applied) and after it. Indexed by colour.
struct RatingChange {
  std::string perf;
  std::array<std::int64_t, 2> players{0, 0};
  std::array<Rating, 2> before, after;
};

struct RoomRecord {
  std::string id;
  engine::GameOptions options;
  protocol::TimeControl clock;  // untimed by default
  bool is_private = false;
  std::optional<std::int64_t> white;  // player ids of the seats
  std::optional<std::int64_t> black;
  std::string white_name;  // the seated players' current names (filled when read)
  std::string black_name;
  protocol::RoomStatus status = protocol::RoomStatus::Open;
  std::string result;  // 1-0 0-1 1/2-1/2 once finished, else empty
  std::string reason;  // why it finished (the engine's words), else empty
  std::int64_t plies = 0;
  std::int64_t created_at = 0;  // ms since the epoch
  std::int64_t finished_at = 0;  // 0 while open or live
  bool rated = false;            // a finished game changes its players' ratings (#13)
  bool competition = false;      // a ladder or event game (#14): players may not abort it
  std::int64_t start_by = 0;     // a competition game with a live clock must start by then (0: no deadline)
  // The seated accounts' ratings in the room's perf, as stored when read (or
  // as of sitting down, in a room in memory); none for a guest or a free seat.
  std::optional<Rating> white_rating, black_rating;
  std::optional<RatingChange> rating_change;  // a rated game's, once finished (filled by find_room)
  std::string white_kind;  // the seats' PlayerInfo::kind (filled when read, or on sitting down; "" unknown)
  std::string black_kind;
};

// One accepted event of a room, numbered from 1 without gaps.
struct EventRecord {
  std::int64_t seq = 0;
  protocol::EventKind kind = protocol::EventKind::Created;
  std::optional<std::int64_t> player;  // who acted; none when the server did (an expired room)
  std::optional<engine::Color> color;  // the seat concerned (the actor's, or the one taken)
  std::string action;                  // the notation, for kind Action; the result token, for Adjudicated
  std::int64_t at = 0;                 // ms since the epoch
  std::string note;                    // a moderator's reason (Aborted, Adjudicated); "banned"; "no_first_action"
  std::int64_t lag_ms = 0;             // an action's measured network lag (clocks credit part of it back)
};

// One chat message of a room, numbered per room from 1 without gaps (apart
// from the events' numbers).
struct ChatRecord {
  std::int64_t seq = 0;
  protocol::ChatChannel channel = protocol::ChatChannel::Players;
  std::int64_t player = 0;  // the writer
  std::string name;         // the writer's name when they wrote
  std::string text;
  std::int64_t at = 0;      // ms since the epoch
  bool deleted = false;     // a moderator deleted it: kept, never shown
  std::string kind;         // the writer's PlayerInfo::kind (not stored with the line: read from accounts)
};

// What an event changes in its room's row, written in the same transaction as
// the event. Consequences that must be atomic with a game (a rating change
// when it ends) join this struct, so that every backend writes them together.
struct RoomChange {
  std::optional<std::int64_t> white;  // a seat taken
  std::optional<std::int64_t> black;
  std::optional<protocol::RoomStatus> status;  // finished_at is set with Finished or Cancelled
  std::string result;  // with Finished
  std::string reason;
  std::optional<std::int64_t> plies;
  std::optional<AuditEntry> audit;  // a moderator's command, stored with its event
  // A rated game ends with this event: the store rates it in the same
  // transaction, from both players' ratings as stored at that moment (so two
  // games of one player ending at once in two rooms are rated one after the other).
  struct Rate {
    std::string perf;
    std::int64_t white = 0, black = 0;  // player ids (accounts')
    double white_score = 0;             // glicko2::kWin, kDraw or kLoss
  };
  std::optional<Rate> rate;
};

// What writing a room's event found or did besides storing it.
struct EventWritten {
  std::optional<Rating> seated;       // a seat taken by an account: its rating in the room's perf, as stored
  std::optional<RatingChange> rated;  // the event ended a rated game: the change written with it
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

// One database behind all seven.
class Store : public IdentityStore,
              public AccountStore,
              public GameLog,
              public GameIndex,
              public RatingBook,
              public CompetitionStore,
              public TrustStore {
 public:
  // Completes every write accepted so far and refuses later ones ("the server
  // is stopping"); their completions are still posted. Idempotent.
  virtual void flush() = 0;
};

// Milliseconds since the epoch: the timestamps of rooms and events.
std::int64_t now_ms();

}  // namespace arena
