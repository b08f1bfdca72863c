#pragma once
// Mail over HTTP (#35; PROTOCOL.md, Mail):
//   GET  /api/account/email             the account's address, pending address and switches
//   POST /api/account/email             {"email","password"}: sends a verify link (and tells the old address)
//   POST /api/account/email/verify      {"token"}: the link's token; the address becomes the account's
//   POST /api/account/notify            {"turn","clock","challenge","round","report"}: the switches
//   POST /api/account/reset             {"login"}: a username or an address; a reset link if it names an account
//   POST /api/account/reset/confirm     {"token","password"}: the new password; every session ends
//   GET|POST /api/mail/unsubscribe?token=T   RFC 8058 one-click unsubscribe (POST; GET shows a button)
// The reset and address answers are the same whether or not an account or an
// address exists.
#include <memory>
#include <string>

#include "account/account_service.hpp"
#include "account/login_limiter.hpp"
#include "account/password_hasher.hpp"
#include "net/http_module.hpp"  // HttpModule
#include "mail/mail_service.hpp"

namespace arena {

class MailApi : public HttpModule {
 public:
  MailApi(AccountService& accounts, AccountStore& account_store, MailStore& store, PasswordHasher& hasher, MailService& mail,
          PlayerConnections& connections, Clock clock);

  bool owns(const std::string& path) const override;
  bool open_post(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

 private:
  void settings(std::shared_ptr<const HttpRequest> request, const AccountRecord& account, StoreExecutor ex, Reply reply);
  void change_address(std::shared_ptr<const HttpRequest> request, const AccountRecord& account, const std::string& address,
                      StoreExecutor ex, Reply reply);
  void verify(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply);
  void switches(std::shared_ptr<const HttpRequest> request, const AccountRecord& account, StoreExecutor ex, Reply reply);
  void reset(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply);
  void confirm_reset(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply);
  void unsubscribe(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply);

  AccountService& accounts_;
  AccountStore& account_store_;
  MailStore& store_;
  PasswordHasher& hasher_;
  MailService& mail_;
  PlayerConnections& connections_;
  Clock clock_;
  LoginLimiter limiter_;  // reset requests and address changes: per login and per client address
};

}  // namespace arena
