#pragma once
// The WebSocket protocol (see protocol/PROTOCOL.md): client messages as types,
// parsed and validated from JSON with precise error codes; server messages are
// built by the functions at the end. Pure: no I/O, no threads.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "protocol/time_control.hpp"

namespace protocol {

inline constexpr int kVersion = 1;
inline constexpr std::size_t kMaxNameLength = 24;  // code points
inline constexpr std::size_t kMaxChatLength = 200;  // code points

enum class ErrorCode {
  BadJson,             // the frame is not JSON
  BadMessage,          // not an object, or no "type"
  UnknownType,         // "type" names no message
  BadField,            // a field is missing, of the wrong type or value, or unknown
  UnsupportedVersion,  // hello with another protocol version
  NotIdentified,       // a message before hello
  NotFound,            // no such room (or not visible to this player)
  RoomFull,            // both seats are taken
  NotAPlayer,          // the sender has no seat in this room
  NotYourTurn,         // the pending decision is the opponent's
  StalePly,            // the action names another ply than the current one
  IllegalAction,       // the engine refused the action (message = its reason)
  GameOver,            // the game has ended
  NotStarted,          // the game waits for its second player
  NoDraws,             // draw offers exist only in YINSH
  NoDrawOffer,         // nothing to accept or decline
  RateLimited,         // too many messages
  Internal,            // the server failed (the action was not applied)
  TooManyRooms,        // the player has as many open rooms as allowed
  TooManyPlayers,      // this address created as many new players as allowed lately
  DrawOfferTooSoon,    // a player's draw offers must be some actions apart
  RoomLimit,           // the room has as many events as a room may hold
  AlreadyStarted,      // only a room still waiting for its second player can be cancelled
  Forbidden,           // not for this connection (set_name from an account, delete_chat from a player)
  NotAbortable,        // abort after both players acted
  NoClaim,             // a claim while the opponent is not gone long enough, or without a live clock
  GameNotOver,         // a rematch before the game ended
  Muted,               // chat from a muted account
  NameReserved,        // a guest name that passes for an account's username or for staff (#34)
  Blocked,             // the other player blocked this one (their private invitation)
  GuestChatOff,        // guests may not chat in this room (--guest-chat)
  NodeTimeout,         // among nodes: the room's node did not answer in time; resync, then send again if needed
  TooManySeeks,        // the site's pool of seeks is full (#46)
  NoLiveClock,         // give_time in a game without a live clock (#46)
  NoTakeback,          // a takeback not allowed here, with nothing to take back, asked twice for one move, or none to answer (#46)
  NoPremove,           // a premove outside a running game that is not correspondence, or while the decision is the sender's (#46)
  NoConditional,       // a conditional line outside a running correspondence game, or while the decision is the sender's (#46)
  RatingOutOfRange,    // join_room: the joiner's rating is outside the range the room's creator asked for (#46)
};

std::string_view code_name(ErrorCode code);
std::optional<ErrorCode> parse_code(std::string_view name);

// ---- client messages --------------------------------------------------------
struct Hello {
  int protocol = kVersion;
  std::optional<std::string> token;
  std::optional<std::string> name;
  friend bool operator==(const Hello&, const Hello&) = default;
};
struct SetName {
  std::string name;
  friend bool operator==(const SetName&, const SetName&) = default;
};
struct LobbySubscribe {
  friend bool operator==(const LobbySubscribe&, const LobbySubscribe&) = default;
};
struct CreateRoom {
  std::string game;      // gipf | yinsh
  std::string variant;   // gipf: basic standard tournament; yinsh: normal blitz
  int white_extra = 0;   // gipf basic handicap, 0..3
  int black_extra = 0;
  std::string color = "random";  // white | black | random: the creator's seat
  bool is_private = false;
  TimeControl clock{};  // untimed unless given
  bool rated = false;   // asks for a rated game (accounts, a clock; handicap games stay unrated)
  int bot = 0;          // 1..6: the computer of that level takes the other seat at once (never rated); 0: none
  int rating_min = 0;   // the joiner's rating in the game and variant at least this (0: any; #46)
  int rating_max = 0;   // at most this (0: any)
  friend bool operator==(const CreateRoom&, const CreateRoom&) = default;
};
struct JoinRoom {
  std::string room;
  friend bool operator==(const JoinRoom&, const JoinRoom&) = default;
};
struct Watch {
  std::string room;
  friend bool operator==(const Watch&, const Watch&) = default;
};
struct Leave {
  std::string room;
  friend bool operator==(const Leave&, const Leave&) = default;
};
struct Play {
  std::string room;
  std::int64_t ply = 0;  // the ply the action is meant for (the room's current ply)
  std::string action;    // notation of one atomic action
  std::optional<std::int64_t> think_ms{};  // the client's time from `legal` to sending (lag compensation)
  friend bool operator==(const Play&, const Play&) = default;
};
struct Resign {
  std::string room;
  friend bool operator==(const Resign&, const Resign&) = default;
};
struct DrawOffer {
  std::string room;
  friend bool operator==(const DrawOffer&, const DrawOffer&) = default;
};
struct DrawAnswer {
  std::string room;
  bool accept = false;
  friend bool operator==(const DrawAnswer&, const DrawAnswer&) = default;
};
struct CancelRoom {
  std::string room;
  friend bool operator==(const CancelRoom&, const CancelRoom&) = default;
};
struct Resync {
  std::string room;
  std::int64_t since = 0;  // the last event sequence number the client saw (0: none)
  std::int64_t chat_since = 0;  // the last chat message it saw
  friend bool operator==(const Resync&, const Resync&) = default;
};
struct Abort {
  std::string room;
  friend bool operator==(const Abort&, const Abort&) = default;
};
// claim_victory, or claim_draw (`draw`)
struct Claim {
  std::string room;
  bool draw = false;
  friend bool operator==(const Claim&, const Claim&) = default;
};
// Give the opponent kGiveTimeMs on their live clock (#46), as lichess's "moretime".
inline constexpr std::int64_t kGiveTimeMs = 15000;
struct GiveTime {
  std::string room;
  friend bool operator==(const GiveTime&, const GiveTime&) = default;
};
// Takebacks by agreement (#46): a player asks to take back their last turn;
// the opponent accepts or declines.
struct TakebackOffer {
  std::string room;
  friend bool operator==(const TakebackOffer&, const TakebackOffer&) = default;
};
struct TakebackAnswer {
  std::string room;
  bool accept = false;
  friend bool operator==(const TakebackAnswer&, const TakebackAnswer&) = default;
};
// A premove (#46): one action the server plays for the sender as soon as the
// decision is theirs, if it is legal then; none (`action: null`) cancels it.
// In games that are not correspondence.
struct Premove {
  std::string room;
  std::optional<std::string> action;
  friend bool operator==(const Premove&, const Premove&) = default;
};
// A conditional line (#46), in correspondence games: pairs "if they play X,
// I play Y", X and Y each a whole turn (its actions joined by ';'); empty
// cancels. Checked against the game when it is set.
inline constexpr std::size_t kMaxConditionalEntries = 16;  // 8 pairs
inline constexpr std::size_t kMaxConditionalEntryBytes = 256;
struct Conditional {
  std::string room;
  std::vector<std::string> line;
  friend bool operator==(const Conditional&, const Conditional&) = default;
};
struct Rematch {
  std::string room;
  friend bool operator==(const Rematch&, const Rematch&) = default;
};
struct Chat {
  std::string room;
  std::string text;  // checked and NFC-normalised by the parser
  friend bool operator==(const Chat&, const Chat&) = default;
};
struct DeleteChat {
  std::string room;
  std::int64_t seq = 0;
  friend bool operator==(const DeleteChat&, const DeleteChat&) = default;
};
// A heartbeat: browsers cannot send WebSocket pings, so a page that has heard
// nothing for a while asks for a `pong` to tell a quiet link from a dead one.
struct Ping {
  friend bool operator==(const Ping&, const Ping&) = default;
};

// Quick pairing (#46; PROTOCOL.md, Quick pairing): wait in the pool of these
// terms until a compatible seeker comes; a player has one seek at a time.
struct Seek {
  std::string game;
  std::string variant;
  TimeControl clock{};  // live or correspondence: a pool always has a clock
  bool rated = false;   // an account's; a rated seek meets rated seeks only
  int rating_min = 0;   // the opponent's rating at least this (0: any)
  int rating_max = 0;   // at most this (0: any)
  friend bool operator==(const Seek&, const Seek&) = default;
};
struct SeekCancel {
  friend bool operator==(const SeekCancel&, const SeekCancel&) = default;
};

using ClientMessage =
    std::variant<Hello, SetName, LobbySubscribe, CreateRoom, JoinRoom, Watch, Leave, Play, Resign, DrawOffer, DrawAnswer, Resync,
                 CancelRoom, Abort, Claim, Rematch, Chat, DeleteChat, Ping, Seek, SeekCancel, GiveTime,
                 TakebackOffer, TakebackAnswer, Premove, Conditional>;

struct Incoming {
  nlohmann::json id;  // the client's correlation id (string or integer), echoed back; null if none
  ClientMessage message;
};

struct Error {
  ErrorCode code = ErrorCode::BadMessage;
  std::string message;
  nlohmann::json id;  // the request's id when it could be read
};

// Parses one text frame. Never throws.
std::variant<Incoming, Error> parse_client_message(std::string_view text);
// A time control object as create_room's `clock` holds it (kind live or
// correspondence), or why it is not one: shared with the HTTP bodies of ladders and events.
std::variant<TimeControl, std::string> parse_time_control(const nlohmann::json& value);
// The JSON a client sends for `incoming` (the inverse of parse_client_message).
nlohmann::json to_json(const Incoming& incoming);
std::string_view type_name(const ClientMessage& message);

// Display names, checked so that one name cannot pass for another: valid UTF-8,
// normalised to NFC, then 1..24 code points (kMaxNameLength) with at least one
// letter or number. Refused: control, format, separator, private-use, unassigned
// and default-ignorable code points (zero-width characters, bidi controls, BOM,
// Hangul fillers, variation selectors...), every space but the ASCII space, a
// space at either end or twice in a row, a combining mark at the start or after
// a space. Every other printable character is allowed (< > " & \ included:
// clients show names as text, never as markup).
struct NameCheck {
  std::string name;   // the NFC form of the name; empty when refused
  std::string error;  // why the name is refused; empty when accepted
};
NameCheck check_name(std::string_view name);
// A chat message under the same rules for characters: 1..200 code points
// (kMaxChatLength) after NFC, not only spaces; spaces anywhere.
NameCheck check_chat_text(std::string_view text);
// check_name's error message, empty when the name is accepted.
std::string validate_name(std::string_view name);

// ---- server messages --------------------------------------------------------
nlohmann::json error_message(ErrorCode code, std::string_view message, const nlohmann::json& id = nullptr);

}  // namespace protocol
