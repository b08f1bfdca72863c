#include "game/room.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/game_view.hpp"
#include "protocol/server_messages.hpp"
#include "protocol/state_json.hpp"
#include "util/log_text.hpp"

namespace arena {
namespace {

using nlohmann::json;
using protocol::ErrorCode;
using protocol::EventKind;
using protocol::RoomStatus;
using engine::Color;

std::optional<protocol::PlayerRef> seat_ref(const std::optional<std::int64_t>& id, const std::string& name) {
  if (!id) return std::nullopt;
  return protocol::PlayerRef{*id, name};
}

}  // namespace

Room::Room(Executor strand, std::shared_ptr<const RoomContext> context, GameAuthority authority)
    : strand_(std::move(strand)),
      context_(std::move(context)),
      id_(authority.room().id),
      authority_(std::move(authority)),
      crowd_(context_->crowd) {}

void Room::open(Executor strand, std::shared_ptr<const RoomContext> context, RoomRecord record, const PlayerInfo& creator,
                Color seat, Opened opened) {
  EventRecord first;
  std::string error;
  auto authority = GameAuthority::open(std::move(record), creator, seat, context->clock, context->authority, first, error);
  if (!authority) return boost::asio::post(strand, [opened, error] { opened(nullptr, error); });
  std::shared_ptr<Room> room(new Room(strand, context, std::move(*authority)));
  // Nobody can reach the room before `opened` hears of it, and that waits
  // until the store has the room and its first event.
  context->log.create_room(room->authority_.room(), first, room->strand_, [room, first, opened](const std::string& error) {
    if (!error.empty()) return opened(nullptr, error);
    room->crowd_.record(first.seq, room->event_frame(first, 0));
    room->loaded();  // observers first (the lobby lists it), then the creator hears of it
    opened(room, {});
  });
}

std::shared_ptr<Room> Room::restore(Executor strand, std::shared_ptr<const RoomContext> context, RoomRecord record,
                                    const std::vector<EventRecord>& events, std::string& error) {
  auto authority = GameAuthority::restore(std::move(record), events, context->clock, context->authority, error);
  if (!authority) return nullptr;
  return std::shared_ptr<Room>(new Room(std::move(strand), std::move(context), std::move(*authority)));
}

void Room::announce() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->loaded(); });
}

void Room::loaded() {
  RoomSummary s = summary();
  context_->events.publish(RoomLoaded{s});
}

template <class F>
void Room::on_strand(std::shared_ptr<Client> client, json request_id, F&& f, std::function<void()> busy) {
  boost::asio::post(strand_, [self = shared_from_this(), client = std::move(client), request_id = std::move(request_id),
                              f = std::forward<F>(f), busy = std::move(busy)]() mutable {
    if (!self->in_flight_) return self->run_guarded(f);
    if (self->waiting_.size() >= self->context_->max_waiting) {
      spdlog::warn("event=room_busy room={} waiting={}", self->id_, self->waiting_.size());
      if (busy) return busy();
      return self->fail(client.get(), ErrorCode::RateLimited, "the room is busy: try again", request_id);
    }
    self->waiting_.emplace_back(std::move(f));  // after the event being stored
  });
}

// Room operations decide before they change anything, so an exception (a bug)
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
  const RoomRecord& r = authority_.room();
  RoomSummary s;
  s.id = id_;
  s.options = r.options;
  s.is_private = r.is_private;
  s.status = r.status;
  s.creator = authority_.creator();
  s.white_name = r.white_name;
  s.black_name = r.black_name;
  s.white_seated = r.white.has_value();
  s.black_seated = r.black.has_value();
  s.moves = authority_.game().turns();
  s.ply = authority_.game().ply();
  s.spectators = crowd_.spectators();
  s.created_at = r.created_at;
  s.finished_at = r.finished_at;
  return s;
}

void Room::fail(Client* client, ErrorCode code, const std::string& message, const json& request_id) {
  if (!client) return;
  client->send(make_frame(protocol::to_json(protocol::ErrorReply{code, message, request_id, id_})));
}

void Room::ack(Client* client, const json& request_id, protocol::Ack extra) {
  if (!client) return;
  extra.room = id_;
  extra.seq = authority_.seq();
  extra.id = request_id;
  client->send(make_frame(protocol::to_json(extra)));
}

