#pragma once
// The account API over HTTP (PROTOCOL.md, Account API): sign up, log in, log
// out, change the password, close the account, the current account, public profiles. Requests arrive checked for CSRF
// by HttpApi; answers come on the connection's executor.
#include <functional>
#include <memory>
#include <string>

#include "account/account_service.hpp"
#include "api/game_row.hpp"
#include "net/http_reply.hpp"
#include "protocol/account_messages.hpp"  // Parsed, BodyError

namespace arena {

class MailService;

class AccountApi {
 public:
  using Reply = std::function<void(HttpResponse)>;
  // `mail`: sends the verify link of an address given at sign-up (#35); null: none.
  AccountApi(AccountService& accounts, AccountStore& store, bool secure_cookies, MailService* mail = nullptr);

  // `path` is /api/account[/...], /api/players/NAME or /api/players/NAME/games (`query` its filters).
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply);

 private:
  void signup(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply);
  void login(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply);
  void logout(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply);
  // The owner's own: a new password (204), closing the account (204, logged out).
  void change_password(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply);
  void close(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply);
  void current(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply);
  void profile(std::shared_ptr<const HttpRequest> request, const std::string& username, StoreExecutor ex, Reply reply);
  // A player's finished games, paged and filtered (#43).
  void history(std::shared_ptr<const HttpRequest> request, const std::string& username, const std::string& query,
               StoreExecutor ex, Reply reply);
  // 200/201 with {"account"} and the session cookie, or the failure.
  HttpResponse signed_in(const HttpRequest& request, const AccountService::Answer& answer, boost::beast::http::status ok);

  AccountService& accounts_;
  AccountStore& store_;
  bool secure_cookies_;
  MailService* mail_;
};

// Shared by the account and admin APIs.
std::string session_of(const HttpRequest& request);  // the arena_session cookie, or ""
HttpResponse failure_response(const HttpRequest& request, const AccountFailure& failure);
protocol::AccountView account_view(const AccountRecord& account);

}  // namespace arena
