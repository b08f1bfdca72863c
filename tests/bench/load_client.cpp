// Load benchmark, run by hand (not part of the tests). It starts gipf-arena on a
// free loopback port with a fresh database and measures it:
//
//   load-client [--games N] [--spectators M | --spectators-per-game K]
//               [--seconds S] [--think-ms T | --think-ms A-B]
//               [--idle C] [--finish F [--resign-at P]] [--threads T]
//               [--computer-games G [--computer-level L] [--bot-threads B]]
//               [--nodes K] [--verify 1]
//
// N games of random players (a finished game is replaced by a new one) with M
// spectators spread over them. A player acts at once (closed loop: as much load
// as the machine takes), or T ms (uniformly A–B ms) after its turn came (open
// loop: a fixed offered load). --idle first opens C connections that only say
// hello, and reports the server's memory per connection. --finish then keeps
// the games going until F have finished (with --resign-at P a player resigns
// once its game has P plies) and compares the server's memory before and after,
// once the finished rooms have left memory. Measures after a 3 s warm-up:
// actions/s, the latency from sending an action to the opponent receiving its
// event (p50/p90/p99/max), server and load-client CPU per action, bytes received
// per action by the players and by each spectator, and server memory.
// --computer-games keeps G games against the computer of level L (default 6)
// going beside the measured ones, the server thinking on B worker threads
// (default 1): the measured latency is then the human games' under that load.
// --nodes K starts K servers that share one site (#30) on the PostgreSQL and
// NATS servers named by GIPF_ARENA_TEST_POSTGRES and GIPF_ARENA_TEST_NATS (run
// it under tests/store/with_postgres.sh and tests/cluster/with_nats.sh): each
// game's white on one node, black on the next, its spectators on the one
// after; the latency is then also given by the actor, on the game's node or
// forwarded from another. CPU and memory are the nodes' together.
// --verify 1 then checks, through /api/games/ID on another node than the one
// serving each game, that every action a player heard of is stored, and exits
// 1 if one is missing or the server answered any error (ctest's cluster-load).
#include <sys/resource.h>

#include <boost/asio/io_context.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "load_bots.hpp"
#include "server/server_process.hpp"
#include "server/ws_client.hpp"

namespace {

double own_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double mib(long kib) { return static_cast<double>(kib) / 1024.0; }

struct Flags {
  int games = 100, spectators = 50, seconds = 20, idle = 0, finish = 0, resign_at = 0, threads = 2;
  int think_min = 0, think_max = 0;
  int computer_games = 0, computer_level = 6, bot_threads = 1;
  int nodes = 0;  // 0: one server on SQLite; K: K nodes of one site
  bool verify = false;
};

// The rooms whose stored record lacks a ply a player heard of, asked of the
// node after the one serving each (the games' creators are spread in order).
long missing_actions(const load::Stats& stats, const std::vector<int>& ports) {
  long missing = 0;
  std::size_t asked = 1;
  for (const auto& [room, ply] : stats.heard_ply) {
    auto reply = test_support::http_get(ports[asked++ % ports.size()], "/api/games/" + room);
    std::int64_t stored = -1;
    if (reply.status == 200) {
      auto game = nlohmann::json::parse(reply.body, nullptr, false);
      if (!game.is_discarded() && !game["positions"].empty()) stored = game["positions"].back().value("ply", -1);
    }
    if (stored < ply) {
      ++missing;
      std::fprintf(stderr, "load-client: room %s: heard ply %lld, stored %lld (HTTP %d)\n", room.c_str(),
                   static_cast<long long>(ply), static_cast<long long>(stored), reply.status);
    }
  }
  return missing;
}

bool parse(int argc, char** argv, Flags& f) {
  int per_game = -1;
  for (int i = 1; i < argc; i += 2) {
    std::string flag = argv[i];
    if (i + 1 >= argc) return false;
    std::string value = argv[i + 1];
    int n = std::atoi(value.c_str());
    if (flag == "--games") f.games = n;
    else if (flag == "--spectators") f.spectators = n;
    else if (flag == "--spectators-per-game") per_game = n;
    else if (flag == "--seconds") f.seconds = n;
    else if (flag == "--idle") f.idle = n;
    else if (flag == "--finish") f.finish = n;
    else if (flag == "--resign-at") f.resign_at = n;
    else if (flag == "--threads") f.threads = n;
    else if (flag == "--computer-games") f.computer_games = n;
    else if (flag == "--computer-level") f.computer_level = n;
    else if (flag == "--bot-threads") f.bot_threads = n;
    else if (flag == "--nodes") f.nodes = n;
    else if (flag == "--verify") f.verify = n != 0;
    else if (flag == "--think-ms") {
      auto dash = value.find('-');
      f.think_min = n;
      f.think_max = dash == std::string::npos ? n : std::atoi(value.c_str() + dash + 1);
    } else {
      return false;
    }
  }
  if (per_game >= 0) f.spectators = per_game * f.games;
  return f.games > 0 && f.seconds > 0 && f.think_min <= f.think_max && f.nodes >= 0 && f.nodes <= 16;
}

}  // namespace

