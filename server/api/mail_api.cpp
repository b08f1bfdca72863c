#include "api/mail_api.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <variant>

#include "api/account_api.hpp"  // session_of, method_not_allowed, store_failure
#include "mail/mail_message.hpp"
#include "net/http_target.hpp"
#include "protocol/account_messages.hpp"
#include "util/log_text.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

const std::string kEmail = "/api/account/email";
const std::string kVerify = "/api/account/email/verify";
const std::string kNotify = "/api/account/notify";
const std::string kReset = "/api/account/reset";
const std::string kConfirm = "/api/account/reset/confirm";
const std::string kUnsubscribe = "/api/mail/unsubscribe";

HttpResponse bad(const HttpRequest& request, const std::string& code, const std::string& message) {
  return json_error(request, http::status::bad_request, code, message);
}

HttpResponse mail_off(const HttpRequest& request) {
  return json_error(request, http::status::service_unavailable, "mail_off", "this server sends no mail");
}

HttpResponse rate_limited(const HttpRequest& request, std::int64_t wait) {
  auto res = json_error(request, http::status::too_many_requests, "rate_limited",
                        "too many requests; try again in " + std::to_string(wait) + " s");
  res.set(http::field::retry_after, std::to_string(wait));
  return res;
}

// The body as an object of only `allowed` fields, or the 400 to send.
std::variant<json, HttpResponse> body_object(const HttpRequest& request, std::initializer_list<const char*> allowed) {
  auto j = json::parse(request.body(), nullptr, false);
  if (j.is_discarded()) return bad(request, "bad_json", "the body is not JSON");
  if (!j.is_object()) return bad(request, "bad_field", "the body must be a JSON object");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::find_if(allowed.begin(), allowed.end(), [&](const char* a) { return it.key() == a; }) == allowed.end())
      return bad(request, "bad_field", "unknown field '" + it.key() + "'");
  return j;
}

// A string field of at most `max` bytes; "" when absent or not a string.
std::string string_field(const json& j, const char* name, std::size_t max) {
  if (!j.contains(name) || !j[name].is_string()) return {};
  std::string text = j[name].get<std::string>();
  return text.size() > max ? std::string() : text;
}

