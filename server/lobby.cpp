#include "lobby.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>
#include <spdlog/spdlog.h>

#include "protocol/room_id.hpp"
#include "secure_random.hpp"

namespace arena {
namespace {

using nlohmann::json;
using protocol::ErrorCode;

constexpr auto kPublishDelay = std::chrono::milliseconds(200);  // lobby updates are coalesced
constexpr std::int64_t kKeepFinishedMs = 10 * 60 * 1000;        // then a finished room is reloaded on demand

void send_error(Client& client, ErrorCode code, const std::string& message, const json& id) {
  client.send(make_frame(protocol::error_message(code, message, id)));
}

// `message` with the request's id, if it had one.
json answer(json message, const json& id) {
  if (!id.is_null()) message["id"] = id;
  return message;
}

// The changes from `before` to `after` of one list: {set: [entries new or
// changed], removed: [ids]}.
json list_delta(const std::map<std::string, json>& before, const std::map<std::string, json>& after) {
  json set = json::array(), removed = json::array();
  for (const auto& [id, entry] : after) {
    auto it = before.find(id);
    if (it == before.end() || it->second != entry) set.push_back(entry);
  }
  for (const auto& [id, entry] : before)
    if (!after.count(id)) removed.push_back(id);
  return {{"set", std::move(set)}, {"removed", std::move(removed)}};
}

json newest_first(const std::map<std::string, json>& entries) {
  json list = json::array();
  for (const auto& [id, entry] : entries) list.push_back(entry);
  std::sort(list.begin(), list.end(), [](const json& a, const json& b) {
    return a["created_at"] != b["created_at"] ? a["created_at"] > b["created_at"] : a["id"] < b["id"];
  });
  return list;
}

}  // namespace

Lobby::Lobby(boost::asio::io_context& io, Store& store, const Limits& limits, std::shared_ptr<AddressBook> addresses)
    : io_(io),
      store_(store),
      limits_(limits),
      addresses_(std::move(addresses)),
      strand_(boost::asio::make_strand(io)),
      publish_timer_(strand_),
      sweep_timer_(strand_) {}

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

void Lobby::start() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->sweep(); });
}

std::shared_ptr<Room> Lobby::load_room(const RoomRecord& record) {
  std::string error;
  auto room = Room::restore(boost::asio::make_strand(io_.get_executor()), store_, limits_, record, [this] { room_changed(); }, error);
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
  if (!protocol::valid_room_id(id)) return nullptr;  // no such room can exist
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
  std::erase_if(rooms, [](auto& r) { return r.expired(); });
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
    if (auto* m = std::get_if<protocol::SetName>(&message)) return set_name(client, identity, *m, id);
    if (std::holds_alternative<protocol::LobbySubscribe>(message)) return subscribe_lobby(client, id);
    if (auto* m = std::get_if<protocol::CreateRoom>(&message)) return create_room(client, identity, *m, id);
    room_message(client, identity, incoming);
  } catch (const StoreError& e) {
    spdlog::error("event=store_failed error=\"{}\"", e.what());
    return send_error(*client, ErrorCode::Internal, "the server could not store or read this; nothing changed", id);
  }
}

