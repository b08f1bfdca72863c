#pragma once
// Whether this node should be sent traffic: GET /api/ready (PROTOCOL.md),
// for load balancers. Starting until its store is open and its rooms are
// restored, then ready, then draining from the stop signal on. /api/health is
// the other question (is the process alive) and stays 200 throughout.
#include <atomic>
#include <string_view>

namespace arena {

class Readiness {
 public:
  enum class State { starting, ready, draining };

  // Read and moved from any thread. Only forward: a draining node never becomes ready again.
  State state() const { return state_.load(); }
  bool ready() const { return state() == State::ready; }
  void serving() {
    State expected = State::starting;
    state_.compare_exchange_strong(expected, State::ready);
  }
  void draining() { state_.store(State::draining); }

  static std::string_view name(State state) {
    switch (state) {
      case State::starting: return "starting";
      case State::ready: return "ready";
      case State::draining: return "draining";
    }
    return "starting";
  }

 private:
  std::atomic<State> state_{State::starting};
};

}  // namespace arena
