#include "app/heartbeat.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "util/log_text.hpp"

namespace arena {

Heartbeat::Heartbeat(boost::asio::any_io_executor io, RoomLeases& store, std::string node, Clock clock)
    : strand_(boost::asio::make_strand(io)), store_(store), node_(std::move(node)), clock_(std::move(clock)), timer_(strand_) {}

void Heartbeat::start() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->beat(); });
}

void Heartbeat::stop() {
  if (stopped_.exchange(true)) return;
  // Queued in the store now, not on the strand: the I/O threads may stop
  // before the strand would run, and the store writes what was queued.
  std::int64_t now = clock_();
  store_.node_alive(node_, now, 0, strand_, [](const std::string&) {});
  boost::asio::post(strand_, [self = shared_from_this()] { self->timer_.cancel(); });
}

void Heartbeat::beat() {
  if (stopped_) return;
  // A store that is slow or down (PostgreSQL restarting) gets one beat at a
  // time, not a queue of them.
  if (!writing_) write();
  schedule();
}

void Heartbeat::write() {
  writing_ = true;
  std::int64_t now = clock_();
  // Old heartbeats of other nodes are looked for once, with this run's first.
  std::int64_t forget_before = forgotten_ ? 0 : now - kForgetAfterMs;
  forgotten_ = true;
  store_.node_alive(node_, now, forget_before, strand_, [self = shared_from_this()](const std::string& error) {
    self->writing_ = false;
    if (!error.empty()) spdlog::warn("event=heartbeat_failed node={} error=\"{}\"", self->node_, log_text(error));
  });
}

void Heartbeat::schedule() {
  if (stopped_) return;
  timer_.expires_after(kPeriod);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->beat();
  });
}

}  // namespace arena
