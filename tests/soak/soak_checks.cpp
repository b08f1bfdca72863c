#include "soak_checks.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "server/ws_client.hpp"

namespace soak {
namespace {

using namespace std::chrono_literals;

// After a chaos move the site settles (rooms taken over, clients back,
// renewals caught up): samples from then are not compared.
constexpr auto kSettle = 15s;

// Lease rows and rooms in memory are read moments apart, while rooms load
// and leave: they may differ by this much.
bool close_enough(double a, double b) { return std::abs(a - b) <= 3 + 0.15 * std::max(a, b); }

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

double metric_value(const std::string& text, const std::string& name) {
  double total = 0;
  bool found = false;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.rfind(name, 0) != 0 || line.size() <= name.size()) continue;
    char next = line[name.size()];
    if (next != ' ' && next != '{') continue;
    total += std::stod(line.substr(line.rfind(' ') + 1));
    found = true;
  }
  return found ? total : -1;
}

Monitor::Monitor(Cluster& cluster, std::string store_url, std::function<std::vector<ChaosEvent>()> chaos_events)
    : cluster_(cluster), store_url_(std::move(store_url)), chaos_events_(std::move(chaos_events)) {}

bool Monitor::scrape(const NodeView& node, Sample& s) {
  std::string text;
  try {
    auto reply = test_support::http_get(node.port, "/metrics");
    if (reply.status != 200) return false;
    text = reply.body;
  } catch (const std::exception&) {
    return false;  // killed or paused under our feet: no sample
  }
  s.at = Clock::now();
  s.life = node.life;
  s.rss_mib = metric_value(text, "process_resident_memory_bytes") / (1024.0 * 1024.0);
  s.fds = metric_value(text, "process_open_fds");
  s.rooms_owned = metric_value(text, "gipf_arena_rooms_owned");
  s.leases_renewed = metric_value(text, "gipf_arena_leases_renewed");
  s.renewal_sum = metric_value(text, "gipf_arena_lease_renewal_seconds_sum");
  s.renewal_count = metric_value(text, "gipf_arena_lease_renewal_seconds_count");
  s.commit_sum = metric_value(text, "gipf_arena_store_commit_seconds_sum");
  s.commit_count = metric_value(text, "gipf_arena_store_commit_seconds_count");
  s.actions = metric_value(text, "gipf_arena_actions_accepted_total");
  s.takeovers = metric_value(text, "gipf_arena_lease_takeovers_total");
  s.nats_reconnects = metric_value(text, "gipf_arena_nats_reconnects_total");
  s.bus_dropped = std::max(0.0, metric_value(text, "gipf_arena_bus_dropped_total"));
  s.bus_frames_lost = std::max(0.0, metric_value(text, "gipf_arena_bus_dropped_total{reason=\"lost\"}"));
  return true;
}

std::map<std::string, std::pair<long, long>> Monitor::lease_rows() {
  std::map<std::string, std::pair<long, long>> rows;
  std::string command = "PGCONNECT_TIMEOUT=5 timeout 15 psql -X -A -t -F ' ' '" + store_url_ +
                        "' -c \"SELECT owner, count(*) FILTER (WHERE expires_at > (extract(epoch FROM clock_timestamp()) * 1000)::bigint),"
                        " count(*) FROM room_leases GROUP BY owner\" 2>/dev/null";
  std::string output;
  if (run_command(command, &output) != 0) return rows;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    char owner[128];
    long held = 0, ever = 0;
    if (std::sscanf(line.c_str(), "%127s %ld %ld", owner, &held, &ever) == 3) rows[owner] = {held, ever};
  }
  return rows;
}

bool Monitor::disturbed(Clock::time_point t) {
  for (const auto& e : chaos_events_())
    if (t >= e.began - 2s && t <= e.ended + kSettle) return true;
  return false;
}

void Monitor::scrape_now(std::size_t i) {
  auto node = cluster_.nodes()[i];
  Sample s;
  s.node = i;
  if (!node.serving || !scrape(node, s)) return;
  std::lock_guard lock(mutex_);
  samples_.push_back(s);
}

