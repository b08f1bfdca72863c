#include "account/account_service.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "account/session_cookie.hpp"
#include "util/log_text.hpp"
#include "util/secure_random.hpp"

namespace arena {
namespace {

AccountFailure busy() {
  return {503, "busy", "the server is checking many passwords right now; try again in a moment"};
}

AccountFailure bad_credentials() { return {401, "bad_credentials", "wrong username or password"}; }

std::int64_t session_expiry(std::int64_t now) {
  return now + std::chrono::duration_cast<std::chrono::milliseconds>(kSessionLifetime).count();
}

}  // namespace

AccountFailure store_failure(const std::string& error) {
  spdlog::error("event=store_failed error=\"{}\"", log_text(error));
  return {500, "internal", "the database could not answer"};
}

AccountService::AccountService(AccountStore& store, PasswordHasher& hasher, LoginLimiter& limiter,
                               std::shared_ptr<AddressBook> addresses, PlayerConnections& connections, Clock clock)
    : store_(store),
      hasher_(hasher),
      limiter_(limiter),
      addresses_(std::move(addresses)),
      connections_(connections),
      clock_(std::move(clock)) {}

void AccountService::signup(protocol::SignupRequest request, const std::string& address, StoreExecutor ex,
                            std::function<void(Answer)> done) {
  if (!addresses_->allow_new_player(address))
    return boost::asio::post(ex, [done] {
      done(AccountFailure{429, "rate_limited", "too many new identities from your address lately; try later"});
    });
  auto request_ptr = std::make_shared<protocol::SignupRequest>(std::move(request));
  bool queued = hasher_.hash(request_ptr->password, ex, [this, request_ptr, ex, done](std::string hash) {
    if (hash.empty()) return done(AccountFailure{500, "internal", "the password could not be hashed"});
    NewAccount account;
    account.username = request_ptr->username;
    account.password_hash = std::move(hash);
    account.guest_token = request_ptr->guest_token;
    account.session_token = random_token();
    std::int64_t now = clock_();
    account.session_expires = session_expiry(now);
    std::string session = account.session_token;
    bool takes_over = !account.guest_token.empty();
    store_.create_account(std::move(account), ex, [this, done, session, takes_over](Stored<CreatedAccount> created) {
      if (!created.ok()) return done(store_failure(created.error));
      if (created.value.taken) return done(AccountFailure{409, "username_taken", "that username is taken"});
      // The guest's open connections were the guest's: they reconnect as the account.
      if (takes_over) {
        connections_.disconnect_player(created.value.account.player, "signed up");
        if (on_takeover_) on_takeover_(created.value.account.player, created.value.account.username);
      }
      spdlog::info("event=account_created account={} username={}", created.value.account.id, created.value.account.username);
      done(Signed{created.value.account, session});
    });
  });
  if (!queued) boost::asio::post(ex, [done] { done(busy()); });
}

void AccountService::login(protocol::LoginRequest request, const std::string& address, StoreExecutor ex,
                           std::function<void(Answer)> done) {
  if (std::int64_t wait = limiter_.attempt(request.username, address); wait > 0)
    return boost::asio::post(ex, [done, wait] {
      done(AccountFailure{429, "rate_limited", "too many failed logins; try again in " + std::to_string(wait) + " s", 0, wait});
    });
  // Credentials no account can have: the same answer, without the work.
  if (!protocol::valid_username(request.username) || request.password.size() > protocol::kMaxPasswordBytes)
    return boost::asio::post(ex, [done] { done(bad_credentials()); });
  auto request_ptr = std::make_shared<protocol::LoginRequest>(std::move(request));
  store_.find_account(request_ptr->username, ex,
                      [this, request_ptr, address, ex, done](Stored<std::optional<AccountRecord>> found) {
    if (!found.ok()) return done(store_failure(found.error));
    std::optional<std::string> stored;
    if (found.value) stored = found.value->password_hash;
    auto account = found.value;
    bool queued = hasher_.verify(std::move(stored), request_ptr->password, ex,
                                 [this, request_ptr, account, address, ex, done](PasswordHasher::Verdict verdict) {
      if (!verdict.ok || !account) {  // attempt() counted it already
        spdlog::info("event=login_failed username=\"{}\"", log_text(request_ptr->username));
        limiter_.confirmed_failure(request_ptr->username);
        return done(bad_credentials());
      }
      limiter_.succeeded(request_ptr->username, address);
      if (account->closed_at > 0) return done(AccountFailure{403, "account_closed", "this account was closed by its owner"});
      if (account->banned_until > clock_())
        return done(AccountFailure{403, "banned", "this account is banned: " + account->ban_reason, account->banned_until});
      if (!verdict.new_hash.empty())  // the limits changed since it was hashed: a best effort
        store_.set_password_hash(account->id, verdict.new_hash, ex, [id = account->id](const std::string& error) {
          if (!error.empty()) spdlog::warn("event=rehash_failed account={} error=\"{}\"", id, log_text(error));
        });
      start_session(*account, ex, done);
    });
    if (!queued) done(busy());
  });
}

void AccountService::start_session(AccountRecord account, StoreExecutor ex, std::function<void(Answer)> done) {
  std::string session = random_token();
  std::int64_t now = clock_();
  account.password_hash.clear();
  store_.create_session(account.id, session, now, session_expiry(now), ex, [account, session, done](const std::string& error) {
    if (!error.empty()) return done(store_failure(error));
    done(Signed{account, session});
  });
}

void AccountService::logout(const std::string& session, StoreExecutor ex, StoreDone done) {
  if (session.empty()) return boost::asio::post(ex, [done] { done({}); });
  store_.delete_session(session, std::move(ex), [this, session, done](const std::string& error) {
    if (error.empty()) connections_.disconnect_session(session, "logged out");
    done(error);
  });
}

void AccountService::authenticate(const std::string& session, StoreExecutor ex, Found found) {
  if (session.empty()) return boost::asio::post(ex, [found] { found(std::nullopt); });
  store_.session_account(session, clock_(), ex, [this, found](Stored<std::optional<AccountRecord>> account) {
    if (!account.ok()) {
      spdlog::error("event=store_failed error=\"{}\"", log_text(account.error));
      return found(std::nullopt);
    }
    if (account.value && (account.value->banned_until > clock_() || account.value->closed_at > 0)) return found(std::nullopt);
    if (account.value) connections_.mute(account.value->player, account.value->muted_until, clock_());
    found(account.value);
  });
}

AuditEntry AccountService::own_audit(const AccountRecord& account, const char* action, const std::string& address) const {
  AuditEntry audit;
  audit.actor = account.id;
  audit.action = action;
  audit.target = account.username;
  audit.address = address;
  audit.at = clock_();
  return audit;
}

void AccountService::check_owner(const std::string& session, std::string password, const std::string& address,
                                 StoreExecutor ex, Checked checked) {
  authenticate(session, ex, [this, password = std::move(password), address, ex, checked](std::optional<AccountRecord> account) {
    if (!account) return checked(AccountFailure{401, "not_authenticated", "log in first"});
    const std::string username = account->username;
    if (std::int64_t wait = limiter_.attempt(username, address); wait > 0)
      return checked(AccountFailure{429, "rate_limited", "too many wrong passwords; try again in " + std::to_string(wait) + " s",
                                    0, wait});
    if (password.empty() || password.size() > protocol::kMaxPasswordBytes) {
      limiter_.confirmed_failure(username);
      return checked(AccountFailure{401, "bad_credentials", "wrong password"});
    }
    store_.find_account(username, ex, [this, password, address, ex, checked, username](Stored<std::optional<AccountRecord>> found) {
      if (!found.ok()) return checked(store_failure(found.error));
      if (!found.value) return checked(AccountFailure{401, "not_authenticated", "log in first"});
      auto account = *found.value;
      bool queued = hasher_.verify(account.password_hash, password, ex,
                                   [this, account, address, checked, username](PasswordHasher::Verdict verdict) {
        if (!verdict.ok) {
          limiter_.confirmed_failure(username);
          return checked(AccountFailure{401, "bad_credentials", "wrong password"});
        }
        limiter_.succeeded(username, address);
        AccountRecord owner = account;
        owner.password_hash.clear();
        checked(owner);
      });
      if (!queued) checked(busy());
    });
  });
}

void AccountService::change_password(const std::string& session, std::string current, std::string next,
                                     const std::string& address, StoreExecutor ex, Done done) {
  if (next.size() < protocol::kMinPasswordBytes || next.size() > protocol::kMaxPasswordBytes)
    return boost::asio::post(ex, [done] { done(AccountFailure{400, "bad_password", "a password has 8 to 128 bytes"}); });
  check_owner(session, std::move(current), address, ex, [this, session, next = std::move(next), address, ex, done](auto checked) {
    if (auto* f = std::get_if<AccountFailure>(&checked)) return done(*f);
    AccountRecord account = std::get<AccountRecord>(checked);
    bool queued = hasher_.hash(next, ex, [this, session, account, address, ex, done](std::string hash) {
      if (hash.empty()) return done(AccountFailure{500, "internal", "the password could not be hashed"});
      store_.change_password(account.id, std::move(hash), session, own_audit(account, "change_password", address), ex,
                             [this, account, done](const std::string& error) {
        if (!error.empty()) return done(store_failure(error));
        // The other sessions are gone: so are the connections they opened.
        connections_.disconnect_player(account.player, "password changed");
        spdlog::info("event=password_changed account={}", account.id);
        done(std::nullopt);
      });
    });
    if (!queued) done(busy());
  });
}

void AccountService::close_account(const std::string& session, std::string password, const std::string& address,
                                   StoreExecutor ex, Done done) {
  check_owner(session, std::move(password), address, ex, [this, address, ex, done](auto checked) {
    if (auto* f = std::get_if<AccountFailure>(&checked)) return done(*f);
    AccountRecord account = std::get<AccountRecord>(checked);
    store_.unfinished_rooms_of(account.player, ex, [this, account, address, ex, done](Stored<std::vector<RoomRecord>> rooms) {
      if (!rooms.ok()) return done(store_failure(rooms.error));
      if (!rooms.value.empty())
        return done(AccountFailure{409, "games_unfinished",
                                   "finish, resign or cancel your " + std::to_string(rooms.value.size()) +
                                       " unfinished game(s) first"});
      store_.close_account(account.id, clock_(), own_audit(account, "close_account", address), ex,
                           [this, account, done](const std::string& error) {
        if (!error.empty()) return done(store_failure(error));
        connections_.disconnect_player(account.player, "account closed");
        spdlog::info("event=account_closed account={}", account.id);
        done(std::nullopt);
      });
    });
  });
}

}  // namespace arena
