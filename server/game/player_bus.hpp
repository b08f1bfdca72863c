#pragma once
// What reaches a player, told to the site's other nodes (#30, #41): one struct
// per message, one codec (player_bus.cpp). PlayerConnections tells them
// (set_site) and applies them (apply_from_site); the cluster only carries
// their text. Only nodes of one build read it: a text that does not decode
// (not JSON, an unknown op, a missing or mistyped field) is nullopt, never
// half-read, and no exception escapes.
//   {"op":"send","player":P,"frame":TEXT}
//   {"op":"disconnect_player","player":P,"reason":TEXT}
//   {"op":"disconnect_session","session":COOKIE,"reason":TEXT}
//   {"op":"ban","player":P,"until":MS,"now":MS}
//   {"op":"unban","player":P}
//   {"op":"mute","player":P,"until":MS,"now":MS}
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "util/metrics.hpp"

namespace arena {

// A frame (its text) for every open connection of the player.
struct SendToPlayer {
  std::int64_t player = 0;
  std::string frame;
  friend bool operator==(const SendToPlayer&, const SendToPlayer&) = default;
};
// The player's connections close.
struct DisconnectPlayer {
  std::int64_t player = 0;
  std::string reason;
  friend bool operator==(const DisconnectPlayer&, const DisconnectPlayer&) = default;
};
// The connections opened with a session cookie close (a logout).
struct DisconnectSession {
  std::string session;
  std::string reason;
  friend bool operator==(const DisconnectSession&, const DisconnectSession&) = default;
};
// A ban until `until` (ms), as of `now`.
struct BanPlayer {
  std::int64_t player = 0;
  std::int64_t until = 0;
  std::int64_t now = 0;
  friend bool operator==(const BanPlayer&, const BanPlayer&) = default;
};
struct UnbanPlayer {
  std::int64_t player = 0;
  friend bool operator==(const UnbanPlayer&, const UnbanPlayer&) = default;
};
// A mute until `until` (0 or past: none), as of `now`.
struct MutePlayer {
  std::int64_t player = 0;
  std::int64_t until = 0;
  std::int64_t now = 0;
  friend bool operator==(const MutePlayer&, const MutePlayer&) = default;
};

using PlayerMessage = std::variant<SendToPlayer, DisconnectPlayer, DisconnectSession, BanPlayer, UnbanPlayer, MutePlayer>;

std::string encode(const PlayerMessage& message);
// nullopt if `text` is not such a message; `why` (if given) then says why.
std::optional<PlayerMessage> decode_player_message(std::string_view text, BusDrop* why = nullptr);

}  // namespace arena
