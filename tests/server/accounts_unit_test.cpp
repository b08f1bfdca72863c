// The pieces of accounts alone: the password hasher (libsodium's own test
// vectors need fixed salts, so: round trips, wrong passwords, needs_rehash),
// the login limiter on a fake clock, the session cookie, request bodies.
#include <boost/asio/io_context.hpp>
#include <doctest/doctest.h>
#include <sodium.h>

#include "account/login_limiter.hpp"
#include "account/password_hasher.hpp"
#include "account/session_cookie.hpp"
#include "protocol/account_messages.hpp"

namespace {

using namespace arena;

}  // namespace

TEST_CASE("passwords: Argon2id hashes verify the password and nothing else") {
  std::string hash = PasswordHasher::hash_now("correct horse battery");
  REQUIRE(!hash.empty());
  CHECK(hash.rfind("$argon2id$", 0) == 0);
  CHECK(hash.find("correct horse") == std::string::npos);
  CHECK(hash != PasswordHasher::hash_now("correct horse battery"));  // a random salt each time
  CHECK(PasswordHasher::verify_now(hash, "correct horse battery").ok);
  CHECK(!PasswordHasher::verify_now(hash, "correct horse batterY").ok);
  CHECK(!PasswordHasher::verify_now(hash, "").ok);
  CHECK(!PasswordHasher::verify_now("not a hash", "correct horse battery").ok);
  CHECK(!PasswordHasher::verify_now("", "").ok);
  CHECK(PasswordHasher::verify_now(hash, "correct horse battery").new_hash.empty());  // current limits: no rehash
  CHECK(!PasswordHasher::needs_rehash(hash));
}

TEST_CASE("passwords: a hash made with other limits is rehashed at the next successful check") {
  REQUIRE(sodium_init() >= 0);
  char weaker[crypto_pwhash_STRBYTES];
  REQUIRE(crypto_pwhash_str_alg(weaker, "old password", 12, crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN,
                                crypto_pwhash_ALG_ARGON2ID13) == 0);
  CHECK(PasswordHasher::needs_rehash(weaker));
  CHECK(PasswordHasher::needs_rehash("garbage"));
  auto wrong = PasswordHasher::verify_now(weaker, "new password");
  CHECK(!wrong.ok);
  CHECK(wrong.new_hash.empty());  // never for a wrong password
  auto right = PasswordHasher::verify_now(weaker, "old password");
  REQUIRE(right.ok);
  REQUIRE(!right.new_hash.empty());
  CHECK(!PasswordHasher::needs_rehash(right.new_hash));
  CHECK(PasswordHasher::verify_now(right.new_hash, "old password").ok);
}

TEST_CASE("passwords: the hasher's threads answer on the caller's executor; a full queue refuses") {
  boost::asio::io_context io;
  PasswordHasher hasher(2, 3);
  std::string hashed;
  std::optional<PasswordHasher::Verdict> known, unknown;
  REQUIRE(hasher.hash("a fine password", io.get_executor(), [&](std::string h) { hashed = std::move(h); }));
  auto work = boost::asio::make_work_guard(io);
  while (hashed.empty()) io.run_one();
  REQUIRE(hasher.verify(hashed, "a fine password", io.get_executor(), [&](PasswordHasher::Verdict v) { known = v; }));
  REQUIRE(hasher.verify(std::nullopt, "a fine password", io.get_executor(), [&](PasswordHasher::Verdict v) { unknown = v; }));
  while (!known || !unknown) io.run_one();
  CHECK(known->ok);
  CHECK(!unknown->ok);  // no account: the same work against a dummy hash, never a match

  // Three may wait (two more may already run): beyond that, refused at once.
  int answered = 0, accepted = 0;
  for (int i = 0; i < 12; ++i)
    if (hasher.hash("p" + std::to_string(i) + "-password", io.get_executor(), [&](std::string) { ++answered; })) ++accepted;
  CHECK(accepted >= 3);
  CHECK(accepted <= 5);
  while (answered < accepted) io.run_one();
}

