#include "lobby.hpp"

#include <boost/asio/post.hpp>
#include <chrono>
#include <spdlog/spdlog.h>

namespace arena {
namespace {

using nlohmann::json;
using protocol::ErrorCode;

constexpr auto kPublishDelay = std::chrono::milliseconds(200);  // lobby updates are coalesced
constexpr std::int64_t kKeepFinishedMs = 10 * 60 * 1000;        // then a finished room is reloaded on demand

void send_error(Client& client, ErrorCode code, const std::string& message, const json& id) {
  client.send(make_frame(protocol::error_message(code, message, id).dump()));
}

}  // namespace

Lobby::Lobby(boost::asio::io_context& io, Store& store)
    : io_(io), store_(store), random_(std::random_device{}()), strand_(boost::asio::make_strand(io)), publish_timer_(strand_) {}

int Lobby::restore() {
  int restored = 0;
  for (const RoomRecord& record : store_.unfinished_rooms()) {
    auto room = load_room(record);
    if (!room) continue;
    std::lock_guard lock(mutex_);
    rooms_[record.id] = room;
    ++restored;
  }
  return restored;
}

std::shared_ptr<Room> Lobby::load_room(const RoomRecord& record) {
  std::string error;
  auto room = Room::restore(boost::asio::make_strand(io_.get_executor()), store_, record, [this] { room_changed(); }, error);
  if (!room) spdlog::error("event=restore_failed room={} error=\"{}\"", record.id, error);
  return room;
}

std::shared_ptr<Room> Lobby::find_room(const std::string& id, bool& damaged) {
  damaged = false;
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(id);
    if (it != rooms_.end()) return it->second;
  }
  auto record = store_.find_room(id);  // a finished room no longer in memory
  if (!record) return nullptr;
  auto room = load_room(*record);
  if (!room) {
    damaged = true;
    return nullptr;
  }
  std::lock_guard lock(mutex_);
  return rooms_.emplace(id, room).first->second;  // another thread may have loaded it first
}

std::string Lobby::new_room_id() {
  static constexpr char kAlphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";  // no look-alikes
  std::lock_guard lock(mutex_);
  std::string id;
  do {
    id.clear();
    for (int i = 0; i < 10; ++i) id += kAlphabet[random_() % 32];
  } while (rooms_.count(id));
  return id;
}

std::string Lobby::new_token() {
  std::random_device device;  // tokens are credentials: straight from the OS
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  for (int i = 0; i < 8; ++i) {
    auto word = device();
    for (int k = 0; k < 8; ++k, word >>= 4) token += kHex[word & 15];
  }
  return token;
}

int Lobby::rooms_in_memory() {
  std::lock_guard lock(mutex_);
  return static_cast<int>(rooms_.size());
}

int Lobby::clients_connected() { return clients_.load(); }

void Lobby::remember(Client* client, const std::shared_ptr<Room>& room) {
  std::lock_guard lock(mutex_);
  auto& rooms = client_rooms_[client];
  for (auto& r : rooms)
    if (r.lock() == room) return;
  rooms.push_back(room);
}

void Lobby::disconnected(Client* client) {
  std::vector<std::weak_ptr<Room>> rooms;
  {
    std::lock_guard lock(mutex_);
    lobby_subscribers_.erase(client);
    auto it = client_rooms_.find(client);
    if (it != client_rooms_.end()) {
      rooms = std::move(it->second);
      client_rooms_.erase(it);
    }
  }
  for (auto& r : rooms)
    if (auto room = r.lock()) room->disconnected(client);
}

