#pragma once
// Mail in the store (#35): an account's address and its notification
// switches, one-time links (verify an address, reset a password), the
// durable outbox the mailer (mail/mailer.hpp) drains.
// A mail is queued in the same transaction as what caused it: the one-time
// link's row and the mail carrying it commit together, or neither does.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "game/room_records.hpp"
#include "mail/notice_words.hpp"
#include "mail/notice_store.hpp"
#include "domain/store_basics.hpp"

namespace arena {

inline constexpr std::int64_t kVerifyLinkMs = 24LL * 3600 * 1000;  // an address's link lives 24 h
inline constexpr std::int64_t kResetLinkMs = 3600LL * 1000;        // a reset link 1 h
inline constexpr std::int64_t kOutboxKeepMs = 30LL * 24 * 3600 * 1000;  // sent and failed rows (and their unsubscribe links)
inline constexpr int kMaxTokensPerHour = 5;           // one-time links per account and purpose
inline constexpr int kMaxResetTargets = 5;            // accounts one address's reset mails at most
inline constexpr std::size_t kMaxDigestGames = 50;    // games one digest lists at most (then a new mail starts)

// A mail to queue. Its unsubscribe token (if any) is stored as its SHA-256:
// the link in the mail turns off `kind` for `account`.
struct OutgoingMail {
  std::int64_t account = 0;  // 0: no account's (a change's notice to the old address)
  std::string to;
  std::string kind;  // verify, reset, address_changed, turn, clock, challenge, round, report
  std::string subject;
  std::string text;
  std::string html;
  std::string unsubscribe_token;  // "": the mail has no unsubscribe link (it was asked for)
  std::string unsubscribe_url;    // the List-Unsubscribe header's URL (it holds the token)
};

// A one-time link's row: the token stored as its SHA-256.
struct MailToken {
  std::string token;
  std::string purpose;  // verify, reset
  std::string address;  // verify: the address it verifies; reset: where it was sent
  std::int64_t expires_at = 0;
};

// How many mails may be queued per hour: for one account, and site-wide.
// Mails beyond are dropped (and counted in MailQueued::dropped).
struct MailBounds {
  int per_account_hour = 20;
  int site_hour = 1000;
};

// Mails and what caused them, in one transaction.
struct MailRequest {
  std::int64_t account = 0;
  std::int64_t now = 0;
  std::optional<MailToken> token;
  std::vector<OutgoingMail> mails;
  std::optional<AuditEntry> audit;
  MailBounds bounds;
};

struct MailQueued {
  bool limited = false;  // the account had kMaxTokensPerHour links of the purpose this hour: nothing written
  int queued = 0;
  int dropped = 0;       // beyond MailBounds
};

// What the site tells a player (#35): a notice on the bell, always (for
// guests and accounts, with or without an address), and with it, in the same
// transaction, the mail if there is one (mail on) and the player's account has
// a verified address with the switch of the mail's kind on; the mail's account
// and recipient are filled in by the store. A `turn` or `clock` notice (and
// mail) is written at most once per game until the player acted in it again.
// A `turn` mail waits until `send_at` to gather the player's other games
// waiting for a move: one still queued becomes a digest (`digest` rewrites
// its texts from the games' lines) rather than a second mail.
struct PlayerNotice {
  std::int64_t player = 0;
  std::string room;
  std::string kind;  // turn, clock, challenge, round, event, report
  std::string text;  // the notice's line
  std::string path;  // the site's page it is about
  std::optional<OutgoingMail> mail;  // none: mail is off
  std::string digest_line;           // a turn mail's line in a digest
  std::function<void(OutgoingMail&, const std::vector<std::string>& lines)> digest;
  std::int64_t send_at = 0;          // the mail's first attempt (0: now)
  std::int64_t now = 0;
  MailBounds bounds;
};

struct NoticeOutcome {
  std::optional<NoticeRecord> notice;  // none: already told (once per game and turn)
  int unread = 0;                      // the player's unread notices after it
  bool mailed = false;                 // a mail was queued (or joined a digest)
};

// A notification its cause asked for in the cause's own transaction,
// waiting to be resolved into zero or one notice and mail
// (MailStore::resolve_intent): a correspondence move handing the decision to
// `player` (turn, RoomChange::notify), a ladder challenge (challenge), an
// event round's pairing (round), a report's resolution (report). A turn's
// words are made when it is resolved; the other kinds carry theirs
// (notice_words.hpp), made by the cause.
struct NoticeIntent {
  std::int64_t id = 0;  // the order intents are read in
  std::int64_t player = 0;
  std::string kind;  // turn, challenge, round, report
  std::string room;      // the game ("" for a report)
  std::int64_t seq = 0;  // turn: the room's event that caused it; report: the report's id; else 0
  std::int64_t at = 0;   // the cause's time (0 for a pairing)
  std::optional<RoomRecord> game;  // a turn's room as stored when read (names, options, status); none if it is gone
  NoticeWords words;               // challenge, round, report: what the notice and mail say
};

inline constexpr int kIntentsPerRead = 100;  // intents one notice_intents answer holds at most

struct MailSwitches {
  bool turn = true, clock = true, challenge = true, round = true, report = true;
  bool follow = true;  // a notice in the bell when someone followed starts a game (#46; never a mail)
};

struct MailSettings {
  std::string address;  // verified; "" none
  std::string pending;  // awaiting its link (the newest live one); "" none
  MailSwitches notify;
};

// An account a reset link may be sent for: it has a verified address.
struct ResetTarget {
  std::int64_t account = 0;
  std::string username;
  std::string address;
};

// A password set by a reset link.
struct PasswordReset {
  std::int64_t account = 0;
  std::int64_t player = 0;
  std::string username;
};

struct OutboxMail {
  std::int64_t id = 0;
  std::string to, kind, subject, text, html, unsubscribe_url;
  int attempts = 0;  // this one included
};

// What became of a claimed mail.
struct MailResult {
  std::int64_t id = 0;
  enum Kind { kSent, kRetry, kFailed } kind = kSent;
  std::int64_t retry_at = 0;  // kRetry
  std::string error;
};

// What a verify link did: whose address it confirmed, and whether it had
// confirmed it before (then nothing changed).
struct AddressVerified {
  std::int64_t account = 0;
  bool already = false;
};

class MailStore {
 public:
  virtual ~MailStore() = default;
  // Writes the notice and queues its mail if the player should get them (PlayerNotice).
  virtual void notify_player(PlayerNotice notice, StoreExecutor ex, StoreReply<NoticeOutcome> reply) = 0;
  // Up to `limit` intents (of `room`; "" of every room) with an id above
  // `after`, oldest first, each with its room.
  virtual void notice_intents(std::string room, std::int64_t after, int limit, StoreExecutor ex,
                              StoreReply<std::vector<NoticeIntent>> reply) = 0;
  // Resolves the intent (found by player, kind, room and seq; its id is not
  // needed): deletes it and, with `notice`, tells the player
  // (notify_player) in the same transaction, unless, for a turn, the player
  // acted in the game after the intent's event (it is stale). None when the intent was
  // resolved already (or replaced by a newer one of the same game): nothing
  // was written, so a resolution run twice tells once.
  virtual void resolve_intent(NoticeIntent intent, std::optional<PlayerNotice> notice, StoreExecutor ex,
                              StoreReply<std::optional<NoticeOutcome>> reply) = 0;
  // Queues the mails (within the bounds) with the token and the audit entry, in one transaction.
  virtual void queue_mail(MailRequest request, StoreExecutor ex, StoreReply<MailQueued> reply) = 0;
  virtual void mail_settings(std::int64_t account, std::int64_t now, StoreExecutor ex, StoreReply<MailSettings> reply) = 0;
  virtual void set_mail_switches(std::int64_t account, MailSwitches notify, StoreExecutor ex, StoreDone done) = 0;
  // Uses a verify link: its address becomes the account's (its other verify
  // links end). The account; `already` when the link was used before and its
  // address is the account's still (a second open of the same link, #43);
  // none if the link is unknown, expired, or used for an address since replaced.
  virtual void verify_address(std::string token, std::int64_t now, StoreExecutor ex,
                              StoreReply<std::optional<AddressVerified>> reply) = 0;
  // Uses a reset link: the new password hash, every session of the account
  // deleted, its other reset links ended and `audit` (target and actor filled
  // here) written, in one transaction. The account; none if the link is
  // unknown, used or expired.
  virtual void reset_password(std::string token, std::string hash, std::int64_t now, AuditEntry audit, StoreExecutor ex,
                              StoreReply<std::optional<PasswordReset>> reply) = 0;
  // The accounts with a verified address that `login` names: a username, or an address.
  virtual void reset_targets(std::string login, StoreExecutor ex, StoreReply<std::vector<ResetTarget>> reply) = 0;
  // Claims up to `limit` queued mails due at `now` (state sending, attempts + 1),
  // and deletes the sent and failed rows older than kOutboxKeepMs.
  virtual void claim_mail(std::int64_t now, int limit, StoreExecutor ex, StoreReply<std::vector<OutboxMail>> reply) = 0;
  virtual void finish_mail(MailResult result, StoreExecutor ex, StoreDone done) = 0;
  // Mails left claimed by a server that stopped before finishing them: failed,
  // never sent again (at most once, mail/mailer.hpp); the queued ones due at
  // once. How many were abandoned.
  virtual void abandon_claimed(StoreExecutor ex, StoreReply<std::int64_t> reply) = 0;
  // When the next queued mail is due; none if nothing is queued.
  virtual void next_mail_due(StoreExecutor ex, StoreReply<std::optional<std::int64_t>> reply) = 0;
  // The unsubscribe link of a mail: turns its kind off for its account.
  // Whether the token was known.
  virtual void unsubscribe(std::string token, StoreExecutor ex, StoreReply<bool> reply) = 0;
};

}  // namespace arena
