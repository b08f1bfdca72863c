#include "game/room_chat.hpp"

#include <algorithm>
#include <iterator>

namespace arena {

using protocol::ErrorCode;

std::optional<std::string> RoomChat::out_of_sequence(const std::vector<ChatRecord>& messages) {
  for (std::size_t i = 0; i < messages.size(); ++i)
    if (messages[i].seq != static_cast<std::int64_t>(i) + 1)
      return "chat message " + std::to_string(messages[i].seq) + " is out of sequence";
  return std::nullopt;
}

std::variant<ChatRecord, Refusal> RoomChat::compose(protocol::ChatChannel channel, std::int64_t player,
                                                        const std::string& name, const std::string& text, std::int64_t now) {
  if (messages_.size() >= limits_.max_messages)
    return Refusal{ErrorCode::RoomLimit, "this room holds as many chat messages as a room may"};
  if (!within_rate(player, now))
    return Refusal{ErrorCode::RateLimited, "at most " + std::to_string(limits_.burst) + " chat messages in " +
                                                   std::to_string(limits_.window_ms / 1000) + " seconds"};
  ChatRecord m;
  m.seq = static_cast<std::int64_t>(messages_.size()) + 1;
  m.channel = channel;
  m.player = player;
  m.name = name;
  m.text = text;
  m.at = now;
  return m;
}

void RoomChat::add(ChatRecord message) { messages_.push_back(std::move(message)); }

const ChatRecord* RoomChat::deletable(std::int64_t seq) const {
  if (seq < 1 || seq > static_cast<std::int64_t>(messages_.size())) return nullptr;
  const ChatRecord& m = messages_[static_cast<std::size_t>(seq - 1)];
  return m.deleted ? nullptr : &m;
}

void RoomChat::mark_deleted(std::int64_t seq) {
  if (seq >= 1 && seq <= static_cast<std::int64_t>(messages_.size())) messages_[static_cast<std::size_t>(seq - 1)].deleted = true;
}

bool RoomChat::within_rate(std::int64_t player, std::int64_t now) {
  auto recent = [&](std::deque<std::int64_t>& times) {
    while (!times.empty() && times.front() <= now - limits_.window_ms) times.pop_front();
    return times.size();
  };
  if (recent_.size() > 256)  // bounded: writers quiet for a window are forgotten
    for (auto it = recent_.begin(); it != recent_.end();) it = recent(it->second) == 0 ? recent_.erase(it) : std::next(it);
  auto& times = recent_[player];
  if (recent(times) >= limits_.burst) return false;
  times.push_back(now);
  return true;
}

protocol::ChatLine RoomChat::line(const ChatRecord& m) {
  return protocol::ChatLine{m.seq, m.channel, m.at, protocol::PlayerRef{m.player, m.name, std::nullopt, m.kind}, m.text};
}

Frame RoomChat::message_frame(const std::string& room, const ChatRecord& message) const {
  return make_frame(protocol::to_json(protocol::ChatMessage{room, line(message)}));
}

Frame RoomChat::history_frame(const std::string& room, bool player, std::int64_t since, const Client& viewer) const {
  protocol::ChatHistory history{room, {}};
  for (auto i = static_cast<std::size_t>(std::max<std::int64_t>(0, since)); i < messages_.size(); ++i) {
    const ChatRecord& m = messages_[i];
    if (m.deleted || (m.channel == protocol::ChatChannel::Players && !player) || viewer.hides(m.player)) continue;
    history.messages.push_back(line(m));
  }
  return make_frame(protocol::to_json(history));
}

}  // namespace arena
