#include "load_bots.hpp"

#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdio>
#include <deque>
#include <nlohmann/json.hpp>

namespace load {
namespace {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using nlohmann::json;

enum class Role { White, Black, Spectator, Idle };

struct Game;
struct Conn;

struct Shared {
  Shared(net::io_context& io, Settings settings, Stats& stats) : io(io), settings(settings), stats(stats) {}
  net::io_context& io;
  Settings settings;
  Stats& stats;
  std::mt19937_64 rng{7};
  bool stopped = false;
  int idle_to_open = 0, idle_connecting = 0;
  int games_started = 0;
  std::vector<std::weak_ptr<Conn>> conns;  // to close them all at the end
  std::size_t live_hint = 0;               // conns after the last clean-up

  int think_ms() {
    if (settings.think_max_ms <= 0) return 0;
    return std::uniform_int_distribution<int>(settings.think_min_ms, settings.think_max_ms)(rng);
  }
  void open_next_idle();
  void new_game(int spectators, int computer = 0);
  void track(const std::shared_ptr<Conn>& c) {
    if (conns.size() >= 2 * live_hint + 4096) {  // forget the closed ones now and then
      std::erase_if(conns, [](const auto& w) { return w.expired(); });
      live_hint = conns.size();
    }
    conns.push_back(c);
  }
};

// One WebSocket client.
struct Conn : std::enable_shared_from_this<Conn> {
  Conn(Shared& shared, Role role, std::shared_ptr<Game> game, int port)
      : ws(shared.io), shared(shared), role(role), game(std::move(game)), port(port) {}

  void start();
  void send(const json& j) {
    out.push_back(j.dump());
    if (out.size() == 1) do_write();
  }
  void stop() {
    stopped = true;
    beast::error_code ec;
    ws.next_layer().socket().close(ec);
  }

  void on_connect(beast::error_code ec);
  void on_handshake(beast::error_code ec);
  void do_read() {
    ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }
  void on_read(beast::error_code ec);
  void on_message(const json& m);
  void act(const json& legal);
  const char* seat() const { return role == Role::White ? "white" : "black"; }
  void do_write() {
    ws.text(true);
    ws.async_write(net::buffer(out.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("write", ec);
      self->out.pop_front();
      if (!self->out.empty()) self->do_write();
    });
  }
  void fail(const char* what, beast::error_code ec) {
    if (stopped || shared.stopped) return;
    ++shared.stats.errors;
    std::fprintf(stderr, "load-client: %s: %s\n", what, ec.message().c_str());
    if (role == Role::Idle && !welcomed) {
      --shared.idle_connecting;
      shared.open_next_idle();
    }
  }

  websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buffer;
  std::deque<std::string> out;
  Shared& shared;
  Role role;
  std::shared_ptr<Game> game;
  int port;  // the node's
  std::int64_t ply = -1, acted_ply = -1;
  bool stopped = false, welcomed = false;
};

struct Game : std::enable_shared_from_this<Game> {
  Game(Shared& shared, int spectators, int computer, int number)
      : shared(shared), number(number), spectators(spectators), computer(computer) {}
  Shared& shared;
  int number;  // the node of each seat follows from it (Settings::ports)
  int spectators;
  int computer;  // > 0: against the computer of this level (not measured)
  std::string room;
  std::shared_ptr<Conn> white, black;
  std::vector<std::shared_ptr<Conn>> watchers;
  std::int64_t sent_ply = -1;  // the action in flight and when it was sent
  Clock::time_point sent_at;
  bool over = false;

  std::shared_ptr<Conn> connect(Role role) {
    const auto& ports = shared.settings.ports;
    int offset = role == Role::White ? 0 : role == Role::Black ? 1 : 2;
    int port = ports[static_cast<std::size_t>(number + offset) % ports.size()];
    auto c = std::make_shared<Conn>(shared, role, shared_from_this(), port);
    shared.track(c);
    c->start();
    return c;
  }
  void start() { white = connect(Role::White); }
  void room_created(const std::string& id) {
    room = id;
    if (computer) return;  // the computer sits down at once
    black = connect(Role::Black);
    for (int i = 0; i < spectators; ++i) watchers.push_back(connect(Role::Spectator));
  }
  void finished() {
    if (over) return;
    over = true;
    ++shared.stats.games_finished;
    white->stop();
    if (black) black->stop();
    for (auto& w : watchers) w->stop();
    white.reset();  // break the cycles Game <-> Conn
    black.reset();
    watchers.clear();
    if (!shared.stopped) shared.new_game(spectators, computer);  // keep N games going
  }
};

void Shared::new_game(int spectators, int computer) {
  std::make_shared<Game>(*this, spectators, computer, games_started++)->start();
}

void Shared::open_next_idle() {
  while (!stopped && idle_to_open > 0 && idle_connecting < 256) {  // a bounded number of handshakes at once
    --idle_to_open;
    ++idle_connecting;
    auto c = std::make_shared<Conn>(*this, Role::Idle, nullptr, settings.ports[static_cast<std::size_t>(idle_to_open) % settings.ports.size()]);
    track(c);
    c->start();
  }
}

void Conn::start() {
  ws.next_layer().async_connect(
      net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)),
      [self = shared_from_this()](beast::error_code ec) { self->on_connect(ec); });
}

void Conn::on_connect(beast::error_code ec) {
  if (ec) return fail("connect", ec);
  ws.next_layer().socket().set_option(net::ip::tcp::no_delay(true), ec);  // small frames go out at once
  ws.async_handshake("127.0.0.1:" + std::to_string(port), "/ws",
                     [self = shared_from_this()](beast::error_code ec) { self->on_handshake(ec); });
}

