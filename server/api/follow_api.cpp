#include "api/follow_api.hpp"

#include <nlohmann/json.hpp>

#include "api/account_api.hpp"  // session_of, method_not_allowed
#include "net/http_target.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

const std::string kRel = "/api/rel/";
const std::string kFollowing = "/api/rel/following";
const std::string kFollow = "/api/rel/follow/";
const std::string kUnfollow = "/api/rel/unfollow/";

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

json followed_json(const FollowedPlayer& f) {
  return {{"username", f.username}, {"since", f.since}, {"bot", f.bot}, {"online", f.online}, {"playing", f.playing}};
}

HttpResponse refused(const HttpRequest& request, const std::string& code, const std::string& message) {
  auto status = http::status::conflict;  // too_many_follows
  if (code == "not_found") status = http::status::not_found;
  if (code == "bad_field") status = http::status::bad_request;
  if (code == "blocked") status = http::status::forbidden;
  return json_error(request, status, code, message);
}

}  // namespace

bool FollowApi::owns(const std::string& path) const { return starts_with(path, kRel) || path == "/api/rel"; }

void FollowApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string&, const std::string&,
                       StoreExecutor ex, Reply reply) {
  const bool post = request->method() == http::verb::post;
  bool follow = starts_with(path, kFollow), unfollow = starts_with(path, kUnfollow);
  if (path != kFollowing && !follow && !unfollow) return reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
  if (path == kFollowing && post) return reply(method_not_allowed(*request, "GET, HEAD"));
  if ((follow || unfollow) && !post) return reply(method_not_allowed(*request, "POST"));
  std::string name = follow ? path.substr(kFollow.size()) : unfollow ? path.substr(kUnfollow.size()) : std::string();
  if ((follow || unfollow) && (name.empty() || name.size() > 64 || name.find('/') != std::string::npos))
    return reply(json_error(*request, http::status::not_found, "not_found", "no such account"));
  accounts_.authenticate(session_of(*request), ex, [this, request, path, follow, name, ex, reply](std::optional<AccountRecord> account) {
    if (!account) return reply(json_error(*request, http::status::unauthorized, "not_authenticated", "sign in first"));
    if (path == kFollowing) {
      return store_.following(account->player, clock_(), ex, [request, reply](Stored<std::vector<FollowedPlayer>> found) {
        if (!found.ok()) return reply(store_failed(*request, found.error));
        json list = json::array();
        for (const auto& f : found.value) list.push_back(followed_json(f));
        reply(json_response(*request, http::status::ok, {{"following", list}}));
      });
    }
    store_.set_follow(account->player, name, follow, clock_(), ex, [request, reply, follow](Stored<Outcome<FollowedPlayer>> done) {
      if (!done.ok()) return reply(store_failed(*request, done.error));
      if (!done.value.ok()) return reply(refused(*request, done.value.code, done.value.message));
      reply(json_response(*request, http::status::ok, {{follow ? "followed" : "unfollowed", followed_json(done.value.value)}}));
    });
  });
}

}  // namespace arena
