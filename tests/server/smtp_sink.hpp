#pragma once
// A local SMTP sink for the mail tests: tests/server/smtp_sink.py (Debian
// python3-aiosmtpd) on a free loopback port, each message it receives a JSON
// file in its own directory. Nothing waits for a fixed time: mails() polls the
// directory until the count is reached or a generous deadline passes.
#include <arpa/inet.h>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "server_process.hpp"

namespace test_support {

// A loopback port nothing listens on now (the kernel's choice).
inline int free_port() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t size = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &size);
  close(fd);
  return ntohs(a.sin_port);
}

class SmtpSink {
 public:
  // `port` 0: a free one. Not started until start().
  explicit SmtpSink(int port = 0) : port_(port ? port : free_port()), dir_(temp_path("sink")) {
    std::filesystem::create_directories(dir_);
  }
  ~SmtpSink() { stop(); }
  int port() const { return port_; }
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }

  bool start() {
    std::string script = std::string(GIPF_ARENA_TEST_SERVER_DIR) + "/smtp_sink.py";
    pid_ = fork();
    if (pid_ == 0) {
      std::string port = std::to_string(port_);
      // Debian's python3, where python3-aiosmtpd is installed (a pyenv's would not have it).
      const char* python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
      execlp(python, python, script.c_str(), port.c_str(), dir_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
      if (std::filesystem::exists(dir_ + "/ready")) return true;
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) return pid_ = -1, false;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }

  void stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

  // The messages received so far, in order.
  std::vector<nlohmann::json> received() const {
    std::vector<nlohmann::json> out;
    for (int i = 1;; ++i) {
      std::ifstream in(dir_ + "/" + std::to_string(i) + ".json");
      if (!in) break;
      out.push_back(nlohmann::json::parse(std::string(std::istreambuf_iterator<char>(in), {})));
    }
    return out;
  }

  // Polls until at least `count` messages arrived (20 s at most); all of them.
  std::vector<nlohmann::json> mails(std::size_t count) const {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    auto got = received();
    while (got.size() < count && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      got = received();
    }
    return got;
  }

 private:
  int port_;
  std::string dir_;
  pid_t pid_ = -1;
};

// The 64-hex-digit token after `marker` ("/account/verify#") in a mail's text.
inline std::string link_token(const nlohmann::json& mail, const std::string& marker) {
  std::string text = mail["text"];
  std::smatch m;
  if (!std::regex_search(text, m, std::regex(std::regex_replace(marker, std::regex(R"([?#.])"), R"(\$&)") + "([0-9a-f]{64})")))
    return "";
  return m[1];
}

// Polls the server's log until it holds `text` (20 s at most).
inline bool log_shows(const ServerProcess& server, const std::string& text) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    if (server.log().find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace test_support
