#pragma once
// What the soak measures and checks while it runs: every few seconds each
// serving node's /metrics and the lease rows in PostgreSQL, compared at once
// (rows renewed ≈ rooms in memory); at the end the flatness of RSS, open
// files, lease renewal time and the writer's time per action (the last third
// of the run against the first), and what the metrics must have counted.
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "chaos.hpp"

namespace soak {

struct Sample {
  Clock::time_point at;
  std::size_t node = 0;
  int life = 0;
  double rss_mib = 0, fds = 0, rooms_owned = 0, leases_renewed = 0;
  double renewal_sum = 0, renewal_count = 0, commit_sum = 0, commit_count = 0;
  double actions = 0, takeovers = 0, nats_reconnects = 0, bus_dropped = 0;
  double bus_frames_lost = 0;  // of bus_dropped: gaps in other nodes' numbered frames (resynced)
  long pg_held = -1, pg_ever = -1;  // lease rows of this owner: held now, and ever
};

// A metric's value (labelled series summed) in a /metrics text, or -1.
double metric_value(const std::string& text, const std::string& name);

class Monitor {
 public:
  Monitor(Cluster& cluster, std::string store_url, std::function<std::vector<ChaosEvent>()> chaos_events);
  void tick();                      // every few seconds, from the main thread
  void scrape_now(std::size_t node);  // before a kill, from the chaos thread
  std::vector<Sample> samples();
  std::vector<std::string> failures();
  // The counters of every process life added up (a killed node's as last read).
  double total(double Sample::*counter);
  // Whether `t` is within a chaos move or the settling after it.
  bool disturbed(Clock::time_point t);

 private:
  bool scrape(const NodeView& node, Sample& out);
  std::map<std::string, std::pair<long, long>> lease_rows();  // owner -> (held, ever); empty on failure
  Cluster& cluster_;
  std::string store_url_;
  std::function<std::vector<ChaosEvent>()> chaos_events_;
  std::mutex mutex_;
  std::vector<Sample> samples_;
  std::map<std::size_t, int> lease_mismatches_;  // consecutive ones per node
  std::vector<std::string> failures_;
};

// The flat-cost figures: a value in the first and last thirds of the run.
struct Flat {
  std::string what;
  double first = 0, last = 0;
  bool ok = true;
  bool measured = false;
};

// How much a time per renewal or per action may grow from the first third
// to the last: last <= factor * first + slack_ms.
struct CostBound {
  double factor = 1.2;
  double slack_ms = 1.0;
};

// Compares the last third of [from, to] with the first: medians of samples
// (RSS, fds) per process life (within 20 %), ratios of deltas (time per
// renewal, writer's time per action) over the samples outside chaos (within `costs`).
std::vector<Flat> flatness(Monitor& monitor, const std::vector<NodeView>& nodes, Clock::time_point from, Clock::time_point to,
                           CostBound costs);

}  // namespace soak
