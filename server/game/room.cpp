#include "game/room.hpp"

#include <cmath>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/game_view.hpp"
#include "protocol/server_messages.hpp"
#include "protocol/state_json.hpp"
#include "rating/perf.hpp"
#include "util/log_text.hpp"
#include "util/metrics.hpp"

namespace arena {
namespace {

using nlohmann::json;
using protocol::ErrorCode;
using protocol::EventKind;
using protocol::RoomStatus;
using engine::Color;

std::optional<protocol::RatingView> rating_view(const std::optional<Rating>& r) {
  if (!r) return std::nullopt;
  return protocol::RatingView{r->rating, r->rd, r->provisional()};
}

std::optional<protocol::PlayerRef> seat_ref(const std::optional<std::int64_t>& id, const std::string& name,
                                            const std::optional<Rating>& rating, const std::string& kind) {
  if (!id) return std::nullopt;
  return protocol::PlayerRef{*id, name, rating_view(rating), kind};
}

protocol::RatingChangeView change_view(const RatingChange& c) {
  auto side = [&](int i) { return protocol::RatedSide{c.players[i], *rating_view(c.before[i]), *rating_view(c.after[i])}; };
  return {c.perf, side(0), side(1)};
}

}  // namespace

Room::Room(Executor strand, std::shared_ptr<const RoomContext> context, GameAuthority authority, std::int64_t last_action,
           std::vector<ChatRecord> chat)
    : strand_(std::move(strand)),
      context_(std::move(context)),
      id_(authority.room().id),
      authority_(std::move(authority)),
      crowd_(context_->crowd),
      timer_(strand_),
      chat_(context_->chat, std::move(chat)),
      computer_(context_->bots),
      idle_(context_->idle, last_action, context_->clock()) {}

void Room::open(Executor strand, std::shared_ptr<const RoomContext> context, RoomRecord record, const PlayerInfo& creator,
                Color seat, Opened opened, std::optional<std::int64_t> reserved) {
  EventRecord first;
  std::string error;
  auto authority = GameAuthority::open(std::move(record), creator, seat, context->clock, context->authority, first, error);
  if (!authority) return boost::asio::post(strand, [opened, error] { opened(nullptr, error); });
  if (reserved) authority->reserve(*reserved);
  std::int64_t created = authority->room().created_at;
  std::shared_ptr<Room> room(new Room(strand, context, std::move(*authority), created));
  // Nobody can reach the room before `opened` hears of it, and that waits
  // until the store has the room and its first event. Nobody hears of it
  // either: the directory announces it once it holds the room (announce()).
  context->log.open_room(room->authority_.room(), first, room->strand_, [room, first, opened](Stored<EventWritten> written) {
    if (!written.ok()) return opened(nullptr, written.error);
    if (written.value.seated && first.color) room->authority_.seat_rating(*first.color, *written.value.seated, first.at);
    room->crowd_.record(first.seq, room->event_frame(first, 0));
    opened(room, {});
  });
}

std::shared_ptr<Room> Room::restore(Executor strand, std::shared_ptr<const RoomContext> context, RoomRecord record,
                                    const std::vector<EventRecord>& events, std::vector<ChatRecord> chat, std::string& error,
                                    std::optional<std::int64_t> served_until, std::vector<ConditionalRecord> plans) {
  auto authority = GameAuthority::restore(std::move(record), events, context->clock, context->authority, error);
  if (!authority) return nullptr;
  if (served_until) authority->resumed_after(*served_until);
  if (auto wrong = RoomChat::out_of_sequence(chat)) {
    error = *wrong;
    return nullptr;
  }
  // The last time a player did something: their newest event (else the room's creation).
  std::int64_t last_action = authority->room().created_at;
  for (const EventRecord& e : events)
    if (e.player) last_action = std::max(last_action, e.at);
  auto room = std::shared_ptr<Room>(
      new Room(std::move(strand), std::move(context), std::move(*authority), last_action, std::move(chat)));
  for (const ConditionalRecord& line : plans) room->plans_.restore(line);
  return room;
}

void Room::announce(std::function<void()> after) {
  boost::asio::post(strand_, [self = shared_from_this(), after = std::move(after)] {
    self->loaded();
    if (after) after();
  });
}

void Room::loaded() {
  listed_ = authority_.room().status != RoomStatus::Live || idle_.listed(context_->clock());
  RoomSummary s = summary();
  context_->events.publish(RoomLoaded{s});
  // The time nobody served the room is credited first (a Resumed event);
  // a flag that fell while the server was down falls now; later ones on time.
  check_time();
  arm_timer();
  think();  // a game against the computer resumes where it was
  play_plans();  // a conditional reply whose turn came before a restart
}

template <class F>
void Room::on_strand(std::shared_ptr<Client> client, json request_id, F&& f, std::function<void()> busy) {
  boost::asio::post(strand_, [self = shared_from_this(), client = std::move(client), request_id = std::move(request_id),
                              f = std::forward<F>(f), busy = std::move(busy)]() mutable {
    if (self->retired_) {
      if (client) client->reconnect("the room moved to another node");
      return;
    }
    if (!self->in_flight_) self->check_time();  // a deadline passed comes before whatever arrived after it
    if (!self->in_flight_) return self->run_guarded(f);
    // The server's own operations (a timer, a closed connection) are never
    // dropped: they are bounded by the room's timer and its connections.
    bool internal = !client && !busy;
    if (!internal && self->waiting_.size() >= self->context_->max_waiting) {
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

void Room::describe(std::function<void(const RoomSummary&)> told) {
  boost::asio::post(strand_, [self = shared_from_this(), told = std::move(told)] { told(self->summary()); });
}

RoomSummary Room::summary() const {
  const RoomRecord& r = authority_.room();
  RoomSummary s;
  s.id = id_;
  s.options = r.options;
  s.clock = r.clock;
  s.is_private = r.is_private;
  s.status = r.status;
  s.creator = authority_.creator();
  s.white_name = r.white_name;
  s.black_name = r.black_name;
  s.white = r.white.value_or(0);
  s.black = r.black.value_or(0);
  s.decider = authority_.game().decider();
  s.white_seated = r.white.has_value();
  s.black_seated = r.black.has_value();
  s.rated = r.rated;
  s.competition = r.competition;
  s.rating_min = r.rating_min;
  s.rating_max = r.rating_max;
  s.white_rating = rating_view(r.white_rating);
  s.black_rating = rating_view(r.black_rating);
  s.moves = authority_.game().turns();
  s.ply = authority_.game().ply();
  s.spectators = crowd_.spectators();
  s.created_at = r.created_at;
  s.finished_at = r.finished_at;
  s.active = listed_;
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
          change.fence = fence();
          Write write = [this, room, event, change](StoreExecutor ex, StoreDone done) {
            // What the store found besides (a seated account's rating, a rating
            // change) waits in the commit for committed(), on the strand.
            context_->log.append(room, event, change, std::move(ex), [this, done = std::move(done)](Stored<EventWritten> r) {
              if (r.ok() && in_flight_) in_flight_->written = std::move(r.value);
              done(r.error);
            });
          };
          commit(std::optional<Proposal>(std::move(d)), std::move(write), client, request_id, std::move(after));
        }
      },
      decision);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

// ---- the commit queue ------------------------------------------------------

void Room::commit(std::optional<Proposal> proposal, Write write, std::shared_ptr<Client> client, json request_id,
                  std::function<void(bool)> after, std::function<void()> stored) {
  in_flight_ = Commit{std::move(proposal), std::move(stored), std::move(client), std::move(request_id), std::move(after), {}};
  // Durable before anyone hears of it: the rest happens in committed(), on the strand.
  write(strand_, [self = shared_from_this()](const std::string& error) { self->committed(error); });
}

void Room::committed(const std::string& error) {
  Commit c = std::move(*in_flight_);
  in_flight_.reset();
  if (!error.empty()) {
    spdlog::error("event=store_failed room={} seq={} error=\"{}\"", id_, c.proposal ? c.proposal->event.seq : 0, log_text(error));
    // What time decided is tried again a second later, not in a loop.
    if (!c.client) {
      quiet_until_ = context_->clock() + 1000;
      computer_.retry_later();  // the computer's action (or its answer to a draw) is its own to retry
      arm_timer();
    }
    if (c.proposal && c.proposal->event.kind == protocol::EventKind::Action)
      Metrics::process().action_refused(protocol::code_name(ErrorCode::Internal));
    fail(c.client.get(), ErrorCode::Internal, "the server could not store this; nothing changed", c.request_id);
  } else if (!c.proposal) {
    if (c.stored) c.stored();
  } else {
    int ply_before = authority_.game().ply();
    EventRecord event = c.proposal->event;
    if (event.kind == protocol::EventKind::Action) Metrics::process().action_accepted();
    bool was_closed = protocol::closed(authority_.room().status);
    if (c.written.seated && event.color) authority_.seat_rating(*event.color, *c.written.seated, event.at);
    if (event.player) idle_.acted(event.at);
    std::optional<RoomChange::Notify> notify = c.proposal->change.notify;
    authority_.commit(std::move(*c.proposal));
    if (c.written.rated) authority_.rated(*c.written.rated);
    // Observers hear of it before any client does: whatever a client does
    // after its ack (a new room after a cancel) meets the directory and the
    // lobby up to date.
    RoomSummary s = summary();
    context_->events.publish(EventCommitted{s, event, notify ? &*notify : nullptr});
    if (!was_closed && s.status == RoomStatus::Finished) context_->events.publish(GameFinished{s, authority_.room()});
    Frame frame = event_frame(event, ply_before);
    crowd_.record(event.seq, frame);
    ack(c.client.get(), c.request_id);
    crowd_.broadcast(frame);
    if (c.written.rated) crowd_.broadcast(rated_frame());
    send_legal();
    update_presence();
    arm_timer();
    think();
    // A takeback goes back to a position nobody planned from.
    if (event.kind == protocol::EventKind::TakebackAccepted)
      for (Color seat : {Color::White, Color::Black}) {
        const MovePlans::Seat& s = plans_.seat(seat);
        if (s.premove) {
          plans_.set_premove(seat, std::nullopt);
          tell_plan(seat, std::nullopt);
        }
        if (!s.line.empty() && s.from_ply > authority_.game().ply()) {
          std::string dropped = s.line.front();
          plans_.abandon_reply(seat);
          save_line(seat, [this, seat, dropped] { tell_plan(seat, dropped, "the game went back before the line was set"); });
        }
      }
    play_plans();
  }
  if (c.after) c.after(error.empty());
  while (!in_flight_ && !waiting_.empty()) {  // what arrived meanwhile, in order
    check_time();  // a deadline that passed meanwhile comes first
    if (in_flight_) break;
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
  if ((e.kind == EventKind::Created || e.kind == EventKind::Joined) && e.color) {
    bool white = *e.color == Color::White;
    m.player = protocol::PlayerRef{e.player.value_or(0), white ? r.white_name : r.black_name,
                                   rating_view(white ? r.white_rating : r.black_rating), white ? r.white_kind : r.black_kind};
  }
  if (e.kind == EventKind::Cancelled) m.expired = !e.player.has_value();
  if (!e.note.empty()) m.note = e.note;
  if (e.kind == EventKind::Resumed) m.credited_ms = e.lag_ms;
  m.clocks = authority_.clocks(e.at);
  if (e.kind == EventKind::Action) {
    m.action = e.action;
    m.steps = protocol::steps_text(game, ply_before);
  }
  return make_frame(protocol::to_text(m));
}

Frame Room::rated_frame() const {
  return make_frame(protocol::to_json(protocol::Rated{id_, change_view(*authority_.room().rating_change)}));
}

Frame Room::legal_frame(Color seat) const {
  const engine::AnyGame& game = authority_.game();
  return make_frame(protocol::to_text(protocol::Legal{id_, game.ply(), seat, protocol::legal_moves(game)}));
}

void Room::send_legal_to(Client& client, Color seat) {
  if (authority_.room().status != RoomStatus::Live || authority_.game().decider() != seat) return;
  lag_.shown(seat, authority_.game().ply(), context_->clock());
  client.send(legal_frame(seat));
}

void Room::send_legal() {
  auto decider = authority_.game().decider();
  if (!decider || authority_.room().status != RoomStatus::Live) return;
  lag_.shown(*decider, authority_.game().ply(), context_->clock());
  crowd_.send_to_seat(*decider, [&] { return legal_frame(*decider); });
}

void Room::send_snapshot(Client& client, const PlayerInfo& viewer) {
  const std::int64_t player = viewer.id;
  const RoomRecord& r = authority_.room();
  const engine::AnyGame& game = authority_.game();
  auto seat = authority_.seat_of(player);
  protocol::RoomSnapshot m;
  m.room = protocol::RoomInfo{id_,
                              r.options,
                              r.clock,
                              r.is_private,
                              seat_ref(r.white, r.white_name, r.white_rating, r.white_kind),
                              seat_ref(r.black, r.black_name, r.black_rating, r.black_kind),
                              r.created_at,
                              r.rated,
                              perf_of(r.options)};
  m.seq = authority_.seq();
  m.ply = game.ply();
  m.you = seat;
  m.status = r.status;
  m.history = protocol::steps_text(game, 0);
  m.state = protocol::state_text(game);
  m.result = protocol::result_text(game.result());
  m.draw_offer = authority_.draw_offer();
  m.takeback_offer = authority_.takeback_offer();
  m.takebacks = authority_.takebacks_allowed();
  if (seat) {
    m.premove = plans_.seat(*seat).premove;
    m.conditional = plans_.seat(*seat).line;
  }
  m.spectators = crowd_.spectators();
  m.clocks = authority_.clocks(context_->clock());
  auto decider = game.decider();
  if (seat && decider && *decider != *seat) m.claim_at = authority_.claim_at();
  m.abortable = authority_.abortable();
  m.rematch_offer = rematch_.offer();
  m.rematch = rematch_.next();
  if (r.rating_change) m.rating_change = change_view(*r.rating_change);
  // Said before they type (#43): a guest's chat box where guests may not chat.
  if (auto refusal = authority_.chat_refusal(viewer)) m.chat_closed = refusal->message;
  client.send(make_frame(protocol::to_text(m)));
  if (seat) send_legal_to(client, *seat);
}

void Room::subscribe(const std::shared_ptr<Client>& client, std::int64_t player) {
  if (crowd_.subscribe(client, authority_.seat_of(player))) spectators_changed();
  update_presence();
}

void Room::spectators_changed() {
  crowd_.broadcast(make_frame(protocol::to_json(protocol::Spectators{id_, crowd_.spectators()})));
  RoomSummary s = summary();
  context_->events.publish(SpectatorsChanged{s});
}

// ---- requests ----------------------------------------------------------------

void Room::join(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] {
    const RoomRecord& r = authority_.room();
    bool ranged = (r.rating_min || r.rating_max) && r.status == RoomStatus::Open && !authority_.seat_of(player.id) && context_->ratings;
    if (!ranged) return join_now(client, player, request_id);
    // The room asks for a range of ratings (#46): the joiner's first, read on
    // the side; the join then waits its turn as any operation (the seat may be gone by then).
    context_->ratings->player_rating(player.id, perf_of(r.options), strand_,
                                     [self = shared_from_this(), client, player, request_id](Stored<std::optional<Rating>> rating) {
      self->on_strand(client, request_id, [self, client, player, request_id, rating = std::move(rating)] {
        if (!rating.ok()) return self->fail(client.get(), ErrorCode::Internal, "the server could not read your rating; try again", request_id);
        const RoomRecord& now = self->authority_.room();
        int yours = static_cast<int>(std::lround(rating.value ? rating.value->rating : Rating{}.rating));
        if ((now.rating_min && yours < now.rating_min) || (now.rating_max && yours > now.rating_max)) {
          std::string range = now.rating_max ? std::to_string(now.rating_min) + "–" + std::to_string(now.rating_max)
                                              : "at least " + std::to_string(now.rating_min);
          if (!now.rating_min) range = "at most " + std::to_string(now.rating_max);
          return self->fail(client.get(), ErrorCode::RatingOutOfRange,
                            "this game is for players rated " + range + " in " + perf_of(now.options) + "; yours is " + std::to_string(yours),
                            request_id);
        }
        self->join_now(client, player, request_id);
      });
    });
  });
}

void Room::join_now(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  {
    // a guest who signed up comes back as the account (the room another node
    // served when it signed up, say): the lobby shows its name (#43)
    if (authority_.rename_seat(player.id, player.name, player.kind)) {
      RoomSummary s = summary();
      context_->events.publish(SeatsChanged{s});
    }
    decide(authority_.join(player), client, request_id, [this, client, player](bool ok) {
      if (!ok) return;
      spdlog::debug("event=joined room={} player={}", id_, player.id);
      subscribe(client, player.id);
      send_snapshot(*client, player);
      client->send(chat_.history_frame(id_, authority_.seat_of(player.id).has_value(), 0, *client));
    });
  }
}

void Room::watch(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] {
    subscribe(client, player.id);
    ack(client.get(), request_id);
    send_snapshot(*client, player);
    client->send(chat_.history_frame(id_, authority_.seat_of(player.id).has_value(), 0, *client));
  });
}

