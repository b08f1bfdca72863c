#pragma once
// The SQL of each store operation, run synchronously on a given connection:
// the writes on the writer's connection (inside its transaction), the reads on
// the reader's. Failures throw SqlError.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "competition/dutch_pairing.hpp"
#include "store.hpp"

namespace arena {

class Connection;
class Statement;

namespace sql {

// Rooms with their players' names: kSelectRooms + "WHERE ...", read by read_room(s).
extern const std::string kSelectRooms;
RoomRecord read_room(const Statement& s);
// A rating from the columns rating, rd, volatility, games, last_game_at from
// `column` on; the initial one when last_game_at is NULL (no row joined).
Rating read_rating(const Statement& s, int column);
std::optional<Rating> player_rating(Connection& db, std::int64_t player, const std::string& perf);
// A seat's rating from kSelectRooms's columns from `column` on (is an account,
// rating, rd, volatility, games, last game): none for a guest or nobody.
std::optional<Rating> read_seat_rating(const Statement& s, int column);
std::vector<RoomRecord> read_rooms(Statement& s);
// A time control from four columns from `column` on (kind, initial, increment,
// days), as rooms, ladders and tournaments store it; and binding one.
protocol::TimeControl read_clock(const Statement& s, int column);
Statement& bind_clock(Statement& s, int first, const protocol::TimeControl& c);
// A page of a listing as LIMIT and OFFSET: per_page clamped to 1..100, page to 1..
struct PageWindow {
  std::int64_t limit, offset;
};
PageWindow page_window(int page, int per_page);
// Appends to the audit log, dropping the oldest beyond kMaxAuditEntries.
void insert_audit(Connection& db, const AuditEntry& entry);

// The record as stored: an empty name became "Guest <id>".
PlayerRecord insert_player(Connection& db, const std::string& token, const std::string& name, std::int64_t now);
void rename_player(Connection& db, std::int64_t id, const std::string& name);
// The creator's rating when an account (see append_event).
EventWritten insert_room(Connection& db, const RoomRecord& room, const EventRecord& first);
// The seated account's rating (a seat taken), the rating change (a rated game ended).
EventWritten append_event(Connection& db, const std::string& room, const EventRecord& event, const RoomChange& change);

std::optional<PlayerRecord> find_player(Connection& db, const std::string& token);
std::vector<BotPlayer> bot_players(Connection& db);
void seed_bot_ratings(Connection& db, const std::vector<BotRatingSeed>& seeds);
std::vector<EventRecord> events(Connection& db, const std::string& room);
std::optional<RoomRecord> find_room(Connection& db, const std::string& id);
RoomPage list_rooms(Connection& db, RoomQuery query);  // clamps the page to 1.. and per_page to 1..100
std::vector<RoomRecord> unfinished_rooms(Connection& db);

// ---- ratings (sql_rating_queries.cpp) ----
// "game:variant" of the room; throws when there is no such room.
std::string perf_of_room(Connection& db, const std::string& room);
// The player's rating in `perf` as stored; the initial one for an account
// without a rated game there; none for a guest.
std::optional<Rating> seat_rating(Connection& db, std::int64_t player, const std::string& perf);
// Rates the game (one rating period for both, from their stored values as of
// `at`) and writes both ratings and their history rows.
RatingChange rate_game(Connection& db, const std::string& room, const RoomChange::Rate& rate, std::int64_t at);
// The change a rated game made; none if it made none.
std::optional<RatingChange> rating_change(Connection& db, const std::string& room);
std::vector<PerfRating> ratings_of(Connection& db, std::int64_t player);
std::optional<RatingHistoryRecord> rating_history(Connection& db, const std::string& username, const std::string& perf);
LeaderboardPage leaderboard(Connection& db, const std::string& perf, std::int64_t now, int page, int per_page);

// ---- ladders (sql_ladder_queries.cpp) and events (sql_tournament_queries.cpp) ----
// A ladder or event room closed with `event` (its row already updated by
// `change`): a ladder's challenge closes and its standings move, an event's
// pairing gets its result. Nothing for another room.
void settle_competition_game(Connection& db, const std::string& room, const EventRecord& event, const RoomChange& change);
void settle_ladder_game(Connection& db, const std::string& room, const EventRecord& event, const RoomChange& change);
void settle_tournament_game(Connection& db, const std::string& room, const RoomChange& change);
Outcome<LadderRecord> create_ladder(Connection& db, LadderRecord ladder, const AuditEntry& audit);
Outcome<LadderRecord> edit_ladder(Connection& db, std::int64_t id, const LadderEdit& edit);
std::vector<LadderRecord> ladders(Connection& db);
std::optional<LadderDetail> ladder(Connection& db, std::int64_t id, std::int64_t now);
Outcome<LadderDetail> change_roster(Connection& db, std::int64_t id, const RosterChange& change, std::int64_t now);
Outcome<ChallengeMade> challenge(Connection& db, const NewChallenge& challenge);
Outcome<ChallengeMade> answer_challenge(Connection& db, const ChallengeAnswer& answer);
DueChallenges challenges_due(Connection& db, std::int64_t now);  // at most 500 a call
void ladder_activity(Connection& db, std::int64_t now);
// Which pending games a query lists: all, or those whose room was never
// stored (its creation failed after the challenge or pairing was committed).
// Unopened ones come at most kUnopenedPerSweep a call (the sweep takes the
// rest next time); all of them, as a starting server reads them, are bounded
// only by what the rules allow open at once.
enum class Pending { all, unopened };
inline constexpr std::int64_t kUnopenedPerSweep = 200;
inline constexpr std::int64_t kAllPending = 1'000'000;
// Open challenges' games, once playing (`room`: only that one).
std::vector<CompetitionGame> pending_ladder_games(Connection& db, const std::string& room = "", Pending which = Pending::all);
// A pending game from the columns room, game, variant, the clock's four,
// white, black, their names, the source's id and name (in that order).
CompetitionGame read_competition_game(const Statement& s, std::string kind);
// Two columns naming the seats' kinds (players wp and bp of the query), and reading them.
extern const std::string kSeatKinds;
void read_seat_kinds(const Statement& s, int column, CompetitionGame& g);
// The Dutch pairer runs off the writer (issue #32: a round of 1,000 players
// takes seconds): a transaction that must pair a Swiss round takes the table
// from here, computed beforehand from the very same tournament (the round
// guard: same event, same round, same results and players). Without one it
// throws PairingNeeded; SqlStore undoes the transaction's writes, has the
// round paired on its pairing thread, and runs the transaction again.
struct SwissTable {
  event::dutch::Tournament from;                                // what was paired
  std::optional<std::vector<event::dutch::Board>> boards;       // nullopt: no valid pairing
};
struct SwissTables {
  std::map<std::pair<std::int64_t, int>, SwissTable> by_round;  // (event, round) -> its table
};
struct PairingNeeded {
  std::int64_t event = 0;
  int round = 0;
  event::dutch::Tournament tournament;
};
Outcome<TournamentRecord> create_tournament(Connection& db, TournamentRecord t, const AuditEntry& audit);
std::vector<TournamentRecord> tournaments(Connection& db);
std::optional<TournamentDetail> tournament(Connection& db, std::int64_t id);
Outcome<std::int64_t> register_player(Connection& db, std::int64_t id, std::int64_t player, bool join, std::int64_t now);
Outcome<TournamentProgress> tournament_command(Connection& db, std::int64_t id, const TournamentCommand& command,
                                               const RoomIds& room_ids, const SwissTables& tables);
std::optional<TournamentProgress> tournament_room_ended(Connection& db, const std::string& room, std::int64_t now,
                                                        const RoomIds& room_ids, const SwissTables& tables);
std::vector<CompetitionGame> resume_tournaments(Connection& db, const RoomIds& room_ids, const SwissTables& tables);
std::vector<CompetitionGame> pending_tournament_games(Connection& db, Pending which = Pending::all);
// A ban's effect on competitions (#34), in the ban's transaction: the player
// leaves every ladder's standings (their challenges stay in the record) and
// every event (a registration is dropped; in a running event they are
// withdrawn and each game of theirs without a result is forfeited to the
// opponent, reason "withdrawn", so no round waits for them).
void change_password(Connection& db, std::int64_t account, const std::string& hash, const std::string& keep,
                     const AuditEntry& audit);
void close_account(Connection& db, std::int64_t account, std::int64_t now, const AuditEntry& audit);
void withdraw_banned_from_ladders(Connection& db, std::int64_t player);
void withdraw_banned_from_tournaments(Connection& db, std::int64_t player);

// ---- trust and safety (sql_trust_queries.cpp) ----
bool skeleton_taken(Connection& db, const std::string& skeleton);
Outcome<ReportRecord> create_report(Connection& db, const NewReport& report);
ReportPage reports(Connection& db, const std::string& status, int page, int per_page);
std::vector<ReportRecord> reports_of(Connection& db, std::int64_t reporter);
Outcome<ReportRecord> resolve_report(Connection& db, std::int64_t id, const std::string& outcome, std::int64_t by,
                                     std::int64_t now, AuditEntry audit);
Outcome<BlockRecord> set_block(Connection& db, std::int64_t blocker, const std::string& username, bool block, std::int64_t now);
std::vector<BlockRecord> blocks_of(Connection& db, std::int64_t blocker);
std::vector<std::pair<std::int64_t, std::int64_t>> all_blocks(Connection& db);

// ---- chat (sql_chat_queries.cpp) ----
// With a fence, both throw (writing nothing) once that lease moved on, as apply_change does.
void insert_chat(Connection& db, const std::string& room, const ChatRecord& message, const std::optional<LeaseFence>& fence);
// Marks the message deleted and appends `audit`; throws "no chat message N",
// having written nothing, when the room has no message `seq`.
void delete_chat(Connection& db, const std::string& room, std::int64_t seq, const AuditEntry& audit,
                 const std::optional<LeaseFence>& fence);
std::vector<ChatRecord> chat(Connection& db, const std::string& room);
// Following (#46; sql_follow_queries.cpp).
Outcome<FollowedPlayer> set_follow(Connection& db, std::int64_t follower, const std::string& username, bool follow, std::int64_t now);
std::vector<FollowedPlayer> following(Connection& db, std::int64_t follower, std::int64_t now);
std::vector<std::int64_t> followers_to_tell(Connection& db, std::int64_t player, std::int64_t now);
void set_presence(Connection& db, std::int64_t player, const std::string& node, bool here, std::int64_t now);
void clear_presence(Connection& db, const std::string& node);
std::vector<std::int64_t> online_of(Connection& db, const std::vector<std::int64_t>& players, std::int64_t now);
// Conditional lines (#46): replaced, or deleted when empty; read per room.
void save_conditional(Connection& db, const std::string& room, const ConditionalRecord& line, const std::optional<LeaseFence>& fence);
std::vector<ConditionalRecord> conditionals(Connection& db, const std::string& room);

// ---- mail (sql_mail_queries.cpp) ----
MailQueued queue_mail(Connection& db, const MailRequest& request);
NoticeOutcome notify_player(Connection& db, const PlayerNotice& notice);

// ---- notices (sql_notice_queries.cpp) ----
NoticeList notices(Connection& db, std::int64_t player);
int read_notices(Connection& db, std::int64_t player, std::int64_t up_to, std::int64_t now);
int unread_notices(Connection& db, std::int64_t player);
// The intent of a notification, written with its cause (RoomChange::notify).
void insert_intent(Connection& db, const std::string& room, const EventRecord& event, const RoomChange::Notify& notify);
// The intent of a notification that carries its words (challenge, round, report), written with its cause.
void insert_intent(Connection& db, const NoticeIntent& intent);
std::vector<NoticeIntent> notice_intents(Connection& db, const std::string& room, std::int64_t after, int limit);
std::optional<NoticeOutcome> resolve_intent(Connection& db, const NoticeIntent& intent, const std::optional<PlayerNotice>& notice);

// Writes the notice (keeping the player's newest kNoticesKept).
NoticeRecord insert_notice(Connection& db, const PlayerNotice& notice);
// Whether the player was told `kind` about `room` since their last action in it.
bool told_this_turn(Connection& db, std::int64_t player, const std::string& kind, const std::string& room);
MailSettings mail_settings(Connection& db, std::int64_t account, std::int64_t now);
void set_mail_switches(Connection& db, std::int64_t account, const MailSwitches& notify);
std::optional<AddressVerified> verify_address(Connection& db, const std::string& token, std::int64_t now);
std::optional<PasswordReset> reset_password(Connection& db, const std::string& token, const std::string& hash,
                                            std::int64_t now, AuditEntry audit);
std::vector<ResetTarget> reset_targets(Connection& db, const std::string& login);
std::vector<OutboxMail> claim_mail(Connection& db, std::int64_t now, int limit);
void finish_mail(Connection& db, const MailResult& result);
std::int64_t abandon_claimed(Connection& db);
std::optional<std::int64_t> next_mail_due(Connection& db);
bool unsubscribe(Connection& db, const std::string& token);

// ---- accounts (sql_account_queries.cpp) ----
std::string lower(std::string text);  // ASCII lower case: usernames' keys
CreatedAccount insert_account(Connection& db, const NewAccount& account, std::int64_t now);
std::optional<AccountRecord> find_account(Connection& db, const std::string& username);
std::optional<AccountRecord> session_account(Connection& db, const std::string& token, std::int64_t now);
// The account columns every account query selects (alias a; kAccountColumnCount
// of them), kSelectAccounts with them ("... FROM accounts a "), and their reader.
extern const char* const kAccountColumns;
inline constexpr int kAccountColumnCount = 12;
extern const std::string kSelectAccounts;
AccountRecord read_account(const Statement& s, bool with_hash);
void insert_session(Connection& db, std::int64_t account, const std::string& token, std::int64_t now, std::int64_t expires_at);
void delete_session(Connection& db, const std::string& token);
void set_password_hash(Connection& db, std::int64_t account, const std::string& hash);
AccountRecord change_account(Connection& db, const AccountChange& change);
AccountPage list_accounts(Connection& db, const AccountQuery& query);
AuditPage audit_log(Connection& db, int page, int per_page);
std::optional<Profile> profile(Connection& db, const std::string& username, int recent);
std::optional<GameHistory> game_history(Connection& db, const GameHistoryQuery& query);
std::vector<RoomRecord> unfinished_rooms_of(Connection& db, std::int64_t player);

// ---- room leases (sql_lease_queries.cpp) ----
LeaseClaim claim_room(Connection& db, const std::string& room, const std::string& node, std::int64_t lease_ms);
std::vector<RoomLease> renew_leases(Connection& db, const std::string& node, std::int64_t lease_ms);
void release_room(Connection& db, const std::string& room, const std::string& node, std::int64_t epoch);
std::int64_t release_node(Connection& db, const std::string& node);
std::optional<RoomLease> room_lease(Connection& db, const std::string& room);
void node_alive(Connection& db, const std::string& node, std::int64_t at, std::int64_t forget_before);
std::optional<std::int64_t> node_alive_at(Connection& db, const std::string& node);
std::vector<RoomRecord> orphaned_rooms(Connection& db, std::int64_t limit);
// Throws SqlError unless `fence` is the room's lease as it stands; holds the
// lease's row until the transaction ends, so no claim slips in before its commit.
void check_fence(Connection& db, const std::string& room, const LeaseFence& fence);

// Imported games (#44; sql_import_queries.cpp).
Outcome<ImportedGame> store_import(Connection& db, const ImportedGame& game);
std::optional<ImportedGame> find_import(Connection& db, const std::string& id);
std::vector<ImportedGame> imports_of(Connection& db, std::int64_t player, int limit);

// The bot and board API (#45; sql_bot_queries.cpp).
Outcome<ApiToken> create_token(Connection& db, const ApiToken& token, const std::string& token_hash);
std::vector<ApiToken> tokens_of(Connection& db, std::int64_t account);
bool revoke_token(Connection& db, std::int64_t account, const std::string& id);
std::optional<TokenHolder> token_holder(Connection& db, const std::string& token_hash);
Outcome<AccountRecord> make_bot(Connection& db, std::int64_t account, const AuditEntry& audit);
Outcome<PlayerChallenge> create_player_challenge(Connection& db, const PlayerChallenge& challenge);
std::optional<PlayerChallenge> find_player_challenge(Connection& db, const std::string& id);
std::vector<PlayerChallenge> player_challenges_of(Connection& db, std::int64_t account);
Outcome<PlayerChallenge> answer_player_challenge(Connection& db, const std::string& id, PlayerChallenge::Status from,
                                                 PlayerChallenge::Status to, const std::string& reason, const std::string& room,
                                                 std::int64_t now);
std::vector<PlayerChallenge> expire_player_challenges(Connection& db, std::int64_t now);
void extend_player_challenges(Connection& db, const std::vector<std::string>& ids, std::int64_t until);

// Quick pairing (#46): sql_seek_queries.cpp.
Outcome<SeekPlacement> place_seek(Connection& db, SeekRecord seek, std::int64_t now);
bool remove_seek(Connection& db, std::int64_t player, const std::string& id);
std::vector<std::string> renew_seeks(Connection& db, const std::vector<std::string>& ids, std::int64_t now);
std::map<std::string, std::int64_t> seek_counts(Connection& db, std::int64_t now);

}  // namespace sql

}  // namespace arena
