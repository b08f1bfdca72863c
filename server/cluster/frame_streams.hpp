#pragma once
// The frames a room's node sends the nodes its remote players are on, as
// numbered streams (#42). NATS delivers at most once: a bus cut, or a NATS
// restart, loses what was on the way, and a frame lost at the end of a burst
// (a player's move, then nothing until the opponent answers it) was never
// missed by anyone: the opponent waited for a move already made, and a new
// game was aborted for want of a first action. Numbered, a lost frame shows
// as a gap at the next frame, or at the next tick (the sender's last number,
// repeated every third of a lease for a while after its last frame); the
// receiving node then resyncs its connections in the sender's rooms.
//
// FrameStreams is the sending side, FrameGaps the receiving one. Both are
// thread-safe and bounded: one entry per node, forgotten after kForgetAfter
// without a frame (a forgotten stream starts afresh under a new stream id).
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "cluster/cluster_codec.hpp"

namespace arena {

using FrameClock = std::chrono::steady_clock;

class FrameStreams {
 public:
  static constexpr auto kTickFor = std::chrono::seconds(30);       // ticks after a stream's last frame
  static constexpr auto kForgetAfter = std::chrono::minutes(10);   // a stream without frames is forgotten
  static constexpr std::size_t kMaxStreams = 10000;                // nodes sent to at once, at most

  // `publish(node, text)` sends a numbered frame's text to `node`'s frame subject.
  using Publish = std::function<bool(const std::string& node, std::string text)>;
  FrameStreams(std::string self, Publish publish, std::function<FrameClock::time_point()> now = FrameClock::now)
      : self_(std::move(self)), publish_(std::move(publish)), now_(std::move(now)) {}

  // Numbers `frame` in the stream to `node` and publishes it, in that order
  // for every caller (the numbers and the bus agree); false if the bus refused it.
  bool send(const std::string& node, const NodeFrame& frame);
  // To each node sent a frame within kTickFor: a tick with the last number.
  // Streams without a frame for kForgetAfter are forgotten.
  void tick();
  std::size_t streams() const;

 private:
  struct Stream {
    std::uint64_t id = 0;
    std::uint64_t last = 0;  // the last number sent
    FrameClock::time_point last_frame;
  };
  std::string self_;
  Publish publish_;
  std::function<FrameClock::time_point()> now_;
  mutable std::mutex mutex_;  // held while publishing: numbers go out in order
  std::map<std::string, Stream> streams_;
};

class FrameGaps {
 public:
  static constexpr std::size_t kMaxStreams = 10000;

  explicit FrameGaps(std::function<FrameClock::time_point()> now = FrameClock::now) : now_(std::move(now)) {}
  // A numbered frame (or tick) from `from` heard: whether frames it sent
  // before were lost. The first heard of a stream starts it (what came
  // before it, this node did not wait for).
  bool lost_before(const NumberedFrame& frame);
  std::size_t streams() const;

 private:
  struct Heard {
    std::uint64_t stream = 0;
    std::uint64_t last = 0;  // the highest number heard
    FrameClock::time_point at;
  };
  std::function<FrameClock::time_point()> now_;
  mutable std::mutex mutex_;
  std::map<std::string, Heard, std::less<>> heard_;
};

}  // namespace arena
