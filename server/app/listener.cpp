#include "app/listener.hpp"

#include <boost/asio/strand.hpp>
#include <spdlog/spdlog.h>

#include "net/forwarded_for.hpp"

namespace arena {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& io, std::shared_ptr<HttpApi> api, std::shared_ptr<Router> router,
                   std::shared_ptr<Sessions> sessions, std::shared_ptr<AddressBook> addresses,
                   std::shared_ptr<const HttpSettings> settings)
    : io_(io),
      acceptor_(net::make_strand(io)),
      backoff_timer_(acceptor_.get_executor()),
      api_(std::move(api)),
      router_(std::move(router)),
      sessions_(std::move(sessions)),
      addresses_(std::move(addresses)),
      settings_(std::move(settings)) {}

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
    self->backoff_timer_.cancel();
  });
}

void Listener::do_accept() {
  // Each connection gets its own strand.
  acceptor_.async_accept(net::make_strand(io_), boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::system::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;  // stopped
  if (ec) {
    // Out of descriptors or memory: accepting again at once would fail again
    // and spin. Wait, doubling the pause, and say so once per episode.
    if (failures_++ == 0) spdlog::warn("event=accept_failed error=\"{}\" action=backing_off", ec.message());
    backoff_ = backoff_.count() == 0 ? kFirstBackoff : std::min(backoff_ * 2, kMaxBackoff);
    backoff_timer_.expires_after(backoff_);
    backoff_timer_.async_wait(boost::beast::bind_front_handler(&Listener::on_backoff, shared_from_this()));
    return;
  }
  if (failures_ > 0) {
    spdlog::info("event=accept_recovered failures={}", failures_);
    failures_ = 0;
    backoff_ = std::chrono::milliseconds(0);
  }
  boost::system::error_code peer_ec, option_ec;
  auto peer = socket.remote_endpoint(peer_ec);
  socket.set_option(tcp::no_delay(true), option_ec);  // small frames go out at once (no Nagle wait)
  // A trusted proxy's connections are counted per request, against the client it names.
  bool proxied = !peer_ec && trusted_proxy(peer.address(), settings_->trusted_proxies);
  std::shared_ptr<AddressBook::Ticket> ticket;
  if (!peer_ec && !proxied) ticket = addresses_->connect(AddressBook::key_of(peer.address()));
  auto session = std::make_shared<HttpSession>(std::move(socket), api_, router_, sessions_, ticket, settings_,
                                               proxied ? addresses_ : nullptr);
  if (ticket || proxied) {
    session->run();
  } else {
    spdlog::debug("event=connection_refused reason=too_many_connections");
    session->refuse();
  }
  do_accept();
}

void Listener::on_backoff(boost::system::error_code ec) {
  if (ec || !acceptor_.is_open()) return;
  do_accept();
}

}  // namespace arena
