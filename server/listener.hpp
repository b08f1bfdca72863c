#pragma once
// Accepts TCP connections and hands each to an HttpSession on its own strand.
#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "http_session.hpp"

namespace arena {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& io, std::shared_ptr<HttpApi> api, std::shared_ptr<Lobby> lobby,
           std::shared_ptr<Sessions> sessions, const Limits& limits);
  // Binds and listens; the error if that fails.
  boost::system::error_code open(const boost::asio::ip::tcp::endpoint& endpoint);
  boost::asio::ip::tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
  void run();
  void stop();

 private:
  void do_accept();
  void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::shared_ptr<HttpApi> api_;
  std::shared_ptr<Lobby> lobby_;
  std::shared_ptr<Sessions> sessions_;
  Limits limits_;
};

}  // namespace arena
