#include "api/admin_api.hpp"

#include <algorithm>

#include "net/http_target.hpp"
#include "api/account_api.hpp"  // session_of, failure_response, method_not_allowed, account_view
#include "protocol/account_messages.hpp"

namespace arena {

namespace http = boost::beast::http;
using protocol::Role;

namespace {

constexpr int kPerPage = 50;

// A ban or mute that has ended shows as none (0).
protocol::UserRow user_row(const AccountRecord& a, std::int64_t now) {
  bool banned = a.banned_until > now, muted = a.muted_until > now;
  return {account_view(a),          a.created_at, banned ? a.banned_until : 0, banned ? a.ban_reason : "",
          muted ? a.muted_until : 0, muted ? a.mute_reason : ""};
}

HttpResponse forbidden(const HttpRequest& request) {
  return json_error(request, http::status::forbidden, "forbidden", "this is for moderators and admins");
}

// "users/NAME/ban" → {"users", "NAME", "ban"}; anything else: empty parts.
struct AdminPath {
  std::string kind, name, command;
};
AdminPath split_admin_path(const std::string& rest) {
  auto first = rest.find('/');
  if (first == std::string::npos) return {rest, {}, {}};
  auto second = rest.find('/', first + 1);
  if (second == std::string::npos || rest.find('/', second + 1) != std::string::npos) return {};
  return {rest.substr(0, first), rest.substr(first + 1, second - first - 1), rest.substr(second + 1)};
}

}  // namespace

AdminApi::AdminApi(AccountService& accounts, AccountStore& store, Moderation& moderation)
    : accounts_(accounts), store_(store), moderation_(moderation) {}

void AdminApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                      const std::string& address, StoreExecutor ex, Reply reply) {
  accounts_.authenticate(session_of(*request), ex, [this, request, path, query, address, ex, reply](std::optional<AccountRecord> account) {
    // Without a session or below moderator alike: 403 forbidden (the rule).
    if (!account || !Moderation::may_moderate(account->role)) return reply(forbidden(*request));
    route(request, path, query, Actor{*account, address}, ex, reply);
  });
}

void AdminApi::route(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                     const Actor& actor, StoreExecutor ex, Reply reply) {
  const bool post = request->method() == http::verb::post;
  AdminPath t = split_admin_path(path.substr(std::string("/api/admin/").size()));
  if (t.kind == "users" && t.name.empty() && t.command.empty()) {
    if (post) return reply(method_not_allowed(*request, "GET, HEAD"));
    return users(std::move(request), query, std::move(ex), std::move(reply));
  }
  if (t.kind == "audit" && t.name.empty()) {
    if (post) return reply(method_not_allowed(*request, "GET, HEAD"));
    if (actor.account.role != Role::Admin)
      return reply(json_error(*request, http::status::forbidden, "forbidden", "the audit log is for admins"));
    return audit(std::move(request), query, std::move(ex), std::move(reply));
  }
  if ((t.kind == "users" || t.kind == "games") && !t.name.empty()) {
    if (!post) return reply(method_not_allowed(*request, "POST"));
    if (t.kind == "users") return user_command(std::move(request), t.name, t.command, actor, std::move(ex), std::move(reply));
    return game_command(std::move(request), t.name, t.command, actor, std::move(ex), std::move(reply));
  }
  reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
}

void AdminApi::users(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply) {
  std::string prefix = query_value(query, "q");
  auto page = number_param(query, "page", 1, 1, 100000);
  if (!page) return reply(json_error(*request, http::status::bad_request, "bad_field", "page must be a number from 1"));
  if (prefix.size() > 20 || !std::all_of(prefix.begin(), prefix.end(), protocol::username_char))
    return reply(json_error(*request, http::status::bad_request, "bad_field", "q is the start of a username"));
  store_.list_accounts(AccountQuery{prefix, *page, kPerPage}, ex, [request, reply, page = *page, now = accounts_.now()](Stored<AccountPage> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    protocol::UserList list{{}, page, kPerPage, found.value.total};
    for (const auto& a : found.value.accounts) list.users.push_back(user_row(a, now));
    reply(json_response(*request, http::status::ok, protocol::to_json(list)));
  });
}

