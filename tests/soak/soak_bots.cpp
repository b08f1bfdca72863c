#include "soak_bots.hpp"

#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdio>
#include <deque>
#include <future>
#include <nlohmann/json.hpp>
#include <random>

namespace soak {
namespace {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using nlohmann::json;
using namespace std::chrono_literals;

// A client gives up after this many failed connections in a row (about four
// minutes of the growing delay): no node took it back, which the soak reports.
constexpr int kMaxAttempts = 60;
// A room that told a client nothing for this long is entered again (a lost
// frame, a room moved while the client looked elsewhere): harmless if it was
// only quiet, as join_room and watch answer with a snapshot.
constexpr auto kQuietRoom = 20s;

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

bool is_final(const json& m) {
  const std::string status = m.value("status", "");
  return status == "finished" || status == "cancelled" || (m.contains("result") && !m["result"].is_null());
}

struct Game;

// A room as one client is in it.
struct Seat {
  std::string seat;  // white, black, spectator; "" until the snapshot says (an account's pairing)
  bool watching = false;
  std::int64_t last_seq = 0, ply = -1, acted_ply = -1;
  bool over = false;
  Clock::time_point last_heard = Clock::now();
};

struct Conn;

}  // namespace

struct Bots::Impl : std::enable_shared_from_this<Bots::Impl> {
  Impl(net::io_context& io, Settings settings, Ledger& ledger, std::function<std::vector<int>()> live_ports)
      : io(io), settings(settings), ledger(ledger), live_ports(std::move(live_ports)), rng(settings.seed) {}
  net::io_context& io;
  Settings settings;
  Ledger& ledger;
  std::function<std::vector<int>()> live_ports;
  std::mt19937_64 rng;
  bool draining = false, stopped = false;
  int games_started = 0;
  std::vector<std::shared_ptr<Game>> games;
  std::map<std::string, std::shared_ptr<Conn>> accounts;

  int between(int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng); }
  int any_port() {
    auto ports = live_ports();
    return ports.empty() ? 0 : ports[rng() % ports.size()];
  }
  void new_game(bool computer, int spectators);
  void record(const std::string& room, const std::string& kind) {
    std::lock_guard lock(ledger.mutex);
    auto [it, fresh] = ledger.rooms.try_emplace(room);
    if (fresh) {
      it->second.kind = kind;
      it->second.opened = it->second.last_progress = Clock::now();
    }
  }
};

namespace {

using Shared = Bots::Impl;

// One client: a WebSocket that comes back after every close, with its rooms.
struct Conn : std::enable_shared_from_this<Conn> {
  Conn(Shared& shared, std::string name) : shared(shared), name(std::move(name)), retry(shared.io), watchdog(shared.io) {}

  Shared& shared;
  std::string name, token, cookie;  // a guest's token (from its first welcome), an account's cookie
  std::weak_ptr<Game> game;         // a guest game's client; none for an account
  bool creator = false;             // opens the game's room (its white)
  int think_min = 30, think_max = 300;
  int resign_at = 0;                // > 0: resigns when the game has this many plies
  int first_port = 0;               // the first connection's node; later ones: any live node
  int port = 0;                     // the node of the connection now
  std::map<std::string, Seat> rooms;
  std::unique_ptr<websocket::stream<beast::tcp_stream>> ws;
  beast::flat_buffer buffer;
  std::deque<std::string> out;
  bool writing = false;
  int generation = 0;  // of ws: a callback of an older stream does nothing
  bool open = false, stopped = false, welcomed_once = false;
  int attempts = 0;  // failed connections in a row
  long chats = 0;
  std::map<std::string, std::pair<std::string, std::string>> chat_in_flight;  // id -> room, text
  net::steady_timer retry, watchdog;

