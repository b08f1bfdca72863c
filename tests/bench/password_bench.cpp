// How long one Argon2id hash takes at the INTERACTIVE limits, alone and with
// the server's two hashing threads busy: what bounds the logins and sign-ups a
// server answers per second (README, Benchmarks). Run by hand:
//   build/tests/bench/password-bench [hashes]
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "account/password_hasher.hpp"

int main(int argc, char** argv) {
  using clock = std::chrono::steady_clock;
  const int n = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
  auto start = clock::now();
  std::string hash;
  for (int i = 0; i < n; ++i) hash = arena::PasswordHasher::hash_now("benchmark password " + std::to_string(i));
  double alone = std::chrono::duration<double, std::milli>(clock::now() - start).count() / n;
  start = clock::now();
  for (int i = 0; i < n; ++i) arena::PasswordHasher::verify_now(hash, "wrong password");
  double verify = std::chrono::duration<double, std::milli>(clock::now() - start).count() / n;

  // The server's pool: two threads, every verification queued at once.
  boost::asio::io_context io;
  arena::PasswordHasher pool(2, static_cast<std::size_t>(n) + 1);
  int answered = 0;
  start = clock::now();
  for (int i = 0; i < n; ++i) pool.verify(hash, "wrong password", io.get_executor(), [&](arena::PasswordHasher::Verdict) { ++answered; });
  auto work = boost::asio::make_work_guard(io);
  while (answered < n) io.run_one();
  double seconds = std::chrono::duration<double>(clock::now() - start).count();
  std::printf("argon2id interactive: hash %.1f ms, verify %.1f ms (one thread); pool of 2: %.1f verifications/s\n", alone,
              verify, n / seconds);
  return 0;
}