TEST_CASE("login limits: 10 failures per account and 100 per address in 10 minutes, on an injected clock") {
  std::int64_t now = 5'000'000;
  LoginLimiter limiter(LoginLimits{}, [&now] { return now; });
  for (int i = 0; i < 9; ++i) limiter.failed("Alice", "10.0.0.1");
  CHECK(limiter.retry_after("alice", "10.0.0.1") == 0);
  limiter.failed("ALICE", "10.0.0.2");  // the username ignoring case, from anywhere
  CHECK(limiter.retry_after("alice", "10.0.0.3") == 600);
  now += 599'000;
  CHECK(limiter.retry_after("alice", "10.0.0.3") == 1);
  now += 1'000;  // the first failure leaves the window
  CHECK(limiter.retry_after("alice", "10.0.0.3") == 0);
  CHECK(limiter.retry_after("bob", "10.0.0.1") == 0);  // other accounts were never limited

  // A success takes back only its own attempt: 9 failures, a right password,
  // then the 10th failure closes the account (the attack of issue #34 had 10
  // more before 429, 19 guesses within a minute).
  for (int i = 0; i < 9; ++i) CHECK(limiter.attempt("carol", "10.0.0.9") == 0);
  CHECK(limiter.attempt("carol", "10.0.0.9") == 0);
  limiter.succeeded("Carol", "10.0.0.9");
  CHECK(limiter.attempt("carol", "10.0.0.8") == 0);
  CHECK(limiter.attempt("carol", "10.0.0.8") == 600);

  // 100 failures from one address, spread over many accounts, close the address.
  for (int i = 0; i < 100; ++i) limiter.failed("user" + std::to_string(i), "192.0.2.1");
  CHECK(limiter.retry_after("someone-new", "192.0.2.1") == 600);
  CHECK(limiter.retry_after("someone-new", "192.0.2.2") == 0);
  now += 600'000;
  CHECK(limiter.retry_after("someone-new", "192.0.2.1") == 0);
}

TEST_CASE("login limits: attempts count before they are judged, so a burst cannot pass the check together") {
  std::int64_t now = 1'000'000;
  LoginLimiter limiter(LoginLimits{}, [&now] { return now; });
  for (int i = 0; i < 10; ++i) CHECK(limiter.attempt("dave", "10.0.0.1") == 0);  // ten in flight, none judged yet
  CHECK(limiter.attempt("dave", "10.0.0.2") == 600);
  limiter.succeeded("dave", "10.0.0.1");  // one of them had the right password
  CHECK(limiter.attempt("dave", "10.0.0.2") == 0);
  // The address's budget: 100 attempts, one given back by a success.
  for (int i = 0; i < 99; ++i) CHECK(limiter.attempt("u" + std::to_string(i), "192.0.2.9") == 0);
  CHECK(limiter.attempt("another", "192.0.2.9") == 0);
  CHECK(limiter.attempt("yet-another", "192.0.2.9") > 0);
  limiter.succeeded("another", "192.0.2.9");
  CHECK(limiter.attempt("yet-another", "192.0.2.9") == 0);
}

TEST_CASE("login limits among nodes: other nodes' failures count, and a success here never takes one of them back") {
  std::int64_t now = 1'000'000;
  LoginLimiter limiter(LoginLimits{}, [&now] { return now; });
  std::vector<std::string> told;
  limiter.set_site([&told](const std::string& account) { told.push_back(account); });
  for (int i = 0; i < 4; ++i) {
    CHECK(limiter.attempt("Erin", "10.0.0.1") == 0);
    limiter.confirmed_failure("Erin");
  }
  CHECK(told == std::vector<std::string>(4, "Erin"));
  CHECK(limiter.attempt("erin", "10.0.0.1") == 0);  // in flight ...
  for (int i = 0; i < 5; ++i) limiter.failed_elsewhere("ERIN");  // ... while the site tells of five
  limiter.succeeded("erin", "10.0.0.1");  // the right password: only its own attempt goes
  CHECK(limiter.attempt("erin", "10.0.0.2") == 0);  // 4 + 5 + this one: 10
  CHECK(limiter.retry_after("erin", "10.0.0.3") == 600);
  CHECK(limiter.retry_after("someone", "10.0.0.1") == 0);  // the site's failures are the account's, not the address's
  now += 600'000;
  CHECK(limiter.retry_after("erin", "10.0.0.3") == 0);
}

