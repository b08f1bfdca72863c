#pragma once
// The streams open through the bot and board API on this node (#45): their
// bounds per account, one stream of a game per token (a new one replaces the
// old, which ends: a client that lost its connection comes back at once), and
// the streams of a token, ended when it is revoked. Thread-safe; a stream's
// sink is ended outside the lock.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "net/line_sink.hpp"

namespace arena {

class OpenStreams {
 public:
  struct Limits {
    int per_account = 32;        // game and event streams together
    int events_per_account = 4;  // event streams
    int per_node = 4096;         // every stream on this node (each holds a connection and a room's client)
  };
  // A stream opened (its id), or why not: the account's bounds, or the node's.
  struct Opening {
    std::uint64_t id = 0;
    bool node_full = false;
    explicit operator bool() const { return id != 0; }
  };
  explicit OpenStreams(Limits limits) : limits_(limits) {}

  // A new stream of `account` through the token `token`: of the game `room`,
  // or the event stream (`room` empty); refused beyond the bounds.
  Opening open(std::int64_t account, const std::string& token, const std::string& room);
  // The stream's sink, once its head is written (ended at once if the stream
  // was replaced or its token revoked meanwhile).
  void attach(std::uint64_t id, const std::shared_ptr<LineSink>& sink);
  // The stream ended.
  void close(std::uint64_t id);
  // Ends every stream opened with `token` (revoked).
  void end_token(const std::string& token);
  int open_count();

 private:
  struct Entry {
    std::int64_t account = 0;
    std::string token, room;
    std::weak_ptr<LineSink> sink;
    bool ended = false;  // replaced or revoked: its sink ends as soon as it is known
  };
  static void end_all(const std::vector<std::shared_ptr<LineSink>>& sinks);

  Limits limits_;
  std::mutex mutex_;
  std::uint64_t next_ = 1;
  std::map<std::uint64_t, Entry> entries_;
  std::map<std::int64_t, std::set<std::uint64_t>> by_account_;
};

}  // namespace arena
