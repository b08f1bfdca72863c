#pragma once
// Quick pairing's messages (#46; PROTOCOL.md, Quick pairing): a seek as the
// server shows it, and the three messages a seeker hears. Pure.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/registry.hpp"
#include "protocol/time_control.hpp"

namespace protocol {

// The pool a seek waits in: seekers of one pool may meet. Written
// "GAME:VARIANT/CLOCK/MODE", CLOCK "5+5" (minutes + seconds) or "3d",
// MODE "rated" or "casual": "yinsh:blitz/3+2/rated".
std::string seek_pool(const engine::GameOptions& options, const TimeControl& clock, bool rated);

struct SeekView {
  std::string id;
  std::string pool;
  engine::GameOptions options;
  TimeControl clock;
  bool rated = false;
  int rating_min = 0, rating_max = 0;  // 0: any
  int rating = 0;                      // the seeker's in the pool's perf, as paired on
  std::int64_t created_at = 0;
};

nlohmann::json seek_json(const SeekView& seek);
// {"type": "seeking", "seek": {...}, "id"?}: the seek waits (the answer to `seek`).
nlohmann::json seeking_message(const SeekView& seek, const nlohmann::json& id);
// {"type": "seek_paired", "seek", "room", "color", "opponent": {name, rating}}:
// to the player on every connection; the game is open, both seated.
nlohmann::json seek_paired_message(const std::string& seek, const std::string& room, const std::string& color,
                                   const std::string& opponent, int opponent_rating);
// {"type": "seek_ended", "seek", "reason"}: canceled (the answer to
// `seek_cancel`, or a newer seek of the player's), or failed (paired, but the
// game could not open: seek again).
nlohmann::json seek_ended_message(const std::string& seek, const std::string& reason, const nlohmann::json& id);

}  // namespace protocol
