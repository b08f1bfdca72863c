#pragma once
// One WebSocket connection: reads client messages, hands them to the router, and
// writes server frames from a bounded queue, all on the connection's strand.
// The next message is read once the router is done with the last one.
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>

#include "util/address_book.hpp"
#include "game/client.hpp"
#include "lobby/router.hpp"
#include "app/limits.hpp"
#include "net/rate_limiter.hpp"

namespace arena {

class WebsocketSession : public Client, public std::enable_shared_from_this<WebsocketSession> {
 public:
  // `ticket` counts the connection against its address while the session lives.
  // `session`: the upgrade request's session cookie ("" if none), for hello.
  WebsocketSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<Router> router, const Limits& limits,
                   std::shared_ptr<AddressBook::Ticket> ticket, std::string session);
  ~WebsocketSession() override;
  // Connections open now, for /api/health.
  static int open_count();

  // Takes over the connection with the upgrade request already read.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);
  void send(Frame frame) override;
  void disconnect(const char* reason) override;
  void reconnect(const char* reason) override;
  void rejoin(const std::string& room) override;
  // Server shutdown: close with 1012 (service restart): the client should
  // connect again, to this site's next server.
  void close_for_restart();

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // True when the next message may be read at once; false when the router
  // will resume reading later.
  bool on_message(const std::string& text);
  void resume();
  void queue(Frame frame);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void close(boost::beast::websocket::close_code code, const char* reason);
  void gone();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::shared_ptr<Router> router_;
  Limits limits_;
  RateLimiter limiter_;
  int violations_ = 0;
  std::shared_ptr<AddressBook::Ticket> ticket_;
  std::deque<Frame> queue_;  // front() is being written while writing_
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  bool accepted_ = false;
  bool gone_ = false;
  ClientState connection_;
  bool reading_ = false;  // a read is under way
};

}  // namespace arena
