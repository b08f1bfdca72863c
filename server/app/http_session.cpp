#include "app/http_session.hpp"

#include <algorithm>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>
#include <spdlog/spdlog.h>

#include "util/log_text.hpp"
#include "api/account_api.hpp"  // session_of
#include "net/forwarded_for.hpp"
#include "app/ndjson_session.hpp"
#include "app/websocket_session.hpp"

namespace arena {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

constexpr std::chrono::seconds kHttpTimeout{30};

HttpSession::HttpSession(net::ip::tcp::socket&& socket, std::shared_ptr<HttpApi> api, std::shared_ptr<Router> router,
                         std::shared_ptr<Sessions> sessions, std::shared_ptr<AddressBook::Ticket> ticket,
                         std::shared_ptr<const HttpSettings> settings, std::shared_ptr<AddressBook> forwarded)
    : stream_(std::move(socket)),
      api_(std::move(api)),
      router_(std::move(router)),
      sessions_(std::move(sessions)),
      ticket_(std::move(ticket)),
      settings_(std::move(settings)),
      forwarded_(std::move(forwarded)) {}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::refuse() {
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] {
    self->stream_.expires_after(std::chrono::seconds(5));
    self->write(http_error(http::status::too_many_requests, 11, "too_many_connections",
                           "this address has too many open connections; close some and try again"));
  });
}

namespace {

bool is_ip_literal(std::string_view host) {
  boost::system::error_code ec;
  if (!host.empty() && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  net::ip::make_address(std::string(host), ec);
  return !ec;
}

// "example.org:8080" → "example.org"; "[::1]:80" → "[::1]".
std::string_view host_name(std::string_view host) {
  auto colon = host.rfind(':');
  if (colon == std::string_view::npos || host.find(']', colon) != std::string_view::npos) return host;
  return host.substr(0, colon);
}

bool same_ascii_case(std::string_view a, std::string_view b) {
  return beast::iequals(beast::string_view(a.data(), a.size()), beast::string_view(b.data(), b.size()));
}

}  // namespace

bool HttpSession::origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& public_origins) {
  if (origin.empty()) return true;
  if (!public_origins.empty()) {
    for (const auto& allowed : public_origins)
      if (same_ascii_case(origin, allowed)) return true;
    return false;
  }
  std::string_view name = host_name(host);
  if (!same_ascii_case(name, "localhost") && !is_ip_literal(name)) return false;
  for (std::string_view scheme : {"http://", "https://"})
    if (origin.substr(0, scheme.size()) == scheme && same_ascii_case(origin.substr(scheme.size()), host)) return true;
  return false;
}

bool HttpSession::count_forwarded(const HttpRequest& request) {
  ticket_.reset();  // the connection's previous request may have been another client's
  auto client = forwarded_client(std_view(request["X-Forwarded-For"]));
  boost::system::error_code ec;
  auto peer = stream_.socket().remote_endpoint(ec);
  if (!client && ec) return false;
  ticket_ = forwarded_->connect(AddressBook::key_of(client ? *client : peer.address()));
  if (ticket_) return true;
  spdlog::debug("event=connection_refused reason=too_many_connections forwarded=true");
  write(http_error(http::status::too_many_requests, request.version(), "too_many_connections",
                   "this address has too many open connections; close some and try again"));
  return false;
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(settings_->limits.max_http_header));
  // The largest body any request may have, until the header says which
  // request it is (Beast checks a Content-Length against it at the header).
  parser_->body_limit(std::max(settings_->limits.max_http_body, settings_->limits.max_import_body));
  stream_.expires_after(kHttpTimeout);
  http::async_read_header(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_header, shared_from_this()));
}

