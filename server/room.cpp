#include "room.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "engine/replay.hpp"
#include "log_text.hpp"
#include "protocol/state_json.hpp"

namespace arena {
namespace {

using nlohmann::json;
using protocol::ErrorCode;
using engine::Color;

constexpr std::size_t kMaxEventsInResync = 1000;

std::optional<Color> parse_color(const std::string& name) {
  if (name == "white") return Color::White;
  if (name == "black") return Color::Black;
  return std::nullopt;
}

bool same_text(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// The row values an event that ends (or does not end) the game writes.
RoomChange change_after(const HostedGame& game) {
  RoomChange c;
  c.plies = game.ply();
  auto result = game.result();
  if (result.over) {
    c.status = "finished";
    c.result = engine::result_token(result);
    c.reason = std::string(result.reason);
  }
  return c;
}

}  // namespace

Room::Room(Executor strand, Store& store, const Limits& limits, RoomRecord record, std::unique_ptr<HostedGame> game,
           Changed changed)
    : strand_(std::move(strand)),
      store_(store),
      limits_(limits),
      id_(record.id),
      record_(std::move(record)),
      game_(std::move(game)),
      changed_(std::move(changed)) {}

std::shared_ptr<Room> Room::create(Executor strand, Store& store, const Limits& limits, std::string id,
                                   const GameOptions& options, bool is_private, const PlayerInfo& creator, Color seat,
                                   Changed changed) {
  std::string error;
  auto game = HostedGame::create(options, error);
  if (!game) throw StoreError(error);
  RoomRecord record;
  record.id = std::move(id);
  record.options = options;
  record.is_private = is_private;
  record.status = "open";
  record.created_at = now_ms();
  (seat == Color::White ? record.white : record.black) = creator.id;
  (seat == Color::White ? record.white_name : record.black_name) = creator.name;
  EventRecord first{1, "created", creator.id, std::string(engine::color_name(seat)), "", record.created_at};
  store.create_room(record, first);
  std::shared_ptr<Room> room(new Room(std::move(strand), store, limits, std::move(record), std::move(game), std::move(changed)));
  room->record_event(first, 0);
  room->refresh_summary();
  return room;
}

std::shared_ptr<Room> Room::restore(Executor strand, Store& store, const Limits& limits, const RoomRecord& record,
                                    Changed changed, std::string& error) {
  auto game = HostedGame::create(record.options, error);
  if (!game) return nullptr;
  std::shared_ptr<Room> room(new Room(std::move(strand), store, limits, record, std::move(game), std::move(changed)));
  for (const EventRecord& e : store.events(record.id)) {
    if (e.seq != static_cast<std::int64_t>(room->events_.size()) + 1) {
      error = "event " + std::to_string(e.seq) + " is out of sequence";
      return nullptr;
    }
    int before = room->game_->ply();
    if (auto problem = replay_event(*room->game_, e); !problem.empty()) {
      error = "event " + std::to_string(e.seq) + " (" + e.kind + " " + e.action + "): " + problem;
      return nullptr;
    }
    room->record_event(e, before);
  }
  room->refresh_summary();
  return room;
}

template <class F>
void Room::on_strand(F&& f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable {
    if (self->in_flight_) {
      self->waiting_.emplace_back(std::move(f));  // after the event being stored
    } else {
      self->run_guarded(f);
    }
  });
}

// Room operations check before they change anything, so an exception (a bug)
// leaves the room as it was: log it and go on serving the room.
template <class F>
void Room::run_guarded(F& f) {
  try {
    f();
  } catch (const std::exception& e) {
    spdlog::error("event=room_handler_failed room={} error=\"{}\"", id_, log_text(e.what()));
  }
}

RoomSummary Room::summary() const {
  std::lock_guard lock(summary_mutex_);
  return summary_;
}

void Room::refresh_summary() {
  RoomSummary s;
  s.id = id_;
  s.options = record_.options;
  s.is_private = record_.is_private;
  s.status = record_.status;
  s.creator = record_.status == "open" ? record_.white.value_or(record_.black.value_or(0)) : 0;
  s.white_name = record_.white_name;
  s.black_name = record_.black_name;
  s.white_seated = record_.white.has_value();
  s.black_seated = record_.black.has_value();
  s.moves = game_->turns();
  s.ply = game_->ply();
  s.spectators = spectator_count();
  s.created_at = record_.created_at;
  s.finished_at = record_.finished_at;
  {
    std::lock_guard lock(summary_mutex_);
    summary_ = std::move(s);
  }
  if (changed_) changed_();
}

std::optional<Color> Room::seat_of(std::int64_t player) const {
  if (record_.white == player) return Color::White;
  if (record_.black == player) return Color::Black;
  return std::nullopt;
}

// The effect of a stored event on the room's row and draw offer (the game itself
// is updated by the caller).
void Room::apply_record(const EventRecord& e) {
  auto color = parse_color(e.color);
  if (e.kind == "joined" && color) (*color == Color::White ? record_.white : record_.black) = e.player;
  if (e.kind == "joined") record_.status = "live";
  if (e.kind == "cancelled") {
    record_.status = "cancelled";
    record_.finished_at = e.at;
  }
  if (e.kind == "draw_offered") {
    draw_offer_ = color;
    if (color) last_draw_offer_ply_[engine::index(*color)] = game_->ply();
  }
  if (e.kind == "action" || e.kind == "draw_declined" || e.kind == "draw_agreed" || e.kind == "resigned") draw_offer_.reset();
  record_.plies = game_->ply();
  auto result = game_->result();
  if (result.over && !room_closed(record_.status)) {
    record_.status = "finished";
    record_.result = engine::result_token(result);
    record_.reason = std::string(result.reason);
    record_.finished_at = e.at;
  }
}

void Room::record_event(const EventRecord& e, int ply_before) {
  apply_record(e);
  events_.push_back(make_frame(event_json(e, *game_, ply_before)));
}

json Room::event_json(const EventRecord& e, const HostedGame& game, int ply_before) const {
  json j{{"type", "event"}, {"room", id_},     {"seq", e.seq},       {"kind", e.kind},
         {"at", e.at},      {"by", e.color},  {"ply", game.ply()},  {"status", record_.status},
         {"state", game.state()}, {"result", protocol::result_to_json(game.result())}};
  if (e.kind == "created" || e.kind == "joined") {
    const std::string& name = e.color == "white" ? record_.white_name : record_.black_name;
    j["player"] = {{"id", e.player.value_or(0)}, {"name", name}};
  }
  if (e.kind == "cancelled") j["expired"] = !e.player.has_value();
  if (e.kind == "action") {
    j["action"] = e.action;
    json steps = json::array();
    for (const auto& s : game.steps(ply_before)) steps.push_back(s.to_json());
    j["steps"] = steps;
  }
  return j;
}

void Room::broadcast(const Frame& frame) {
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (auto client = it->second.client.lock()) {
      client->send(frame);
      ++it;
    } else {
      it = subscribers_.erase(it);
    }
  }
}

