#pragma once
// The lobby lists (public rooms waiting for a player, games being played) as
// subscribers see them. Rooms push their changes here as domain events; the
// feed keeps its own copy of each listed room, and at most every 200 ms sends
// subscribers what changed in the newest `list_size` of each list. A change
// only lands in a small locked map (the latest per room); the feed's strand
// takes them all when it publishes, so a busy server pays one wake-up per
// publication, not one per event. Everything else lives on the strand.
// A live game is listed only while it is active (RoomSummary::active). Apart
// from the lists, the feed knows every player's own open and live rooms
// (private and unlisted ones too): a subscriber gets theirs as `mine`, and
// `lobby_mine` whenever they change.
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

  // Sends the lists now (with `player`'s own games) and their changes from then on.
  void subscribe(const std::shared_ptr<Client>& client, std::int64_t player, nlohmann::json request_id);
  void unsubscribe(Client* client);
  void stop();

  void on(const RoomLoaded& e) override { update(e.room); }
  void on(const EventCommitted& e) override { update(e.room); }
  void on(const SpectatorsChanged& e) override { update(e.room); }
  void on(const ActivityChanged& e) override { update(e.room); }
  void on(const SeatsChanged& e) override { update(e.room); }

 private:
  // What subscribers were last sent: id → entry, the newest of each list.
  struct View {
    std::map<std::string, protocol::LobbyEntry> open, live;
    std::int64_t open_total = 0, live_total = 0;
  };
  using Order = std::set<std::pair<std::int64_t, std::string>, std::greater<>>;  // newest first

  struct Change {
    protocol::LobbyEntry entry;
    bool listed;  // public, and open or live (and active)
    bool going;   // open or live
    std::int64_t white = 0, black = 0;  // the seated players
  };
  void update(const RoomSummary& room);
  void take_changes();  // on the strand: the changes since the last time
  void apply(const Change& change);  // on the strand
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
  struct Subscriber {
    std::weak_ptr<Client> client;
    std::int64_t player = 0;
  };
  std::map<Client*, Subscriber> subscribers_;
  std::set<std::int64_t> mine_changed_;  // players whose own games changed since the last publish
  std::vector<protocol::LobbyEntry> mine_of(std::int64_t player) const;
  // Every player's open and live rooms, newest first: player → (created_at, id) → entry.
  std::unordered_map<std::int64_t, std::map<std::pair<std::int64_t, std::string>, protocol::LobbyEntry, std::greater<>>> mine_;
  std::unordered_map<std::string, std::pair<std::int64_t, std::int64_t>> seats_;  // room id → its players, as in mine_

  std::mutex changes_mutex_;
  std::unordered_map<std::string, Change> changes_;  // room id → its latest change
  bool changes_scheduled_ = false;                    // a publication is due
};

}  // namespace arena
