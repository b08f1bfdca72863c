#pragma once
// Where a parsed client message goes: one handler per message type, picked by
// the message's type (std::visit), to the identity service, the lobby feed, the
// room directory, quick pairing, or a room. Runs on the connection's strand; a handler that
// waits for the store calls `resume` when done, and the connection reads its
// next message only then, so one client's messages are handled in order.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "computer/computer_players.hpp"
#include "game/room_directory.hpp"
#include "game/room_endpoint.hpp"
#include "game/player_connections.hpp"
#include "lobby/identity_service.hpp"
#include "lobby/lobby_feed.hpp"
#include "protocol/messages.hpp"
#include "seeks/seek_service.hpp"

namespace arena {

// What the router knows of one connection; owned by the connection and only
// touched on its strand. (Not "Connection": the store's SQLite connection has
// that name in this namespace, and two classes of one name break the
// one-definition rule — the linker then picks one destructor for both.)
struct ClientState {
  bool identified = false;
  PlayerInfo player;
  std::optional<protocol::AccountView> account;  // none: a guest
  std::string session;                      // the upgrade's session cookie, "" if none
  std::string address;                      // its AddressBook key
  std::vector<std::weak_ptr<RoomEndpoint>> rooms;  // told when the connection closes
};

class Router {
 public:
  Router(IdentityService& identities, LobbyFeed& feed, RoomDirectory& directory, PlayerConnections& connections,
         const ComputerPlayers& computer, SeekService& seeks, Clock clock)
      : identities_(identities),
        feed_(feed),
        directory_(directory),
        connections_(connections),
        computer_(computer),
        seeks_(seeks),
        clock_(std::move(clock)) {}

  void handle(const std::shared_ptr<Client>& client, ClientState& connection, StoreExecutor ex,
              const protocol::Incoming& incoming, std::function<void()> resume);
  // The connection closed: leave the lobby feed and every room.
  void disconnected(Client* client, ClientState& connection);

 private:
  struct Request {
    std::shared_ptr<Client> client;
    ClientState& connection;
    StoreExecutor ex;
    nlohmann::json id;
    std::function<void()> resume;
    void send(const nlohmann::json& message) const { client->send(make_frame(message)); }
    void error(protocol::ErrorCode code, const std::string& message) const;
  };

  void on(const Request& r, const protocol::Hello& m);
  void on(const Request& r, const protocol::SetName& m);
  void on(const Request& r, const protocol::LobbySubscribe& m);
  void on(const Request& r, const protocol::Ping& m);
  void on(const Request& r, const protocol::CreateRoom& m);
  void on(const Request& r, const protocol::Seek& m);
  void on(const Request& r, const protocol::SeekCancel& m);
  static SeekService::Answer answer_to(const Request& r);
  // Every other message names a room: find it, then hand the message to it.
  template <class RoomMessage>
  void on(const Request& r, const RoomMessage& m);
  // The room answers the client itself, wherever it is owned (game/room_endpoint.hpp).
  static void to_room(const Request& r, RoomEndpoint& room, const protocol::ClientMessage& message);
  // What the connection may not send (chat while muted, delete_chat without
  // the role), before the room is looked up.
  template <class RoomMessage>
  std::optional<Refusal> refuse(const ClientState& connection, const RoomMessage& m);
  static void remember(ClientState& connection, const std::shared_ptr<RoomEndpoint>& room);

  IdentityService& identities_;
  LobbyFeed& feed_;
  RoomDirectory& directory_;
  PlayerConnections& connections_;
  const ComputerPlayers& computer_;
  SeekService& seeks_;
  Clock clock_;
};

}  // namespace arena
