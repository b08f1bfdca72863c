#pragma once
// What a node counts for its operators, served as GET /metrics in the
// Prometheus text format (PROTOCOL.md, "Metrics"). A plain interface: only
// metrics.cpp sees prometheus-cpp, so the parts that count (the store's group
// commit, the rooms, the cluster) compile without it.
//
// One per process, as the process_* metrics it also serves are: the hooks sit
// deep in the store's writer thread, the rooms and the NATS client's threads,
// and none of them should carry it through every constructor. Every method is
// safe from any thread.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace arena {

// Why a node dropped a message of the bus (#42): the "reason" label of
// gipf_arena_bus_dropped_total, by bus_drop_name().
enum class BusDrop {
  Undecodable,    // its text is not one of the messages its subject carries (or a field is missing)
  UnknownOp,      // it names an op or kind no message of this build has
  HandlerFailed,  // its handler threw
  QueueFull,      // the NATS client's pending queue for the subscription was full (a slow consumer)
  NotSent,        // this node's own, refused by the bus (closed, or its reconnect buffer full)
  Lost,           // another node's frames to this one, missing from its numbered stream (counted once a gap)
};
std::string_view bus_drop_name(BusDrop reason);
// A bus decoder's "no message": nullopt, and `reason` in `why` when asked.
template <class T>
std::optional<T> not_decoded(BusDrop* why, BusDrop reason) {
  if (why) *why = reason;
  return std::nullopt;
}

class Metrics {
 public:
  // Read at each scrape, on the scraping thread.
  struct Gauges {
    int connections = 0;  // open WebSockets
    int rooms = 0;        // rooms this node holds and serves
  };

  static Metrics& process();

  // A player's action stored and acknowledged.
  void action_accepted();
  // A player's action refused, by its error code's name (PROTOCOL.md): "not_your_turn", …
  void action_refused(std::string_view code);
  // One group commit of the store: how many writes it carried and how long it took.
  void commit(std::size_t writes, double seconds);
  // A call for a room another node owns, handed to the bus.
  void forwarded(double seconds);
  // A forwarded call its room's node did not answer in time (node_timeout).
  void forward_timeout();
  // This node took over a room whose owner's lease had lapsed.
  void lease_takeover();
  // One renewal of this node's leases: the rows it kept (the rooms held now,
  // not every room the node ever had: #42) and the time from asking to answer.
  void lease_renewal(std::size_t rows, double seconds);
  // The connection to NATS was lost and made again.
  void nats_reconnect();
  // `count` messages of the bus dropped, for `reason`.
  void bus_dropped(BusDrop reason, std::uint64_t count = 1);

  // Everything, in the Prometheus text exposition format (version 0.0.4).
  std::string text(const Gauges& gauges);

  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

 private:
  Metrics();
  ~Metrics();
  struct Parts;
  std::unique_ptr<Parts> parts_;
};

}  // namespace arena
