#include "api/trust_api.hpp"

#include <algorithm>
#include <charconv>
#include <variant>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "api/account_api.hpp"  // session_of, method_not_allowed
#include "account/moderation.hpp"   // may_moderate
#include "mail/notice_words.hpp"
#include "net/http_target.hpp"
#include "protocol/messages.hpp"    // check_chat_text
#include "protocol/room_id.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

const std::string kReports = "/api/reports";
const std::string kBlocks = "/api/blocks";
const std::string kAdminReports = "/api/admin/reports";

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

json report_json(const ReportRecord& r) {
  return {{"id", r.id},
          {"reporter", r.reporter},
          {"player", {{"id", r.player}, {"name", r.player_name}, {"kind", r.player_kind}}},
          {"room", r.room.empty() ? json(nullptr) : json(r.room)},
          {"reason", r.reason},
          {"created_at", r.created_at},
          {"status", r.status},
          {"outcome", r.status == "resolved" ? json(r.outcome) : json(nullptr)},
          {"resolved_by", r.resolved_by.empty() ? json(nullptr) : json(r.resolved_by)},
          {"resolved_at", r.resolved_at ? json(r.resolved_at) : json(nullptr)}};
}

json block_json(const BlockRecord& b) { return {{"username", b.username}, {"created_at", b.created_at}}; }

HttpResponse bad(const HttpRequest& request, const std::string& code, const std::string& message) {
  return json_error(request, http::status::bad_request, code, message);
}

// A store refusal as HTTP.
HttpResponse refused(const HttpRequest& request, const std::string& code, const std::string& message) {
  auto status = http::status::conflict;
  if (code == "not_found") status = http::status::not_found;
  if (code == "bad_field") status = http::status::bad_request;
  if (code == "rate_limited") status = http::status::too_many_requests;
  if (code == "reports_full") status = http::status::service_unavailable;
  return json_error(request, status, code, message);
}

// The body as an object with only `allowed` fields, or the 400 to send.
using Body = std::variant<json, HttpResponse>;
Body body_object(const HttpRequest& request, std::initializer_list<const char*> allowed) {
  auto j = json::parse(request.body(), nullptr, false);
  if (j.is_discarded()) return Body(std::in_place_index<1>, bad(request, "bad_json", "the body is not JSON"));
  if (!j.is_object()) return Body(std::in_place_index<1>, bad(request, "bad_field", "the body must be a JSON object"));
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::find_if(allowed.begin(), allowed.end(), [&](const char* a) { return it.key() == a; }) == allowed.end())
      return Body(std::in_place_index<1>, bad(request, "bad_field", "unknown field '" + it.key() + "'"));
  return Body(std::in_place_index<0>, std::move(j));
}

// A text field under chat's rules (1–200 code points, NFC), or the error's message.
std::variant<std::string, std::string> text_field(const json& j, const char* name) {
  if (!j.contains(name) || !j[name].is_string()) return std::variant<std::string, std::string>(std::in_place_index<1>, std::string("'") + name + "' is required (a string)");
  auto checked = protocol::check_chat_text(j[name].get<std::string>());
  if (!checked.error.empty()) return std::variant<std::string, std::string>(std::in_place_index<1>, std::string(name) + ": " + checked.error);
  return std::variant<std::string, std::string>(std::in_place_index<0>, checked.name);
}

}  // namespace

TrustApi::TrustApi(AccountService& accounts, TrustStore& store, BlockBook& blocks, PlayerConnections& connections)
    : accounts_(accounts), store_(store), block_book_(blocks), connections_(connections) {}

bool TrustApi::owns(const std::string& path) const {
  return path == kReports || starts_with(path, kReports + "/") || path == kBlocks || starts_with(path, kBlocks + "/") ||
         path == kAdminReports || starts_with(path, kAdminReports + "/");
}

bool TrustApi::deletable(const std::string& path) const { return starts_with(path, kBlocks + "/"); }

void TrustApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                      const std::string& address, StoreExecutor ex, Reply reply) {
  accounts_.authenticate(session_of(*request), ex, [this, request, path, query, address, ex, reply](std::optional<AccountRecord> account) {
    const auto method = request->method();
    const bool post = method == http::verb::post;
    if (starts_with(path, kAdminReports)) {
      // As every admin path: without a session or below moderator, 403.
      if (!account || !Moderation::may_moderate(account->role))
        return reply(json_error(*request, http::status::forbidden, "forbidden", "this is for moderators and admins"));
      if (path == kAdminReports) {
        if (post) return reply(method_not_allowed(*request, "GET, HEAD"));
        return queue(request, query, ex, reply);
      }
      std::string rest = path.substr(kAdminReports.size() + 1);
      auto slash = rest.find('/');
      if (slash == std::string::npos || rest.substr(slash) != "/resolve")
        return reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
      if (!post) return reply(method_not_allowed(*request, "POST"));
      return resolve(request, rest.substr(0, slash), *account, address, ex, reply);
    }
    if (!account) return reply(json_error(*request, http::status::unauthorized, "not_authenticated", "sign in first"));
    if (path == kReports) {
      if (!post) return reply(method_not_allowed(*request, "POST"));
      return report(request, *account, ex, reply);
    }
    if (path == kReports + "/mine") {
      if (post) return reply(method_not_allowed(*request, "GET, HEAD"));
      return mine(request, *account, ex, reply);
    }
    if (path == kBlocks) {
      if (post) return reply(method_not_allowed(*request, "GET, HEAD"));
      store_.blocks_of(account->player, ex, [request, reply](Stored<std::vector<BlockRecord>> found) {
        if (!found.ok()) return reply(store_failed(*request, found.error));
        json list = json::array();
        for (const auto& b : found.value) list.push_back(block_json(b));
        reply(json_response(*request, http::status::ok, {{"blocks", list}}));
      });
      return;
    }
    if (starts_with(path, kBlocks + "/")) {
      if (!post && method != http::verb::delete_) return reply(method_not_allowed(*request, "POST, DELETE"));
      return blocks(request, path.substr(kBlocks.size() + 1), *account, ex, reply);
    }
    reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
  });
}

void TrustApi::report(std::shared_ptr<const HttpRequest> request, const AccountRecord& account, StoreExecutor ex, Reply reply) {
  auto parsed = body_object(*request, {"player", "username", "reason", "room"});
  if (auto* error = std::get_if<HttpResponse>(&parsed)) return reply(std::move(*error));
  const json& j = std::get<json>(parsed);
  NewReport n;
  n.reporter = account.id;
  n.reporter_player = account.player;
  n.now = accounts_.now();
  if (j.contains("player") == j.contains("username"))
    return reply(bad(*request, "bad_field", "name the player by 'player' (an id) or 'username', one of them"));
  if (j.contains("player")) {
    if (!j["player"].is_number_integer() || j["player"].get<std::int64_t>() < 1)
      return reply(bad(*request, "bad_field", "'player' must be a player id"));
    n.player = j["player"].get<std::int64_t>();
  } else {
    if (!j["username"].is_string() || !protocol::valid_username(j["username"].get<std::string>()))
      return reply(bad(*request, "bad_field", "'username' must be a username"));
    n.username = j["username"].get<std::string>();
  }
  if (j.contains("room")) {
    if (!j["room"].is_string() || !protocol::valid_room_id(j["room"].get<std::string>()))
      return reply(bad(*request, "bad_field", "'room' must be a game's id"));
    n.room = j["room"].get<std::string>();
  }
  auto reason = text_field(j, "reason");
  if (reason.index() == 1) return reply(bad(*request, "bad_field", std::get<1>(reason)));
  n.reason = std::get<0>(reason);
  store_.create_report(std::move(n), ex, [request, reply](Stored<Outcome<ReportRecord>> done) {
    if (!done.ok()) return reply(store_failed(*request, done.error));
    if (!done.value.ok()) return reply(refused(*request, done.value.code, done.value.message));
    spdlog::info("event=report_created report={} player={}", done.value.value.id, done.value.value.player);
    reply(json_response(*request, http::status::created, {{"report", report_json(done.value.value)}}));
  });
}

void TrustApi::mine(std::shared_ptr<const HttpRequest> request, const AccountRecord& account, StoreExecutor ex, Reply reply) {
  store_.reports_of(account.id, ex, [request, reply](Stored<std::vector<ReportRecord>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    json list = json::array();
    for (const auto& r : found.value) list.push_back(report_json(r));
    reply(json_response(*request, http::status::ok, {{"reports", list}}));
  });
}

