#pragma once
// What the site mails and how (#35): the texts (plain and HTML, the subject
// saying what to do), their links from the public origin, and queueing them
// in the outbox with what caused them, then waking the mailer. Without --smtp
// there is no mailer and enabled() is false: the mail endpoints answer
// `mail_off` and nothing is queued.
#include <cstdint>
#include <functional>
#include <string>

#include "mail/player_mail.hpp"
#include "store/mail_store.hpp"
#include "util/clock.hpp"

namespace arena {

class Mailer;

struct MailTexts {
  std::string subject, text, html;
};

class MailService {
 public:
  // `mailer` null: mail is off. `origin`: scheme://host[:port] of the links.
  MailService(MailStore& store, Mailer* mailer, std::string origin, MailBounds bounds, Clock clock);

  bool enabled() const { return mailer_ != nullptr; }
  std::int64_t now() const { return clock_(); }
  const std::string& origin() const { return origin_; }

  // A verify link for `address` to it, and (a change) a notice to `old_address`.
  void verify_address(std::int64_t account, const std::string& username, const std::string& address,
                      const std::string& old_address, StoreExecutor ex, StoreReply<MailQueued> reply);
  // A reset link to the verified address of `target`.
  void reset_link(const ResetTarget& target, StoreExecutor ex, StoreReply<MailQueued> reply);
  // A notification of `kind` (turn, clock, challenge, round, report) with an
  // unsubscribe link (the text's and the List-Unsubscribe header's).
  OutgoingMail notification(std::int64_t account, const std::string& to, const std::string& kind, const MailTexts& texts) const;
  // Queues a player's notification (MailStore::notify_player) within the bounds; wakes the mailer.
  void notify(PlayerNotice notice, StoreExecutor ex, StoreReply<bool> reply);
  // The notifications' entry for the rest of the server; empty when mail is off.
  PlayerMail player_mail(StoreExecutor ex);
  // Queues mails; wakes the mailer once they are durable.
  void queue(MailRequest request, StoreExecutor ex, StoreReply<MailQueued> reply);

  // The texts of each mail (tests and previews read them too).
  MailTexts verify_texts(const std::string& username, const std::string& link) const;
  MailTexts changed_texts(const std::string& username, const std::string& new_address) const;
  MailTexts reset_texts(const std::string& username, const std::string& link) const;

 private:
  MailStore& store_;
  Mailer* mailer_;
  std::string origin_;
  MailBounds bounds_;
  Clock clock_;
};

// Plain text into a short HTML mail: paragraphs, with `link` as a button-like anchor.
std::string mail_html(const std::string& text, const std::string& link, const std::string& label);

}  // namespace arena
