#include "api/seek_api.hpp"

#include <nlohmann/json.hpp>

#include "net/http_reply.hpp"  // json_response, method_not_allowed, store_failed

namespace arena {

namespace http = boost::beast::http;

void SeekApi::handle(std::shared_ptr<const HttpRequest> request, const std::string&, const std::string&, const std::string&,
                     StoreExecutor ex, Reply reply) {
  if (request->method() != http::verb::get) return reply(method_not_allowed(*request, "GET"));
  store_.seek_counts(clock_(), ex, [request, reply](Stored<std::map<std::string, std::int64_t>> counts) {
    if (!counts.ok()) return reply(store_failed(*request, counts.error));
    nlohmann::json pools = nlohmann::json::object();
    std::int64_t total = 0;
    for (const auto& [pool, waiting] : counts.value) {
      pools[pool] = waiting;
      total += waiting;
    }
    reply(json_response(*request, http::status::ok, {{"pools", pools}, {"total", total}}));
  });
}

}  // namespace arena
