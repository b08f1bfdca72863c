#include "ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace test_support {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using nlohmann::json;

struct WsClient::Impl {
  net::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  beast::flat_buffer buffer;
  bool reading = false;
  bool done = false;
  beast::error_code result;
};

WsClient::WsClient() : impl_(std::make_unique<Impl>()) {}
WsClient::~WsClient() {
  beast::error_code ec;
  impl_->ws.next_layer().socket().close(ec);
}

bool WsClient::connect(int port, const std::string& origin, const std::string& cookie) {
  // Asynchronous, under a deadline: a server that accepts but never answers
  // the handshake is a failed connect, not a hung test.
  auto& stream = impl_->ws.next_layer();
  beast::error_code ec;
  auto run = [&] {
    impl_->io.restart();
    impl_->io.run();
    if (ec) error_ = ec.message();
    return !ec;
  };
  stream.expires_after(2 * kPatience);
  stream.async_connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)),
                       [&](beast::error_code e) { ec = e; });
  if (!run()) return false;
  stream.socket().set_option(net::ip::tcp::no_delay(true), ec);  // small frames go out at once
  if (!origin.empty() || !cookie.empty()) {
    impl_->ws.set_option(websocket::stream_base::decorator([origin, cookie](websocket::request_type& req) {
      if (!origin.empty()) req.set(beast::http::field::origin, origin);
      if (!cookie.empty()) req.set(beast::http::field::cookie, cookie);
    }));
  }
  impl_->ws.read_message_max(16 * 1024 * 1024);
  impl_->ws.async_handshake("127.0.0.1:" + std::to_string(port), "/ws", [&](beast::error_code e) { ec = e; });
  bool connected = run();
  stream.expires_never();  // receive() bounds each wait itself
  return connected;
}

void WsClient::send(const json& message) { send_text(message.dump()); }

void WsClient::send_binary(const std::string& bytes) {
  beast::error_code ec;
  impl_->ws.binary(true);
  impl_->ws.write(net::buffer(bytes), ec);
  if (ec) error_ = ec.message();
}

void WsClient::send_text(const std::string& text) {
  beast::error_code ec;
  impl_->ws.text(true);
  impl_->ws.write(net::buffer(text), ec);
  if (ec) error_ = ec.message();
}

std::optional<json> WsClient::receive(std::chrono::milliseconds timeout) {
  if (closed_) return std::nullopt;
  if (!impl_->reading) {
    impl_->reading = true;
    impl_->done = false;
    impl_->ws.async_read(impl_->buffer, [this](beast::error_code ec, std::size_t) {
      impl_->done = true;
      impl_->result = ec;
    });
  }
  impl_->io.restart();
  impl_->io.run_for(timeout);
  if (!impl_->done) return std::nullopt;  // the read stays pending for the next call
  impl_->reading = false;
  if (impl_->result) {
    closed_ = true;
    close_code_ = impl_->ws.reason().code;
    error_ = impl_->result.message();
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(impl_->buffer.data());
  impl_->buffer.consume(impl_->buffer.size());
  return json::parse(text);
}

std::optional<json> WsClient::receive_type(const std::string& type, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + std::max<std::chrono::milliseconds>(timeout, kPatience);
  while (std::chrono::steady_clock::now() < deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    auto m = receive(std::max(left, std::chrono::milliseconds(1)));
    if (!m) {
      if (closed_) return std::nullopt;
      continue;
    }
    if ((*m)["type"] == type) return m;
    skipped_.push_back(*m);
  }
  return std::nullopt;
}

void WsClient::close() {
  beast::error_code ec;
  impl_->ws.close(websocket::close_code::normal, ec);
  closed_ = true;
}

HttpReply http_get(int port, const std::string& target) { return http_request(port, "GET", target); }

HttpReply http_request(int port, const std::string& method, const std::string& target, const std::string& body,
                       const std::map<std::string, std::string>& headers) {
  // Asynchronous, under a deadline: a server that never answers fails the
  // test with an exception (as a refused connection does), not hang it.
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.expires_after(2 * WsClient::kPatience);
  beast::error_code ec;
  auto run = [&](const char* step) {
    io.run();
    io.restart();
    if (ec) throw beast::system_error(ec, std::string(step) + " " + method + " " + target);
  };
  stream.async_connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)),
                       [&](beast::error_code e) { ec = e; });
  run("connecting for");
  beast::http::request<beast::http::string_body> req{beast::http::string_to_verb(method), target, 11};
  req.set(beast::http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  if (method != "GET" && method != "HEAD") req.prepare_payload();
  beast::http::async_write(stream, req, [&](beast::error_code e, std::size_t) { ec = e; });
  run("sending");
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> res;
  beast::http::async_read(stream, buffer, res, [&](beast::error_code e, std::size_t) { ec = e; });
  run("the answer to");
  HttpReply reply;
  reply.status = static_cast<int>(res.result_int());
  for (auto& field : res) {
    std::string name(field.name_string());
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    reply.headers[name] = std::string(field.value());
  }
  reply.body = res.body();
  return reply;
}

std::string raw_http(int port, const std::string& request) {
  net::io_context io;
  net::ip::tcp::socket socket(io);
  beast::error_code ec;
  socket.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)), ec);
  if (ec) return {};
  net::write(socket, net::buffer(request), ec);  // the server may answer (and close) before it has read it all
  ec = {};
  std::string out;
  char buffer[4096];
  while (!ec) {
    auto n = socket.read_some(net::buffer(buffer), ec);
    out.append(buffer, n);
  }
  return out;
}

}  // namespace test_support
