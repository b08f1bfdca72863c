#pragma once
// "Your move" and "under 24 h left" (#35): a room observer. When an action in
// a live game with a correspondence clock hands the decision to the other
// player, and that player has no open connection, they are told: a `turn`
// notice on the bell and, with mail on, a mail (MailService::notify: only to a
// verified address with the switch on; at most once per game until they acted
// again). The mail waits MailService::gather_ms() for the player's other games,
// which join it as a digest. When the player on move's correspondence clock
// drops under 24 h (the room's ClockLow), they are told once per game and turn
// (`clock`), connected or not. Both are written after the move is durable
// (observers hear of committed events only), in their own transaction: a crash
// between the two loses that one notice, never the move (PROTOCOL.md, Mail).
#include <memory>

#include "game/room_events.hpp"
#include "lobby/player_connections.hpp"
#include "mail/mail_service.hpp"

namespace arena {

class TurnNotifier : public RoomObserver {
 public:
  TurnNotifier(MailService& mail, PlayerConnections& connections, StoreExecutor ex)
      : mail_(mail), connections_(connections), ex_(std::move(ex)) {}
  void on(const EventCommitted& e) override;
  void on(const ClockLow& e) override;

  // The mail's words: "Your move against ann — GIPF correspondence game".
  static MailTexts turn_texts(const std::string& opponent, const std::string& game, const std::string& link);
  // "Under 24 hours left against ann — GIPF correspondence game".
  static MailTexts clock_texts(const std::string& opponent, const std::string& game, const std::string& link);

 private:
  void tell(const RoomSummary& room, std::int64_t player, const std::string& kind);

  MailService& mail_;
  PlayerConnections& connections_;
  StoreExecutor ex_;
};

}  // namespace arena
