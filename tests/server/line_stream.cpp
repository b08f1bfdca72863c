#include "line_stream.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace test_support {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using nlohmann::json;

struct LineStream::Impl {
  net::io_context io;
  beast::tcp_stream stream{io};
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
};

LineStream::LineStream() : impl_(std::make_unique<Impl>()) { impl_->parser.body_limit(64 * 1024 * 1024); }
LineStream::~LineStream() { close(); }

void LineStream::close() {
  beast::error_code ec;
  impl_->stream.socket().close(ec);
}

bool LineStream::open(int port, const std::string& target, const std::map<std::string, std::string>& headers) {
  beast::error_code ec;
  auto run = [&] {
    impl_->io.restart();
    impl_->io.run_for(std::chrono::seconds(60));
    return !ec;
  };
  impl_->stream.async_connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)),
                              [&](beast::error_code e) { ec = e; });
  if (!run()) return false;
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) req.set(name, value);
  http::async_write(impl_->stream, req, [&](beast::error_code e, std::size_t) { ec = e; });
  if (!run()) return false;
  http::async_read_header(impl_->stream, impl_->buffer, impl_->parser, [&](beast::error_code e, std::size_t) { ec = e; });
  if (!run()) return false;
  status_ = static_cast<int>(impl_->parser.get().result_int());
  if (status_ != 200) {
    http::async_read(impl_->stream, impl_->buffer, impl_->parser, [&](beast::error_code e, std::size_t) { ec = e; });
    run();
    body_ = impl_->parser.get().body();
    return false;
  }
  return true;
}

std::optional<json> LineStream::next(std::chrono::milliseconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (true) {
    std::string& body = impl_->parser.get().body();
    auto newline = body.find('\n', taken_);
    if (newline != std::string::npos) {
      std::string line = body.substr(taken_, newline - taken_);
      taken_ = newline + 1;
      if (line.empty()) {
        ++keep_alives_;
        continue;
      }
      return json::parse(line, nullptr, false);
    }
    if (ended_ || impl_->parser.is_done()) {
      ended_ = true;
      return std::nullopt;
    }
    auto left = deadline - std::chrono::steady_clock::now();
    if (left <= std::chrono::milliseconds(0)) return std::nullopt;
    bool done = false;
    beast::error_code ec;
    http::async_read_some(impl_->stream, impl_->buffer, impl_->parser, [&](beast::error_code e, std::size_t) {
      ec = e;
      done = true;
    });
    impl_->io.restart();
    impl_->io.run_for(std::chrono::duration_cast<std::chrono::milliseconds>(left));
    if (!done) {
      // Nothing came in time: stop waiting (the read is cancelled and ends).
      impl_->stream.socket().cancel();
      impl_->io.restart();
      impl_->io.run();
      return std::nullopt;
    }
    if (ec == http::error::need_buffer) continue;
    if (ec) ended_ = true;
  }
}

std::optional<json> LineStream::next_of(const std::string& type, std::chrono::milliseconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left <= std::chrono::milliseconds(0)) return std::nullopt;
    auto line = next(left);
    if (!line) return std::nullopt;
    if (line->is_object() && line->value("type", "") == type) return line;
  }
}

}  // namespace test_support
