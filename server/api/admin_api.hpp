#pragma once
// The admin API over HTTP (PROTOCOL.md, Admin API): users, roles, bans, mutes,
// aborting and adjudicating games, the audit log. Every request needs a
// session of a role high enough; anyone else gets 403 forbidden.
#include <functional>
#include <memory>
#include <string>

#include "account/account_service.hpp"
#include "account/moderation.hpp"
#include "net/http_reply.hpp"

namespace arena {

class AdminApi {
 public:
  using Reply = std::function<void(HttpResponse)>;
  AdminApi(AccountService& accounts, AccountStore& store, Moderation& moderation);

  // `path` starts with /api/admin/.
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply);

 private:
  using Actor = Moderation::Actor;
  void route(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query, const Actor& actor,
             StoreExecutor ex, Reply reply);
  void users(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply);
  void audit(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply);
  void user_command(std::shared_ptr<const HttpRequest> request, const std::string& username, const std::string& command,
                    const Actor& actor, StoreExecutor ex, Reply reply);
  void game_command(std::shared_ptr<const HttpRequest> request, const std::string& room, const std::string& command,
                    const Actor& actor, StoreExecutor ex, Reply reply);

  AccountService& accounts_;
  AccountStore& store_;
  Moderation& moderation_;
};

}  // namespace arena
