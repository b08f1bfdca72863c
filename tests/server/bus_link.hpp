#pragma once
// A node's own way to NATS: a TCP forwarder on a loopback port of the test
// process (the soak, the cluster tests), so that a test can cut one node off
// the bus without root (no firewall rules). The node is started with
// --bus nats://127.0.0.1:port().
#include <chrono>
#include <memory>
#include <string>

namespace test_support {

class BusLink {
 public:
  explicit BusLink(int nats_port);  // listens at once, on its own thread
  ~BusLink();
  BusLink(const BusLink&) = delete;
  BusLink& operator=(const BusLink&) = delete;

  int port() const;
  std::string url() const { return "nats://127.0.0.1:" + std::to_string(port()); }
  // A partition of `length`: every byte either way is swallowed (the node's
  // publishes vanish and it hears nothing, as on a network that lost its
  // packets, before TCP notices), connections opened meanwhile are closed at
  // once, and at the end every forwarded connection is dropped, so that the
  // node's NATS client reconnects through a healed link.
  void cut(std::chrono::milliseconds length);
  bool cut_now() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace test_support