void Room::resync(std::shared_ptr<Client> client, PlayerInfo player, std::int64_t since, std::int64_t chat_since,
                  json request_id) {
  on_strand(client, request_id, [this, client, player, since, chat_since, request_id] {
    subscribe(client, player.id);
    bool seated = authority_.seat_of(player.id).has_value();
    auto missed = crowd_.since(since, authority_.seq());
    if (!missed) {  // beyond the ring (or ahead of it): the whole room instead
      protocol::Ack snapshot;
      snapshot.snapshot = true;
      ack(client.get(), request_id, snapshot);
      send_snapshot(*client, player);
      if (authority_.room().rating_change) client->send(rated_frame());
      return client->send(chat_.history_frame(id_, seated, chat_since, *client));
    }
    protocol::Ack ack_missed;
    ack_missed.missed = static_cast<std::int64_t>(missed->size());
    ack(client.get(), request_id, ack_missed);
    for (auto& frame : *missed) client->send(frame);
    if (authority_.room().rating_change) client->send(rated_frame());
    if (auto seat = authority_.seat_of(player.id)) {
      send_legal_to(*client, *seat);
      // Plans are not in the ring (they are the seat's own): as they are now (#46).
      const MovePlans::Seat& plan = plans_.seat(*seat);
      client->send(make_frame(protocol::to_json(protocol::Plan{id_, plan.premove, plan.line, std::nullopt, std::nullopt})));
      // A waiting player back on a new connection hears again that the opponent is gone.
      auto decider = authority_.game().decider();
      if (auto claim_at = authority_.claim_at(); claim_at && decider && *decider != *seat)
        client->send(make_frame(protocol::to_json(protocol::OpponentGone{id_, *claim_at})));
    }
    client->send(chat_.history_frame(id_, seated, chat_since, *client));
  });
}

