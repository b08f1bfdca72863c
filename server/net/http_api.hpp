#pragma once
// Answers to plain HTTP requests: the web client's static files and a small JSON
// API. Independent of the connection that carries them.
#include <boost/beast/http.hpp>
#include <filesystem>
#include <string>

#include <functional>
#include <memory>

#include "net/http_target.hpp"  // split_target, query_value, resolve_static_path
#include "store/store.hpp"

namespace arena {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// Beast's string_view (boost's, in Boost 1.74) as the standard one.
inline std::string_view std_view(boost::beast::string_view text) { return {text.data(), text.size()}; }

// An error answer: {"error": {"code", "message"}} with `status`; the connection
// is closed after it (the request may not have been read whole).
HttpResponse http_error(boost::beast::http::status status, unsigned version, const std::string& code, const std::string& message);

// What /api/health reports; read from any thread.
struct ServerGauges {
  std::function<int()> rooms_in_memory;
  std::function<int()> connections;
};

class HttpApi {
 public:
  using Reply = std::function<void(HttpResponse)>;
  HttpApi(std::filesystem::path static_dir, GameIndex& index, GameLog& log, ServerGauges gauges);
  // Answers on `ex` (the connection's strand), after the store if it needs it.
  void handle(HttpRequest request, StoreExecutor ex, Reply reply);

  // "text/javascript" for "app.js"; application/octet-stream when unknown.
  static std::string content_type(const std::string& path);

 private:
  HttpResponse static_file(const HttpRequest& request, const std::string& path);
  void api(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query, StoreExecutor ex,
           Reply reply);
  void games(std::shared_ptr<const HttpRequest> request, const std::string& query, StoreExecutor ex, Reply reply);
  void game(std::shared_ptr<const HttpRequest> request, const std::string& id, bool as_text, StoreExecutor ex, Reply reply);

  std::filesystem::path static_dir_;
  GameIndex& index_;
  GameLog& log_;
  ServerGauges gauges_;
};

}  // namespace arena