TEST_CASE("login limits: the table is bounded; the stalest keys go first") {
  std::int64_t now = 0;
  LoginLimits limits;
  limits.max_keys = 10;
  LoginLimiter limiter(limits, [&now] { return now; });
  for (int i = 0; i < 50; ++i) {
    now += 1;
    limiter.failed("u" + std::to_string(i), "a" + std::to_string(i));
    CHECK(limiter.tracked() <= 10);
  }
  now += 600'000;  // everything has left the window
  limiter.failed("late", "late-address");
  CHECK(limiter.tracked() == 2);
}

TEST_CASE("session cookie: only a well-formed arena_session is read; Set-Cookie has the issue's attributes") {
  std::string token(64, 'c');
  CHECK(session_from_cookies("arena_session=" + token) == token);
  CHECK(session_from_cookies("theme=dark; arena_session=" + token + "; other=1") == token);
  CHECK(session_from_cookies("arena_session=" + std::string(63, 'c')).empty());
  CHECK(session_from_cookies("arena_session=" + std::string(64, 'C')).empty());  // lower-case hex only
  CHECK(session_from_cookies("arena_session2=" + token).empty());
  CHECK(session_from_cookies("").empty());
  CHECK(session_set_cookie(token, false) == "arena_session=" + token + "; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000");
  CHECK(session_set_cookie(token, true).find("; Secure") != std::string::npos);
  CHECK(session_set_cookie("", false).find("Max-Age=0") != std::string::npos);
}

TEST_CASE("account requests: exact fields, precise codes") {
  using namespace protocol;
  auto code = [](const auto& parsed) {
    auto* e = std::get_if<BodyError>(&parsed);
    return e ? e->code : std::string();
  };
  CHECK(code(parse_signup(R"({"username":"ann_1","password":"12345678"})")).empty());
  CHECK(code(parse_signup(R"({"username":"ann_1","password":"1234567"})")) == "bad_password");
  CHECK(code(parse_signup(R"({"username":"an","password":"12345678"})")) == "bad_username");
  CHECK(code(parse_signup(R"({"username":"ann.1","password":"12345678"})")) == "bad_username");
  CHECK(code(parse_signup(R"({"username":"abcdefghijklmnopqrstu","password":"12345678"})")) == "bad_username");
  CHECK(code(parse_signup(R"({"username":"ann","password":12345678})")) == "bad_field");
  CHECK(code(parse_signup(R"({"username":"ann","password":"12345678","x":1})")) == "bad_field");
  CHECK(code(parse_signup(R"(["ann"])")) == "bad_json");
  CHECK(code(parse_signup("{")) == "bad_json");
  CHECK(code(parse_login(R"({"username":"ann"})")) == "bad_field");
  CHECK(code(parse_role_request(R"({"role":"root"})")) == "bad_field");
  CHECK(std::get<RoleRequest>(parse_role_request(R"({"role":"moderator"})")).role == Role::Moderator);
  CHECK(code(parse_sanction(R"({"minutes":5,"reason":"spam"})")).empty());
  CHECK(code(parse_sanction(R"({"minutes":5.5,"reason":"spam"})")) == "bad_field");
  CHECK(code(parse_sanction(R"({"minutes":5256001,"reason":"spam"})")) == "bad_field");
  CHECK(code(parse_sanction(R"({"minutes":5,"reason":"a\nb"})")) == "bad_field");
  CHECK(code(parse_sanction(R"({"minutes":5,"reason":")" + std::string(201, 'x') + "\"}")) == "bad_field");
  CHECK(code(parse_sanction(R"({"minutes":5,"reason":")" + std::string(200, 'x') + "\"}")).empty());
  CHECK(code(parse_adjudicate(R"({"result":"1-0","reason":"left"})")).empty());
  CHECK(code(parse_adjudicate(R"({"result":"1:0","reason":"left"})")) == "bad_field");
  CHECK(code(parse_empty("")).empty());
  CHECK(code(parse_empty("{}")).empty());
  CHECK(code(parse_empty(R"({"a":1})")) == "bad_field");
}
