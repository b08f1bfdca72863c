#pragma once
// The load client's bots: WebSocket clients that play random legal actions
// (players), watch (spectators) or only say hello and wait (idle connections).
// Everything runs on one io_context thread: no strands, no locks.
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace load {

using Clock = std::chrono::steady_clock;

struct Settings {
  // The nodes' ports. Game g: white (who creates the room, so its node serves
  // it) on node g, black on node g + 1, its spectators on node g + 2 (modulo
  // the number of nodes): with several nodes, black's actions are forwarded.
  std::vector<int> ports;
  int think_min_ms = 0;  // a player acts this long after it may (uniform in [min, max]);
  int think_max_ms = 0;  // 0: at once (closed loop)
  int resign_at_ply = 0;  // > 0: the player to act resigns once the game has this many plies
  int computer_level = 6;  // the level of start_computer_games' opponents
};

struct Stats {
  bool measuring = false;
  long actions = 0;            // actions sent while measuring
  long errors = 0;
  long games_finished = 0;     // since the start
  long welcomed = 0;           // connections that got their welcome
  std::vector<double> latencies_ms;  // action sent -> the opponent has its event
  // The same, split by the actor: white (on the node serving the game) and
  // black (on another node when there are several: its action is forwarded).
  std::vector<double> owner_latencies_ms, forwarded_latencies_ms;
  // Bytes of the frames received while measuring (WebSocket payloads).
  std::uint64_t player_bytes = 0, spectator_bytes = 0;
  std::uint64_t legal_bytes = 0, legal_frames = 0, event_bytes = 0, event_frames = 0;
  long spectator_views = 0;  // per action sent: the spectators of its game
  // Per room, the newest ply a player heard of in an event: stored before it
  // was sent (PROTOCOL.md), so the room's record must hold it (--verify).
  std::map<std::string, std::int64_t> heard_ply;
};

class Bots {
 public:
  Bots(boost::asio::io_context& io, Settings settings, Stats& stats);
  ~Bots();
  // Keeps `games` games going (a finished game is replaced by a new one), with
  // `spectators` spread over them.
  void start_games(int games, int spectators);
  // Keeps `games` games against the computer going (one player each, who acts
  // at once); their actions are not measured, they are the background load.
  void start_computer_games(int games);
  // Opens `count` connections that say hello and then only answer pings.
  void open_idle(int count);
  // Closes every connection; games are no longer replaced.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The p-quantile (0..1) of `sorted`, 0 when it is empty.
double percentile(const std::vector<double>& sorted, double p);

}  // namespace load
