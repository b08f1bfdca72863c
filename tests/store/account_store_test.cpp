// Accounts, sessions and the audit log on SQLite, through the store's
// asynchronous interface: the session lifecycle, a guest handed over to an
// account, moderation changes stored with their audit entry, secrets only as
// digests.
#include <doctest/doctest.h>

#include "store_test_support.hpp"

using namespace store_test;

namespace {

// The account calls, each waited for.
struct Accounts {
  SqlStore& store;
  asio::io_context& io;

  Stored<CreatedAccount> create(NewAccount a) {
    Slot<Stored<CreatedAccount>> s;
    store.create_account(std::move(a), io.get_executor(), s.fill());
    return s.get(io);
  }
  Stored<std::optional<AccountRecord>> find(const std::string& username) {
    Slot<Stored<std::optional<AccountRecord>>> s;
    store.find_account(username, io.get_executor(), s.fill());
    return s.get(io);
  }
  std::optional<AccountRecord> by_session(const std::string& token, std::int64_t now) {
    Slot<Stored<std::optional<AccountRecord>>> s;
    store.session_account(token, now, io.get_executor(), s.fill());
    auto& answer = s.get(io);
    REQUIRE(answer.ok());
    return answer.value;
  }
  std::string start_session(std::int64_t account, const std::string& token, std::int64_t now, std::int64_t expires) {
    Slot<std::string> s;
    store.create_session(account, token, now, expires, io.get_executor(), s.fill());
    return s.get(io);
  }
  std::string end_session(const std::string& token) {
    Slot<std::string> s;
    store.delete_session(token, io.get_executor(), s.fill());
    return s.get(io);
  }
  Stored<AccountRecord> change(AccountChange c) {
    Slot<Stored<AccountRecord>> s;
    store.change_account(std::move(c), io.get_executor(), s.fill());
    return s.get(io);
  }
  Stored<AuditPage> audit(int page = 1) {
    Slot<Stored<AuditPage>> s;
    store.audit_log(page, 50, io.get_executor(), s.fill());
    return s.get(io);
  }
};

std::string token(char c) { return std::string(64, c); }

NewAccount new_account(const std::string& username, const std::string& session = "") {
  NewAccount a;
  a.username = username;
  a.password_hash = "$argon2id$v=19$m=65536,t=2,p=1$fake";
  a.session_token = session;
  a.session_expires = session.empty() ? 0 : 10'000;
  return a;
}

}  // namespace

TEST_CASE("account store: usernames are unique ignoring case; the hash is read back only by find_account") {
  std::string path = temp_store("accounts.db");
  SqlStore store(path);
  asio::io_context io;
  Accounts a{store, io};
  auto ann = a.create(new_account("Ann_1"));
  REQUIRE(ann.ok());
  CHECK(!ann.value.taken);
  CHECK(ann.value.account.username == "Ann_1");
  CHECK(ann.value.account.role == protocol::Role::Player);
  CHECK(ann.value.account.password_hash.empty());
  auto again = a.create(new_account("ANN_1"));
  REQUIRE(again.ok());
  CHECK(again.value.taken);
  auto found = a.find("ann_1");
  REQUIRE(found.ok());
  REQUIRE(found.value);
  CHECK(found.value->id == ann.value.account.id);
  CHECK(found.value->password_hash == "$argon2id$v=19$m=65536,t=2,p=1$fake");
  CHECK(!a.find("nobody").value);
  RawConnection raw(path);
  CHECK(raw.column("SELECT count(*) FROM accounts") == std::vector<std::string>{"1"});
  CHECK(raw.column("SELECT name FROM players WHERE id NOT IN (SELECT player FROM bots)") == std::vector<std::string>{"Ann_1"});
}