void Room::fail(Client* client, ErrorCode code, const std::string& message, const json& request_id, const std::string& room) {
  if (!client) return;
  json j = protocol::error_message(code, message, request_id);
  j["room"] = room;
  client->send(make_frame(j));
}

void Room::ack(Client* client, const json& request_id, json extra) {
  if (!client) return;
  extra["type"] = "ack";
  extra["room"] = id_;
  extra["seq"] = static_cast<std::int64_t>(events_.size());
  if (!request_id.is_null()) extra["id"] = request_id;
  client->send(make_frame(extra));
}

void Room::commit(EventRecord event, RoomChange change, std::unique_ptr<HostedGame> next, std::shared_ptr<Client> client,
                  json request_id, std::function<void(bool)> after) {
  if (static_cast<std::int64_t>(events_.size()) >= limits_.max_events_per_room) {
    fail(client.get(), ErrorCode::RoomLimit, "this room holds as many events as a room may", request_id, id_);
    if (after) after(false);
    return;
  }
  event.seq = static_cast<std::int64_t>(events_.size()) + 1;
  event.at = now_ms();
  in_flight_ = Commit{event, std::move(next), std::move(client), std::move(request_id), std::move(after)};
  // Durable before anyone hears of it: the rest happens in committed().
  store_.append_event_async(id_, event, change, [self = shared_from_this()](const std::string& error) {
    boost::asio::post(self->strand_, [self, error] { self->committed(error); });
  });
}

