#pragma once
// Limits every connection lives with.
#include <chrono>
#include <cstddef>

namespace arena {

struct Limits {
  std::size_t max_frame_bytes = 4096;      // a larger frame closes the connection (1009)
  std::size_t max_queued_frames = 1024;    // a client that reads slower is disconnected
  double messages_per_second = 20;         // sustained rate per connection
  double message_burst = 60;
  int max_rate_violations = 200;           // then the connection is closed (1008)
  std::chrono::seconds handshake_timeout{10};
  std::chrono::seconds idle_timeout{60};   // pings are sent at half of it
  std::size_t max_http_body = 16 * 1024;
};

}  // namespace arena
