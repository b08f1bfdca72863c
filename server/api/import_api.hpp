#pragma once
// Games brought in (#44; PROTOCOL.md, Records):
//   POST /api/imports              {"record", "game"?, "variant"?, "white_extra"?, "black_extra"?}
//                                  (signed in): the record in any format the
//                                  arena reads, replayed step by step; 201
//                                  {"import": …} or 400 bad_record with the
//                                  move, the step and the reason (nothing stored)
//   GET  /api/imports              the signed-in account's imports, newest first
//   GET  /api/imports/ID           the game as GET /api/games/ID shows one, and "import"
//   GET  /api/imports/ID/record    ?format=arena|official|sgf[&form=short], as for a game
// Bounded: the body (Limits::max_import_body), 20 imports an hour per
// account (a burst of 20), kMaxImportsPerPlayer stored.
#include <memory>
#include <mutex>
#include <string>

#include "account/account_service.hpp"
#include "net/http_module.hpp"
#include "net/rate_limiter.hpp"
#include "records/import_store.hpp"
#include "util/clock.hpp"

namespace arena {

class ImportApi : public HttpModule {
 public:
  ImportApi(AccountService& accounts, ImportStore& store, Clock clock) : accounts_(accounts), store_(store), clock_(std::move(clock)) {}
  bool owns(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

 private:
  void bring_in(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply);
  void list(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply);
  void show(std::shared_ptr<const HttpRequest> request, const std::string& id, const std::string& query, bool as_record,
            StoreExecutor ex, Reply reply);
  // Whether the account may import now (20 an hour); bounded to 10,000 accounts at once.
  bool allowed(std::int64_t player);

  AccountService& accounts_;
  ImportStore& store_;
  Clock clock_;
  std::mutex mutex_;
  RateLimits<std::int64_t> limits_{20.0 / 3600.0, 20.0};
};

}  // namespace arena
