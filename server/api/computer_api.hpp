#pragma once
// What the computer's levels mean (#47; PROTOCOL.md, Playing the computer):
//   GET /api/computer   {"levels":[{"level","words","player","ratings":{"gipf","yinsh"}}…]}
// words and ratings from bot/levels.hpp (ratings provisional, from the match
// table of bot/README.md); the same answer for everyone, built once.
#include <memory>
#include <string>

#include "net/http_module.hpp"

namespace arena {

class ComputerApi : public HttpModule {
 public:
  ComputerApi();
  bool owns(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, boost::asio::any_io_executor ex, Reply reply) override;

 private:
  std::string body_;
};

}  // namespace arena
