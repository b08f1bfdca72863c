// The soak of #42 ("a site that runs for months"): PostgreSQL (the caller's,
// tests/store/with_postgres.sh), a nats-server of its own and three nodes on
// loopback, under steady load — guest games of every variant at mixed speeds
// with spectators and chat, games against the computer, a ladder challenge
// and a Swiss event — while at seeded moments a node is killed and started
// again, a node is paused past its lease, NATS restarts, PostgreSQL restarts,
// or a node is cut off the bus for a few seconds. It checks all the time and
// at the end (see README.md, "The soak"):
//   - every action a client heard of is stored, on every node's /api/games/ID;
//   - no game is stuck, and each finishes, none on time (the players act
//     quickly: a flag could only fall on time nobody served), every `resumed`
//     credits its clock;
//   - lease rows held per node (PostgreSQL) ≈ leases renewed ≈ rooms in memory;
//   - RSS, open files, lease renewal time and the writer's time per action
//     stay flat (the last third of the run against the first: within 20 %;
//     the two times within 3x + 10 ms in a run under 30 minutes, as ctest's
//     five are, on a machine whose other load moves them more than five
//     minutes of history could: the lease rows' counts hold that run);
//   - /metrics counted the takeovers, the NATS reconnects and the actions.
//
//   soak [--seconds S] [--seed N] [--report FILE] [--games G] [--spectators K]
//
// S defaults to $GIPF_ARENA_SOAK_SECONDS or 300. The seed (printed first)
// decides the chaos and the players: give it again to replay a failure.
// Exits 1 on any failed check, each named on stderr; the nodes' logs are
// then kept (their directory is printed).
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <thread>

#include "chaos.hpp"
#include "competitions.hpp"
#include "server/server_process.hpp"
#include "server/ws_client.hpp"
#include "soak_bots.hpp"
#include "soak_checks.hpp"

namespace {

using namespace soak;
using namespace std::chrono_literals;
using nlohmann::json;

constexpr int kLeaseSeconds = 3;
constexpr int kClaimAfterSeconds = 40;
// A game that told nobody anything for this long is stuck: more than a
// takeover (the lease and a third), the claim time and a loaded machine's delays.
constexpr auto kStuck = 150s;
// The end: every game plays on (everyone at once) until over, within this.
constexpr auto kEndBound = 300s;

struct Flags {
  int seconds = 300;
  std::uint64_t seed = 0;
  std::string report;
  int games = 10, spectators = 6;
};

bool parse(int argc, char** argv, Flags& f) {
  if (const char* s = std::getenv("GIPF_ARENA_SOAK_SECONDS"); s && *s) f.seconds = std::atoi(s);
  f.seed = std::random_device{}();
  for (int i = 1; i < argc; i += 2) {
    if (i + 1 >= argc) return false;
    std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--seconds") f.seconds = std::atoi(value.c_str());
    else if (flag == "--seed") f.seed = std::strtoull(value.c_str(), nullptr, 10);
    else if (flag == "--report") f.report = value;
    else if (flag == "--games") f.games = std::atoi(value.c_str());
    else if (flag == "--spectators") f.spectators = std::atoi(value.c_str());
    else return false;
  }
  return f.seconds >= 60 && f.games > 0;
}

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// What a node says of a room now: its status, ply and serving node.
std::string where_served(const std::vector<int>& ports, const std::string& room) {
  if (ports.empty()) return "no node to ask";
  try {
    auto reply = test_support::http_get(ports[0], "/api/games/" + room);
    auto game = json::parse(reply.body, nullptr, false);
    if (reply.status != 200 || !game.is_object()) return "/api/games: HTTP " + std::to_string(reply.status);
    std::int64_t ply = game["positions"].empty() ? -1 : game["positions"].back().value("ply", std::int64_t{-1});
    return "stored: " + game.value("status", "?") + " at ply " + std::to_string(ply) + ", served by " +
           (game.contains("node") ? game["node"].dump() : "none");
  } catch (const std::exception& e) {
    return e.what();
  }
}

// The end's checks of what is stored: every room on every serving node.
void check_stored(Ledger& ledger, const std::vector<NodeView>& nodes, std::vector<std::string>& failures, long& lost) {
  std::map<std::string, RoomRecord> rooms;
  {
    std::lock_guard lock(ledger.mutex);
    rooms = ledger.rooms;
  }
  for (const auto& [id, r] : rooms) {
    if (r.reason == "timeout")
      failures.push_back("room " + id + " (" + r.kind + ") ended on time, though its players always acted quickly");
    if (r.over && r.status != "finished")
      failures.push_back("room " + id + " (" + r.kind + ") ended " + r.status + " (" + r.final_kind + (r.note.empty() ? "" : ", " + r.note) + ")");
    for (const auto& node : nodes) {
      if (!node.serving) continue;
      std::int64_t stored = -1;
      std::string status;
      try {
        auto reply = test_support::http_get(node.port, "/api/games/" + id);
        auto game = json::parse(reply.body, nullptr, false);
        if (reply.status == 200 && game.is_object()) {
          status = game.value("status", "");
          if (!game["positions"].empty()) stored = game["positions"].back().value("ply", std::int64_t{-1});
        }
      } catch (const std::exception& e) {
        status = e.what();
      }
      if (stored < r.heard_ply) {
        ++lost;
        failures.push_back("room " + id + ": ply " + std::to_string(r.heard_ply) + " was heard, " + node.name + " has " +
                           std::to_string(stored) + " stored (" + status + ")");
      }
      if (r.over && status != r.status)
        failures.push_back("room " + id + ": over as " + r.status + " for its clients, " + status + " on " + node.name);
    }
  }
}

// Every spectators' chat line acknowledged is in the room's stored chat (as
// a spectator reads it now), for up to 20 rooms.
void check_chat(Ledger& ledger, int port, std::vector<std::string>& failures, long& checked) {
  std::vector<std::pair<std::string, std::set<std::string>>> wanted;
  {
    std::lock_guard lock(ledger.mutex);
    for (const auto& [id, r] : ledger.rooms) {
      std::set<std::string> lines;
      for (const auto& text : r.chat_acked)
        if (text.rfind("watcher", 0) == 0) lines.insert(text);
      if (!lines.empty() && wanted.size() < 20) wanted.emplace_back(id, lines);
    }
  }
  for (auto& [room, lines] : wanted) {
    test_support::WsClient ws;
    if (!ws.connect(port)) continue;
    ws.send({{"type", "hello"}, {"protocol", 1}, {"name", "auditor"}});
    ws.send({{"type", "watch"}, {"room", room}});
    auto history = ws.receive_type("chat_history", 10s);
    if (!history) {
      failures.push_back("room " + room + ": no chat_history for a spectator");
      continue;
    }
    for (const auto& m : (*history)["messages"]) lines.erase(m.value("text", ""));
    for (const auto& text : lines) failures.push_back("room " + room + ": the acknowledged chat \"" + text + "\" is not stored");
    ++checked;
  }
}

}  // namespace

