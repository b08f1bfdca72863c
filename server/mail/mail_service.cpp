#include "mail/mail_service.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "mail/mail_message.hpp"
#include "mail/mailer.hpp"
#include "util/secure_random.hpp"

namespace arena {

std::string mail_html(const std::string& text, const std::string& link, const std::string& label) {
  std::string html = "<!doctype html><html><body style=\"font-family:sans-serif;max-width:36em\">";
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find("\n\n", start);
    if (end == std::string::npos) end = text.size();
    std::string paragraph = text.substr(start, end - start);
    if (!paragraph.empty() && paragraph.find(link) == std::string::npos) html += "<p>" + html_escape(paragraph) + "</p>";
    start = end + 2;
  }
  if (!link.empty())
    html += "<p><a href=\"" + html_escape(link) + "\" style=\"font-weight:bold\">" + html_escape(label) + "</a></p>";
  html += "</body></html>";
  return html;
}

nlohmann::json notice_json(const NoticeRecord& n) {
  return {{"id", n.id}, {"kind", n.kind}, {"text", n.text}, {"path", n.path},
          {"room", n.room.empty() ? nlohmann::json(nullptr) : nlohmann::json(n.room)}, {"at", n.at}, {"read", n.read}};
}

MailService::MailService(MailStore& store, Mailer* mailer, PlayerConnections& connections, std::string origin, MailBounds bounds,
                         std::int64_t gather_ms, Clock clock)
    : store_(store),
      mailer_(mailer),
      connections_(connections),
      origin_(std::move(origin)),
      bounds_(bounds),
      gather_ms_(gather_ms),
      clock_(std::move(clock)) {}

MailTexts MailService::digest_texts(const std::vector<std::string>& lines) {
  std::string subject = "Your move in " + std::to_string(lines.size()) + " games";
  std::string text = "It is your turn in " + std::to_string(lines.size()) + " games:\n\n";
  std::string html = "<!doctype html><html><body style=\"font-family:sans-serif;max-width:36em\"><p>" +
                     html_escape("It is your turn in " + std::to_string(lines.size()) + " games:") + "</p><ul>";
  for (const std::string& line : lines) {
    text += "- " + line + "\n";
    // A line is "WHAT: LINK"; the link is the anchor's.
    auto colon = line.rfind(": ");
    std::string what = colon == std::string::npos ? line : line.substr(0, colon);
    std::string link = colon == std::string::npos ? std::string() : line.substr(colon + 2);
    html += "<li>" + (link.empty() ? html_escape(what) : "<a href=\"" + html_escape(link) + "\">" + html_escape(what) + "</a>") +
            "</li>";
  }
  text += "\nThis is the only mail about these games until you have moved in them.\n";
  html += "</ul></body></html>";
  return {subject, text, html};
}

void MailService::add_unsubscribe(OutgoingMail& mail, const std::string& url) {
  mail.text += "\n\nStop these mails: " + url + "\n";
  std::string footer = "<p style=\"font-size:small\"><a href=\"" + html_escape(url) + "\">Stop these mails</a></p>";
  if (auto end = mail.html.rfind("</body>"); end != std::string::npos) mail.html.insert(end, footer);
}

MailTexts MailService::verify_texts(const std::string& username, const std::string& link) const {
  std::string text = "Hello " + username + ",\n\nOpen this link to receive GIPF Arena's mail at this address:\n\n" + link +
                     "\n\nThe link works for 24 hours. If you did not ask for it, ignore this mail.\n";
  return {"Confirm your address for GIPF Arena", text, mail_html(text, link, "Confirm this address")};
}

MailTexts MailService::changed_texts(const std::string& username, const std::string& new_address) const {
  std::string forgot = origin_ + "/account/forgot";
  std::string text = "Hello " + username + ",\n\nYour GIPF Arena account asked to receive its mail at " + new_address +
                     " instead of this address, from the next confirmation on.\n\nIf that was not you, reset your password:\n\n" +
                     forgot + "\n";
  return {"Your GIPF Arena address is changing", text, mail_html(text, forgot, "Reset your password")};
}

MailTexts MailService::reset_texts(const std::string& username, const std::string& link) const {
  std::string text = "Hello " + username + ",\n\nOpen this link to choose a new password for GIPF Arena:\n\n" + link +
                     "\n\nThe link works once, for one hour, and logs you out everywhere. If you did not ask for it, "
                     "ignore this mail: your password stays as it is.\n";
  return {"Reset your GIPF Arena password", text, mail_html(text, link, "Choose a new password")};
}

void MailService::verify_address(std::int64_t account, const std::string& username, const std::string& address,
                                 const std::string& old_address, StoreExecutor ex, StoreReply<MailQueued> reply) {
  MailRequest request;
  request.account = account;
  request.now = clock_();
  std::string token = random_token();
  request.token = MailToken{token, "verify", address, request.now + kVerifyLinkMs};
  MailTexts texts = verify_texts(username, origin_ + "/account/verify#" + token);
  request.mails.push_back({account, address, "verify", texts.subject, texts.text, texts.html, "", ""});
  if (!old_address.empty() && old_address != address) {
    MailTexts notice = changed_texts(username, address);
    request.mails.push_back({account, old_address, "address_changed", notice.subject, notice.text, notice.html, "", ""});
  }
  queue(std::move(request), std::move(ex), std::move(reply));
}