void Room::leave(std::shared_ptr<Client> client, json request_id) {
  on_strand(client, request_id, [this, client, request_id] {
    bool spectator = crowd_.remove(client.get());
    ack(client.get(), request_id);
    if (spectator) spectators_changed();
    update_presence();
  });
}

void Room::disconnected(Client* client) {
  on_strand(nullptr, nullptr, [this, client] {
    if (crowd_.remove(client)) spectators_changed();
    update_presence();
  });
}

void Room::play(std::shared_ptr<Client> client, PlayerInfo player, protocol::Play play, json request_id) {
  on_strand(client, request_id, [this, client, player, play = std::move(play), request_id] {
    // Lag: the time since this seat's `legal` left, less the client's own thinking.
    auto seat = authority_.seat_of(player.id);
    std::int64_t lag = seat ? lag_.lag(*seat, play.think_ms, context_->clock()) : 0;
    Decision decision = authority_.play(player, play.ply, play.action, lag);
    if (auto* refusal = std::get_if<Refusal>(&decision)) Metrics::process().action_refused(protocol::code_name(refusal->code));
    decide(std::move(decision), client, request_id);
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

void Room::abort(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] { decide(authority_.abort_by_player(player), client, request_id); });
}

void Room::claim(std::shared_ptr<Client> client, PlayerInfo player, bool draw, json request_id) {
  on_strand(client, request_id, [this, client, player, draw, request_id] { decide(authority_.claim(player, draw), client, request_id); });
}

void Room::give_time(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] { decide(authority_.give_time(player), client, request_id); });
}

