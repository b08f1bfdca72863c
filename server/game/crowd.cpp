#include "game/crowd.hpp"

namespace arena {

bool Crowd::subscribe(const std::shared_ptr<Client>& client, std::optional<engine::Color> seat) {
  auto [it, added] = subscribers_.try_emplace(client.get(), Subscriber{client, seat});
  bool was_spectator = !added && !it->second.seat;
  it->second = Subscriber{client, seat};
  bool is_spectator = !seat;
  spectators_ += static_cast<int>(is_spectator) - static_cast<int>(was_spectator);
  return is_spectator != was_spectator;
}

bool Crowd::remove(Client* client) {
  auto it = subscribers_.find(client);
  if (it == subscribers_.end()) return false;
  bool spectator = !it->second.seat;
  subscribers_.erase(it);
  spectators_ -= spectator;
  return spectator;
}

void Crowd::reconnect_all(const char* reason) {
  for (auto& entry : subscribers_)
    if (auto client = entry.second.client.lock()) client->reconnect(reason);
}

void Crowd::broadcast(const Frame& frame) {
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (auto client = it->second.client.lock()) {
      client->send(frame);
      ++it;
    } else {
      spectators_ -= !it->second.seat;
      it = subscribers_.erase(it);
    }
  }
}

void Crowd::send_to_players(const Frame& frame) {
  for (auto& [ptr, sub] : subscribers_)
    if (sub.seat)
      if (auto client = sub.client.lock()) client->send(frame);
}

void Crowd::send_chat(const Frame& frame, std::int64_t writer, bool players_only) {
  for (auto& [ptr, sub] : subscribers_) {
    if (players_only && !sub.seat) continue;
    auto client = sub.client.lock();
    if (client && !client->hides(writer)) client->send(frame);
  }
}

bool Crowd::seated(engine::Color seat) const {
  for (const auto& [ptr, sub] : subscribers_)
    if (sub.seat == seat && !sub.client.expired()) return true;
  return false;
}

void Crowd::record(std::int64_t seq, Frame frame) {
  if (ring_.empty()) first_seq_ = seq;
  ring_bytes_ += frame->size();
  ring_.push_back(std::move(frame));
  while (!ring_.empty() && (ring_.size() > limits_.history_events || ring_bytes_ > limits_.history_bytes)) {
    ring_bytes_ -= ring_.front()->size();
    ring_.pop_front();
    ++first_seq_;
  }
}

std::optional<std::vector<Frame>> Crowd::since(std::int64_t since, std::int64_t last) const {
  if (since > last) return std::nullopt;
  if (since == last) return std::vector<Frame>{};
  if (since + 1 < first_seq_ || ring_.empty()) return std::nullopt;
  std::vector<Frame> out;
  for (auto seq = since + 1; seq <= last; ++seq) {
    auto index = static_cast<std::size_t>(seq - first_seq_);
    if (index >= ring_.size()) return std::nullopt;
    out.push_back(ring_[index]);
  }
  return out;
}

}  // namespace arena
