#include "engine_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace tool {
namespace {

// An answer longer than this is no action: the engine is not speaking the protocol.
constexpr std::size_t kMaxLine = 4096;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

EngineProcess::EngineProcess(std::string command) : command_(std::move(command)) {
  // A dead engine must not kill the tool with SIGPIPE: its write then fails instead.
  std::signal(SIGPIPE, SIG_IGN);
  int in[2];
  int out[2];
  if (::pipe(in) != 0) throw std::runtime_error("cannot start the engine: " + std::string(std::strerror(errno)));
  if (::pipe(out) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    throw std::runtime_error("cannot start the engine: " + std::string(std::strerror(errno)));
  }
  pid_ = ::fork();
  if (pid_ < 0) {
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    throw std::runtime_error("cannot start the engine: " + std::string(std::strerror(errno)));
  }
  if (pid_ == 0) {
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    ::execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  to_engine_ = in[1];
  from_engine_ = out[0];
}

EngineProcess::~EngineProcess() {
  tell("quit");
  close_fd(to_engine_);
  close_fd(from_engine_);
  if (pid_ <= 0) return;
  // A second to leave by itself after quit, then it is killed: a match never hangs on an engine.
  for (int i = 0; i < 100; ++i) {
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
    ::usleep(10'000);
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
}

void EngineProcess::tell(const std::string& line) {
  if (to_engine_ < 0) return;
  std::string text = line + "\n";
  std::size_t sent = 0;
  while (sent < text.size()) {
    ssize_t n = ::write(to_engine_, text.data() + sent, text.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close_fd(to_engine_);
      return;
    }
    sent += static_cast<std::size_t>(n);
  }
}

std::optional<std::string> EngineProcess::ask(const std::string& line, std::chrono::milliseconds timeout,
                                              std::string& error) {
  tell(line);
  if (to_engine_ < 0) {
    error = "the engine has stopped reading";
    return std::nullopt;
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto answer = read_line(deadline, error);
    if (!answer && error.empty()) error = "the engine did not answer within " + std::to_string(timeout.count()) + " ms";
    if (!answer || answer->empty() || answer->front() != '#') return answer;
  }
}

std::optional<std::string> EngineProcess::read_line(std::chrono::steady_clock::time_point deadline, std::string& error) {
  error.clear();
  for (;;) {
    if (auto end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (buffer_.size() > kMaxLine) {
      error = "the engine sent a line longer than " + std::to_string(kMaxLine) + " bytes";
      return std::nullopt;
    }
    if (from_engine_ < 0) {
      error = "the engine has closed its output";
      return std::nullopt;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;  // the caller says how long it waited
    pollfd p{from_engine_, POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // the deadline is checked above
    char chunk[1024];
    ssize_t n = ::read(from_engine_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close_fd(from_engine_);
      continue;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

}  // namespace tool
