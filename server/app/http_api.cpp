#include "app/http_api.hpp"

#include <algorithm>
#include <spdlog/spdlog.h>

#include "api/account_api.hpp"
#include "api/admin_api.hpp"
#include "api/rating_api.hpp"
#include "net/http_module.hpp"
#include "engine/records.hpp"
#include "engine/registry.hpp"
#include "app/http_session.hpp"  // origin_allowed
#include "game/authority.hpp"  // replay_event
#include "protocol/game_view.hpp"
#include "protocol/http_messages.hpp"
#include "protocol/json_text.hpp"
#include "protocol/room_id.hpp"
#include "protocol/messages.hpp"
#include "protocol/server_messages.hpp"
#include "util/log_text.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

// The game rebuilt from its stored events: exactly what was acknowledged.
HttpResponse game_answer(const HttpRequest& request, const RoomRecord& record, const std::vector<EventRecord>& events,
                         std::optional<HttpApi::RecordRequest> as_text, std::string node) {
  std::string error;
  auto game = engine::AnyGame::create(record.options, error);
  if (!game) return json_error(request, http::status::internal_server_error, "internal", error);
  protocol::GameDetail detail;
  detail.game = game_row(record);
  // positions[i]: the state after the i-th action (0: the start), for replays
  if (!as_text) detail.positions.push_back({0, protocol::state_json(*game)});
  for (const EventRecord& e : events) {
    if (!replay_event(*game, e).empty())
      return json_error(request, http::status::internal_server_error, "internal", "the stored game does not replay");
    if (e.kind == protocol::EventKind::Action && !as_text) detail.positions.push_back({game->ply(), protocol::state_json(*game)});
  }
  engine::RecordPlayers players{record.white_name, record.black_name, {{"Site", "GIPF Arena"}, {"Room", record.id}}};
  if (as_text) {
    auto written = engine::write_record(*game, as_text->format, players, as_text->short_form);
    if (!written.ok()) return json_error(request, http::status::bad_request, "format_unavailable", written.error);
    const bool sgf = as_text->format == engine::RecordFormat::Sgf;
    auto res = respond(request, http::status::ok, written.text, sgf ? "application/x-go-sgf" : "text/plain; charset=utf-8");
    res.set(http::field::content_disposition, "attachment; filename=\"gipf-arena-" + record.options.game + "-" + record.id +
                                                  (as_text->format == engine::RecordFormat::Official ? "-official" : "") +
                                                  (sgf ? ".sgf" : ".txt") + "\"");
    return res;
  }
  detail.steps = json::array();
  for (const auto& s : game->steps(0)) detail.steps.push_back(protocol::step_json(s));
  detail.record = engine::write_record(*game, engine::RecordFormat::Arena, players).text;
  detail.state = protocol::state_json(*game);
  detail.node = std::move(node);
  return json_response(request, http::status::ok, protocol::to_json(std::move(detail)));
}

}  // namespace

HttpApi::HttpApi(HttpApiSettings settings, GameIndex& index, GameLog& log, ServerGauges gauges,
                 std::shared_ptr<AccountApi> accounts, std::shared_ptr<AdminApi> admin, std::shared_ptr<RatingApi> ratings,
                 std::vector<std::shared_ptr<HttpModule>> modules)
    : settings_(std::move(settings)),
      index_(index),
      log_(log),
      gauges_(std::move(gauges)),
      accounts_(std::move(accounts)),
      admin_(std::move(admin)),
      ratings_(std::move(ratings)),
      modules_(std::move(modules)),
      static_files_(settings_.static_dir) {}

namespace {

bool starts_with(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }

// The client's list page `root` ("/ladders") or one item's page ("/ladders/12").
// The analysis board (#44): /analysis, /analysis/GAME, /analysis/GAME/VARIANT.
bool analysis_page(const std::string& path) {
  if (path == "/analysis" || path == "/analysis/") return true;
  if (!starts_with(path, "/analysis/")) return false;
  std::string_view rest = std::string_view(path).substr(std::string_view("/analysis/").size());
  if (rest.empty() || rest.size() > 40 || std::count(rest.begin(), rest.end(), '/') > 1) return false;
  return std::all_of(rest.begin(), rest.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '/'; });
}