  void connect();
  void on_frame(const json& m);
  void on_welcome(const json& m);
  // Into a room again (PROTOCOL.md, Reconnecting): a resync from the last
  // event heard, whose answer brings the missed events (a `resumed` among
  // them) and the legal list; the first time, join_room or watch.
  void enter(const std::string& room, Seat& s) {
    s.acted_ply = -1;
    s.last_heard = Clock::now();
    if (s.last_seq > 0 && !s.seat.empty()) send({{"type", "resync"}, {"room", room}, {"since", s.last_seq}});
    else send({{"type", s.watching ? "watch" : "join_room"}, {"room", room}});
  }
  void act(const std::string& room, const json& legal);
  void chat(const std::string& room) {
    std::string id = "c" + std::to_string(++chats);
    std::string text = name + " says " + std::to_string(chats);
    chat_in_flight[id] = {room, text};
    send({{"type", "chat"}, {"room", room}, {"text", text}, {"id", id}});
  }
  void final(const std::string& room, Seat& s, const json& m);
  void heard(const std::string& room, std::int64_t ply, bool progress);

  // The last frames either way, for the report of a room that went wrong.
  std::deque<std::string> recent;
  void remember(const char* way, const std::string& text) {
    char at[32];
    std::snprintf(at, sizeof at, "%.3f", std::chrono::duration<double>(Clock::now() - shared.settings.t0).count());
    recent.push_back(at + std::string(way) + " " + text.substr(0, 240));
    if (recent.size() > 40) recent.pop_front();
  }
  std::string describe(const std::string& room) {
    const Seat& s = rooms[room];
    std::string text = name + (open ? " connected" : " not connected") + " to " + std::to_string(port) + ", seat " + s.seat +
                       ", ply " + std::to_string(s.ply) + ", acted " + std::to_string(s.acted_ply) + ", seq " +
                       std::to_string(s.last_seq) + (s.over ? ", over" : "") + ", failed connections " + std::to_string(attempts) +
                       ", last frames:";
    for (const auto& line : recent) text += "\n      " + line;
    return text;
  }
  void send(const json& j) {
    if (!open) return;  // sent again once back: every room is entered again then
    out.push_back(j.dump());
    remember(" >", out.back());
    if (!writing) do_write();
  }
  void do_write() {
    writing = true;
    ws->text(true);
    ws->async_write(net::buffer(out.front()), [self = shared_from_this(), gen = generation](beast::error_code ec, std::size_t) {
      if (gen != self->generation) return;
      self->writing = false;
      if (ec) return;  // the read fails too, and reconnects
      self->out.pop_front();
      if (!self->out.empty()) self->do_write();
    });
  }
  void do_read() {
    ws->async_read(buffer, [self = shared_from_this(), gen = generation](beast::error_code ec, std::size_t) {
      if (gen != self->generation) return;
      if (ec) return self->lost(ec);
      std::string text = beast::buffers_to_string(self->buffer.data());
      json m = json::parse(text, nullptr, false);
      if (m.is_object() && m.value("type", "") != "legal") self->remember(" <", text);
      self->buffer.consume(self->buffer.size());
      if (m.is_object() && m.contains("type")) self->on_frame(m);
      if (!self->stopped) self->do_read();
    });
  }
  // The connection is gone (closed by the node, the node died, a timeout):
  // back after a growing delay, to a node that runs.
  void lost(beast::error_code) {
    if (stopped) return;
    bool was_open = open;
    open = false;
    ++generation;
    if (ws) {
      {
        std::lock_guard lock(shared.ledger.mutex);
        if (ws->reason().code == 1012) ++shared.ledger.closes_1012;
        if (was_open) ++shared.ledger.reconnects;
      }
      beast::error_code ignored;
      ws->next_layer().socket().close(ignored);
    }
    out.clear();
    writing = false;
    if (++attempts > kMaxAttempts) {
      std::lock_guard lock(shared.ledger.mutex);
      shared.ledger.fail(name + ": no node let it back in after " + std::to_string(kMaxAttempts) + " attempts");
      stopped = true;
      return;
    }
    auto delay = std::chrono::milliseconds(std::min(5000, 250 << std::min(attempts, 5)) + shared.between(0, 250));
    retry.expires_after(delay);
    retry.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec && !self->stopped) self->connect();
    });
  }
  void stop() {
    stopped = true;
    open = false;
    ++generation;
    retry.cancel();
    watchdog.cancel();
    if (ws) {
      beast::error_code ignored;
      ws->next_layer().socket().close(ignored);
    }
  }
  void watch_rooms() {
    watchdog.expires_after(5s);
    watchdog.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->stopped) return;
      if (self->open)
        for (auto& [room, s] : self->rooms)
          if (!s.over && Clock::now() - s.last_heard > kQuietRoom) self->enter(room, s);
      self->watch_rooms();
    });
  }
};

