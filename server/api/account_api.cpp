#include "api/account_api.hpp"

#include "account/session_cookie.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "mail/mail_message.hpp"
#include "mail/mail_service.hpp"
#include "util/log_text.hpp"
#include "protocol/account_messages.hpp"
#include "api/rating_api.hpp"
#include "net/http_target.hpp"
#include "protocol/http_messages.hpp"

namespace arena {

namespace http = boost::beast::http;

std::string session_of(const HttpRequest& request) {
  // Several Cookie headers may come (HTTP/2 proxies split them): look in each.
  auto [begin, end] = request.equal_range(http::field::cookie);
  for (auto it = begin; it != end; ++it)
    if (auto token = session_from_cookies(std_view(it->value())); !token.empty()) return token;
  return {};
}

HttpResponse failure_response(const HttpRequest& request, const AccountFailure& f) {
  auto status = static_cast<http::status>(f.status);
  if (f.code == "banned") return json_response(request, status, protocol::banned_error(f.message, f.until));
  auto res = json_error(request, status, f.code, f.message);
  if (f.retry_after > 0) res.set(http::field::retry_after, std::to_string(f.retry_after));
  return res;
}

protocol::AccountView account_view(const AccountRecord& a) { return {a.id, a.username, a.role, a.bot}; }

namespace {

HttpResponse body_error(const HttpRequest& request, const protocol::BodyError& e) {
  return json_error(request, http::status::bad_request, e.code, e.message);
}

}  // namespace

AccountApi::AccountApi(AccountService& accounts, AccountStore& store, bool secure_cookies, MailService* mail)
    : accounts_(accounts), store_(store), secure_cookies_(secure_cookies), mail_(mail) {}

void AccountApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                        const std::string& address, StoreExecutor ex, Reply reply) {
  const bool post = request->method() == http::verb::post;
  const std::string players = "/api/players/";
  if (path.rfind(players, 0) == 0) {
    if (post) return reply(method_not_allowed(*request, "GET, HEAD"));
    std::string rest = path.substr(players.size());
    const std::string games = "/games";
    if (rest.size() > games.size() && rest.compare(rest.size() - games.size(), games.size(), games) == 0)
      return history(std::move(request), rest.substr(0, rest.size() - games.size()), query, std::move(ex), std::move(reply));
    return profile(std::move(request), rest, std::move(ex), std::move(reply));
  }
  if (path == "/api/account") {
    if (post) return reply(method_not_allowed(*request, "GET, HEAD"));
    return current(std::move(request), std::move(ex), std::move(reply));
  }
  for (const char* action : {"signup", "login", "logout", "password", "close"}) {
    if (path != std::string("/api/account/") + action) continue;
    if (!post) return reply(method_not_allowed(*request, "POST"));
    if (action == std::string("signup")) return signup(std::move(request), address, std::move(ex), std::move(reply));
    if (action == std::string("login")) return login(std::move(request), address, std::move(ex), std::move(reply));
    if (action == std::string("password")) return change_password(std::move(request), address, std::move(ex), std::move(reply));
    if (action == std::string("close")) return close(std::move(request), address, std::move(ex), std::move(reply));
    return logout(std::move(request), std::move(ex), std::move(reply));
  }
  reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
}

HttpResponse AccountApi::signed_in(const HttpRequest& request, const AccountService::Answer& answer, http::status ok) {
  if (auto* f = std::get_if<AccountFailure>(&answer)) return failure_response(request, *f);
  const auto& s = std::get<AccountService::Signed>(answer);
  auto res = json_response(request, ok, protocol::to_json(account_view(s.account)));
  res.set(http::field::set_cookie, session_set_cookie(s.session, secure_cookies_));
  return res;
}

void AccountApi::signup(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply) {
  auto parsed = protocol::parse_signup(request->body());
  if (auto* e = std::get_if<protocol::BodyError>(&parsed)) return reply(body_error(*request, *e));
  auto signup = std::get<protocol::SignupRequest>(std::move(parsed));
  std::string email = signup.email;
  if (!email.empty()) {
    if (!mail_ || !mail_->enabled())
      return reply(json_error(*request, http::status::service_unavailable, "mail_off", "this server sends no mail"));
    if (!valid_mail_address(email))
      return reply(json_error(*request, http::status::bad_request, "bad_email", "'email' must be an address like name@example.org"));
  }
  accounts_.signup(std::move(signup), address, ex, [this, request, reply, email, ex](AccountService::Answer answer) {
    auto* s = std::get_if<AccountService::Signed>(&answer);
    if (!s || email.empty()) return reply(signed_in(*request, answer, http::status::created));
    // The account is stored; its address waits for the link sent to it.
    mail_->verify_address(s->account.id, s->account.username, email, "", ex,
                          [this, request, reply, answer, email](Stored<MailQueued> queued) {
      HttpResponse res = signed_in(*request, answer, http::status::created);
      auto body = nlohmann::json::parse(res.body(), nullptr, false);
      if (body.is_object()) {
        bool pending = queued.ok() && !queued.value.limited && queued.value.queued > 0;
        if (!queued.ok()) spdlog::error("event=store_failed error=\"{}\"", log_text(queued.error));
        body["email_pending"] = pending ? nlohmann::json(email) : nlohmann::json(nullptr);
        res.body() = body.dump();
        res.prepare_payload();
      }
      reply(std::move(res));
    });
  });
}

