#pragma once
// The Store on an SQL database: one SQLite file (WAL journal,
// synchronous=FULL) or a PostgreSQL database, the same queries on both
// (sql_queries.hpp). Two threads each own a connection:
//  - The writer owns the write connection. Every write waits in its queue; the
//    writer takes everything waiting and commits it as one transaction (group
//    commit: one fsync for many games' actions), each write's completion posted
//    after that commit. If the batch fails, the writer retries its writes one
//    by one, so one bad write does not sink the others.
//  - The reader owns a second connection. SQLite's WAL (PostgreSQL's MVCC)
//    lets it read the last commit while the writer writes, so reads never wait
//    behind writes.
// A third thread, the pairer, computes Swiss rounds (FIDE's Dutch system, up to
// seconds a round) for the writer's transactions, which never wait for it:
// a transaction that needs a round undoes itself, the round is paired, and the
// transaction runs again, checking it still pairs that round from the same
// results (sql::SwissTables).
// A lost PostgreSQL connection is opened again before the next batch or read.
// Both queues are bounded: beyond `max_queued` calls waiting, a call is refused
// at once ("the store is overloaded"), its completion still posted. Opening
// applies the migrations (migrations.hpp) on the write connection.
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "store.hpp"
#include "util/clock.hpp"
#include "work_queue.hpp"

