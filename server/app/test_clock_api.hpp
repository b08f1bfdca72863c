#pragma once
// --test-clock (tests only): POST /api/test/clock {"advance_seconds": N} moves
// the server's one clock N seconds forward and wakes every room in memory (and
// the mailer, and the ladders' and events' periodic work), so
// that an end-to-end test sees what hours or days of absence do (an abandoned
// game, a game leaving the lobby's live list) without waiting. Composed only
// when the flag is on; without it the path is an unknown one (POST: 405
// method_not_allowed, as for every path without POST; GET: 404 not_found).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

#include "domain/store_basics.hpp"
#include "net/http_module.hpp"  // HttpModule

namespace arena {

class TestClockApi : public HttpModule {
 public:
  // `offset`: what the server's clock adds to the system's; `wake`: every room looks at the clock.
  TestClockApi(std::shared_ptr<std::atomic<std::int64_t>> offset, std::function<void()> wake)
      : offset_(std::move(offset)), wake_(std::move(wake)) {}
  bool owns(const std::string& path) const override { return path == "/api/test/clock"; }
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

 private:
  std::shared_ptr<std::atomic<std::int64_t>> offset_;
  std::function<void()> wake_;
};

}  // namespace arena
