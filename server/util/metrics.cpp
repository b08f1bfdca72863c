#include "util/metrics.hpp"

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

namespace arena {

namespace pm = prometheus;

// A store's answer, from half a millisecond to seconds: a group commit, a lease renewal.
const pm::Histogram::BucketBoundaries kStoreSeconds{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};

namespace {

pm::MetricFamily family(std::string name, std::string help, pm::MetricType type, double value) {
  pm::ClientMetric metric;
  if (type == pm::MetricType::Counter) metric.counter.value = value;
  else metric.gauge.value = value;
  return pm::MetricFamily{std::move(name), std::move(help), type, {metric}};
}

// What the kernel says of this process (/proc/self), under the names every
// Prometheus client library uses for them. Nothing when /proc is not there.
void process_families(std::vector<pm::MetricFamily>& out) {
  std::ifstream stat_file("/proc/self/stat");
  std::string stat((std::istreambuf_iterator<char>(stat_file)), std::istreambuf_iterator<char>());
  // The command name (field 2) is in parentheses and may hold spaces: the fields after it, from 3.
  auto close = stat.rfind(')');
  if (close == std::string::npos) return;
  std::istringstream fields(stat.substr(close + 1));
  std::vector<std::string> field;  // field[i]: proc(5)'s field i + 3
  for (std::string f; fields >> f;) field.push_back(f);
  if (field.size() < 22) return;
  const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  const double page = static_cast<double>(sysconf(_SC_PAGESIZE));
  double cpu = (std::stod(field[11]) + std::stod(field[12])) / ticks;  // utime + stime
  double started_after_boot = std::stod(field[19]) / ticks;
  double virtual_bytes = std::stod(field[20]);
  double resident_bytes = std::stod(field[21]) * page;
  double boot_time = 0;
  std::ifstream proc_stat("/proc/stat");
  for (std::string key; proc_stat >> key;) {
    if (key == "btime") {
      proc_stat >> boot_time;
      break;
    }
    proc_stat.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  std::error_code ec;
  double open_fds = 0;
  for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec))
    ++open_fds;
  rlimit limit{};
  double max_fds = getrlimit(RLIMIT_NOFILE, &limit) == 0 ? static_cast<double>(limit.rlim_cur) : 0;
  out.push_back(family("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", pm::MetricType::Counter, cpu));
  out.push_back(family("process_resident_memory_bytes", "Resident memory size in bytes.", pm::MetricType::Gauge, resident_bytes));
  out.push_back(family("process_virtual_memory_bytes", "Virtual memory size in bytes.", pm::MetricType::Gauge, virtual_bytes));
  out.push_back(family("process_open_fds", "Number of open file descriptors.", pm::MetricType::Gauge, open_fds));
  out.push_back(family("process_max_fds", "Maximum number of open file descriptors.", pm::MetricType::Gauge, max_fds));
  out.push_back(family("process_start_time_seconds", "Start time of the process since unix epoch in seconds.",
                       pm::MetricType::Gauge, boot_time + started_after_boot));
}

}  // namespace

