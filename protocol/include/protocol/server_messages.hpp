#pragma once
// Every server → client message as a type with one serializer (PROTOCOL.md has
// the spec). The server builds no JSON by hand: it fills these and calls
// to_json(), or to_text() for those that carry views of a game. Parts that
// are themselves JSON views of a game (a state, the legal moves, the steps)
// are built once by protocol/game_view.hpp and carried here.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/color.hpp"
#include "engine/game_options.hpp"
#include "protocol/game_view.hpp"
#include "protocol/account_types.hpp"
#include "protocol/json_writer.hpp"
#include "protocol/messages.hpp"
#include "protocol/room_types.hpp"
#include "protocol/time_control.hpp"

namespace protocol {

using Json = nlohmann::json;

// A rating as shown (Glicko scale, full precision; inactivity applied).
struct RatingView {
  double rating = 0;
  double rd = 0;
  bool provisional = false;
  friend bool operator==(const RatingView&, const RatingView&) = default;
};

struct PlayerRef {
  std::int64_t id = 0;
  std::string name;
  std::optional<RatingView> rating;  // a seat of an account or of the computer (#47), in the room's perf
  // "guest", "account", "moderator", "admin" or "computer" (#34: staff cannot
  // be impersonated); empty: not known here, and not sent.
  std::string kind;
};

// A rated game's change, per side.
struct RatedSide {
  std::int64_t player = 0;
  RatingView before, after;
};
struct RatingChangeView {
  std::string perf;
  RatedSide white, black;
};
// Right after the event that finished a rated game (and at the end of a resync of it).
struct Rated {
  std::string room;
  RatingChangeView change;
};

struct Welcome {
  PlayerRef player;
  std::string token;  // empty for an account: null on the wire
  bool is_new = false;
  std::optional<AccountView> account;
  Json id;  // the request's id; null: none
};

struct NameSet {
  std::string name;
  Json id;
};

// The answer to `ping`.
struct Pong {
  Json id;
};

struct RoomCreated {
  std::string room;  // the invite link is derived from it
  Json id;
};

// An answer to a request about a room; the optional fields say what kind.
struct Ack {
  std::string room;
  std::int64_t seq = 0;  // the room's last event
  Json id;
  bool duplicate = false;            // the request repeated one already applied
  std::optional<std::int64_t> ply;   // with duplicate: the ply of the applied action
  bool snapshot = false;             // resync: a room snapshot follows
  std::optional<std::int64_t> missed;  // resync: that many events follow
};

struct ErrorReply {
  ErrorCode code = ErrorCode::Internal;
  std::string message;
  Json id;
  std::optional<std::string> room;
};

struct Spectators {
  std::string room;
  int count = 0;
};

struct Legal {
  std::string room;
  int ply = 0;
  engine::Color player = engine::Color::White;
  LegalMoves legal;
};

// The clocks as of a moment: each player's time left, and whose clock runs.
struct Clocks {
  std::int64_t white_ms = 0, black_ms = 0;
  std::optional<engine::Color> running;
};

struct RoomInfo {
  std::string id;
  engine::GameOptions options;
  TimeControl clock;
  bool is_private = false;
  std::optional<PlayerRef> white, black;
  std::int64_t created_at = 0;
  bool rated = false;
  std::string perf;  // "game:variant"
};

struct RoomSnapshot {
  RoomInfo room;
  std::int64_t seq = 0;
  int ply = 0;
  std::optional<engine::Color> you;  // none: a spectator
  RoomStatus status = RoomStatus::Open;
  RawJson history;  // steps
  RawJson state;
  RawJson result;
  std::optional<engine::Color> draw_offer;
  std::optional<engine::Color> takeback_offer;  // who asks to take back their last turn (#46)
  bool takebacks = false;                       // takebacks may be asked for in this room (#46)
  std::optional<std::string> premove;           // the viewer's own premove (#46)
  std::vector<std::string> conditional;         // the viewer's own conditional line (#46)
  int spectators = 0;
  std::optional<Clocks> clocks;                // none: untimed
  std::optional<std::int64_t> claim_at;        // the opponent is gone: claims from then on
  bool abortable = false;                      // a player may still abort
  std::optional<engine::Color> rematch_offer;  // who offered a rematch
  std::optional<std::string> rematch;          // the rematch's room
  std::optional<RatingChangeView> rating_change;  // a finished rated game's
  std::optional<std::string> chat_closed;  // why this connection may not chat here (a guest in a rated game), or none
};

struct Event {
  std::string room;
  std::int64_t seq = 0;
  EventKind kind = EventKind::Created;
  std::int64_t at = 0;
  std::optional<engine::Color> by;
  int ply = 0;
  RoomStatus status = RoomStatus::Open;
  RawJson state;
  RawJson result;
  std::optional<PlayerRef> player;  // created, joined
  std::optional<bool> expired;      // cancelled: by the server, nobody joined in time
  std::optional<std::string> note;  // aborted, adjudicated: the moderator's reason; resigned: "banned"
  std::optional<std::string> action;  // action ...
  RawJson steps;                      // ... and the steps it took (with the forced ones)
  std::optional<Clocks> clocks;       // as of the event; none: untimed
  std::optional<std::int64_t> credited_ms;  // resumed: the time given back to the running clock
};

// To the player waiting on an opponent gone (a live clock): claims from `claim_at`.
struct OpponentGone {
  std::string room;
  std::int64_t claim_at = 0;
};
struct OpponentBack {
  std::string room;
};
struct RematchOffer {
  std::string room;
  engine::Color by = engine::Color::White;
};
struct RematchReady {
  std::string room;
  std::string next;
};

// To a seated player's own connections (#46): their premove and conditional
// line as the server keeps them now; `dropped` the premove or the line's next
// entry the server let go, and `reason` why (illegal then, or they played
// another turn).
struct Plan {
  std::string room;
  std::optional<std::string> premove;
  std::vector<std::string> conditional;
  std::optional<std::string> dropped;
  std::optional<std::string> reason;
};

struct ChatLine {
  std::int64_t seq = 0;
  ChatChannel channel = ChatChannel::Players;
  std::int64_t at = 0;
  PlayerRef player;
  std::string text;
};
struct ChatMessage {
  std::string room;
  ChatLine line;
};
struct ChatHistory {
  std::string room;
  std::vector<ChatLine> messages;
};
struct ChatDeleted {
  std::string room;
  std::int64_t seq = 0;
};

// One room of the lobby lists.
struct LobbyEntry {
  std::string id;
  engine::GameOptions options;
  TimeControl clock;
  std::int64_t created_at = 0;
  RoomStatus status = RoomStatus::Open;
  std::string creator;         // open: who waits, and
  engine::Color seat{};        // the seat still free
  std::string white, black;    // live
  int moves = 0, ply = 0, spectators = 0;
  bool rated = false;
  std::string perf;
  std::optional<RatingView> creator_rating, white_rating, black_rating;  // accounts' (open: the creator's)
  int rating_min = 0, rating_max = 0;  // open: the joiner's rating the creator asked for (0: any; #46)
  friend bool operator==(const LobbyEntry&, const LobbyEntry&) = default;
};

// A list's entries newest first.
struct Lobby {
  std::vector<LobbyEntry> open, live;
  std::int64_t open_total = 0, live_total = 0;
  Json id;
  std::vector<LobbyEntry> mine;  // the subscriber's own open and live rooms, newest first (private ones too)
};

struct LobbyListDelta {
  std::vector<LobbyEntry> set;        // new or changed
  std::vector<std::string> removed;   // ids
  bool empty() const { return set.empty() && removed.empty(); }
};

struct LobbyUpdate {
  LobbyListDelta open, live;
  std::int64_t open_total = 0, live_total = 0;
};
// A lobby subscriber's own games changed (one began, ended, moved on): all of them again.
struct LobbyMine {
  std::vector<LobbyEntry> mine;
};

Json to_json(const Welcome& m);
Json to_json(const NameSet& m);
Json to_json(const RoomCreated& m);
Json to_json(const Pong& m);
Json to_json(const Ack& m);
Json to_json(const ErrorReply& m);
Json to_json(const Spectators& m);
Json to_json(const OpponentGone& m);
Json to_json(const OpponentBack& m);
Json to_json(const RematchOffer& m);
Json to_json(const RematchReady& m);
Json to_json(const ChatMessage& m);
Json to_json(const ChatHistory& m);
Json to_json(const ChatDeleted& m);
Json to_json(const Rated& m);
Json to_json(const Plan& m);
Json rating_change_json(const RatingChangeView& change);  // without type and room
// A time control as the protocol shows it: null (untimed) or its object.
Json clock_json(const TimeControl& c);
// The messages that carry views of a game are written as text at once
// (JsonWriter): the parts already written (state, moves, steps) go in as they are.
std::string to_text(const Legal& m);
std::string to_text(const Event& m);
std::string to_text(const RoomSnapshot& m);
Json to_json(const LobbyEntry& m);
Json to_json(const Lobby& m);
Json to_json(const LobbyUpdate& m);
Json to_json(const LobbyMine& m);

}  // namespace protocol
