#pragma once
// The rules of a room, without I/O: who sits where, whose turn it is and at
// which ply, draw offers, results, the limits of a room. Every request becomes
// a Decision: a refusal (an error for the sender), a harmless repeat, or a
// Proposal — an event to store. Nothing changes until the room commits the
// proposal (after the store made it durable), so a failed write changes
// nothing. The clock is injected: tests use a fake one.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/registry.hpp"
#include "game/client.hpp"
#include "game/game_clock.hpp"
#include "protocol/messages.hpp"
#include "protocol/server_messages.hpp"
#include "game/room_records.hpp"
#include "game/trust_rules.hpp"
#include "util/clock.hpp"

namespace arena {

struct AuthorityLimits {
  int draw_offer_gap = 10;                   // actions between two draw offers of one player
  std::int64_t max_events_per_room = 10000;  // then room_limit
  std::int64_t first_action_ms = 30000;      // live clocks: a first action later than this aborts the game
  std::int64_t claim_after_ms = 40000;       // live clocks: the decider gone this long may be claimed against
  std::shared_ptr<const TrustRules> trust;   // guest chat, blocks (#34); none: no such rules
  bool rated_takebacks = true;               // takebacks in rated games (--rated-takebacks, an admin's choice, #46)
};

struct Refusal {
  Refusal(protocol::ErrorCode c, std::string m) : code(c), message(std::move(m)) {}
  protocol::ErrorCode code;
  std::string message;
};

// The request was applied before (a resent action, a repeated draw offer):
// answered with an ack marked duplicate, nothing stored.
struct Repeat {
  std::optional<std::int64_t> ply;  // the ply of the repeated action
};

// The player already sits in the room: answered with an ack and a snapshot.
struct Seated {};

struct Proposal {
  EventRecord event;                     // seq and at filled in
  RoomChange change;                     // what the room's row becomes
  std::optional<engine::AnyGame> next;   // the game after the event, if it changes
  std::string name;                      // joined: the new player's name
  std::string kind;                      // joined: the new player's kind (PlayerInfo::kind)
};

using Decision = std::variant<Refusal, Repeat, Seated, Proposal>;

class GameAuthority {
 public:
  // A new room with its creator seated; `first` receives the `created` event
  // to store with the room. nullopt with `error` when the options are not playable.
  static std::optional<GameAuthority> open(RoomRecord room, const PlayerInfo& creator, engine::Color seat, Clock clock,
                                           AuthorityLimits limits, EventRecord& first, std::string& error);
  // A room rebuilt from its stored events; nullopt with `error` when they do not replay.
  static std::optional<GameAuthority> restore(RoomRecord room, const std::vector<EventRecord>& events, Clock clock,
                                              AuthorityLimits limits, std::string& error);

  Decision join(const PlayerInfo& player) const;
  // Why `player` may not write in this room's chat (--guest-chat), or nothing.
  std::optional<Refusal> chat_refusal(const PlayerInfo& player) const;
  // The free seat is kept for `player` (a rematch's): anyone else gets room_full.
  void reserve(std::int64_t player) { reserved_for_ = player; }
  // `lag_ms`: the network lag measured for this action (clocks credit part of it back).
  Decision play(const PlayerInfo& player, std::int64_t ply, const std::string& action, std::int64_t lag_ms = 0) const;
  Decision resign(const PlayerInfo& player) const;
  Decision offer_draw(const PlayerInfo& player) const;
  Decision answer_draw(const PlayerInfo& player, bool accept) const;
  // Takebacks by agreement (#46): a player asks to take back their last turn
  // (once per ply); the opponent accepts (the game goes back to the start of
  // that turn) or declines; a move declines it too. Never in a ladder or
  // event game, nor against the computer or a bot; in a rated game only with
  // AuthorityLimits::rated_takebacks.
  Decision offer_takeback(const PlayerInfo& player) const;
  Decision answer_takeback(const PlayerInfo& player, bool accept) const;
  // Whether takebacks may be asked for in this room (the rules above).
  bool takebacks_allowed() const;
  std::optional<engine::Color> takeback_offer() const { return takeback_offer_; }
  Decision cancel(const PlayerInfo& player) const;  // the creator, before anyone joined
  Decision expire() const;                          // the server, while nobody joined
  // A moderator's commands (the moderator's player id, their reason): an open
  // or live game ends without a result; a live game gets `result` (1-0 0-1 1/2-1/2).
  Decision abort(std::int64_t moderator, const std::string& reason) const;
  Decision adjudicate(std::int64_t moderator, const std::string& result, const std::string& reason) const;
  // A banned player leaves: their open room is cancelled, their live game resigned.
  Decision forfeit(std::int64_t player) const;
  // A player ends a live game without a result, until both players have acted.
  Decision abort_by_player(const PlayerInfo& player) const;
  // The server ends a live game its players left (game/room_idle.hpp), as of
  // `at`, without a result and unrated: `abandoned` false, a game against the
  // computer whose human is gone (aborted, note player_gone); true, an untimed
  // game with no action for days (reason abandoned, note abandoned).
  Decision abandon(bool abandoned, std::int64_t at) const;
  // A player gives the opponent protocol::kGiveTimeMs on their live clock
  // (#46): any time the game is played, never once a flag has fallen.
  Decision give_time(const PlayerInfo& player) const;
  // The opponent of a player gone too long (claim_at() has passed): a win or (YINSH) a draw.
  Decision claim(const PlayerInfo& player, bool draw) const;
  // A restored room whose server was last known alive at `served_until`
  // (its last durable heartbeat): the time from then to now was nobody's, and
  // due() first proposes a Resumed event that credits it to the running clock
  // (and the first-action deadline), before any flag is judged (#31).
  void resumed_after(std::int64_t served_until);
  // What time alone decides, if it is due at the clock's now: the credit of a
  // restored room (resumed), a flag that fell (timeout) or a first action that
  // did not come (aborted).
  std::optional<Decision> due() const;
  // When due() will next have something to say; none: nothing pending.
  std::optional<std::int64_t> deadline() const;
  // When the running correspondence clock has less than `left_ms` left; none:
  // no such clock runs, or this turn started with less.
  std::optional<std::int64_t> clock_low_at(std::int64_t left_ms) const;