void Room::offer_takeback(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] { decide(authority_.offer_takeback(player), client, request_id); });
}

void Room::answer_takeback(std::shared_ptr<Client> client, PlayerInfo player, bool accept, json request_id) {
  on_strand(client, request_id,
            [this, client, player, accept, request_id] { decide(authority_.answer_takeback(player, accept), client, request_id); });
}

void Room::premove(std::shared_ptr<Client> client, PlayerInfo player, std::optional<std::string> action, json request_id) {
  on_strand(client, request_id, [this, client, player, action = std::move(action), request_id] {
    auto seat = authority_.seat_of(player.id);
    if (!seat) return fail(client.get(), ErrorCode::NotAPlayer, "you have no seat in this room", request_id);
    const engine::AnyGame& game = authority_.game();
    if (action) {
      if (authority_.room().status != RoomStatus::Live || game.result().over)
        return fail(client.get(), ErrorCode::NoPremove, "premoves are for a game being played", request_id);
      if (authority_.room().clock.kind == protocol::TimeControl::Kind::Correspondence)
        return fail(client.get(), ErrorCode::NoPremove, "a correspondence game takes a conditional line instead", request_id);
      if (game.decider() == *seat) return fail(client.get(), ErrorCode::NoPremove, "the decision is yours: play it", request_id);
    }
    plans_.set_premove(*seat, action);
    ack(client.get(), request_id);
    tell_plan(*seat);
  });
}

