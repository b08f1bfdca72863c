#pragma once
// Reports and blocks over HTTP (#34; PROTOCOL.md, Reports and blocks):
//   POST /api/reports, GET /api/reports/mine            an account reports a player, and reads the outcomes
//   GET /api/admin/reports, POST /api/admin/reports/ID/resolve   the moderators' queue (audited)
//   GET /api/blocks, POST|DELETE /api/blocks/USERNAME   an account's blocks
// A resolution is also sent to the reporter's open connections
// (`report_resolved`), the server's nearest thing to a notice.
#include <memory>
#include <string>

#include "account/account_service.hpp"
#include "domain/block_book.hpp"
#include "net/http_module.hpp"  // HttpModule
#include "game/player_connections.hpp"
#include "mail/player_mail.hpp"
#include "account/account_store.hpp"
#include "account/trust_store.hpp"

namespace arena {

class TrustApi : public HttpModule {
 public:
  TrustApi(AccountService& accounts, TrustStore& store, BlockBook& blocks, PlayerConnections& connections);

  bool owns(const std::string& path) const override;
  bool deletable(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

  // Mails the reporter the outcome (#35).
  void set_player_mail(PlayerMail mail) { player_mail_ = std::move(mail); }

 private:
  PlayerMail player_mail_;
  void report(std::shared_ptr<const HttpRequest> request, const AccountRecord& account, StoreExecutor ex, Reply reply);
  void mine(std::shared_ptr<const HttpRequest> request, const AccountRecord& account, StoreExecutor ex, Reply reply);
  void queue(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply);
  void resolve(std::shared_ptr<const HttpRequest> request, const std::string& id, const AccountRecord& moderator,
               const std::string& address, StoreExecutor ex, Reply reply);
  void blocks(std::shared_ptr<const HttpRequest> request, const std::string& username, const AccountRecord& account,
              StoreExecutor ex, Reply reply);

  AccountService& accounts_;
  TrustStore& store_;
  BlockBook& block_book_;
  PlayerConnections& connections_;
};

}  // namespace arena