int main(int argc, char** argv) {
  Flags f;
  if (!parse(argc, argv, f)) {
    std::fprintf(stderr, "usage: soak [--seconds S (>= 60)] [--seed N] [--report FILE] [--games G] [--spectators K]\n");
    return 2;
  }
  std::printf("soak: seed %llu, %d s (replay: --seed %llu)\n", static_cast<unsigned long long>(f.seed), f.seconds,
              static_cast<unsigned long long>(f.seed));
  std::fflush(stdout);
  if (!std::getenv("GIPF_ARENA_BIN")) setenv("GIPF_ARENA_BIN", GIPF_ARENA_BIN_DEFAULT, 0);
  // The nodes' logs at info (takeovers, leases lost, the bus): what a failure's report needs.
  setenv("GIPF_ARENA_TEST_LOG", "info", 0);
  const char* postgres = std::getenv("GIPF_ARENA_TEST_POSTGRES");
  if (!postgres || !*postgres || !std::getenv("GIPF_ARENA_TEST_POSTGRES_RESTART")) {
    std::fprintf(stderr, "soak: run it under tests/store/with_postgres.sh (GIPF_ARENA_TEST_POSTGRES and _RESTART)\n");
    return 2;
  }
  // SIGTERM (ctest's timeout), SIGINT, SIGHUP: waited for by one thread,
  // which kills the nodes and the nats-server before the soak goes.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  for (int s : {SIGTERM, SIGINT, SIGHUP}) sigaddset(&stop_signals, s);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  char pattern[] = "/tmp/gipf-arena-soak-XXXXXX";
  const std::string log_dir = mkdtemp(pattern);
  const std::string store = test_support::temp_store("soak");

  Ledger ledger;
  std::vector<std::string> failures;
  auto fail = [&](const std::string& what) {
    failures.push_back(what);
    std::fprintf(stderr, "soak: FAILED: %s\n", what.c_str());
  };

  // Every client comes from 127.0.0.1: the per-address bounds and the
  // message rate are lifted. Finished rooms leave memory after 5 s, so that
  // a node's lease rows ever held outgrow the ones it holds (#42, defect 1).
  std::vector<std::string> node_args{"--lease-seconds", std::to_string(kLeaseSeconds), "--claim-after-seconds",
                                     std::to_string(kClaimAfterSeconds), "--keep-closed", "5",
                                     "--max-connections-per-address", "1000000", "--max-new-players-per-address", "1000000",
                                     "--message-rate", "100000", "--message-burst", "100000"};
  Cluster cluster(store, {"soak-a", "soak-b", "soak-c"}, node_args, log_dir);
  boost::asio::io_context io;
  auto work = boost::asio::make_work_guard(io);
  const auto t0 = Clock::now();  // the soak's lines (chaos, frames) are timed from here
  Settings settings{f.games, f.spectators, 2, f.seed, kClaimAfterSeconds, kLeaseSeconds, t0};
  auto live = [&cluster] { return cluster.live_ports(); };
  Bots bots(io, settings, ledger, live);
  Competitions competitions(bots, ledger, live, store, f.seed + 1);
  std::unique_ptr<Chaos> chaos;
  Monitor monitor(cluster, store, [&chaos] { return chaos ? chaos->events() : std::vector<ChaosEvent>{}; });

  std::thread([&cluster, stop_signals, log_dir] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    std::fprintf(stderr, "soak: signal %d: the nodes are killed; their logs are in %s\n", signal, log_dir.c_str());
    cluster.kill_everything();
    std::_Exit(128 + signal);
  }).detach();
  std::string why;
  if (!competitions.make_admin(why) || !cluster.start()) {
    std::fprintf(stderr, "soak: the site did not start (%s); logs in %s\n", why.c_str(), log_dir.c_str());
    return 1;
  }
  for (const auto& node : cluster.nodes()) std::printf("soak: %s on port %d\n", node.name.c_str(), node.port);
  std::thread io_thread([&io] { io.run(); });
  bots.start();
  if (!competitions.setup(why)) fail("the ladder and event: " + why);
  const auto began = Clock::now();
  const auto warmed = began + std::min<std::chrono::seconds>(std::chrono::seconds(f.seconds / 6), 60s);
  chaos = std::make_unique<Chaos>(cluster, f.seed + 2, kLeaseSeconds, std::chrono::seconds(std::min(30, f.seconds / 8)),
                                  [&monitor](std::size_t i) { monitor.scrape_now(i); }, t0);
  chaos->start();

  std::set<std::string> stuck;
  std::mt19937_64 pick(f.seed + 3);
  long sampled = 0, looks = 0;
  // While it runs, now and then: ten rooms' heard ply against a node's stored one.
  auto sample_stored = [&] {
    std::vector<std::pair<std::string, std::int64_t>> heard;
    {
      std::lock_guard lock(ledger.mutex);
      for (const auto& [id, r] : ledger.rooms)
        if (r.heard_ply >= 0) heard.emplace_back(id, r.heard_ply);
    }
    std::shuffle(heard.begin(), heard.end(), pick);
    auto ports = cluster.live_ports();
    for (std::size_t i = 0; i < heard.size() && i < 10 && !ports.empty(); ++i) {
      const auto& [id, ply] = heard[i];
      try {
        auto reply = test_support::http_get(ports[pick() % ports.size()], "/api/games/" + id);
        auto game = json::parse(reply.body, nullptr, false);
        if (reply.status != 200 || !game.is_object()) continue;  // the node or its database away now
        std::int64_t stored = game["positions"].empty() ? -1 : game["positions"].back().value("ply", std::int64_t{-1});
        ++sampled;
        if (stored < ply) fail("room " + id + ": ply " + std::to_string(ply) + " was heard, " + std::to_string(stored) + " is stored");
      } catch (const std::exception&) {
      }
    }
  };
  auto look = [&] {
    monitor.tick();
    competitions.tick();
    if (++looks % 10 == 0) sample_stored();
    std::vector<std::pair<std::string, std::string>> newly;
    {
      std::lock_guard lock(ledger.mutex);
      for (const auto& [id, r] : ledger.rooms)
        if (!r.over && Clock::now() - r.last_progress > kStuck && stuck.insert(id).second) newly.emplace_back(id, r.kind);
    }
    for (const auto& [id, kind] : newly)
      fail("room " + id + " (" + kind + ") is stuck: no event for " + std::to_string(kStuck.count()) + " s; " +
           where_served(cluster.live_ports(), id) + "; its clients:" + bots.describe(id));
  };
  auto progress = [&](const char* phase) {
    std::lock_guard lock(ledger.mutex);
    long over = 0;
    for (const auto& [id, r] : ledger.rooms) over += r.over;
    std::printf("soak: %s %.0f s: %zu games (%ld over), %ld actions acknowledged, %ld reconnects, %zu chaos moves\n", phase,
                seconds_since(began), ledger.rooms.size(), over, ledger.actions_acked, ledger.reconnects,
                chaos->events().size());
    std::fflush(stdout);
  };
  const auto run_end = began + std::chrono::seconds(f.seconds);
  for (auto next_line = began + 30s; Clock::now() < run_end;) {
    look();
    if (Clock::now() >= next_line) progress("running"), next_line += 30s;
    std::this_thread::sleep_for(3s);
  }

  // The end: the chaos stops (the site whole again), no new games, the
  // event pairs no more rounds, and every game plays on to its end.
  chaos->stop();
  const auto ended = Clock::now();
  bots.drain();
  competitions.close();
  auto all_over = [&] {
    std::lock_guard lock(ledger.mutex);
    for (const auto& [id, r] : ledger.rooms)
      if (!r.over) return false;
    return true;
  };
  for (auto deadline = Clock::now() + kEndBound; !all_over() && Clock::now() < deadline;) {
    look();
    std::this_thread::sleep_for(3s);
  }
  progress("ended");
  {
    std::lock_guard lock(ledger.mutex);
    for (const auto& [id, r] : ledger.rooms)
      if (!r.over) failures.push_back("room " + id + " (" + r.kind + ") did not finish within " + std::to_string(kEndBound.count()) + " s of the end");
  }
  std::this_thread::sleep_for(3s);  // the last counters
  monitor.tick();
  bots.stop();
  work.reset();
  io_thread.join();

  // The end's checks.
  auto nodes = cluster.nodes();
  auto events = chaos->events();
  long lost = 0, chat_rooms = 0;
  check_stored(ledger, nodes, failures, lost);
  check_chat(ledger, nodes[0].port, failures, chat_rooms);
  for (const auto& what : chaos->failures()) failures.push_back("chaos: " + what);
  for (const auto& what : monitor.failures()) failures.push_back(what);
  for (const auto& what : ledger.failures) failures.push_back(what);

  std::map<std::string, int> moves;
  for (const auto& e : events) ++moves[name_of(e.kind)];
  if (f.seconds >= 300)
    for (auto kind : {ChaosKind::Kill, ChaosKind::Pause, ChaosKind::NatsRestart, ChaosKind::PostgresRestart, ChaosKind::BusCut})
      if (!moves.count(name_of(kind))) failures.push_back(std::string("chaos: no ") + name_of(kind) + " in the run");

  // What /metrics must have counted.
  const double takeovers = monitor.total(&Sample::takeovers), accepted = monitor.total(&Sample::actions);
  // A pause outlasts the lease, so does a kill whose node stayed down past a
  // lease and a third (a node back sooner finds its own rooms again): the
  // others took rooms over, and counted them.
  int lapsed = 0;
  for (const auto& e : events)
    if (e.kind == ChaosKind::Pause ||
        (e.kind == ChaosKind::Kill && e.ended - e.began > std::chrono::milliseconds(kLeaseSeconds * 4000 / 3 + 1500)))
      ++lapsed;
  if (lapsed > 0 && takeovers < 1)
    failures.push_back("metrics: " + std::to_string(lapsed) + " nodes away past their lease, no lease takeover counted");
  if (takeovers >= 1 && ledger.resumed_events == 0)
    failures.push_back("takeovers counted, but no client heard a `resumed` event");
  // Every action a client saw acknowledged was counted by a node (the
  // computer's too, so at least as many; a kill may take the last few
  // counted after the node's last reading).
  const double slack = 50.0 * (moves["kill"] + 1);
  if (accepted + slack < static_cast<double>(ledger.actions_acked))
    failures.push_back("metrics: actions accepted " + std::to_string(static_cast<long>(accepted)) + " < " +
                       std::to_string(ledger.actions_acked) + " acknowledged to the clients");
  auto samples = monitor.samples();
  for (const auto& node : nodes) {
    // A node that lived through a NATS restart, or its own bus cut, has reconnected since.
    bool should = false;
    for (const auto& e : events)
      if (e.began > node.life_started + 2s && (e.kind == ChaosKind::NatsRestart || (e.kind == ChaosKind::BusCut && e.node == node.name)))
        should = true;
    double reconnects = -1;
    for (const auto& s : samples)
      if (nodes[s.node].name == node.name && s.life == node.life) reconnects = std::max(reconnects, s.nats_reconnects);
    if (should && reconnects < 1)
      failures.push_back("metrics: " + node.name + " lived through a NATS restart or bus cut, gipf_arena_nats_reconnects_total " +
                         std::to_string(reconnects));
  }
  const bool long_run = f.seconds >= 1800;
  auto flats = flatness(monitor, nodes, warmed, ended, long_run ? CostBound{1.2, 1.0} : CostBound{3.0, 10.0});
  {
    // Every sample, for a failure's report (the directory is kept then).
    std::ofstream csv(log_dir + "/samples.csv");
    csv << "seconds,node,process,rss_mib,fds,rooms_owned,leases_renewed,pg_held,pg_ever,renewal_sum,renewal_count,"
           "commit_sum,commit_count,actions,takeovers,nats_reconnects,bus_dropped,disturbed\n";
    for (const auto& s : samples)
      csv << std::chrono::duration<double>(s.at - t0).count() << "," << nodes[s.node].name << "," << s.life << "," << s.rss_mib
          << "," << s.fds << "," << s.rooms_owned << "," << s.leases_renewed << "," << s.pg_held << "," << s.pg_ever << ","
          << s.renewal_sum << "," << s.renewal_count << "," << s.commit_sum << "," << s.commit_count << "," << s.actions << ","
          << s.takeovers << "," << s.nats_reconnects << "," << s.bus_dropped << "," << monitor.disturbed(s.at) << "\n";
  }
  for (const auto& fl : flats)
    if (fl.measured && !fl.ok)
      failures.push_back("not flat: " + fl.what + " " + std::to_string(fl.first) + " in the first third, " + std::to_string(fl.last) + " in the last");

  // The figures.
  json report;
  {
    std::lock_guard lock(ledger.mutex);
    long over = 0, resumed_rooms = 0;
    std::map<std::string, long> kinds;
    for (const auto& [id, r] : ledger.rooms) over += r.over, ++kinds[r.kind], resumed_rooms += r.resumed > 0;
    report = {{"seed", f.seed},
              {"seconds", f.seconds},
              {"actions_acknowledged", ledger.actions_acked},
              {"actions_accepted_metrics", accepted},
              {"games", ledger.rooms.size()},
              {"games_finished", over},
              {"games_by_kind", kinds},
              {"ladder_challenges", competitions.challenges()},
              {"swiss_events", competitions.events()},
              {"chats_acknowledged", ledger.chats_acked},
              {"chat_rooms_checked", chat_rooms},
              {"rooms_sampled_while_running", sampled},
              {"chaos", moves},
              {"takeovers", takeovers},
              {"resumed_events", ledger.resumed_events},
              {"rooms_resumed", resumed_rooms},
              {"client_reconnects", ledger.reconnects},
              {"closes_1012", ledger.closes_1012},
              {"opponent_gone", ledger.opponent_gone},
              {"errors_answered", ledger.errors},
              {"bus_dropped", monitor.total(&Sample::bus_dropped)},
              {"bus_frames_lost", monitor.total(&Sample::bus_frames_lost)},
              {"lost", lost}};
  }
  for (const auto& node : nodes) {
    double rss = 0, fds = 0, held = 0, ever = 0;
    for (const auto& s : samples)
      if (nodes[s.node].name == node.name) {
        rss = std::max(rss, s.rss_mib), fds = std::max(fds, s.fds);
        held = std::max(held, static_cast<double>(s.pg_held));
        ever = std::max(ever, static_cast<double>(s.pg_ever));
      }
    report["nodes"][node.name] = {{"max_rss_mib", rss}, {"max_fds", fds}, {"processes", node.life},
                                  {"max_leases_held", held}, {"lease_rows_ever", ever}};
  }
  for (const auto& fl : flats)
    report["flat"][fl.what] = {{"first_third", fl.first}, {"last_third", fl.last}, {"measured", fl.measured}, {"ok", fl.ok}};
  report["failures"] = failures;
  std::printf("soak: figures\n%s\n", report.dump(2).c_str());
  if (!f.report.empty()) std::ofstream(f.report) << report.dump(2) << "\n";

  if (!failures.empty()) {
    std::fprintf(stderr, "soak: %zu checks FAILED (seed %llu):\n", failures.size(), static_cast<unsigned long long>(f.seed));
    for (const auto& what : failures) std::fprintf(stderr, "  - %s\n", what.c_str());
    std::fprintf(stderr, "soak: the nodes' logs are in %s\n", log_dir.c_str());
    return 1;
  }
  std::filesystem::remove_all(log_dir);
  std::printf("soak: passed (seed %llu)\n", static_cast<unsigned long long>(f.seed));
  return 0;
}