// Everything else names a room: find it, then hand the message to it.
void Lobby::room_message(const std::shared_ptr<Client>& client, Identity& identity, const protocol::Incoming& incoming) {
  const json& id = incoming.id;
  const auto& message = incoming.message;
  std::string room_id = std::visit(
      [](const auto& m) -> std::string {
        if constexpr (requires { m.room; }) return m.room;
        return {};
      },
      message);
  bool damaged = false;
  std::shared_ptr<Room> room = find_room(room_id, damaged);
  if (!room) {
    json error = damaged ? protocol::error_message(ErrorCode::Internal, "the stored game is damaged and cannot be shown", id)
                         : protocol::error_message(ErrorCode::NotFound, "no room '" + room_id + "'", id);
    error["room"] = room_id;
    client->send(make_frame(error));
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
  } else if (std::holds_alternative<protocol::CancelRoom>(message)) {
    room->cancel(client, player, id);
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
      if (!addresses_->allow_new_player(identity.address))
        return send_error(*client, ErrorCode::TooManyPlayers,
                          "too many new players from your address lately; use your saved token or try later", id);
      std::string name = m.name.value_or("");
      player = store_.create_player(random_token(), name.empty() ? "Guest" : name);
      if (name.empty()) {
        player->name = "Guest " + std::to_string(player->id);
        store_.rename_player(player->id, player->name);
      }
    } else if (m.name && *m.name != player->name) {
      store_.rename_player(player->id, *m.name);
      player->name = *m.name;
    }
    identity.identified = true;
    identity.player = {player->id, player->name};
    client->send(make_frame(answer({{"type", "welcome"},
                                    {"protocol", protocol::kVersion},
                                    {"player", {{"id", player->id}, {"name", player->name}}},
                                    {"token", player->token},
                                    {"new", is_new}},
                                   id)));
  } catch (const StoreError& e) {
    spdlog::error("event=store_failed error=\"{}\"", e.what());
    send_error(*client, ErrorCode::Internal, "the server could not identify you", id);
  }
}

void Lobby::set_name(const std::shared_ptr<Client>& client, Identity& identity, const protocol::SetName& m, const json& id) {
  store_.rename_player(identity.player.id, m.name);
  identity.player.name = m.name;
  client->send(make_frame(answer({{"type", "name_set"}, {"name", m.name}}, id)));
}

bool Lobby::reserve_open_room(std::int64_t player) {
  std::lock_guard lock(mutex_);
  int open = creating_[player];
  for (auto& [rid, room] : rooms_) {
    RoomSummary s = room->summary();
    if (s.status == "open" && s.creator == player) ++open;
  }
  if (open >= limits_.max_open_rooms_per_player) {
    if (creating_[player] == 0) creating_.erase(player);
    return false;
  }
  ++creating_[player];
  return true;
}

void Lobby::create_room(const std::shared_ptr<Client>& client, Identity& identity, const protocol::CreateRoom& m, const json& id) {
  const std::int64_t player = identity.player.id;
  if (!reserve_open_room(player))
    return send_error(*client, ErrorCode::TooManyRooms,
                      "you have " + std::to_string(limits_.max_open_rooms_per_player) +
                          " rooms waiting for an opponent: cancel one first",
                      id);
  struct Release {  // the reservation ends however this function does
    Lobby& lobby;
    std::int64_t player;
    ~Release() {
      std::lock_guard lock(lobby.mutex_);
      if (--lobby.creating_[player] <= 0) lobby.creating_.erase(player);
    }
  } release{*this, player};

  GameOptions options{m.game, m.variant, m.white_extra, m.black_extra};
  engine::Color seat = m.color == "white" ? engine::Color::White
                       : m.color == "black" ? engine::Color::Black
                       : random_bool() ? engine::Color::White : engine::Color::Black;
  auto room = Room::create(boost::asio::make_strand(io_.get_executor()), store_, limits_, random_room_id(), options,
                           m.is_private, identity.player, seat, [this] { room_changed(); });
  {
    std::lock_guard lock(mutex_);
    rooms_[room->id()] = room;
  }
  spdlog::debug("event=room_created room={} game={} variant={}", room->id(), m.game, m.variant);
  client->send(make_frame(answer({{"type", "room_created"}, {"room", room->id()}, {"invite", "/?room=" + room->id()}}, id)));
  remember(client.get(), room);
  room->join(client, identity.player, nullptr);  // the creator's own seat: a snapshot
  room_changed();
}

// ---- the lobby feed ----------------------------------------------------------

void Lobby::subscribe_lobby(const std::shared_ptr<Client>& client, const json& id) {
  boost::asio::post(strand_, [self = shared_from_this(), client, id] {
    // Bring everyone up to date first, so that the newcomer's full view and
    // the updates that follow it start from the same point.
    self->publish_changes();
    {
      std::lock_guard lock(self->mutex_);
      self->lobby_subscribers_[client.get()] = client;
    }
    const FeedView& v = self->published_;
    client->send(make_frame(answer({{"type", "lobby"},
                                    {"open", newest_first(v.open)},
                                    {"live", newest_first(v.live)},
                                    {"open_total", v.open_total},
                                    {"live_total", v.live_total}},
                                   id)));
  });
}

