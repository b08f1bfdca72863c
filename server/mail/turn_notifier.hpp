#pragma once
// "Your move" by mail (#35): a room observer. When an action in a live game
// with a correspondence clock hands the decision to the other player, and that
// player has no open connection, a `turn` notification is queued for them
// (MailStore::notify_player: only for a verified address with the switch on,
// at most once per game until they acted again). The mail is queued after the
// move is durable (observers hear of committed events only), in its own
// transaction: a crash between the two loses that one mail, never the move.
#include <memory>

#include "game/room_events.hpp"
#include "lobby/player_connections.hpp"
#include "mail/mail_service.hpp"

namespace arena {

class TurnNotifier : public RoomObserver {
 public:
  TurnNotifier(MailService& mail, MailStore& store, PlayerConnections& connections, StoreExecutor ex)
      : mail_(mail), store_(store), connections_(connections), ex_(std::move(ex)) {}
  void on(const EventCommitted& e) override;

  // The mail's words: "Your move against ann — GIPF correspondence game".
  static MailTexts turn_texts(const std::string& opponent, const std::string& game, const std::string& link);

 private:
  MailService& mail_;
  MailStore& store_;
  PlayerConnections& connections_;
  StoreExecutor ex_;
};

}  // namespace arena