void Room::conditional(std::shared_ptr<Client> client, PlayerInfo player, std::vector<std::string> line, json request_id) {
  on_strand(client, request_id, [this, client, player, line = std::move(line), request_id] {
    auto seat = authority_.seat_of(player.id);
    if (!seat) return fail(client.get(), ErrorCode::NotAPlayer, "you have no seat in this room", request_id);
    const engine::AnyGame& game = authority_.game();
    std::vector<std::string> canonical;
    if (!line.empty()) {
      if (authority_.room().status != RoomStatus::Live || game.result().over)
        return fail(client.get(), ErrorCode::NoConditional, "conditional lines are for a game being played", request_id);
      if (authority_.room().clock.kind != protocol::TimeControl::Kind::Correspondence)
        return fail(client.get(), ErrorCode::NoConditional, "conditional lines are for correspondence games: premove instead", request_id);
      if (game.decider() == *seat)
        return fail(client.get(), ErrorCode::NoConditional, "the decision is yours now: play it, then set the line", request_id);
      if (auto problem = MovePlans::check_line(game, *seat, line, canonical); !problem.empty())
        return fail(client.get(), ErrorCode::IllegalAction, problem, request_id);
    }
    Color c = *seat;
    ConditionalRecord record{c, game.ply(), canonical, context_->clock()};
    Write write = [this, record](StoreExecutor ex, StoreDone done) {
      context_->log.save_conditional(id_, record, fence(), std::move(ex), std::move(done));
    };
    commit(std::nullopt, std::move(write), client, request_id, {}, [this, client, c, record, request_id] {
      plans_.set_line(c, record.line, record.from_ply);
      ack(client.get(), request_id);
      tell_plan(c);
    });
  });
}

// ---- premoves and conditional lines -------------------------------------------

