#pragma once
// Quick pairing over HTTP (#46; PROTOCOL.md, Quick pairing):
//   GET /api/seeks  {"pools": {POOL: waiting, …}, "total"}: the seeks waiting
//   now in the site's pool, by pool (the lobby's grid shows them). Seeking
//   itself is a WebSocket message (`seek`): a seek lives with its connection.
#include <memory>
#include <string>

#include "net/http_module.hpp"
#include "seeks/seek_store.hpp"
#include "util/clock.hpp"

namespace arena {

class SeekApi : public HttpModule {
 public:
  SeekApi(SeekStore& store, Clock clock) : store_(store), clock_(std::move(clock)) {}
  bool owns(const std::string& path) const override { return path == "/api/seeks"; }
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

 private:
  SeekStore& store_;
  Clock clock_;
};

}  // namespace arena
