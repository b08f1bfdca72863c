#pragma once
// One streamed answer (#45): an HTTP connection taken over once a module
// accepted a stream request. It writes a 200 head (chunked,
// application/x-ndjson), then each line as a chunk from a bounded queue, an
// empty line when nothing was written for a while (so that proxies and the
// client see a live stream), and the last chunk when the stream ends. It
// reads only to notice that the client left. Everything runs on the
// connection's strand, as in Beast's advanced_server.
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "net/line_sink.hpp"
#include "util/address_book.hpp"

namespace arena {

struct StreamLimits {
  std::size_t max_queued_lines = 1024;
  std::size_t max_queued_bytes = 1024 * 1024;
  std::chrono::milliseconds keep_alive{5000};  // an empty line after this long without one
  // A write that takes longer ends the stream: the peer is gone or does not
  // read (a half-open connection would otherwise hold its stream, and the
  // limits it counts against, until TCP gives up).
  std::chrono::milliseconds write_timeout{30000};
};

class NdjsonSession : public LineSink, public std::enable_shared_from_this<NdjsonSession> {
 public:
  NdjsonSession(boost::beast::tcp_stream&& stream, std::shared_ptr<AddressBook::Ticket> ticket, StreamLimits limits);
  ~NdjsonSession() override;
  // Streams open now (a gauge).
  static int open_count();

  // Writes the head (HTTP/1.`version`), then serves the lines.
  void run(unsigned version);
  void line(std::string text) override;
  void end() override;
  void on_end(std::function<void()> hook) override;

 private:
  void on_head(boost::beast::error_code ec, std::size_t bytes);
  void queue(std::string chunk);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void schedule_keep_alive();
  void on_keep_alive(boost::beast::error_code ec);
  void finish();  // the last chunk once the queue is written
  void gone();    // the stream is over: close the socket, run the hook

  boost::beast::tcp_stream stream_;
  std::shared_ptr<AddressBook::Ticket> ticket_;
  StreamLimits limits_;
  boost::asio::steady_timer keep_alive_;
  boost::beast::http::response<boost::beast::http::empty_body> head_;
  std::unique_ptr<boost::beast::http::response_serializer<boost::beast::http::empty_body>> serializer_;
  std::deque<std::string> queue_;  // chunks; front() is being written while writing_
  std::size_t queued_bytes_ = 0;
  std::array<char, 512> read_buffer_{};
  std::function<void()> on_end_;
  bool started_ = false;   // the head is written
  bool writing_ = false;
  bool wrote_recently_ = false;
  std::chrono::steady_clock::time_point write_started_{};
  bool ending_ = false;    // end(): the last chunk follows the queue
  bool gone_ = false;
};

}  // namespace arena
