#pragma once
// Players and spectators for the integration tests: identified WebSocket clients
// that keep track of the events they saw.
#include <doctest/doctest.h>

#include <random>
#include <thread>

#include "server_process.hpp"
#include "ws_client.hpp"

namespace test_support {

using nlohmann::json;
using namespace std::chrono_literals;

struct Participant {
  WsClient ws;
  std::string token;
  std::int64_t player_id = 0;
  std::string seat;  // white | black | "" (spectator)
  std::int64_t last_seq = 0;
  json last_event;
  json last_state;
  json pending_legal;  // the last legal list not acted on
  std::int64_t acted_ply = -1;  // the ply of the last action sent
  std::int64_t ply = -1;        // the room's ply as this participant last heard
  std::vector<json> events;

  bool identify(int port, const std::string& name, const std::string& known_token = "") {
    if (!ws.connect(port)) return false;
    json hello{{"type", "hello"}, {"protocol", 1}, {"name", name}};
    if (!known_token.empty()) hello["token"] = known_token;
    ws.send(hello);
    auto welcome = ws.receive_type("welcome", 5s);
    if (!welcome) return false;
    token = (*welcome)["token"];
    player_id = (*welcome)["player"]["id"];
    return true;
  }

  // Records an event, checking the room's sequence numbers arrive in order with
  // no gap. An event already seen (a resync overlapping the live stream) is
  // ignored, as PROTOCOL.md tells clients to do.
  void saw_event(const json& e) {
    if (e["seq"].get<std::int64_t>() <= last_seq) return;
    REQUIRE(e["seq"].get<std::int64_t>() == last_seq + 1);
    last_seq = e["seq"];
    last_event = e;
    last_state = e["state"];
    ply = e["ply"];
    events.push_back(e);
  }

  // A room snapshot: where this participant now stands.
  void saw_snapshot(const json& s) {
    last_seq = s["seq"];
    last_state = s["state"];
    ply = s["ply"];
  }
};

// The first message of `type` for which `match` holds: from those skipped
// earlier (in order), else the next to arrive (within `timeout`).
template <class Match>
json next_of(Participant& p, const std::string& type, Match match, std::chrono::seconds timeout = 60s) {
  auto& skipped = p.ws.skipped();
  for (auto it = skipped.begin(); it != skipped.end(); ++it)
    if ((*it)["type"] == type && match(*it)) {
      json m = *it;
      skipped.erase(it);
      return m;
    }
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    auto m = p.ws.receive_type(type, 1s);
    if (m && match(*m)) return *m;
  }
  FAIL("no matching " << type);
  return {};
}

// Creates a room as `creator` (white) and seats `joiner` (black); both get
// snapshots. Returns the room id.
inline std::string open_game(Participant& creator, Participant& joiner, json options) {
  options["type"] = "create_room";
  options["color"] = "white";
  creator.ws.send(options);
  auto created = creator.ws.receive_type("room_created", 5s);
  REQUIRE(created);
  std::string room = (*created)["room"];
  auto snapshot = creator.ws.receive_type("room", 5s);
  REQUIRE(snapshot);
  creator.seat = "white";
  creator.saw_snapshot(*snapshot);
  joiner.ws.send({{"type", "join_room"}, {"room", room}});
  auto joined_snapshot = joiner.ws.receive_type("room", 5s);
  REQUIRE(joined_snapshot);
  CHECK((*joined_snapshot)["you"] == "black");
  joiner.seat = "black";
  joiner.saw_snapshot(*joined_snapshot);
  auto joined = creator.ws.receive_type("event", 5s);  // the creator hears of the join
  REQUIRE(joined);
  creator.saw_event(*joined);
  return room;
}

struct PlayOptions {
  std::uint64_t seed = 1;
  int stop_after_actions = -1;  // stop early (the game stays unfinished)
  std::chrono::seconds limit{120};
};