bool client_page(const std::string& path, std::string_view root) {
  if (path == root || path == std::string(root) + "/") return true;
  if (!starts_with(path, std::string(root) + "/")) return false;
  std::string_view id = std::string_view(path).substr(root.size() + 1);
  return !id.empty() && id.size() <= 18 && std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<HttpResponse> HttpApi::refuse_post(const HttpRequest& request) const {
  // A form or a no-cors fetch from another site cannot send application/json;
  // a page's Origin must be ours (PROTOCOL.md, CSRF).
  std::string_view type = std_view(request[http::field::content_type]);
  type = type.substr(0, type.find(';'));
  while (!type.empty() && type.back() == ' ') type.remove_suffix(1);
  if (!boost::beast::iequals(boost::beast::string_view(type.data(), type.size()), "application/json"))
    return json_error(request, http::status::unsupported_media_type, "bad_content_type", "send Content-Type: application/json");
  if (!HttpSession::origin_allowed(std_view(request[http::field::origin]), std_view(request[http::field::host]),
                                   settings_.public_origins))
    return json_error(request, http::status::forbidden, "origin_not_allowed", "pages from this origin may not do this");
  return std::nullopt;
}

void HttpApi::handle(HttpRequest request, const std::string& address, StoreExecutor ex, Reply reply) {
  auto [path, query] = split_target(std_view(request.target()));
  HttpModule* module = nullptr;
  for (const auto& m : modules_)
    if (m->owns(path)) module = m.get();
  const bool account_path = starts_with(path, "/api/account") || starts_with(path, "/api/players/");
  const bool admin_path = starts_with(path, "/api/admin/");
  const auto method = request.method();
  const bool patch = method == http::verb::patch && module && module->patchable(path);
  const bool del = method == http::verb::delete_ && module && module->deletable(path);
  const bool open_post = method == http::verb::post && module && module->open_post(path);
  // A token's path with a token, or with no cookie at all (then nobody is
  // authenticated, and the module answers 401 itself).
  const bool bearer = module && module->bearer_path(path) &&
                      ((request.count(http::field::authorization) > 0 &&
                        std_view(request[http::field::authorization]).rfind("Bearer ", 0) == 0) ||
                       request.count(http::field::cookie) == 0);
  if (open_post) {
    // Answered by the module alone: a token in the URL is its authority.
  } else if (bearer && (method == http::verb::post || del)) {
    // A personal API token (#45) is its authority, never a cookie.
  } else if ((method == http::verb::post && (account_path || admin_path || module)) || patch) {
    if (auto refusal = refuse_post(request)) return reply(std::move(*refusal));
  } else if (del) {
    // No body, so no Content-Type to insist on; a browser sends DELETE from
    // another site only after a CORS preflight we never answer, and with its Origin.
    if (!HttpSession::origin_allowed(std_view(request[http::field::origin]), std_view(request[http::field::host]),
                                     settings_.public_origins))
      return reply(json_error(request, http::status::forbidden, "origin_not_allowed", "pages from this origin may not do this"));
  } else if (method != http::verb::get && method != http::verb::head) {
    const char* allowed = account_path || admin_path || module ? "GET, HEAD, POST" : "GET, HEAD";
    auto res = json_error(request, http::status::method_not_allowed, "method_not_allowed", std::string("only ") + allowed);
    res.set(http::field::allow, allowed);
    return reply(std::move(res));
  }
  auto shared = std::make_shared<const HttpRequest>(std::move(request));
  if (module) return module->handle(std::move(shared), path, query, address, std::move(ex), std::move(reply));
  if (RatingApi::owns(path)) return ratings_->handle(std::move(shared), path, query, std::move(ex), std::move(reply));
  if (account_path) return accounts_->handle(std::move(shared), path, query, address, std::move(ex), std::move(reply));
  if (admin_path) return admin_->handle(std::move(shared), path, query, address, std::move(ex), std::move(reply));
  // For Prometheus (PROTOCOL.md, "Metrics"): the scrape is cheap and reads no store.
  if (path == "/metrics" && gauges_.metrics)
    return reply(respond(*shared, http::status::ok, gauges_.metrics(), "text/plain; version=0.0.4; charset=utf-8"));
  if (starts_with(path, "/api/")) return api(std::move(shared), path, query, std::move(ex), std::move(reply));
  // The client's own pages (a profile, the admin page, the rules) are its index.html.
  if (starts_with(path, "/@/") || path == "/admin" || path == "/leaderboard" || path == "/leaderboard/" ||
      client_page(path, "/ladders") || client_page(path, "/events") || analysis_page(path) || path == "/rules/gipf" || path == "/rules/yinsh" ||
      path == "/import" || path == "/account/verify" || path == "/account/reset" || path == "/account/forgot" || path == "/account/settings")
    return reply(static_files_.answer(*shared, "/"));
  reply(static_files_.answer(*shared, path));
}

bool HttpApi::streams(const HttpRequest& request) const {
  if (request.method() != http::verb::get) return false;
  auto [path, query] = split_target(std_view(request.target()));
  for (const auto& m : modules_)
    if (m->streams(path)) return true;
  return false;
}

void HttpApi::stream(HttpRequest request, const std::string& address, StoreExecutor ex, HttpModule::StreamReply reply) {
  auto [path, query] = split_target(std_view(request.target()));
  for (const auto& m : modules_)
    if (m->streams(path))
      return m->stream(std::make_shared<const HttpRequest>(std::move(request)), path, address, std::move(ex), std::move(reply));
  reply(json_error(request, http::status::not_found, "not_found", "no such resource"));
}

void HttpApi::api(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                  StoreExecutor ex, Reply reply) {
  if (path == "/api/health") {
    return reply(json_response(*request, http::status::ok,
                               protocol::to_json(protocol::Health{gauges_.rooms_in_memory(), gauges_.connections(), settings_.node, gauges_.mail})));
  }
  if (path == "/api/ready") {
    std::string_view state = gauges_.readiness ? gauges_.readiness() : std::string_view("ready");
    bool ready = state == "ready";
    return reply(json_response(*request, ready ? http::status::ok : http::status::service_unavailable,
                               json{{"ready", ready}, {"state", state}}));
  }
  if (path == "/api/games") return games(std::move(request), query, std::move(ex), std::move(reply));
  const std::string prefix = "/api/games/";
  if (path.rfind(prefix, 0) == 0) {
    std::string rest = path.substr(prefix.size());
    std::optional<HttpApi::RecordRequest> as_text;
    if (auto slash = rest.find('/'); slash != std::string::npos) {
      if (rest.substr(slash) != "/record") return reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
      rest = rest.substr(0, slash);
      as_text.emplace();
      const std::string format = query_value(query, "format"), form = query_value(query, "form");
      if (!format.empty()) {
        auto parsed = engine::parse_record_format(format);
        if (!parsed) return reply(json_error(*request, http::status::bad_request, "bad_field", "format must be arena, official or sgf"));
        as_text->format = *parsed;
      }
      if (!form.empty() && form != "short" && form != "complete")
        return reply(json_error(*request, http::status::bad_request, "bad_field", "form must be short or complete"));
      as_text->short_form = form == "short";
    }
    return game(std::move(request), rest, as_text, std::move(ex), std::move(reply));
  }
  reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
}

void HttpApi::games(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply) {
  std::string status_text = query_value(query, "status");
  auto status = protocol::parse_status(status_text);
  if (!status_text.empty() && !status)
    return reply(json_error(*request, http::status::bad_request, "bad_field", "status must be open, live, finished or cancelled"));
  auto page = number_param(query, "page", 1, 1, 100000);
  auto per_page = number_param(query, "per_page", 20, 1, 100);
  if (!page || !per_page)
    return reply(json_error(*request, http::status::bad_request, "bad_field", "page >= 1 and 1 <= per_page <= 100"));
  index_.list_rooms(RoomQuery{status, *page, *per_page}, ex,
                    [request, reply, page = *page, per_page = *per_page](Stored<RoomPage> result) {
                      if (!result.ok()) return reply(store_failed(*request, result.error));
                      protocol::GameList list{{}, page, per_page, result.value.total};
                      for (const auto& r : result.value.rooms) list.games.push_back(game_row(r));
                      reply(json_response(*request, http::status::ok, protocol::to_json(list)));
                    });
}

void HttpApi::game(std::shared_ptr<const HttpRequest> request, const std::string& id, std::optional<RecordRequest> as_text,
                   StoreExecutor ex,
                   Reply reply) {
  // Only a well-formed id is looked up or written back: the path is the
  // client's text, and may hold any bytes.
  if (!protocol::valid_room_id(id)) return reply(json_error(*request, http::status::not_found, "not_found", "no such game"));
  index_.find_room(id, ex, [this, request, id, as_text, ex, reply](Stored<std::optional<RoomRecord>> record) {
    if (!record.ok()) return reply(store_failed(*request, record.error));
    if (!record.value) return reply(json_error(*request, http::status::not_found, "not_found", "no game '" + id + "'"));
    log_.events(id, ex, [this, request, row = *record.value, as_text, ex, reply](Stored<std::vector<EventRecord>> events) {
      if (!events.ok()) return reply(store_failed(*request, events.error));
      bool playing = row.status == protocol::RoomStatus::Open || row.status == protocol::RoomStatus::Live;
      // An open or live game names the node serving it: this one, unless
      // nodes share the site (then its lease's owner).
      if (!playing || !settings_.leases) return reply(game_answer(*request, row, events.value, as_text, playing ? settings_.node : ""));
      settings_.leases->room_lease(row.id, ex, [request, row, events = std::move(events.value), as_text, reply,
                                               self = settings_.node](Stored<std::optional<RoomLease>> lease) {
        if (!lease.ok()) return reply(store_failed(*request, lease.error));
        reply(game_answer(*request, row, events, as_text, lease.value ? lease.value->owner : self));
      });
    });
  });
}

}  // namespace arena