void Room::play_plans() {
  if (in_flight_ || retired_ || plans_.empty()) return;
  if (authority_.room().status != RoomStatus::Live || authority_.game().result().over) {
    std::vector<Color> stored = plans_.clear();
    for (Color seat : {Color::White, Color::Black}) tell_plan(seat);
    // The stored lines go too, one write after the other.
    for (Color seat : stored) save_line(seat, {});
    return;
  }
  auto due = plans_.due(authority_.game());
  if (!due) return;
  auto go = [this, due = *due] {
    if (!due.play) return tell_plan(due.seat, due.dropped, due.reason);
    play_planned(due);
  };
  if (due->line_changed) return save_line(due->seat, std::move(go));
  go();
}

void Room::play_planned(const MovePlans::Due& due) {
  const RoomRecord& r = authority_.room();
  PlayerInfo player;
  player.id = (due.seat == Color::White ? r.white : r.black).value_or(0);
  Decision decision = authority_.play(player, authority_.game().ply(), *due.play);
  if (auto* refusal = std::get_if<Refusal>(&decision)) {
    spdlog::debug("event=plan_dropped room={} action=\"{}\" reason=\"{}\"", id_, log_text(*due.play), log_text(refusal->message));
    if (due.premove) return tell_plan(due.seat, due.play, refusal->message);
    plans_.abandon_reply(due.seat);  // the game changed under a reply checked when it was set
    std::string dropped = *due.play, reason = refusal->message;
    return save_line(due.seat, [this, seat = due.seat, dropped, reason] { tell_plan(seat, dropped, reason); });
  }
  if (due.premove || due.line_changed) tell_plan(due.seat);  // gone, or one pair shorter
  // committed() looks again: a reply may have more actions. Not stored: the
  // rest of a reply goes, and the player hears that it was not played.
  decide(std::move(decision), nullptr, nullptr, [this, seat = due.seat, action = *due.play](bool ok) {
    if (ok) return;
    bool stored_line = !plans_.seat(seat).line.empty();
    plans_.abandon_reply(seat);
    if (stored_line) return save_line(seat, [this, seat, action] { tell_plan(seat, action, "the server could not store it"); });
    tell_plan(seat, action, "the server could not store it");
  });
}

void Room::save_line(Color seat, std::function<void()> stored) {
  ConditionalRecord record = plans_.record(seat, context_->clock());
  Write write = [this, record](StoreExecutor ex, StoreDone done) {
    context_->log.save_conditional(id_, record, fence(), std::move(ex), std::move(done));
  };
  auto after = [stored = std::move(stored)] {
    if (stored) stored();
  };
  // Not stored: the line in memory no longer says what the store does; the
  // seat's plans go (what is stored is read again only by a restore).
  auto failed = [this, seat](bool ok) {
    if (ok) return;
    std::string dropped = plans_.seat(seat).line.empty() ? std::string() : plans_.seat(seat).line.front();
    plans_.abandon_reply(seat);
    tell_plan(seat, dropped.empty() ? std::nullopt : std::optional<std::string>(dropped), "the server could not store the line");
  };
  if (in_flight_) {  // behind what is being stored
    waiting_.push_back([this, write, after, failed]() mutable {
      commit(std::nullopt, std::move(write), nullptr, nullptr, std::move(failed), std::move(after));
    });
    return;
  }
  commit(std::nullopt, std::move(write), nullptr, nullptr, std::move(failed), std::move(after));
}

void Room::tell_plan(Color seat, std::optional<std::string> dropped, std::string reason) {
  const MovePlans::Seat& s = plans_.seat(seat);
  protocol::Plan m{id_, s.premove, s.line, std::move(dropped), std::nullopt};
  if (m.dropped) m.reason = std::move(reason);
  crowd_.send_to_seat(seat, [&] { return make_frame(protocol::to_json(m)); });
}

void Room::rematch(std::shared_ptr<Client> client, PlayerInfo player, json request_id) {
  on_strand(client, request_id, [this, client, player, request_id] {
    auto seat = authority_.rematch_seat(player.id);
    if (auto* refusal = std::get_if<Refusal>(&seat)) return fail(client.get(), refusal->code, refusal->message, request_id);
    Color color = std::get<Color>(seat);
    switch (rematch_.request(color)) {
      case RoomRematch::Step::Ready:
        ack(client.get(), request_id);
        if (client) client->send(make_frame(protocol::to_json(protocol::RematchReady{id_, *rematch_.next()})));
        return;
      case RoomRematch::Step::Repeat: {
        protocol::Ack repeat;
        repeat.duplicate = true;
        return ack(client.get(), request_id, repeat);
      }
      case RoomRematch::Step::Offered: {
        ack(client.get(), request_id);
        crowd_.broadcast(make_frame(protocol::to_json(protocol::RematchOffer{id_, color})));
        // The computer always takes a rematch.
        Color other = engine::opponent(color);
        if (computer_.level(authority_.room(), other)) rematch(nullptr, ComputerDriver::player(authority_.room(), other), nullptr);
        return;
      }
      case RoomRematch::Step::Open:
        break;
    }
    // The other player offered: open the new room, colours swapped.
    const RoomRecord& r = authority_.room();
    // A seat with a rating is an account's (guests have none).
    RematchRequest request{r, PlayerInfo{*r.black, r.black_name, r.black_rating.has_value(), r.black_kind},
                           PlayerInfo{*r.white, r.white_name, r.white_rating.has_value(), r.white_kind}};
    context_->open_rematch(std::move(request), strand_,
                           [self = shared_from_this(), client, request_id](std::string next, std::optional<Refusal> refusal) {
                             if (refusal) {
                               self->rematch_.opened(std::nullopt);
                               return self->fail(client.get(), refusal->code, refusal->message, request_id);
                             }
                             spdlog::debug("event=rematch room={} next={}", self->id_, next);
                             self->rematch_.opened(next);
                             self->ack(client.get(), request_id);
                             self->crowd_.broadcast(make_frame(protocol::to_json(protocol::RematchReady{self->id_, next})));
                           });
  });
}

