#include "sql_store.hpp"

#include <sqlite3.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <boost/asio/post.hpp>

#include "migrations.hpp"
#include "postgres_connection.hpp"
#include "competition/blossom_matching.hpp"
#include "sqlite_connection.hpp"
#include "sql_queries.hpp"
#include "util/async_loop.hpp"
#include "util/metrics.hpp"

namespace arena {
namespace {

// Counts one group commit in /metrics (its size and time), however it ends.
class Commits {
 public:
  explicit Commits(std::size_t writes) : writes_(writes) {}
  ~Commits() {
    Metrics::process().commit(writes_, std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
  }
  Commits(const Commits&) = delete;
  Commits& operator=(const Commits&) = delete;

 private:
  std::size_t writes_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// How long a connection waits for another process's lock before failing.
constexpr int kBusyTimeoutMs = 5000;

// Completions run on the caller's executor, never here. A completion that
// cannot be posted (no executor) is logged, not thrown: a store thread must live.
template <class Handler>
void post_to(const StoreExecutor& ex, Handler handler) {
  try {
    boost::asio::post(ex, std::move(handler));
  } catch (const std::exception& e) {
    spdlog::error("event=store_completion_lost error=\"{}\"", e.what());
  }
}

// How often a write transaction that deadlocked with another node's
// (SqlConflict) is run again before its writer is told it failed.
constexpr int kConflictAttempts = 10;

// Runs `apply` in one write transaction; why it failed, or "". A transaction
// PostgreSQL ended for a deadlock (or a serialization failure) stored nothing:
// it is run again.
template <class Apply>
std::string transact(Connection& db, Apply&& apply) {
  for (int attempt_number = 1;; ++attempt_number) {
    try {
      Transaction t(db);
      apply();
      t.commit();
      return {};
    } catch (const SqlConflict& e) {
      if (attempt_number == kConflictAttempts || db.broken()) return e.what();
      spdlog::debug("event=write_conflict attempt={} error=\"{}\"", attempt_number, e.what());
    } catch (const std::exception& e) {
      return e.what();
    } catch (...) {
      return "unknown error";
    }
  }
}

// Runs `work`; why it failed, or "".
template <class Work>
std::string attempt(Work&& work) {
  try {
    work();
    return {};
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown error";
  }
}

// Logs what escaped a unit of a store thread's work instead of ending the thread.
template <class Work>
void guarded(const char* what, Work&& work) noexcept {
  std::string error = attempt(work);
  if (!error.empty()) spdlog::error("event=store_thread_failed step={} error=\"{}\"", what, error);
}

std::unique_ptr<Connection> open_sqlite_writer(const std::string& path, int& version, std::int64_t now) {
  auto db = std::make_unique<SqliteConnection>(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  sqlite3_busy_timeout(db->handle(), kBusyTimeoutMs);
  // The reader relies on WAL to read while the writer writes.
  if (db->text_of("PRAGMA journal_mode = WAL") != "wal") throw SqlError("no WAL journal (an in-memory database?)");
  db->exec("PRAGMA synchronous = FULL");  // a commit is on disk before it is reported
  register_sha256(db->handle());
  version = migrate(*db, now);
  return db;
}

// A server's PostgreSQL writer. One server per database: a second one would
// load the same live rooms and play them too, so the writer's connection holds
// this lock while it lives. A server restarted at once waits a little for its
// predecessor's session to end.
std::unique_ptr<Connection> open_serving_postgres(const std::string& url) {
  auto db = std::make_unique<PostgresConnection>(url);
  db->exec("SET lock_timeout = '3s'");
  try {
    db->exec("SELECT pg_advisory_lock(4751204)");
  } catch (const SqlLockTimeout&) {
    throw SqlError("another gipf-arena server is using this database: run one server per database");
  }
  db->exec(std::string("SET lock_timeout = '") + kPostgresLockTimeout + "'");  // bounded again (#42)
  return db;
}

std::unique_ptr<Connection> open_sqlite_reader(const std::string& path) {
  auto db = std::make_unique<SqliteConnection>(path, SQLITE_OPEN_READONLY);
  sqlite3_busy_timeout(db->handle(), kBusyTimeoutMs);
  return db;
}

// A write's completion: posts `done(error)`.
std::function<void(const std::string&)> done_on(StoreExecutor ex, StoreDone done) {
  return [ex = std::move(ex), done = std::move(done)](const std::string& error) {
    post_to(ex, [done, error] { done(error); });
  };
}

}  // namespace

StoreLocation StoreLocation::parse(const std::string& location) {
  if (location.rfind("postgres://", 0) == 0 || location.rfind("postgresql://", 0) == 0) return {true, location};
  if (location.rfind("sqlite:", 0) == 0) return {false, location.substr(7)};
  return {false, location};
}

std::string StoreLocation::shown() const {
  if (!postgres) return target;
  // postgres://user:secret@host/db: the password stays out of logs.
  std::size_t scheme = target.find("://") + 3, at = target.find('@', scheme);
  std::size_t colon = target.find(':', scheme);
  if (at == std::string::npos || colon == std::string::npos || colon > at) return target;
  return target.substr(0, colon + 1) + "***" + target.substr(at);
}

SqlStore::SqlStore(const std::string& location, Access access, std::size_t max_queued, Clock clock)
    : clock_(std::move(clock)),
      writes_(std::max<std::size_t>(max_queued, 1)),
      reads_(std::max<std::size_t>(max_queued, 1)),
      pairings_(std::max<std::size_t>(max_queued, 1)) {
  StoreLocation where = StoreLocation::parse(location);
  std::string target = where.target;
  if (where.postgres) {
    // Two connections per node; PostgreSQL's commit waits for its WAL flush
    // (synchronous_commit on, its default), so a reported write is durable.
    open_reader_ = [target] { return std::make_unique<PostgresConnection>(target); };
    // A site's nodes share the database: the leases on rooms (RoomLeases) keep
    // them from serving one room twice, so no node locks the others out.
    open_writer_ = access != Access::kServer ? open_reader_ : [target] { return open_serving_postgres(target); };
  } else {
    open_writer_ = [this, target] {
      int version = 0;
      return open_sqlite_writer(target, version, clock_());
    };
    open_reader_ = [target] { return open_sqlite_reader(target); };
  }
  try {
    if (where.postgres) {
      write_db_ = open_writer_();
      schema_version_ = migrate_postgres(*write_db_, clock_());
    } else {
      write_db_ = open_sqlite_writer(target, schema_version_, clock_());
    }
    read_db_ = open_reader_();
  } catch (const std::exception& e) {
    throw StoreOpenError("cannot open " + where.shown() + ": " + e.what());
  }
  writer_ = std::thread([this] { writer_loop(); });
  try {
    reader_ = std::thread([this] { reader_loop(); });
    pairer_ = std::thread([this] { pairer_loop(); });
  } catch (...) {
    flush();
    stop_reader();
    throw;
  }
}

Connection& SqlStore::usable(std::unique_ptr<Connection>& db, const Opener& open) {
  if (!db || db->broken()) {
    db.reset();
    db = open();
  }
  return *db;
}

SqlStore::~SqlStore() {
  stop_pairer();
  flush();
  stop_reader();
}

void SqlStore::stop_pairer() {
  stopping_ = true;
  pairings_.close();
  std::lock_guard lock(join_mutex_);
  if (pairer_.joinable()) pairer_.join();
}

void SqlStore::pairer_loop() {
  std::vector<std::function<void()>> batch;
  while (pairings_.take(batch)) {
    for (auto& pair : batch) guarded("pairing", [&] { pair(); });
    batch.clear();
  }
}

void SqlStore::flush() {
  writes_.close();
  std::lock_guard lock(join_mutex_);
  if (writer_.joinable()) writer_.join();
}

void SqlStore::stop_reader() {
  reads_.close();
  std::lock_guard lock(join_mutex_);
  if (reader_.joinable()) reader_.join();
}

void SqlStore::write(Write w) {
  if (const std::string* refusal = writes_.push(w)) w.complete(*refusal);
}

void SqlStore::writer_loop() {
  std::vector<Write> batch;
  while (writes_.take(batch)) {  // until closed, with everything accepted written
    guarded("commit", [&] { commit(batch); });
    batch.clear();
  }
}

void SqlStore::commit(std::vector<Write>& batch) {
  Commits timed(batch.size());
  Connection* opened = nullptr;
  std::string error = attempt([&] { opened = &usable(write_db_, open_writer_); });
  if (!opened) {  // the database is unreachable: nothing of the batch was written
    for (Write& w : batch) w.complete(error);
    return;
  }
  Connection& db = *opened;
  error = transact(db, [&] {
    for (Write& w : batch) w.apply(db);
  });
  // A lost connection (PostgreSQL restarted, a proxy's idle timeout) is
  // opened again and the writes retried. Were it lost during COMMIT, the batch
  // may be stored already: a retried event then finds itself under its
  // (room, seq) and is answered as stored (sql::append_event), never stored
  // twice, never reported failed after all.
  if (error.empty() || (batch.size() == 1 && !db.broken())) {
    for (Write& w : batch) w.complete(error);
    return;
  }
  // One bad write must not sink the others: each alone, in the order called.
  std::string unreachable;  // once the database cannot be reached again, the rest fail at once
  for (Write& w : batch) {
    if (!unreachable.empty()) {
      w.complete(unreachable);
      continue;
    }
    Connection* again = nullptr;
    unreachable = attempt([&] { again = &usable(write_db_, open_writer_); });  // the batch may have lost it
    if (!unreachable.empty()) {
      w.complete(unreachable);
      continue;
    }
    w.complete(transact(*again, [&] { w.apply(*again); }));
  }
}

void SqlStore::read(Read r) {
  if (const std::string* refusal = reads_.push(r)) r(nullptr, *refusal);
}

void SqlStore::reader_loop() {
  std::vector<Read> batch;
  while (reads_.take(batch)) {  // until closed, with every read accepted answered
    for (Read& r : batch)
      guarded("read", [&] {
        Connection* db = nullptr;
        std::string error = attempt([&] { db = &usable(read_db_, open_reader_); });
        r(db, error);
      });
    batch.clear();
  }
}

template <class T, class Query>
void SqlStore::read_value(StoreExecutor ex, StoreReply<T> reply, Query query) {
  read([this, ex = std::move(ex), reply = std::move(reply), query = std::move(query)](
           Connection* db, const std::string& refusal) mutable {
    Stored<T> answer;
    answer.error = db ? attempt([&] { answer.value = query(*db); }) : refusal;
    if (db && !answer.ok() && db->broken())  // on the reader's thread: once more on a new connection
      answer.error = attempt([&] { answer.value = query(usable(read_db_, open_reader_)); });
    post_to(ex, [reply = std::move(reply), answer = std::move(answer)]() mutable { reply(std::move(answer)); });
  });
}

template <class T, class Apply>
void SqlStore::write_value(StoreExecutor ex, StoreReply<T> reply, Apply apply) {
  auto value = std::make_shared<T>();  // filled by the writer, read by the completion
  write({[value, apply = std::move(apply)](Connection& db) { *value = apply(db); },
         [value, ex = std::move(ex), reply = std::move(reply)](const std::string& error) {
           Stored<T> answer{error.empty() ? std::move(*value) : T{}, error};
           post_to(ex, [reply, answer = std::move(answer)]() mutable { reply(std::move(answer)); });
         }});
}

template <class T, class Query>
void SqlStore::write_pairing(StoreExecutor ex, StoreReply<T> reply, Query query, std::shared_ptr<sql::SwissTables> tables) {
  auto fail = [ex, reply](const std::string& why) { post_to(ex, [reply, why] { reply(Stored<T>{T{}, why}); }); };
  // Each step is one try of the write. A try that finds a Swiss round still to
  // pair (sql::PairingNeeded) changed nothing; the pairer thread pairs that
  // round, outside the writer, and the next step tries again with it.
  for_each_step(
      kMaxPairingTries,
      [this, ex, reply, query, tables, fail](std::size_t, auto next) {
        auto value = std::make_shared<T>();
        auto needed = std::make_shared<std::optional<sql::PairingNeeded>>();
        Write w{[value, needed, query, tables](Connection& db) {
                  needed->reset();
                  db.exec("SAVEPOINT pairing");
                  try {
                    *value = query(db, *tables);
                  } catch (sql::PairingNeeded& missing) {
                    db.exec("ROLLBACK TO pairing; RELEASE pairing");
                    *needed = std::move(missing);
                    return;
                  }
                  db.exec("RELEASE pairing");
                },
                [this, value, needed, ex, reply, tables, fail, next](const std::string& error) {
                  if (!error.empty() || !*needed) {
                    Stored<T> answer{error.empty() ? std::move(*value) : T{}, error};
                    return post_to(ex, [reply, answer = std::move(answer)]() mutable { reply(std::move(answer)); });
                  }
                  std::function<void()> pair = [this, missing = std::move(**needed), tables, fail, next]() mutable {
                    if (stopping_) return fail("the server is stopping");
                    sql::SwissTable table{missing.tournament, std::nullopt};
                    try {
                      // Abandoned within a matcher stage when the server stops
                      // (stop_pairer raises stopping_): the write fails, nothing of
                      // it is stored, and the next start pairs the round
                      // (resume_tournaments), under the same round guard.
                      table.boards = event::dutch::pair_next_round(missing.tournament, &stopping_);
                    } catch (const event::PairingCancelled&) {
                      return fail("the server is stopping");
                    } catch (const std::exception& e) {
                      return fail(std::string("the round could not be paired: ") + e.what());
                    }
                    tables->by_round[{missing.event, missing.round}] = std::move(table);
                    next();
                  };
                  if (const std::string* refusal = pairings_.push(pair)) fail(*refusal);
                }};
        write(std::move(w));
      },
      [fail] { fail("the round could not be paired: still a round to pair after every try"); });
}

void SqlStore::create_player(std::string token, std::string name, StoreExecutor ex, StoreReply<PlayerRecord> reply) {
  write_value(std::move(ex), std::move(reply), [token = std::move(token), name = std::move(name), now = clock_()](Connection& db) {
    return sql::insert_player(db, token, name, now);
  });
}

void SqlStore::create_account(NewAccount account, StoreExecutor ex, StoreReply<CreatedAccount> reply) {
  write_value(std::move(ex), std::move(reply),
              [account = std::move(account), now = clock_()](Connection& db) { return sql::insert_account(db, account, now); });
}

void SqlStore::create_session(std::int64_t account, std::string token, std::int64_t now, std::int64_t expires_at,
                                 StoreExecutor ex, StoreDone done) {
  write({[account, token = std::move(token), now, expires_at](Connection& db) {
           sql::insert_session(db, account, token, now, expires_at);
         },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::delete_session(std::string token, StoreExecutor ex, StoreDone done) {
  write({[token = std::move(token)](Connection& db) { sql::delete_session(db, token); }, done_on(std::move(ex), std::move(done))});
}

void SqlStore::set_password_hash(std::int64_t account, std::string hash, StoreExecutor ex, StoreDone done) {
  write({[account, hash = std::move(hash)](Connection& db) { sql::set_password_hash(db, account, hash); },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::change_password(std::int64_t account, std::string hash, std::string keep, AuditEntry audit, StoreExecutor ex,
                               StoreDone done) {
  write({[account, hash = std::move(hash), keep = std::move(keep), audit = std::move(audit)](Connection& db) {
           sql::change_password(db, account, hash, keep, audit);
         },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::close_account(std::int64_t account, std::int64_t now, AuditEntry audit, StoreExecutor ex, StoreDone done) {
  write({[account, now, audit = std::move(audit)](Connection& db) { sql::close_account(db, account, now, audit); },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::change_account(AccountChange change, StoreExecutor ex, StoreReply<AccountRecord> reply) {
  write_value(std::move(ex), std::move(reply),
              [change = std::move(change)](Connection& db) { return sql::change_account(db, change); });
}

void SqlStore::find_account(std::string username, StoreExecutor ex, StoreReply<std::optional<AccountRecord>> reply) {
  read_value(std::move(ex), std::move(reply),
             [username = std::move(username)](Connection& db) { return sql::find_account(db, username); });
}

void SqlStore::session_account(std::string token, std::int64_t now, StoreExecutor ex,
                                  StoreReply<std::optional<AccountRecord>> reply) {
  read_value(std::move(ex), std::move(reply),
             [token = std::move(token), now](Connection& db) { return sql::session_account(db, token, now); });
}

void SqlStore::list_accounts(AccountQuery query, StoreExecutor ex, StoreReply<AccountPage> reply) {
  read_value(std::move(ex), std::move(reply), [query = std::move(query)](Connection& db) { return sql::list_accounts(db, query); });
}

void SqlStore::audit_log(int page, int per_page, StoreExecutor ex, StoreReply<AuditPage> reply) {
  read_value(std::move(ex), std::move(reply), [page, per_page](Connection& db) { return sql::audit_log(db, page, per_page); });
}

void SqlStore::game_history(GameHistoryQuery query, StoreExecutor ex, StoreReply<std::optional<GameHistory>> reply) {
  read_value(std::move(ex), std::move(reply), [query = std::move(query)](Connection& db) { return sql::game_history(db, query); });
}

void SqlStore::profile(std::string username, int recent, StoreExecutor ex, StoreReply<std::optional<Profile>> reply) {
  read_value(std::move(ex), std::move(reply),
             [username = std::move(username), recent](Connection& db) { return sql::profile(db, username, recent); });
}

void SqlStore::unfinished_rooms_of(std::int64_t player, StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [player](Connection& db) { return sql::unfinished_rooms_of(db, player); });
}

void SqlStore::rename_player(std::int64_t id, std::string name, StoreExecutor ex, StoreDone done) {
  write({[id, name = std::move(name)](Connection& db) { sql::rename_player(db, id, name); },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::open_room(RoomRecord room, EventRecord first, StoreExecutor ex, StoreReply<EventWritten> reply) {
  write_value(std::move(ex), std::move(reply), [room = std::move(room), first = std::move(first)](Connection& db) {
    return sql::insert_room(db, room, first);
  });
}

void SqlStore::append(std::string room, EventRecord event, RoomChange change, StoreExecutor ex,
                         StoreReply<EventWritten> reply) {
  write_value(std::move(ex), std::move(reply),
              [room = std::move(room), event = std::move(event), change = std::move(change)](Connection& db) {
                return sql::append_event(db, room, event, change);
              });
}

// ---- room leases ------------------------------------------------------------
// Claims and renewals are writes: they queue behind the events before them,
// and the writer's transaction keeps two nodes' claims of one room apart.

void SqlStore::claim_room(std::string room, std::string node, std::int64_t lease_ms, StoreExecutor ex,
                          StoreReply<LeaseClaim> reply) {
  write_value(std::move(ex), std::move(reply), [room = std::move(room), node = std::move(node), lease_ms](Connection& db) {
    return sql::claim_room(db, room, node, lease_ms);
  });
}

void SqlStore::renew_leases(std::string node, std::int64_t lease_ms, StoreExecutor ex, StoreReply<std::vector<RoomLease>> reply) {
  write_value(std::move(ex), std::move(reply),
              [node = std::move(node), lease_ms](Connection& db) { return sql::renew_leases(db, node, lease_ms); });
}

void SqlStore::release_room(std::string room, std::string node, std::int64_t epoch, StoreExecutor ex, StoreDone done) {
  write({[room = std::move(room), node = std::move(node), epoch](Connection& db) { sql::release_room(db, room, node, epoch); },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::release_node(std::string node, StoreExecutor ex, StoreReply<std::int64_t> reply) {
  write_value(std::move(ex), std::move(reply), [node = std::move(node)](Connection& db) { return sql::release_node(db, node); });
}

void SqlStore::room_lease(std::string room, StoreExecutor ex, StoreReply<std::optional<RoomLease>> reply) {
  read_value(std::move(ex), std::move(reply), [room = std::move(room)](Connection& db) { return sql::room_lease(db, room); });
}

void SqlStore::node_alive(std::string node, std::int64_t at, std::int64_t forget_before, StoreExecutor ex, StoreDone done) {
  write({[node = std::move(node), at, forget_before](Connection& db) { sql::node_alive(db, node, at, forget_before); },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::node_alive_at(std::string node, StoreExecutor ex, StoreReply<std::optional<std::int64_t>> reply) {
  read_value(std::move(ex), std::move(reply), [node = std::move(node)](Connection& db) { return sql::node_alive_at(db, node); });
}

void SqlStore::orphaned_rooms(std::int64_t limit, StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [limit](Connection& db) { return sql::orphaned_rooms(db, limit); });
}

// Chat goes through the writer's queue like events: a room's writes stay in
// the order called, each durable before its completion.
void SqlStore::append_chat(std::string room, ChatRecord message, std::optional<LeaseFence> fence, StoreExecutor ex,
                           StoreDone done) {
  write({[room = std::move(room), message = std::move(message), fence = std::move(fence)](Connection& db) {
           sql::insert_chat(db, room, message, fence);
         },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::delete_chat(std::string room, std::int64_t seq, AuditEntry audit, std::optional<LeaseFence> fence,
                           StoreExecutor ex, StoreDone done) {
  write({[room = std::move(room), seq, audit = std::move(audit), fence = std::move(fence)](Connection& db) {
           sql::delete_chat(db, room, seq, audit, fence);
         },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::set_follow(std::int64_t follower, std::string username, bool follow, std::int64_t now, StoreExecutor ex,
                          StoreReply<Outcome<FollowedPlayer>> reply) {
  write_value(std::move(ex), std::move(reply), [follower, username = std::move(username), follow, now](Connection& db) {
    return sql::set_follow(db, follower, username, follow, now);
  });
}

void SqlStore::following(std::int64_t follower, std::int64_t now, StoreExecutor ex, StoreReply<std::vector<FollowedPlayer>> reply) {
  read_value(std::move(ex), std::move(reply), [follower, now](Connection& db) { return sql::following(db, follower, now); });
}

void SqlStore::followers_to_tell(std::int64_t player, std::int64_t now, StoreExecutor ex,
                                 StoreReply<std::vector<std::int64_t>> reply) {
  read_value(std::move(ex), std::move(reply), [player, now](Connection& db) { return sql::followers_to_tell(db, player, now); });
}

void SqlStore::set_presence(std::int64_t player, std::string node, bool here, std::int64_t now, StoreExecutor ex, StoreDone done) {
  write({[player, node = std::move(node), here, now](Connection& db) { sql::set_presence(db, player, node, here, now); },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::online_of(std::vector<std::int64_t> players, std::int64_t now, StoreExecutor ex,
                         StoreReply<std::vector<std::int64_t>> reply) {
  read_value(std::move(ex), std::move(reply),
             [players = std::move(players), now](Connection& db) { return sql::online_of(db, players, now); });
}

void SqlStore::clear_presence(std::string node, StoreExecutor ex, StoreDone done) {
  write({[node = std::move(node)](Connection& db) { sql::clear_presence(db, node); }, done_on(std::move(ex), std::move(done))});
}

void SqlStore::save_conditional(std::string room, ConditionalRecord line, std::optional<LeaseFence> fence, StoreExecutor ex,
                                StoreDone done) {
  write({[room = std::move(room), line = std::move(line), fence = std::move(fence)](Connection& db) {
           sql::save_conditional(db, room, line, fence);
         },
         done_on(std::move(ex), std::move(done))});
}

void SqlStore::conditionals(std::string room, StoreExecutor ex, StoreReply<std::vector<ConditionalRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [room = std::move(room)](Connection& db) { return sql::conditionals(db, room); });
}

void SqlStore::find_player(std::string token, StoreExecutor ex, StoreReply<std::optional<PlayerRecord>> reply) {
  read_value(std::move(ex), std::move(reply),
             [token = std::move(token)](Connection& db) { return sql::find_player(db, token); });
}

void SqlStore::bot_players(StoreExecutor ex, StoreReply<std::vector<BotPlayer>> reply) {
  read_value(std::move(ex), std::move(reply), [](Connection& db) { return sql::bot_players(db); });
}

void SqlStore::seed_bot_ratings(std::vector<BotRatingSeed> seeds, StoreExecutor ex, StoreDone done) {
  write({[seeds = std::move(seeds)](Connection& db) { sql::seed_bot_ratings(db, seeds); }, done_on(std::move(ex), std::move(done))});
}

void SqlStore::events(std::string room, StoreExecutor ex, StoreReply<std::vector<EventRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [room = std::move(room)](Connection& db) { return sql::events(db, room); });
}

void SqlStore::chat(std::string room, StoreExecutor ex, StoreReply<std::vector<ChatRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [room = std::move(room)](Connection& db) { return sql::chat(db, room); });
}

void SqlStore::find_room(std::string id, StoreExecutor ex, StoreReply<std::optional<RoomRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [id = std::move(id)](Connection& db) { return sql::find_room(db, id); });
}

void SqlStore::list_rooms(RoomQuery query, StoreExecutor ex, StoreReply<RoomPage> reply) {
  read_value(std::move(ex), std::move(reply), [query](Connection& db) { return sql::list_rooms(db, query); });
}

void SqlStore::unfinished_rooms(StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [](Connection& db) { return sql::unfinished_rooms(db); });
}

void SqlStore::rating_history(std::string username, std::string perf, StoreExecutor ex,
                                 StoreReply<std::optional<RatingHistoryRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [username = std::move(username), perf = std::move(perf)](Connection& db) {
    return sql::rating_history(db, username, perf);
  });
}

void SqlStore::player_rating(std::int64_t player, std::string perf, StoreExecutor ex, StoreReply<std::optional<Rating>> reply) {
  read_value(std::move(ex), std::move(reply), [player, perf = std::move(perf)](Connection& db) { return sql::player_rating(db, player, perf); });
}

void SqlStore::leaderboard(std::string perf, std::int64_t now, int page, int per_page, StoreExecutor ex,
                              StoreReply<LeaderboardPage> reply) {
  read_value(std::move(ex), std::move(reply), [perf = std::move(perf), now, page, per_page](Connection& db) {
    return sql::leaderboard(db, perf, now, page, per_page);
  });
}

// ---- ladders and events: each write one transaction (competition_store.hpp) ----

namespace {

// A refused competition write changes nothing: what it wrote before deciding
// to refuse is rolled back to a savepoint (the batch's other writes stay).
template <class T, class Apply>
Outcome<T> all_or_nothing(Connection& db, Apply apply) {
  db.exec("SAVEPOINT competition");
  Outcome<T> out = apply();
  db.exec(out.ok() ? "RELEASE competition" : "ROLLBACK TO competition; RELEASE competition");
  return out;
}

}  // namespace

void SqlStore::create_ladder(LadderRecord ladder, AuditEntry audit, StoreExecutor ex,
                                StoreReply<Outcome<LadderRecord>> reply) {
  write_value(std::move(ex), std::move(reply), [ladder = std::move(ladder), audit = std::move(audit)](Connection& db) {
    return all_or_nothing<LadderRecord>(db, [&] { return sql::create_ladder(db, ladder, audit); });
  });
}

void SqlStore::edit_ladder(std::int64_t id, LadderEdit edit, StoreExecutor ex, StoreReply<Outcome<LadderRecord>> reply) {
  write_value(std::move(ex), std::move(reply), [id, edit = std::move(edit)](Connection& db) { return all_or_nothing<LadderRecord>(db, [&] { return sql::edit_ladder(db, id, edit); }); });
}

void SqlStore::ladders(StoreExecutor ex, StoreReply<std::vector<LadderRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [](Connection& db) { return sql::ladders(db); });
}

void SqlStore::ladder(std::int64_t id, StoreExecutor ex, StoreReply<std::optional<LadderDetail>> reply) {
  read_value(std::move(ex), std::move(reply), [id, now = clock_()](Connection& db) {
    Transaction snapshot(db, Transaction::kSnapshot);  // the standings and the challenges from one state
    return sql::ladder(db, id, now);
  });
}

void SqlStore::change_roster(std::int64_t id, RosterChange change, std::int64_t now, StoreExecutor ex,
                                StoreReply<Outcome<LadderDetail>> reply) {
  write_value(std::move(ex), std::move(reply),
              [id, change = std::move(change), now](Connection& db) { return all_or_nothing<LadderDetail>(db, [&] { return sql::change_roster(db, id, change, now); }); });
}

void SqlStore::challenge(NewChallenge challenge, StoreExecutor ex, StoreReply<Outcome<ChallengeMade>> reply) {
  write_value(std::move(ex), std::move(reply),
              [challenge = std::move(challenge)](Connection& db) { return all_or_nothing<ChallengeMade>(db, [&] { return sql::challenge(db, challenge); }); });
}

void SqlStore::answer_challenge(ChallengeAnswer answer, StoreExecutor ex, StoreReply<Outcome<ChallengeMade>> reply) {
  write_value(std::move(ex), std::move(reply),
              [answer](Connection& db) { return all_or_nothing<ChallengeMade>(db, [&] { return sql::answer_challenge(db, answer); }); });
}

void SqlStore::challenges_due(std::int64_t now, StoreExecutor ex, StoreReply<DueChallenges> reply) {
  write_value(std::move(ex), std::move(reply), [now](Connection& db) { return sql::challenges_due(db, now); });
}

void SqlStore::ladder_activity(std::int64_t now, StoreExecutor ex, StoreDone done) {
  write({[now](Connection& db) { sql::ladder_activity(db, now); }, done_on(std::move(ex), std::move(done))});
}

void SqlStore::create_tournament(TournamentRecord tournament, AuditEntry audit, StoreExecutor ex,
                                    StoreReply<Outcome<TournamentRecord>> reply) {
  write_value(std::move(ex), std::move(reply), [t = std::move(tournament), audit = std::move(audit)](Connection& db) {
    return all_or_nothing<TournamentRecord>(db, [&] { return sql::create_tournament(db, t, audit); });
  });
}

void SqlStore::tournaments(StoreExecutor ex, StoreReply<std::vector<TournamentRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [](Connection& db) { return sql::tournaments(db); });
}

void SqlStore::tournament(std::int64_t id, StoreExecutor ex, StoreReply<std::optional<TournamentDetail>> reply) {
  read_value(std::move(ex), std::move(reply), [id](Connection& db) {
    Transaction snapshot(db, Transaction::kSnapshot);
    return sql::tournament(db, id);
  });
}

void SqlStore::register_player(std::int64_t id, std::int64_t player, bool join, std::int64_t now, StoreExecutor ex,
                                  StoreReply<Outcome<std::int64_t>> reply) {
  write_value(std::move(ex), std::move(reply),
              [id, player, join, now](Connection& db) { return all_or_nothing<std::int64_t>(db, [&] { return sql::register_player(db, id, player, join, now); }); });
}

void SqlStore::tournament_command(std::int64_t id, TournamentCommand command, RoomIds room_ids, StoreExecutor ex,
                                     StoreReply<Outcome<TournamentProgress>> reply) {
  write_pairing(std::move(ex), std::move(reply),
                [id, command = std::move(command), room_ids = std::move(room_ids)](Connection& db, const sql::SwissTables& tables) {
                  return all_or_nothing<TournamentProgress>(
                      db, [&] { return sql::tournament_command(db, id, command, room_ids, tables); });
                },
                std::make_shared<sql::SwissTables>());
}

void SqlStore::tournament_room_ended(std::string room, std::int64_t now, RoomIds room_ids, StoreExecutor ex,
                                        StoreReply<std::optional<TournamentProgress>> reply) {
  write_pairing(std::move(ex), std::move(reply),
                [room = std::move(room), now, room_ids = std::move(room_ids)](Connection& db, const sql::SwissTables& tables) {
                  return sql::tournament_room_ended(db, room, now, room_ids, tables);
                },
                std::make_shared<sql::SwissTables>());
}

void SqlStore::resume_tournaments(RoomIds room_ids, StoreExecutor ex, StoreReply<std::vector<CompetitionGame>> reply) {
  write_pairing(std::move(ex), std::move(reply),
                [room_ids = std::move(room_ids)](Connection& db, const sql::SwissTables& tables) {
                  return sql::resume_tournaments(db, room_ids, tables);
                },
                std::make_shared<sql::SwissTables>());
}

void SqlStore::pending_games(StoreExecutor ex, StoreReply<std::vector<CompetitionGame>> reply) {
  read_value(std::move(ex), std::move(reply), [](Connection& db) {
    auto games = sql::pending_ladder_games(db);
    auto more = sql::pending_tournament_games(db);
    games.insert(games.end(), more.begin(), more.end());
    return games;
  });
}

void SqlStore::store_import(ImportedGame game, StoreExecutor ex, StoreReply<Outcome<ImportedGame>> reply) {
  write_value(std::move(ex), std::move(reply), [game = std::move(game)](Connection& db) {
    return all_or_nothing<ImportedGame>(db, [&] { return sql::store_import(db, game); });
  });
}

void SqlStore::find_import(std::string id, StoreExecutor ex, StoreReply<std::optional<ImportedGame>> reply) {
  read_value(std::move(ex), std::move(reply), [id = std::move(id)](Connection& db) { return sql::find_import(db, id); });
}

void SqlStore::imports_of(std::int64_t player, int limit, StoreExecutor ex, StoreReply<std::vector<ImportedGame>> reply) {
  read_value(std::move(ex), std::move(reply), [player, limit](Connection& db) { return sql::imports_of(db, player, limit); });
}

// ---- the bot and board API (#45) ----

void SqlStore::create_token(ApiToken token, std::string token_hash, StoreExecutor ex, StoreReply<Outcome<ApiToken>> reply) {
  write_value(std::move(ex), std::move(reply), [token = std::move(token), hash = std::move(token_hash)](Connection& db) {
    return all_or_nothing<ApiToken>(db, [&] { return sql::create_token(db, token, hash); });
  });
}

void SqlStore::tokens_of(std::int64_t account, StoreExecutor ex, StoreReply<std::vector<ApiToken>> reply) {
  read_value(std::move(ex), std::move(reply), [account](Connection& db) { return sql::tokens_of(db, account); });
}

void SqlStore::revoke_token(std::int64_t account, std::string id, StoreExecutor ex, StoreReply<bool> reply) {
  write_value(std::move(ex), std::move(reply), [account, id = std::move(id)](Connection& db) { return sql::revoke_token(db, account, id); });
}

void SqlStore::token_holder(std::string token_hash, StoreExecutor ex, StoreReply<std::optional<TokenHolder>> reply) {
  read_value(std::move(ex), std::move(reply), [hash = std::move(token_hash)](Connection& db) {
    Transaction snapshot(db, Transaction::kSnapshot);  // the account and its token from one state
    return sql::token_holder(db, hash);
  });
}

void SqlStore::make_bot(std::int64_t account, AuditEntry audit, StoreExecutor ex, StoreReply<Outcome<AccountRecord>> reply) {
  write_value(std::move(ex), std::move(reply), [account, audit = std::move(audit)](Connection& db) {
    return all_or_nothing<AccountRecord>(db, [&] { return sql::make_bot(db, account, audit); });
  });
}

void SqlStore::create_player_challenge(PlayerChallenge challenge, StoreExecutor ex, StoreReply<Outcome<PlayerChallenge>> reply) {
  write_value(std::move(ex), std::move(reply), [challenge = std::move(challenge)](Connection& db) {
    return all_or_nothing<PlayerChallenge>(db, [&] { return sql::create_player_challenge(db, challenge); });
  });
}

void SqlStore::find_player_challenge(std::string id, StoreExecutor ex, StoreReply<std::optional<PlayerChallenge>> reply) {
  read_value(std::move(ex), std::move(reply), [id = std::move(id)](Connection& db) { return sql::find_player_challenge(db, id); });
}

void SqlStore::player_challenges_of(std::int64_t account, StoreExecutor ex, StoreReply<std::vector<PlayerChallenge>> reply) {
  read_value(std::move(ex), std::move(reply), [account](Connection& db) { return sql::player_challenges_of(db, account); });
}

void SqlStore::answer_player_challenge(std::string id, PlayerChallenge::Status from, PlayerChallenge::Status to, std::string reason,
                                       std::string room, std::int64_t now, StoreExecutor ex, StoreReply<Outcome<PlayerChallenge>> reply) {
  write_value(std::move(ex), std::move(reply),
              [id = std::move(id), from, to, reason = std::move(reason), room = std::move(room), now](Connection& db) {
                return all_or_nothing<PlayerChallenge>(db, [&] { return sql::answer_player_challenge(db, id, from, to, reason, room, now); });
              });
}

void SqlStore::expire_player_challenges(std::int64_t now, StoreExecutor ex, StoreReply<std::vector<PlayerChallenge>> reply) {
  write_value(std::move(ex), std::move(reply), [now](Connection& db) { return sql::expire_player_challenges(db, now); });
}

void SqlStore::extend_player_challenges(std::vector<std::string> ids, std::int64_t until, StoreExecutor ex, StoreDone done) {
  write({[ids = std::move(ids), until](Connection& db) { sql::extend_player_challenges(db, ids, until); }, done_on(std::move(ex), std::move(done))});
}

void SqlStore::place_seek(SeekRecord seek, std::int64_t now, StoreExecutor ex, StoreReply<Outcome<SeekPlacement>> reply) {
  write_value(std::move(ex), std::move(reply), [seek = std::move(seek), now](Connection& db) {
    return all_or_nothing<SeekPlacement>(db, [&] { return sql::place_seek(db, seek, now); });
  });
}

void SqlStore::remove_seek(std::int64_t player, std::string id, StoreExecutor ex, StoreReply<bool> reply) {
  write_value(std::move(ex), std::move(reply), [player, id = std::move(id)](Connection& db) { return sql::remove_seek(db, player, id); });
}

void SqlStore::renew_seeks(std::vector<std::string> ids, std::int64_t now, StoreExecutor ex, StoreReply<std::vector<std::string>> reply) {
  write_value(std::move(ex), std::move(reply), [ids = std::move(ids), now](Connection& db) { return sql::renew_seeks(db, ids, now); });
}

void SqlStore::seek_counts(std::int64_t now, StoreExecutor ex, StoreReply<std::map<std::string, std::int64_t>> reply) {
  read_value(std::move(ex), std::move(reply), [now](Connection& db) { return sql::seek_counts(db, now); });
}

void SqlStore::unopened_games(StoreExecutor ex, StoreReply<std::vector<CompetitionGame>> reply) {
  read_value(std::move(ex), std::move(reply), [](Connection& db) {
    auto games = sql::pending_ladder_games(db, "", sql::Pending::unopened);
    auto more = sql::pending_tournament_games(db, sql::Pending::unopened);
    games.insert(games.end(), more.begin(), more.end());
    return games;
  });
}

// ---- trust and safety (#34) ----

void SqlStore::skeleton_taken(std::string skeleton, StoreExecutor ex, StoreReply<bool> reply) {
  read_value(std::move(ex), std::move(reply),
             [skeleton = std::move(skeleton)](Connection& db) { return sql::skeleton_taken(db, skeleton); });
}

void SqlStore::create_report(NewReport report, StoreExecutor ex, StoreReply<Outcome<ReportRecord>> reply) {
  write_value(std::move(ex), std::move(reply),
              [report = std::move(report)](Connection& db) { return sql::create_report(db, report); });
}

void SqlStore::reports(std::string status, int page, int per_page, StoreExecutor ex, StoreReply<ReportPage> reply) {
  read_value(std::move(ex), std::move(reply), [status = std::move(status), page, per_page](Connection& db) {
    return sql::reports(db, status, page, per_page);
  });
}

void SqlStore::reports_of(std::int64_t reporter, StoreExecutor ex, StoreReply<std::vector<ReportRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [reporter](Connection& db) { return sql::reports_of(db, reporter); });
}

void SqlStore::resolve_report(std::int64_t id, std::string outcome, std::int64_t by, std::int64_t now, AuditEntry audit,
                              StoreExecutor ex, StoreReply<Outcome<ReportRecord>> reply) {
  write_value(std::move(ex), std::move(reply),
              [id, outcome = std::move(outcome), by, now, audit = std::move(audit)](Connection& db) {
                return sql::resolve_report(db, id, outcome, by, now, audit);
              });
}

void SqlStore::set_block(std::int64_t blocker, std::string username, bool block, std::int64_t now, StoreExecutor ex,
                         StoreReply<Outcome<BlockRecord>> reply) {
  write_value(std::move(ex), std::move(reply), [blocker, username = std::move(username), block, now](Connection& db) {
    return sql::set_block(db, blocker, username, block, now);
  });
}

void SqlStore::blocks_of(std::int64_t blocker, StoreExecutor ex, StoreReply<std::vector<BlockRecord>> reply) {
  read_value(std::move(ex), std::move(reply), [blocker](Connection& db) { return sql::blocks_of(db, blocker); });
}

void SqlStore::all_blocks(StoreExecutor ex, StoreReply<std::vector<std::pair<std::int64_t, std::int64_t>>> reply) {
  read_value(std::move(ex), std::move(reply), [](Connection& db) { return sql::all_blocks(db); });
}

// ---- mail ----

void SqlStore::notify_player(PlayerNotice notice, StoreExecutor ex, StoreReply<NoticeOutcome> reply) {
  write_value(std::move(ex), std::move(reply), [notice = std::move(notice)](Connection& db) { return sql::notify_player(db, notice); });
}

void SqlStore::notices(std::int64_t player, StoreExecutor ex, StoreReply<NoticeList> reply) {
  read_value(std::move(ex), std::move(reply), [player](Connection& db) { return sql::notices(db, player); });
}

void SqlStore::read_notices(std::int64_t player, std::int64_t up_to, std::int64_t now, StoreExecutor ex, StoreReply<int> reply) {
  write_value(std::move(ex), std::move(reply),
              [player, up_to, now](Connection& db) { return sql::read_notices(db, player, up_to, now); });
}

void SqlStore::notice_intents(std::string room, std::int64_t after, int limit, StoreExecutor ex,
                              StoreReply<std::vector<NoticeIntent>> reply) {
  read_value(std::move(ex), std::move(reply), [room = std::move(room), after, limit](Connection& db) {
    Transaction snapshot(db, Transaction::kSnapshot);  // the intents and their rooms from one state
    return sql::notice_intents(db, room, after, std::clamp(limit, 1, kIntentsPerRead));
  });
}

void SqlStore::resolve_intent(NoticeIntent intent, std::optional<PlayerNotice> notice, StoreExecutor ex,
                              StoreReply<std::optional<NoticeOutcome>> reply) {
  write_value(std::move(ex), std::move(reply), [intent = std::move(intent), notice = std::move(notice)](Connection& db) {
    return sql::resolve_intent(db, intent, notice);
  });
}

void SqlStore::queue_mail(MailRequest request, StoreExecutor ex, StoreReply<MailQueued> reply) {
  write_value(std::move(ex), std::move(reply),
              [request = std::move(request)](Connection& db) { return sql::queue_mail(db, request); });
}

void SqlStore::mail_settings(std::int64_t account, std::int64_t now, StoreExecutor ex, StoreReply<MailSettings> reply) {
  read_value(std::move(ex), std::move(reply), [account, now](Connection& db) { return sql::mail_settings(db, account, now); });
}

void SqlStore::set_mail_switches(std::int64_t account, MailSwitches notify, StoreExecutor ex, StoreDone done) {
  write({[account, notify](Connection& db) { sql::set_mail_switches(db, account, notify); }, done_on(std::move(ex), std::move(done))});
}

void SqlStore::verify_address(std::string token, std::int64_t now, StoreExecutor ex,
                              StoreReply<std::optional<AddressVerified>> reply) {
  write_value(std::move(ex), std::move(reply),
              [token = std::move(token), now](Connection& db) { return sql::verify_address(db, token, now); });
}

void SqlStore::reset_password(std::string token, std::string hash, std::int64_t now, AuditEntry audit, StoreExecutor ex,
                              StoreReply<std::optional<PasswordReset>> reply) {
  write_value(std::move(ex), std::move(reply),
              [token = std::move(token), hash = std::move(hash), now, audit = std::move(audit)](Connection& db) {
                return sql::reset_password(db, token, hash, now, audit);
              });
}

void SqlStore::reset_targets(std::string login, StoreExecutor ex, StoreReply<std::vector<ResetTarget>> reply) {
  read_value(std::move(ex), std::move(reply), [login = std::move(login)](Connection& db) { return sql::reset_targets(db, login); });
}

void SqlStore::claim_mail(std::int64_t now, int limit, StoreExecutor ex, StoreReply<std::vector<OutboxMail>> reply) {
  write_value(std::move(ex), std::move(reply), [now, limit](Connection& db) { return sql::claim_mail(db, now, limit); });
}

void SqlStore::finish_mail(MailResult result, StoreExecutor ex, StoreDone done) {
  write({[result = std::move(result)](Connection& db) { sql::finish_mail(db, result); }, done_on(std::move(ex), std::move(done))});
}

void SqlStore::abandon_claimed(StoreExecutor ex, StoreReply<std::int64_t> reply) {
  write_value(std::move(ex), std::move(reply), [](Connection& db) { return sql::abandon_claimed(db); });
}

void SqlStore::next_mail_due(StoreExecutor ex, StoreReply<std::optional<std::int64_t>> reply) {
  read_value(std::move(ex), std::move(reply), [](Connection& db) { return sql::next_mail_due(db); });
}

void SqlStore::unsubscribe(std::string token, StoreExecutor ex, StoreReply<bool> reply) {
  write_value(std::move(ex), std::move(reply), [token = std::move(token)](Connection& db) { return sql::unsubscribe(db, token); });
}

}  // namespace arena
