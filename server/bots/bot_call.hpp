#pragma once
// One request of the bot and board API on a game (#45): an action (or
// several of one turn), resign, abort, a draw's offer or answer, a claim, a
// chat line. It talks to the room as a WebSocket client would, through the
// same RoomEndpoint (here or on another node): it watches the room (the
// snapshot says the seat, the ply and the offers), sends the request, and
// answers once the room acknowledged it (durably stored) or refused it.
// Then it leaves the room. A room that does not answer in time: `timeout`.
// (Not "RoomCall": the cluster's codec has a struct of that name in this
// namespace, and two classes of one name break the one-definition rule.)
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "game/client.hpp"
#include "game/room_endpoint.hpp"

namespace arena {

// What the API answers: 200 with `body`, or `status` with the error's code.
struct CallAnswer {
  int status = 200;
  std::string code;
  std::string message;
  nlohmann::json body = nlohmann::json::object();
};

// The HTTP status of a room's error code (PROTOCOL.md, Error codes).
int http_status_of(const std::string& code);

struct CallRequest {
  enum class Kind { Actions, Resign, Abort, DrawYes, DrawNo, ClaimVictory, ClaimDraw, Chat };
  Kind kind = Kind::Actions;
  std::vector<std::string> actions;  // Actions: one turn's, in order
  std::string text;                  // Chat: checked already
};

class BotCall : public Client, public std::enable_shared_from_this<BotCall> {
 public:
  using Done = std::function<void(CallAnswer)>;
  BotCall(std::shared_ptr<RoomEndpoint> room, PlayerInfo player, CallRequest request, boost::asio::any_io_executor ex,
           std::chrono::milliseconds timeout, Done done);
  void start();
  void send(Frame frame) override;
  void disconnect(const char* reason) override;

 private:
  void on_frame(const nlohmann::json& frame);  // mutex_ held
  void next();                                 // mutex_ held: the next request, or the answer
  void finish(CallAnswer answer);              // mutex_ held

  std::shared_ptr<RoomEndpoint> room_;
  PlayerInfo player_;
  CallRequest request_;
  boost::asio::any_io_executor ex_;
  boost::asio::steady_timer timer_;
  std::chrono::milliseconds timeout_;
  Done done_;
  std::mutex mutex_;
  bool seated_ = false;       // the snapshot came and named a seat
  std::string you_;
  std::string draw_offer_;    // the colour offering a draw, or ""
  std::int64_t ply_ = 0;      // the room's ply as last seen
  std::int64_t seen_seq_ = 0;
  std::int64_t waiting_seq_ = -1;  // an ack came for this event: go on once it is seen
  std::size_t sent_ = 0;      // requests sent
  bool finished_ = false;
};

}  // namespace arena