// Plays random legal actions for both seated participants until the game ends
// (every participant has seen the final event) or stop_after_actions. Returns
// the actions sent.
inline int play_random(const std::string& room, std::vector<Participant*> all, PlayOptions options = {}) {
  std::mt19937_64 rng(options.seed);
  int sent = 0;
  auto deadline = std::chrono::steady_clock::now() + options.limit;
  auto finished = [&] {
    for (auto* p : all)
      if (p->last_event.is_null() || p->last_event["result"].is_null()) return false;
    return true;
  };
  while (!finished()) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    for (auto* p : all) {
      auto m = p->ws.receive(1ms);
      if (!m) {
        REQUIRE_MESSAGE(!p->ws.closed(), p->seat << ": " << p->ws.error() << " close code " << p->ws.close_code() << " after seq " << p->last_seq);
        continue;
      }
      std::string type = (*m)["type"];
      if (type == "event" && (*m)["room"] == room) p->saw_event(*m);
      if (type == "error") FAIL("unexpected error: " << m->dump());
      // A legal list is for the position the participant last heard of, once.
      bool current = type == "legal" && (*m)["player"] == p->seat && (*m)["ply"] == p->ply && (*m)["ply"] != p->acted_ply;
      if (current) {
        if (options.stop_after_actions >= 0 && sent >= options.stop_after_actions) {
          p->pending_legal = *m;
          return sent;
        }
        auto& actions = (*m)["actions"];
        REQUIRE(!actions.empty());
        // the details of each action come in the same order (PROTOCOL.md)
        REQUIRE((*m)["moves"].size() == actions.size());
        for (const auto& move : (*m)["moves"]) REQUIRE((move.contains("kind") && !move.contains("action")));
        std::string action = actions[rng() % actions.size()];
        p->acted_ply = (*m)["ply"];
        p->ws.send({{"type", "action"}, {"room", room}, {"ply", (*m)["ply"]}, {"action", action}, {"id", sent}});
        ++sent;
      }
    }
  }
  return sent;
}

// The lobby lists as a client keeps them: the full `lobby` view, then each
// `lobby_update` applied (PROTOCOL.md).
struct LobbyMirror {
  std::map<std::string, json> open, live;
  std::int64_t open_total = 0, live_total = 0;

  // Applies `m` if it is a lobby message; returns whether it was.
  bool apply(const json& m) {
    auto fill = [](std::map<std::string, json>& list, const json& entries) {
      for (const auto& e : entries) list[e["id"].get<std::string>()] = e;
    };
    if (m["type"] == "lobby") {
      open.clear();
      live.clear();
      fill(open, m["open"]);
      fill(live, m["live"]);
    } else if (m["type"] == "lobby_update") {
      for (auto [list, name] : {std::pair{&open, "open"}, {&live, "live"}}) {
        fill(*list, m[name]["set"]);
        for (const auto& id : m[name]["removed"]) list->erase(id.get<std::string>());
      }
    } else {
      return false;
    }
    open_total = m["open_total"];
    live_total = m["live_total"];
    return true;
  }
};

// Whether `done()` holds within `limit`, looked at every 50 ms: for what the
// server does in its own time (a close noticed, a timer fired, a log line written).
template <class Done>
bool eventually(Done done, std::chrono::seconds limit = 60s) {
  for (auto until = std::chrono::steady_clock::now() + limit; std::chrono::steady_clock::now() < until;) {
    if (done()) return true;
    std::this_thread::sleep_for(50ms);
  }
  return done();
}

// Reads and records messages until none comes for `quiet`. It doesn't promise
// that anything arrived: when a test needs an event, see_up_to() waits for it.
inline void drain(Participant& p, std::chrono::milliseconds quiet = 100ms) {
  while (auto m = p.ws.receive(quiet)) {
    if ((*m)["type"] == "event") p.saw_event(*m);
  }
}

// Records events until `p` has seen the room's event `seq`, however long the
// machine takes to deliver it (within `limit`).
inline void see_up_to(Participant& p, std::int64_t seq, std::chrono::seconds limit = 60s) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (p.last_seq < seq) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    REQUIRE_MESSAGE(left.count() > 0, (p.seat.empty() ? "spectator" : p.seat) << " is still at seq " << p.last_seq << ", not " << seq);
    auto m = p.ws.receive(left);
    REQUIRE_MESSAGE(m, (p.seat.empty() ? "spectator" : p.seat) << " got nothing after seq " << p.last_seq << ", waiting for " << seq);
    if ((*m)["type"] == "event") p.saw_event(*m);
  }
}

// After play_random() stops, the participant it stopped for has seen the last
// event (its legal list came after it); the others may not have yet. Waits
// until each of `all` has seen as far as the furthest of them.
inline void catch_up(std::vector<Participant*> all) {
  std::int64_t last = 0;
  for (auto* p : all) last = std::max(last, p->last_seq);
  for (auto* p : all) see_up_to(*p, last);
}

// Reads whatever comes until the server closes the connection (or `limit`
// passes); returns how many messages came. For a close the server decides on
// (a limit broken, a shutdown), where "no message for a while" is no sign.
inline int read_until_closed(WsClient& ws, std::chrono::seconds limit = 60s) {
  int messages = 0;
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!ws.closed() && std::chrono::steady_clock::now() < deadline)
    if (ws.receive(1s)) ++messages;
  return messages;
}

}  // namespace test_support
