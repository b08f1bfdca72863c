#include "app/test_clock_api.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "net/http_reply.hpp"
#include "util/clock.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

void TestClockApi::handle(std::shared_ptr<const HttpRequest> request, const std::string&, const std::string&,
                          const std::string&, StoreExecutor, Reply reply) {
  if (request->method() != http::verb::post)
    return reply(json_error(*request, http::status::method_not_allowed, "method_not_allowed", "POST only"));
  auto j = json::parse(request->body(), nullptr, false);
  if (j.is_discarded()) return reply(json_error(*request, http::status::bad_request, "bad_json", "the body is not JSON"));
  constexpr std::int64_t kMax = 3650LL * 24 * 3600;  // ten years at a time
  if (!j.is_object() || j.size() != 1 || !j.contains("advance_seconds") || !j["advance_seconds"].is_number_integer() ||
      j["advance_seconds"].get<std::int64_t>() < 0 || j["advance_seconds"].get<std::int64_t>() > kMax)
    return reply(json_error(*request, http::status::bad_request, "bad_field",
                            "the body is {\"advance_seconds\": N}, N from 0 to " + std::to_string(kMax)));
  std::int64_t seconds = j["advance_seconds"].get<std::int64_t>();
  std::int64_t offset = offset_->fetch_add(seconds * 1000) + seconds * 1000;
  spdlog::warn("event=test_clock advance_seconds={} offset_ms={}", seconds, offset);
  wake_();
  reply(json_response(*request, http::status::ok, json{{"now", system_now_ms() + offset}, {"offset_ms", offset}}));
}

}  // namespace arena
