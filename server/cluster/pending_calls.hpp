#pragma once
// The calls this node forwarded to a room's owner that wait for their answer
// (#42, defect 6). An owner that died, hangs or is cut off answers nothing,
// and until a takeover's arena.rooms.moved reached this node (if it ever
// does) the player would wait with no end. Each call with a request id is
// remembered until its ack or error comes back; one older than the timeout
// is answered here, `node_timeout`, which tells the client to resync the room
// and send it again if the resync does not show it. Thread-safe: calls are
// sent from connections' strands, answers arrive on the bus's thread.
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace arena {

class PendingCalls {
 public:
  using Clock = std::chrono::steady_clock;
  struct Call {
    std::uint64_t conn = 0;  // the connection's number (ConnectionRoutes)
    nlohmann::json request_id;
    std::string room, owner;
    Clock::time_point sent;
  };

  // At most `max_calls` wait at once: beyond, the oldest is no longer waited
  // for (it is answered by its owner, or by nobody, as before #42).
  explicit PendingCalls(std::size_t max_calls = 10000) : max_calls_(max_calls) {}

  void sent(Call call);
  // A frame for connection `conn`: the call it answers (an ack's or an
  // error's "id") waits no more. Only parsed while that connection waits.
  void answered(std::uint64_t conn, std::string_view frame);
  // The calls sent before `now - timeout` still unanswered, which leave.
  std::vector<Call> expired(Clock::time_point now, Clock::duration timeout);
  std::size_t size() const;

 private:
  std::size_t max_calls_;
  mutable std::mutex mutex_;
  std::deque<Call> calls_;  // in the order sent (so the oldest first)
  std::map<std::uint64_t, int> waiting_;  // per connection, how many
  void forget_at(std::size_t i);  // with mutex_
};

}  // namespace arena