void Room::committed(const std::string& error) {
  Commit c = std::move(*in_flight_);
  in_flight_.reset();
  if (!error.empty()) {
    spdlog::error("event=store_failed room={} seq={} error=\"{}\"", id_, c.event.seq, error);
    fail(c.client.get(), ErrorCode::Internal, "the server could not store this; nothing changed", c.request_id, id_);
  } else {
    int before = game_->ply();
    if (c.next) game_ = std::move(c.next);
    record_event(c.event, before);
    ack(c.client.get(), c.request_id);
    broadcast(events_.back());
    send_legal();
    refresh_summary();
  }
  if (c.after) c.after(error.empty());
  while (!in_flight_ && !waiting_.empty()) {  // what arrived meanwhile, in order
    auto next = std::move(waiting_.front());
    waiting_.pop_front();
    run_guarded(next);
  }
}

Frame Room::legal_frame(Color seat) const {
  json moves = game_->legal_moves();
  json actions = json::array();
  for (const json& m : moves) actions.push_back(m["action"]);
  json j{{"type", "legal"}, {"room", id_}, {"ply", game_->ply()}, {"player", engine::color_name(seat)},
         {"actions", std::move(actions)}, {"moves", std::move(moves)}};
  return make_frame(j);
}

void Room::send_legal_to(Client& client, Color seat) {
  if (game_->decider() != seat) return;
  client.send(legal_frame(seat));
}

void Room::send_legal() {
  auto decider = game_->decider();
  if (!decider || record_.status != "live") return;
  Frame frame;
  for (auto& [ptr, sub] : subscribers_) {
    if (sub.seat != decider) continue;
    auto client = sub.client.lock();
    if (!client) continue;
    if (!frame) frame = legal_frame(*decider);
    client->send(frame);
  }
}

void Room::send_snapshot(Client& client, std::int64_t player) {
  auto seat = seat_of(player);
  auto seat_json = [](const std::optional<std::int64_t>& id, const std::string& name) -> json {
    if (!id) return nullptr;
    return {{"id", *id}, {"name", name}};
  };
  json history = json::array();
  for (const auto& s : game_->steps(0)) history.push_back(s.to_json());
  json j{{"type", "room"},
         {"room",
          {{"id", id_},
           {"options", record_.options.to_json()},
           {"visibility", record_.is_private ? "private" : "public"},
           {"white", seat_json(record_.white, record_.white_name)},
           {"black", seat_json(record_.black, record_.black_name)},
           {"created_at", record_.created_at}}},
         {"seq", static_cast<std::int64_t>(events_.size())},
         {"ply", game_->ply()},
         {"you", seat ? engine::color_name(*seat) : "spectator"},
         {"status", record_.status},
         {"history", history},
         {"state", game_->state()},
         {"result", protocol::result_to_json(game_->result())},
         {"draw_offer", draw_offer_ ? json(engine::color_name(*draw_offer_)) : json(nullptr)},
         {"spectators", spectator_count()}};
  client.send(make_frame(j));
  if (seat && record_.status == "live") send_legal_to(client, *seat);
}

void Room::subscribe(const std::shared_ptr<Client>& client, std::int64_t player) {
  bool was_spectator = subscribers_.count(client.get()) && !subscribers_[client.get()].seat;
  auto seat = seat_of(player);
  subscribers_[client.get()] = {client, seat};
  if (!seat != was_spectator) spectators_changed();
}

int Room::spectator_count() const {
  int count = 0;
  for (auto& [ptr, sub] : subscribers_) count += !sub.seat;
  return count;
}

void Room::spectators_changed() {
  broadcast(make_frame(json{{"type", "spectators"}, {"room", id_}, {"count", spectator_count()}}));
  refresh_summary();
}

