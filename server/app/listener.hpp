#pragma once
// Accepts TCP connections and hands each to an HttpSession on its own strand.
// When accepting fails (out of file descriptors, say) it backs off instead of
// spinning, and logs once per episode.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>

#include "util/address_book.hpp"
#include "app/http_session.hpp"

namespace arena {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& io, std::shared_ptr<HttpApi> api, std::shared_ptr<Router> router,
           std::shared_ptr<Sessions> sessions, std::shared_ptr<AddressBook> addresses,
           std::shared_ptr<const HttpSettings> settings);
  // Binds and listens; the error if that fails.
  boost::system::error_code open(const boost::asio::ip::tcp::endpoint& endpoint);
  boost::asio::ip::tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
  void run();
  void stop();

 private:
  static constexpr std::chrono::milliseconds kFirstBackoff{50};
  static constexpr std::chrono::milliseconds kMaxBackoff{1000};

  void do_accept();
  void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);
  void on_backoff(boost::system::error_code ec);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer backoff_timer_;
  std::chrono::milliseconds backoff_{0};  // 0: accepting normally
  long failures_ = 0;                     // in the current episode
  std::shared_ptr<HttpApi> api_;
  std::shared_ptr<Router> router_;
  std::shared_ptr<Sessions> sessions_;
  std::shared_ptr<AddressBook> addresses_;
  std::shared_ptr<const HttpSettings> settings_;
};

}  // namespace arena