std::optional<LeaseFence> Room::fence() const {
  if (!context_->ownership) return std::nullopt;
  return context_->ownership->fence(id_);
}

void Room::chat(std::shared_ptr<Client> client, PlayerInfo player, std::string text, json request_id) {
  on_strand(client, request_id, [this, client, player, text = std::move(text), request_id] {
    if (auto refusal = authority_.chat_refusal(player)) return fail(client.get(), refusal->code, refusal->message, request_id);
    auto channel = authority_.seat_of(player.id) ? protocol::ChatChannel::Players : protocol::ChatChannel::Spectators;
    auto composed = chat_.compose(channel, player.id, player.name, text, context_->clock());
    if (auto* refusal = std::get_if<Refusal>(&composed)) return fail(client.get(), refusal->code, refusal->message, request_id);
    ChatRecord m = std::get<ChatRecord>(std::move(composed));
    m.kind = player.kind;
    Write write = [this, m](StoreExecutor ex, StoreDone done) {
      context_->log.append_chat(id_, m, fence(), std::move(ex), std::move(done));
    };
    commit(std::nullopt, std::move(write), client, request_id, {}, [this, client, m, request_id] {
      chat_.add(m);
      ack(client.get(), request_id);
      Frame frame = chat_.message_frame(id_, m);
      crowd_.send_chat(frame, m.player, m.channel == protocol::ChatChannel::Players);
    });
  });
}

void Room::delete_chat(std::shared_ptr<Client> client, std::int64_t seq, AuditEntry audit, json request_id) {
  on_strand(client, request_id, [this, client, seq, audit = std::move(audit), request_id]() mutable {
    const ChatRecord* m = chat_.deletable(seq);
    if (!m) return fail(client.get(), ErrorCode::NotFound, "no chat message " + std::to_string(seq), request_id);
    audit.target = id_;
    audit.details = json{{"seq", seq}, {"player", m->player}, {"text", m->text}}.dump();
    audit.at = context_->clock();
    Write write = [this, seq, audit](StoreExecutor ex, StoreDone done) {
      context_->log.delete_chat(id_, seq, audit, fence(), std::move(ex), std::move(done));
    };
    commit(std::nullopt, std::move(write), client, request_id, {}, [this, client, seq, request_id] {
      chat_.mark_deleted(seq);
      spdlog::info("event=chat_deleted room={} seq={}", id_, seq);
      ack(client.get(), request_id);
      crowd_.broadcast(make_frame(protocol::to_json(protocol::ChatDeleted{id_, seq})));
    });
  });
}

// ---- time and presence ------------------------------------------------------

void Room::check_time() {
  if (in_flight_ || context_->clock() < quiet_until_) return;
  if (auto decision = authority_.due()) {
    spdlog::debug("event=deadline room={}", id_);
    decide(std::move(*decision), nullptr, nullptr);
  }
  if (!in_flight_) {
    if (auto due = idle_.due(idle_game(), context_->clock())) {
      bool abandoned = due->end == RoomIdle::End::Abandoned;
      spdlog::info("event=room_{} room={}", abandoned ? "abandoned" : "player_gone", id_);
      decide(authority_.abandon(abandoned, due->at), nullptr, nullptr);
    }
  }
  if (!in_flight_) update_listing();
  if (!in_flight_ && computer_.take_retry()) think();
  if (!in_flight_) check_clock_low();
}

void Room::check_clock_low() {
  auto at = authority_.clock_low_at(kClockLowMs);
  if (!at || context_->clock() < *at || clock_low_told_ == *at) return;
  clock_low_told_ = *at;  // one per turn: the next turn's clock has another
  RoomSummary s = summary();
  if (!s.decider) return;
  std::int64_t player = *s.decider == Color::White ? s.white : s.black;
  if (player == 0) return;
  spdlog::info("event=clock_low room={} player={}", id_, player);
  context_->events.publish(ClockLow{s, player});
}

