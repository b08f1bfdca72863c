#pragma once
// What nodes send each other over the bus (#30), and its text. Only nodes of
// one site read these: a message that does not decode is dropped and logged,
// never trusted further.
//   a room call   JSON: what a connection asked of a room another node owns
//   a frame       "F<conn>\n" + the frame's text: the owner's answer to that connection
//   a close       "X<conn>\n" + the reason: the owner closes that connection
//   a summary     JSON: a room's RoomSummary after a change, for every node's lobby
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "domain/audit_entry.hpp"
#include "game/client.hpp"
#include "game/room_endpoint.hpp"
#include "game/room_events.hpp"
#include "protocol/messages.hpp"

namespace arena {

struct RoomCall {
  std::string op;          // the RoomEndpoint call: join, watch, resync, leave, play, resign, offer_draw,
                           // answer_draw, cancel, abort, claim, rematch, chat, delete_chat, disconnected
  std::string room;
  std::string from;        // the node the connection is on
  std::uint64_t conn = 0;  // the connection, as that node numbers them
  PlayerInfo player;
  nlohmann::json request_id;
  std::int64_t since = 0, chat_since = 0;  // resync
  protocol::Play play;                     // play
  bool yes = false;                        // answer_draw: accept; claim: draw
  std::string text;                        // chat
  std::int64_t seq = 0;                    // delete_chat ...
  AuditEntry audit;                        // ... with its audit entry
};

std::string encode(const RoomCall& call);
std::optional<RoomCall> decode_call(std::string_view text);
// Makes the call on `room` for `client` (the owner's stand-in for the connection).
void apply(const RoomCall& call, RoomEndpoint& room, const std::shared_ptr<Client>& client);

struct FrameMessage {
  bool close = false;      // a close (text: the reason), else a frame (text: the frame)
  std::uint64_t conn = 0;
  std::string_view text;   // into the decoded message
};
std::string encode_frame(std::uint64_t conn, std::string_view frame);
std::string encode_close(std::uint64_t conn, std::string_view reason);
std::optional<FrameMessage> decode_frame(std::string_view message);

std::string encode(const RoomSummary& room);
std::optional<RoomSummary> decode_summary(std::string_view text);

}  // namespace arena
