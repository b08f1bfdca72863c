#include "mail/turn_notifier.hpp"

#include <spdlog/spdlog.h>

#include "util/log_text.hpp"

namespace arena {

MailTexts TurnNotifier::turn_texts(const std::string& opponent, const std::string& game, const std::string& link) {
  std::string subject = "Your move against " + opponent + " \u2014 " + game;
  std::string text = opponent + " has moved: it is your turn in your " + game + ".\n\nPlay your move:\n\n" + link +
                     "\n\nThis is the only mail about this game until you have moved.\n";
  return {subject, text, mail_html(text, link, "Play your move")};
}

MailTexts TurnNotifier::clock_texts(const std::string& opponent, const std::string& game, const std::string& link) {
  std::string subject = "Under 24 hours left against " + opponent + " \u2014 " + game;
  std::string text = "Your clock in your " + game + " against " + opponent +
                     " has less than 24 hours left, and it is your move. Play it before your time runs out:\n\n" + link + "\n";
  return {subject, text, mail_html(text, link, "Play your move")};
}

void TurnNotifier::on(const EventCommitted& e) {
  const RoomSummary& room = e.room;
  spdlog::trace("event=turn_check room={} kind={} status={} decider={}", room.id, static_cast<int>(e.event.kind),
                static_cast<int>(room.status), room.decider ? static_cast<int>(*room.decider) : -1);
  if (room.clock.kind != protocol::TimeControl::Kind::Correspondence) return;
  if (room.status != protocol::RoomStatus::Live || e.event.kind != protocol::EventKind::Action || !room.decider) return;
  std::int64_t player = *room.decider == engine::Color::White ? room.white : room.black;
  if (player == 0 || (e.event.player && *e.event.player == player)) return;  // still the mover's decision
  if (connections_.connected(player)) {  // they see it on the board
    spdlog::debug("event=turn_notice_skipped room={} player={} why=connected", room.id, player);
    return;
  }
  tell(room, player, "turn");
}

void TurnNotifier::on(const ClockLow& e) { tell(e.room, e.player, "clock"); }

void TurnNotifier::tell(const RoomSummary& room, std::int64_t player, const std::string& kind) {
  bool white = player == room.white;
  std::string opponent = white ? room.black_name : room.white_name;
  std::string game = std::string(room.options.game == "yinsh" ? "YINSH" : "GIPF") +
                     (room.competition ? " competition game" : " correspondence game");
  std::string path = "/?room=" + room.id;
  std::string link = mail_.origin() + path;
  MailTexts texts = kind == "turn" ? turn_texts(opponent, game, link) : clock_texts(opponent, game, link);
  PlayerNotice notice;
  notice.player = player;
  notice.room = room.id;
  notice.kind = kind;
  notice.text = texts.subject;
  notice.path = path;
  notice.now = mail_.now();
  if (mail_.enabled()) notice.mail = mail_.notification(0, "", kind, texts);
  if (kind == "turn") {
    notice.send_at = notice.now + mail_.gather_ms();
    notice.digest_line = opponent + " \u2014 " + game + ": " + link;
    notice.digest = [](OutgoingMail& mail, const std::vector<std::string>& lines) {
      MailTexts digest = MailService::digest_texts(lines);
      mail.subject = digest.subject;
      mail.text = digest.text;
      mail.html = digest.html;
      MailService::add_unsubscribe(mail, mail.unsubscribe_url);
    };
  }
  mail_.notify(std::move(notice), ex_, [room = room.id, player, kind](Stored<NoticeOutcome> told) {
    if (!told.ok()) return spdlog::error("event=notice_store_failed room={} error=\"{}\"", room, log_text(told.error));
    if (!told.value.notice) return spdlog::debug("event=notice_skipped room={} player={} kind={} why=\"told this turn\"", room, player, kind);
    spdlog::info("event=player_told room={} player={} kind={} mailed={}", room, player, kind, told.value.mailed);
  });
}

}  // namespace arena