struct Metrics::Parts {
  std::shared_ptr<pm::Registry> registry = std::make_shared<pm::Registry>();
  pm::Counter& accepted = pm::BuildCounter()
                              .Name("gipf_arena_actions_accepted_total")
                              .Help("Players' actions stored and acknowledged by this node's rooms.")
                              .Register(*registry)
                              .Add({});
  pm::Family<pm::Counter>& refused = pm::BuildCounter()
                                         .Name("gipf_arena_actions_refused_total")
                                         .Help("Players' actions this node's rooms refused, by error code.")
                                         .Register(*registry);
  // A group commit carries from one write to thousands under load.
  pm::Histogram& batch = pm::BuildHistogram()
                             .Name("gipf_arena_store_commit_writes")
                             .Help("Writes carried by one group commit of the store.")
                             .Register(*registry)
                             .Add({}, pm::Histogram::BucketBoundaries{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024});
  pm::Histogram& commit_seconds = pm::BuildHistogram()
                                      .Name("gipf_arena_store_commit_seconds")
                                      .Help("Time one group commit of the store took, its retries included.")
                                      .Register(*registry)
                                      .Add({}, kStoreSeconds);
  pm::Histogram& forward_seconds = pm::BuildHistogram()
                                       .Name("gipf_arena_forward_seconds")
                                       .Help("Time to hand a call for a room another node owns to the bus.")
                                       .Register(*registry)
                                       .Add({}, pm::Histogram::BucketBoundaries{0.00001, 0.000025, 0.00005, 0.0001, 0.00025,
                                                                                0.0005, 0.001, 0.0025, 0.005, 0.01, 0.1});
  pm::Counter& forward_timeouts = pm::BuildCounter()
                                     .Name("gipf_arena_forward_timeouts_total")
                                     .Help("Calls forwarded to a room's node it did not answer in time (node_timeout).")
                                     .Register(*registry)
                                     .Add({});
  pm::Counter& takeovers = pm::BuildCounter()
                               .Name("gipf_arena_lease_takeovers_total")
                               .Help("Rooms this node took over after their owner's lease lapsed.")
                               .Register(*registry)
                               .Add({});
  pm::Histogram& renewal_seconds = pm::BuildHistogram()
                                       .Name("gipf_arena_lease_renewal_seconds")
                                       .Help("Time one renewal of this node's leases took, from asking the store to its answer.")
                                       .Register(*registry)
                                       .Add({}, kStoreSeconds);
  pm::Gauge& leases_renewed = pm::BuildGauge()
                                  .Name("gipf_arena_leases_renewed")
                                  .Help("Leases the last renewal kept: the rooms this node holds now.")
                                  .Register(*registry)
                                  .Add({});
  pm::Counter& reconnects = pm::BuildCounter()
                                .Name("gipf_arena_nats_reconnects_total")
                                .Help("Times this node's connection to NATS was lost and made again.")
                                .Register(*registry)
                                .Add({});
  pm::Family<pm::Counter>& bus_dropped = pm::BuildCounter()
                                             .Name("gipf_arena_bus_dropped_total")
                                             .Help("Messages of the bus between nodes this node dropped, by reason.")
                                             .Register(*registry);
};

Metrics::Metrics() : parts_(std::make_unique<Parts>()) {}
Metrics::~Metrics() = default;

Metrics& Metrics::process() {
  static Metrics* metrics = new Metrics();  // never destroyed: the store's thread may count during exit
  return *metrics;
}

void Metrics::action_accepted() { parts_->accepted.Increment(); }
void Metrics::action_refused(std::string_view code) { parts_->refused.Add({{"code", std::string(code)}}).Increment(); }
void Metrics::commit(std::size_t writes, double seconds) {
  parts_->batch.Observe(static_cast<double>(writes));
  parts_->commit_seconds.Observe(seconds);
}
void Metrics::forwarded(double seconds) { parts_->forward_seconds.Observe(seconds); }
void Metrics::forward_timeout() { parts_->forward_timeouts.Increment(); }
void Metrics::lease_takeover() { parts_->takeovers.Increment(); }
void Metrics::lease_renewal(std::size_t rows, double seconds) {
  parts_->renewal_seconds.Observe(seconds);
  parts_->leases_renewed.Set(static_cast<double>(rows));
}
void Metrics::nats_reconnect() { parts_->reconnects.Increment(); }
void Metrics::bus_dropped(BusDrop reason, std::uint64_t count) {
  parts_->bus_dropped.Add({{"reason", std::string(bus_drop_name(reason))}}).Increment(static_cast<double>(count));
}

std::string_view bus_drop_name(BusDrop reason) {
  switch (reason) {
    case BusDrop::Undecodable: return "undecodable";
    case BusDrop::UnknownOp: return "unknown_op";
    case BusDrop::HandlerFailed: return "handler_failed";
    case BusDrop::QueueFull: return "queue_full";
    case BusDrop::NotSent: return "not_sent";
    case BusDrop::Lost: return "lost";
  }
  return "unknown";
}

std::string Metrics::text(const Gauges& gauges) {
  std::vector<pm::MetricFamily> families = parts_->registry->Collect();
  families.push_back(family("gipf_arena_websocket_connections", "Open WebSocket connections.", pm::MetricType::Gauge,
                            gauges.connections));
  families.push_back(family("gipf_arena_rooms_owned", "Rooms this node holds in memory and serves.", pm::MetricType::Gauge,
                            gauges.rooms));
  process_families(families);
  return pm::TextSerializer().Serialize(families);
}

}  // namespace arena
