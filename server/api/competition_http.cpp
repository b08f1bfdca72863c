#include "api/competition_http.hpp"

#include <charconv>

#include "api/account_api.hpp"  // session_of
#include "rating/perf.hpp"

namespace arena {

namespace http = boost::beast::http;

void CompetitionHttp::viewer(const std::shared_ptr<const HttpRequest>& request, StoreExecutor ex,
                             std::function<void(std::optional<AccountRecord>)> next) const {
  std::string session = session_of(*request);
  if (session.empty()) return next(std::nullopt);
  accounts_.authenticate(session, ex, std::move(next));
}

void CompetitionHttp::player(const std::shared_ptr<const HttpRequest>& request, StoreExecutor ex, Reply reply,
                             std::function<void(AccountRecord)> next) const {
  viewer(request, ex, [request, reply, next](std::optional<AccountRecord> account) {
    if (!account) return reply(json_error(*request, http::status::unauthorized, "not_authenticated", "sign in first"));
    next(std::move(*account));
  });
}

void CompetitionHttp::admin(const std::shared_ptr<const HttpRequest>& request, const std::string& address, StoreExecutor ex,
                            Reply reply, std::function<void(Admin)> next) const {
  // As on every admin path (PROTOCOL.md, Admin API): no session and too low a role alike get 403.
  viewer(request, ex, [this, request, address, reply, next](std::optional<AccountRecord> account) {
    if (!account || account->role != protocol::Role::Admin)
      return reply(json_error(*request, http::status::forbidden, "forbidden", "ladders and events are run by admins"));
    next(Admin{std::move(*account), address, accounts_.now()});
  });
}

std::int64_t CompetitionHttp::now() const { return accounts_.now(); }

HttpResponse refusal_response(const HttpRequest& request, const std::string& code, const std::string& message) {
  auto status = http::status::conflict;
  if (code == "not_found") status = http::status::not_found;
  if (code == "bad_field" || code == "out_of_reach" || code == "no_draws") status = http::status::bad_request;
  if (code == "blocked" || code == "bots_not_allowed") status = http::status::forbidden;
  return json_error(request, status, code, message);
}

nlohmann::json request_details(const HttpRequest& request) {
  auto j = nlohmann::json::parse(request.body(), nullptr, false);
  return j.is_object() ? j : nlohmann::json::object();
}

AuditEntry admin_audit(const CompetitionHttp::Admin& admin, std::string action, std::string target, const nlohmann::json& details) {
  return AuditEntry{admin.account.id, std::move(action), std::move(target), details.dump(), admin.address, admin.at};
}

std::optional<IdPath> id_path(const std::string& path, std::string_view prefix) {
  if (path.rfind(prefix, 0) != 0) return std::nullopt;
  std::string_view tail = std::string_view(path).substr(prefix.size());
  std::size_t slash = tail.find('/');
  std::string_view digits = tail.substr(0, slash);
  IdPath out;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out.id);
  if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() || out.id <= 0) return std::nullopt;
  if (slash != std::string_view::npos) out.rest = std::string(tail.substr(slash + 1));
  return out;
}

bool under(const std::string& path, std::string_view root) {
  return path == root || (path.rfind(root, 0) == 0 && path.size() > root.size() && path[root.size()] == '/');
}

bool valid_pool(const std::string& game, const std::string& variant) { return is_perf(game + ":" + variant); }

}  // namespace arena