// A guest game (or one against the computer) and its clients.
struct Game : std::enable_shared_from_this<Game> {
  Game(Shared& shared, int number, bool computer, int spectators) : shared(shared), number(number), computer(computer), spectators(spectators) {}
  Shared& shared;
  int number;
  bool computer;
  int spectators;
  json options;
  std::string room;
  std::vector<std::shared_ptr<Conn>> clients;  // white first
  bool over = false;

  std::shared_ptr<Conn> client(const std::string& role, int port_offset) {
    auto c = std::make_shared<Conn>(shared, role + std::to_string(number));
    c->game = weak_from_this();
    auto ports = shared.live_ports();
    if (!ports.empty()) c->first_port = ports[static_cast<std::size_t>(number + port_offset) % ports.size()];
    clients.push_back(c);
    return c;
  }
  void start() {
    static const std::pair<const char*, const char*> kVariants[] = {
        {"gipf", "basic"}, {"gipf", "standard"}, {"gipf", "tournament"}, {"yinsh", "normal"}, {"yinsh", "blitz"}};
    auto [name, variant] = kVariants[shared.rng() % 5];
    options = {{"type", "create_room"}, {"game", name}, {"variant", variant}, {"color", "white"}};
    // Mixed speeds: clocks from blitz to untimed, players from quick to slow
    // (each far quicker than its clock: no game may end on time).
    static const json kClocks[] = {
        {{"kind", "live"}, {"initial_ms", 180000}, {"increment_ms", 3000}},
        {{"kind", "live"}, {"initial_ms", 300000}, {"increment_ms", 2000}},
        {{"kind", "live"}, {"initial_ms", 600000}, {"increment_ms", 0}},
        nullptr};
    static const std::pair<int, int> kThink[] = {{10, 60}, {50, 250}, {200, 900}};
    auto think = kThink[shared.rng() % 3];
    if (computer) {
      options["bot"] = 1;
      think = {10, 60};
    } else if (auto clock = kClocks[shared.rng() % 4]; !clock.is_null()) {
      options["clock"] = clock;
    }
    int resign_at = !computer && shared.rng() % 4 == 0 ? shared.between(20, 120) : 0;
    auto white = client("white", 0);
    white->creator = true;
    for (auto& c : clients) c->think_min = think.first, c->think_max = think.second, c->resign_at = resign_at;
    white->connect();
  }
  void room_created(const std::string& id) {
    room = id;
    shared.record(id, computer ? "computer" : "guest");
    if (computer) return;  // the computer sits down at once
    auto black = client("black", 1);
    black->think_min = clients[0]->think_min, black->think_max = clients[0]->think_max, black->resign_at = clients[0]->resign_at;
    black->rooms[id].seat = "black";
    black->connect();
    for (int i = 0; i < spectators; ++i) {
      auto w = client("watcher", 2 + i);
      w->rooms[id].watching = true;
      w->rooms[id].seat = "spectator";
      w->connect();
    }
  }
  void finished() {
    if (over) return;
    over = true;
    // Let everyone hear the end, then leave; a new game takes this one's place.
    auto timer = std::make_shared<net::steady_timer>(shared.io, 3s);
    timer->async_wait([timer, self = shared_from_this()](beast::error_code) {
      for (auto& c : self->clients) c->stop();
      self->clients.clear();
      std::erase(self->shared.games, self);
      if (!self->shared.draining && !self->shared.stopped) self->shared.new_game(self->computer, self->spectators);
    });
  }
};

