#include "chaos.hpp"

#include <algorithm>
#include <arpa/inet.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace soak {
using namespace std::chrono_literals;

int run_command(const std::string& command, std::string* output) {
  int out[2] = {-1, -1};
  if (output && ::pipe(out) != 0) return -1;
  pid_t pid = ::fork();
  if (pid == 0) {
    if (output) ::dup2(out[1], STDOUT_FILENO);
    // Without the soak's sockets: PostgreSQL, restarted by the script, would
    // hold every client's and forwarder's connection open for ever. (And
    // without its blocked stop signals, which one thread waits for.)
    test_support::leave_parent_state();
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  if (output) {
    ::close(out[1]);
    char buffer[4096];
    for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) > 0;) output->append(buffer, static_cast<std::size_t>(n));
    ::close(out[0]);
  }
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Cluster::Cluster(std::string store, std::vector<std::string> names, std::vector<std::string> node_args, std::string log_dir)
    : store_(std::move(store)), log_dir_(std::move(log_dir)), node_args_(std::move(node_args)) {
  for (auto& name : names) {
    auto slot = std::make_unique<Slot>();
    slot->name = name;
    slot->view.name = name;
    slots_.push_back(std::move(slot));
  }
}

Cluster::~Cluster() {
  for (auto& slot : slots_) {
    if (slot->view.pid > 0) ::kill(slot->view.pid, SIGCONT);
    slot->process.reset();  // SIGKILL
  }
}

bool Cluster::start_node(Slot& slot) {
  auto args = node_args_;
  args.insert(args.end(), {"--bus", slot.link->url(), "--node-id", slot.name});
  // A node may be slow to come up on a loaded machine (or while PostgreSQL
  // comes back): three tries before the soak gives up on it.
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto process = std::make_unique<test_support::ServerProcess>(store_, args);
    process->log_to(log_dir_ + "/" + slot.name + ".log");
    if (process->start()) {
      std::lock_guard lock(mutex_);
      slot.process = std::move(process);
      slot.view.port = slot.process->port();
      slot.view.pid = slot.process->pid();
      slot.view.serving = true;
      slot.view.life += 1;
      slot.view.life_started = Clock::now();
      return true;
    }
  }
  return false;
}

bool Cluster::start() {
  if (!nats_.start()) return false;
  for (auto& slot : slots_) {
    slot->link = std::make_unique<test_support::BusLink>(nats_.port());
    if (!start_node(*slot)) return false;
  }
  return true;
}

void Cluster::kill_everything() {
  std::lock_guard lock(mutex_);
  for (auto& slot : slots_)
    if (slot->view.pid > 0) ::kill(slot->view.pid, SIGKILL);
  nats_.stop();
}

std::vector<int> Cluster::live_ports() {
  std::lock_guard lock(mutex_);
  std::vector<int> ports;
  for (auto& slot : slots_)
    if (slot->view.serving) ports.push_back(slot->view.port);
  return ports;
}

std::vector<NodeView> Cluster::nodes() {
  std::lock_guard lock(mutex_);
  std::vector<NodeView> out;
  for (auto& slot : slots_) out.push_back(slot->view);
  return out;
}

bool Cluster::kill_node(std::size_t i, std::chrono::milliseconds down, std::string& why) {
  Slot& slot = *slots_[i];
  {
    std::lock_guard lock(mutex_);
    slot.view.serving = false;
  }
  slot.process->kill_hard();
  std::this_thread::sleep_for(down);
  if (start_node(slot)) return true;
  why = slot.name + " did not start again after its kill (log: " + log_dir_ + "/" + slot.name + ".log)";
  return false;
}

bool Cluster::pause_node(std::size_t i, std::chrono::milliseconds paused, std::string&) {
  Slot& slot = *slots_[i];
  {
    std::lock_guard lock(mutex_);
    slot.view.serving = false;
  }
  ::kill(slot.view.pid, SIGSTOP);
  std::this_thread::sleep_for(paused);
  ::kill(slot.view.pid, SIGCONT);
  std::lock_guard lock(mutex_);
  slot.view.serving = true;
  return true;
}

bool Cluster::restart_nats(std::chrono::milliseconds down, std::string& why) {
  nats_.stop();
  std::this_thread::sleep_for(down);
  if (nats_.start()) return true;
  why = "nats-server did not start again on port " + std::to_string(nats_.port());
  return false;
}