void Lobby::handle(const std::shared_ptr<Client>& client, Identity& identity, const protocol::Incoming& incoming) {
  const json& id = incoming.id;
  const auto& message = incoming.message;
  if (auto* hello = std::get_if<protocol::Hello>(&message)) return this->hello(client, identity, *hello, id);
  if (!identity.identified) return send_error(*client, ErrorCode::NotIdentified, "send hello first", id);
  try {
    if (auto* m = std::get_if<protocol::SetName>(&message)) {
      store_.rename_player(identity.player.id, m->name);
      identity.player.name = m->name;
      client->send(make_frame(json{{"type", "name_set"}, {"id", id}, {"name", m->name}}.dump()));
      return;
    }
    if (std::holds_alternative<protocol::LobbySubscribe>(message)) return subscribe_lobby(client, id);
    if (auto* m = std::get_if<protocol::CreateRoom>(&message)) return create_room(client, identity, *m, id);
  } catch (const StoreError& e) {
    spdlog::error("event=store_failed error=\"{}\"", e.what());
    return send_error(*client, ErrorCode::Internal, "the server could not store this; nothing changed", id);
  }

  // Everything else names a room.
  std::string room_id = std::visit(
      [](const auto& m) -> std::string {
        if constexpr (requires { m.room; }) return m.room;
        return {};
      },
      message);
  std::shared_ptr<Room> room;
  bool damaged = false;
  try {
    room = find_room(room_id, damaged);
  } catch (const StoreError& e) {
    spdlog::error("event=store_failed error=\"{}\"", e.what());
    return send_error(*client, ErrorCode::Internal, "the server could not read this room", id);
  }
  if (!room) {
    json error = damaged ? protocol::error_message(ErrorCode::Internal, "the stored game is damaged and cannot be shown", id)
                         : protocol::error_message(ErrorCode::NotFound, "no room '" + room_id + "'", id);
    error["room"] = room_id;
    client->send(make_frame(error.dump()));
    return;
  }
  const PlayerInfo& player = identity.player;
  if (std::holds_alternative<protocol::JoinRoom>(message)) {
    remember(client.get(), room);
    room->join(client, player, id);
  } else if (std::holds_alternative<protocol::Watch>(message)) {
    remember(client.get(), room);
    room->watch(client, player, id);
  } else if (auto* m = std::get_if<protocol::Resync>(&message)) {
    remember(client.get(), room);
    room->resync(client, player, m->since, id);
  } else if (std::holds_alternative<protocol::Leave>(message)) {
    room->leave(client, id);
  } else if (auto* m = std::get_if<protocol::Play>(&message)) {
    room->play(client, player, *m, id);
  } else if (std::holds_alternative<protocol::Resign>(message)) {
    room->resign(client, player, id);
  } else if (std::holds_alternative<protocol::DrawOffer>(message)) {
    room->offer_draw(client, player, id);
  } else if (auto* m = std::get_if<protocol::DrawAnswer>(&message)) {
    room->answer_draw(client, player, m->accept, id);
  }
}

void Lobby::hello(const std::shared_ptr<Client>& client, Identity& identity, const protocol::Hello& m, const json& id) {
  if (m.protocol != protocol::kVersion)
    return send_error(*client, ErrorCode::UnsupportedVersion,
                      "this server speaks protocol " + std::to_string(protocol::kVersion), id);
  if (identity.identified) return send_error(*client, ErrorCode::BadMessage, "already identified", id);
  try {
    std::optional<PlayerRecord> player;
    if (m.token) player = store_.find_player(*m.token);
    bool is_new = !player;
    if (!player) {
      std::string name = m.name.value_or("");
      player = store_.create_player(new_token(), name.empty() ? "Guest" : name);
      if (name.empty()) {
        player->name = "Guest " + std::to_string(player->id);
        store_.rename_player(player->id, player->name);
      }
    } else if (m.name && *m.name != player->name) {
      store_.rename_player(player->id, *m.name);
      player->name = *m.name;
    }
    identity = {true, {player->id, player->name}};
    json j{{"type", "welcome"},
           {"protocol", protocol::kVersion},
           {"player", {{"id", player->id}, {"name", player->name}}},
           {"token", player->token},
           {"new", is_new}};
    if (!id.is_null()) j["id"] = id;
    client->send(make_frame(j.dump()));
  } catch (const StoreError& e) {
    spdlog::error("event=store_failed error=\"{}\"", e.what());
    send_error(*client, ErrorCode::Internal, "the server could not identify you", id);
  }
}