std::optional<Color> Room::playing_seat(Client* client, const PlayerInfo& player, const json& request_id) {
  auto seat = seat_of(player.id);
  if (!seat) {
    fail(client, ErrorCode::NotAPlayer, "you have no seat in this room", request_id, id_);
  } else if (record_.status == "cancelled") {
    fail(client, ErrorCode::GameOver, "the room was cancelled", request_id, id_);
  } else if (record_.status == "open") {
    fail(client, ErrorCode::NotStarted, "the game waits for a second player", request_id, id_);
  } else if (game_->result().over) {
    fail(client, ErrorCode::GameOver, "the game is over", request_id, id_);
  } else {
    return seat;
  }
  return std::nullopt;
}

void Room::join(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand([this, client, player, request_id] {
    if (seat_of(player.id)) {  // back to one's own seat
      subscribe(client, player.id);
      ack(client.get(), request_id);
      send_snapshot(*client, player.id);
      return;
    }
    if (record_.status == "cancelled") return fail(client.get(), ErrorCode::GameOver, "the room was cancelled", request_id, id_);
    if (record_.white && record_.black) return fail(client.get(), ErrorCode::RoomFull, "both seats are taken", request_id, id_);
    Color seat = record_.white ? Color::Black : Color::White;
    (seat == Color::White ? record_.white_name : record_.black_name) = player.name;
    RoomChange change;
    (seat == Color::White ? change.white : change.black) = player.id;
    change.status = "live";
    EventRecord event{0, "joined", player.id, std::string(engine::color_name(seat)), "", 0};
    commit(event, change, nullptr, client, request_id, [this, client, player, seat](bool ok) {
      if (!ok) {
        (seat == Color::White ? record_.white_name : record_.black_name).clear();
        return;
      }
      spdlog::debug("event=joined room={} player={} seat={}", id_, player.id, engine::color_name(seat));
      subscribe(client, player.id);
      send_snapshot(*client, player.id);
    });
  });
}

void Room::watch(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand([this, client, player, request_id] {
    subscribe(client, player.id);
    ack(client.get(), request_id);
    send_snapshot(*client, player.id);
  });
}

void Room::resync(std::shared_ptr<Client> client, PlayerInfo player, std::int64_t since, json request_id) {
  on_strand([this, client, player, since, request_id] {
    subscribe(client, player.id);
    auto seq = static_cast<std::int64_t>(events_.size());
    if (since > seq || seq - since > static_cast<std::int64_t>(kMaxEventsInResync)) {
      ack(client.get(), request_id, {{"snapshot", true}});
      send_snapshot(*client, player.id);
      return;
    }
    ack(client.get(), request_id, {{"missed", seq - since}});
    for (auto i = since; i < seq; ++i) client->send(events_[i]);
    auto seat = seat_of(player.id);
    if (seat && record_.status == "live") send_legal_to(*client, *seat);
  });
}

void Room::leave(std::shared_ptr<Client> client, json request_id) {
  on_strand([this, client, request_id] {
    auto it = subscribers_.find(client.get());
    bool spectator = it != subscribers_.end() && !it->second.seat;
    if (it != subscribers_.end()) subscribers_.erase(it);
    ack(client.get(), request_id);
    if (spectator) spectators_changed();
  });
}

void Room::cancel(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand([this, client, player, request_id] {
    auto seat = seat_of(player.id);
    if (!seat) return fail(client.get(), ErrorCode::NotAPlayer, "you have no seat in this room", request_id, id_);
    if (room_closed(record_.status)) return fail(client.get(), ErrorCode::GameOver, "the room is closed already", request_id, id_);
    if (record_.status != "open")
      return fail(client.get(), ErrorCode::AlreadyStarted, "the game has started: resign instead", request_id, id_);
    cancel_now(client, player.id, *seat, request_id);
  });
}

void Room::expire() {
  on_strand([this] {
    if (record_.status != "open") return;
    auto seat = record_.white ? Color::White : Color::Black;
    spdlog::debug("event=room_expired room={}", id_);
    cancel_now(nullptr, std::nullopt, seat, nullptr);  // no player: the server cancelled it
  });
}

void Room::cancel_now(const std::shared_ptr<Client>& client, std::optional<std::int64_t> player, Color seat,
                      const json& request_id) {
  RoomChange change;
  change.status = "cancelled";
  EventRecord event{0, "cancelled", player, std::string(engine::color_name(seat)), "", 0};
  commit(event, change, nullptr, client, request_id);
}