void TrustApi::queue(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply) {
  std::string status = query_value(query, "status");
  if (status.empty()) status = "open";
  auto page = number_param(query, "page", 1, 1, 100000);
  auto per_page = number_param(query, "per_page", 50, 1, 100);
  if ((status != "open" && status != "resolved") || !page || !per_page)
    return reply(bad(*request, "bad_field", "status is open or resolved; page >= 1 and 1 <= per_page <= 100"));
  store_.reports(status, *page, *per_page, ex, [request, reply, page = *page, per_page = *per_page](Stored<ReportPage> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    json list = json::array();
    for (const auto& r : found.value.reports) {
      json report = report_json(r);
      // the moderators read what was said, deleted lines marked (#43)
      json chat = json::array();
      for (const auto& line : r.chat)
        chat.push_back({{"seq", line.seq}, {"channel", line.channel}, {"text", line.text}, {"at", line.at}, {"deleted", line.deleted}});
      report["chat"] = std::move(chat);
      list.push_back(std::move(report));
    }
    reply(json_response(*request, http::status::ok,
                        {{"reports", list}, {"total", found.value.total}, {"page", page}, {"per_page", per_page}}));
  });
}

void TrustApi::resolve(std::shared_ptr<const HttpRequest> request, const std::string& id_text, const AccountRecord& moderator,
                       const std::string& address, StoreExecutor ex, Reply reply) {
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
  if (ec != std::errc() || end != id_text.data() + id_text.size() || id < 1)
    return reply(json_error(*request, http::status::not_found, "not_found", "no such report"));
  auto parsed = body_object(*request, {"outcome"});
  if (auto* error = std::get_if<HttpResponse>(&parsed)) return reply(std::move(*error));
  auto outcome = text_field(std::get<json>(parsed), "outcome");
  if (outcome.index() == 1) return reply(bad(*request, "bad_field", std::get<1>(outcome)));
  std::int64_t now = accounts_.now();
  AuditEntry audit{moderator.id, "resolve_report", "", json{{"outcome", std::get<0>(outcome)}}.dump(), address, now};
  store_.resolve_report(id, std::get<0>(outcome), moderator.id, now, std::move(audit), ex,
                        [this, request, reply](Stored<Outcome<ReportRecord>> done) {
                          if (!done.ok()) return reply(store_failed(*request, done.error));
                          if (!done.value.ok()) return reply(refused(*request, done.value.code, done.value.message));
                          const ReportRecord& r = done.value.value;
                          // The reporter hears of it at once if connected; /api/reports/mine keeps it.
                          json notice = report_json(r);
                          connections_.send(r.reporter_player,
                                            make_frame(json{{"type", "report_resolved"}, {"report", notice}}));
                          if (player_mail_) {  // the intent the resolution stored with it (the same words)
                            NoticeWords words = report_words(r.player_name, r.outcome, r.reporter);
                            player_mail_({r.reporter_player, "report", words.subject, words.text, words.path, "", r.id});
                          }
                          reply(json_response(*request, http::status::ok, {{"report", notice}}));
                        });
}

void TrustApi::blocks(std::shared_ptr<const HttpRequest> request, const std::string& username, const AccountRecord& account,
                      StoreExecutor ex, Reply reply) {
  if (!protocol::valid_username(username))
    return reply(json_error(*request, http::status::not_found, "not_found", "no account '" + username + "'"));
  const bool block = request->method() == http::verb::post;
  if (block) {  // an empty body or {}
    auto parsed = request->body().empty() ? Body(std::in_place_index<0>, json::object()) : body_object(*request, {});
    if (auto* error = std::get_if<HttpResponse>(&parsed)) return reply(std::move(*error));
  }
  std::int64_t blocker = account.player;
  store_.set_block(blocker, username, block, accounts_.now(), ex, [this, request, reply, block, blocker](Stored<Outcome<BlockRecord>> done) {
    if (!done.ok()) return reply(store_failed(*request, done.error));
    if (!done.value.ok()) return reply(refused(*request, done.value.code, done.value.message));
    const BlockRecord& b = done.value.value;
    if (block) {
      block_book_.add(blocker, b.player);
      return reply(json_response(*request, http::status::created, {{"block", block_json(b)}}));
    }
    block_book_.remove(blocker, b.player);
    reply(respond(*request, http::status::no_content, "", "application/json"));
  });
}

}  // namespace arena