void Lobby::create_room(const std::shared_ptr<Client>& client, Identity& identity, const protocol::CreateRoom& m, const json& id) {
  GameOptions options{m.game, m.variant, m.white_extra, m.black_extra};
  engine::Color seat = m.color == "white" ? engine::Color::White
                       : m.color == "black" ? engine::Color::Black
                       : (random_() & 1) ? engine::Color::White : engine::Color::Black;
  auto room = Room::create(boost::asio::make_strand(io_.get_executor()), store_, new_room_id(), options, m.is_private,
                           identity.player, seat, [this] { room_changed(); });
  {
    std::lock_guard lock(mutex_);
    rooms_[room->id()] = room;
  }
  spdlog::debug("event=room_created room={} game={} variant={}", room->id(), m.game, m.variant);
  json j{{"type", "room_created"}, {"room", room->id()}, {"invite", "/?room=" + room->id()}};
  if (!id.is_null()) j["id"] = id;
  client->send(make_frame(j.dump()));
  remember(client.get(), room);
  room->join(client, identity.player, nullptr);  // the creator's own seat: a snapshot
  room_changed();
}

void Lobby::subscribe_lobby(const std::shared_ptr<Client>& client, const json& id) {
  {
    std::lock_guard lock(mutex_);
    lobby_subscribers_[client.get()] = client;
  }
  json j = lobby_json();
  if (!id.is_null()) j["id"] = id;
  client->send(make_frame(j.dump()));
}

json Lobby::lobby_json() {
  std::vector<RoomSummary> summaries;
  {
    std::lock_guard lock(mutex_);
    for (auto& [rid, room] : rooms_) summaries.push_back(room->summary());
  }
  std::sort(summaries.begin(), summaries.end(), [](auto& a, auto& b) { return a.created_at > b.created_at; });
  json open = json::array(), live = json::array();
  for (const auto& s : summaries) {
    if (s.is_private) continue;
    json room{{"id", s.id}, {"options", s.options.to_json()}, {"created_at", s.created_at}};
    if (s.status == "open") {
      room["creator"] = s.white_seated ? s.white_name : s.black_name;
      room["seat"] = s.white_seated ? "black" : "white";
      open.push_back(room);
    } else if (s.status == "live") {
      room["white"] = s.white_name;
      room["black"] = s.black_name;
      room["moves"] = s.moves;
      room["ply"] = s.ply;
      room["spectators"] = s.spectators;
      live.push_back(room);
    }
  }
  return {{"type", "lobby"}, {"open", open}, {"live", live}};
}

void Lobby::room_changed() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    if (self->publish_pending_) return;
    self->publish_pending_ = true;
    self->publish_timer_.expires_after(kPublishDelay);
    self->publish_timer_.async_wait([self](boost::system::error_code ec) {
      self->publish_pending_ = false;
      if (ec) return;
      self->publish_lobby();
      self->sweep_finished();
    });
  });
}

void Lobby::publish_lobby() {
  std::vector<std::shared_ptr<Client>> targets;
  {
    std::lock_guard lock(mutex_);
    for (auto it = lobby_subscribers_.begin(); it != lobby_subscribers_.end();) {
      if (auto c = it->second.lock()) {
        targets.push_back(c);
        ++it;
      } else {
        it = lobby_subscribers_.erase(it);
      }
    }
  }
  if (targets.empty()) return;
  Frame frame = make_frame(lobby_json().dump());
  for (auto& c : targets) c->send(frame);
}

// Finished rooms leave memory after a while; find_room() reloads them on demand.
void Lobby::sweep_finished() {
  std::int64_t cutoff = now_ms() - kKeepFinishedMs;
  std::lock_guard lock(mutex_);
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    RoomSummary s = it->second->summary();
    if (s.status == "finished" && s.finished_at < cutoff) {
      it = rooms_.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace arena