Lobby::FeedView Lobby::current_view() {
  std::vector<RoomSummary> summaries;
  {
    std::lock_guard lock(mutex_);
    summaries.reserve(rooms_.size());
    for (auto& [rid, room] : rooms_) summaries.push_back(room->summary());
  }
  std::sort(summaries.begin(), summaries.end(),
            [](auto& a, auto& b) { return a.created_at != b.created_at ? a.created_at > b.created_at : a.id < b.id; });
  FeedView view;
  for (const auto& s : summaries) {
    if (s.is_private) continue;
    json room{{"id", s.id}, {"options", s.options.to_json()}, {"created_at", s.created_at}};
    if (s.status == "open") {
      if (++view.open_total > static_cast<std::int64_t>(limits_.lobby_list_size)) continue;
      room["creator"] = s.white_seated ? s.white_name : s.black_name;
      room["seat"] = s.white_seated ? "black" : "white";
      view.open.emplace(s.id, std::move(room));
    } else if (s.status == "live") {
      if (++view.live_total > static_cast<std::int64_t>(limits_.lobby_list_size)) continue;
      room["white"] = s.white_name;
      room["black"] = s.black_name;
      room["moves"] = s.moves;
      room["ply"] = s.ply;
      room["spectators"] = s.spectators;
      view.live.emplace(s.id, std::move(room));
    }
  }
  return view;
}

void Lobby::room_changed() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    if (self->publish_pending_) return;
    self->publish_pending_ = true;
    self->publish_timer_.expires_after(kPublishDelay);
    self->publish_timer_.async_wait([self](boost::system::error_code ec) {
      self->publish_pending_ = false;
      if (!ec) self->publish_changes();
    });
  });
}

void Lobby::publish_changes() {
  FeedView view = current_view();
  json open = list_delta(published_.open, view.open), live = list_delta(published_.live, view.live);
  bool changed = !open["set"].empty() || !open["removed"].empty() || !live["set"].empty() || !live["removed"].empty() ||
                 view.open_total != published_.open_total || view.live_total != published_.live_total;
  published_ = std::move(view);
  if (!changed) return;
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
  Frame frame = make_frame(json{{"type", "lobby_update"},
                                {"open", std::move(open)},
                                {"live", std::move(live)},
                                {"open_total", published_.open_total},
                                {"live_total", published_.live_total}});
  for (auto& c : targets) c->send(frame);
}

// ---- the sweep ----------------------------------------------------------------

void Lobby::schedule_sweep() {
  // Often enough that a room is cancelled soon after its time (a quarter of it),
  // rarely enough to cost nothing.
  auto period = std::clamp<std::chrono::milliseconds>(
      std::chrono::duration_cast<std::chrono::milliseconds>(limits_.open_room_ttl) / 4, std::chrono::milliseconds(100),
      std::chrono::milliseconds(30000));
  sweep_timer_.expires_after(period);
  sweep_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->sweep();
  });
}

// Open rooms past their time are cancelled; closed rooms leave memory after a
// while (find_room() reloads them on demand).
void Lobby::sweep() {
  std::int64_t now = now_ms();
  std::int64_t open_cutoff = now - std::chrono::duration_cast<std::chrono::milliseconds>(limits_.open_room_ttl).count();
  std::int64_t closed_cutoff = now - kKeepFinishedMs;
  std::vector<std::shared_ptr<Room>> expired;
  {
    std::lock_guard lock(mutex_);
    for (auto it = rooms_.begin(); it != rooms_.end();) {
      RoomSummary s = it->second->summary();
      if (s.status == "open" && s.created_at <= open_cutoff) expired.push_back(it->second);
      if (room_closed(s.status) && s.finished_at < closed_cutoff) {
        it = rooms_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (auto& room : expired) room->expire();
  schedule_sweep();
}

}  // namespace arena