bool Cluster::restart_postgres(std::string& why) {
  const char* script = std::getenv("GIPF_ARENA_TEST_POSTGRES_RESTART");
  if (!script || !*script) {
    why = "no GIPF_ARENA_TEST_POSTGRES_RESTART (run under tests/store/with_postgres.sh)";
    return false;
  }
  int status = run_command(script);
  if (status == 0) return true;
  why = "PostgreSQL did not restart (status " + std::to_string(status) + ")";
  return false;
}

void Cluster::cut_bus(std::size_t i, std::chrono::milliseconds length) {
  slots_[i]->link->cut(length);
  std::this_thread::sleep_for(length);
}

const char* name_of(ChaosKind kind) {
  switch (kind) {
    case ChaosKind::Kill: return "kill";
    case ChaosKind::Pause: return "pause";
    case ChaosKind::NatsRestart: return "nats-restart";
    case ChaosKind::PostgresRestart: return "postgres-restart";
    case ChaosKind::BusCut: return "bus-cut";
  }
  return "?";
}

Chaos::Chaos(Cluster& cluster, std::uint64_t seed, int lease_seconds, std::chrono::seconds first,
             std::function<void(std::size_t)> before_kill, Clock::time_point began)
    : cluster_(cluster), rng_(seed), lease_seconds_(lease_seconds), first_(first), before_kill_(std::move(before_kill)), began_(began) {}

void Chaos::start() { thread_ = std::thread([this] { run(); }); }

void Chaos::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

std::vector<ChaosEvent> Chaos::events() {
  std::lock_guard lock(mutex_);
  return events_;
}

std::vector<std::string> Chaos::failures() {
  std::lock_guard lock(mutex_);
  return failures_;
}

bool Chaos::wait(std::chrono::milliseconds d) {
  std::unique_lock lock(mutex_);
  return !wake_.wait_for(lock, d, [this] { return stopping_; });
}

void Chaos::run() {
  auto ms = [this](int low, int high) { return std::chrono::milliseconds(std::uniform_int_distribution<int>(low, high)(rng_)); };
  std::vector<ChaosKind> cycle;
  bool go = wait(first_);
  while (go) {
    if (cycle.empty()) {
      cycle = {ChaosKind::Kill, ChaosKind::Pause, ChaosKind::NatsRestart, ChaosKind::PostgresRestart, ChaosKind::BusCut};
      std::shuffle(cycle.begin(), cycle.end(), rng_);
    }
    ChaosKind kind = cycle.back();
    cycle.pop_back();
    std::size_t target = rng_() % cluster_.size();
    ChaosEvent event{kind, "", Clock::now(), {}};
    std::string why;
    bool whole = true;
    switch (kind) {
      case ChaosKind::Kill:
        event.node = cluster_.nodes()[target].name;
        before_kill_(target);
        // Down for 1–8 s: sometimes back before its leases lapse (the same
        // name finds its own rows), sometimes after the others took its rooms.
        whole = cluster_.kill_node(target, ms(1000, 8000), why);
        break;
      case ChaosKind::Pause:
        event.node = cluster_.nodes()[target].name;
        // Past the lease: its rooms go to the others while it sleeps.
        whole = cluster_.pause_node(target, std::chrono::milliseconds(2000 * lease_seconds_) + ms(0, 1000), why);
        break;
      case ChaosKind::NatsRestart:
        whole = cluster_.restart_nats(ms(500, 3000), why);
        break;
      case ChaosKind::PostgresRestart:
        whole = cluster_.restart_postgres(why);
        break;
      case ChaosKind::BusCut:
        event.node = cluster_.nodes()[target].name;
        cluster_.cut_bus(target, ms(3000, 8000));
        break;
    }
    event.ended = Clock::now();
    std::string where;
    for (const auto& node : cluster_.nodes()) where += " " + node.name + "=" + std::to_string(node.port);
    std::fprintf(stderr, "soak: %.3f chaos %s%s%s (%.1f s); nodes now%s\n",
                 std::chrono::duration<double>(event.began - began_).count(), name_of(kind), event.node.empty() ? "" : " ",
                 event.node.c_str(), std::chrono::duration<double>(event.ended - event.began).count(), where.c_str());
    {
      std::lock_guard lock(mutex_);
      events_.push_back(event);
      if (!whole) failures_.push_back(why);
    }
    if (!whole) break;  // the site is not whole: nothing more to learn by going on
    go = wait(ms(25000, 45000));
  }
}

}  // namespace soak