void Conn::connect() {
  port = welcomed_once || attempts > 0 || first_port == 0 ? shared.any_port() : first_port;
  ++generation;
  if (port == 0) return lost({});  // no node runs now
  ws = std::make_unique<websocket::stream<beast::tcp_stream>>(shared.io);
  ws->next_layer().expires_after(10s);
  ws->next_layer().async_connect(
      net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)),
      [self = shared_from_this(), gen = generation, port = port](beast::error_code ec) {
        if (gen != self->generation) return;
        if (ec) return self->lost(ec);
        self->ws->next_layer().socket().set_option(net::ip::tcp::no_delay(true), ec);
        self->ws->next_layer().expires_never();
        // A node that stops answering (paused, dead without a FIN) is left
        // after 20 s without a pong, as a browser's heartbeat would.
        websocket::stream_base::timeout timeout{10s, 20s, true};
        self->ws->set_option(timeout);
        if (!self->cookie.empty())
          self->ws->set_option(websocket::stream_base::decorator(
              [cookie = self->cookie](websocket::request_type& req) { req.set(beast::http::field::cookie, cookie); }));
        self->ws->async_handshake("127.0.0.1:" + std::to_string(port), "/ws", [self, gen](beast::error_code ec) {
          if (gen != self->generation) return;
          if (ec) return self->lost(ec);
          self->open = true;
          self->do_read();
          json hello{{"type", "hello"}, {"protocol", 1}, {"id", "hello"}};
          if (self->cookie.empty()) hello["name"] = "soak";
          if (!self->token.empty()) hello["token"] = self->token;
          self->send(hello);
        });
      });
}

void Conn::on_welcome(const json& m) {
  attempts = 0;
  if (m.contains("token") && m["token"].is_string()) token = m["token"];
  {
    std::lock_guard lock(shared.ledger.mutex);
    ++shared.ledger.connections;
  }
  if (!welcomed_once) watch_rooms();
  welcomed_once = true;
  auto g = game.lock();
  if (creator && g && g->room.empty()) send(g->options);  // (a room created but not heard of stays open: harmless)
  for (auto& [room, s] : rooms)
    if (!s.over) enter(room, s);
}

void Conn::heard(const std::string& room, std::int64_t ply, bool progress) {
  std::lock_guard lock(shared.ledger.mutex);
  auto it = shared.ledger.rooms.find(room);
  if (it == shared.ledger.rooms.end()) return;
  it->second.heard_ply = std::max(it->second.heard_ply, ply);
  if (progress) it->second.last_progress = Clock::now();
}

void Conn::final(const std::string& room, Seat& s, const json& m) {
  s.over = true;
  {
    std::lock_guard lock(shared.ledger.mutex);
    auto it = shared.ledger.rooms.find(room);
    if (it != shared.ledger.rooms.end() && !it->second.over) {
      auto& r = it->second;
      r.over = true;
      r.status = m.value("status", "");
      if (m.contains("result") && m["result"].is_object()) r.reason = m["result"].value("reason", "");
      if (m["type"] == "event") {
        r.final_kind = m.value("kind", "");
        if (m.contains("note") && m["note"].is_string()) r.note = m["note"];
      }
    }
  }
  if (auto g = game.lock(); g && g->room == room) g->finished();
}