  // Whether `color` has a connection in the room since `now` (the room tells);
  // an absent decider can be claimed against.
  void presence(engine::Color color, bool connected, std::int64_t now);
  // When the decider, gone on their decision in a running live clock, can be
  // claimed against; none: they are not gone.
  std::optional<std::int64_t> claim_at() const;
  // The clocks at `now`; none in an untimed game.
  std::optional<protocol::Clocks> clocks(std::int64_t now) const;
  // Whether a player may still abort (a live game where not both have acted).
  bool abortable() const;
  // A seated player of a game that ended (finished or aborted with both
  // seats taken), who may ask for a rematch; else the refusal.
  std::variant<Refusal, engine::Color> rematch_seat(std::int64_t player) const;

  // The proposal was stored: make it so.
  void commit(Proposal proposal);
  // What the store said with it: the rating of an account that took `seat`
  // (shown as of `at`), and a rated game's change (the seats' ratings become its after values).
  void seat_rating(engine::Color seat, const Rating& stored, std::int64_t at);
  void rated(const RatingChange& change);
  // A seated player came back under another name (a guest who signed up: the
  // account took their player over, #43): the seat says it from now on.
  // Nothing is stored (a seat's name is read from its player); whether it changed.
  bool rename_seat(std::int64_t player, const std::string& name, const std::string& kind);

  const RoomRecord& room() const { return room_; }
  const engine::AnyGame& game() const { return game_; }
  std::int64_t seq() const { return seq_; }
  std::optional<engine::Color> draw_offer() const { return draw_offer_; }
  std::optional<engine::Color> seat_of(std::int64_t player) const;
  // The creator while the room is open (its only seated player), else 0.
  std::int64_t creator() const;

 private:
  GameAuthority(RoomRecord room, engine::AnyGame game, Clock clock, AuthorityLimits limits);
  // The sender's seat if they may act in a running game, else the refusal.
  std::variant<Refusal, engine::Color> playing_seat(const PlayerInfo& player) const;
  Decision propose(protocol::EventKind kind, std::optional<std::int64_t> player, std::optional<engine::Color> color,
                   std::optional<engine::AnyGame> next, std::string action = {}, bool closing = false,
                   std::optional<std::int64_t> at = {}) const;
  // The clocks' part of a stored event.
  void apply_clock(const EventRecord& event);
  bool both_acted() const { return acted_[0] && acted_[1]; }
  // A Resumed event waits to be stored (and the room has room for it).
  bool resume_pending() const { return unserved_credit_ > 0 && seq_ < limits_.max_events_per_room; }
  // A proposal that finishes a rated game gets the rating to write with it.
  void rate_if_rated(Proposal& proposal) const;
  // Asks for a `turn` notice with the event (RoomChange::notify) when it hands
  // a live correspondence game's decision to the other player.
  void notify_if_correspondence(Proposal& proposal) const;
  // `loser` lost on time at `at` (a flag; `note` no_show: a competition game not started).
  Decision lost_on_time(engine::Color loser, std::int64_t at, const char* note) const;
  // Live clocks, not both acted, game live: when the decider's first action is due.
  std::optional<std::int64_t> first_action_due() const;
  // The effect of a stored event on the row and the draw offer; the game is already `next`.
  void apply(const EventRecord& event, const std::string& name);

  RoomRecord room_;
  engine::AnyGame game_;
  Clock now_;
  AuthorityLimits limits_;
  GameClock clock_;
  bool clock_started_ = false;
  std::array<bool, 2> acted_{false, false};     // per colour: has made an action
  std::int64_t decision_since_ = 0;             // when the pending decision began
  std::int64_t last_event_at_ = 0;              // when the newest event was stored
  std::int64_t unserved_credit_ = 0;            // resumed_after(): the credit its Resumed event will carry
  int turns_before_ = 0;                        // turns begun before the next event
  std::optional<std::int64_t> reserved_for_;    // who alone may take the free seat
  std::array<std::optional<std::int64_t>, 2> absent_since_;  // per colour: no connection since
  std::int64_t seq_ = 0;
  std::optional<engine::Color> draw_offer_;
  std::array<int, 2> last_draw_offer_ply_{-1000000, -1000000};  // per colour, for the gap between offers
  std::optional<engine::Color> takeback_offer_;                 // who asks to take back, until answered or a move
  std::array<int, 2> last_takeback_ply_{-1, -1};                // per colour: the ply of their last request
};

// The effect of a stored event on its game: plays an action, a resignation or
// an agreed draw; other kinds leave the game alone. The reason if it does not apply.
std::string replay_event(engine::AnyGame& game, const EventRecord& event);

}  // namespace arena
