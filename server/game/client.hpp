#pragma once
// What a room or the lobby sees of a connected player: somewhere to send frames.
#include <atomic>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol/json_text.hpp"

namespace arena {

using Frame = std::shared_ptr<const std::string>;

class BlockBook;

class Client {
 public:
  virtual ~Client() = default;
  // Whether this connection's player blocked `writer` (#34): their chat lines
  // are not sent here. Set once the connection is identified; read by rooms
  // on their strands, hence atomic.
  bool hides(std::int64_t writer) const;
  void set_viewer(std::int64_t player, const BlockBook* book) {
    book_.store(book);
    viewer_.store(player);
  }
  // Queues a text frame; safe from any thread. A client whose queue overflows
  // is disconnected.
  virtual void send(Frame frame) = 0;
  // Closes the connection (a policy close, with `reason`); safe from any thread.
  virtual void disconnect(const char* reason) = 0;
  // Closes it as a restart (1012): the client comes back and resyncs its rooms,
  // now served elsewhere (#31). Safe from any thread.
  virtual void reconnect(const char* reason) { disconnect(reason); }
  // `room` is now served on this connection's own node (#42): the connection
  // resyncs it from there in place, as if it had sent a resync (a snapshot
  // follows), instead of being closed and coming back. Safe from any thread.
  virtual void rejoin(const std::string& /*room*/) { reconnect("the room moved to another node"); }

 private:
  std::atomic<std::int64_t> viewer_{0};
  std::atomic<const BlockBook*> book_{nullptr};
};

struct PlayerInfo {
  std::int64_t id = 0;
  std::string name;
  bool account = false;  // signed in with an account (rated games are for accounts)
  // What others are told the player is (protocol::player_kind, or "computer");
  // empty where it is not known (not sent).
  std::string kind;
};

inline Frame make_frame(std::string text) { return std::make_shared<const std::string>(std::move(text)); }
// Never throws for text that is not UTF-8 (see protocol/json_text.hpp).
inline Frame make_frame(const nlohmann::json& message) { return make_frame(protocol::to_text(message)); }

}  // namespace arena
