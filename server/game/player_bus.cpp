#include "game/player_bus.hpp"

#include <array>
#include <nlohmann/json.hpp>
#include <utility>

#include "protocol/json_text.hpp"

namespace arena {
namespace {

using nlohmann::json;

// Each message's op and fields, both ways.
json to_json(const SendToPlayer& m) { return {{"op", "send"}, {"player", m.player}, {"frame", m.frame}}; }
json to_json(const DisconnectPlayer& m) { return {{"op", "disconnect_player"}, {"player", m.player}, {"reason", m.reason}}; }
json to_json(const DisconnectSession& m) {
  return {{"op", "disconnect_session"}, {"session", m.session}, {"reason", m.reason}};
}
json to_json(const BanPlayer& m) { return {{"op", "ban"}, {"player", m.player}, {"until", m.until}, {"now", m.now}}; }
json to_json(const UnbanPlayer& m) { return {{"op", "unban"}, {"player", m.player}}; }
json to_json(const MutePlayer& m) { return {{"op", "mute"}, {"player", m.player}, {"until", m.until}, {"now", m.now}}; }

// (json::at and get throw json::exception on what is missing or mistyped)
PlayerMessage send_from(const json& j) {
  return SendToPlayer{j.at("player").get<std::int64_t>(), j.at("frame").get<std::string>()};
}
PlayerMessage disconnect_player_from(const json& j) {
  return DisconnectPlayer{j.at("player").get<std::int64_t>(), j.at("reason").get<std::string>()};
}
PlayerMessage disconnect_session_from(const json& j) {
  return DisconnectSession{j.at("session").get<std::string>(), j.at("reason").get<std::string>()};
}
PlayerMessage ban_from(const json& j) {
  return BanPlayer{j.at("player").get<std::int64_t>(), j.at("until").get<std::int64_t>(), j.at("now").get<std::int64_t>()};
}
PlayerMessage unban_from(const json& j) { return UnbanPlayer{j.at("player").get<std::int64_t>()}; }
PlayerMessage mute_from(const json& j) {
  return MutePlayer{j.at("player").get<std::int64_t>(), j.at("until").get<std::int64_t>(), j.at("now").get<std::int64_t>()};
}

constexpr std::array<std::pair<std::string_view, PlayerMessage (*)(const json&)>, 6> kDecoders{{
    {"send", send_from},
    {"disconnect_player", disconnect_player_from},
    {"disconnect_session", disconnect_session_from},
    {"ban", ban_from},
    {"unban", unban_from},
    {"mute", mute_from},
}};

}  // namespace

std::string encode(const PlayerMessage& message) {
  return protocol::to_text(std::visit([](const auto& m) { return to_json(m); }, message));
}

std::optional<PlayerMessage> decode_player_message(std::string_view text, BusDrop* why) {
  json j = json::parse(text, nullptr, false);
  if (!j.is_object()) return not_decoded<PlayerMessage>(why, BusDrop::Undecodable);
  auto op = j.find("op");
  if (op == j.end() || !op->is_string()) return not_decoded<PlayerMessage>(why, BusDrop::Undecodable);
  const auto& name = op->get_ref<const std::string&>();
  for (const auto& [known, decode] : kDecoders) {
    if (known != name) continue;
    try {
      return decode(j);
    } catch (const json::exception&) {
      return not_decoded<PlayerMessage>(why, BusDrop::Undecodable);
    }
  }
  return not_decoded<PlayerMessage>(why, BusDrop::UnknownOp);
}

}  // namespace arena
