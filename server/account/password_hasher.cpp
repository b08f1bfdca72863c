#include "account/password_hasher.hpp"

#include <boost/asio/post.hpp>
#include <sodium.h>
#include <spdlog/spdlog.h>

#include "util/secure_random.hpp"
#include "util/sodium.hpp"

namespace arena {
namespace {

// A copy of a secret that is wiped when it goes away.
struct Secret {
  std::string text;
  ~Secret() { sodium_memzero(text.data(), text.size()); }
};

}  // namespace

PasswordHasher::PasswordHasher(int threads, std::size_t max_waiting) : max_waiting_(max_waiting) {
  ensure_sodium();
  // The dummy hash is made at once, so that the first unknown username costs
  // one hash like every later one.
  jobs_.push_back([this] { dummy_hash(); });
  for (int i = 0; i < std::max(threads, 1); ++i) threads_.emplace_back([this] { run(); });
}

PasswordHasher::~PasswordHasher() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    jobs_.clear();  // the server is stopping: nobody waits for these answers
  }
  ready_.notify_all();
  for (auto& t : threads_) t.join();
}

void PasswordHasher::run() {
  while (true) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      job();
    } catch (const std::exception& e) {
      spdlog::error("event=password_job_failed error=\"{}\"", e.what());
    }
  }
}

bool PasswordHasher::hash(std::string password, boost::asio::any_io_executor ex, std::function<void(std::string)> done) {
  auto secret = std::make_shared<Secret>(Secret{std::move(password)});
  std::lock_guard lock(mutex_);
  if (stopping_ || jobs_.size() >= max_waiting_) return false;
  jobs_.push_back([secret, ex, done = std::move(done)] {
    std::string result = hash_now(secret->text);
    boost::asio::post(ex, [done, result = std::move(result)] { done(result); });
  });
  ready_.notify_one();
  return true;
}

bool PasswordHasher::verify(std::optional<std::string> stored, std::string password, boost::asio::any_io_executor ex,
                            std::function<void(Verdict)> done) {
  auto secret = std::make_shared<Secret>(Secret{std::move(password)});
  std::lock_guard lock(mutex_);
  if (stopping_ || jobs_.size() >= max_waiting_) return false;
  jobs_.push_back([this, stored = std::move(stored), secret, ex, done = std::move(done)] {
    Verdict verdict;
    if (stored) {
      verdict = verify_now(*stored, secret->text);
    } else {
      verify_now(dummy_hash(), secret->text);  // the same work as for a real account
    }
    boost::asio::post(ex, [done, verdict = std::move(verdict)] { done(verdict); });
  });
  ready_.notify_one();
  return true;
}

const std::string& PasswordHasher::dummy_hash() {
  std::call_once(dummy_once_, [this] {
    std::string password = random_token();
    dummy_ = hash_now(password);
  });
  return dummy_;
}

std::string PasswordHasher::hash_now(std::string_view password) {
  ensure_sodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    return {};
  return out;
}

PasswordHasher::Verdict PasswordHasher::verify_now(const std::string& stored, std::string_view password) {
  ensure_sodium();
  Verdict v;
  // crypto_pwhash_str_verify compares in constant time.
  v.ok = !stored.empty() && crypto_pwhash_str_verify(stored.c_str(), password.data(), password.size()) == 0;
  if (v.ok && needs_rehash(stored)) v.new_hash = hash_now(password);
  return v;
}

bool PasswordHasher::needs_rehash(const std::string& stored) {
  // 1: other limits or another algorithm; -1: not a hash libsodium knows.
  return crypto_pwhash_str_needs_rehash(stored.c_str(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0;
}

}  // namespace arena
