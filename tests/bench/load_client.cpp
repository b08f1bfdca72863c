// Load benchmark, run by hand (not part of the tests):
//   build/tests/bench/load-client [--games N] [--spectators M] [--seconds S] [--think-ms T]
// Starts gipf-arena on a free loopback port with a fresh database, keeps N games
// of random players going (a finished game is replaced by a new one; a player
// acts at once, or T ms after its turn came, to offer a fixed load) with M
// spectators spread over them, and reports actions per second, the latency from
// sending an action to the opponent receiving its event (p50, p99, max) and the
// server's peak memory (VmHWM).
#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "server/server_process.hpp"

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Stats {
  long actions = 0;
  long errors = 0;
  long games_finished = 0;
  std::vector<double> latencies_ms;
  bool measuring = false;
};

struct Game;

int g_think_ms = 0;  // --think-ms: how long a bot waits before it acts

// One WebSocket client: a player (seat "white"/"black") or a spectator ("").
class Conn : public std::enable_shared_from_this<Conn> {
 public:
  Conn(net::io_context& io, int port, std::string seat, std::shared_ptr<Game> game, Stats& stats, std::mt19937_64& rng)
      : ws_(io),  // one thread: no strand needed
         port_(port), seat_(std::move(seat)), game_(std::move(game)), stats_(stats), rng_(rng) {}

  void start() {
    ws_.next_layer().async_connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port_)),
                                   [self = shared_from_this()](beast::error_code ec) { self->on_connect(ec); });
  }
  void send(const json& j) {
    out_.push_back(j.dump());
    if (out_.size() == 1) do_write();
  }
  void stop() {
    stopped_ = true;
    beast::error_code ec;
    ws_.next_layer().socket().close(ec);
  }

 private:
  void on_connect(beast::error_code ec) {
    if (ec) return fail("connect", ec);
    ws_.async_handshake("127.0.0.1:" + std::to_string(port_), "/ws",
                        [self = shared_from_this()](beast::error_code ec) { self->on_handshake(ec); });
  }
  void on_handshake(beast::error_code ec);
  void do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }
  void on_read(beast::error_code ec);
  void do_write() {
    ws_.text(true);
    ws_.async_write(net::buffer(out_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("write", ec);
      self->out_.pop_front();
      if (!self->out_.empty()) self->do_write();
    });
  }
  void fail(const char* what, beast::error_code ec) {
    if (stopped_) return;
    ++stats_.errors;
    std::fprintf(stderr, "load-client: %s: %s\n", what, ec.message().c_str());
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> out_;
  int port_;
  std::string seat_;
  std::shared_ptr<Game> game_;
  Stats& stats_;
  std::mt19937_64& rng_;
  std::int64_t acted_ply_ = -1;
  std::int64_t ply_ = -1;
  bool stopped_ = false;

  friend struct Game;
};

struct Game : std::enable_shared_from_this<Game> {
  net::io_context& io;
  int port;
  int spectators;
  Stats& stats;
  std::mt19937_64& rng;
  std::string room;
  std::shared_ptr<Conn> white, black;
  std::vector<std::shared_ptr<Conn>> watchers;
  std::int64_t sent_ply = -1;  // the action in flight and when it was sent
  Clock::time_point sent_at;
  bool over = false;

  Game(net::io_context& io, int port, int spectators, Stats& stats, std::mt19937_64& rng)
      : io(io), port(port), spectators(spectators), stats(stats), rng(rng) {}

  void start() {
    white = std::make_shared<Conn>(io, port, "white", shared_from_this(), stats, rng);
    white->start();
  }
  void room_created(const std::string& id) {
    room = id;
    black = std::make_shared<Conn>(io, port, "black", shared_from_this(), stats, rng);
    black->start();
    for (int i = 0; i < spectators; ++i) {
      watchers.push_back(std::make_shared<Conn>(io, port, "", shared_from_this(), stats, rng));
      watchers.back()->start();
    }
  }
  void finished() {
    if (over) return;
    over = true;
    ++stats.games_finished;
    white->stop();
    black->stop();
    for (auto& w : watchers) w->stop();
    auto next = std::make_shared<Game>(io, port, spectators, stats, rng);  // keep N games going
    next->start();
  }
};

void Conn::on_handshake(beast::error_code ec) {
  if (ec) return fail("handshake", ec);
  do_read();
  send({{"type", "hello"}, {"protocol", 1}, {"name", seat_.empty() ? "watcher" : "bot"}});
}

