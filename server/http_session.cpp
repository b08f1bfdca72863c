#include "http_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>
#include <spdlog/spdlog.h>

#include "websocket_session.hpp"

namespace arena {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

constexpr std::chrono::seconds kHttpTimeout{30};

HttpSession::HttpSession(net::ip::tcp::socket&& socket, std::shared_ptr<HttpApi> api, std::shared_ptr<Lobby> lobby,
                         std::shared_ptr<Sessions> sessions, const Limits& limits)
    : stream_(std::move(socket)), api_(std::move(api)), lobby_(std::move(lobby)), sessions_(std::move(sessions)), limits_(limits) {}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

bool HttpSession::origin_allowed(std::string_view origin, std::string_view host) {
  if (origin.empty()) return true;
  for (std::string_view scheme : {"http://", "https://"})
    if (origin.substr(0, scheme.size()) == scheme && origin.substr(scheme.size()) == host) return true;
  return false;
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->body_limit(limits_.max_http_body);
  stream_.expires_after(kHttpTimeout);
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_close();
  if (ec) {
    spdlog::debug("event=http_read_failed error=\"{}\"", ec.message());
    return;
  }
  auto request = parser_->release();
  if (beast::websocket::is_upgrade(request)) {
    if (request.target() != "/ws" ||
        !origin_allowed(std::string_view(request[http::field::origin].data(), request[http::field::origin].size()),
                        std::string_view(request[http::field::host].data(), request[http::field::host].size()))) {
      spdlog::info("event=upgrade_refused target={} origin={}", std::string(request.target()),
                   std::string(request[http::field::origin]));
      response_ = std::make_shared<HttpResponse>(http::status::forbidden, request.version());
      response_->set(http::field::content_type, "text/plain");
      response_->body() = request.target() == "/ws" ? "origin not allowed\n" : "websocket endpoint is /ws\n";
      response_->keep_alive(false);
      response_->prepare_payload();
      http::async_write(stream_, *response_, beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), false));
      return;
    }
    stream_.expires_never();  // the websocket has timeouts of its own
    auto session = std::make_shared<WebsocketSession>(stream_.release_socket(), lobby_, limits_);
    sessions_->add(session);
    session->run(std::move(request));
    return;
  }
  response_ = std::make_shared<HttpResponse>(api_->handle(request));
  bool keep_alive = response_->keep_alive();
  http::async_write(stream_, *response_, beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return;
  if (!keep_alive) return do_close();
  response_.reset();
  do_read();
}

void HttpSession::do_close() {
  beast::error_code ec;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
}

}  // namespace arena