TEST_CASE("account store: sessions live until they expire or end; an account keeps at most 20") {
  std::string path = temp_store("sessions.db");
  SqlStore store(path);
  asio::io_context io;
  Accounts a{store, io};
  auto ann = a.create(new_account("ann", token('a')));
  REQUIRE(ann.ok());
  std::int64_t id = ann.value.account.id;
  CHECK(a.by_session(token('a'), 9'999)->id == id);
  CHECK(!a.by_session(token('a'), 10'000));  // expired
  CHECK(!a.by_session(token('z'), 0));

  REQUIRE(a.start_session(id, token('b'), 100, 50'000) == "");
  CHECK(a.by_session(token('b'), 200)->username == "ann");
  REQUIRE(a.end_session(token('b')) == "");
  CHECK(!a.by_session(token('b'), 200));
  REQUIRE(a.end_session(token('b')) == "");  // ending it twice is harmless

  // Only digests are stored.
  RawConnection raw(path);
  for (const auto& digest : raw.column("SELECT token_hash FROM sessions")) CHECK(digest.size() == 64);
  CHECK(raw.column("SELECT count(*) FROM sessions WHERE token_hash = '" + token('a') + "'") == std::vector<std::string>{"0"});

  // A new session deletes the expired ones and keeps the newest 20 per account.
  for (int i = 0; i < 25; ++i) {
    std::string t = std::to_string(i);
    t.resize(64, 'f');
    REQUIRE(a.start_session(id, t, 20'000 + i, 90'000) == "");
  }
  CHECK(raw.column("SELECT count(*) FROM sessions") == std::vector<std::string>{"20"});
  std::string oldest = "0", newest = "24";
  oldest.resize(64, 'f');
  newest.resize(64, 'f');
  CHECK(!a.by_session(oldest, 30'000));
  CHECK(a.by_session(newest, 30'000));
}

TEST_CASE("account store: a guest's player is handed over once; the guest token stops working") {
  SqlStore store(temp_store("guest.db"));
  asio::io_context io;
  Blocking b(store, io);
  Accounts a{store, io};
  auto guest = b.create_player(token('g'), "Guesty");
  REQUIRE(guest.ok());
  NewAccount n = new_account("ann");
  n.guest_token = token('g');
  auto ann = a.create(n);
  REQUIRE(ann.ok());
  CHECK(ann.value.account.player == guest.value.id);
  CHECK(!b.find_player(token('g')).value);  // the token no longer names anyone
  // The same token again (or an unknown one) makes a new player.
  NewAccount other = new_account("bob");
  other.guest_token = token('g');
  auto bob = a.create(other);
  REQUIRE(bob.ok());
  CHECK(bob.value.account.player != guest.value.id);
}

TEST_CASE("account store: a change and its audit entry are stored together, or neither") {
  std::string path = temp_store("audit.db");
  SqlStore store(path);
  asio::io_context io;
  Accounts a{store, io};
  auto ann = a.create(new_account("ann", token('a')));
  REQUIRE(ann.ok());
  AccountChange ban;
  ban.account = ann.value.account.id;
  ban.banned_until = 99'000;
  ban.ban_reason = "spam";
  ban.end_sessions = true;
  ban.audit = AuditEntry{std::nullopt, "ban", "ann", R"({"minutes":1})", "cli", 42};
  auto after = a.change(ban);
  REQUIRE(after.ok());
  CHECK(after.value.banned_until == 99'000);
  CHECK(after.value.ban_reason == "spam");
  CHECK(!a.by_session(token('a'), 0));  // logged out everywhere

  AccountChange unknown = ban;
  unknown.account = 12345;
  unknown.audit.action = "must-not-be-written";
  CHECK(!a.change(unknown).ok());

  auto log = a.audit();
  REQUIRE(log.ok());
  REQUIRE(log.value.total == 1);
  CHECK(log.value.entries[0].entry.action == "ban");
  CHECK(log.value.entries[0].entry.details == R"({"minutes":1})");
  CHECK(log.value.entries[0].entry.at == 42);
  CHECK(!log.value.entries[0].entry.actor);
}
