#pragma once
// Who is in a room and what they have seen: the subscribers (players in their
// seats and spectators), fan-out of frames built once for all of them, and a
// bounded ring of the latest event frames, so that a client that missed a few
// events gets just those; one that missed more gets a snapshot instead. Used
// only on its room's strand.
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "engine/color.hpp"
#include "game/client.hpp"

namespace arena {

struct CrowdLimits {
  std::size_t history_events = 64;           // event frames kept for resync ...
  std::size_t history_bytes = 256 * 1024;    // ... and at most this many bytes of them
};

class Crowd {
 public:
  explicit Crowd(CrowdLimits limits) : limits_(limits) {}

  // Adds the client or changes its seat; true if the number of spectators changed.
  bool subscribe(const std::shared_ptr<Client>& client, std::optional<engine::Color> seat);
  // True if a spectator left.
  bool remove(Client* client);
  int spectators() const { return spectators_; }

  void broadcast(const Frame& frame);
  // The frame to the seated players only (their chat channel).
  void send_to_players(const Frame& frame);
  // A chat line of `writer` to the seated players (`players_only`) or to
  // everyone, but not to those who blocked the writer (#34).
  void send_chat(const Frame& frame, std::int64_t writer, bool players_only);
  // Every subscriber reconnects (Client::reconnect): the room is served elsewhere now.
  void reconnect_all(const char* reason);
  // Whether `seat` has a live connection in the room.
  bool seated(engine::Color seat) const;
  // The frame to every subscriber in `seat` (built only if one is there).
  template <class Build>
  void send_to_seat(engine::Color seat, Build&& build) {
    Frame frame;
    for (auto& [ptr, sub] : subscribers_) {
      if (sub.seat != seat) continue;
      auto client = sub.client.lock();
      if (!client) continue;
      if (!frame) frame = build();
      client->send(frame);
    }
  }

  // The event `seq` (the next in order) joins the ring.
  void record(std::int64_t seq, Frame frame);
  // The event frames after `since` up to `last`, or nullopt when the ring no
  // longer holds them all (or `since` is ahead).
  std::optional<std::vector<Frame>> since(std::int64_t since, std::int64_t last) const;

 private:
  struct Subscriber {
    std::weak_ptr<Client> client;
    std::optional<engine::Color> seat;  // empty: spectator
  };

  CrowdLimits limits_;
  std::map<Client*, Subscriber> subscribers_;
  int spectators_ = 0;
  std::deque<Frame> ring_;  // events first_seq_ .. first_seq_ + size - 1
  std::int64_t first_seq_ = 1;
  std::size_t ring_bytes_ = 0;
};

}  // namespace arena
