#pragma once
// Answers to plain HTTP requests: the web client's static files and a small JSON
// API. Independent of the connection that carries them.
#include <boost/beast/http.hpp>
#include <filesystem>
#include <string>
#include <string_view>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/records.hpp"
#include "net/http_module.hpp"
#include "net/http_reply.hpp"
#include "net/http_target.hpp"  // split_target, query_value
#include "net/static_files.hpp"
#include "game/game_log.hpp"
#include "game/room_leases.hpp"

namespace arena {


// What /api/health, /api/ready and /metrics report; read from any thread.
struct ServerGauges {
  std::function<int()> rooms_in_memory;
  std::function<int()> connections;
  bool mail = false;  // the server sends mail (--smtp)
  // /api/ready: "ready" when this node should be sent traffic, else why not
  // ("starting", "draining"). Unset: always ready.
  std::function<std::string_view()> readiness;
  // /metrics: the Prometheus text. Unset: 404.
  std::function<std::string()> metrics;
};

class AccountApi;
class AdminApi;
class RatingApi;
class HttpModule;

struct HttpApiSettings {
  std::filesystem::path static_dir;
  std::vector<std::string> public_origins;  // for the CSRF check of POST requests (HttpSession::origin_allowed)
  std::string node;                         // this server's --node-id, in /api/health
  RoomLeases* leases = nullptr;             // nodes share the site (--bus): who serves a live game
};

class HttpApi {
 public:
  using Reply = std::function<void(HttpResponse)>;
  HttpApi(HttpApiSettings settings, GameIndex& index, GameLog& log, ServerGauges gauges, std::shared_ptr<AccountApi> accounts,
          std::shared_ptr<AdminApi> admin, std::shared_ptr<RatingApi> ratings,
          std::vector<std::shared_ptr<HttpModule>> modules = {});
  // Answers on `ex` (the connection's strand), after the store if it needs it.
  // `address` is the client's AddressBook key (rate limits, the audit log).
  void handle(HttpRequest request, const std::string& address, StoreExecutor ex, Reply reply);
  // A GET that a module answers as a stream (#45): `reply` gets a refusal or
  // what to do with the stream (net/http_module.hpp).
  bool streams(const HttpRequest& request) const;
  void stream(HttpRequest request, const std::string& address, StoreExecutor ex, HttpModule::StreamReply reply);

  // What GET /api/games/ID/record writes (#44): the format, and the short
  // form of the official sheet.
  struct RecordRequest {
    engine::RecordFormat format = engine::RecordFormat::Arena;
    bool short_form = false;
  };

 private:
  void api(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query, StoreExecutor ex,
           Reply reply);
  void games(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply);
  // `as_text`: the record in a format instead of the JSON detail.
  void game(std::shared_ptr<const HttpRequest> request, const std::string& id, std::optional<RecordRequest> as_text,
            StoreExecutor ex, Reply reply);

  // Why a POST may not be served (CSRF), or nothing.
  std::optional<HttpResponse> refuse_post(const HttpRequest& request) const;

  HttpApiSettings settings_;
  GameIndex& index_;
  GameLog& log_;
  ServerGauges gauges_;
  std::shared_ptr<AccountApi> accounts_;
  std::shared_ptr<AdminApi> admin_;
  std::shared_ptr<RatingApi> ratings_;
  std::vector<std::shared_ptr<HttpModule>> modules_;  // ladders, events: each owns its paths
  StaticFiles static_files_;  // the web client, from settings_.static_dir
};

}  // namespace arena