bool token_text(const std::string& token) {
  return token.size() == 64 && std::all_of(token.begin(), token.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

json settings_json(const MailSettings& s) {
  return {{"address", s.address.empty() ? json(nullptr) : json(s.address)},
          {"pending", s.pending.empty() ? json(nullptr) : json(s.pending)},
          {"notify",
           {{"turn", s.notify.turn},
            {"clock", s.notify.clock},
            {"challenge", s.notify.challenge},
            {"round", s.notify.round},
            {"report", s.notify.report},
            {"follow", s.notify.follow}}}};
}

std::string lower_ascii(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

}  // namespace

MailApi::MailApi(AccountService& accounts, AccountStore& account_store, MailStore& store, PasswordHasher& hasher,
                 MailService& mail, PlayerConnections& connections, Clock clock)
    : accounts_(accounts),
      account_store_(account_store),
      store_(store),
      hasher_(hasher),
      mail_(mail),
      connections_(connections),
      clock_(clock),
      limiter_(LoginLimits{3, 10, std::chrono::hours(1), 100000}, clock) {}

bool MailApi::owns(const std::string& path) const {
  return path == kEmail || path == kVerify || path == kNotify || path == kReset || path == kConfirm || path == kUnsubscribe;
}

bool MailApi::open_post(const std::string& path) const { return path == kUnsubscribe; }

void MailApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                     const std::string& address, StoreExecutor ex, Reply reply) {
  const bool post = request->method() == http::verb::post;
  if (path == kUnsubscribe) return unsubscribe(std::move(request), query, std::move(ex), std::move(reply));
  if (path == kEmail && !post) {
    return accounts_.authenticate(session_of(*request), ex, [this, request, ex, reply](std::optional<AccountRecord> account) {
      if (!account) return reply(json_error(*request, http::status::unauthorized, "not_authenticated", "log in first"));
      settings(request, *account, ex, reply);
    });
  }
  if (!post) return reply(method_not_allowed(*request, "POST"));
  if (path == kVerify) return verify(std::move(request), std::move(ex), std::move(reply));
  if (path == kReset) return reset(std::move(request), address, std::move(ex), std::move(reply));
  if (path == kConfirm) return confirm_reset(std::move(request), address, std::move(ex), std::move(reply));
  accounts_.authenticate(session_of(*request), ex, [this, request, path, address, ex, reply](std::optional<AccountRecord> account) {
    if (!account) return reply(json_error(*request, http::status::unauthorized, "not_authenticated", "log in first"));
    if (path == kEmail) return change_address(request, *account, address, ex, reply);
    switches(request, *account, ex, reply);
  });
}

void MailApi::settings(std::shared_ptr<const HttpRequest> request, const AccountRecord& account, StoreExecutor ex, Reply reply) {
  store_.mail_settings(account.id, clock_(), ex, [this, request, reply](Stored<MailSettings> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    json body = settings_json(found.value);
    body["mail"] = mail_.enabled();
    reply(json_response(*request, http::status::ok, body));
  });
}

void MailApi::change_address(std::shared_ptr<const HttpRequest> request, const AccountRecord& account,
                             const std::string& address, StoreExecutor ex, Reply reply) {
  if (!mail_.enabled()) return reply(mail_off(*request));
  auto parsed = body_object(*request, {"email", "password"});
  if (auto* r = std::get_if<HttpResponse>(&parsed)) return reply(std::move(*r));
  const json& j = std::get<json>(parsed);
  std::string email = string_field(j, "email", 254);
  std::string password = string_field(j, "password", protocol::kMaxPasswordBytes);
  if (!valid_mail_address(email)) return reply(bad(*request, "bad_email", "'email' must be an address like name@example.org"));
  if (password.empty()) return reply(bad(*request, "bad_password", "'password' (the account's) is required"));
  if (std::int64_t wait = limiter_.attempt("email:" + lower_ascii(account.username), address); wait > 0)
    return reply(rate_limited(*request, wait));
  account_store_.find_account(account.username, ex, [this, request, account, email, password, ex, reply](
                                                        Stored<std::optional<AccountRecord>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    std::optional<std::string> stored;
    if (found.value) stored = found.value->password_hash;
    bool queued = hasher_.verify(std::move(stored), password, ex, [this, request, account, email, ex, reply](PasswordHasher::Verdict v) {
      if (!v.ok) return reply(json_error(*request, http::status::unauthorized, "bad_credentials", "wrong password"));
      store_.mail_settings(account.id, clock_(), ex, [this, request, account, email, ex, reply](Stored<MailSettings> current) {
        if (!current.ok()) return reply(store_failed(*request, current.error));
        mail_.verify_address(account.id, account.username, email, current.value.address, ex,
                             [request, reply, email, id = account.id](Stored<MailQueued> queued) {
          if (!queued.ok()) return reply(store_failed(*request, queued.error));
          if (queued.value.limited)
            return reply(json_error(*request, http::status::too_many_requests, "rate_limited",
                                    "too many confirmation links this hour; try later"));
          spdlog::info("event=mail_address_requested account={}", id);
          reply(json_response(*request, http::status::accepted, {{"pending", email}}));
        });
      });
    });
    if (!queued) reply(json_error(*request, http::status::service_unavailable, "busy", "the server is busy; try again"));
  });
}

void MailApi::verify(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply) {
  auto parsed = body_object(*request, {"token"});
  if (auto* r = std::get_if<HttpResponse>(&parsed)) return reply(std::move(*r));
  std::string token = string_field(std::get<json>(parsed), "token", 64);
  if (!token_text(token)) return reply(bad(*request, "bad_token", "this link is unknown, used or expired"));
  store_.verify_address(token, clock_(), ex, [this, request, ex, reply](Stored<std::optional<AddressVerified>> verified) {
    if (!verified.ok()) return reply(store_failed(*request, verified.error));
    if (!verified.value) return reply(bad(*request, "bad_token", "this link is unknown, used or expired"));
    const bool already = verified.value->already;
    if (!already) spdlog::info("event=mail_address_verified account={}", verified.value->account);
    store_.mail_settings(verified.value->account, clock_(), ex, [request, reply, already](Stored<MailSettings> s) {
      if (!s.ok()) return reply(store_failed(*request, s.error));
      reply(json_response(*request, http::status::ok, {{"address", s.value.address}, {"already_verified", already}}));
    });
  });
}

void MailApi::switches(std::shared_ptr<const HttpRequest> request, const AccountRecord& account, StoreExecutor ex, Reply reply) {
  auto parsed = body_object(*request, {"turn", "clock", "challenge", "round", "report", "follow"});
  if (auto* r = std::get_if<HttpResponse>(&parsed)) return reply(std::move(*r));
  const json& j = std::get<json>(parsed);
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!it.value().is_boolean()) return reply(bad(*request, "bad_field", "'" + it.key() + "' must be true or false"));
  store_.mail_settings(account.id, clock_(), ex, [this, request, account, j, ex, reply](Stored<MailSettings> current) {
    if (!current.ok()) return reply(store_failed(*request, current.error));
    MailSwitches n = current.value.notify;
    n.turn = j.value("turn", n.turn);
    n.clock = j.value("clock", n.clock);
    n.challenge = j.value("challenge", n.challenge);
    n.round = j.value("round", n.round);
    n.report = j.value("report", n.report);
    n.follow = j.value("follow", n.follow);
    store_.set_mail_switches(account.id, n, ex, [this, request, account, ex, reply](const std::string& error) {
      if (!error.empty()) return reply(store_failed(*request, error));
      settings(request, account, ex, reply);
    });
  });
}

