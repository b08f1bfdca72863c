#include "mail/mailer.hpp"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstring>
#include <optional>

#include "mail/mail_message.hpp"
#include "util/log_text.hpp"
#include "util/secure_random.hpp"

namespace arena {
namespace {

constexpr int kClaimBatch = 10;
constexpr std::int64_t kMaxBackoffMs = 3600 * 1000;
constexpr std::int64_t kIdlePollMs = 60 * 1000;

// Asks the store on the mailer's thread: runs `io` until the answer comes
// (the store always posts one, a refusal included).
template <class T, class Start>
Stored<T> ask(boost::asio::io_context& io, Start start) {
  std::optional<Stored<T>> answer;
  auto guard = boost::asio::make_work_guard(io);
  io.restart();
  start(io.get_executor(), [&answer](Stored<T> a) { answer = std::move(a); });
  while (!answer) io.run_one();
  return std::move(*answer);
}

std::string done_error(boost::asio::io_context& io, const std::function<void(StoreExecutor, StoreDone)>& start) {
  auto answer = ask<bool>(io, [&](StoreExecutor ex, StoreReply<bool> reply) {
    start(ex, [reply](const std::string& error) { reply(Stored<bool>{error.empty(), error}); });
  });
  return answer.error;
}

struct Upload {
  const std::string* data;
  std::size_t offset = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* u = static_cast<Upload*>(user);
  std::size_t n = std::min(size * count, u->data->size() - u->offset);
  std::memcpy(buffer, u->data->data() + u->offset, n);
  u->offset += n;
  return n;
}

}  // namespace

std::string shown_smtp(const std::string& url) {
  auto scheme = url.find("://");
  if (scheme == std::string::npos) return url;
  auto at = url.find('@', scheme + 3);
  auto colon = url.find(':', scheme + 3);
  if (at == std::string::npos || colon == std::string::npos || colon > at) return url;
  return url.substr(0, colon + 1) + "***" + url.substr(at);
}

Mailer::Mailer(MailerSettings settings, MailStore& store, Clock clock)
    : settings_(std::move(settings)), store_(store), clock_(std::move(clock)) {}

Mailer::~Mailer() { stop(); }

void Mailer::start() {
  thread_ = std::thread([this] { run(); });
}

void Mailer::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  wakeup_.notify_one();
}

void Mailer::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wakeup_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void Mailer::sleep_until(std::int64_t until_ms) {
  std::int64_t wait = std::clamp<std::int64_t>(until_ms - clock_(), 0, kIdlePollMs);
  std::unique_lock lock(mutex_);
  wakeup_.wait_for(lock, std::chrono::milliseconds(wait), [this] { return stopping_ || woken_; });
  woken_ = false;
}

void Mailer::run() {
  boost::asio::io_context io;
  auto abandoned = ask<std::int64_t>(io, [this](StoreExecutor ex, StoreReply<std::int64_t> reply) {
    store_.abandon_claimed(std::move(ex), std::move(reply));
  });
  if (!abandoned.ok())
    spdlog::error("event=mail_store_failed error=\"{}\"", log_text(abandoned.error));
  else if (abandoned.value > 0)
    spdlog::warn("event=mail_abandoned count={} why=\"claimed by a server that stopped while sending\"", abandoned.value);
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      woken_ = false;
    }
    std::int64_t now = clock_();
    auto claimed = ask<std::vector<OutboxMail>>(io, [this, now](StoreExecutor ex, StoreReply<std::vector<OutboxMail>> reply) {
      store_.claim_mail(now, kClaimBatch, std::move(ex), std::move(reply));
    });
    if (!claimed.ok()) {
      spdlog::error("event=mail_store_failed error=\"{}\"", log_text(claimed.error));
      sleep_until(clock_() + settings_.retry_ms);
      continue;
    }
    for (const OutboxMail& mail : claimed.value) {
      MailResult result = send(mail);
      std::string error = done_error(io, [this, result](StoreExecutor ex, StoreDone done) {
        store_.finish_mail(result, std::move(ex), std::move(done));
      });
      if (!error.empty()) spdlog::error("event=mail_store_failed id={} error=\"{}\"", mail.id, log_text(error));
    }
    if (!claimed.value.empty()) continue;
    auto due = ask<std::optional<std::int64_t>>(io, [this](StoreExecutor ex, StoreReply<std::optional<std::int64_t>> reply) {
      store_.next_mail_due(std::move(ex), std::move(reply));
    });
    sleep_until(due.ok() && due.value ? *due.value : clock_() + kIdlePollMs);
  }
}

MailResult Mailer::send(const OutboxMail& mail) {
  MailResult result;
  result.id = mail.id;
  std::string message = compose_mail(mail, settings_.from, clock_(), random_token().substr(0, 32));
  CURL* curl = curl_easy_init();
  if (!curl) {
    result.kind = MailResult::kRetry;
    result.error = "curl_easy_init failed";
  } else {
    Upload upload{&message};
    std::string from = "<" + settings_.from + ">";
    std::string to = "<" + mail.to + ">";
    curl_slist* recipients = curl_slist_append(nullptr, to.c_str());
    char error_text[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(curl, CURLOPT_URL, settings_.smtp.c_str());
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    curl_easy_setopt(curl, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_TRY));  // STARTTLS when offered
    curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from.c_str());
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_upload);
    curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error_text);
    CURLcode code = curl_easy_perform(curl);
    long response = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response);
    curl_slist_free_all(recipients);
    curl_easy_cleanup(curl);
    if (code == CURLE_OK) {
      result.kind = MailResult::kSent;
      spdlog::info("event=mail_sent id={} kind={}", mail.id, mail.kind);
      return result;
    }
    result.error = error_text[0] ? error_text : curl_easy_strerror(code);
    if (response >= 500 && response < 600) result.kind = MailResult::kFailed;  // refused for good
    else result.kind = MailResult::kRetry;
  }
  if (result.kind == MailResult::kRetry && mail.attempts >= settings_.max_attempts) result.kind = MailResult::kFailed;
  if (result.kind == MailResult::kRetry) {
    std::int64_t backoff = settings_.retry_ms;
    for (int i = 1; i < mail.attempts && backoff < kMaxBackoffMs; ++i) backoff *= 2;
    result.retry_at = clock_() + std::min(backoff, kMaxBackoffMs);
  }
  spdlog::warn("event=mail_failed id={} kind={} attempt={} retry={} error=\"{}\"", mail.id, mail.kind, mail.attempts,
               result.kind == MailResult::kRetry, log_text(result.error));
  return result;
}

}  // namespace arena
