#pragma once
// The site under test and what happens to it: a nats-server of the soak's
// own (so that it can be restarted), one BusLink per node, the nodes (their
// logs in one directory), and the chaos: at seeded moments, one at a time,
// SIGKILL a node and start it again, SIGSTOP one past its lease and SIGCONT
// it, restart NATS, restart PostgreSQL, cut one node off the bus.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <sys/types.h>
#include <thread>
#include <vector>

#include "bus_link.hpp"
#include "server/server_process.hpp"

namespace soak {

using Clock = std::chrono::steady_clock;

// `sh -c command` without the soak's open files (its sockets must close when
// the soak closes them); its standard output into `output` if given. The
// exit status, or -1.
int run_command(const std::string& command, std::string* output = nullptr);

// What a check may know of a node now.
struct NodeView {
  std::string name;
  int port = 0;
  pid_t pid = -1;
  int life = 0;        // 1 for the first process, +1 at each restart
  bool serving = false;  // started, not killed, not paused
  Clock::time_point life_started;
};

class Cluster {
 public:
  Cluster(std::string store, std::vector<std::string> names, std::vector<std::string> node_args, std::string log_dir);
  ~Cluster();
  bool start();
  std::vector<int> live_ports();  // the nodes a client may connect to now
  std::vector<NodeView> nodes();
  std::string log_dir() const { return log_dir_; }
  const std::string& store() const { return store_; }

  // The chaos's moves (blocking; one at a time). Each returns false, with
  // `why`, if the site could not be put back as it was.
  bool kill_node(std::size_t i, std::chrono::milliseconds down, std::string& why);
  bool pause_node(std::size_t i, std::chrono::milliseconds paused, std::string& why);
  bool restart_nats(std::chrono::milliseconds down, std::string& why);
  bool restart_postgres(std::string& why);
  void cut_bus(std::size_t i, std::chrono::milliseconds length);
  std::size_t size() const { return slots_.size(); }
  // On a signal to the soak: every node and the nats-server killed at once.
  void kill_everything();

 private:
  struct Slot {
    std::string name;
    std::unique_ptr<test_support::BusLink> link;
    std::unique_ptr<test_support::ServerProcess> process;
    NodeView view;
  };
  bool start_node(Slot& slot);
  std::string store_, log_dir_;
  std::vector<std::string> node_args_;
  test_support::OwnNats nats_;
  std::mutex mutex_;  // guards the views (read by the checks' and bots' threads)
  std::vector<std::unique_ptr<Slot>> slots_;
};

enum class ChaosKind { Kill, Pause, NatsRestart, PostgresRestart, BusCut };
const char* name_of(ChaosKind kind);

struct ChaosEvent {
  ChaosKind kind;
  std::string node;  // the node it hit, if one
  Clock::time_point began, ended;
};

// Runs the schedule on its own thread: the first move after `first`, then
// one every 25–45 s, kinds drawn from shuffled cycles of all five (a run of
// five moves meets each kind once), targets drawn from the seed.
class Chaos {
 public:
  // `before_kill(i)` is called just before node i is killed (the checks read
  // its counters one last time).
  Chaos(Cluster& cluster, std::uint64_t seed, int lease_seconds, std::chrono::seconds first,
        std::function<void(std::size_t)> before_kill, Clock::time_point began);
  ~Chaos() { stop(); }
  void start();
  void stop();  // waits for the move under way, after which the site is whole again
  std::vector<ChaosEvent> events();
  std::vector<std::string> failures();  // the site could not be put back

 private:
  void run();
  bool wait(std::chrono::milliseconds d);  // false once stopped
  Cluster& cluster_;
  std::mt19937_64 rng_;
  int lease_seconds_;
  std::chrono::seconds first_;
  std::function<void(std::size_t)> before_kill_;
  Clock::time_point began_;  // the soak's start: its lines are timed from it
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::vector<ChaosEvent> events_;
  std::vector<std::string> failures_;
  std::thread thread_;
};

}  // namespace soak
