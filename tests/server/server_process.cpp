#include "server_process.hpp"

#include "store/postgres_connection.hpp"

#include <arpa/inet.h>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sstream>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace test_support {

ServerProcess::ServerProcess(std::string db, std::vector<std::string> extra) : db_(std::move(db)), extra_(std::move(extra)) {}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) kill_hard();
}

bool ServerProcess::start() {
  const char* bin = std::getenv("GIPF_ARENA_BIN");
  if (!bin) return false;
  int out[2];
  if (pipe(out) != 0) return false;
  pid_ = fork();
  if (pid_ == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    if (!log_path_.empty()) {
      int fd = open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      if (fd >= 0) {
        dup2(fd, STDERR_FILENO);
        close(fd);
      }
    }
    if (fd_limit_ > 0) {
      rlimit limit{static_cast<rlim_t>(fd_limit_), static_cast<rlim_t>(fd_limit_)};
      setrlimit(RLIMIT_NOFILE, &limit);
    }
    leave_parent_state();
    // GIPF_ARENA_TEST_LOG=debug shows the server's log while debugging a test.
    const char* level = std::getenv("GIPF_ARENA_TEST_LOG");
    std::vector<std::string> args{bin, "--port", "0", db_.find("://") == std::string::npos ? "--db" : "--store", db_,
                                  "--log-level", level ? level : "warn"};
    args.insert(args.end(), extra_.begin(), extra_.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(bin, argv.data());
    _exit(127);
  }
  close(out[1]);
  std::string text;
  char buffer[256];
  pollfd p{out[0], POLLIN, 0};
  while (text.find('\n') == std::string::npos && poll(&p, 1, 10000) > 0) {
    auto n = read(out[0], buffer, sizeof buffer);
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  close(out[0]);  // the server writes nothing more to stdout
  auto colon = text.rfind(':');
  if (colon == std::string::npos) return false;
  port_ = std::atoi(text.c_str() + colon + 1);
  return port_ > 0;
}

void ServerProcess::kill_hard() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

int ServerProcess::stop(int signal) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, signal);
  // A server that does not stop within two minutes is a failure to report
  // (-1, and a line on stderr), not a test that hangs until ctest kills it.
  int status = 0;
  for (int waited_ms = 0; waitpid(pid_, &status, WNOHANG) == 0; waited_ms += 50) {
    if (waited_ms >= 120000) {
      std::fprintf(stderr, "server %d did not stop within 120 s of signal %d: killed\n", static_cast<int>(pid_), signal);
      kill_hard();
      return -1;
    }
    usleep(50000);
  }
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

namespace {
long status_kib(pid_t pid, const char* field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(field, 0) == 0) return std::atol(line.c_str() + std::strlen(field));
  return -1;
}
}  // namespace

long ServerProcess::peak_memory_kib() const { return status_kib(pid_, "VmHWM:"); }

long ServerProcess::memory_kib() const { return status_kib(pid_, "VmRSS:"); }

std::string ServerProcess::log() const {
  std::ifstream in(log_path_);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

double ServerProcess::cpu_seconds() const {
  std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto close_paren = text.rfind(')');
  if (close_paren == std::string::npos) return -1;
  std::istringstream fields(text.substr(close_paren + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; fields >> field; ++i) {  // field 3 is the state; 14 and 15 the times
    if (i == 14) utime = std::stol(field);
    if (i == 15) {
      stime = std::stol(field);
      break;
    }
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

int free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  ::close(fd);
  return ntohs(address.sin_port);
}

bool listening(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return ok;
}

void leave_parent_state() {
  close_range(3, ~0U, 0);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
}

OwnNats::OwnNats() : port_(free_port()) {}

bool OwnNats::start() {
  std::string port = std::to_string(port_);
  pid_ = fork();
  if (pid_ == 0) {
    leave_parent_state();
    execlp("nats-server", "nats-server", "-a", "127.0.0.1", "-p", port.c_str(), static_cast<char*>(nullptr));
    execl("/usr/sbin/nats-server", "nats-server", "-a", "127.0.0.1", "-p", port.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  for (auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60); !listening(port_);) {
    if (std::chrono::steady_clock::now() > deadline || waitpid(pid_, nullptr, WNOHANG) != 0) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

void OwnNats::pause() { kill(pid_, SIGSTOP); }
void OwnNats::resume() { kill(pid_, SIGCONT); }

void OwnNats::stop() {
  if (pid_ <= 0) return;
  kill(pid_, SIGCONT);
  kill(pid_, SIGTERM);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

std::string temp_path(const std::string& name) {
  char pattern[] = "/tmp/gipf-arena-test-XXXXXX";
  const char* dir = mkdtemp(pattern);
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

std::string temp_store(const std::string& name) {
  const char* server = std::getenv("GIPF_ARENA_TEST_POSTGRES");
  if (!server || !*server) return temp_path(name);
  static int count = 0;
  std::string database = "server_test_" + std::to_string(getpid()) + "_" + std::to_string(++count);
  arena::PostgresConnection::create_database(std::string(server) + "postgres", database);
  return server + database;
}

}  // namespace test_support