void HttpSession::on_header(beast::error_code ec, std::size_t bytes) {
  if (ec) return on_read(ec, bytes);
  // A record brought in (#44) may be far larger than any other request.
  // So may the analysis board's (a pasted record, a tree to write as SGF).
  const std::string_view target = std_view(parser_->get().target());
  const bool import = (target.substr(0, std::string_view("/api/imports").size()) == "/api/imports" ||
                       target.substr(0, std::string_view("/api/analysis").size()) == "/api/analysis") &&
                      parser_->get().method() == http::verb::post;
  const std::size_t limit = import ? settings_->limits.max_import_body : settings_->limits.max_http_body;
  if (auto length = parser_->content_length(); length && *length > limit)
    return on_read(http::error::body_limit, bytes);
  parser_->body_limit(limit);
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  // Given up for another connection while it waited: it closes, answering nothing.
  if (ticket_ && !ticket_->busy()) return;
  if (ec == http::error::end_of_stream) return do_close();
  if (ec) return answer_parse_error(ec);
  auto request = parser_->release();
  if (request.target().size() > settings_->limits.max_http_target)
    return write(http_error(http::status::uri_too_long, 11, "uri_too_long", "the request target is too long"));
  if (forwarded_ && !count_forwarded(request)) return;
  if (beast::websocket::is_upgrade(request)) return upgrade(std::move(request));
  if (api_->streams(request)) return open_stream(std::move(request));
  // The answer may wait for the store; it comes back on this connection's strand.
  auto target = std::string(std_view(request.target()));
  auto version = request.version();
  try {
    api_->handle(std::move(request), ticket_ ? ticket_->key() : std::string(), stream_.get_executor(),
                 [self = shared_from_this()](HttpResponse response) {
      self->write(std::move(response));
    });
  } catch (const std::exception& e) {
    // A bug in one request must not take the server down: answer 500, close.
    spdlog::error("event=http_handler_failed target=\"{}\" error=\"{}\"", log_text(target), log_text(e.what()));
    write(http_error(http::status::internal_server_error, version, "internal", "the server failed on this request"));
  }
}

// The parser refused the request: say why (when it is the client's fault and
// the client may still listen), then close.
void HttpSession::answer_parse_error(beast::error_code ec) {
  const auto& category = http::make_error_code(http::error::bad_method).category();
  if (ec.category() != category || ec == http::error::partial_message || ec == http::error::need_more) {
    spdlog::debug("event=http_read_failed error=\"{}\"", ec.message());
    return;  // the peer left or timed out: nobody to answer
  }
  spdlog::debug("event=http_request_refused error=\"{}\"", ec.message());
  if (ec == http::error::body_limit)
    return write(http_error(http::status::payload_too_large, 11, "body_too_large", "the request body is too large"));
  if (ec == http::error::header_limit) {
    // Which part is too long: the parser may have read the request line already
    // (then it has the target); if not, the request line is what is unfinished.
    std::size_t target = parser_->get().target().size();
    if (target == 0) {
      std::string_view seen(static_cast<const char*>(buffer_.data().data()), buffer_.size());
      auto end_of_line = seen.find('\n');
      target = end_of_line == std::string_view::npos ? seen.size() : end_of_line;
    }
    if (target > settings_->limits.max_http_target)
      return write(http_error(http::status::uri_too_long, 11, "uri_too_long", "the request target is too long"));
    return write(http_error(http::status::request_header_fields_too_large, 11, "headers_too_large",
                            "the request headers are too large"));
  }
  write(http_error(http::status::bad_request, 11, "bad_request", "malformed HTTP request (" + ec.message() + ")"));
}