namespace arena {

namespace sql {
struct SwissTables;
}

class Connection;

// The file cannot be opened, is not a database, or cannot be migrated.
struct StoreOpenError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Which database a location names: "postgres://…" or "postgresql://…" (a
// libpq URI), else an SQLite file ("sqlite:FILE" or just FILE).
struct StoreLocation {
  bool postgres = false;
  std::string target;  // the file, or the URI
  static StoreLocation parse(const std::string& location);
  std::string shown() const;  // for logs: a URI's password replaced by ***
};

class SqlStore final : public Store {
 public:
  static constexpr std::size_t kDefaultMaxQueued = 65536;

  // Who opens the store. A server's PostgreSQL store holds a lock that keeps a
  // second server off the database (it would load and play the same live
  // rooms); a tool (`gipf-arena admin`) works beside the running server.
  // kServer: the one server of its database (PostgreSQL: a second is refused);
  // kNode: one of a site's nodes (--bus), which share the database;
  // kTool: a command-line tool beside the server.
  enum class Access { kServer, kNode, kTool };

  // Opens (or creates, a file) the database `location` names (StoreLocation)
  // and brings its schema up to date; throws StoreOpenError. `max_queued`
  // bounds each queue (writes, reads).
  // `clock`: the time rows are stamped with (players, accounts, migrations)
  // and ladders' activity is judged at.
  explicit SqlStore(const std::string& location, Access access = Access::kServer,
                    std::size_t max_queued = kDefaultMaxQueued, Clock clock = system_now_ms);
  // Flushes, then answers the reads still queued and closes.
  ~SqlStore() override;
  SqlStore(const SqlStore&) = delete;
  SqlStore& operator=(const SqlStore&) = delete;

  // The schema version reached when the store was opened.
  int schema_version() const { return schema_version_; }
  // Blocks until every write accepted so far is committed (their completions
  // posted) and stops the writer. Reads are still served until destruction.
  void flush() override;

  void create_player(std::string token, std::string name, StoreExecutor ex, StoreReply<PlayerRecord> reply) override;
  void find_player(std::string token, StoreExecutor ex, StoreReply<std::optional<PlayerRecord>> reply) override;
  void rename_player(std::int64_t id, std::string name, StoreExecutor ex, StoreDone done) override;
  void bot_players(StoreExecutor ex, StoreReply<std::vector<BotPlayer>> reply) override;
  void seed_bot_ratings(std::vector<BotRatingSeed> seeds, StoreExecutor ex, StoreDone done) override;
  void create_account(NewAccount account, StoreExecutor ex, StoreReply<CreatedAccount> reply) override;
  void find_account(std::string username, StoreExecutor ex, StoreReply<std::optional<AccountRecord>> reply) override;
  void session_account(std::string token, std::int64_t now, StoreExecutor ex,
                       StoreReply<std::optional<AccountRecord>> reply) override;
  void create_session(std::int64_t account, std::string token, std::int64_t now, std::int64_t expires_at, StoreExecutor ex,
                      StoreDone done) override;
  void delete_session(std::string token, StoreExecutor ex, StoreDone done) override;
  void set_password_hash(std::int64_t account, std::string hash, StoreExecutor ex, StoreDone done) override;
  void change_password(std::int64_t account, std::string hash, std::string keep, AuditEntry audit, StoreExecutor ex,
                       StoreDone done) override;
  void close_account(std::int64_t account, std::int64_t now, AuditEntry audit, StoreExecutor ex, StoreDone done) override;
  void change_account(AccountChange change, StoreExecutor ex, StoreReply<AccountRecord> reply) override;
  void list_accounts(AccountQuery query, StoreExecutor ex, StoreReply<AccountPage> reply) override;
  void audit_log(int page, int per_page, StoreExecutor ex, StoreReply<AuditPage> reply) override;
  void profile(std::string username, int recent, StoreExecutor ex, StoreReply<std::optional<Profile>> reply) override;
  void game_history(GameHistoryQuery query, StoreExecutor ex, StoreReply<std::optional<GameHistory>> reply) override;
  void unfinished_rooms_of(std::int64_t player, StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) override;
  void open_room(RoomRecord room, EventRecord first, StoreExecutor ex, StoreReply<EventWritten> reply) override;
  void append(std::string room, EventRecord event, RoomChange change, StoreExecutor ex,
              StoreReply<EventWritten> reply) override;
  void events(std::string room, StoreExecutor ex, StoreReply<std::vector<EventRecord>> reply) override;

  void claim_room(std::string room, std::string node, std::int64_t lease_ms, StoreExecutor ex,
                  StoreReply<LeaseClaim> reply) override;
  void renew_leases(std::string node, std::int64_t lease_ms, StoreExecutor ex, StoreReply<std::vector<RoomLease>> reply) override;
  void release_room(std::string room, std::string node, std::int64_t epoch, StoreExecutor ex, StoreDone done) override;
  void release_node(std::string node, StoreExecutor ex, StoreReply<std::int64_t> reply) override;
  void room_lease(std::string room, StoreExecutor ex, StoreReply<std::optional<RoomLease>> reply) override;
  void node_alive(std::string node, std::int64_t at, std::int64_t forget_before, StoreExecutor ex, StoreDone done) override;
  void node_alive_at(std::string node, StoreExecutor ex, StoreReply<std::optional<std::int64_t>> reply) override;
  void orphaned_rooms(std::int64_t limit, StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) override;
  void append_chat(std::string room, ChatRecord message, std::optional<LeaseFence> fence, StoreExecutor ex,
                   StoreDone done) override;
  void delete_chat(std::string room, std::int64_t seq, AuditEntry audit, std::optional<LeaseFence> fence, StoreExecutor ex,
                   StoreDone done) override;
  void chat(std::string room, StoreExecutor ex, StoreReply<std::vector<ChatRecord>> reply) override;
  void set_follow(std::int64_t follower, std::string username, bool follow, std::int64_t now, StoreExecutor ex,
                  StoreReply<Outcome<FollowedPlayer>> reply) override;
  void following(std::int64_t follower, std::int64_t now, StoreExecutor ex, StoreReply<std::vector<FollowedPlayer>> reply) override;
  void followers_to_tell(std::int64_t player, std::int64_t now, StoreExecutor ex,
                         StoreReply<std::vector<std::int64_t>> reply) override;
  void set_presence(std::int64_t player, std::string node, bool here, std::int64_t now, StoreExecutor ex, StoreDone done) override;
  void clear_presence(std::string node, StoreExecutor ex, StoreDone done) override;
  void online_of(std::vector<std::int64_t> players, std::int64_t now, StoreExecutor ex,
                 StoreReply<std::vector<std::int64_t>> reply) override;
  void save_conditional(std::string room, ConditionalRecord line, std::optional<LeaseFence> fence, StoreExecutor ex,
                        StoreDone done) override;
  void conditionals(std::string room, StoreExecutor ex, StoreReply<std::vector<ConditionalRecord>> reply) override;
  void find_room(std::string id, StoreExecutor ex, StoreReply<std::optional<RoomRecord>> reply) override;
  void list_rooms(RoomQuery query, StoreExecutor ex, StoreReply<RoomPage> reply) override;
  void unfinished_rooms(StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) override;
  void rating_history(std::string username, std::string perf, StoreExecutor ex,
                      StoreReply<std::optional<RatingHistoryRecord>> reply) override;
  void leaderboard(std::string perf, std::int64_t now, int page, int per_page, StoreExecutor ex,
                   StoreReply<LeaderboardPage> reply) override;
  void player_rating(std::int64_t player, std::string perf, StoreExecutor ex, StoreReply<std::optional<Rating>> reply) override;
  void create_ladder(LadderRecord ladder, AuditEntry audit, StoreExecutor ex, StoreReply<Outcome<LadderRecord>> reply) override;
  void edit_ladder(std::int64_t id, LadderEdit edit, StoreExecutor ex, StoreReply<Outcome<LadderRecord>> reply) override;
  void ladders(StoreExecutor ex, StoreReply<std::vector<LadderRecord>> reply) override;
  void ladder(std::int64_t id, StoreExecutor ex, StoreReply<std::optional<LadderDetail>> reply) override;
  void change_roster(std::int64_t id, RosterChange change, std::int64_t now, StoreExecutor ex,
                     StoreReply<Outcome<LadderDetail>> reply) override;
  void challenge(NewChallenge challenge, StoreExecutor ex, StoreReply<Outcome<ChallengeMade>> reply) override;
  void answer_challenge(ChallengeAnswer answer, StoreExecutor ex, StoreReply<Outcome<ChallengeMade>> reply) override;
  void challenges_due(std::int64_t now, StoreExecutor ex, StoreReply<DueChallenges> reply) override;
  void ladder_activity(std::int64_t now, StoreExecutor ex, StoreDone done) override;
  void create_tournament(TournamentRecord tournament, AuditEntry audit, StoreExecutor ex,
                         StoreReply<Outcome<TournamentRecord>> reply) override;
  void tournaments(StoreExecutor ex, StoreReply<std::vector<TournamentRecord>> reply) override;
  void tournament(std::int64_t id, StoreExecutor ex, StoreReply<std::optional<TournamentDetail>> reply) override;
  void register_player(std::int64_t id, std::int64_t player, bool join, std::int64_t now, StoreExecutor ex,
                       StoreReply<Outcome<std::int64_t>> reply) override;
  void tournament_command(std::int64_t id, TournamentCommand command, RoomIds room_ids, StoreExecutor ex,
                          StoreReply<Outcome<TournamentProgress>> reply) override;
  void tournament_room_ended(std::string room, std::int64_t now, RoomIds room_ids, StoreExecutor ex,
                             StoreReply<std::optional<TournamentProgress>> reply) override;
  void resume_tournaments(RoomIds room_ids, StoreExecutor ex, StoreReply<std::vector<CompetitionGame>> reply) override;
  void pending_games(StoreExecutor ex, StoreReply<std::vector<CompetitionGame>> reply) override;
  void unopened_games(StoreExecutor ex, StoreReply<std::vector<CompetitionGame>> reply) override;

  // ImportStore (#44)
  void store_import(ImportedGame game, StoreExecutor ex, StoreReply<Outcome<ImportedGame>> reply) override;
  void find_import(std::string id, StoreExecutor ex, StoreReply<std::optional<ImportedGame>> reply) override;
  void imports_of(std::int64_t player, int limit, StoreExecutor ex, StoreReply<std::vector<ImportedGame>> reply) override;

  // BotStore (#45)
  void create_token(ApiToken token, std::string token_hash, StoreExecutor ex, StoreReply<Outcome<ApiToken>> reply) override;
  void tokens_of(std::int64_t account, StoreExecutor ex, StoreReply<std::vector<ApiToken>> reply) override;
  void revoke_token(std::int64_t account, std::string id, StoreExecutor ex, StoreReply<bool> reply) override;
  void token_holder(std::string token_hash, StoreExecutor ex, StoreReply<std::optional<TokenHolder>> reply) override;
  void make_bot(std::int64_t account, AuditEntry audit, StoreExecutor ex, StoreReply<Outcome<AccountRecord>> reply) override;
  void create_player_challenge(PlayerChallenge challenge, StoreExecutor ex, StoreReply<Outcome<PlayerChallenge>> reply) override;
  void find_player_challenge(std::string id, StoreExecutor ex, StoreReply<std::optional<PlayerChallenge>> reply) override;
  void player_challenges_of(std::int64_t account, StoreExecutor ex, StoreReply<std::vector<PlayerChallenge>> reply) override;
  void answer_player_challenge(std::string id, PlayerChallenge::Status from, PlayerChallenge::Status to, std::string reason,
                               std::string room, std::int64_t now, StoreExecutor ex, StoreReply<Outcome<PlayerChallenge>> reply) override;
  void expire_player_challenges(std::int64_t now, StoreExecutor ex, StoreReply<std::vector<PlayerChallenge>> reply) override;
  void extend_player_challenges(std::vector<std::string> ids, std::int64_t until, StoreExecutor ex, StoreDone done) override;

  // SeekStore (#46)
  void place_seek(SeekRecord seek, std::int64_t now, StoreExecutor ex, StoreReply<Outcome<SeekPlacement>> reply) override;
  void remove_seek(std::int64_t player, std::string id, StoreExecutor ex, StoreReply<bool> reply) override;
  void renew_seeks(std::vector<std::string> ids, std::int64_t now, StoreExecutor ex, StoreReply<std::vector<std::string>> reply) override;
  void seek_counts(std::int64_t now, StoreExecutor ex, StoreReply<std::map<std::string, std::int64_t>> reply) override;
  void skeleton_taken(std::string skeleton, StoreExecutor ex, StoreReply<bool> reply) override;
  void create_report(NewReport report, StoreExecutor ex, StoreReply<Outcome<ReportRecord>> reply) override;
  void reports(std::string status, int page, int per_page, StoreExecutor ex, StoreReply<ReportPage> reply) override;
  void reports_of(std::int64_t reporter, StoreExecutor ex, StoreReply<std::vector<ReportRecord>> reply) override;
  void resolve_report(std::int64_t id, std::string outcome, std::int64_t by, std::int64_t now, AuditEntry audit,
                      StoreExecutor ex, StoreReply<Outcome<ReportRecord>> reply) override;
  void set_block(std::int64_t blocker, std::string username, bool block, std::int64_t now, StoreExecutor ex,
                 StoreReply<Outcome<BlockRecord>> reply) override;
  void blocks_of(std::int64_t blocker, StoreExecutor ex, StoreReply<std::vector<BlockRecord>> reply) override;
  void all_blocks(StoreExecutor ex, StoreReply<std::vector<std::pair<std::int64_t, std::int64_t>>> reply) override;

  void notify_player(PlayerNotice notice, StoreExecutor ex, StoreReply<NoticeOutcome> reply) override;
  void notices(std::int64_t player, StoreExecutor ex, StoreReply<NoticeList> reply) override;
  void read_notices(std::int64_t player, std::int64_t up_to, std::int64_t now, StoreExecutor ex, StoreReply<int> reply) override;
  void notice_intents(std::string room, std::int64_t after, int limit, StoreExecutor ex,
                      StoreReply<std::vector<NoticeIntent>> reply) override;
  void resolve_intent(NoticeIntent intent, std::optional<PlayerNotice> notice, StoreExecutor ex,
                      StoreReply<std::optional<NoticeOutcome>> reply) override;
  void queue_mail(MailRequest request, StoreExecutor ex, StoreReply<MailQueued> reply) override;
  void mail_settings(std::int64_t account, std::int64_t now, StoreExecutor ex, StoreReply<MailSettings> reply) override;
  void set_mail_switches(std::int64_t account, MailSwitches notify, StoreExecutor ex, StoreDone done) override;
  void verify_address(std::string token, std::int64_t now, StoreExecutor ex, StoreReply<std::optional<AddressVerified>> reply) override;
  void reset_password(std::string token, std::string hash, std::int64_t now, AuditEntry audit, StoreExecutor ex,
                      StoreReply<std::optional<PasswordReset>> reply) override;
  void reset_targets(std::string login, StoreExecutor ex, StoreReply<std::vector<ResetTarget>> reply) override;
  void claim_mail(std::int64_t now, int limit, StoreExecutor ex, StoreReply<std::vector<OutboxMail>> reply) override;
  void finish_mail(MailResult result, StoreExecutor ex, StoreDone done) override;
  void abandon_claimed(StoreExecutor ex, StoreReply<std::int64_t> reply) override;
  void next_mail_due(StoreExecutor ex, StoreReply<std::optional<std::int64_t>> reply) override;
  void unsubscribe(std::string token, StoreExecutor ex, StoreReply<bool> reply) override;

 private:
  struct Write {
    std::function<void(Connection&)> apply;                  // inside the batch's transaction; throws on failure
    std::function<void(const std::string& error)> complete;  // posts the caller's completion
  };
  // Runs the query and posts its answer, or posts `error` if never run.
  using Read = std::function<void(Connection* db, const std::string& error)>;

  void write(Write w);
  void read(Read r);
  template <class T, class Query>
  void read_value(StoreExecutor ex, StoreReply<T> reply, Query query);
  // A write whose completion carries a value the writer produced.
  template <class T, class Apply>
  void write_value(StoreExecutor ex, StoreReply<T> reply, Apply apply);
  // A write that may pair a Swiss round: run with the tables computed so far;
  // a round still missing undoes it, is paired on the pairer's thread, and
  // the write is queued again with it (PairingNeeded, sql_queries.hpp), at
  // most kMaxPairingTries times in all: one write pairs one round, or a few.
  static constexpr std::size_t kMaxPairingTries = 16;
  template <class T, class Query>
  void write_pairing(StoreExecutor ex, StoreReply<T> reply, Query query, std::shared_ptr<sql::SwissTables> tables);
  void pairer_loop();
  void stop_pairer();
  using Opener = std::function<std::unique_ptr<Connection>()>;
  // The connection, opened again if it was lost; throws SqlError.
  static Connection& usable(std::unique_ptr<Connection>& db, const Opener& open);
  void writer_loop();
  void commit(std::vector<Write>& batch);
  void reader_loop();
  void stop_reader();

  Clock clock_;
  Opener open_writer_, open_reader_;
  std::unique_ptr<Connection> write_db_;
  std::unique_ptr<Connection> read_db_;
  int schema_version_ = 0;

  WorkQueue<Write> writes_;
  WorkQueue<Read> reads_;
  WorkQueue<std::function<void()>> pairings_;
  std::atomic<bool> stopping_{false};  // pairings still queued are answered "stopping", not computed

  std::mutex join_mutex_;  // flush() may be called from several threads
  std::thread writer_;
  std::thread reader_;
  std::thread pairer_;
};

}  // namespace arena
