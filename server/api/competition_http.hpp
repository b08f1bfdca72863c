#pragma once
// What the ladder and event APIs share: who is asking (a session, an admin),
// request bodies, refusals as HTTP answers, audit entries.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "api/account_api.hpp"  // session_of, account_view
#include "account/account_service.hpp"
#include "net/http_module.hpp"
#include "net/http_reply.hpp"
#include "protocol/account_messages.hpp"
#include "competition/competition_store.hpp"

namespace arena {

class CompetitionHttp {
 public:
  using Reply = HttpModule::Reply;
  struct Admin {
    AccountRecord account;
    std::string address;
    std::int64_t at = 0;  // when the request was authorized: its audit entry's time
  };
  explicit CompetitionHttp(AccountService& accounts) : accounts_(accounts) {}
  // The site's clock.
  std::int64_t now() const;

  // The session's account, or none (no session): for pages that show `me`.
  void viewer(const std::shared_ptr<const HttpRequest>& request, StoreExecutor ex,
              std::function<void(std::optional<AccountRecord>)> next) const;
  // The session's account, or 401 not_authenticated.
  void player(const std::shared_ptr<const HttpRequest>& request, StoreExecutor ex, Reply reply,
              std::function<void(AccountRecord)> next) const;
  // An admin's session, or 401 / 403 forbidden.
  void admin(const std::shared_ptr<const HttpRequest>& request, const std::string& address, StoreExecutor ex, Reply reply,
             std::function<void(Admin)> next) const;

 private:
  AccountService& accounts_;
};

// A store refusal's answer: 404 not_found, 400 bad_field / out_of_reach, 409 the rest.
HttpResponse refusal_response(const HttpRequest& request, const std::string& code, const std::string& message);
// The request's body for an audit entry's details: its JSON object, else {}.
nlohmann::json request_details(const HttpRequest& request);
AuditEntry admin_audit(const CompetitionHttp::Admin& admin, std::string action, std::string target, const nlohmann::json& details);
// "/api/ladders/12/join" after "/api/ladders/" → {12, "join"}; none when the id is not a number.
struct IdPath {
  std::int64_t id = 0;
  std::string rest;
};
std::optional<IdPath> id_path(const std::string& path, std::string_view prefix);
// Whether `path` is `root` or below it ("/api/ladders", "/api/ladders/3").
bool under(const std::string& path, std::string_view root);
// Whether "game:variant" is a pool (a perf).
bool valid_pool(const std::string& game, const std::string& variant);

}  // namespace arena
