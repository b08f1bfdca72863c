#pragma once
// What the site mails and how (#35): the texts (plain and HTML, the subject
// saying what to do), their links from the public origin, and queueing them
// in the outbox with what caused them, then waking the mailer. Without --smtp
// there is no mailer and enabled() is false: the mail endpoints answer
// `mail_off` and nothing is queued. What the site tells a player (notify) is
// a notice on the bell with or without mail: stored with its mail in one
// transaction, then sent live to the player's connections on every node
// (PlayerConnections::send) as a `notice` message.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "game/player_connections.hpp"
#include "mail/player_mail.hpp"
#include "mail/mail_store.hpp"
#include "util/clock.hpp"

namespace arena {

class Mailer;

struct MailTexts {
  std::string subject, text, html;
};

class MailService {
 public:
  // `mailer` null: mail is off. `origin`: scheme://host[:port] of the links.
  // `gather_ms`: how long a turn mail waits for the player's other games (a digest).
  MailService(MailStore& store, Mailer* mailer, PlayerConnections& connections, std::string origin, MailBounds bounds,
              std::int64_t gather_ms, Clock clock);

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
  // Tells a player (MailStore::notify_player: the notice, and its mail within
  // the bounds when mail is on); sends the notice live; wakes the mailer.
  void notify(PlayerNotice notice, StoreExecutor ex, StoreReply<NoticeOutcome> reply);
  // The notification intents waiting to be resolved (MailStore::notice_intents).
  void intents(std::string room, std::int64_t after, StoreExecutor ex, StoreReply<std::vector<NoticeIntent>> reply);
  // Resolves an intent (MailStore::resolve_intent) into `notice` (none: nobody
  // is told, the intent just goes), then as notify: the notice live, the mailer woken.
  void resolve(NoticeIntent intent, std::optional<PlayerNotice> notice, StoreExecutor ex,
               StoreReply<std::optional<NoticeOutcome>> reply);
  // The notifications' entry for the rest of the server: a notice always, a
  // mail when on; one whose cause stored its intent resolves it (once).
  PlayerMail player_mail(StoreExecutor ex);
  // The notice (and its mail when on) a request asks for.
  PlayerNotice request_notice(const PlayerMailRequest& request) const;
  std::int64_t gather_ms() const { return gather_ms_; }
  // Queues mails; wakes the mailer once they are durable.
  void queue(MailRequest request, StoreExecutor ex, StoreReply<MailQueued> reply);

  // The texts of each mail (tests and previews read them too).
  MailTexts verify_texts(const std::string& username, const std::string& link) const;
  MailTexts changed_texts(const std::string& username, const std::string& new_address) const;
  MailTexts reset_texts(const std::string& username, const std::string& link) const;
  // The texts of a digest of turn mails, one line per game.
  static MailTexts digest_texts(const std::vector<std::string>& lines);
  // The unsubscribe link at the end of both parts.
  static void add_unsubscribe(OutgoingMail& mail, const std::string& url);

 private:
  // A notice as notify and resolve send it: mail off, the bounds.
  void prepare(PlayerNotice& notice) const;
  // What follows a stored notice: sent live to the player, the mailer woken.
  void told(std::int64_t player, const NoticeOutcome& outcome);

  MailStore& store_;
  Mailer* mailer_;
  PlayerConnections& connections_;
  std::string origin_;
  MailBounds bounds_;
  std::int64_t gather_ms_;
  Clock clock_;
};

// A notice as the API and the `notice` message show it.
nlohmann::json notice_json(const NoticeRecord& notice);

// Plain text into a short HTML mail: paragraphs, with `link` as a button-like anchor.
std::string mail_html(const std::string& text, const std::string& link, const std::string& label);

}  // namespace arena
