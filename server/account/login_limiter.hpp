#pragma once
// Failed logins in a sliding window, per account and per client address: at
// most 10 per account and 100 per address in 10 minutes (PROTOCOL.md, Login
// limits). The clock is injected, so tests need not wait. Bounded: at most
// `max_keys` keys are tracked; beyond that, the stalest is forgotten. Among a
// site's nodes (#30) an account's failures count on every node (set_site);
// an address's stay with the node that saw them.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>

namespace arena {

struct LoginLimits {
  int per_account = 10;
  int per_address = 100;
  std::chrono::milliseconds window{10 * 60 * 1000};
  std::size_t max_keys = 100000;
};

class LoginLimiter {
 public:
  using Clock = std::function<std::int64_t()>;  // ms, monotonic enough

  LoginLimiter(LoginLimits limits, Clock clock);

  // Seconds until `account` may be tried again from `address`; 0: now.
  std::int64_t retry_after(const std::string& account, const std::string& address);
  // retry_after, and when it is 0 the attempt is counted as a failure at once
  // (in the same lock): many attempts sent together cannot all pass the check
  // before the first is judged. succeeded() takes it back.
  std::int64_t attempt(const std::string& account, const std::string& address);
  // A wrong password (or unknown account) for `account` from `address`.
  void failed(const std::string& account, const std::string& address);
  // A successful login (after attempt()): that one attempt no longer counts,
  // against the account nor the address; earlier failures still do.
  void succeeded(const std::string& account, const std::string& address);
  // The attempt for `account` was judged a failure (after attempt()): every
  // other node of the site is told, so that guesses spread over nodes still
  // meet the one per-account limit.
  void confirmed_failure(const std::string& account);
  // Another node's confirmed failure for `account`: counted against the
  // account here too (not against an address: whose it was stays there).
  void failed_elsewhere(const std::string& account);
  // Set once before the server serves; none: this node is the whole site.
  void set_site(std::function<void(const std::string& account)> tell) { tell_ = std::move(tell); }
  std::size_t tracked() const;

 private:
  using Failures = std::deque<std::int64_t>;  // times, oldest first, within the window
  // Seconds until `key` is under `limit` failures again; 0: it is.
  std::int64_t wait_for(const std::string& key, int limit, std::int64_t now);
  // The same for an account: its failures here and those the site told of.
  std::int64_t wait_for_account(const std::string& account, std::int64_t now);
  void add(const std::string& key, int limit, std::int64_t now);
  void take_back(const std::string& key);  // the newest entry of `key`, if any
  void expire(Failures& f, std::int64_t now) const;
  void make_room(std::int64_t now);

  LoginLimits limits_;
  Clock clock_;
  std::function<void(const std::string&)> tell_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Failures> failures_;  // "a:" + lower-case username, "i:" + address
};

}  // namespace arena
