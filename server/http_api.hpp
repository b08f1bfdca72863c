#pragma once
// Answers to plain HTTP requests: the web client's static files and a small JSON
// API. Independent of the connection that carries them.
#include <boost/beast/http.hpp>
#include <filesystem>
#include <string>

#include "lobby.hpp"
#include "store.hpp"

namespace arena {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

class HttpApi {
 public:
  HttpApi(std::filesystem::path static_dir, Store& store, Lobby& lobby);
  HttpResponse handle(const HttpRequest& request);

  // "text/javascript" for "app.js"; application/octet-stream when unknown.
  static std::string content_type(const std::string& path);
  // The file under `root` that `target` names, or empty if it names none safely
  // (path traversal, odd characters).
  static std::filesystem::path resolve(const std::filesystem::path& root, const std::string& target);

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