void Room::disconnected(Client* client) {
  on_strand([this, client] {
    auto it = subscribers_.find(client);
    if (it == subscribers_.end()) return;
    bool spectator = !it->second.seat;
    subscribers_.erase(it);
    if (spectator) spectators_changed();
  });
}

void Room::play(std::shared_ptr<Client> client, PlayerInfo player, protocol::Play play, json request_id) {
  on_strand([this, client, player, play = std::move(play), request_id] {
    auto seat = playing_seat(client.get(), player, request_id);
    if (!seat) return;
    int ply = game_->ply();
    if (play.ply != ply) {
      if (play.ply < ply) {
        auto steps = game_->steps(static_cast<int>(play.ply));
        const StepView& s = steps.front();
        if (s.player == *seat && !s.automatic && same_text(s.action, play.action)) {
          return ack(client.get(), request_id, {{"duplicate", true}, {"ply", play.ply}});  // already applied: harmless
        }
      }
      return fail(client.get(), ErrorCode::StalePly, "the game is at ply " + std::to_string(ply) + ", not " + std::to_string(play.ply),
                  request_id, id_);
    }
    if (game_->decider() != seat) return fail(client.get(), ErrorCode::NotYourTurn, "the opponent must decide now", request_id, id_);
    auto next = game_->clone();
    if (auto reason = next->play(play.action); !reason.empty())
      return fail(client.get(), ErrorCode::IllegalAction, reason, request_id, id_);
    EventRecord event{0, "action", player.id, std::string(engine::color_name(*seat)), next->steps(ply).front().action, 0};
    RoomChange change = change_after(*next);
    commit(event, change, std::move(next), client, request_id);
  });
}

void Room::resign(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand([this, client, player, request_id] {
    auto seat = playing_seat(client.get(), player, request_id);
    if (!seat) return;
    auto next = game_->clone();
    next->resign(*seat);
    EventRecord event{0, "resigned", player.id, std::string(engine::color_name(*seat)), "", 0};
    RoomChange change = change_after(*next);
    commit(event, change, std::move(next), client, request_id);
  });
}

void Room::offer_draw(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand([this, client, player, request_id] {
    if (!game_->has_draws()) return fail(client.get(), ErrorCode::NoDraws, "GIPF has no draws", request_id, id_);
    auto seat = playing_seat(client.get(), player, request_id);
    if (!seat) return;
    if (draw_offer_ == seat) return ack(client.get(), request_id, {{"duplicate", true}});
    if (draw_offer_) return fail(client.get(), ErrorCode::BadField, "the opponent offers a draw: answer it", request_id, id_);
    int since = game_->ply() - last_draw_offer_ply_[engine::index(*seat)];
    if (since < limits_.draw_offer_gap)
      return fail(client.get(), ErrorCode::DrawOfferTooSoon,
                  "you may offer a draw again after " + std::to_string(limits_.draw_offer_gap - since) + " more actions",
                  request_id, id_);
    EventRecord event{0, "draw_offered", player.id, std::string(engine::color_name(*seat)), "", 0};
    commit(event, RoomChange{}, nullptr, client, request_id);
  });
}

void Room::answer_draw(std::shared_ptr<Client> client, PlayerInfo player, bool accept, json request_id) {
  on_strand([this, client, player, accept, request_id] {
    if (!game_->has_draws()) return fail(client.get(), ErrorCode::NoDraws, "GIPF has no draws", request_id, id_);
    auto seat = playing_seat(client.get(), player, request_id);
    if (!seat) return;
    if (!draw_offer_ || draw_offer_ == seat)
      return fail(client.get(), ErrorCode::NoDrawOffer, "the opponent has not offered a draw", request_id, id_);
    auto color = std::string(engine::color_name(*seat));
    if (!accept) {
      commit(EventRecord{0, "draw_declined", player.id, color, "", 0}, RoomChange{}, nullptr, client, request_id);
      return;
    }
    auto next = game_->clone();
    next->agree_draw();
    RoomChange change = change_after(*next);
    commit(EventRecord{0, "draw_agreed", player.id, color, "", 0}, change, std::move(next), client, request_id);
  });
}

}  // namespace arena
