#include "postgres_connection.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <pqxx/pqxx>
#include <optional>
#include <vector>

namespace arena {

// libpqxx's objects, kept out of the header (it is heavy to compile).
struct PostgresLink {
  explicit PostgresLink(const std::string& url) : connection(url), autocommit(connection) {
    // Quiet: no "relation exists, skipping" notices on the server's stderr.
    // Pinned whatever the role or database says: a commit is durable before it
    // is reported, text is UTF-8, a rating reads back exactly as written.
    autocommit.exec(
        "SET client_min_messages TO error; SET synchronous_commit TO on; SET client_encoding TO 'UTF8'; "
        "SET extra_float_digits TO 3");
    // Every wait bounded (#42): a statement, a lock, a transaction left open,
    // a peer gone silent. One stalled connection would hold the writer, and
    // the lease renewals queued behind it, until other nodes took this node's
    // rooms while it is alive; bounded, the write fails, is answered as
    // failed, and the next one may find the database again.
    autocommit.exec(std::string("SET statement_timeout TO '") + kPostgresStatementTimeout + "'; SET lock_timeout TO '" +
                    kPostgresLockTimeout + "'; SET idle_in_transaction_session_timeout TO '60s'; "
                    "SET tcp_keepalives_idle TO 10; SET tcp_keepalives_interval TO 5; SET tcp_keepalives_count TO 3");
  }
  pqxx::connection connection;
  pqxx::nontransaction autocommit;
};

namespace {

// Every error as the store reports it: one SqlError line.
template <class Work>
auto translated(Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const SqlError&) {
    throw;
  } catch (const pqxx::broken_connection& e) {
    throw SqlError(std::string("the database connection is lost: ") + e.what());
  } catch (const pqxx::sql_error& e) {
    std::string what = e.what();
    while (!what.empty() && (what.back() == '\n' || what.back() == ' ')) what.pop_back();
    if (e.sqlstate() == "55P03") throw SqlLockTimeout(what);
    if (e.sqlstate() == "40001" || e.sqlstate() == "40P01") throw SqlConflict(what);
    throw SqlError(what);
  } catch (const std::exception& e) {
    throw SqlError(e.what());
  }
}

// Columns read as SQLite reads them: NULL as 0, booleans as 1 and 0, a
// numeric (an aggregate) truncated.
std::int64_t to_integer(const pqxx::field& f) {
  if (f.is_null()) return 0;
  const char* text = f.c_str();
  std::size_t size = f.size();
  if (size == 1 && (text[0] == 't' || text[0] == 'f')) return text[0] == 't' ? 1 : 0;
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text, text + size, value);
  if (ec == std::errc() && end == text + size) return value;
  double real = 0;
  if (std::sscanf(text, "%lf", &real) == 1 && std::isfinite(real)) return static_cast<std::int64_t>(real);
  throw SqlError("not an integer: '" + std::string(text, size) + "'");
}

}  // namespace

class PostgresStatement final : public StatementBackend {
 public:
  PostgresStatement(PostgresConnection& db, std::string name) : db_(db), name_(std::move(name)) {}

  void bind_integer(int i, std::int64_t v) override { slot(i) = std::to_string(v); }
  void bind_text(int i, std::string_view v) override {
    if (v.find('\0') != std::string_view::npos) throw SqlError("bind: a text holding a NUL byte");
    slot(i) = std::string(v);
  }
  void bind_real(int i, double v) override {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);  // shortest text that reads back as v
    slot(i) = std::string(buffer, ec == std::errc() ? end : buffer);
  }
  void bind_null(int i) override { slot(i).reset(); }

  bool step() override {
    if (!executed_) {
      std::vector<const char*> values;
      values.reserve(params_.size());
      for (const auto& p : params_) values.push_back(p ? p->c_str() : nullptr);
      result_ = translated([&] {
        return db_.link_->autocommit.exec_prepared(name_, pqxx::prepare::make_dynamic_params(values));
      });
      db_.changes_ = static_cast<int>(result_.affected_rows());
      executed_ = true;
      row_ = -1;
    }
    return ++row_ < static_cast<long>(result_.size());
  }

  void reset() override {
    params_.clear();
    result_.clear();
    executed_ = false;
    row_ = -1;
  }

  bool is_null(int i) const override { return field(i).is_null(); }
  std::int64_t integer(int i) const override { return to_integer(field(i)); }
  double real(int i) const override {
    const pqxx::field f = field(i);
    if (f.is_null()) return 0;
    double v = 0;
    if (std::sscanf(f.c_str(), "%lf", &v) != 1) throw SqlError("not a number: '" + std::string(f.c_str()) + "'");
    return v;
  }
  std::string text(int i) const override {
    const pqxx::field f = field(i);
    return f.is_null() ? std::string() : std::string(f.c_str(), f.size());
  }

 private:
  std::optional<std::string>& slot(int i) {
    if (i < 1 || i > 65535) throw SqlError("bind: no parameter " + std::to_string(i));
    if (params_.size() < static_cast<std::size_t>(i)) params_.resize(i);
    return params_[i - 1];
  }
  pqxx::field field(int i) const {
    if (row_ < 0 || row_ >= static_cast<long>(result_.size()) || i < 0 || i >= static_cast<int>(result_.columns()))
      throw SqlError("no column " + std::to_string(i));
    return result_[row_][i];
  }

  PostgresConnection& db_;
  std::string name_;
  std::vector<std::optional<std::string>> params_;
  pqxx::result result_;
  bool executed_ = false;
  long row_ = -1;
};

