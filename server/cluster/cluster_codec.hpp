#pragma once
// What nodes send each other over the bus (#30), as types, and their one
// codec (#41, #42): each subject carries one message type (or a variant of
// them), made into text by encode() and read back by its decode_…(), which
// is nullopt for anything else (not that type's text, an unknown op, a
// missing or mistyped field; `why` then says which) and never throws. Only
// nodes of one build read these: a message that does not decode is dropped,
// counted (gipf_arena_bus_dropped_total) and logged, never trusted further.
//   arena.node.<node>.calls  RoomCall     JSON: what a connection asked of a room another node owns
//   arena.node.<node>.frames NumberedFrame "S<node>\n<stream>\n<number>\n" + a NodeFrame: the sending
//                                         node's frames to this node, numbered 1, 2, … in its stream (#42);
//                                         the NodeFrame is one of
//                                         "F<conn>\n" + a frame's text: the owner's answer to that connection;
//                                         "X<conn>\n" + a reason: the owner closes that connection;
//                                         "N<conn>\n<node>\n" + a room's id: that node, which the connection
//                                         reached the room through, does not serve it (any more);
//                                         "T": no frame, a tick: <number> is the last one sent
//   arena.lobby              LobbyUpdate  "<node>\n" + JSON: a room's RoomSummary after a change, for every node's lobby
//   arena.lobby.hello        LobbyHello   "<node>": a node that joined asks for every room
//   arena.nodes.alive        NodeAlive    "<node>\n<boot>": every third of a lease, while the node lives
//   arena.players            PlayersTold  "<node>\n" + a PlayerMessage (game/player_bus.hpp)
//   arena.logins             LoginFailed  "<node>\n" + an account's username: a failed login there
//   arena.rooms.moved        RoomMoved    "<node>\n" + a room's id: that node serves the room now
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "domain/audit_entry.hpp"
#include "game/client.hpp"
#include "game/player_bus.hpp"
#include "game/room_endpoint.hpp"
#include "game/room_events.hpp"
#include "protocol/messages.hpp"
#include "util/metrics.hpp"

