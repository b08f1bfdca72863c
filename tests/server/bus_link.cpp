#include "bus_link.hpp"

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <thread>
#include <vector>

namespace test_support {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

// One forwarded connection: the node's side and NATS's side.
struct Pipe : std::enable_shared_from_this<Pipe> {
  Pipe(net::io_context& io, const std::atomic<bool>& swallowing) : node(io), nats(io), swallowing(swallowing) {}
  tcp::socket node, nats;
  const std::atomic<bool>& swallowing;
  std::array<char, 16384> to_nats{}, to_node{};

  void close() {
    boost::system::error_code ignored;
    node.close(ignored);
    nats.close(ignored);
  }
  void relay(tcp::socket& from, tcp::socket& to, std::array<char, 16384>& buffer) {
    from.async_read_some(net::buffer(buffer), [self = shared_from_this(), &from, &to, &buffer](boost::system::error_code ec, std::size_t n) {
      if (ec) return self->close();
      if (self->swallowing) return self->relay(from, to, buffer);  // lost on the way
      net::async_write(to, net::buffer(buffer.data(), n), [self, &from, &to, &buffer](boost::system::error_code ec, std::size_t) {
        if (ec) return self->close();
        self->relay(from, to, buffer);
      });
    });
  }
};

}  // namespace

struct BusLink::Impl : std::enable_shared_from_this<BusLink::Impl> {
  explicit Impl(int nats_port) : nats_port(nats_port), acceptor(io, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0)) {}
  net::io_context io;
  int nats_port;
  tcp::acceptor acceptor;
  std::atomic<bool> swallowing{false};
  std::vector<std::weak_ptr<Pipe>> pipes;
  net::steady_timer heal_timer{io};
  std::thread thread;

  void accept() {
    auto pipe = std::make_shared<Pipe>(io, swallowing);
    acceptor.async_accept(pipe->node, [this, pipe](boost::system::error_code ec) {
      if (ec == net::error::operation_aborted) return;
      if (!ec && swallowing) {
        pipe->close();  // cut off: the node cannot reach NATS
      } else if (!ec) {
        std::erase_if(pipes, [](const auto& w) { return w.expired(); });
        pipes.push_back(pipe);
        pipe->nats.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(nats_port)),
                                 [pipe](boost::system::error_code ec) {
                                   if (ec) return pipe->close();  // NATS is down: so is the node's link
                                   pipe->relay(pipe->node, pipe->nats, pipe->to_nats);
                                   pipe->relay(pipe->nats, pipe->node, pipe->to_node);
                                 });
      }
      accept();
    });
  }
  void drop_all() {
    for (auto& weak : pipes)
      if (auto p = weak.lock()) p->close();
    pipes.clear();
  }
};

BusLink::BusLink(int nats_port) : impl_(std::make_shared<Impl>(nats_port)) {
  impl_->accept();
  impl_->thread = std::thread([impl = impl_.get()] { impl->io.run(); });
}

BusLink::~BusLink() {
  net::post(impl_->io, [impl = impl_.get()] {
    boost::system::error_code ignored;
    impl->acceptor.close(ignored);
    impl->heal_timer.cancel();
    impl->drop_all();
  });
  impl_->io.stop();
  impl_->thread.join();
}

int BusLink::port() const { return impl_->acceptor.local_endpoint().port(); }

bool BusLink::cut_now() const { return impl_->swallowing; }

void BusLink::cut(std::chrono::milliseconds length) {
  net::post(impl_->io, [impl = impl_.get(), length] {
    impl->swallowing = true;
    impl->heal_timer.expires_after(length);
    impl->heal_timer.async_wait([impl](boost::system::error_code ec) {
      if (ec) return;
      impl->drop_all();
      impl->swallowing = false;
    });
  });
}

}  // namespace test_support
