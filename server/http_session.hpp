#pragma once
// One HTTP connection: requests are answered by HttpApi; an upgrade request with
// an acceptable Origin becomes a WebsocketSession.
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "http_api.hpp"
#include "limits.hpp"
#include "sessions.hpp"

namespace arena {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<HttpApi> api, std::shared_ptr<Lobby> lobby,
              std::shared_ptr<Sessions> sessions, const Limits& limits);
  void run();

  // Whether a browser page from `origin` may open a WebSocket on `host`: absent
  // (not a browser) or the same host.
  static bool origin_allowed(std::string_view origin, std::string_view host);

 private:
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void do_close();

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<HttpResponse> response_;
  std::shared_ptr<HttpApi> api_;
  std::shared_ptr<Lobby> lobby_;
  std::shared_ptr<Sessions> sessions_;
  Limits limits_;
};

}  // namespace arena
