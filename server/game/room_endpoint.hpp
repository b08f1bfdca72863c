#pragma once
// What a connection can ask of a room, wherever the room is owned. The router
// talks only to this: today every room is a local Room on this node's strand;
// a room owned by another node is reached through another implementation of
// the same calls, which forwards them and relays the answers, so a client
// cannot tell where its room lives.
//
// The contract of every call: it returns at once; the room answers the client
// (an ack, an error with a stable code, the frames that follow) later, in the
// order the calls were made for that room. `request_id` is echoed in the answer
// (null: nobody to answer, the server's own call).
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "domain/audit_entry.hpp"
#include "game/client.hpp"
#include "protocol/messages.hpp"

namespace arena {

class RoomEndpoint {
 public:
  virtual ~RoomEndpoint() = default;
  virtual const std::string& id() const = 0;

  virtual void join(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) = 0;
  virtual void watch(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) = 0;
  // The events after `since` (or a snapshot) and the chat after `chat_since`.
  virtual void resync(std::shared_ptr<Client> client, PlayerInfo player, std::int64_t since, std::int64_t chat_since,
                      nlohmann::json request_id) = 0;
  virtual void leave(std::shared_ptr<Client> client, nlohmann::json request_id) = 0;
  virtual void play(std::shared_ptr<Client> client, PlayerInfo player, protocol::Play play, nlohmann::json request_id) = 0;
  virtual void resign(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) = 0;
  virtual void offer_draw(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) = 0;
  virtual void answer_draw(std::shared_ptr<Client> client, PlayerInfo player, bool accept, nlohmann::json request_id) = 0;
  virtual void cancel(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) = 0;
  virtual void abort(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) = 0;
  virtual void claim(std::shared_ptr<Client> client, PlayerInfo player, bool draw, nlohmann::json request_id) = 0;
  virtual void give_time(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) = 0;
  virtual void offer_takeback(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) = 0;
  virtual void answer_takeback(std::shared_ptr<Client> client, PlayerInfo player, bool accept, nlohmann::json request_id) = 0;
  // A premove (none: cancel it) and a conditional line (empty: cancel it), #46.
  virtual void premove(std::shared_ptr<Client> client, PlayerInfo player, std::optional<std::string> action,
                       nlohmann::json request_id) = 0;
  virtual void conditional(std::shared_ptr<Client> client, PlayerInfo player, std::vector<std::string> line,
                           nlohmann::json request_id) = 0;
  virtual void rematch(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) = 0;
  // `text` is checked already (protocol::check_chat_text); the channel follows from the seat.
  virtual void chat(std::shared_ptr<Client> client, PlayerInfo player, std::string text, nlohmann::json request_id) = 0;
  // A moderator's deletion, stored with its audit entry (details filled in by the room).
  virtual void delete_chat(std::shared_ptr<Client> client, std::int64_t seq, AuditEntry audit, nlohmann::json request_id) = 0;
  // The client's connection closed: it leaves the room's crowd.
  virtual void disconnected(Client* client) = 0;
};

}  // namespace arena
