#pragma once
// The domain's records of a room: its row, its events, its chat, and what an
// event changes. Rooms decide with them (game/authority), the store keeps them
// (game/game_log.hpp), the rest of the server reads them; plain data, no I/O.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/audit_entry.hpp"
#include "engine/color.hpp"
#include "engine/game_options.hpp"
#include "protocol/room_types.hpp"
#include "protocol/time_control.hpp"
#include "rating/glicko2.hpp"

namespace arena {

// A rated game's consequence: both players' ratings in its perf before (as of
// the game's end, inactivity applied) and after it. Indexed by colour.
struct RatingChange {
  std::string perf;
  std::array<std::int64_t, 2> players{0, 0};
  std::array<Rating, 2> before, after;
};

struct RoomRecord {
  std::string id;
  engine::GameOptions options;
  protocol::TimeControl clock;  // untimed by default
  bool is_private = false;
  std::optional<std::int64_t> white;  // player ids of the seats
  std::optional<std::int64_t> black;
  std::string white_name;  // the seated players' current names (filled when read)
  std::string black_name;
  protocol::RoomStatus status = protocol::RoomStatus::Open;
  std::string result;  // 1-0 0-1 1/2-1/2 once finished, else empty
  std::string reason;  // why it finished (the engine's words), else empty
  std::int64_t plies = 0;
  std::int64_t created_at = 0;  // ms since the epoch
  std::int64_t finished_at = 0;  // 0 while open or live
  bool rated = false;            // a finished game changes its players' ratings (#13)
  bool competition = false;      // a ladder or event game (#14): players may not abort it
  std::int64_t start_by = 0;     // a competition game with a live clock must start by then (0: no deadline)
  int rating_min = 0, rating_max = 0;  // the joiner's rating in its perf the creator asked for (0: any; #46)
  // The seated accounts' ratings in the room's perf, as stored when read (or
  // as of sitting down, in a room in memory); none for a guest or a free seat.
  std::optional<Rating> white_rating, black_rating;
  std::optional<RatingChange> rating_change;  // a rated game's, once finished (filled by find_room)
  std::string white_kind;  // the seats' PlayerInfo::kind (filled when read, or on sitting down; "" unknown)
  std::string black_kind;
};

// One accepted event of a room, numbered from 1 without gaps.
struct EventRecord {
  std::int64_t seq = 0;
  protocol::EventKind kind = protocol::EventKind::Created;
  std::optional<std::int64_t> player;  // who acted; none when the server did (an expired room)
  std::optional<engine::Color> color;  // the seat concerned (the actor's, or the one taken)
  std::string action;                  // the notation, for kind Action; the result token, for Adjudicated
  std::int64_t at = 0;                 // ms since the epoch
  std::string note;                    // a moderator's reason (Aborted, Adjudicated); "banned"; "no_first_action"
  // An action's measured network lag (clocks credit part of it back); a
  // Resumed event's time nobody served the room (credited in full, #31).
  std::int64_t lag_ms = 0;
};

// One chat message of a room, numbered per room from 1 without gaps (apart
// from the events' numbers).
struct ChatRecord {
  std::int64_t seq = 0;
  protocol::ChatChannel channel = protocol::ChatChannel::Players;
  std::int64_t player = 0;  // the writer
  std::string name;         // the writer's name when they wrote
  std::string text;
  std::int64_t at = 0;      // ms since the epoch
  bool deleted = false;     // a moderator deleted it: kept, never shown
  std::string kind;         // the writer's PlayerInfo::kind (not stored with the line: read from accounts)
};

// An open room's range for its joiner's rating (#46): 0 is no bound.
struct RatingRange {
  int min = 0, max = 0;
};

// A seat's conditional line in a correspondence game (#46; game/move_plans.hpp):
// pairs of whole turns, theirs then the seat's, in the engine's notation.
struct ConditionalRecord {
  engine::Color seat = engine::Color::White;
  int from_ply = 0;               // the ply it was set or last advanced at
  std::vector<std::string> line;  // empty: none (a write deletes it)
  std::int64_t at = 0;            // when it was written
  friend bool operator==(const ConditionalRecord&, const ConditionalRecord&) = default;
};

// The writing node's lease on its room (#30): a write that carries it is
// refused once the room changed hands (another node's claim raised the epoch).
struct LeaseFence {
  std::string owner;  // the node's id
  std::int64_t epoch = 0;
};

// What an event changes in its room's row, written in the same transaction as
// the event. Consequences that must be atomic with a game (a rating change
// when it ends) join this struct, so that every backend writes them together.
struct RoomChange {
  std::optional<std::int64_t> white;  // a seat taken
  std::optional<std::int64_t> black;
  std::optional<protocol::RoomStatus> status;  // finished_at is set with Finished or Cancelled
  std::string result;  // with Finished
  std::string reason;
  std::optional<std::int64_t> plies;
  std::optional<AuditEntry> audit;  // a moderator's command, stored with its event
  // A rated game ends with this event: the store rates it in the same
  // transaction, from both players' ratings as stored at that moment (so two
  // games of one player ending at once in two rooms are rated one after the other).
  struct Rate {
    std::string perf;
    std::int64_t white = 0, black = 0;  // player ids (accounts')
    double white_score = 0;             // glicko2::kWin, kDraw or kLoss
  };
  std::optional<Rate> rate;
  std::optional<LeaseFence> fence;  // none: one node serves every room (no bus)
  // A notification this event causes (#35: an action in a live correspondence
  // game hands the decision to `player`, kind "turn"), stored as an intent in
  // the event's transaction, so that a crash after the event's commit cannot
  // lose it. Whether it becomes a notice and a mail (the player's presence and
  // switches, once per turn, the digest) is decided later, off the room's
  // path, by the mail service (mail/turn_notifier.hpp), which deletes the
  // intent in the transaction that writes them.
  struct Notify {
    std::int64_t player = 0;
    std::string kind;
  };
  std::optional<Notify> notify;
};

// What writing a room's event found or did besides storing it.
struct EventWritten {
  std::optional<Rating> seated;       // a seat taken by an account: its rating in the room's perf, as stored
  std::optional<RatingChange> rated;  // the event ended a rated game: the change written with it
};

// A ladder or event game the server must create (or find created): the room
// id is chosen before, stored with the challenge or pairing (competition/);
// the room directory opens it.
struct CompetitionGame {
  std::string room;
  engine::GameOptions options;
  protocol::TimeControl clock;
  std::int64_t start_within_ms = 0;  // a live clock's game must start this soon after its room's creation; 0: no deadline
  std::int64_t white = 0, black = 0;
  std::string white_name, black_name;
  std::string source_kind;  // "ladder" or "event"
  std::int64_t source_id = 0;
  std::string source_name;
  int round = 0;            // events
  std::int64_t challenge = 0;  // ladders: the challenge's id
  std::string white_kind, black_kind;  // the seats' PlayerInfo::kind
};

}  // namespace arena
