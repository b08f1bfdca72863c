#pragma once
// The lobby lists (public rooms waiting for a player, games being played) as
// subscribers see them. Rooms push their changes here as domain events; the
// feed keeps its own copy of each listed room, and at most every 200 ms sends
// subscribers what changed in the newest `list_size` of each list. A change
// only lands in a small locked map (the latest per room); the feed's strand
// takes them all when it publishes, so a busy server pays one wake-up per
// publication, not one per event. Everything else lives on the strand.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <map>
#include <mutex>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <unordered_map>

#include "game/client.hpp"
#include "game/room_events.hpp"
#include "protocol/server_messages.hpp"

namespace arena {

class LobbyFeed : public RoomObserver, public std::enable_shared_from_this<LobbyFeed> {
 public:
  LobbyFeed(boost::asio::any_io_executor io, std::size_t list_size);

  // Sends the lists now and their changes from then on.
  void subscribe(const std::shared_ptr<Client>& client, nlohmann::json request_id);
  void unsubscribe(Client* client);
  void stop();

  void on(const RoomLoaded& e) override { update(e.room); }
  void on(const EventCommitted& e) override { update(e.room); }
  void on(const SpectatorsChanged& e) override { update(e.room); }

 private:
  // What subscribers were last sent: id → entry, the newest of each list.
  struct View {
    std::map<std::string, protocol::LobbyEntry> open, live;
    std::int64_t open_total = 0, live_total = 0;
  };
  using Order = std::set<std::pair<std::int64_t, std::string>, std::greater<>>;  // newest first

  struct Change {
    protocol::LobbyEntry entry;
    bool listed;  // public, and open or live
  };
  void update(const RoomSummary& room);
  void take_changes();  // on the strand: the changes since the last time
  void apply(const protocol::LobbyEntry& entry, bool listed);  // on the strand
  void schedule_publish();
  void publish();  // on the strand: the changes since the last publish, to everyone
  View current() const;
  static std::vector<protocol::LobbyEntry> newest_first(const Order& order, const std::map<std::string, protocol::LobbyEntry>& view);

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  boost::asio::steady_timer publish_timer_;
  std::size_t list_size_;
  bool publish_pending_ = false;
  std::unordered_map<std::string, protocol::LobbyEntry> entries_;  // every listed room
  Order open_order_, live_order_;
  View published_;
  std::map<Client*, std::weak_ptr<Client>> subscribers_;

  std::mutex changes_mutex_;
  std::unordered_map<std::string, Change> changes_;  // room id → its latest change
  bool changes_scheduled_ = false;                    // a publication is due
};

}  // namespace arena
