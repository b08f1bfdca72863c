#pragma once
// Sends the outbox (mail/mail_store.hpp) through an SMTP server with
// libcurl, on the mailer's own thread: never on a room's strand, an I/O thread
// or the store's writer. The thread claims the mails that are due, sends each,
// and records what became of it; it sleeps until the next mail is due, or until
// wake() says something was queued (at most a minute: several nodes may queue).
//
// Delivery is AT MOST ONCE. A claim is committed (state `sending`) before the
// SMTP transaction starts, and the result after it ends. A server killed in
// between cannot know whether the SMTP server took the mail, so at the next
// start its claimed mails are marked failed, never sent again
// (abandon_claimed): a player may miss one notice, or ask for a reset link
// again, but never gets the same mail twice. Mails queued and not yet claimed
// survive any crash and are sent after the restart. A failure that surely sent
// nothing (no connection, a 4xx answer) is retried with a doubling back-off.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "mail/mail_store.hpp"
#include "util/clock.hpp"

namespace arena {

struct MailerSettings {
  std::string smtp;  // smtp://[USER:PASSWORD@]HOST:PORT or smtps://…
  std::string from;  // the envelope and header sender
  std::int64_t retry_ms = 60000;  // the first back-off; doubled each attempt, at most an hour
  int max_attempts = 8;           // then the mail fails
};

// "smtp://user:***@host:25": for logs.
std::string shown_smtp(const std::string& url);

class Mailer {
 public:
  Mailer(MailerSettings settings, MailStore& store, Clock clock);
  ~Mailer();  // stop()
  Mailer(const Mailer&) = delete;
  Mailer& operator=(const Mailer&) = delete;

  void start();
  // Something was queued: look now.
  void wake();
  // Finishes the mail being sent (the SMTP server's timeouts bound it) and
  // ends the thread. Idempotent; before the store is flushed.
  void stop();

 private:
  void run();
  MailResult send(const OutboxMail& mail);
  // Waits until `until_ms` (the Clock's time), a wake() or stop().
  void sleep_until(std::int64_t until_ms);

  MailerSettings settings_;
  MailStore& store_;
  Clock clock_;
  std::mutex mutex_;
  std::condition_variable wakeup_;
  bool woken_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace arena
