#pragma once
// Players, the rooms, and the lobby feed. Messages arrive here from sessions (on
// the session's strand); room business is passed on to the room's own strand.
// The feed (what lobby subscribers see) lives on the lobby's strand.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "address_book.hpp"
#include "client.hpp"
#include "limits.hpp"
#include "protocol/messages.hpp"
#include "room.hpp"
#include "store.hpp"

namespace arena {

// What a session knows of its player once identified.
struct Identity {
  bool identified = false;
  PlayerInfo player;
  std::string address;  // AddressBook::key_of the peer ("" if unknown)
};

class Lobby : public std::enable_shared_from_this<Lobby> {
 public:
  Lobby(boost::asio::io_context& io, Store& store, const Limits& limits, std::shared_ptr<AddressBook> addresses);

  // Loads every unfinished room from the store; returns how many.
  int restore();
  // Starts the periodic sweep: open rooms past their time are cancelled,
  // finished ones leave memory.
  void start();

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
  // The lobby lists as subscribers see them: id → entry, public rooms only,
  // the newest `lobby_list_size` of each list.
  struct FeedView {
    std::map<std::string, nlohmann::json> open, live;
    std::int64_t open_total = 0, live_total = 0;
  };

  // The room in memory or loaded from the store; nullptr if there is none, or
  // (with `damaged` set) if its stored events do not replay.
  std::shared_ptr<Room> find_room(const std::string& id, bool& damaged);
  // A room rebuilt from its stored events; nullptr (logged) if they do not replay.
  std::shared_ptr<Room> load_room(const RoomRecord& record);
  void hello(const std::shared_ptr<Client>& client, Identity& identity, const protocol::Hello& m, const nlohmann::json& id);
  void set_name(const std::shared_ptr<Client>& client, Identity& identity, const protocol::SetName& m, const nlohmann::json& id);
  void create_room(const std::shared_ptr<Client>& client, Identity& identity, const protocol::CreateRoom& m, const nlohmann::json& id);
  void room_message(const std::shared_ptr<Client>& client, Identity& identity, const protocol::Incoming& incoming);
  // Open rooms of `player` plus creations under way; reserves one if below the limit.
  bool reserve_open_room(std::int64_t player);
  void subscribe_lobby(const std::shared_ptr<Client>& client, const nlohmann::json& id);
  void room_changed();
  // On the strand: the current view, and an update to every subscriber if it
  // differs from the last one published.
  void publish_changes();
  FeedView current_view();
  void remember(Client* client, const std::shared_ptr<Room>& room);
  void sweep();
  void schedule_sweep();

  boost::asio::io_context& io_;
  Store& store_;
  Limits limits_;
  std::shared_ptr<AddressBook> addresses_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::map<std::int64_t, int> creating_;  // player → room creations under way
  std::map<Client*, std::weak_ptr<Client>> lobby_subscribers_;
  std::map<Client*, std::vector<std::weak_ptr<Room>>> client_rooms_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;  // the feed and the sweep
  boost::asio::steady_timer publish_timer_;
  boost::asio::steady_timer sweep_timer_;
  bool publish_pending_ = false;
  FeedView published_;  // on the strand
  std::atomic<int> clients_{0};
};

}  // namespace arena
