#pragma once
// Starts the real gipf-arena binary (path in $GIPF_ARENA_BIN) on a free loopback
// port with its own database, and stops or kills it.
#include <string>
#include <sys/types.h>
#include <vector>

namespace test_support {

class ServerProcess {
 public:
  // `db` is kept across restarts; extra arguments are appended.
  explicit ServerProcess(std::string db, std::vector<std::string> extra = {});
  ~ServerProcess();
  bool start();  // waits for the "running" line; false if the server did not come up
  // Before start(): the server's standard error goes to this file (read it with
  // log()), and its RLIMIT_NOFILE (soft and hard) is set to `fd_limit`.
  void log_to(std::string path) { log_path_ = std::move(path); }
  void limit_files(int fd_limit) { fd_limit_ = fd_limit; }
  std::string log() const;
  double cpu_seconds() const;  // user + system time so far
  int port() const { return port_; }
  pid_t pid() const { return pid_; }
  void kill_hard();        // SIGKILL
  int stop(int signal);    // sends the signal, returns the exit status (or -1)
  long peak_memory_kib() const;  // VmHWM while running
  long memory_kib() const;       // VmRSS now

 private:
  std::string db_;
  std::vector<std::string> extra_;
  pid_t pid_ = -1;
  int port_ = 0;
  std::string log_path_;
  int fd_limit_ = 0;
};

// In a child just forked by a test, before exec: none of the test's open
// files (a socket the test closes must not stay open in a server started
// after it) and none of its blocked signals (the child must get SIGTERM).
void leave_parent_state();

// A nats-server of the test's own on a fixed port, to stop, pause and start again.
class OwnNats {
 public:
  OwnNats();
  ~OwnNats() { stop(); }
  int port() const { return port_; }
  std::string url() const { return "nats://127.0.0.1:" + std::to_string(port_); }
  bool start();  // false if it did not listen within a minute
  // SIGSTOP: the server keeps its connections open and answers nothing (a
  // bus that hangs rather than one that is gone); resume() continues it.
  void pause();
  void resume();
  void stop();

 private:
  int port_;
  pid_t pid_ = -1;
};

// A loopback TCP port nobody listens on now (for a server the test starts itself).
int free_port();
// Whether something accepts connections on loopback `port`.
bool listening(int port);

std::string temp_path(const std::string& name);
// A server's store: a new SQLite file, or, when GIPF_ARENA_TEST_POSTGRES names
// a PostgreSQL server (tests/store/with_postgres.sh), a new database there.
std::string temp_store(const std::string& name);

}  // namespace test_support
