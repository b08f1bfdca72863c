#include "game/authority.hpp"

#include <cctype>

#include "engine/replay.hpp"

namespace arena {
namespace {

using engine::Color;
using protocol::ErrorCode;
using protocol::EventKind;
using protocol::RoomStatus;

bool same_text(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// The row values an event leaves behind in a game that may have ended.
RoomChange change_after(const engine::AnyGame& game) {
  RoomChange c;
  c.plies = game.ply();
  auto result = game.result();
  if (result.over) {
    c.status = RoomStatus::Finished;
    c.result = engine::result_token(result);
    c.reason = std::string(result.reason);
  }
  return c;
}

constexpr const char* kAborted = "aborted";  // the room's reason when a moderator aborted it
constexpr const char* kBanned = "banned";    // the note of a banned player's resignation

// "1-0" → White, "0-1" → Black, anything else (a draw) → none.
std::optional<Color> winner_of(const std::string& result) {
  if (result == "1-0") return Color::White;
  if (result == "0-1") return Color::Black;
  return std::nullopt;
}

std::optional<std::int64_t>& seat_field(RoomRecord& r, Color c) { return c == Color::White ? r.white : r.black; }
std::string& name_field(RoomRecord& r, Color c) { return c == Color::White ? r.white_name : r.black_name; }

}  // namespace

GameAuthority::GameAuthority(RoomRecord room, engine::AnyGame game, Clock clock, AuthorityLimits limits)
    : room_(std::move(room)), game_(std::move(game)), clock_(std::move(clock)), limits_(limits) {}

std::optional<GameAuthority> GameAuthority::open(RoomRecord room, const PlayerInfo& creator, Color seat, Clock clock,
                                                 AuthorityLimits limits, EventRecord& first, std::string& error) {
  auto game = engine::AnyGame::create(room.options, error);
  if (!game) return std::nullopt;
  room.status = RoomStatus::Open;
  room.created_at = clock();
  seat_field(room, seat) = creator.id;
  name_field(room, seat) = creator.name;
  GameAuthority authority(std::move(room), std::move(*game), std::move(clock), limits);
  first = EventRecord{1, EventKind::Created, creator.id, seat, "", authority.room_.created_at, ""};
  authority.apply(first, creator.name);
  return authority;
}

std::optional<GameAuthority> GameAuthority::restore(RoomRecord room, const std::vector<EventRecord>& events, Clock clock,
                                                    AuthorityLimits limits, std::string& error) {
  auto game = engine::AnyGame::create(room.options, error);
  if (!game) return std::nullopt;
  // The row's names are the players' current ones; the events rebuild the rest.
  std::string names[2] = {room.white_name, room.black_name};
  room.white.reset();
  room.black.reset();
  room.status = RoomStatus::Open;
  room.result.clear();
  room.reason.clear();
  room.finished_at = 0;
  GameAuthority authority(std::move(room), std::move(*game), std::move(clock), limits);
  for (const EventRecord& e : events) {
    if (e.seq != authority.seq_ + 1) {
      error = "event " + std::to_string(e.seq) + " is out of sequence";
      return std::nullopt;
    }
    if (auto problem = replay_event(authority.game_, e); !problem.empty()) {
      error = "event " + std::to_string(e.seq) + " (" + std::string(protocol::kind_name(e.kind)) + " " + e.action + "): " + problem;
      return std::nullopt;
    }
    authority.apply(e, e.color ? names[engine::index(*e.color)] : std::string());
  }
  return authority;
}

std::optional<Color> GameAuthority::seat_of(std::int64_t player) const {
  if (room_.white == player) return Color::White;
  if (room_.black == player) return Color::Black;
  return std::nullopt;
}

std::int64_t GameAuthority::creator() const {
  if (room_.status != RoomStatus::Open) return 0;
  return room_.white.value_or(room_.black.value_or(0));
}

std::variant<Refusal, Color> GameAuthority::playing_seat(const PlayerInfo& player) const {
  auto seat = seat_of(player.id);
  if (!seat) return Refusal{ErrorCode::NotAPlayer, "you have no seat in this room"};
  if (room_.status == RoomStatus::Cancelled) return Refusal{ErrorCode::GameOver, "the room was cancelled"};
  if (room_.status == RoomStatus::Open) return Refusal{ErrorCode::NotStarted, "the game waits for a second player"};
  if (game_.result().over) return Refusal{ErrorCode::GameOver, "the game is over"};
  return *seat;
}

Decision GameAuthority::propose(EventKind kind, std::optional<std::int64_t> player, std::optional<Color> color,
                                std::optional<engine::AnyGame> next, std::string action, bool closing) const {
  // A command that closes the room may take one event beyond the bound: a full
  // room can still be aborted, adjudicated or left by a banned player.
  if (seq_ >= limits_.max_events_per_room + (closing ? 1 : 0))
    return Refusal{ErrorCode::RoomLimit, "this room holds as many events as a room may"};
  Proposal p;
  p.event = EventRecord{seq_ + 1, kind, player, color, std::move(action), clock_(), ""};
  if (next) p.change = change_after(*next);
  p.next = std::move(next);
  return p;
}

Decision GameAuthority::join(const PlayerInfo& player) const {
  if (seat_of(player.id)) return Seated{};
  if (room_.status == RoomStatus::Cancelled) return Refusal{ErrorCode::GameOver, "the room was cancelled"};
  if (room_.white && room_.black) return Refusal{ErrorCode::RoomFull, "both seats are taken"};
  Color seat = room_.white ? Color::Black : Color::White;
  Decision d = propose(EventKind::Joined, player.id, seat, std::nullopt);
  if (auto* p = std::get_if<Proposal>(&d)) {
    (seat == Color::White ? p->change.white : p->change.black) = player.id;
    p->change.status = RoomStatus::Live;
    p->name = player.name;
  }
  return d;
}

Decision GameAuthority::play(const PlayerInfo& player, std::int64_t ply, const std::string& action) const {
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  Color color = std::get<Color>(seat);
  int now = game_.ply();
  if (ply != now) {
    if (ply < now) {
      const auto step = game_.steps(static_cast<int>(ply)).front();
      if (step.player == color && !step.automatic && same_text(step.action, action)) return Repeat{ply};
    }
    return Refusal{ErrorCode::StalePly, "the game is at ply " + std::to_string(now) + ", not " + std::to_string(ply)};
  }
  if (game_.decider() != color) return Refusal{ErrorCode::NotYourTurn, "the opponent must decide now"};
  engine::AnyGame next = game_;
  if (auto reason = next.play(action); !reason.empty()) return Refusal{ErrorCode::IllegalAction, reason};
  std::string canonical = next.steps(now).front().action;
  return propose(EventKind::Action, player.id, color, std::move(next), std::move(canonical));
}

Decision GameAuthority::resign(const PlayerInfo& player) const {
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  engine::AnyGame next = game_;
  next.resign(std::get<Color>(seat));
  return propose(EventKind::Resigned, player.id, std::get<Color>(seat), std::move(next));
}

Decision GameAuthority::offer_draw(const PlayerInfo& player) const {
  if (!game_.info().draws) return Refusal{ErrorCode::NoDraws, std::string(game_.info().title) + " has no draws"};
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  Color color = std::get<Color>(seat);
  if (draw_offer_ == color) return Repeat{};
  if (draw_offer_) return Refusal{ErrorCode::BadField, "the opponent offers a draw: answer it"};
  int since = game_.ply() - last_draw_offer_ply_[engine::index(color)];
  if (since < limits_.draw_offer_gap)
    return Refusal{ErrorCode::DrawOfferTooSoon,
                   "you may offer a draw again after " + std::to_string(limits_.draw_offer_gap - since) + " more actions"};
  return propose(EventKind::DrawOffered, player.id, color, std::nullopt);
}

Decision GameAuthority::answer_draw(const PlayerInfo& player, bool accept) const {
  if (!game_.info().draws) return Refusal{ErrorCode::NoDraws, std::string(game_.info().title) + " has no draws"};
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  Color color = std::get<Color>(seat);
  if (!draw_offer_ || draw_offer_ == color) return Refusal{ErrorCode::NoDrawOffer, "the opponent has not offered a draw"};
  if (!accept) return propose(EventKind::DrawDeclined, player.id, color, std::nullopt);
  engine::AnyGame next = game_;
  if (!next.agree_draw()) return Refusal{ErrorCode::NoDraws, "no draw is possible here"};
  return propose(EventKind::DrawAgreed, player.id, color, std::move(next));
}

Decision GameAuthority::cancel(const PlayerInfo& player) const {
  auto seat = seat_of(player.id);
  if (!seat) return Refusal{ErrorCode::NotAPlayer, "you have no seat in this room"};
  if (protocol::closed(room_.status)) return Refusal{ErrorCode::GameOver, "the room is closed already"};
  if (room_.status != RoomStatus::Open) return Refusal{ErrorCode::AlreadyStarted, "the game has started: resign instead"};
  Decision d = propose(EventKind::Cancelled, player.id, *seat, std::nullopt);
  if (auto* p = std::get_if<Proposal>(&d)) p->change.status = RoomStatus::Cancelled;
  return d;
}

Decision GameAuthority::expire() const {
  if (room_.status != RoomStatus::Open) return Refusal{ErrorCode::AlreadyStarted, "the room is no longer open"};
  Decision d = propose(EventKind::Cancelled, std::nullopt, room_.white ? Color::White : Color::Black, std::nullopt);
  if (auto* p = std::get_if<Proposal>(&d)) p->change.status = RoomStatus::Cancelled;
  return d;
}

Decision GameAuthority::abort(std::int64_t moderator, const std::string& reason) const {
  if (protocol::closed(room_.status)) return Refusal{ErrorCode::GameOver, "the game is over already"};
  if (seat_of(moderator)) return Refusal{ErrorCode::Forbidden, "not in a game of your own"};
  Decision d = propose(EventKind::Aborted, moderator, std::nullopt, std::nullopt, {}, true);
  if (auto* p = std::get_if<Proposal>(&d)) {
    p->event.note = reason;
    p->change.status = RoomStatus::Cancelled;
    p->change.reason = kAborted;
  }
  return d;
}

Decision GameAuthority::adjudicate(std::int64_t moderator, const std::string& result, const std::string& reason) const {
  if (protocol::closed(room_.status)) return Refusal{ErrorCode::GameOver, "the game is over already"};
  if (room_.status == RoomStatus::Open) return Refusal{ErrorCode::NotStarted, "the game waits for a second player: abort it instead"};
  if (seat_of(moderator)) return Refusal{ErrorCode::Forbidden, "not in a game of your own"};
  engine::AnyGame next = game_;
  if (!next.adjudicate(winner_of(result)))
    return Refusal{ErrorCode::NoDraws, std::string(game_.info().title) + " has no draws"};
  Decision d = propose(EventKind::Adjudicated, moderator, std::nullopt, std::move(next), result, true);
  if (auto* p = std::get_if<Proposal>(&d)) p->event.note = reason;
  return d;
}

Decision GameAuthority::forfeit(std::int64_t player) const {
  auto seat = seat_of(player);
  if (!seat) return Refusal{ErrorCode::NotAPlayer, "no seat in this room"};
  if (protocol::closed(room_.status)) return Refusal{ErrorCode::GameOver, "the room is closed already"};
  Color color = *seat;
  std::optional<engine::AnyGame> next;
  if (room_.status != RoomStatus::Open) {
    next = game_;
    next->resign(color);
  }
  Decision d = propose(next ? EventKind::Resigned : EventKind::Cancelled, player, color, std::move(next), {}, true);
  if (auto* p = std::get_if<Proposal>(&d)) {
    p->event.note = kBanned;
    if (room_.status == RoomStatus::Open) p->change.status = RoomStatus::Cancelled;
  }
  return d;
}

void GameAuthority::commit(Proposal proposal) {
  if (proposal.next) game_ = std::move(*proposal.next);
  apply(proposal.event, proposal.name);
}

void GameAuthority::apply(const EventRecord& e, const std::string& name) {
  seq_ = e.seq;
  switch (e.kind) {
    case EventKind::Created:
    case EventKind::Joined:
      if (e.color) {
        seat_field(room_, *e.color) = e.player;
        name_field(room_, *e.color) = name;
      }
      if (e.kind == EventKind::Joined) room_.status = RoomStatus::Live;
      break;
    case EventKind::Cancelled:
      room_.status = RoomStatus::Cancelled;
      room_.finished_at = e.at;
      break;
    case EventKind::Aborted:
      room_.status = RoomStatus::Cancelled;
      room_.reason = kAborted;
      room_.finished_at = e.at;
      draw_offer_.reset();
      break;
    case EventKind::DrawOffered:
      draw_offer_ = e.color;
      if (e.color) last_draw_offer_ply_[engine::index(*e.color)] = game_.ply();
      break;
    case EventKind::Action:
    case EventKind::Adjudicated:
    case EventKind::DrawDeclined:
    case EventKind::DrawAgreed:
    case EventKind::Resigned:
      draw_offer_.reset();
      break;
  }
  room_.plies = game_.ply();
  auto result = game_.result();
  if (result.over && !protocol::closed(room_.status)) {
    room_.status = RoomStatus::Finished;
    room_.result = engine::result_token(result);
    room_.reason = std::string(result.reason);
    room_.finished_at = e.at;
  }
}

std::string replay_event(engine::AnyGame& game, const EventRecord& e) {
  switch (e.kind) {
    case protocol::EventKind::Action:
      return game.play(e.action);
    case protocol::EventKind::Resigned:
      if (!e.color) return "resignation without a colour";
      game.resign(*e.color);
      return {};
    case protocol::EventKind::DrawAgreed:
      return game.agree_draw() ? std::string() : "no draw is possible here";
    case protocol::EventKind::Adjudicated:
      if (e.action != "1-0" && e.action != "0-1" && e.action != "1/2-1/2") return "unknown result '" + e.action + "'";
      return game.adjudicate(winner_of(e.action)) ? std::string() : "the game cannot be adjudicated " + e.action;
    default:
      return {};
  }
}

}  // namespace arena
