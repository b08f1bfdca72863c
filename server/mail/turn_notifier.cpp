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

void TurnNotifier::on(const EventCommitted& e) {
  const RoomSummary& room = e.room;
  spdlog::trace("event=turn_check room={} kind={} status={} decider={}", room.id, static_cast<int>(e.event.kind),
                static_cast<int>(room.status), room.decider ? static_cast<int>(*room.decider) : -1);
  if (!mail_.enabled() || room.clock.kind != protocol::TimeControl::Kind::Correspondence) return;
  if (room.status != protocol::RoomStatus::Live || e.event.kind != protocol::EventKind::Action || !room.decider) return;
  bool white = *room.decider == engine::Color::White;
  std::int64_t player = white ? room.white : room.black;
  if (player == 0 || (e.event.player && *e.event.player == player)) return;  // still the mover's decision
  if (connections_.connected(player)) {  // they see it on the board
    spdlog::debug("event=turn_mail_skipped room={} player={} why=connected", room.id, player);
    return;
  }
  std::string opponent = white ? room.black_name : room.white_name;
  std::string game = std::string(room.options.game == "yinsh" ? "YINSH" : "GIPF") +
                     (room.competition ? " competition game" : " correspondence game");
  PlayerNotice notice;
  notice.player = player;
  notice.room = room.id;
  notice.now = mail_.now();
  notice.mail = mail_.notification(0, "", "turn", turn_texts(opponent, game, mail_.origin() + "/?room=" + room.id));
  mail_.notify(std::move(notice), ex_, [room = room.id, player](Stored<bool> queued) {
    if (!queued.ok()) return spdlog::error("event=mail_store_failed room={} error=\"{}\"", room, log_text(queued.error));
    if (queued.value) spdlog::info("event=turn_mail_queued room={} player={}", room, player);
    else spdlog::debug("event=turn_mail_skipped room={} player={} why=\"no verified address, switched off or sent already\"", room, player);
  });
}

}  // namespace arena
