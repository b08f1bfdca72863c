#pragma once
// A room's chat: every message (the deleted ones kept, marked), who may write
// how often, and the frames that show it. Like the Crowd, used only on its
// room's strand; the room stores a message before it joins the chat here
// (decide, then commit), so nothing in this class is ever ahead of the store.
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "game/authority.hpp"
#include "game/client.hpp"
#include "game/room_records.hpp"
#include "protocol/messages.hpp"
#include "protocol/server_messages.hpp"

namespace arena {

struct ChatLimits {
  std::size_t max_messages = 1000;  // per room; more: room_limit
  std::size_t burst = 5;            // messages of one player in a room per window; more: rate_limited
  std::int64_t window_ms = 10000;
};

class RoomChat {
 public:
  RoomChat(ChatLimits limits, std::vector<ChatRecord> messages) : limits_(limits), messages_(std::move(messages)) {}

  // The stored messages, numbered 1, 2, … without a gap; else why not.
  static std::optional<std::string> out_of_sequence(const std::vector<ChatRecord>& messages);

  // The message `player` would write at `now` (its seq the next), or why it
  // may not: the room is full, or the player wrote `burst` in the window. An
  // accepted message counts against the player's rate even if it then fails
  // to store (a flood of failing writes is still a flood).
  std::variant<ChatRecord, Refusal> compose(protocol::ChatChannel channel, std::int64_t player, const std::string& name,
                                                const std::string& text, std::int64_t now);
  // The composed message, once stored.
  void add(ChatRecord message);

  // The message a moderator may delete, or none (no such message, or deleted already).
  const ChatRecord* deletable(std::int64_t seq) const;
  // Once the deletion is stored.
  void mark_deleted(std::int64_t seq);

  // The `chat_message` frame of a new message (for its channel's audience).
  Frame message_frame(const std::string& room, const ChatRecord& message) const;
  // The `chat_history` frame for `viewer` from message `since` + 1: a player
  // sees both channels, anyone else the spectators' only; deleted messages
  // and the lines of writers the viewer blocked never.
  Frame history_frame(const std::string& room, bool player, std::int64_t since, const Client& viewer) const;

 private:
  static protocol::ChatLine line(const ChatRecord& m);
  // Counts a message of `player` at `now`; false: too many lately.
  bool within_rate(std::int64_t player, std::int64_t now);

  ChatLimits limits_;
  std::vector<ChatRecord> messages_;
  std::unordered_map<std::int64_t, std::deque<std::int64_t>> recent_;  // per player: their messages' times in the window
};

}  // namespace arena
