#pragma once
// Asynchronous steps one after another, without a std::function that holds
// itself (and so without a cycle to break by hand). The server's loops that
// wait for the store between their steps (restoring rooms one at a time, the
// lease renewals) use it.
//
// Why not Asio's C++20 coroutines: Boost 1.74 (Debian 12's) enables
// boost::asio::awaitable only for GCC; under clang 14, which builds the
// sanitizer and fuzzing builds, BOOST_ASIO_HAS_CO_AWAIT is not defined and
// awaitable does not exist.
#include <atomic>
#include <cstddef>
#include <limits>
#include <memory>
#include <utility>

namespace arena {

namespace detail {

template <class Step, class Done>
class StepLoop : public std::enable_shared_from_this<StepLoop<Step, Done>> {
 public:
  StepLoop(std::size_t count, Step step, Done done) : count_(count), step_(std::move(step)), done_(std::move(done)) {}

  // Starts the next step, or ends the loop. A step whose `next` is called
  // before it returns (it had nothing to wait for) is followed here, in this
  // frame, not one frame deeper: a long run of such steps needs no stack.
  void resume() {
    if (pending_.fetch_add(1) > 0) return;  // the loop below is running: it goes on
    do {
      if (i_ == count_) {
        if (!finished_) {
          finished_ = true;
          done_();
        }
        return;
      }
      std::size_t i = i_++;
      step_(i, Next{this->shared_from_this()});
    } while (pending_.fetch_sub(1) > 1);
  }

  // What a step calls, once, when it is done. It keeps the loop alive; the
  // loop does not keep it.
  class Next {
   public:
    explicit Next(std::shared_ptr<StepLoop> loop) : loop_(std::move(loop)) {}
    void operator()() const { loop_->resume(); }

   private:
    std::shared_ptr<StepLoop> loop_;
  };

 private:
  const std::size_t count_;
  std::size_t i_ = 0;
  bool finished_ = false;
  std::atomic<int> pending_{0};
  Step step_;
  Done done_;
};

}  // namespace detail

// Runs step(i, next) for i = 0 … count-1, each after the one before called
// its `next()` (exactly once, on any thread), then done(). With count 0, done()
// runs at once. A step that never calls next() ends the loop there (done() is
// not called) and frees it.
template <class Step, class Done>
void for_each_step(std::size_t count, Step step, Done done) {
  auto loop = std::make_shared<detail::StepLoop<Step, Done>>(count, std::move(step), std::move(done));
  loop->resume();
}

// Runs step(next) again and again, each after the one before called its
// next(), until a step does not call it: a loop with no end of its own (a
// timer's, say).
template <class Step>
void repeat_steps(Step step) {
  for_each_step(
      std::numeric_limits<std::size_t>::max(), [step = std::move(step)](std::size_t, auto next) { step(std::move(next)); },
      [] {});
}

}  // namespace arena
