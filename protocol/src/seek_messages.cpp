#include "protocol/seek_messages.hpp"

#include "protocol/server_messages.hpp"  // clock_json

namespace protocol {

std::string seek_pool(const engine::GameOptions& options, const TimeControl& clock, bool rated) {
  std::string speed;
  if (clock.live()) {
    auto number = [](std::int64_t ms, std::int64_t unit) {
      if (ms % unit == 0) return std::to_string(ms / unit);
      std::string text = std::to_string(static_cast<double>(ms) / static_cast<double>(unit));
      while (!text.empty() && text.back() == '0') text.pop_back();
      return text;
    };
    speed = number(clock.initial_ms, 60'000) + "+" + number(clock.increment_ms, 1'000);
  } else {
    speed = std::to_string(clock.days_per_move) + "d";
  }
  return options.game + ":" + options.variant + "/" + speed + "/" + (rated ? "rated" : "casual");
}

nlohmann::json seek_json(const SeekView& seek) {
  nlohmann::json j{{"id", seek.id},           {"pool", seek.pool},       {"game", seek.options.game},
                   {"variant", seek.options.variant}, {"clock", clock_json(seek.clock)}, {"rated", seek.rated},
                   {"rating", seek.rating},   {"created_at", seek.created_at}};
  if (seek.rating_min) j["rating_min"] = seek.rating_min;
  if (seek.rating_max) j["rating_max"] = seek.rating_max;
  return j;
}

nlohmann::json seeking_message(const SeekView& seek, const nlohmann::json& id) {
  nlohmann::json j{{"type", "seeking"}, {"seek", seek_json(seek)}};
  if (!id.is_null()) j["id"] = id;
  return j;
}

nlohmann::json seek_paired_message(const std::string& seek, const std::string& room, const std::string& color,
                                   const std::string& opponent, int opponent_rating) {
  return {{"type", "seek_paired"}, {"seek", seek},   {"room", room},
          {"color", color},        {"opponent", {{"name", opponent}, {"rating", opponent_rating}}}};
}

nlohmann::json seek_ended_message(const std::string& seek, const std::string& reason, const nlohmann::json& id) {
  nlohmann::json j{{"type", "seek_ended"}, {"seek", seek}, {"reason", reason}};
  if (!id.is_null()) j["id"] = id;
  return j;
}

}  // namespace protocol
