#pragma once
// Following over HTTP (#46; PROTOCOL.md, Following), as lichess's /api/rel:
//   GET  /api/rel/following        {"following":[…]}: whom the account follows, online and playing first
//   POST /api/rel/follow/NAME      follow an account (refused: not_found, bad_field, blocked, too_many_follows)
//   POST /api/rel/unfollow/NAME    stop following it (not_found if not followed)
// For a signed-in account (its session cookie).
#include <memory>
#include <string>

#include "account/account_service.hpp"
#include "net/http_module.hpp"  // HttpModule
#include "social/follow_store.hpp"
#include "util/clock.hpp"

namespace arena {

class FollowApi : public HttpModule {
 public:
  FollowApi(AccountService& accounts, FollowStore& store, Clock clock) : accounts_(accounts), store_(store), clock_(std::move(clock)) {}
  bool owns(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

 private:
  AccountService& accounts_;
  FollowStore& store_;
  Clock clock_;
};

}  // namespace arena
