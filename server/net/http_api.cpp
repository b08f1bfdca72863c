#include "net/http_api.hpp"

#include <fstream>
#include <spdlog/spdlog.h>

#include "engine/registry.hpp"
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

// Every answer's headers; JSON answers are never cached.
HttpResponse make_response(http::status status, unsigned version, bool keep_alive, std::string body, const std::string& type) {
  HttpResponse res{status, version};
  res.set(http::field::server, "gipf-arena");
  res.set(http::field::content_type, type);
  res.set("X-Content-Type-Options", "nosniff");
  if (type == "application/json") res.set(http::field::cache_control, "no-store");
  res.keep_alive(keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

std::string error_body(const std::string& code, const std::string& message) {
  return protocol::to_text(protocol::to_json(protocol::HttpError{code, message}));
}

HttpResponse respond(const HttpRequest& request, http::status status, std::string body, const std::string& type) {
  auto res = make_response(status, request.version(), request.keep_alive(), std::move(body), type);
  if (request.method() == http::verb::head) res.body().clear();
  return res;
}

HttpResponse json_response(const HttpRequest& request, http::status status, const json& body) {
  return respond(request, status, protocol::to_text(body), "application/json");
}

HttpResponse json_error(const HttpRequest& request, http::status status, const std::string& code, const std::string& message) {
  return respond(request, status, error_body(code, message), "application/json");
}

protocol::GameRow game_row(const RoomRecord& r) {
  auto seat = [](const std::optional<std::int64_t>& id, const std::string& name) -> std::optional<protocol::PlayerRef> {
    if (!id) return std::nullopt;
    return protocol::PlayerRef{*id, name};
  };
  return {r.id,    r.options,  r.is_private, r.status,       seat(r.white, r.white_name), seat(r.black, r.black_name),
          r.plies, r.result,   r.reason,     r.created_at,   r.finished_at};
}

HttpResponse store_failed(const HttpRequest& request, const std::string& error) {
  spdlog::error("event=store_failed error=\"{}\"", log_text(error));
  return json_error(request, http::status::internal_server_error, "internal", "the database could not answer");
}

// The game rebuilt from its stored events: exactly what was acknowledged.
HttpResponse game_answer(const HttpRequest& request, const RoomRecord& record, const std::vector<EventRecord>& events,
                         bool as_text) {
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
  std::vector<engine::RecordTag> tags{{"Site", "GIPF Arena"}, {"Room", record.id}};
  if (!record.white_name.empty()) tags.push_back({"White", record.white_name});
  if (!record.black_name.empty()) tags.push_back({"Black", record.black_name});
  std::string text = game->record(tags);
  if (as_text) {
    auto res = respond(request, http::status::ok, text, "text/plain; charset=utf-8");
    res.set(http::field::content_disposition,
            "attachment; filename=\"gipf-arena-" + record.options.game + "-" + record.id + ".txt\"");
    return res;
  }
  detail.steps = json::array();
  for (const auto& s : game->steps(0)) detail.steps.push_back(protocol::step_json(s));
  detail.record = std::move(text);
  detail.state = protocol::state_json(*game);
  return json_response(request, http::status::ok, protocol::to_json(std::move(detail)));
}

}  // namespace

HttpApi::HttpApi(std::filesystem::path static_dir, GameIndex& index, GameLog& log, ServerGauges gauges)
    : static_dir_(std::move(static_dir)), index_(index), log_(log), gauges_(std::move(gauges)) {}

std::string HttpApi::content_type(const std::string& path) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},        {".svg", "image/svg+xml"},
      {".png", "image/png"},                {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"}, {".md", "text/plain; charset=utf-8"},
      {".woff2", "font/woff2"},              {".webmanifest", "application/manifest+json"}};
  auto ext = std::filesystem::path(path).extension().string();
  for (auto& [e, type] : kTypes)
    if (ext == e) return type;
  return "application/octet-stream";
}

void HttpApi::handle(HttpRequest request, StoreExecutor ex, Reply reply) {
  auto [path, query] = split_target(std_view(request.target()));
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    auto res = json_error(request, http::status::method_not_allowed, "method_not_allowed", "only GET and HEAD");
    res.set(http::field::allow, "GET, HEAD");
    return reply(std::move(res));
  }
  if (path.rfind("/api/", 0) == 0)
    return api(std::make_shared<const HttpRequest>(std::move(request)), path, query, std::move(ex), std::move(reply));
  reply(static_file(request, path));
}

HttpResponse HttpApi::static_file(const HttpRequest& request, const std::string& path) {
  auto file = resolve_static_path(static_dir_, path);
  std::error_code ec;
  if (!file.empty() && std::filesystem::is_directory(file, ec)) file /= "index.html";
  if (file.empty() || !std::filesystem::is_regular_file(file, ec))
    return respond(request, http::status::not_found, "not found\n", "text/plain; charset=utf-8");
  std::ifstream in(file, std::ios::binary);
  std::string body{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!in.good() && !in.eof()) return respond(request, http::status::internal_server_error, "cannot read file\n", "text/plain");
  auto res = respond(request, http::status::ok, std::move(body), content_type(file.string()));
  res.set(http::field::cache_control, "no-cache");
  return res;
}

void HttpApi::api(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                  StoreExecutor ex, Reply reply) {
  if (path == "/api/health") {
    return reply(json_response(*request, http::status::ok,
                               protocol::to_json(protocol::Health{gauges_.rooms_in_memory(), gauges_.connections()})));
  }
  if (path == "/api/games") return games(std::move(request), query, std::move(ex), std::move(reply));
  const std::string prefix = "/api/games/";
  if (path.rfind(prefix, 0) == 0) {
    std::string rest = path.substr(prefix.size());
    bool as_text = false;
    if (auto slash = rest.find('/'); slash != std::string::npos) {
      if (rest.substr(slash) != "/record") return reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
      rest = rest.substr(0, slash);
      as_text = true;
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
  std::string page_text = query_value(query, "page"), per_text = query_value(query, "per_page");
  auto page = page_text.empty() ? std::optional<int>(1) : small_number(page_text, 1, 100000);
  auto per_page = per_text.empty() ? std::optional<int>(20) : small_number(per_text, 1, 100);
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

void HttpApi::game(std::shared_ptr<const HttpRequest> request, const std::string& id, bool as_text, StoreExecutor ex,
                   Reply reply) {
  // Only a well-formed id is looked up or written back: the path is the
  // client's text, and may hold any bytes.
  if (!protocol::valid_room_id(id)) return reply(json_error(*request, http::status::not_found, "not_found", "no such game"));
  index_.find_room(id, ex, [this, request, id, as_text, ex, reply](Stored<std::optional<RoomRecord>> record) {
    if (!record.ok()) return reply(store_failed(*request, record.error));
    if (!record.value) return reply(json_error(*request, http::status::not_found, "not_found", "no game '" + id + "'"));
    log_.events(id, ex, [request, row = *record.value, as_text, reply](Stored<std::vector<EventRecord>> events) {
      if (!events.ok()) return reply(store_failed(*request, events.error));
      reply(game_answer(*request, row, events.value, as_text));
    });
  });
}

HttpResponse http_error(http::status status, unsigned version, const std::string& code, const std::string& message) {
  return make_response(status, version, false, error_body(code, message), "application/json");
}

}  // namespace arena