void Conn::on_handshake(beast::error_code ec) {
  if (ec) return fail("handshake", ec);
  do_read();
  send({{"type", "hello"}, {"protocol", 1}, {"name", role == Role::Spectator || role == Role::Idle ? "watcher" : "bot"}});
}

void Conn::on_read(beast::error_code ec) {
  if (ec) return fail("read", ec);
  std::size_t bytes = buffer.size();
  Stats& stats = shared.stats;
  if (stats.measuring) (role == Role::Spectator ? stats.spectator_bytes : stats.player_bytes) += bytes;
  // A spectator reads and counts, but need not understand (keeps the client's CPU for the players).
  if (role != Role::Spectator || !welcomed) {
    json m = json::parse(beast::buffers_to_string(buffer.data()));
    if (stats.measuring) {
      const std::string& type = m["type"].get_ref<const std::string&>();
      if (type == "legal") stats.legal_bytes += bytes, ++stats.legal_frames;
      if (type == "event") stats.event_bytes += bytes, ++stats.event_frames;
    }
    on_message(m);
  }
  buffer.consume(buffer.size());
  if (!stopped) do_read();
}

void Conn::on_message(const json& m) {
  const std::string& type = m["type"].get_ref<const std::string&>();
  Stats& stats = shared.stats;
  if (type == "welcome") {
    welcomed = true;
    ++stats.welcomed;
    if (role == Role::White) {
      static const std::pair<const char*, const char*> kVariants[] = {
          {"gipf", "basic"}, {"gipf", "standard"}, {"gipf", "tournament"}, {"yinsh", "normal"}, {"yinsh", "blitz"}};
      auto [name, variant] = kVariants[shared.rng() % 5];
      json create{{"type", "create_room"}, {"game", name}, {"variant", variant}, {"color", "white"}};
      if (game->computer) create["bot"] = game->computer;
      send(create);
    } else if (role == Role::Black) {
      send({{"type", "join_room"}, {"room", game->room}});
    } else if (role == Role::Spectator) {
      send({{"type", "watch"}, {"room", game->room}});
    } else {
      --shared.idle_connecting;
      shared.open_next_idle();
    }
  } else if (type == "error") {
    ++stats.errors;
    std::fprintf(stderr, "load-client: %s\n", m.dump().c_str());
  } else if (type == "room_created") {
    game->room_created(m["room"]);
  } else if (type == "room") {
    ply = m["ply"];
  } else if (type == "event") {
    ply = m["ply"];
    if (!game->computer) {
      auto& heard = stats.heard_ply[game->room];
      heard = std::max(heard, ply);
    }
    if (!game->computer && m["kind"] == "action" && m["by"] != seat() && m["steps"][0]["ply"] == game->sent_ply) {
      if (stats.measuring) {  // the opponent of the actor has it
        double ms = std::chrono::duration<double, std::milli>(Clock::now() - game->sent_at).count();
        stats.latencies_ms.push_back(ms);
        (role == Role::Black ? stats.owner_latencies_ms : stats.forwarded_latencies_ms).push_back(ms);
      }
      game->sent_ply = -1;
    }
    if (!m["result"].is_null() && role == Role::White) game->finished();
  } else if (type == "legal" && m["player"] == seat() && m["ply"] == ply && ply != acted_ply) {
    acted_ply = ply;
    act(m);
  }
}

void Conn::act(const json& legal) {
  json message;
  if (shared.settings.resign_at_ply > 0 && ply >= shared.settings.resign_at_ply) {
    message = {{"type", "resign"}, {"room", game->room}};
  } else {
    const auto& actions = legal["actions"];
    message = {{"type", "action"}, {"room", game->room}, {"ply", ply}, {"action", actions[shared.rng() % actions.size()]}};
  }
  auto go = [self = shared_from_this(), message = std::move(message), ply = ply] {
    if (self->stopped) return;
    Stats& stats = self->shared.stats;
    if (message["type"] == "action") {
      self->game->sent_ply = ply;
      self->game->sent_at = Clock::now();
      if (stats.measuring && !self->game->computer) {
        ++stats.actions;
        stats.spectator_views += static_cast<long>(self->game->watchers.size());
      }
    }
    self->send(message);
  };
  int think = game->computer ? 0 : shared.think_ms();
  if (think == 0) return go();
  // A player who thinks: the load is offered, not as much as the machine takes (open loop).
  auto timer = std::make_shared<net::steady_timer>(ws.get_executor(), std::chrono::milliseconds(think));
  timer->async_wait([timer, go](beast::error_code) { go(); });
}

}  // namespace

struct Bots::Impl {
  Shared shared;
};

Bots::Bots(net::io_context& io, Settings settings, Stats& stats) : impl_(new Impl{{io, settings, stats}}) {}

Bots::~Bots() = default;

void Bots::start_games(int games, int spectators) {
  for (int g = 0; g < games; ++g) impl_->shared.new_game(spectators / games + (g < spectators % games ? 1 : 0));
}

void Bots::start_computer_games(int games) {
  for (int g = 0; g < games; ++g) impl_->shared.new_game(0, impl_->shared.settings.computer_level);
}

void Bots::open_idle(int count) {
  impl_->shared.idle_to_open += count;
  impl_->shared.open_next_idle();
}

void Bots::stop() {
  impl_->shared.stopped = true;
  for (auto& weak : impl_->shared.conns)
    if (auto c = weak.lock()) c->stop();
  impl_->shared.conns.clear();
}

double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(p * static_cast<double>(sorted.size())))];
}

}  // namespace load
