#pragma once
// The JSON API's answers (GET /api/...), as types with one serializer each, like
// the WebSocket messages in server_messages.hpp. PROTOCOL.md has the spec.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/server_messages.hpp"

namespace protocol {

// One stored room as the API lists it.
struct GameRow {
  std::string id;
  engine::GameOptions options;
  bool is_private = false;
  RoomStatus status = RoomStatus::Open;
  std::optional<PlayerRef> white, black;
  std::int64_t plies = 0;
  std::string result;  // empty: none yet
  std::string reason;
  std::int64_t created_at = 0;
  std::int64_t finished_at = 0;  // 0: not finished
  TimeControl clock;
  bool rated = false;
};

struct GameList {
  std::vector<GameRow> games;
  int page = 1;
  int per_page = 20;
  std::int64_t total = 0;
};

struct Position {
  int ply = 0;  // after this many steps
  Json state;
};

// One game with everything a replay needs.
struct GameDetail {
  GameRow game;
  std::string record;             // the game record's text
  Json steps;                     // every step
  Json state;                     // the final state
  std::vector<Position> positions;  // the state after each chosen action (0: the start)
  std::string node;               // an open or live game's: the node that serves it (#30); "" when not sent
};

struct Health {
  int rooms = 0;        // in memory
  int connections = 0;  // WebSocket connections open
  std::string node;     // the answering server's --node-id
  bool mail = false;    // the server sends mail (--smtp): addresses, resets, notifications
};

struct HttpError {
  std::string code;
  std::string message;
};

Json to_json(const GameRow& m);
Json to_json(const GameList& m);
Json to_json(GameDetail m);
Json to_json(const Health& m);
Json to_json(const HttpError& m);

}  // namespace protocol