void Conn::on_frame(const json& m) {
  const std::string type = m["type"].is_string() ? m["type"].get<std::string>() : "";
  std::string room;
  if (m.contains("room")) {
    if (m["room"].is_string()) room = m["room"];
    else if (m["room"].is_object()) room = m["room"].value("id", "");
  }
  auto seat = rooms.find(room);
  Seat* s = seat == rooms.end() ? nullptr : &seat->second;
  if (s) s->last_heard = Clock::now();

  if (type == "welcome") {
    on_welcome(m);
  } else if (type == "room_created") {
    auto g = game.lock();
    if (creator && g && g->room.empty()) {
      rooms[room].seat = "white";
      g->room_created(room);
    }
  } else if (type == "room" && s) {
    if (!s->watching) {
      const std::string you = m.value("you", s->seat);
      // Not seated, its seat still free: its join was lost on the bus, and a
      // resync in place (#42) showed it the room as a spectator. It joins
      // again, as a player would press Join.
      if (you == "spectator" && (s->seat == "white" || s->seat == "black") && m["room"].value(s->seat, json()).is_null() &&
          !is_final(m))
        send({{"type", "join_room"}, {"room", room}});
      else
        s->seat = you;
    }
    s->last_seq = m["seq"];
    s->ply = m["ply"];
    heard(room, s->ply, false);
    if (is_final(m)) final(room, *s, m);
  } else if (type == "event" && s) {
    std::int64_t seq = m["seq"];
    if (seq <= s->last_seq) return;  // heard already (a resync overlapping the stream)
    if (seq > s->last_seq + 1 && s->last_seq > 0)
      send({{"type", "resync"}, {"room", room}, {"since", s->last_seq}});  // a gap: the missed ones come
    s->last_seq = seq;
    s->ply = m["ply"];
    heard(room, s->ply, true);
    if (m["kind"] == "resumed") {
      std::lock_guard lock(shared.ledger.mutex);
      ++shared.ledger.resumed_events;
      std::int64_t credited = m.value("credited_ms", std::int64_t{-1});
      if (auto it = shared.ledger.rooms.find(room); it != shared.ledger.rooms.end()) {
        ++it->second.resumed;
        it->second.credited_ms_max = std::max(it->second.credited_ms_max, credited);
      }
      if (credited < 0) shared.ledger.fail("room " + room + ": a resumed event without credited_ms >= 0: " + m.dump());
    }
    if (s->watching && shared.rng() % 30 == 0) chat(room);
    if (is_final(m)) final(room, *s, m);
  } else if (type == "legal" && s && !s->over && m["player"] == s->seat && m["ply"] == s->ply && s->ply != s->acted_ply) {
    act(room, m);
  } else if (type == "ack") {
    std::string id = m.contains("id") && m["id"].is_string() ? m["id"].get<std::string>() : "";
    std::lock_guard lock(shared.ledger.mutex);
    if (id.starts_with("a")) ++shared.ledger.actions_acked;
    if (auto c = chat_in_flight.find(id); c != chat_in_flight.end()) {
      ++shared.ledger.chats_acked;
      if (auto it = shared.ledger.rooms.find(c->second.first); it != shared.ledger.rooms.end())
        it->second.chat_acked.insert(c->second.second);
      chat_in_flight.erase(c);
    }
  } else if (type == "error") {
    const std::string code = m.value("code", "");
    {
      std::lock_guard lock(shared.ledger.mutex);
      ++shared.ledger.errors[code];
    }
    if (m.contains("id") && m["id"] == "hello") return lost({});  // unidentified for good: a new connection
    if (m.contains("id") && m["id"].is_string()) chat_in_flight.erase(m["id"].get<std::string>());
    // An action or entry refused (the room moved, the store was away, a
    // forwarded call timed out): nothing changed; enter again for the state.
    if (s && !s->over && code != "rate_limited") {
      auto timer = std::make_shared<net::steady_timer>(shared.io, 500ms);
      timer->async_wait([timer, self = shared_from_this(), room, gen = generation](beast::error_code) {
        if (gen != self->generation || self->stopped) return;
        if (auto it = self->rooms.find(room); it != self->rooms.end() && !it->second.over) self->enter(room, it->second);
      });
    }
  } else if (type == "chat") {
    std::int64_t seq = m["seq"];
    std::string text = m["text"];
    std::lock_guard lock(shared.ledger.mutex);
    auto record = shared.ledger.rooms.find(room);
    if (record == shared.ledger.rooms.end()) return;
    auto [it, fresh] = record->second.chat.try_emplace(seq, text);
    if (!fresh && it->second != text)
      shared.ledger.fail("room " + room + ": chat seq " + std::to_string(seq) + " heard as \"" + it->second + "\" and as \"" + text + "\"");
  } else if (type == "opponent_gone") {
    std::int64_t claim_at = m.value("claim_at", std::int64_t{0});
    std::int64_t bound = wall_ms() + 1000 * (shared.settings.claim_after_seconds + shared.settings.lease_seconds) + 5000;
    std::lock_guard lock(shared.ledger.mutex);
    ++shared.ledger.opponent_gone;
    if (claim_at > bound)
      shared.ledger.fail("room " + room + ": opponent_gone with claim_at " + std::to_string(claim_at - wall_ms()) +
                         " ms ahead, more than the claim time plus the lease");
  } else if (type == "pairing" && !room.empty()) {
    shared.record(room, m["source"].value("kind", "pairing"));
    auto [it, fresh] = rooms.try_emplace(room);
    if (fresh) enter(room, it->second);
  }
}