namespace arena {

// Whether `text`, a message of a subject every node hears (arena.lobby,
// arena.lobby.hello, arena.players, arena.logins, arena.rooms.moved), is the
// node `node`'s own: read before decoding, so a node skips its own at once.
bool sent_by(std::string_view text, std::string_view node);

// ---- arena.node.<node>.calls --------------------------------------------------

// The RoomEndpoint call a RoomCall makes.
enum class RoomOp {
  Join,
  Watch,
  Resync,
  Leave,
  Play,
  Resign,
  OfferDraw,
  AnswerDraw,
  Cancel,
  Abort,
  Claim,
  Rematch,
  Chat,
  DeleteChat,
  Disconnected,
  GiveTime,  // #46
  OfferTakeback,
  AnswerTakeback,
  Premove,      // #46
  Conditional,  // #46
};
std::string_view op_name(RoomOp op);            // its name on the wire: "join", "offer_draw", …
std::optional<RoomOp> parse_room_op(std::string_view name);

struct RoomCall {
  RoomOp op = RoomOp::Join;
  std::string room;
  std::string from;        // the node the connection is on
  std::uint64_t conn = 0;  // the connection, as that node numbers them
  PlayerInfo player;
  nlohmann::json request_id;
  std::int64_t since = 0, chat_since = 0;  // Resync
  protocol::Play play;                     // Play
  bool yes = false;                        // AnswerDraw: accept; Claim: draw
  std::string text;                        // Chat
  std::int64_t seq = 0;                    // DeleteChat ...
  AuditEntry audit;                        // ... with its audit entry
  std::optional<std::string> premove;      // Premove (none: cancel)
  std::vector<std::string> line;           // Conditional (empty: cancel)
};

std::string encode(const RoomCall& call);
std::optional<RoomCall> decode_call(std::string_view text, BusDrop* why = nullptr);
// Makes the call on `room` for `client` (the owner's stand-in for the connection).
void apply(const RoomCall& call, RoomEndpoint& room, const std::shared_ptr<Client>& client);

// ---- arena.node.<node>.frames -------------------------------------------------

// (the views point into the text they were decoded from, or encoded from: kept while read)
struct FrameTo {
  std::uint64_t conn = 0;
  std::string_view frame;  // the frame's text, for that connection
};
struct CloseTo {
  std::uint64_t conn = 0;
  std::string_view reason;
};
// The answer of a room's former node to a call it can no longer serve (#42,
// defect 5): the connection's node looks the room up again, rather than
// sending it there again and again should it have missed arena.rooms.moved.
struct NotServedHere {
  std::uint64_t conn = 0;
  std::string_view from;  // the node that answers
  std::string_view room;
};
// No frame: the sender's last number so far, sent every third of a lease for a
// while after its last frame, so that a frame lost at the end of a burst (a
// player's move, and then nothing) is missed within a tick, not never.
struct FramesTick {};
using NodeFrame = std::variant<FrameTo, CloseTo, NotServedHere, FramesTick>;

std::string encode(const NodeFrame& message);
std::optional<NodeFrame> decode_frame(std::string_view message, BusDrop* why = nullptr);

// A NodeFrame in the sending node's numbered stream to the receiving node
// (#42): NATS delivers at most once, so a node that hears number n + 2 after
// n, or a tick naming a number it never heard, knows frames were lost on the
// way (a bus cut, a NATS restart) and resyncs the connections they were for
// (FrameGaps, ClusterNode::on_frame).
struct NumberedFrame {
  std::string_view from;     // the sending node
  std::uint64_t stream = 0;  // new whenever the sender numbers afresh (a start)
  std::uint64_t number = 0;  // 1, 2, … in the stream; a tick's: the last one sent
  NodeFrame frame;
};
std::string encode(const NumberedFrame& message);
std::optional<NumberedFrame> decode_numbered_frame(std::string_view message, BusDrop* why = nullptr);

// ---- arena.lobby, arena.lobby.hello ---------------------------------------------

// A room's summary alone (JSON), as a LobbyUpdate carries it.
std::string encode(const RoomSummary& room);
std::optional<RoomSummary> decode_summary(std::string_view text, BusDrop* why = nullptr);

struct LobbyUpdate {
  std::string from;  // the room's node
  RoomSummary room;
};
std::string encode(const LobbyUpdate& update);
std::optional<LobbyUpdate> decode_lobby_update(std::string_view text, BusDrop* why = nullptr);

struct LobbyHello {
  std::string from;  // the node that joined
  friend bool operator==(const LobbyHello&, const LobbyHello&) = default;
};
std::string encode(const LobbyHello& hello);
std::optional<LobbyHello> decode_lobby_hello(std::string_view text, BusDrop* why = nullptr);

// ---- arena.players, arena.logins, arena.rooms.moved ------------------------------

struct PlayersTold {
  std::string from;  // the node it happened on
  PlayerMessage message;
  friend bool operator==(const PlayersTold&, const PlayersTold&) = default;
};
std::string encode(const PlayersTold& told);
std::optional<PlayersTold> decode_players_told(std::string_view text, BusDrop* why = nullptr);

struct LoginFailed {
  std::string from;
  std::string account;  // a valid username (else the message does not decode)
  friend bool operator==(const LoginFailed&, const LoginFailed&) = default;
};
std::string encode(const LoginFailed& failed);
std::optional<LoginFailed> decode_login_failed(std::string_view text, BusDrop* why = nullptr);

struct RoomMoved {
  std::string owner;  // the node serving the room now
  std::string room;
  friend bool operator==(const RoomMoved&, const RoomMoved&) = default;
};
std::string encode(const RoomMoved& moved);
std::optional<RoomMoved> decode_room_moved(std::string_view text, BusDrop* why = nullptr);

// ---- arena.nodes.alive ----------------------------------------------------------

// A node is alive (#42): sent every third of a lease. A node the others have
// not heard from for a lease is gone for them: its stand-ins leave their
// rooms (RoomRelay). `boot` is new at every start: a node restarted under the
// same id numbers its connections afresh, so the stand-ins of its earlier run go.
struct NodeAlive {
  std::string from;
  std::uint64_t boot = 0;
  friend bool operator==(const NodeAlive&, const NodeAlive&) = default;
};
std::string encode(const NodeAlive& alive);
std::optional<NodeAlive> decode_node_alive(std::string_view text, BusDrop* why = nullptr);

}  // namespace arena
