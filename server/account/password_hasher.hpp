#pragma once
// Argon2id password hashes through libsodium (crypto_pwhash_str at the
// INTERACTIVE limits: 64 MiB and a few tenths of a second each), computed on a
// small pool of threads of its own — never on an I/O thread — with a bounded
// queue: a flood of logins waits or is refused, it never starves the games.
#include <boost/asio/any_io_executor.hpp>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace arena {

class PasswordHasher {
 public:
  struct Verdict {
    bool ok = false;       // the password matches
    std::string new_hash;  // set when it matched and the stored hash needed rehashing
  };

  // `threads` hashes at once (the bound is 2); beyond `max_waiting`
  // jobs queued, more are refused.
  explicit PasswordHasher(int threads = 2, std::size_t max_waiting = 64);
  ~PasswordHasher();  // drops the jobs still queued, waits for those running
  PasswordHasher(const PasswordHasher&) = delete;
  PasswordHasher& operator=(const PasswordHasher&) = delete;

  // Each returns false (and queues nothing) when the queue is full; otherwise
  // `done` is posted to `ex` once the work is done. An empty hash: the hash
  // could not be computed (out of memory).
  bool hash(std::string password, boost::asio::any_io_executor ex, std::function<void(std::string hash)> done);
  // `stored` none: the account does not exist; the same work is done against a
  // dummy hash so that the answer's timing does not tell (ok is false then).
  bool verify(std::optional<std::string> stored, std::string password, boost::asio::any_io_executor ex,
              std::function<void(Verdict)> done);

  // The same, synchronously (the command line, tests).
  static std::string hash_now(std::string_view password);
  static Verdict verify_now(const std::string& stored, std::string_view password);
  static bool needs_rehash(const std::string& stored);

 private:
  void run();
  const std::string& dummy_hash();

  const std::size_t max_waiting_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::once_flag dummy_once_;
  std::string dummy_;
  std::vector<std::thread> threads_;
};

}  // namespace arena
