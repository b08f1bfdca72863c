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

void TurnNotifier::start() {
  started_ = true;
  sweep("", 0);
}

void TurnNotifier::on(const RoomLoaded& e) {
  // A room this node takes over from another (stopped) node may have its
  // intents still stored: they are this node's to resolve now.
  // (Rooms restored at the start are left to start()'s sweep: one read, not one per room.)
  if (started_ && e.room.clock.kind == protocol::TimeControl::Kind::Correspondence &&
      e.room.status == protocol::RoomStatus::Live)
    sweep(e.room.id, 0);
}

void TurnNotifier::on(const EventCommitted& e) {
  const RoomSummary& room = e.room;
  spdlog::trace("event=turn_check room={} kind={} status={} decider={}", room.id, static_cast<int>(e.event.kind),
                static_cast<int>(room.status), room.decider ? static_cast<int>(*room.decider) : -1);
  // The intent the action stored with it (GameAuthority decided whom to
  // tell), resolved from what the room tells, with no read.
  if (!e.notify) return;
  const std::int64_t player = e.notify->player;
  NoticeIntent intent;
  intent.player = player;
  intent.kind = e.notify->kind;
  intent.room = room.id;
  intent.seq = e.event.seq;
  bool white = player == room.white;
  settle(std::move(intent), Game{room.id, room.options.game, room.competition, white ? room.black_name : room.white_name}, true);
}

void TurnNotifier::on(const ClockLow& e) {
  bool white = e.player == e.room.white;
  tell(Game{e.room.id, e.room.options.game, e.room.competition, white ? e.room.black_name : e.room.white_name}, e.player, "clock");
}

void TurnNotifier::sweep(std::string room, std::int64_t after) {
  auto self = shared_from_this();
  mail_.intents(room, after, ex_, [self, room](Stored<std::vector<NoticeIntent>> found) {
    if (!found.ok()) return spdlog::error("event=notice_intents_failed room={} error=\"{}\"", room, log_text(found.error));
    if (found.value.empty()) return;
    spdlog::info("event=notice_intents_found room={} count={}", room.empty() ? "*" : room, found.value.size());
    std::int64_t last = found.value.back().id;
    bool more = found.value.size() >= static_cast<std::size_t>(kIntentsPerRead);
    for (NoticeIntent& intent : found.value) {
      std::optional<Game> game;
      bool live = intent.game && intent.game->status == protocol::RoomStatus::Live;
      if (intent.game) {
        const RoomRecord& r = *intent.game;
        bool white = r.white == intent.player;
        game = Game{r.id, r.options.game, r.competition, white ? r.black_name : r.white_name};
      }
      self->settle(std::move(intent), std::move(game), live);
    }
    if (more) self->sweep(room, last);  // the next page: the cursor moves on, whatever the resolutions find
  });
}

void TurnNotifier::settle(NoticeIntent intent, std::optional<Game> game, bool live) {
  std::optional<PlayerNotice> told;
  const char* why = nullptr;
  if (intent.kind != "turn" && !intent.words.subject.empty()) {
    // A challenge, a pairing, a report's outcome: the words its cause stored,
    // told whether the player is connected or not (as when told live).
    told = mail_.request_notice(
        PlayerMailRequest{intent.player, intent.kind, intent.words.subject, intent.words.text, intent.words.path, intent.room, intent.seq});
  } else if (intent.kind != "turn" || !game) {
    why = "unknown";  // a kind this server does not tell, or a game gone: the intent just goes
  } else if (!live) {
    why = "game over";
  } else if (connections_.connected(intent.player)) {
    why = "connected";  // they see it on the board
  } else {
    told = notice(*game, intent.player, "turn");
  }
  std::string room = intent.room, kind = intent.kind;
  std::int64_t player = intent.player;
  mail_.resolve(std::move(intent), std::move(told), ex_, [room, player, kind, why](Stored<std::optional<NoticeOutcome>> r) {
    if (!r.ok()) return spdlog::error("event=notice_store_failed room={} error=\"{}\"", room, log_text(r.error));
    if (!r.value) return spdlog::debug("event=notice_intent_gone room={} player={} why=\"resolved already\"", room, player);
    if (why) return spdlog::debug("event=notice_intent_skipped room={} player={} kind={} why=\"{}\"", room, player, kind, why);
    if (!r.value->notice)
      return spdlog::debug("event=notice_skipped room={} player={} kind={} why=\"told this turn\"", room, player, kind);
    spdlog::info("event=player_told room={} player={} kind={} mailed={}", room, player, kind, r.value->mailed);
  });
}

PlayerNotice TurnNotifier::notice(const Game& g, std::int64_t player, const std::string& kind) const {
  std::string game = std::string(g.name == "yinsh" ? "YINSH" : "GIPF") + (g.competition ? " competition game" : " correspondence game");
  std::string path = "/?room=" + g.room;
  std::string link = mail_.origin() + path;
  MailTexts texts = kind == "turn" ? turn_texts(g.opponent, game, link) : clock_texts(g.opponent, game, link);
  PlayerNotice notice;
  notice.player = player;
  notice.room = g.room;
  notice.kind = kind;
  notice.text = texts.subject;
  notice.path = path;
  notice.now = mail_.now();
  if (mail_.enabled()) notice.mail = mail_.notification(0, "", kind, texts);
  if (kind == "turn") {
    notice.send_at = notice.now + mail_.gather_ms();
    notice.digest_line = g.opponent + " \u2014 " + game + ": " + link;
    notice.digest = [](OutgoingMail& mail, const std::vector<std::string>& lines) {
      MailTexts digest = MailService::digest_texts(lines);
      mail.subject = digest.subject;
      mail.text = digest.text;
      mail.html = digest.html;
      MailService::add_unsubscribe(mail, mail.unsubscribe_url);
    };
  }
  return notice;
}

void TurnNotifier::tell(const Game& game, std::int64_t player, const std::string& kind) {
  mail_.notify(notice(game, player, kind), ex_, [room = game.room, player, kind](Stored<NoticeOutcome> told) {
    if (!told.ok()) return spdlog::error("event=notice_store_failed room={} error=\"{}\"", room, log_text(told.error));
    if (!told.value.notice) return spdlog::debug("event=notice_skipped room={} player={} kind={} why=\"told this turn\"", room, player, kind);
    spdlog::info("event=player_told room={} player={} kind={} mailed={}", room, player, kind, told.value.mailed);
  });
}

}  // namespace arena
