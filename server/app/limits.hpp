#pragma once
// Limits every connection, player and room lives with (protocol/PROTOCOL.md
// lists them). The configurable ones are set from flags in config.cpp.
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace arena {

struct Limits {
  // One WebSocket connection.
  std::size_t max_frame_bytes = 4096;           // a larger frame closes the connection (1009)
  std::size_t max_queued_frames = 1024;         // a client that reads slower is closed (1008) ...
  std::size_t max_queued_bytes = 1024 * 1024;   // ... as is one with this much waiting
  double messages_per_second = 20;              // sustained rate per connection (every frame counts)
  double message_burst = 60;
  int max_rate_violations = 200;                // refused in a row, then the connection is closed (1008)
  std::chrono::seconds handshake_timeout{10};
  std::chrono::seconds idle_timeout{60};        // pings are sent at half of it

  // HTTP requests.
  std::size_t max_http_target = 8 * 1024;       // longer: 414
  std::size_t max_http_header = 16 * 1024;      // request line and headers; more: 431
  std::size_t max_http_body = 16 * 1024;        // more: 413
  std::size_t max_import_body = 2 * 1024 * 1024 + 64 * 1024;  // POST /api/imports: a record of 2 MiB in JSON (#44)

  // Per client address (IPv4, or the /64 of an IPv6 address).
  int max_connections_per_address = 128;        // more: HTTP 429 too_many_connections
  int max_new_players_per_address = 100;        // new identities per hour; more: too_many_players
  std::chrono::seconds new_player_window{3600};

  // The bot and board API (#45).
  int max_api_streams = 4096;                   // NDJSON streams open on this node; more: 503 busy

  // Rooms.
  int max_open_rooms_per_player = 5;            // rooms waiting for a second player; more: too_many_rooms
  std::chrono::seconds open_room_ttl{30 * 60};  // then an open room is cancelled
  std::chrono::seconds keep_closed{10 * 60};    // then a closed room leaves memory (reloaded when asked for)
  bool rated_takebacks = true;                  // takebacks in rated games (#46); false: refused there
  int draw_offer_gap = 10;                      // actions between two draw offers of one player
  std::chrono::seconds first_action{30};        // live clocks: no first action this long aborts the game
  int abandon_days = 7;                         // an untimed game with no action this long ends as abandoned
  std::chrono::seconds claim_after{40};         // live clocks: a decider gone this long may be claimed against
  std::int64_t max_events_per_room = 10000;     // then room_limit (no real game comes near)
  std::size_t event_history = 64;               // recent event frames a room keeps for resync ...
  std::size_t event_history_bytes = 256 * 1024; // ... at most this many bytes; older: a snapshot
  std::size_t lobby_list_size = 50;             // newest rooms per lobby list; the totals count all
};

}  // namespace arena
