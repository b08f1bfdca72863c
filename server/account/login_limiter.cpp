#include "account/login_limiter.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace arena {
namespace {

std::string account_key(const std::string& username) {
  std::string key = "a:";
  for (unsigned char c : username) key += static_cast<char>(std::tolower(c));
  return key;
}

std::string address_key(const std::string& address) { return "i:" + address; }

// Other nodes' failures for an account: apart from this node's own, so that
// succeeded() can only ever take back this node's attempt.
std::string site_key(const std::string& username) { return "s" + account_key(username); }

// Seconds until fewer than `limit` of `times` (oldest first, all within the
// window) remain in it; 0: fewer already.
template <class Times>
std::int64_t seconds_until_under(const Times& times, std::size_t limit, std::int64_t window_ms, std::int64_t now) {
  if (times.size() < limit) return 0;
  // The oldest failure that keeps the count at the limit leaves the window then.
  std::int64_t frees_at = times[times.size() - limit] + window_ms;
  return std::max<std::int64_t>(1, (frees_at - now + 999) / 1000);
}

}  // namespace

LoginLimiter::LoginLimiter(LoginLimits limits, Clock clock) : limits_(limits), clock_(std::move(clock)) {}

std::int64_t LoginLimiter::retry_after(const std::string& account, const std::string& address) {
  std::lock_guard lock(mutex_);
  std::int64_t now = clock_();
  return std::max(wait_for_account(account, now), wait_for(address_key(address), limits_.per_address, now));
}

std::int64_t LoginLimiter::attempt(const std::string& account, const std::string& address) {
  std::lock_guard lock(mutex_);
  std::int64_t now = clock_();
  std::int64_t wait = std::max(wait_for_account(account, now), wait_for(address_key(address), limits_.per_address, now));
  if (wait > 0) return wait;
  add(account_key(account), limits_.per_account, now);
  add(address_key(address), limits_.per_address, now);
  return 0;
}

void LoginLimiter::failed(const std::string& account, const std::string& address) {
  std::lock_guard lock(mutex_);
  std::int64_t now = clock_();
  add(account_key(account), limits_.per_account, now);
  add(address_key(address), limits_.per_address, now);
}

// Only the success's own attempt is taken back, from the account as from the
// address: forgetting all the account's failures would let a guesser who also
// knows one right password (their own, a shared one) reset the budget at will.
void LoginLimiter::succeeded(const std::string& account, const std::string& address) {
  std::lock_guard lock(mutex_);
  take_back(account_key(account));
  take_back(address_key(address));
}

void LoginLimiter::confirmed_failure(const std::string& account) {
  if (tell_) tell_(account);
}

void LoginLimiter::failed_elsewhere(const std::string& account) {
  std::lock_guard lock(mutex_);
  add(site_key(account), limits_.per_account, clock_());
}

void LoginLimiter::take_back(const std::string& key) {
  auto it = failures_.find(key);
  if (it == failures_.end() || it->second.empty()) return;
  it->second.pop_back();
  if (it->second.empty()) failures_.erase(it);
}

std::size_t LoginLimiter::tracked() const {
  std::lock_guard lock(mutex_);
  return failures_.size();
}

void LoginLimiter::expire(Failures& f, std::int64_t now) const {
  while (!f.empty() && f.front() <= now - limits_.window.count()) f.pop_front();
}

std::int64_t LoginLimiter::wait_for(const std::string& key, int limit, std::int64_t now) {
  auto it = failures_.find(key);
  if (it == failures_.end()) return 0;
  expire(it->second, now);
  if (it->second.empty()) {
    failures_.erase(it);
    return 0;
  }
  return seconds_until_under(it->second, static_cast<std::size_t>(limit), limits_.window.count(), now);
}

std::int64_t LoginLimiter::wait_for_account(const std::string& account, std::int64_t now) {
  std::vector<std::int64_t> times;  // this node's failures and the site's, together
  for (const std::string& key : {account_key(account), site_key(account)}) {
    auto it = failures_.find(key);
    if (it == failures_.end()) continue;
    expire(it->second, now);
    times.insert(times.end(), it->second.begin(), it->second.end());
  }
  std::sort(times.begin(), times.end());
  return seconds_until_under(times, static_cast<std::size_t>(limits_.per_account), limits_.window.count(), now);
}

void LoginLimiter::add(const std::string& key, int limit, std::int64_t now) {
  if (!failures_.count(key) && failures_.size() >= limits_.max_keys) make_room(now);
  Failures& f = failures_[key];
  expire(f, now);
  f.push_back(now);
  // Only the last `limit` failures decide anything.
  while (static_cast<int>(f.size()) > limit) f.pop_front();
}

// Forgets keys whose failures all left the window; if none did, the one whose
// last failure is the oldest.
void LoginLimiter::make_room(std::int64_t now) {
  for (auto it = failures_.begin(); it != failures_.end();) {
    expire(it->second, now);
    it = it->second.empty() ? failures_.erase(it) : std::next(it);
  }
  if (failures_.size() < limits_.max_keys) return;
  auto stalest = std::min_element(failures_.begin(), failures_.end(),
                                  [](const auto& a, const auto& b) { return a.second.back() < b.second.back(); });
  failures_.erase(stalest);
}

}  // namespace arena
