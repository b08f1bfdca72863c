#include "app/ndjson_session.hpp"

#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <spdlog/spdlog.h>

namespace arena {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {
std::atomic<int> g_open_streams{0};

// A chunk as HTTP/1.1 frames it: its size in hex, CRLF, the data, CRLF.
std::string chunk_of(const std::string& data) {
  char size[20];
  int n = std::snprintf(size, sizeof size, "%zx\r\n", data.size());
  std::string out(size, static_cast<std::size_t>(n));
  out += data;
  out += "\r\n";
  return out;
}
}  // namespace

int NdjsonSession::open_count() { return g_open_streams.load(); }

NdjsonSession::NdjsonSession(beast::tcp_stream&& stream, std::shared_ptr<AddressBook::Ticket> ticket, StreamLimits limits)
    : stream_(std::move(stream)), ticket_(std::move(ticket)), limits_(limits), keep_alive_(stream_.get_executor()) {
  ++g_open_streams;
}

NdjsonSession::~NdjsonSession() { --g_open_streams; }

void NdjsonSession::run(unsigned version) {
  net::dispatch(stream_.get_executor(), [self = shared_from_this(), version] {
    self->head_ = http::response<http::empty_body>(http::status::ok, version);
    self->head_.set(http::field::server, "gipf-arena");
    self->head_.set(http::field::content_type, "application/x-ndjson");
    self->head_.set(http::field::cache_control, "no-store");
    self->head_.set("X-Accel-Buffering", "no");  // a proxy must pass each line on at once
    self->head_.chunked(true);
    self->head_.keep_alive(false);
    self->serializer_ = std::make_unique<http::response_serializer<http::empty_body>>(self->head_);
    self->writing_ = true;
    self->write_started_ = std::chrono::steady_clock::now();
    self->stream_.expires_never();  // the keep-alive and the queue bound take care of a dead peer
    http::async_write_header(self->stream_, *self->serializer_, beast::bind_front_handler(&NdjsonSession::on_head, self));
  });
}

void NdjsonSession::on_head(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec) return gone();
  started_ = true;
  do_read();
  schedule_keep_alive();
  if (!queue_.empty()) do_write();
  else if (ending_) finish();
}

void NdjsonSession::line(std::string text) {
  text.push_back('\n');
  net::post(stream_.get_executor(), [self = shared_from_this(), text = std::move(text)]() mutable { self->queue(std::move(text)); });
}

void NdjsonSession::queue(std::string chunk) {
  if (gone_ || ending_) return;
  if (queue_.size() >= limits_.max_queued_lines || queued_bytes_ + chunk.size() > limits_.max_queued_bytes) {
    spdlog::warn("event=slow_stream_dropped queued={} queued_bytes={}", queue_.size(), queued_bytes_);
    return gone();
  }
  queue_.push_back(chunk_of(chunk));
  queued_bytes_ += queue_.back().size();
  if (started_ && !writing_) do_write();
}

void NdjsonSession::do_write() {
  writing_ = true;
  wrote_recently_ = true;
  write_started_ = std::chrono::steady_clock::now();
  net::async_write(stream_, net::buffer(queue_.front()), beast::bind_front_handler(&NdjsonSession::on_write, shared_from_this()));
}

void NdjsonSession::on_write(beast::error_code ec, std::size_t bytes) {
  writing_ = false;
  if (ec) return gone();
  (void)bytes;
  queued_bytes_ -= queue_.front().size();
  queue_.pop_front();
  if (gone_) return;
  if (!queue_.empty()) return do_write();
  if (ending_) finish();
}

void NdjsonSession::end() {
  // Posted, as line() is: the lines queued before end() go out before the end.
  net::post(stream_.get_executor(), [self = shared_from_this()] {
    if (self->gone_ || self->ending_) return;
    self->ending_ = true;
    if (self->started_ && !self->writing_ && self->queue_.empty()) self->finish();
  });
}

void NdjsonSession::on_end(std::function<void()> hook) {
  net::dispatch(stream_.get_executor(), [self = shared_from_this(), hook = std::move(hook)]() mutable {
    if (self->gone_) return hook();
    self->on_end_ = std::move(hook);
  });
}

void NdjsonSession::finish() {
  static const std::string kLastChunk = "0\r\n\r\n";
  writing_ = true;
  write_started_ = std::chrono::steady_clock::now();
  net::async_write(stream_, net::buffer(kLastChunk), [self = shared_from_this()](beast::error_code, std::size_t) {
    self->writing_ = false;
    beast::error_code ignored;
    self->stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
    self->gone();
  });
}

// Reads only to see the client leave: it sends nothing after its request (a
// pipelined request is not served: the connection closes with the stream).
void NdjsonSession::do_read() {
  stream_.async_read_some(net::buffer(read_buffer_), beast::bind_front_handler(&NdjsonSession::on_read, shared_from_this()));
}

void NdjsonSession::on_read(beast::error_code ec, std::size_t) {
  if (gone_) return;
  if (ec) return gone();
  do_read();
}

void NdjsonSession::schedule_keep_alive() {
  keep_alive_.expires_after(limits_.keep_alive);
  keep_alive_.async_wait(beast::bind_front_handler(&NdjsonSession::on_keep_alive, shared_from_this()));
}

void NdjsonSession::on_keep_alive(beast::error_code ec) {
  if (ec || gone_) return;
  if (writing_ && std::chrono::steady_clock::now() - write_started_ > limits_.write_timeout) {
    spdlog::debug("event=stream_write_timeout queued={}", queue_.size());
    return gone();
  }
  if (ending_) return schedule_keep_alive();  // the last chunk may still be stuck
  if (!wrote_recently_) queue("\n");
  wrote_recently_ = false;
  schedule_keep_alive();
}

void NdjsonSession::gone() {
  if (gone_) return;
  gone_ = true;
  keep_alive_.cancel();
  beast::error_code ignored;
  stream_.socket().close(ignored);
  ticket_.reset();
  if (auto hook = std::move(on_end_)) hook();
}

}  // namespace arena
