#pragma once
// The small vocabulary of rooms shared by the protocol, the server and the store:
// a room's status and the kinds of its events, each with its one wire name (the
// same text is stored in the database).
#include <optional>
#include <string_view>

namespace protocol {

enum class RoomStatus { Open, Live, Finished, Cancelled };

enum class EventKind {
  Created, Joined, Action, Resigned, DrawOffered, DrawDeclined, DrawAgreed, Cancelled, Aborted, Adjudicated, Timeout, Claimed,
  // The room resumed after nobody served it (its server crashed, or its node
  // died and another took it over): the running clock is credited that time (#31).
  Resumed,
  // A player gave the opponent kGiveTimeMs on their live clock (#46).
  TimeGiven,
  // Takebacks (#46): asked, declined, and accepted (the game goes back to
  // the start of the asker's last turn; `action` holds that ply).
  TakebackOffered, TakebackDeclined, TakebackAccepted
};

constexpr std::string_view status_name(RoomStatus s) {
  constexpr std::string_view kNames[] = {"open", "live", "finished", "cancelled"};
  return kNames[static_cast<int>(s)];
}

constexpr std::string_view kind_name(EventKind k) {
  constexpr std::string_view kNames[] = {"created",      "joined",        "action",      "resigned",
                                         "draw_offered", "draw_declined", "draw_agreed", "cancelled",
                                         "aborted",      "adjudicated",   "timeout",     "claimed",
                                         "resumed",      "time_given",    "takeback_offered", "takeback_declined",
                                         "takeback_accepted"};
  return kNames[static_cast<int>(k)];
}

constexpr std::optional<RoomStatus> parse_status(std::string_view name) {
  for (int i = 0; i <= static_cast<int>(RoomStatus::Cancelled); ++i)
    if (status_name(static_cast<RoomStatus>(i)) == name) return static_cast<RoomStatus>(i);
  return std::nullopt;
}

constexpr std::optional<EventKind> parse_kind(std::string_view name) {
  for (int i = 0; i <= static_cast<int>(EventKind::TakebackAccepted); ++i)
    if (kind_name(static_cast<EventKind>(i)) == name) return static_cast<EventKind>(i);
  return std::nullopt;
}

// A room's two chat channels: the seated players', and everyone else's.
enum class ChatChannel { Players, Spectators };

constexpr std::string_view channel_name(ChatChannel c) { return c == ChatChannel::Players ? "players" : "spectators"; }

constexpr std::optional<ChatChannel> parse_channel(std::string_view name) {
  if (name == "players") return ChatChannel::Players;
  if (name == "spectators") return ChatChannel::Spectators;
  return std::nullopt;
}

// Finished or cancelled: the room accepts nothing more.
constexpr bool closed(RoomStatus s) { return s == RoomStatus::Finished || s == RoomStatus::Cancelled; }

}  // namespace protocol