void MailService::reset_link(const ResetTarget& target, StoreExecutor ex, StoreReply<MailQueued> reply) {
  MailRequest request;
  request.account = target.account;
  request.now = clock_();
  std::string token = random_token();
  request.token = MailToken{token, "reset", target.address, request.now + kResetLinkMs};
  MailTexts texts = reset_texts(target.username, origin_ + "/account/reset#" + token);
  request.mails.push_back({target.account, target.address, "reset", texts.subject, texts.text, texts.html, "", ""});
  queue(std::move(request), std::move(ex), std::move(reply));
}

OutgoingMail MailService::notification(std::int64_t account, const std::string& to, const std::string& kind,
                                       const MailTexts& texts) const {
  std::string token = random_token();
  std::string unsubscribe = origin_ + "/api/mail/unsubscribe?token=" + token;
  OutgoingMail mail{account, to, kind, texts.subject, texts.text, texts.html, token, unsubscribe};
  add_unsubscribe(mail, unsubscribe);
  return mail;
}

void MailService::prepare(PlayerNotice& notice) const {
  if (!mailer_) notice.mail.reset();
  notice.bounds = bounds_;
}

void MailService::told(std::int64_t player, const NoticeOutcome& outcome) {
  if (outcome.notice)
    connections_.send(player, make_frame(nlohmann::json{
                                  {"type", "notice"}, {"notice", notice_json(*outcome.notice)}, {"unread", outcome.unread}}));
  if (outcome.mailed && mailer_) mailer_->wake();
}

void MailService::notify(PlayerNotice notice, StoreExecutor ex, StoreReply<NoticeOutcome> reply) {
  prepare(notice);
  std::int64_t player = notice.player;
  store_.notify_player(std::move(notice), std::move(ex), [this, player, reply = std::move(reply)](Stored<NoticeOutcome> stored) {
    if (stored.ok()) told(player, stored.value);
    reply(std::move(stored));
  });
}

void MailService::intents(std::string room, std::int64_t after, StoreExecutor ex, StoreReply<std::vector<NoticeIntent>> reply) {
  store_.notice_intents(std::move(room), after, kIntentsPerRead, std::move(ex), std::move(reply));
}

void MailService::resolve(NoticeIntent intent, std::optional<PlayerNotice> notice, StoreExecutor ex,
                          StoreReply<std::optional<NoticeOutcome>> reply) {
  if (notice) prepare(*notice);
  std::int64_t player = intent.player;
  store_.resolve_intent(std::move(intent), std::move(notice), std::move(ex),
                        [this, player, reply = std::move(reply)](Stored<std::optional<NoticeOutcome>> stored) {
                          if (stored.ok() && stored.value) told(player, *stored.value);
                          reply(std::move(stored));
                        });
}

PlayerNotice MailService::request_notice(const PlayerMailRequest& r) const {
  std::string link = origin_ + r.path;
  std::string text = r.text + "\n\n" + link + "\n";
  PlayerNotice notice;
  notice.player = r.player;
  notice.room = r.room;
  notice.kind = r.kind;
  notice.text = r.subject;
  notice.path = r.path;
  notice.now = clock_();
  if (mailer_ && !r.bell_only) notice.mail = notification(0, "", r.kind, MailTexts{r.subject, text, mail_html(text, link, "Open it")});
  return notice;
}

PlayerMail MailService::player_mail(StoreExecutor ex) {
  return [this, ex](PlayerMailRequest r) {
    PlayerNotice notice = request_notice(r);
    if (r.intent) {
      NoticeIntent intent;
      intent.player = r.player;
      intent.kind = r.kind;
      intent.room = r.room;
      intent.seq = *r.intent;
      return resolve(std::move(intent), std::move(notice), ex,
                     [player = r.player, kind = r.kind](Stored<std::optional<NoticeOutcome>> told) {
                       if (!told.ok()) return spdlog::error("event=notice_store_failed player={} error=\"{}\"", player, told.error);
                       if (!told.value)
                         return spdlog::debug("event=notice_intent_gone player={} kind={} why=\"resolved already\"", player, kind);
                       spdlog::info("event=player_told player={} kind={} notice={} mailed={}", player, kind,
                                    told.value->notice.has_value(), told.value->mailed);
                     });
    }
    notify(std::move(notice), ex, [player = r.player, kind = r.kind](Stored<NoticeOutcome> told) {
      if (!told.ok()) return spdlog::error("event=notice_store_failed player={} error=\"{}\"", player, told.error);
      spdlog::info("event=player_told player={} kind={} notice={} mailed={}", player, kind, told.value.notice.has_value(),
                   told.value.mailed);
    });
  };
}

void MailService::queue(MailRequest request, StoreExecutor ex, StoreReply<MailQueued> reply) {
  if (!mailer_) return boost::asio::post(ex, [reply = std::move(reply)] { reply(Stored<MailQueued>{{}, "mail is off"}); });
  request.bounds = bounds_;
  store_.queue_mail(std::move(request), std::move(ex), [this, reply = std::move(reply)](Stored<MailQueued> queued) {
    if (queued.ok() && queued.value.dropped > 0) spdlog::warn("event=mail_dropped count={} why=bound", queued.value.dropped);
    if (queued.ok() && queued.value.queued > 0) mailer_->wake();
    reply(std::move(queued));
  });
}

}  // namespace arena
