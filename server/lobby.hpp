#pragma once
// Players, the rooms, and the lobby list. Messages arrive here from sessions (on
// the session's strand); room business is passed on to the room's own strand.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <unordered_map>

#include "client.hpp"
#include "protocol/messages.hpp"
#include "room.hpp"
#include "store.hpp"

namespace arena {

// What a session knows of its player once identified.
struct Identity {
  bool identified = false;
  PlayerInfo player;
};

class Lobby : public std::enable_shared_from_this<Lobby> {
 public:
  Lobby(boost::asio::io_context& io, Store& store);

  // Loads every unfinished room from the store; returns how many.
  int restore();

  // One parsed message of a client. `identity` belongs to the session and is only
  // touched on its strand.
  void handle(const std::shared_ptr<Client>& client, Identity& identity, const protocol::Incoming& incoming);
  // The client's connection closed: forget its subscriptions.
  void disconnected(Client* client);

  int rooms_in_memory();
  int clients_connected();
  void client_connected() { ++clients_; }
  void client_gone() { --clients_; }

 private:
  // The room in memory or loaded from the store; nullptr if there is none, or
  // (with `damaged` set) if its stored events do not replay.
  std::shared_ptr<Room> find_room(const std::string& id, bool& damaged);
  // A room rebuilt from its stored events; nullptr (logged) if they do not replay.
  std::shared_ptr<Room> load_room(const RoomRecord& record);
  std::string new_room_id();
  std::string new_token();
  void hello(const std::shared_ptr<Client>& client, Identity& identity, const protocol::Hello& m, const nlohmann::json& id);
  void create_room(const std::shared_ptr<Client>& client, Identity& identity, const protocol::CreateRoom& m, const nlohmann::json& id);
  void subscribe_lobby(const std::shared_ptr<Client>& client, const nlohmann::json& id);
  void room_changed();
  void publish_lobby();
  nlohmann::json lobby_json();
  void remember(Client* client, const std::shared_ptr<Room>& room);
  void sweep_finished();

  boost::asio::io_context& io_;
  Store& store_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::map<Client*, std::weak_ptr<Client>> lobby_subscribers_;
  std::map<Client*, std::vector<std::weak_ptr<Room>>> client_rooms_;
  std::mt19937_64 random_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;  // lobby publishing
  boost::asio::steady_timer publish_timer_;
  bool publish_pending_ = false;
  std::atomic<int> clients_{0};
};

}  // namespace arena