void Room::arm_timer() {
  auto deadline = authority_.deadline();
  if (auto low = authority_.clock_low_at(kClockLowMs); low && *low != clock_low_told_ && (!deadline || *low < *deadline))
    deadline = low;
  if (auto idle = idle_.deadline(idle_game(), context_->clock()); idle && (!deadline || *idle < *deadline)) deadline = idle;
  if (deadline) deadline = std::max(*deadline, quiet_until_);
  if (computer_.retry_pending()) deadline = deadline ? std::min(*deadline, quiet_until_) : quiet_until_;
  if (deadline == armed_for_) return;
  armed_for_ = deadline;
  timer_.cancel();
  if (!deadline) return;
  auto delay = std::max<std::int64_t>(0, *deadline - context_->clock());
  timer_.expires_after(std::chrono::milliseconds(delay));
  timer_.async_wait([weak = weak_from_this(), deadline](boost::system::error_code ec) {
    auto self = weak.lock();
    if (ec || !self || self->armed_for_ != deadline) return;
    self->armed_for_.reset();
    if (self->context_->clock() >= self->quiet_until_) self->quiet_until_ = 0;
    // Through the queue: after an event being stored; check_time() runs first there.
    self->on_strand(nullptr, nullptr, [raw = self.get()] { raw->arm_timer(); });
  });
}

void Room::update_presence() {
  std::int64_t now = context_->clock();
  // The computer is always there: nobody can claim a game against it.
  bool human_here = false;
  for (Color c : {Color::White, Color::Black}) {
    bool computer = computer_.level(authority_.room(), c).has_value();
    authority_.presence(c, crowd_.seated(c) || computer, now);
    human_here = human_here || (crowd_.seated(c) && !computer);
  }
  idle_.presence(human_here, now);
  update_listing();
  arm_timer();
  auto claim_at = authority_.claim_at();
  if (claim_at == gone_sent_) return;
  if (claim_at) {
    Color waiting = engine::opponent(*authority_.game().decider());
    crowd_.send_to_seat(waiting, [&] { return make_frame(protocol::to_json(protocol::OpponentGone{id_, *claim_at})); });
    gone_waiting_ = waiting;
  } else if (gone_waiting_ && !protocol::closed(authority_.room().status)) {
    crowd_.send_to_seat(*gone_waiting_, [&] { return make_frame(protocol::to_json(protocol::OpponentBack{id_})); });
  }
  gone_sent_ = claim_at;
}

RoomIdle::Game Room::idle_game() const {
  const RoomRecord& r = authority_.room();
  RoomIdle::Game g;
  g.live = r.status == RoomStatus::Live;
  g.computer = computer_.level(r, Color::White).has_value() != computer_.level(r, Color::Black).has_value();
  g.untimed = !r.clock.timed();
  g.competition = r.competition;
  return g;
}

void Room::update_listing() {
  bool listed = authority_.room().status != RoomStatus::Live || idle_.listed(context_->clock());
  if (listed == listed_) return;
  listed_ = listed;
  spdlog::debug("event=room_listed room={} listed={}", id_, listed);
  RoomSummary s = summary();
  context_->events.publish(ActivityChanged{s});
}

void Room::retire() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->retired_ = true;
    self->armed_for_.reset();
    self->timer_.cancel();
    self->crowd_.reconnect_all("the room moved to another node");
  });
}

void Room::wake() {
  // Through the queue: check_time() runs first there.
  on_strand(nullptr, nullptr, [this] { arm_timer(); });
}

void Room::rename_seat(std::int64_t player, std::string name, std::string kind) {
  on_strand(nullptr, nullptr, [this, player, name = std::move(name), kind = std::move(kind)] {
    if (!authority_.rename_seat(player, name, kind)) return;
    RoomSummary s = summary();
    context_->events.publish(SeatsChanged{s});
  });
}

// ---- the computer -------------------------------------------------------------

void Room::think() {
  auto act = [weak = weak_from_this()](PlayerInfo player, int ply, std::string action, std::int64_t think_ms) {
    auto self = weak.lock();
    if (!self) return;
    boost::asio::post(self->strand_, [self, player, ply, action = std::move(action), think_ms] {
      self->computer_.arrived(ply);
      protocol::Play play;
      play.room = self->id_;
      play.ply = ply;
      play.action = action;
      // No think_ms: the time spent in the queue is the computer's own, not lag.
      spdlog::debug("event=bot_move room={} ply={} think_ms={}", self->id_, ply, think_ms);
      // The same path as a player's action: ply guard, durability, broadcast.
      self->play(nullptr, player, std::move(play), nullptr);
    });
  };
  computer_.think(authority_, id_, context_->clock(), std::move(act),
                  [this](PlayerInfo bot) { answer_draw(nullptr, std::move(bot), false, nullptr); });
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
