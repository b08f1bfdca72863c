#include "cluster/frame_streams.hpp"

#include "util/secure_random.hpp"

namespace arena {
namespace {

std::uint64_t new_stream_id() {
  std::uint64_t id = 0;
  while (id == 0) random_bytes(&id, sizeof id);
  return id;
}

}  // namespace

bool FrameStreams::send(const std::string& node, const NodeFrame& frame) {
  std::lock_guard lock(mutex_);
  auto it = streams_.find(node);
  if (it == streams_.end()) {
    if (streams_.size() >= kMaxStreams) {
      // Bounded: the stream idle longest gives way (its node starts afresh).
      auto oldest = streams_.begin();
      for (auto s = streams_.begin(); s != streams_.end(); ++s)
        if (s->second.last_frame < oldest->second.last_frame) oldest = s;
      streams_.erase(oldest);
    }
    it = streams_.emplace(node, Stream{new_stream_id(), 0, {}}).first;
  }
  Stream& stream = it->second;
  stream.last_frame = now_();
  // Numbered whether or not the bus takes it: a frame it refused is a gap too.
  return publish_(node, encode(NumberedFrame{self_, stream.id, ++stream.last, frame}));
}

void FrameStreams::tick() {
  std::lock_guard lock(mutex_);
  const auto now = now_();
  for (auto it = streams_.begin(); it != streams_.end();) {
    const Stream& stream = it->second;
    if (now - stream.last_frame > kForgetAfter) {
      it = streams_.erase(it);
      continue;
    }
    if (now - stream.last_frame <= kTickFor) publish_(it->first, encode(NumberedFrame{self_, stream.id, stream.last, FramesTick{}}));
    ++it;
  }
}

std::size_t FrameStreams::streams() const {
  std::lock_guard lock(mutex_);
  return streams_.size();
}

bool FrameGaps::lost_before(const NumberedFrame& frame) {
  std::lock_guard lock(mutex_);
  const auto now = now_();
  const bool tick = std::holds_alternative<FramesTick>(frame.frame);
  auto it = heard_.find(frame.from);
  if (it == heard_.end() || it->second.stream != frame.stream) {
    if (it == heard_.end()) {
      if (heard_.size() >= kMaxStreams) {
        auto oldest = heard_.begin();
        for (auto h = heard_.begin(); h != heard_.end(); ++h)
          if (h->second.at < oldest->second.at) oldest = h;
        heard_.erase(oldest);
      }
      it = heard_.emplace(std::string(frame.from), Heard{}).first;
    }
    it->second = Heard{frame.stream, frame.number, now};
    return false;
  }
  Heard& heard = it->second;
  heard.at = now;
  // A tick names the last number sent; a frame is the one after the last heard.
  const std::uint64_t expected = tick ? heard.last : heard.last + 1;
  const bool lost = frame.number > expected;
  if (frame.number > heard.last) heard.last = frame.number;
  return lost;
}

std::size_t FrameGaps::streams() const {
  std::lock_guard lock(mutex_);
  return heard_.size();
}

}  // namespace arena