// GCC 12 warns, wrongly, that a Refusal moved through the Decision variant may
// be uninitialized (its constructor sets every member); clang does not.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
void Room::decide(Decision decision, const std::shared_ptr<Client>& client, const json& request_id,
                  std::function<void(bool)> after) {
  std::visit(
      [&](auto& d) {
        using D = std::decay_t<decltype(d)>;
        if constexpr (std::is_same_v<D, Refusal>) {
          fail(client.get(), d.code, d.message, request_id);
        } else if constexpr (std::is_same_v<D, Repeat>) {
          protocol::Ack repeat;
          repeat.duplicate = true;
          repeat.ply = d.ply;
          ack(client.get(), request_id, repeat);
        } else if constexpr (std::is_same_v<D, Seated>) {
          ack(client.get(), request_id);
          if (after) after(true);
        } else {
          std::string room = id_;
          EventRecord event = d.event;
          RoomChange change = d.change;
          Write write = [this, room, event, change](StoreExecutor ex, StoreDone done) {
            context_->log.append_event(room, event, change, std::move(ex), std::move(done));
          };
          commit(std::move(d), std::move(write), client, request_id, std::move(after));
        }
      },
      decision);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

// ---- the commit queue ------------------------------------------------------

void Room::commit(Proposal proposal, Write write, std::shared_ptr<Client> client, json request_id,
                  std::function<void(bool)> after) {
  in_flight_ = Commit{std::move(proposal), std::move(client), std::move(request_id), std::move(after)};
  // Durable before anyone hears of it: the rest happens in committed(), on the strand.
  write(strand_, [self = shared_from_this()](const std::string& error) { self->committed(error); });
}

void Room::committed(const std::string& error) {
  Commit c = std::move(*in_flight_);
  in_flight_.reset();
  if (!error.empty()) {
    spdlog::error("event=store_failed room={} seq={} error=\"{}\"", id_, c.proposal.event.seq, log_text(error));
    fail(c.client.get(), ErrorCode::Internal, "the server could not store this; nothing changed", c.request_id);
  } else {
    int ply_before = authority_.game().ply();
    EventRecord event = c.proposal.event;
    bool was_closed = protocol::closed(authority_.room().status);
    authority_.commit(std::move(c.proposal));
    // Observers hear of it before any client does: whatever a client does
    // after its ack (a new room after a cancel) meets the directory and the
    // lobby up to date.
    RoomSummary s = summary();
    context_->events.publish(EventCommitted{s, event});
    if (!was_closed && s.status == RoomStatus::Finished) context_->events.publish(GameFinished{s, authority_.room()});
    Frame frame = event_frame(event, ply_before);
    crowd_.record(event.seq, frame);
    ack(c.client.get(), c.request_id);
    crowd_.broadcast(frame);
    send_legal();
  }
  if (c.after) c.after(error.empty());
  while (!in_flight_ && !waiting_.empty()) {  // what arrived meanwhile, in order
    auto next = std::move(waiting_.front());
    waiting_.pop_front();
    run_guarded(next);
  }
}

// ---- the crowd ---------------------------------------------------------------

Frame Room::event_frame(const EventRecord& e, int ply_before) const {
  const engine::AnyGame& game = authority_.game();
  const RoomRecord& r = authority_.room();
  protocol::Event m;
  m.room = id_;
  m.seq = e.seq;
  m.kind = e.kind;
  m.at = e.at;
  m.by = e.color;
  m.ply = game.ply();
  m.status = r.status;
  m.state = protocol::state_text(game);
  m.result = protocol::result_text(game.result());
  if ((e.kind == EventKind::Created || e.kind == EventKind::Joined) && e.color)
    m.player = protocol::PlayerRef{e.player.value_or(0), *e.color == Color::White ? r.white_name : r.black_name};
  if (e.kind == EventKind::Cancelled) m.expired = !e.player.has_value();
  if (!e.note.empty()) m.note = e.note;
  if (e.kind == EventKind::Action) {
    m.action = e.action;
    m.steps = protocol::steps_text(game, ply_before);
  }
  return make_frame(protocol::to_text(m));
}

Frame Room::legal_frame(Color seat) const {
  const engine::AnyGame& game = authority_.game();
  return make_frame(protocol::to_text(protocol::Legal{id_, game.ply(), seat, protocol::legal_moves(game)}));
}

void Room::send_legal_to(Client& client, Color seat) {
  if (authority_.room().status != RoomStatus::Live || authority_.game().decider() != seat) return;
  client.send(legal_frame(seat));
}

void Room::send_legal() {
  auto decider = authority_.game().decider();
  if (!decider || authority_.room().status != RoomStatus::Live) return;
  crowd_.send_to_seat(*decider, [&] { return legal_frame(*decider); });
}

void Room::send_snapshot(Client& client, std::int64_t player) {
  const RoomRecord& r = authority_.room();
  const engine::AnyGame& game = authority_.game();
  auto seat = authority_.seat_of(player);
  protocol::RoomSnapshot m;
  m.room = protocol::RoomInfo{id_, r.options, r.is_private, seat_ref(r.white, r.white_name), seat_ref(r.black, r.black_name),
                              r.created_at};
  m.seq = authority_.seq();
  m.ply = game.ply();
  m.you = seat;
  m.status = r.status;
  m.history = protocol::steps_text(game, 0);
  m.state = protocol::state_text(game);
  m.result = protocol::result_text(game.result());
  m.draw_offer = authority_.draw_offer();
  m.spectators = crowd_.spectators();
  client.send(make_frame(protocol::to_text(m)));
  if (seat) send_legal_to(client, *seat);
}

void Room::subscribe(const std::shared_ptr<Client>& client, std::int64_t player) {
  if (crowd_.subscribe(client, authority_.seat_of(player))) spectators_changed();
}

void Room::spectators_changed() {
  crowd_.broadcast(make_frame(protocol::to_json(protocol::Spectators{id_, crowd_.spectators()})));
  RoomSummary s = summary();
  context_->events.publish(SpectatorsChanged{s});
}

// ---- requests ----------------------------------------------------------------

void Room::join(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] {
    decide(authority_.join(player), client, request_id, [this, client, player](bool ok) {
      if (!ok) return;
      spdlog::debug("event=joined room={} player={}", id_, player.id);
      subscribe(client, player.id);
      send_snapshot(*client, player.id);
    });
  });
}

