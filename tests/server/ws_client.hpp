#pragma once
// A small blocking WebSocket client for the integration tests and the load bench.
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <map>
#include <optional>
#include <string>

namespace test_support {

class WsClient {
 public:
  WsClient();
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // Connects to ws://127.0.0.1:port/ws (with these Origin and Cookie headers
  // when not empty); false (with error()) on failure.
  bool connect(int port, const std::string& origin = "", const std::string& cookie = "");
  void send(const nlohmann::json& message);
  void send_text(const std::string& text);
  void send_binary(const std::string& bytes);
  // The next message, or nullopt if none arrived within `timeout` or the
  // connection closed (closed() then tells).
  std::optional<nlohmann::json> receive(std::chrono::milliseconds timeout);
  // Waits for the next message of `type` (others are skipped and kept in skipped()).
  // Every caller expects that message, so the wait is at least kPatience: the
  // bound only decides how long a failing test hangs, and a loaded CI machine
  // may take more than the few seconds a test names.
  static constexpr std::chrono::seconds kPatience{60};
  std::optional<nlohmann::json> receive_type(const std::string& type, std::chrono::milliseconds timeout);
  bool closed() const { return closed_; }
  int close_code() const { return close_code_; }
  const std::string& error() const { return error_; }
  void close();
  std::vector<nlohmann::json>& skipped() { return skipped_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  bool closed_ = false;
  int close_code_ = 0;
  std::string error_;
  std::vector<nlohmann::json> skipped_;
};

// HTTP/1.1 GET over a plain socket: status, headers (lower-case names) and body.
struct HttpReply {
  int status = 0;
  std::map<std::string, std::string> headers;
  std::string body;
};
HttpReply http_get(int port, const std::string& target);
// Any request, with a body and headers (Content-Length is set for a body).
HttpReply http_request(int port, const std::string& method, const std::string& target, const std::string& body = "",
                       const std::map<std::string, std::string>& headers = {});
// Sends `request` as it is and returns everything the server answers.
std::string raw_http(int port, const std::string& request);

}  // namespace test_support