void AccountApi::login(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply) {
  auto parsed = protocol::parse_login(request->body());
  if (auto* e = std::get_if<protocol::BodyError>(&parsed)) return reply(body_error(*request, *e));
  accounts_.login(std::get<protocol::LoginRequest>(std::move(parsed)), address, ex,
                  [this, request, reply](AccountService::Answer answer) { reply(signed_in(*request, answer, http::status::ok)); });
}

void AccountApi::logout(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply) {
  auto parsed = protocol::parse_empty(request->body());
  if (auto* e = std::get_if<protocol::BodyError>(&parsed)) return reply(body_error(*request, *e));
  accounts_.logout(session_of(*request), ex, [this, request, reply](const std::string& error) {
    if (!error.empty()) return reply(store_failed(*request, error));
    auto res = respond(*request, http::status::no_content, "", "application/json");
    res.set(http::field::set_cookie, session_set_cookie("", secure_cookies_));
    reply(std::move(res));
  });
}

void AccountApi::change_password(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex,
                                 Reply reply) {
  auto parsed = protocol::parse_password_change(request->body());
  if (auto* e = std::get_if<protocol::BodyError>(&parsed)) return reply(body_error(*request, *e));
  auto change = std::get<protocol::PasswordChangeRequest>(std::move(parsed));
  accounts_.change_password(session_of(*request), std::move(change.current), std::move(change.password), address, ex,
                            [request, reply](std::optional<AccountFailure> failure) {
    if (failure) return reply(failure_response(*request, *failure));
    reply(respond(*request, http::status::no_content, "", "application/json"));
  });
}

void AccountApi::close(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply) {
  auto parsed = protocol::parse_close_account(request->body());
  if (auto* e = std::get_if<protocol::BodyError>(&parsed)) return reply(body_error(*request, *e));
  auto closing = std::get<protocol::CloseAccountRequest>(std::move(parsed));
  accounts_.close_account(session_of(*request), std::move(closing.password), address, ex,
                          [this, request, reply](std::optional<AccountFailure> failure) {
    if (failure) return reply(failure_response(*request, *failure));
    auto res = respond(*request, http::status::no_content, "", "application/json");
    res.set(http::field::set_cookie, session_set_cookie("", secure_cookies_));  // this browser is logged out too
    reply(std::move(res));
  });
}

void AccountApi::current(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply) {
  accounts_.authenticate(session_of(*request), ex, [request, reply](std::optional<AccountRecord> account) {
    if (!account) return reply(json_error(*request, http::status::unauthorized, "not_authenticated", "log in first"));
    reply(json_response(*request, http::status::ok, protocol::to_json(account_view(*account))));
  });
}

void AccountApi::history(std::shared_ptr<const HttpRequest> request, const std::string& username, const std::string& query,
                         StoreExecutor ex, Reply reply) {
  if (!protocol::valid_username(username))
    return reply(json_error(*request, http::status::not_found, "not_found", "no such player"));
  GameHistoryQuery q;
  q.username = username;
  q.game = query_value(query, "game");
  q.variant = query_value(query, "variant");
  q.result = query_value(query, "result");
  q.opponent = query_value(query, "opponent");
  q.speed = query_value(query, "speed");
  q.rated = query_value(query, "rated");
  auto page = number_param(query, "page", 1, 1, 100000);
  auto per_page = number_param(query, "per_page", 20, 1, 100);
  const bool known_game = q.game.empty() || q.game == "gipf" || q.game == "yinsh";
  const bool known_result = q.result.empty() || q.result == "won" || q.result == "lost" || q.result == "drawn";
  const bool known_speed = q.speed.empty() || std::find(std::begin(protocol::kSpeeds), std::end(protocol::kSpeeds), q.speed) !=
                                                   std::end(protocol::kSpeeds);
  const bool known_rated = q.rated.empty() || q.rated == "true" || q.rated == "false";
  if (!page || !per_page || !known_game || !known_result || !known_speed || !known_rated || q.variant.size() > 20 || q.opponent.size() > 40)
    return reply(json_error(*request, http::status::bad_request, "bad_field",
                            "page >= 1, 1 <= per_page <= 100, game gipf or yinsh, result won, lost or drawn, "
                            "speed blitz, rapid, classical, correspondence or untimed, rated true or false"));
  q.page = *page;
  q.per_page = *per_page;
  store_.game_history(q, ex, [request, reply, q](Stored<std::optional<GameHistory>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    if (!found.value) return reply(json_error(*request, http::status::not_found, "not_found", "no such player"));
    protocol::GameList list{{}, q.page, q.per_page, found.value->total};
    for (const auto& r : found.value->games) list.games.push_back(game_row(r));
    reply(json_response(*request, http::status::ok, protocol::to_json(list)));
  });
}

void AccountApi::profile(std::shared_ptr<const HttpRequest> request, const std::string& username, StoreExecutor ex,
                         Reply reply) {
  if (!protocol::valid_username(username))
    return reply(json_error(*request, http::status::not_found, "not_found", "no such player"));
  store_.profile(username, 10, ex, [request, reply, now = accounts_.now()](Stored<std::optional<Profile>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    if (!found.value) return reply(json_error(*request, http::status::not_found, "not_found", "no such player"));
    const Profile& p = *found.value;
    protocol::PlayerProfile view{p.account.username, p.account.role, p.account.created_at, p.games_played, {},
                                 perf_views(p.ratings, now), p.account.closed_at, p.account.bot};
    for (const auto& r : p.recent) view.recent.push_back(game_row(r));
    reply(json_response(*request, http::status::ok, protocol::to_json(view)));
  });
}

}  // namespace arena
