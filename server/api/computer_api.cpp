#include "api/computer_api.hpp"

#include <nlohmann/json.hpp>

#include "bot/levels.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

ComputerApi::ComputerApi() {
  json levels = json::array();
  for (const bot::LevelInfo& level : bot::kLevels)
    levels.push_back({{"level", level.level},
                      {"words", std::string(level.words)},
                      {"player", "Bot level " + std::to_string(level.level)},
                      {"ratings", {{"gipf", level.gipf.rating}, {"yinsh", level.yinsh.rating}}}});
  body_ = json{{"levels", levels}}.dump();
}

bool ComputerApi::owns(const std::string& path) const { return path == "/api/computer"; }

void ComputerApi::handle(std::shared_ptr<const HttpRequest> request, const std::string&, const std::string&,
                         const std::string&, boost::asio::any_io_executor, Reply reply) {
  if (request->method() != http::verb::get) return reply(method_not_allowed(*request, "GET"));
  reply(respond(*request, http::status::ok, body_, "application/json"));
}

}  // namespace arena
