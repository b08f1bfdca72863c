#pragma once
// Answers to plain HTTP requests: the web client's static files and a small JSON
// API. Independent of the connection that carries them.
#include <boost/beast/http.hpp>
#include <filesystem>
#include <string>

#include "http_target.hpp"  // split_target, query_value, resolve_static_path
#include "lobby.hpp"
#include "store.hpp"

namespace arena {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// Beast's string_view (boost's, in Boost 1.74) as the standard one.
inline std::string_view std_view(boost::beast::string_view text) { return {text.data(), text.size()}; }

// An error answer: {"error": {"code", "message"}} with `status`; the connection
// is closed after it (the request may not have been read whole).
HttpResponse http_error(boost::beast::http::status status, unsigned version, const std::string& code, const std::string& message);

class HttpApi {
 public:
  HttpApi(std::filesystem::path static_dir, Store& store, Lobby& lobby);
  HttpResponse handle(const HttpRequest& request);

  // "text/javascript" for "app.js"; application/octet-stream when unknown.
  static std::string content_type(const std::string& path);

 private:
  HttpResponse static_file(const HttpRequest& request, const std::string& path);
  HttpResponse api(const HttpRequest& request, const std::string& path, const std::string& query);
  HttpResponse games(const HttpRequest& request, const std::string& query);
  HttpResponse game(const HttpRequest& request, const std::string& id, bool as_text);

  std::filesystem::path static_dir_;
  Store& store_;
  Lobby& lobby_;
};

}  // namespace arena