void HttpSession::upgrade(HttpRequest request) {
  auto header = [&](http::field f) { return std_view(request[f]); };
  if (request.target() != "/ws" || !origin_allowed(header(http::field::origin), header(http::field::host), settings_->public_origins)) {
    bool wrong_target = request.target() != "/ws";
    spdlog::info("event=upgrade_refused target=\"{}\" origin=\"{}\"", log_text(std_view(request.target())), log_text(header(http::field::origin)));
    return write(http_error(http::status::forbidden, request.version(), wrong_target ? "not_found" : "origin_not_allowed",
                            wrong_target ? "the WebSocket endpoint is /ws" : "pages from this origin may not connect"));
  }
  stream_.expires_never();  // the websocket has timeouts of its own
  auto session = std::make_shared<WebsocketSession>(stream_.release_socket(), router_, settings_->limits, std::move(ticket_),
                                                    session_of(request));
  sessions_->add(session);
  session->run(std::move(request));
}

// A stream (#45): the module refuses it (an ordinary answer) or takes the
// connection over as an NdjsonSession, which serves it to the end.
void HttpSession::open_stream(HttpRequest request) {
  auto version = request.version();
  std::string target(std_view(request.target()));
  // Lines go out as chunks, which HTTP/1.0 has not.
  if (version < 11) return write(http_error(http::status::http_version_not_supported, version, "http_version", "streams need HTTP/1.1"));
  try {
    api_->stream(std::move(request), ticket_ ? ticket_->key() : std::string(), stream_.get_executor(),
                 [self = shared_from_this(), version](std::variant<HttpResponse, HttpModule::StreamStart> answer) {
                   if (auto* refusal = std::get_if<HttpResponse>(&answer)) return self->write(std::move(*refusal));
                   auto stream = std::make_shared<NdjsonSession>(std::move(self->stream_), std::move(self->ticket_),
                                                                 self->settings_->streams);
                   self->sessions_->add_stream(stream);
                   std::get<HttpModule::StreamStart>(answer)(stream);
                   stream->run(version);
                 });
  } catch (const std::exception& e) {
    spdlog::error("event=http_handler_failed target=\"{}\" error=\"{}\"", log_text(target), log_text(e.what()));
    write(http_error(http::status::internal_server_error, version, "internal", "the server failed on this request"));
  }
}

void HttpSession::write(HttpResponse response) {
  response_ = std::make_shared<HttpResponse>(std::move(response));
  bool keep_alive = response_->keep_alive();
  if (keep_alive) offer_idle();
  writing_ = true;
  http::async_write(stream_, *response_, beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

// A kept-alive connection that answered waits for its next request: a new
// connection of its address at its limit may take its place (address_book.hpp).
// Offered as the answer is queued, not once it is written: a client that has
// the answer then always finds the server counting the connection as idle.
// Not before the first answer: a browser sends a request again on a new
// connection only when the one it reused was closed; on a new one, it fails.
// A proxy's connection is not given up: its next request may be anyone's.
void HttpSession::offer_idle() {
  if (!ticket_ || forwarded_) return;
  ticket_->idle([weak = weak_from_this(), executor = stream_.get_executor()] {
    net::post(executor, [weak] {
      if (auto self = weak.lock()) self->give_up();
    });
  });
}

// Given up for another connection: an answer being written is finished first
// (on_write closes then); otherwise the pending read ends with an error.
void HttpSession::give_up() {
  spdlog::debug("event=idle_connection_given_up");
  given_up_ = true;
  if (!writing_) stream_.close();
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec) return;
  if (!keep_alive) return do_close();
  response_.reset();
  if (given_up_) return stream_.close();
  do_read();
}

void HttpSession::do_close() {
  beast::error_code ec;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
  // Closing with unread input makes the kernel send a reset, which can destroy
  // our answer before the client reads it (an error answered before the whole
  // request arrived). So read and drop what still comes, for a short while.
  stream_.expires_after(std::chrono::seconds(2));
  drain();
}

void HttpSession::drain() {
  if (drained_ > kMaxDrain) return;
  auto buffer = buffer_.prepare(4096);
  stream_.async_read_some(buffer, [self = shared_from_this()](beast::error_code ec, std::size_t n) {
    self->buffer_.clear();
    self->drained_ += n;
    if (!ec) self->drain();
  });
}

}  // namespace arena