std::string postgres_parameters(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  int next = 1;  // as SQLite numbers a bare ?: one more than the largest so far
  char quote = 0;  // inside '…' or "…"
  for (std::size_t i = 0; i < sql.size(); ++i) {
    char c = sql[i];
    if (quote) {
      if (c == quote) quote = 0;
      out += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      out += c;
    } else if (c == '?') {
      std::size_t digits = i + 1;
      while (digits < sql.size() && sql[digits] >= '0' && sql[digits] <= '9') ++digits;
      if (digits > i + 1) {
        std::string_view number = sql.substr(i + 1, digits - i - 1);
        out += '$';
        out.append(number);
        int n = 0;
        std::from_chars(number.data(), number.data() + number.size(), n);
        next = std::max(next, n + 1);
        i = digits - 1;
      } else {
        out += '$' + std::to_string(next++);
      }
    } else {
      out += c;
    }
  }
  return out;
}

PostgresConnection::PostgresConnection(const std::string& url) {
  // libpq waits for an unreachable host as long as the kernel does (minutes):
  // the writer would hold every queued write that long.
  // Nor for a peer that stopped answering: TCP keepalives probe it after 10 s
  // of silence, and unacknowledged data gives up after 30 s (#42).
  std::string target = url;
  for (const char* option : {"connect_timeout=10", "keepalives=1", "keepalives_idle=10", "keepalives_interval=5",
                             "keepalives_count=3", "tcp_user_timeout=30000"}) {
    std::string_view name(option, std::string_view(option).find('=') + 1);
    if (target.find(name) == std::string::npos) target += (target.find('?') == std::string::npos ? "?" : "&") + std::string(option);
  }
  translated([&] { link_ = std::make_unique<PostgresLink>(target); });
}

PostgresConnection::~PostgresConnection() {
  cache_.clear();
  link_.reset();
}

void PostgresConnection::exec(std::string_view sql) {
  translated([&] {
    pqxx::result r = link_->autocommit.exec(std::string(sql));
    changes_ = static_cast<int>(r.affected_rows());
  });
}

Statement PostgresConnection::prepare(const std::string& sql) {
  auto [it, added] = cache_.try_emplace(sql);
  if (added) {
    std::string name = "s" + std::to_string(cache_.size());
    try {
      translated([&] { link_->connection.prepare(name, postgres_parameters(sql)); });
    } catch (...) {
      cache_.erase(it);
      throw;
    }
    it->second = std::make_unique<PostgresStatement>(*this, name);
  }
  return Statement(*it->second);
}

std::int64_t PostgresConnection::last_insert_rowid() {
  return std::stoll(text_of("SELECT lastval()"));
}

// Read committed: the writes of different rooms, on different nodes, commit
// in parallel, with no lock of the whole database. What a transaction reads
// then writes (ratings, a ladder's standings, an event's pairings) it locks
// first with lock(); a room's own rows are written only by the node holding
// its lease, whose fence check locks the lease row (sql_lease_queries.cpp).
void PostgresConnection::begin_write() { exec("BEGIN"); }

// A transaction-scoped advisory lock named by the kind of thing and its id:
// the row lock of something that may have no row yet (a player's first rating).
// Two transactions that take two locks in opposite orders deadlock:
// PostgreSQL ends one (SQLSTATE 40P01, SqlConflict) and the store runs it again.
void PostgresConnection::lock(Locked what, std::int64_t id) {
  std::int64_t key = (static_cast<std::int64_t>(what) << 56) ^ id;
  prepare("SELECT pg_advisory_xact_lock(?)").bind(1, key).step();
}

void PostgresConnection::rollback() noexcept {
  try {
    link_->autocommit.exec("ROLLBACK");
  } catch (...) {
    // A lost connection has rolled back on the server already.
  }
}

bool PostgresConnection::broken() const { return !link_->connection.is_open(); }

void PostgresConnection::create_database(const std::string& url, const std::string& database) {
  for (char c : database)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') throw SqlError("a database name of letters, digits and _");
  translated([&] {
    pqxx::connection admin(url);
    pqxx::nontransaction tx(admin);
    pqxx::result exists = tx.exec_params("SELECT 1 FROM pg_database WHERE datname = $1", database);
    if (exists.empty()) tx.exec("CREATE DATABASE " + database);
  });
}

}  // namespace arena
