#include "app/websocket_session.hpp"

#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <limits>
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "util/log_text.hpp"

namespace arena {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using nlohmann::json;

namespace {
std::atomic<int> g_open_sessions{0};  // a gauge, read by /api/health
}  // namespace

int WebsocketSession::open_count() { return g_open_sessions.load(); }

WebsocketSession::WebsocketSession(net::ip::tcp::socket&& socket, std::shared_ptr<Router> router, const Limits& limits,
                                   std::shared_ptr<AddressBook::Ticket> ticket, std::string session)
    : ws_(std::move(socket)),
      router_(std::move(router)),
      limits_(limits),
      limiter_(limits.messages_per_second, limits.message_burst),
      ticket_(std::move(ticket)) {
  if (ticket_) connection_.address = ticket_->key();
  connection_.session = std::move(session);
  ++g_open_sessions;
}

WebsocketSession::~WebsocketSession() {
  spdlog::trace("event=ws_session_destroyed queued={} closing={} gone={}", queue_.size(), closing_, gone_);
  --g_open_sessions;
}

void WebsocketSession::run(beast::http::request<beast::http::string_body> request) {
  websocket::stream_base::timeout timeout{};
  timeout.handshake_timeout = limits_.handshake_timeout;
  timeout.idle_timeout = limits_.idle_timeout;
  timeout.keep_alive_pings = true;  // a silent but healthy client is pinged, a dead one dropped
  ws_.set_option(timeout);
  ws_.read_message_max(limits_.max_frame_bytes);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "gipf-arena"); }));
  ws_.async_accept(request, beast::bind_front_handler(&WebsocketSession::on_accept, shared_from_this()));
}

void WebsocketSession::on_accept(beast::error_code ec) {
  if (ec) {
    spdlog::debug("event=ws_accept_failed error=\"{}\"", ec.message());
    return gone();
  }
  accepted_ = true;
  do_read();
  if (!queue_.empty() && !writing_) do_write();
}

void WebsocketSession::do_read() {
  if (reading_ || closing_ || gone_) return;
  reading_ = true;
  ws_.async_read(buffer_, beast::bind_front_handler(&WebsocketSession::on_read, shared_from_this()));
}

void WebsocketSession::on_read(beast::error_code ec, std::size_t) {
  reading_ = false;
  if (ec) {
    if (ec == websocket::error::message_too_big) {
      // Beast has answered with close code 1009 already.
      spdlog::debug("event=ws_frame_too_big");
    } else {
      spdlog::debug("event=ws_read_failed error=\"{}\"", ec.message());
    }
    return gone();
  }
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  // Every frame counts against the rate, whatever its opcode.
  bool read_on = true;
  if (!limiter_.allow()) {
    queue(make_frame(protocol::error_message(protocol::ErrorCode::RateLimited, "too many messages: slow down")));
    if (++violations_ > limits_.max_rate_violations) return close(websocket::close_code::policy_error, "flooding");
  } else {
    violations_ = 0;
    if (ws_.got_text()) {
      read_on = on_message(text);
    } else {
      queue(make_frame(protocol::error_message(protocol::ErrorCode::BadMessage, "frames must be text (JSON)")));
    }
  }
  if (read_on) do_read();
}

void WebsocketSession::resume() {
  net::dispatch(ws_.get_executor(), [self = shared_from_this()] { self->do_read(); });
}

bool WebsocketSession::on_message(const std::string& text) {
  // The session boundary: whatever a handler throws is logged and answered
  // here, and only this connection is closed; the server and every other
  // game go on.
  try {
    auto parsed = protocol::parse_client_message(text);
    if (auto* error = std::get_if<protocol::Error>(&parsed)) {
      queue(make_frame(protocol::error_message(error->code, error->message, error->id)));
      return true;
    }
    // Usually the router is done before handle() returns (done becomes
    // true); when it waits for the store, resume() reads on later.
    auto done = std::make_shared<bool>(false);
    auto sync = std::make_shared<bool>(true);
    router_->handle(shared_from_this(), connection_, ws_.get_executor(), std::get<protocol::Incoming>(parsed),
                    [self = shared_from_this(), done, sync] {
                      *done = true;
                      if (!*sync) self->resume();
                    });
    *sync = false;
    return *done;
  } catch (const std::exception& e) {
    spdlog::error("event=ws_handler_failed error=\"{}\"", log_text(e.what()));
    queue(make_frame(protocol::error_message(protocol::ErrorCode::Internal, "the server failed on this message")));
    close(websocket::close_code::internal_error, "internal error");
    return false;
  }
}