void Conn::on_read(beast::error_code ec) {
  if (ec) return fail("read", ec);
  json m = json::parse(beast::buffers_to_string(buffer_.data()));
  buffer_.consume(buffer_.size());
  std::string type = m["type"];
  if (type == "welcome") {
    if (seat_ == "white") {
      static const std::pair<const char*, const char*> kVariants[] = {
          {"gipf", "basic"}, {"gipf", "standard"}, {"gipf", "tournament"}, {"yinsh", "normal"}, {"yinsh", "blitz"}};
      auto [game, variant] = kVariants[rng_() % 5];
      send({{"type", "create_room"}, {"game", game}, {"variant", variant}, {"color", "white"}});
    } else if (seat_ == "black") {
      send({{"type", "join_room"}, {"room", game_->room}});
    } else {
      send({{"type", "watch"}, {"room", game_->room}});
    }
  } else if (type == "error") {
    ++stats_.errors;
    std::fprintf(stderr, "load-client: %s\n", m.dump().c_str());
  } else if (type == "room_created") {
    game_->room_created(m["room"]);
  } else if (type == "room") {
    ply_ = m["ply"];
  } else if (type == "event") {
    ply_ = m["ply"];
    if (m["kind"] == "action" && !seat_.empty() && m["by"] != seat_ && m["steps"][0]["ply"] == game_->sent_ply) {
      // the opponent of the actor received it
      if (stats_.measuring)
        stats_.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - game_->sent_at).count());
      game_->sent_ply = -1;
    }
    if (!m["result"].is_null() && seat_ == "white") game_->finished();
  } else if (type == "legal" && m["player"] == seat_ && m["ply"] == ply_ && ply_ != acted_ply_) {
    acted_ply_ = ply_;
    auto& actions = m["actions"];
    json action{{"type", "action"}, {"room", game_->room}, {"ply", ply_}, {"action", actions[rng_() % actions.size()]}};
    auto act = [self = shared_from_this(), action = std::move(action), ply = ply_] {
      if (self->stopped_) return;
      self->game_->sent_ply = ply;
      self->game_->sent_at = Clock::now();
      if (self->stats_.measuring) ++self->stats_.actions;
      self->send(action);
    };
    if (g_think_ms <= 0) {
      act();
    } else {  // a player who thinks: the load is offered, not as much as the machine takes
      auto timer = std::make_shared<net::steady_timer>(ws_.get_executor(), std::chrono::milliseconds(g_think_ms));
      timer->async_wait([timer, act](beast::error_code) { act(); });
    }
  }
  if (!stopped_) do_read();
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * v.size()))];
}

}  // namespace

int main(int argc, char** argv) {
  int games = 100, spectators = 50, seconds = 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    int value = std::atoi(argv[i + 1]);
    if (flag == "--games") games = value;
    else if (flag == "--spectators") spectators = value;
    else if (flag == "--seconds") seconds = value;
    else if (flag == "--think-ms") g_think_ms = value;
  }
  if (!std::getenv("GIPF_ARENA_BIN")) setenv("GIPF_ARENA_BIN", GIPF_ARENA_BIN_DEFAULT, 0);
  // Every bot connects from 127.0.0.1: lift the per-address bounds, and the
  // message rate (the bots act as fast as they may).
  test_support::ServerProcess server(test_support::temp_path("load.db"),
                                     {"--max-connections-per-address", "1000000", "--max-new-players-per-address", "1000000",
                                      "--message-rate", "0"});
  if (!server.start()) {
    std::fprintf(stderr, "load-client: the server did not start\n");
    return 1;
  }
  net::io_context io;
  Stats stats;
  std::mt19937_64 rng(7);
  std::vector<std::shared_ptr<Game>> slots;
  for (int g = 0; g < games; ++g) {
    int watchers = spectators / games + (g < spectators % games ? 1 : 0);
    slots.push_back(std::make_shared<Game>(io, server.port(), watchers, stats, rng));
    slots.back()->start();
  }
  io.run_for(std::chrono::seconds(3));  // warm-up: connections, players, rooms
  stats.measuring = true;
  double cpu0 = server.cpu_seconds();
  auto t0 = Clock::now();
  io.run_for(std::chrono::seconds(seconds));
  double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  stats.measuring = false;
  double cpu = server.cpu_seconds() - cpu0;
  long peak = server.peak_memory_kib();
  std::printf("games %d, spectators %d, think %d ms, %0.1f s measured\n", games, spectators, g_think_ms, elapsed);
  std::printf("actions/s %.0f   (%ld actions, %ld games finished, %ld errors)\n", stats.actions / elapsed, stats.actions,
              stats.games_finished, stats.errors);
  std::printf("latency ms  p50 %.2f  p99 %.2f  max %.2f   (%zu samples)\n", percentile(stats.latencies_ms, 0.5),
              percentile(stats.latencies_ms, 0.99), stats.latencies_ms.empty() ? 0.0 : percentile(stats.latencies_ms, 1.0),
              stats.latencies_ms.size());
  std::printf("server CPU %.2f s = %.0f us per action (%.2f cores)\n", cpu, stats.actions ? 1e6 * cpu / stats.actions : 0.0,
              cpu / elapsed);
  std::printf("server peak memory %.1f MiB\n", peak / 1024.0);
  server.kill_hard();
  return 0;
}