void MailApi::reset(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply) {
  if (!mail_.enabled()) return reply(mail_off(*request));
  auto parsed = body_object(*request, {"login"});
  if (auto* r = std::get_if<HttpResponse>(&parsed)) return reply(std::move(*r));
  std::string login = string_field(std::get<json>(parsed), "login", 254);
  if (login.empty()) return reply(bad(*request, "bad_field", "'login' (a username or an address) is required"));
  // Per login (a username or an address) and per client: counted whether or not it names anyone.
  if (std::int64_t wait = limiter_.attempt("reset:" + lower_ascii(login), address); wait > 0)
    return reply(rate_limited(*request, wait));
  // The same answer whatever the login names, once what it caused is durable:
  // a login that names nobody still costs a (empty) write, so the answer's
  // timing does not tell either.
  store_.reset_targets(login, ex, [this, request, ex, reply](Stored<std::vector<ResetTarget>> targets) {
    if (!targets.ok()) return reply(store_failed(*request, targets.error));
    auto sent = [request, reply] { reply(json_response(*request, http::status::accepted, {{"sent", true}})); };
    if (targets.value.empty()) {
      MailRequest nothing;
      nothing.now = clock_();
      return store_.queue_mail(std::move(nothing), ex, [request, reply, sent](Stored<MailQueued> done) {
        if (!done.ok()) return reply(store_failed(*request, done.error));
        sent();
      });
    }
    auto left = std::make_shared<std::size_t>(targets.value.size());
    auto failed = std::make_shared<std::string>();
    for (const ResetTarget& t : targets.value)
      mail_.reset_link(t, ex, [request, reply, sent, left, failed, id = t.account](Stored<MailQueued> queued) {
        if (!queued.ok()) *failed = queued.error;
        else if (queued.value.limited) spdlog::info("event=reset_limited account={}", id);
        else spdlog::info("event=reset_requested account={}", id);
        if (--*left > 0) return;
        if (!failed->empty()) return reply(store_failed(*request, *failed));
        sent();
      });
  });
}

void MailApi::confirm_reset(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex,
                            Reply reply) {
  auto parsed = body_object(*request, {"token", "password"});
  if (auto* r = std::get_if<HttpResponse>(&parsed)) return reply(std::move(*r));
  const json& j = std::get<json>(parsed);
  std::string token = string_field(j, "token", 64);
  std::string password = string_field(j, "password", 1000);
  if (!token_text(token)) return reply(bad(*request, "bad_token", "this link is unknown, used or expired"));
  if (password.size() < protocol::kMinPasswordBytes || password.size() > protocol::kMaxPasswordBytes)
    return reply(bad(*request, "bad_password", "a password has 8 to 128 bytes"));
  // Each try costs a password hash: they count against the client's address.
  if (std::int64_t wait = limiter_.attempt("confirm:" + token, address); wait > 0) return reply(rate_limited(*request, wait));
  bool queued = hasher_.hash(password, ex, [this, request, token, address, ex, reply](std::string hash) {
    if (hash.empty()) return reply(json_error(*request, http::status::internal_server_error, "internal", "the password could not be hashed"));
    AuditEntry audit;
    audit.action = "reset_password";
    audit.address = address;
    store_.reset_password(token, std::move(hash), clock_(), std::move(audit), ex,
                          [this, request, reply](Stored<std::optional<PasswordReset>> done) {
      if (!done.ok()) return reply(store_failed(*request, done.error));
      if (!done.value) return reply(bad(*request, "bad_token", "this link is unknown, used or expired"));
      // Every session was deleted with the new password: their connections close too.
      connections_.disconnect_player(done.value->player, "password reset");
      spdlog::info("event=password_reset account={}", done.value->account);
      reply(json_response(*request, http::status::ok, {{"username", done.value->username}}));
    });
  });
  if (!queued) reply(json_error(*request, http::status::service_unavailable, "busy", "the server is busy; try again"));
}

void MailApi::unsubscribe(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply) {
  std::string token = query_value(query, "token");
  const bool post = request->method() == http::verb::post;
  if (!token_text(token)) return reply(json_error(*request, http::status::not_found, "not_found", "no such unsubscribe link"));
  if (!post) {
    // A GET changes nothing (link scanners open every link): a button that POSTs.
    std::string page =
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Unsubscribe</title></head><body>"
        "<form method=\"post\" action=\"" + kUnsubscribe + "?token=" + token + "\">"
        "<input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">"
        "<p>Stop this kind of mail from GIPF Arena?</p><button type=\"submit\">Unsubscribe</button></form></body></html>";
    return reply(respond(*request, http::status::ok, page, "text/html; charset=utf-8"));
  }
  store_.unsubscribe(token, ex, [request, reply](Stored<bool> done) {
    if (!done.ok()) return reply(store_failed(*request, done.error));
    if (!done.value) return reply(json_error(*request, http::status::not_found, "not_found", "no such unsubscribe link"));
    spdlog::info("event=mail_unsubscribed");
    reply(respond(*request, http::status::ok, "<!doctype html><p>Unsubscribed.</p>", "text/html; charset=utf-8"));
  });
}

}  // namespace arena