void Conn::act(const std::string& room, const json& legal) {
  Seat& s = rooms[room];
  std::int64_t ply = s.ply;
  s.acted_ply = ply;
  json message;
  if (resign_at > 0 && ply >= resign_at) {
    message = {{"type", "resign"}, {"room", room}, {"id", "r" + std::to_string(ply)}};
  } else {
    const auto& actions = legal["actions"];
    if (actions.empty()) return;
    message = {{"type", "action"}, {"room", room}, {"ply", ply}, {"action", actions[shared.rng() % actions.size()]},
               {"id", "a" + std::to_string(ply)}};
  }
  bool say_something = !shared.draining && shared.rng() % 15 == 0;
  auto go = [self = shared_from_this(), message = std::move(message), room, ply, gen = generation, say_something] {
    if (gen != self->generation || self->stopped) return;
    auto it = self->rooms.find(room);
    if (it == self->rooms.end() || it->second.over || it->second.ply != ply) return;
    if (message["type"] == "action") {
      std::lock_guard lock(self->shared.ledger.mutex);
      ++self->shared.ledger.actions_sent;
    }
    self->send(message);
    if (say_something) self->chat(room);
  };
  int think = shared.draining ? shared.between(0, 20) : shared.between(think_min, think_max);
  auto timer = std::make_shared<net::steady_timer>(shared.io, std::chrono::milliseconds(think));
  timer->async_wait([timer, go](beast::error_code) { go(); });
}

}  // namespace

void Bots::Impl::new_game(bool computer, int spectators) {
  auto g = std::make_shared<Game>(*this, games_started++, computer, spectators);
  games.push_back(g);
  g->start();
}

Bots::Bots(net::io_context& io, Settings settings, Ledger& ledger, std::function<std::vector<int>()> live_ports)
    : impl_(std::make_shared<Impl>(io, settings, ledger, std::move(live_ports))) {}

Bots::~Bots() = default;

void Bots::start() {
  net::post(impl_->io, [impl = impl_] {
    const auto& s = impl->settings;
    for (int g = 0; g < s.games; ++g) impl->new_game(false, s.spectators / s.games + (g < s.spectators % s.games ? 1 : 0));
    for (int g = 0; g < s.computer_games; ++g) impl->new_game(true, 0);
  });
}

void Bots::add_account(const std::string& username, const std::string& cookie) {
  net::post(impl_->io, [impl = impl_, username, cookie] {
    auto c = std::make_shared<Conn>(*impl, username);
    c->cookie = cookie;
    impl->accounts[username] = c;
    c->connect();
  });
}

void Bots::seat_account(const std::string& username, const std::string& room, const std::string& kind) {
  net::post(impl_->io, [impl = impl_, username, room, kind] {
    impl->record(room, kind);
    auto it = impl->accounts.find(username);
    if (it == impl->accounts.end()) return;
    auto [seat, fresh] = it->second->rooms.try_emplace(room);
    if (fresh) it->second->enter(room, seat->second);
  });
}

std::string Bots::describe(const std::string& room) {
  auto promise = std::make_shared<std::promise<std::string>>();
  auto answer = promise->get_future();
  net::post(impl_->io, [impl = impl_, room, promise] {
    std::string text;
    auto add = [&](Conn& c) {
      if (c.rooms.count(room)) text += "\n    " + c.describe(room);
    };
    for (auto& g : impl->games)
      for (auto& c : g->clients) add(*c);
    for (auto& [name, c] : impl->accounts) add(*c);
    promise->set_value(text.empty() ? "\n    (no client in it now)" : text);
  });
  if (answer.wait_for(10s) != std::future_status::ready) return "\n    (the clients' thread did not answer)";
  return answer.get();
}

void Bots::drain() {
  net::post(impl_->io, [impl = impl_] { impl->draining = true; });
}

void Bots::stop() {
  net::post(impl_->io, [impl = impl_] {
    impl->stopped = true;
    for (auto& g : impl->games)
      for (auto& c : g->clients) c->stop();
    impl->games.clear();
    for (auto& [name, c] : impl->accounts) c->stop();
    impl->accounts.clear();
  });
}

}  // namespace soak