void Monitor::tick() {
  auto nodes = cluster_.nodes();
  auto rows = lease_rows();
  std::vector<Sample> fresh;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    Sample s;
    s.node = i;
    if (!nodes[i].serving || !scrape(nodes[i], s)) continue;
    if (auto it = rows.find(nodes[i].name); it != rows.end()) s.pg_held = it->second.first, s.pg_ever = it->second.second;
    else if (!rows.empty()) s.pg_held = s.pg_ever = 0;
    fresh.push_back(s);
  }
  std::lock_guard lock(mutex_);
  for (auto& s : fresh) {
    samples_.push_back(s);
    // Lease rows renewed ≈ rooms in memory, in PostgreSQL and in /metrics;
    // three samples in a row apart (outside chaos) is a failure.
    if (disturbed(s.at) || s.pg_held < 0 || s.leases_renewed < 0 || s.rooms_owned < 0) continue;
    bool agree = close_enough(static_cast<double>(s.pg_held), s.rooms_owned) && close_enough(s.leases_renewed, s.rooms_owned);
    int& in_a_row = lease_mismatches_[s.node];
    in_a_row = agree ? 0 : in_a_row + 1;
    if (in_a_row == 3) {
      std::ostringstream what;
      what << nodes[s.node].name << ": lease rows held " << s.pg_held << " (ever " << s.pg_ever << "), leases_renewed "
           << s.leases_renewed << ", rooms_owned " << s.rooms_owned << " in three samples in a row";
      failures_.push_back(what.str());
    }
  }
}

std::vector<Sample> Monitor::samples() {
  std::lock_guard lock(mutex_);
  return samples_;
}

std::vector<std::string> Monitor::failures() {
  std::lock_guard lock(mutex_);
  return failures_;
}

double Monitor::total(double Sample::*counter) {
  std::lock_guard lock(mutex_);
  std::map<std::pair<std::size_t, int>, double> last;  // per process life
  for (const auto& s : samples_) last[{s.node, s.life}] = std::max(last[{s.node, s.life}], s.*counter);
  double sum = 0;
  for (const auto& [life, value] : last) sum += value;
  return sum;
}

std::vector<Flat> flatness(Monitor& monitor, const std::vector<NodeView>& nodes, Clock::time_point from, Clock::time_point to,
                           CostBound costs) {
  auto samples = monitor.samples();
  std::vector<Flat> out;
  // Gauges: per process life, its first third against its last (a life that
  // began late, after a kill, from 30 s after its start: it loads rooms first).
  auto gauge = [&](const char* what, double Sample::*field, double slack) {
    std::map<std::pair<std::size_t, int>, std::vector<const Sample*>> lives;
    for (const auto& s : samples)
      if (s.at >= from && s.at <= to) lives[{s.node, s.life}].push_back(&s);
    for (auto& [key, list] : lives) {
      Clock::time_point begin = std::max(from, list.front()->at), end = to;
      if (key.second > 1) begin = std::max(begin, list.front()->at + 30s);
      if (end - begin < 60s) continue;  // too short a life to tell
      auto third = (end - begin) / 3;
      std::vector<double> first, last;
      for (auto* s : list) {
        if (s->at >= begin && s->at <= begin + third) first.push_back(s->*field);
        if (s->at >= end - third) last.push_back(s->*field);
      }
      if (first.size() < 3 || last.size() < 3) continue;
      Flat f;
      f.what = std::string(what) + " " + nodes[key.first].name + " (process " + std::to_string(key.second) + ")";
      f.first = median(first);
      f.last = median(last);
      f.measured = true;
      f.ok = f.last <= 1.2 * f.first + slack;
      out.push_back(f);
    }
  };
  gauge("RSS MiB", &Sample::rss_mib, 8);
  gauge("open fds", &Sample::fds, 16);

  // Costs: per window between a life's consecutive samples outside chaos,
  // the time over what it was spent on (ms per renewal, per action); the
  // median window of each third (one slow checkpoint of PostgreSQL is not a trend).
  auto cost = [&](const char* what, double Sample::*time, double Sample::*per) {
    auto third = (to - from) / 3;
    std::vector<double> first, last;
    std::map<std::pair<std::size_t, int>, const Sample*> previous;
    for (const auto& s : samples) {
      auto& before = previous[{s.node, s.life}];
      const Sample* p = before;
      before = &s;
      if (!p || s.at < from || s.at > to || s.at - p->at > 20s || monitor.disturbed(p->at) || monitor.disturbed(s.at)) continue;
      double dt = s.*time - p->*time, dn = s.*per - p->*per;
      if (dt < 0 || dn <= 0) continue;
      if (s.at <= from + third) first.push_back(1000 * dt / dn);
      if (s.at >= to - third) last.push_back(1000 * dt / dn);
    }
    Flat f;
    f.what = what;
    f.measured = first.size() >= 3 && last.size() >= 3;
    if (f.measured) {
      f.first = median(first);
      f.last = median(last);
      f.ok = f.last <= costs.factor * f.first + costs.slack_ms;
    }
    out.push_back(f);
  };
  cost("lease renewal ms", &Sample::renewal_sum, &Sample::renewal_count);
  cost("writer ms per action", &Sample::commit_sum, &Sample::actions);
  return out;
}

}  // namespace soak