void Room::watch(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] {
    subscribe(client, player.id);
    ack(client.get(), request_id);
    send_snapshot(*client, player.id);
  });
}

void Room::resync(std::shared_ptr<Client> client, PlayerInfo player, std::int64_t since, json request_id) {
  on_strand(client, request_id, [this, client, player, since, request_id] {
    subscribe(client, player.id);
    auto missed = crowd_.since(since, authority_.seq());
    if (!missed) {  // beyond the ring (or ahead of it): the whole room instead
      protocol::Ack snapshot;
      snapshot.snapshot = true;
      ack(client.get(), request_id, snapshot);
      return send_snapshot(*client, player.id);
    }
    protocol::Ack ack_missed;
    ack_missed.missed = static_cast<std::int64_t>(missed->size());
    ack(client.get(), request_id, ack_missed);
    for (auto& frame : *missed) client->send(frame);
    if (auto seat = authority_.seat_of(player.id)) send_legal_to(*client, *seat);
  });
}

void Room::leave(std::shared_ptr<Client> client, json request_id) {
  on_strand(client, request_id, [this, client, request_id] {
    bool spectator = crowd_.remove(client.get());
    ack(client.get(), request_id);
    if (spectator) spectators_changed();
  });
}

void Room::disconnected(Client* client) {
  on_strand(nullptr, nullptr, [this, client] {
    if (crowd_.remove(client)) spectators_changed();
  });
}

void Room::play(std::shared_ptr<Client> client, PlayerInfo player, protocol::Play play, json request_id) {
  on_strand(client, request_id, [this, client, player, play = std::move(play), request_id] {
    decide(authority_.play(player, play.ply, play.action), client, request_id);
  });
}

void Room::resign(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] { decide(authority_.resign(player), client, request_id); });
}

void Room::offer_draw(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] { decide(authority_.offer_draw(player), client, request_id); });
}

void Room::answer_draw(std::shared_ptr<Client> client, PlayerInfo player, bool accept, json request_id) {
  on_strand(client, request_id, [this, client, player, accept, request_id] { decide(authority_.answer_draw(player, accept), client, request_id); });
}

void Room::cancel(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] { decide(authority_.cancel(player), client, request_id); });
}

void Room::command(Command decide_event, std::optional<AuditEntry> audit, CommandDone done) {
  auto busy = [self = shared_from_this(), done] {
    done(Refusal{ErrorCode::RateLimited, "the room is busy: try again"}, self->authority_.room());
  };
  on_strand(
      nullptr, nullptr,
      [this, decide_event = std::move(decide_event), audit = std::move(audit), done] {
        Decision decision = decide_event(authority_);
        if (auto* refusal = std::get_if<Refusal>(&decision)) return done(*refusal, authority_.room());
        auto* proposal = std::get_if<Proposal>(&decision);
        if (!proposal) return done(std::nullopt, authority_.room());  // nothing to store
        if (audit) {
          proposal->change.audit = std::move(audit);
          proposal->change.audit->at = proposal->event.at;
        }
        decide(std::move(decision), nullptr, nullptr, [this, done](bool stored) {
          if (!stored) return done(Refusal{ErrorCode::Internal, "the server could not store this; nothing changed"}, authority_.room());
          done(std::nullopt, authority_.room());
        });
      },
      std::move(busy));
}

void Room::expire() {
  on_strand(nullptr, nullptr, [this] {
    auto decision = authority_.expire();
    if (std::holds_alternative<Refusal>(decision)) return;  // someone joined meanwhile
    spdlog::debug("event=room_expired room={}", id_);
    decide(std::move(decision), nullptr, nullptr);
  });
}

}  // namespace arena
