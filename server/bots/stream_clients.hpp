#pragma once
// The two streams of the bot and board API (#45) as clients of the rooms and
// of the lobby, like a WebSocket connection: what they are sent (frames of
// PROTOCOL.md) becomes lines (protocol/bot_messages.hpp) on a LineSink.
//  - GameStreamClient watches one room (here or through the node serving
//    it): the snapshot decides whether the stream opens (a seat of the
//    token's account) and is its first line. It ends with the game, or when
//    the room moves to another node (the client opens it again, and gets
//    gameFull from there).
//  - EventStreamClient is one of the account's connections (challenges, a
//    ban, a logout reach it, on any node) and subscribes to its own games in
//    the lobby (gameStart, gameFinish).
// Frames come from any thread: each client keeps its order under a mutex and
// never calls a room or the lobby while holding it.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "bots/bot_call.hpp"  // CallAnswer
#include "game/client.hpp"
#include "game/room_endpoint.hpp"
#include "net/line_sink.hpp"
#include "protocol/bot_messages.hpp"

namespace arena {

// Lines given before the sink is there (or while it is being attached).
class PendingLines {
 public:
  static constexpr std::size_t kMaxPending = 256;
  // Writes `line` to the sink, or keeps it; false when too many wait.
  bool write(const nlohmann::json& line);
  void attach(std::shared_ptr<LineSink> sink);
  void end();
  std::shared_ptr<LineSink> sink() const { return sink_; }

 private:
  std::shared_ptr<LineSink> sink_;
  std::deque<std::string> pending_;
  bool ended_ = false;
};

class GameStreamClient : public Client, public std::enable_shared_from_this<GameStreamClient> {
 public:
  // The snapshot came (nullopt: the stream may open) or the room refused.
  using Opened = std::function<void(std::optional<CallAnswer>)>;
  GameStreamClient(std::shared_ptr<RoomEndpoint> room, PlayerInfo player, boost::asio::any_io_executor ex,
                   std::chrono::milliseconds timeout, Opened opened);
  void start();
  // The stream is open: its lines go to `sink`; its end leaves the room and
  // runs `ended`. The sink holds this client until then.
  void attach(std::shared_ptr<LineSink> sink, std::function<void()> ended);
  void send(Frame frame) override;
  void disconnect(const char* reason) override;

 private:
  void opened(std::optional<CallAnswer> refusal);  // mutex_ held
  void end();                                      // mutex_ held

  std::shared_ptr<RoomEndpoint> room_;
  PlayerInfo player_;
  boost::asio::any_io_executor ex_;
  boost::asio::steady_timer timer_;
  std::chrono::milliseconds timeout_;
  Opened opened_;
  std::mutex mutex_;
  protocol::GameStreamLines lines_;
  PendingLines out_;
  bool decided_ = false;
  bool ended_ = false;
};

class EventStreamClient : public Client {
 public:
  EventStreamClient(std::int64_t player, std::string name) : lines_(player, std::move(name)) {}
  void attach(std::shared_ptr<LineSink> sink, const std::vector<protocol::PlayerChallengeView>& open);
  void send(Frame frame) override;
  void disconnect(const char* reason) override;

 private:
  std::mutex mutex_;
  protocol::EventStreamLines lines_;
  PendingLines out_;
};

}  // namespace arena
