#include "api/notice_api.hpp"

#include <nlohmann/json.hpp>

#include "api/account_api.hpp"  // session_of, method_not_allowed, store_failed
#include "mail/mail_service.hpp"    // notice_json

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

const std::string kNotices = "/api/notices";
const std::string kRead = "/api/notices/read";

HttpResponse bad(const HttpRequest& request, const std::string& code, const std::string& message) {
  return json_error(request, http::status::bad_request, code, message);
}

}  // namespace

bool NoticeApi::owns(const std::string& path) const { return path == kNotices || path == kRead; }

void NoticeApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string&,
                       const std::string&, StoreExecutor ex, Reply reply) {
  const bool post = request->method() == http::verb::post;
  if (path == kNotices && post) return reply(method_not_allowed(*request, "GET"));
  if (path == kRead && !post) return reply(method_not_allowed(*request, "POST"));
  std::int64_t up_to = 0;
  if (path == kRead) {
    auto j = json::parse(request->body().empty() ? std::string("{}") : request->body(), nullptr, false);
    if (j.is_discarded()) return reply(bad(*request, "bad_json", "the body is not JSON"));
    if (!j.is_object()) return reply(bad(*request, "bad_field", "the body must be a JSON object"));
    for (auto it = j.begin(); it != j.end(); ++it)
      if (it.key() != "up_to") return reply(bad(*request, "bad_field", "unknown field '" + it.key() + "'"));
    if (j.contains("up_to")) {
      if (!j["up_to"].is_number_integer() || j["up_to"].get<std::int64_t>() < 1)
        return reply(bad(*request, "bad_field", "up_to must be a notice's id (a positive integer)"));
      up_to = j["up_to"].get<std::int64_t>();
    }
  }
  accounts_.authenticate(session_of(*request), ex, [this, request, path, up_to, ex, reply](std::optional<AccountRecord> account) {
    if (!account) return reply(json_error(*request, http::status::unauthorized, "not_authenticated", "log in first"));
    if (path == kRead) {
      return store_.read_notices(account->player, up_to, clock_(), ex, [request, reply](Stored<int> unread) {
        if (!unread.ok()) return reply(store_failed(*request, unread.error));
        reply(json_response(*request, http::status::ok, {{"unread", unread.value}}));
      });
    }
    store_.notices(account->player, ex, [request, reply](Stored<NoticeList> list) {
      if (!list.ok()) return reply(store_failed(*request, list.error));
      json notices = json::array();
      for (const NoticeRecord& n : list.value.notices) notices.push_back(notice_json(n));
      reply(json_response(*request, http::status::ok, {{"unread", list.value.unread}, {"notices", notices}}));
    });
  });
}

}  // namespace arena