void AdminApi::audit(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply) {
  auto page = number_param(query, "page", 1, 1, 100000);
  if (!page) return reply(json_error(*request, http::status::bad_request, "bad_field", "page must be a number from 1"));
  store_.audit_log(*page, kPerPage, ex, [request, reply, page = *page](Stored<AuditPage> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    protocol::AuditList list{{}, page, kPerPage, found.value.total};
    for (const auto& r : found.value.entries) {
      std::optional<protocol::AccountView> actor;
      if (r.entry.actor) actor = protocol::AccountView{*r.entry.actor, r.actor_name, Role::Player};
      list.entries.push_back({r.id, actor, r.entry.action, r.entry.target, r.entry.details, r.entry.address, r.entry.at});
    }
    reply(json_response(*request, http::status::ok, protocol::to_json(list)));
  });
}

void AdminApi::user_command(std::shared_ptr<const HttpRequest> request, const std::string& username, const std::string& command,
                            const Actor& actor, StoreExecutor ex, Reply reply) {
  if (!protocol::valid_username(username))
    return reply(json_error(*request, http::status::not_found, "not_found", "no such account"));
  auto done = [this, request, reply](std::variant<AccountRecord, AccountFailure> outcome) {
    if (auto* f = std::get_if<AccountFailure>(&outcome)) return reply(failure_response(*request, *f));
    reply(json_response(*request, http::status::ok,
                        protocol::to_json(user_row(std::get<AccountRecord>(outcome), accounts_.now()))));
  };
  const std::string& body = request->body();
  if (command == "role") {
    auto parsed = protocol::parse_role_request(body);
    if (auto* r = parsed_body(parsed, *request, reply)) moderation_.set_role(actor, username, r->role, ex, done);
  } else if (command == "ban" || command == "mute") {
    auto parsed = protocol::parse_sanction(body);
    auto* r = parsed_body(parsed, *request, reply);
    if (r && command == "ban") moderation_.ban(actor, username, r->minutes, r->reason, ex, done);
    if (r && command == "mute") moderation_.mute(actor, username, r->minutes, r->reason, ex, done);
  } else if (command == "unban" || command == "unmute") {
    auto parsed = protocol::parse_empty(body);
    if (!parsed_body(parsed, *request, reply)) return;
    if (command == "unban") moderation_.unban(actor, username, ex, done);
    else moderation_.unmute(actor, username, ex, done);
  } else {
    reply(json_error(*request, http::status::not_found, "not_found", "no such command"));
  }
}

void AdminApi::game_command(std::shared_ptr<const HttpRequest> request, const std::string& room, const std::string& command,
                            const Actor& actor, StoreExecutor ex, Reply reply) {
  auto done = [request, reply](std::variant<RoomRecord, AccountFailure> outcome) {
    if (auto* f = std::get_if<AccountFailure>(&outcome)) return reply(failure_response(*request, *f));
    reply(json_response(*request, http::status::ok, {{"game", protocol::to_json(game_row(std::get<RoomRecord>(outcome)))}}));
  };
  if (command == "abort") {
    auto parsed = protocol::parse_abort(request->body());
    if (auto* r = parsed_body(parsed, *request, reply)) moderation_.abort(actor, room, r->reason, ex, done);
  } else if (command == "adjudicate") {
    auto parsed = protocol::parse_adjudicate(request->body());
    if (auto* r = parsed_body(parsed, *request, reply)) moderation_.adjudicate(actor, room, r->result, r->reason, ex, done);
  } else {
    reply(json_error(*request, http::status::not_found, "not_found", "no such command"));
  }
}

}  // namespace arena
