#include "http_api.hpp"

#include <fstream>
#include <spdlog/spdlog.h>

#include "engine/replay.hpp"
#include "protocol/json_text.hpp"
#include "protocol/room_id.hpp"
#include "protocol/messages.hpp"

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

json error_body(const std::string& code, const std::string& message) {
  return {{"error", {{"code", code}, {"message", message}}}};
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
  return json_response(request, status, error_body(code, message));
}

json room_json(const RoomRecord& r) {
  auto seat = [](const std::optional<std::int64_t>& id, const std::string& name) -> json {
    if (!id) return nullptr;
    return {{"id", *id}, {"name", name}};
  };
  return {{"id", r.id},
          {"options", r.options.to_json()},
          {"visibility", r.is_private ? "private" : "public"},
          {"status", r.status},
          {"white", seat(r.white, r.white_name)},
          {"black", seat(r.black, r.black_name)},
          {"plies", r.plies},
          {"result", r.result.empty() ? json(nullptr) : json(r.result)},
          {"reason", r.reason.empty() ? json(nullptr) : json(r.reason)},
          {"created_at", r.created_at},
          {"finished_at", r.finished_at ? json(r.finished_at) : json(nullptr)}};
}

}  // namespace

HttpApi::HttpApi(std::filesystem::path static_dir, Store& store, Lobby& lobby)
    : static_dir_(std::move(static_dir)), store_(store), lobby_(lobby) {}

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

HttpResponse HttpApi::handle(const HttpRequest& request) {
  auto [path, query] = split_target(std_view(request.target()));
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    auto res = json_error(request, http::status::method_not_allowed, "method_not_allowed", "only GET and HEAD");
    res.set(http::field::allow, "GET, HEAD");
    return res;
  }
  if (path.rfind("/api/", 0) == 0) return api(request, path, query);
  return static_file(request, path);
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

HttpResponse HttpApi::api(const HttpRequest& request, const std::string& path, const std::string& query) {
  try {
    if (path == "/api/health") {
      return json_response(request, http::status::ok,
                           {{"status", "ok"},
                            {"protocol", protocol::kVersion},
                            {"rooms", lobby_.rooms_in_memory()},
                            {"connections", lobby_.clients_connected()}});
    }
    if (path == "/api/games") return games(request, query);
    const std::string prefix = "/api/games/";
    if (path.rfind(prefix, 0) == 0) {
      std::string rest = path.substr(prefix.size());
      bool as_text = false;
      if (auto slash = rest.find('/'); slash != std::string::npos) {
        if (rest.substr(slash) != "/record") return json_error(request, http::status::not_found, "not_found", "no such resource");
        rest = rest.substr(0, slash);
        as_text = true;
      }
      return game(request, rest, as_text);
    }
    return json_error(request, http::status::not_found, "not_found", "no such resource");
  } catch (const StoreError& e) {
    spdlog::error("event=store_failed error=\"{}\"", e.what());
    return json_error(request, http::status::internal_server_error, "internal", "the database could not answer");
  }
}

HttpResponse HttpApi::games(const HttpRequest& request, const std::string& query) {
  std::string status = query_value(query, "status");
  if (!status.empty() && status != "open" && status != "live" && status != "finished" && status != "cancelled")
    return json_error(request, http::status::bad_request, "bad_field", "status must be open, live, finished or cancelled");
  std::string page_text = query_value(query, "page"), per_text = query_value(query, "per_page");
  auto page = page_text.empty() ? std::optional<int>(1) : small_number(page_text, 1, 100000);
  auto per_page = per_text.empty() ? std::optional<int>(20) : small_number(per_text, 1, 100);
  if (!page || !per_page) return json_error(request, http::status::bad_request, "bad_field", "page >= 1 and 1 <= per_page <= 100");
  RoomPage result = store_.list_rooms(status, *page, *per_page);
  json games = json::array();
  for (const auto& r : result.rooms) games.push_back(room_json(r));
  return json_response(request, http::status::ok,
                       {{"games", games}, {"page", *page}, {"per_page", *per_page}, {"total", result.total}});
}

HttpResponse HttpApi::game(const HttpRequest& request, const std::string& id, bool as_text) {
  // Only a well-formed id is looked up or written back: the path is the
  // client's text, and may hold any bytes.
  if (!protocol::valid_room_id(id)) return json_error(request, http::status::not_found, "not_found", "no such game");
  auto record = store_.find_room(id);
  if (!record) return json_error(request, http::status::not_found, "not_found", "no game '" + id + "'");
  // Rebuilt from the stored events: the record is exactly what was acknowledged.
  std::string error;
  auto game = HostedGame::create(record->options, error);
  if (!game) return json_error(request, http::status::internal_server_error, "internal", error);
  // positions[i]: the state after the i-th action (0: the start), for replays
  json positions = json::array({{{"ply", 0}, {"state", game->state()}}});
  for (const EventRecord& e : store_.events(id)) {
    if (!replay_event(*game, e).empty())
      return json_error(request, http::status::internal_server_error, "internal", "the stored game does not replay");
    if (e.kind == "action" && !as_text) positions.push_back({{"ply", game->ply()}, {"state", game->state()}});
  }
  std::vector<engine::RecordTag> tags{{"Site", "GIPF Arena"}, {"Room", record->id}};
  if (!record->white_name.empty()) tags.push_back({"White", record->white_name});
  if (!record->black_name.empty()) tags.push_back({"Black", record->black_name});
  std::string text = game->record(tags);
  if (as_text) {
    auto res = respond(request, http::status::ok, text, "text/plain; charset=utf-8");
    res.set(http::field::content_disposition,
            "attachment; filename=\"gipf-arena-" + record->options.game + "-" + record->id + ".txt\"");
    return res;
  }
  json steps = json::array();
  for (const auto& s : game->steps(0)) steps.push_back(s.to_json());
  json body = room_json(*record);
  body["record"] = text;
  body["steps"] = steps;
  body["state"] = game->state();
  body["positions"] = positions;
  return json_response(request, http::status::ok, body);
}

HttpResponse http_error(http::status status, unsigned version, const std::string& code, const std::string& message) {
  return make_response(status, version, false, protocol::to_text(error_body(code, message)), "application/json");
}

}  // namespace arena
