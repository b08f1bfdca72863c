#pragma once
// "Your move" and "under 24 h left" (#35): a room observer. When an action in
// a live game with a correspondence clock hands the decision to the other
// player, and that player has no open connection, they are told: a `turn`
// notice on the bell and, with mail on, a mail (MailService::notify: only to a
// verified address with the switch on; at most once per game until they acted
// again). The mail waits MailService::gather_ms() for the player's other games,
// which join it as a digest. When the player on move's correspondence clock
// drops under 24 h (the room's ClockLow), they are told once per game and turn
// (`clock`), connected or not.
// A `turn` is queued in the move's own transaction, as an intent
// (RoomChange::notify), which this resolves once the move is durable: presence
// and mail settings are read here, off the room's path, and the intent is
// deleted in the transaction that writes the notice and its mail
// (MailStore::resolve_intent). What a crash left unresolved, start() resolves
// after the restart (and a node that takes a room over, on RoomLoaded): never
// lost, never told twice. start() resolves the other kinds' leftover intents
// too (a challenge, a pairing, a report's outcome: their causes store their
// words, and their services resolve them live through PlayerMail), so that
// every intent a stopped server left is told once.
#include <atomic>
#include <memory>

#include "game/room_events.hpp"
#include "game/player_connections.hpp"
#include "mail/mail_service.hpp"

namespace arena {

class TurnNotifier : public RoomObserver, public std::enable_shared_from_this<TurnNotifier> {
 public:
  TurnNotifier(MailService& mail, PlayerConnections& connections, StoreExecutor ex)
      : mail_(mail), connections_(connections), ex_(std::move(ex)) {}
  void on(const RoomLoaded& e) override;
  void on(const EventCommitted& e) override;
  void on(const ClockLow& e) override;
  // Resolves every intent still stored: those a stopped (or killed) server
  // left between a cause's commit and its notice. Once the rooms are restored.
  void start();

  // The mail's words: "Your move against ann — GIPF correspondence game".
  static MailTexts turn_texts(const std::string& opponent, const std::string& game, const std::string& link);
  // "Under 24 hours left against ann — GIPF correspondence game".
  static MailTexts clock_texts(const std::string& opponent, const std::string& game, const std::string& link);

 private:
  // What the words need of a game.
  struct Game {
    std::string room;
    std::string name;  // "gipf", "yinsh"
    bool competition = false;
    std::string opponent;  // of the player told
  };
  PlayerNotice notice(const Game& game, std::int64_t player, const std::string& kind) const;
  void tell(const Game& game, std::int64_t player, const std::string& kind);
  // Resolves the intents of `room` ("" every room) with an id above `after`, a page at a time.
  void sweep(std::string room, std::int64_t after);
  // Resolves one intent: a turn into a notice unless the player is connected
  // (or the game is no longer live); another kind into the notice of its stored words.
  void settle(NoticeIntent intent, std::optional<Game> game, bool live);

  MailService& mail_;
  PlayerConnections& connections_;
  StoreExecutor ex_;
  // start() ran: the rooms restored before it are in its sweep, so only a
  // room loaded later (taken over, reloaded) has its intents read on its own.
  std::atomic<bool> started_{false};
};

}  // namespace arena
