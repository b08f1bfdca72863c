// util/async_loop.hpp: steps one after another, however they complete.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <algorithm>
#include <atomic>
#include <future>
#include <memory>
#include <vector>

#include "util/async_loop.hpp"

using arena::for_each_step;

TEST_CASE("for_each_step: no steps, done at once") {
  int done = 0;
  for_each_step(0, [](std::size_t, auto) { FAIL("no step may run"); }, [&] { ++done; });
  CHECK(done == 1);
}

TEST_CASE("for_each_step: steps that finish at once run in order, without a deeper stack each") {
  // A million steps calling next() before returning: one frame deeper per
  // step would overflow the stack long before the end.
  std::size_t seen = 0, done = 0;
  bool in_order = true;
  for_each_step(
      1000000, [&](std::size_t i, auto next) { in_order = in_order && i == seen++; next(); }, [&] { ++done; });
  CHECK(in_order);
  CHECK(seen == 1000000);
  CHECK(done == 1);
}

TEST_CASE("for_each_step: steps that finish later, on an executor, run one after another") {
  boost::asio::io_context io;
  std::vector<std::size_t> order;
  int running = 0, most_running = 0, done = 0;
  for_each_step(
      50,
      [&](std::size_t i, auto next) {
        most_running = std::max(most_running, ++running);
        boost::asio::post(io, [&, i, next] {
          order.push_back(i);
          --running;
          next();
        });
      },
      [&] { ++done; });
  CHECK(order.empty());  // nothing ran before the executor did
  io.run();
  REQUIRE(order.size() == 50);
  for (std::size_t i = 0; i < order.size(); ++i) CHECK(order[i] == i);
  CHECK(most_running == 1);
  CHECK(done == 1);
}

TEST_CASE("for_each_step: steps finishing on other threads, some at once and some later") {
  boost::asio::thread_pool pool(2);
  std::atomic<int> steps{0};
  std::promise<int> finished;
  for_each_step(
      2000,
      [&](std::size_t i, auto next) {
        ++steps;
        if (i % 3 == 0) return next();
        boost::asio::post(pool, next);
      },
      [&] { finished.set_value(steps.load()); });
  CHECK(finished.get_future().get() == 2000);
  pool.join();
}

TEST_CASE("for_each_step: a step that does not call next ends the loop and frees it") {
  auto sentinel = std::make_shared<int>(0);
  std::weak_ptr<int> watch = sentinel;
  int done = 0;
  for_each_step(
      10,
      [sentinel](std::size_t i, auto next) {
        if (i < 3) return next();
        (void)next;  // dropped: the loop ends here
      },
      [&] { ++done; });
  sentinel.reset();
  CHECK(done == 0);
  CHECK(watch.expired());  // nothing holds the loop (and what its steps captured) any more
}
