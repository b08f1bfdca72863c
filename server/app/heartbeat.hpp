#pragma once
// This server's heartbeat (#31): every second it writes "alive at now" for
// its node (store RoomLeases::node_alive). When a room resumes after its server
// died (another node took the lease over, or the one server restarted), the
// time after that server's last heartbeat was nobody's: the room's running
// clock is credited it (GameAuthority::resumed_after). So the heartbeat starts
// only after this server restored its rooms: until then the stored value is
// its previous run's, which the restore reads.
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "game/room_leases.hpp"
#include "util/clock.hpp"

namespace arena {

class Heartbeat : public std::enable_shared_from_this<Heartbeat> {
 public:
  // How often it beats: the most a crash can cost the player on move.
  static constexpr std::chrono::milliseconds kPeriod{1000};
  // Heartbeats of other nodes older than this, holding no lease, are deleted
  // (by this run's first beat: they only pile up across restarts).
  static constexpr std::int64_t kForgetAfterMs = 7LL * 24 * 3600 * 1000;
  // The one server of a site without --bus writes under this name.
  static constexpr const char* kSingle = "single";

  Heartbeat(boost::asio::any_io_executor io, RoomLeases& store, std::string node, Clock clock);
  // Beats now and every kPeriod until stop().
  void start();
  // A last beat now (a drain: the rooms are given up from this moment), then
  // no more. From any thread.
  void stop();

 private:
  void beat();      // writes unless a write is under way, and schedules the next
  void write();
  void schedule();

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  RoomLeases& store_;
  std::string node_;
  Clock clock_;
  boost::asio::steady_timer timer_;
  std::atomic<bool> stopped_{false};
  bool writing_ = false;   // a beat is queued in the store: the next waits for it
  bool forgotten_ = false;  // the first beat deleted other nodes' old heartbeats
};

}  // namespace arena
