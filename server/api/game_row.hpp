#pragma once
// A stored room as the API lists it (GET /api/games, profiles, the admin's lists).
#include "game/room_records.hpp"
#include "protocol/http_messages.hpp"

namespace arena {

protocol::GameRow game_row(const RoomRecord& room);

}  // namespace arena
