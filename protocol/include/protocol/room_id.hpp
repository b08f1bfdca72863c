#pragma once
// Room ids as the server makes them: 1–32 characters of a–z and 0–9 (new ids
// are 26 characters, 130 random bits). Anything else names no room.
#include <string_view>

namespace protocol {

inline constexpr std::size_t kMaxRoomIdLength = 32;

inline bool valid_room_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxRoomIdLength) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

}  // namespace protocol