void WebsocketSession::send(Frame frame) {
  net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable { self->queue(std::move(frame)); });
}

void WebsocketSession::queue(Frame frame) {
  if (closing_ || gone_) return;
  if (queue_.size() >= limits_.max_queued_frames || queued_bytes_ + frame->size() > limits_.max_queued_bytes) {
    spdlog::warn("event=slow_client_dropped queued={} queued_bytes={}", queue_.size(), queued_bytes_);
    return close(websocket::close_code::policy_error, "too slow");
  }
  queued_bytes_ += frame->size();
  queue_.push_back(std::move(frame));
  if (!writing_ && accepted_) do_write();
}

void WebsocketSession::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()), beast::bind_front_handler(&WebsocketSession::on_write, shared_from_this()));
}

void WebsocketSession::on_write(beast::error_code ec, std::size_t) {
  if (ec) {
    spdlog::debug("event=ws_write_failed error=\"{}\"", ec.message());
    return gone();
  }
  writing_ = false;
  queued_bytes_ -= queue_.front()->size();
  queue_.pop_front();
  if (closing_) {
    queue_.clear();
    queued_bytes_ = 0;
    return;
  }
  if (!queue_.empty()) do_write();
}

void WebsocketSession::close(websocket::close_code code, const char* reason) {
  if (closing_) return;
  closing_ = true;
  // Frames not yet started are dropped; the one being written must stay alive.
  while (queue_.size() > (writing_ ? 1u : 0u)) {
    queued_bytes_ -= queue_.back()->size();
    queue_.pop_back();
  }
  // An async_close while a write is in flight is allowed: Beast sequences them.
  ws_.async_close(websocket::close_reason(code, reason), [self = shared_from_this()](beast::error_code) { self->gone(); });
}

void WebsocketSession::disconnect(const char* reason) {
  net::dispatch(ws_.get_executor(), [self = shared_from_this(), reason] {
    if (self->accepted_) self->close(websocket::close_code::policy_error, reason);
  });
}

void WebsocketSession::reconnect(const char* reason) {
  net::dispatch(ws_.get_executor(), [self = shared_from_this(), reason] {
    if (self->accepted_) self->close(websocket::close_code::service_restart, reason);
  });
}

void WebsocketSession::rejoin(const std::string& room) {
  net::dispatch(ws_.get_executor(), [self = shared_from_this(), room] {
    if (!self->accepted_ || self->closing_ || self->gone_ || !self->connection_.identified) return;
    // The way to the room through its former node is forgotten: the resync
    // finds it where it is served now (here), and remembers that.
    std::erase_if(self->connection_.rooms, [&room](const std::weak_ptr<RoomEndpoint>& w) {
      auto r = w.lock();
      return !r || r->id() == room;
    });
    // Since "the end of time": what the client saw is unknown here, so the
    // room answers with its whole state (a snapshot), as for a gap.
    protocol::Incoming resync{nullptr, protocol::Resync{room, std::numeric_limits<std::int64_t>::max(), 0}};
    // Done at once or later: either way the connection's own reads go on as
    // they were (this is no message of the client's to resume after).
    self->router_->handle(self, self->connection_, self->ws_.get_executor(), resync, [] {});
  });
}

void WebsocketSession::close_for_restart() {
  net::dispatch(ws_.get_executor(), [self = shared_from_this()] {
    if (self->accepted_) self->close(websocket::close_code::service_restart, "server restarting");
  });
}

void WebsocketSession::gone() {
  if (gone_) return;
  gone_ = true;
  router_->disconnected(this, connection_);
}

}  // namespace arena
