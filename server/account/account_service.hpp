#pragma once
// Signing up, logging in and out, and knowing who a session cookie belongs
// to. Transport-free: the HTTP API and the WebSocket hello both use it. Answers
// come on the caller's executor; passwords are hashed on the PasswordHasher's
// threads, never on an I/O thread.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "account/login_limiter.hpp"
#include "account/password_hasher.hpp"
#include "game/player_connections.hpp"
#include "util/address_book.hpp"
#include "protocol/account_messages.hpp"
#include "account/account_store.hpp"

namespace arena {

// Why a request was refused: the HTTP status and the error's code and words.
struct AccountFailure {
  int status = 400;
  std::string code;
  std::string message;
  std::int64_t until = 0;        // banned: when the ban ends
  std::int64_t retry_after = 0;  // rate_limited: seconds
};

class AccountService {
 public:
  using Clock = std::function<std::int64_t()>;  // ms since the epoch
  struct Signed {
    AccountRecord account;
    std::string session;  // the new session's cookie value
  };
  using Answer = std::variant<Signed, AccountFailure>;
  using Found = std::function<void(std::optional<AccountRecord>)>;

  AccountService(AccountStore& store, PasswordHasher& hasher, LoginLimiter& limiter, std::shared_ptr<AddressBook> addresses,
                 PlayerConnections& connections, Clock clock);

  void signup(protocol::SignupRequest request, const std::string& address, StoreExecutor ex, std::function<void(Answer)> done);
  void login(protocol::LoginRequest request, const std::string& address, StoreExecutor ex, std::function<void(Answer)> done);
  // Deletes the session (nothing if there is none) and closes the connections opened with it.
  void logout(const std::string& session, StoreExecutor ex, StoreDone done);
  // The account a session cookie names, if the session is live and the account
  // not banned; none for "" or any failure.
  void authenticate(const std::string& session, StoreExecutor ex, Found found);
  using Done = std::function<void(std::optional<AccountFailure>)>;
  // The owner of `session` changes its password (#43): `current` checked (a
  // wrong one counts as a failed login), `next` of 8 to 128 bytes; every other
  // session of the account ends and its connections close (this browser's
  // come back at once with its session). Audited as `change_password`.
  void change_password(const std::string& session, std::string current, std::string next, const std::string& address,
                       StoreExecutor ex, Done done);
  // The owner of `session` closes the account (#43): `password` checked,
  // refused while it has a game unfinished (`games_unfinished`). It then logs
  // in no more (`account_closed`), leaves every ladder and event, and its
  // connections close. Audited as `close_account`.
  void close_account(const std::string& session, std::string password, const std::string& address, StoreExecutor ex,
                     Done done);
  // Called when a new account took a guest's player over (its id, the new
  // name): the composition root renames the player's seats in the rooms it
  // serves (#43). None: nothing is renamed.
  void set_on_takeover(std::function<void(std::int64_t player, std::string name)> hook) { on_takeover_ = std::move(hook); }
  // The site's clock (injected): what the account pages and APIs call "now".
  std::int64_t now() const { return clock_(); }

 private:
  void start_session(AccountRecord account, StoreExecutor ex, std::function<void(Answer)> done);
  // The account of `session` once `password` is its own (limited and counted as a login).
  using Checked = std::function<void(std::variant<AccountRecord, AccountFailure>)>;
  void check_owner(const std::string& session, std::string password, const std::string& address, StoreExecutor ex,
                   Checked checked);
  AuditEntry own_audit(const AccountRecord& account, const char* action, const std::string& address) const;

  AccountStore& store_;
  PasswordHasher& hasher_;
  LoginLimiter& limiter_;
  std::shared_ptr<AddressBook> addresses_;
  PlayerConnections& connections_;
  Clock clock_;
  std::function<void(std::int64_t, std::string)> on_takeover_;
};

AccountFailure store_failure(const std::string& error);

}  // namespace arena
