#pragma once
// One HTTP connection: requests are answered by HttpApi; an upgrade request with
// an acceptable Origin becomes a WebsocketSession. A request the parser refuses
// (too long, malformed) is answered with its status and a JSON error, then the
// connection is closed.
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "util/address_book.hpp"
#include "app/http_api.hpp"
#include "app/limits.hpp"
#include "app/ndjson_session.hpp"
#include "app/sessions.hpp"

namespace arena {

class Router;

struct HttpSettings {
  Limits limits;
  std::vector<std::string> public_origins;  // normalized; empty: see origin_allowed
  // Reverse proxies whose requests name their client last in X-Forwarded-For.
  std::vector<boost::asio::ip::address> trusted_proxies;
  StreamLimits streams{};  // the bot and board API's streams (#45)
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `ticket` counts the connection against the peer's address. A trusted
  // proxy's connection has none: `forwarded` counts each of its requests
  // against the client the proxy names (the proxy itself when it names none).
  HttpSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<HttpApi> api, std::shared_ptr<Router> router,
              std::shared_ptr<Sessions> sessions, std::shared_ptr<AddressBook::Ticket> ticket, std::shared_ptr<const HttpSettings> settings,
              std::shared_ptr<AddressBook> forwarded = nullptr);
  void run();
  // The address has too many connections: answer 429 without reading, close.
  void refuse();

  // Whether a browser page from `origin` may open a WebSocket to a server that
  // the request calls `host`. No Origin (not a browser): yes. With public
  // origins configured: only those. Without: the page's own host, and only when
  // that host is an IP address or localhost — a page of any other name may be a
  // DNS-rebinding attacker's, who controls what that name resolves to.
  static bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& public_origins);

 private:
  void do_read();
  // The header first: the body's bound depends on the target (an import takes more).
  void on_header(boost::beast::error_code ec, std::size_t bytes);
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void answer_parse_error(boost::beast::error_code ec);
  void upgrade(HttpRequest request);
  void open_stream(HttpRequest request);
  // A proxied request: its client's ticket, or false (too many connections) after answering 429.
  bool count_forwarded(const HttpRequest& request);
  void write(HttpResponse response);
  void offer_idle();
  void give_up();
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void do_close();
  void drain();

  static constexpr std::size_t kMaxDrain = 1024 * 1024;
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<HttpResponse> response_;
  std::shared_ptr<HttpApi> api_;
  std::shared_ptr<Router> router_;
  std::shared_ptr<Sessions> sessions_;
  std::shared_ptr<AddressBook::Ticket> ticket_;
  std::shared_ptr<const HttpSettings> settings_;
  std::shared_ptr<AddressBook> forwarded_;
  std::size_t drained_ = 0;
  bool writing_ = false;    // an answer is being written
  bool given_up_ = false;   // its slot went to another connection of its address: close, answer nothing more
};

}  // namespace arena
