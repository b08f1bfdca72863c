#pragma once
// The notices bell over HTTP (#35; PROTOCOL.md, Notices):
//   GET  /api/notices       {"unread","notices":[…]}: the account's notices, newest first
//   POST /api/notices/read  {"up_to":ID} or {}: those up to ID (or all) read; {"unread"}
// New notices also come live over the WebSocket (the `notice` message).
#include <memory>
#include <string>

#include "account/account_service.hpp"
#include "net/http_module.hpp"  // HttpModule
#include "mail/notice_store.hpp"
#include "util/clock.hpp"

namespace arena {

class NoticeApi : public HttpModule {
 public:
  NoticeApi(AccountService& accounts, NoticeStore& store, Clock clock) : accounts_(accounts), store_(store), clock_(std::move(clock)) {}
  bool owns(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

 private:
  AccountService& accounts_;
  NoticeStore& store_;
  Clock clock_;
};

}  // namespace arena
