#include "listener.hpp"

#include <boost/asio/strand.hpp>
#include <spdlog/spdlog.h>

namespace arena {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& io, std::shared_ptr<HttpApi> api, std::shared_ptr<Lobby> lobby,
                   std::shared_ptr<Sessions> sessions, const Limits& limits)
    : io_(io), acceptor_(net::make_strand(io)), api_(std::move(api)), lobby_(std::move(lobby)), sessions_(std::move(sessions)), limits_(limits) {}

boost::system::error_code Listener::open(const tcp::endpoint& endpoint) {
  boost::system::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  return ec;
}

void Listener::run() { do_accept(); }

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ec;
    self->acceptor_.close(ec);
  });
}

void Listener::do_accept() {
  // Each connection gets its own strand.
  acceptor_.async_accept(net::make_strand(io_), boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::system::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;  // stopped
  if (ec) {
    spdlog::warn("event=accept_failed error=\"{}\"", ec.message());
  } else {
    std::make_shared<HttpSession>(std::move(socket), api_, lobby_, sessions_, limits_)->run();
  }
  do_accept();
}

}  // namespace arena