int main(int argc, char** argv) {
  Flags f;
  if (!parse(argc, argv, f)) {
    std::fprintf(stderr, "usage: load-client [--games N] [--spectators M | --spectators-per-game K] [--seconds S]\n"
                         "       [--think-ms T | A-B] [--idle C] [--finish F [--resign-at P]] [--threads T]\n"
                         "       [--computer-games G [--computer-level L] [--bot-threads B]] [--nodes K] [--verify 1]\n");
    return 2;
  }
  if (!std::getenv("GIPF_ARENA_BIN")) setenv("GIPF_ARENA_BIN", GIPF_ARENA_BIN_DEFAULT, 0);
  // Every bot connects from 127.0.0.1: lift the per-address bounds and the
  // message rate (the bots act as fast as they may; a rate of 0 would mean no
  // refill at all). Finished rooms leave
  // memory after a second, so that --finish sees them go.
  std::vector<std::string> args{"--max-connections-per-address", "1000000", "--max-new-players-per-address", "1000000",
                                "--message-rate", "100000", "--message-burst", "100000", "--threads", std::to_string(f.threads),
                                "--bot-threads", std::to_string(f.bot_threads)};
  if (f.finish > 0) args.insert(args.end(), {"--keep-closed", "1"});
  std::vector<std::unique_ptr<test_support::ServerProcess>> servers;
  if (f.nodes == 0) {
    servers.push_back(std::make_unique<test_support::ServerProcess>(test_support::temp_path("load.db"), args));
  } else {
    const char* postgres = std::getenv("GIPF_ARENA_TEST_POSTGRES");
    const char* nats = std::getenv("GIPF_ARENA_TEST_NATS");
    if (!postgres || !nats) {
      std::fprintf(stderr, "load-client: --nodes needs GIPF_ARENA_TEST_POSTGRES and GIPF_ARENA_TEST_NATS (see the top of load_client.cpp)\n");
      return 2;
    }
    std::string store = test_support::temp_store("load");
    for (int i = 0; i < f.nodes; ++i) {
      auto node_args = args;
      node_args.insert(node_args.end(), {"--bus", nats, "--node-id", "load-" + std::to_string(i)});
      servers.push_back(std::make_unique<test_support::ServerProcess>(store, node_args));
    }
  }
  std::vector<int> ports;
  for (auto& server : servers) {
    server->limit_files(f.idle + 3 * f.games + f.spectators + 1024);
    if (!server->start()) {
      std::fprintf(stderr, "load-client: a server did not start\n");
      return 1;
    }
    ports.push_back(server->port());
  }
  auto sum = [&](auto of) {
    double total = 0;
    for (auto& server : servers) total += static_cast<double>(of(*server));
    return total;
  };
  struct Together {  // the nodes as one server, for what is measured below
    decltype(sum)& of;
    long memory_kib() const { return static_cast<long>(of([](auto& s) { return s.memory_kib(); })); }
    long peak_memory_kib() const { return static_cast<long>(of([](auto& s) { return s.peak_memory_kib(); })); }
    double cpu_seconds() const { return of([](auto& s) { return s.cpu_seconds(); }); }
  } server{sum};
  boost::asio::io_context io;
  load::Stats stats;
  load::Settings settings{ports, f.think_min, f.think_max, f.resign_at, f.computer_level};
  load::Bots bots(io, settings, stats);

  long rss_start = server.memory_kib();
  if (f.idle > 0) {
    bots.open_idle(f.idle);
    auto deadline = load::Clock::now() + std::chrono::minutes(5);
    while (stats.welcomed < f.idle && load::Clock::now() < deadline) io.run_for(std::chrono::milliseconds(200));
    io.run_for(std::chrono::seconds(1));  // let the server settle
    long rss_idle = server.memory_kib();
    std::printf("idle connections %ld of %d held: server memory %.1f -> %.1f MiB = %.1f KB per connection\n",
                stats.welcomed, f.idle, mib(rss_start), mib(rss_idle),
                static_cast<double>(rss_idle - rss_start) * 1.024 / static_cast<double>(std::max(1L, stats.welcomed)));
  }

  bots.start_computer_games(f.computer_games);
  bots.start_games(f.games, f.spectators);
  io.run_for(std::chrono::seconds(3));  // warm-up: connections, players, rooms
  long rss_before = server.memory_kib();
  stats.measuring = true;
  double cpu0 = server.cpu_seconds(), own0 = own_cpu_seconds();
  auto t0 = load::Clock::now();
  io.run_for(std::chrono::seconds(f.seconds));
  double elapsed = std::chrono::duration<double>(load::Clock::now() - t0).count();
  stats.measuring = false;
  double cpu = server.cpu_seconds() - cpu0, own = own_cpu_seconds() - own0;
  double actions = static_cast<double>(std::max(1L, stats.actions));

  std::sort(stats.latencies_ms.begin(), stats.latencies_ms.end());
  std::printf("games %d, spectators %d, think %d-%d ms, server threads %d, %s, %.1f s measured\n", f.games, f.spectators,
              f.think_min, f.think_max, f.threads,
              f.nodes ? (std::to_string(f.nodes) + " node(s) on PostgreSQL + NATS").c_str() : "one server on SQLite", elapsed);
  if (f.computer_games > 0)
    std::printf("beside them: %d games against the computer level %d, %d bot thread(s)\n", f.computer_games,
                f.computer_level, f.bot_threads);
  std::printf("actions/s %.0f   (%ld actions, %ld games finished, %ld errors)\n", stats.actions / elapsed, stats.actions,
              stats.games_finished, stats.errors);
  std::printf("latency ms  p50 %.2f  p90 %.2f  p99 %.2f  max %.2f   (%zu samples)\n",
              load::percentile(stats.latencies_ms, 0.5), load::percentile(stats.latencies_ms, 0.9),
              load::percentile(stats.latencies_ms, 0.99), load::percentile(stats.latencies_ms, 1.0),
              stats.latencies_ms.size());
  if (f.nodes > 1) {
    for (auto* split : {&stats.owner_latencies_ms, &stats.forwarded_latencies_ms}) {
      std::sort(split->begin(), split->end());
      std::printf("  %s  p50 %.2f  p99 %.2f   (%zu samples)\n",
                  split == &stats.owner_latencies_ms ? "actor on the game's node " : "actor on another node   ",
                  load::percentile(*split, 0.5), load::percentile(*split, 0.99), split->size());
    }
  }
  std::printf("server CPU %.2f s = %.0f us per action (%.2f cores); load client %.0f us per action (%.2f cores)\n", cpu,
              1e6 * cpu / actions, cpu / elapsed, 1e6 * own / actions, own / elapsed);
  std::printf("bytes per action: %.0f to the two players, %.0f to each spectator   (legal %.0f B, event %.0f B on average)\n",
              static_cast<double>(stats.player_bytes) / actions,
              stats.spectator_views ? static_cast<double>(stats.spectator_bytes) / static_cast<double>(stats.spectator_views) : 0.0,
              stats.legal_frames ? static_cast<double>(stats.legal_bytes) / static_cast<double>(stats.legal_frames) : 0.0,
              stats.event_frames ? static_cast<double>(stats.event_bytes) / static_cast<double>(stats.event_frames) : 0.0);
  std::printf("server memory %.1f MiB now, %.1f MiB peak\n", mib(server.memory_kib()), mib(server.peak_memory_kib()));

  if (f.finish > 0) {
    auto deadline = load::Clock::now() + std::chrono::minutes(30);
    while (stats.games_finished < f.finish && load::Clock::now() < deadline) io.run_for(std::chrono::milliseconds(500));
    io.run_for(std::chrono::seconds(3));  // the finished rooms leave memory (--keep-closed 1)
    long rss_after = server.memory_kib();
    std::printf("finished games %ld: server memory %.1f MiB before, %.1f MiB after (x%.2f), %.1f MiB peak\n",
                stats.games_finished, mib(rss_before), mib(rss_after),
                static_cast<double>(rss_after) / static_cast<double>(rss_before), mib(server.peak_memory_kib()));
  }
  bots.stop();
  int status = 0;
  if (f.verify) {
    long missing = missing_actions(stats, ports);
    std::printf("verified: %zu rooms, %ld with a heard action not stored, %ld errors\n", stats.heard_ply.size(), missing,
                stats.errors);
    if (missing > 0 || stats.errors > 0 || stats.heard_ply.empty()) status = 1;
  }
  for (auto& s : servers) s->kill_hard();
  return status;
}
