#include "game/authority.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/replay.hpp"
#include "rating/perf.hpp"

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

constexpr const char* kAborted = "aborted";  // the room's reason when a game was aborted
constexpr const char* kBanned = "banned";    // the note of a banned player's resignation
constexpr const char* kNoFirstAction = "no_first_action";  // the note of the server's abort
constexpr const char* kPlayerGone = "player_gone";  // the note of a computer game's abort, its human gone
constexpr const char* kAbandoned = "abandoned";  // the note and the room's reason of an untimed game nobody played on
constexpr const char* kNoShow = "no_show";  // the note of a competition game's forfeit for not starting in time

// "1-0" → White, "0-1" → Black, anything else (a draw) → none.
std::optional<Color> winner_of(const std::string& result) {
  if (result == "1-0") return Color::White;
  if (result == "0-1") return Color::Black;
  return std::nullopt;
}

std::optional<std::int64_t>& seat_field(RoomRecord& r, Color c) { return c == Color::White ? r.white : r.black; }
std::string& name_field(RoomRecord& r, Color c) { return c == Color::White ? r.white_name : r.black_name; }
std::string& kind_field(RoomRecord& r, Color c) { return c == Color::White ? r.white_kind : r.black_kind; }

}  // namespace

GameAuthority::GameAuthority(RoomRecord room, engine::AnyGame game, Clock clock, AuthorityLimits limits)
    : room_(std::move(room)), game_(std::move(game)), now_(std::move(clock)), limits_(limits), clock_(room_.clock) {
  // Nobody is connected yet: the room tells who comes.
  std::int64_t now = now_();
  absent_since_ = {now, now};
}

std::optional<GameAuthority> GameAuthority::open(RoomRecord room, const PlayerInfo& creator, Color seat, Clock clock,
                                                 AuthorityLimits limits, EventRecord& first, std::string& error) {
  auto game = engine::AnyGame::create(room.options, error);
  if (!game) return std::nullopt;
  room.status = RoomStatus::Open;
  room.created_at = clock();
  if (auto problem = room.clock.check(); !problem.empty()) {
    error = "clock: " + problem;
    return std::nullopt;
  }
  seat_field(room, seat) = creator.id;
  name_field(room, seat) = creator.name;
  kind_field(room, seat) = creator.kind;
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
  // The seats show what a room in memory would: a rated game's after values,
  // else the stored ratings as of now (inactivity applied).
  RoomRecord& r = authority.room_;
  if (r.rating_change) {
    authority.rated(*r.rating_change);
  } else {
    std::int64_t now = authority.now_();
    if (r.white_rating) r.white_rating = r.white_rating->at(now);
    if (r.black_rating) r.black_rating = r.black_rating->at(now);
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
                                std::optional<engine::AnyGame> next, std::string action, bool closing, std::optional<std::int64_t> at) const {
  // A command that closes the room may take one event beyond the bound: a full
  // room can still be aborted, adjudicated or left by a banned player.
  if (seq_ >= limits_.max_events_per_room + (closing ? 1 : 0))
    return Refusal{ErrorCode::RoomLimit, "this room holds as many events as a room may"};
  Proposal p;
  p.event = EventRecord{seq_ + 1, kind, player, color, std::move(action), at ? *at : now_(), ""};
  if (next) p.change = change_after(*next);
  p.next = std::move(next);
  rate_if_rated(p);
  notify_if_correspondence(p);
  return p;
}

// A correspondence game's action that hands the decision to the other player:
// the intent of a `turn` notice goes with the event (RoomChange::notify). Only
// these games pay for it (one row); presence and mail settings are read later,
// by the mail service, never on the room's path.
void GameAuthority::notify_if_correspondence(Proposal& p) const {
  if (room_.clock.kind != protocol::TimeControl::Kind::Correspondence || room_.status != RoomStatus::Live) return;
  if (p.event.kind != EventKind::Action || !p.next || p.change.status) return;  // a game that ended tells nobody
  auto decider = p.next->decider();
  if (!decider) return;
  std::optional<std::int64_t> player = *decider == Color::White ? room_.white : room_.black;
  if (!player || *player == 0 || (p.event.player && *p.event.player == *player)) return;  // still the mover's decision
  p.change.notify = RoomChange::Notify{*player, "turn"};
}

// Rated: a rated room (accounts on both seats, a clock, no handicap: checked
// when it was created and joined) whose game finishes after both players acted.
void GameAuthority::rate_if_rated(Proposal& p) const {
  if (!room_.rated || p.change.status != RoomStatus::Finished || !room_.white || !room_.black) return;
  auto acted = acted_;
  if (p.event.kind == EventKind::Action && p.event.color) acted[engine::index(*p.event.color)] = true;
  if (!acted[0] || !acted[1]) return;
  const std::string& result = p.change.result;
  double white_score = result == "1-0" ? glicko2::kWin : result == "0-1" ? glicko2::kLoss : glicko2::kDraw;
  p.change.rate = RoomChange::Rate{perf_of(room_.options), *room_.white, *room_.black, white_score};
}

Decision GameAuthority::join(const PlayerInfo& player) const {
  if (seat_of(player.id)) return Seated{};
  if (room_.status == RoomStatus::Cancelled) return Refusal{ErrorCode::GameOver, "the room was cancelled"};
  if (room_.white && room_.black) return Refusal{ErrorCode::RoomFull, "both seats are taken"};
  if (reserved_for_ && *reserved_for_ != player.id) return Refusal{ErrorCode::RoomFull, "the seat is kept for a rematch"};
  if (room_.rated && !player.account) return Refusal{ErrorCode::Forbidden, "a rated game is for accounts: sign in to play it"};
  if (limits_.trust)
    if (auto refusal = limits_.trust->join_refusal(player, room_)) return *refusal;
  Color seat = room_.white ? Color::Black : Color::White;
  Decision d = propose(EventKind::Joined, player.id, seat, std::nullopt);
  if (auto* p = std::get_if<Proposal>(&d)) {
    (seat == Color::White ? p->change.white : p->change.black) = player.id;
    p->change.status = RoomStatus::Live;
    p->name = player.name;
    p->kind = player.kind;
  }
  return d;
}

std::optional<Refusal> GameAuthority::chat_refusal(const PlayerInfo& player) const {
  if (!limits_.trust) return std::nullopt;
  return limits_.trust->chat_refusal(player, room_);
}

Decision GameAuthority::play(const PlayerInfo& player, std::int64_t ply, const std::string& action, std::int64_t lag_ms) const {
  std::int64_t now = now_();
  if (clock_.flagged(now)) return Refusal{ErrorCode::GameOver, "the time is up"};  // the room stores the timeout first
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  Color color = std::get<Color>(seat);
  int current = game_.ply();
  if (ply != current) {
    if (ply < current) {
      const auto step = game_.steps(static_cast<int>(ply)).front();
      if (step.player == color && !step.automatic && same_text(step.action, action)) return Repeat{ply};
    }
    return Refusal{ErrorCode::StalePly, "the game is at ply " + std::to_string(current) + ", not " + std::to_string(ply)};
  }
  if (game_.decider() != color) return Refusal{ErrorCode::NotYourTurn, "the opponent must decide now"};
  engine::AnyGame next = game_;
  if (auto reason = next.play(action); !reason.empty()) return Refusal{ErrorCode::IllegalAction, reason};
  std::string canonical = next.steps(static_cast<int>(ply)).front().action;
  // One moment for the flag check above and the event: the clocks replay from it.
  Decision d = propose(EventKind::Action, player.id, color, std::move(next), std::move(canonical), false, now);
  if (auto* p = std::get_if<Proposal>(&d)) p->event.lag_ms = std::max<std::int64_t>(0, lag_ms);
  return d;
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

bool GameAuthority::takebacks_allowed() const {
  if (room_.competition) return false;  // never in ladders and events
  if (room_.rated && !limits_.rated_takebacks) return false;
  for (const std::string* kind : {&room_.white_kind, &room_.black_kind})
    if (*kind == "computer" || *kind == "bot") return false;  // nobody there to agree
  return true;
}

Decision GameAuthority::offer_takeback(const PlayerInfo& player) const {
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  Color color = std::get<Color>(seat);
  if (!takebacks_allowed()) return Refusal{ErrorCode::NoTakeback, "no takebacks in this game"};
  if (takeback_offer_ == color) return Repeat{};
  if (takeback_offer_) return Refusal{ErrorCode::NoTakeback, "your opponent asks for a takeback: answer it"};
  if (!engine::takeback_ply(game_, color)) return Refusal{ErrorCode::NoTakeback, "you have not moved yet"};
  if (last_takeback_ply_[engine::index(color)] == game_.ply())
    return Refusal{ErrorCode::NoTakeback, "one takeback request per move"};
  return propose(EventKind::TakebackOffered, player.id, color, std::nullopt);
}

Decision GameAuthority::answer_takeback(const PlayerInfo& player, bool accept) const {
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  Color color = std::get<Color>(seat);
  if (!takeback_offer_ || takeback_offer_ == color)
    return Refusal{ErrorCode::NoTakeback, "your opponent has not asked for a takeback"};
  if (!accept) return propose(EventKind::TakebackDeclined, player.id, color, std::nullopt);
  auto ply = engine::takeback_ply(game_, *takeback_offer_);
  std::optional<engine::AnyGame> back = ply ? engine::game_at_ply(game_, *ply) : std::nullopt;
  if (!back) return Refusal{ErrorCode::NoTakeback, "there is nothing to take back"};
  return propose(EventKind::TakebackAccepted, player.id, color, std::move(back), std::to_string(*ply));
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

Decision GameAuthority::abort_by_player(const PlayerInfo& player) const {
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  if (both_acted()) return Refusal{ErrorCode::NotAbortable, "both players have acted: resign instead"};
  if (room_.competition) return Refusal{ErrorCode::NotAbortable, "a ladder or event game cannot be aborted: resign instead"};
  Decision d = propose(EventKind::Aborted, player.id, std::get<Color>(seat), std::nullopt);
  if (auto* p = std::get_if<Proposal>(&d)) {
    p->change.status = RoomStatus::Cancelled;
    p->change.reason = kAborted;
  }
  return d;
}

Decision GameAuthority::abandon(bool abandoned, std::int64_t at) const {
  if (room_.status != RoomStatus::Live) return Refusal{ErrorCode::GameOver, "the game is not being played"};
  Decision d = propose(EventKind::Aborted, std::nullopt, std::nullopt, std::nullopt, {}, true, at);
  if (auto* p = std::get_if<Proposal>(&d)) {
    p->event.note = abandoned ? kAbandoned : kPlayerGone;
    p->change.status = RoomStatus::Cancelled;
    p->change.reason = abandoned ? kAbandoned : kAborted;
  }
  return d;
}

Decision GameAuthority::give_time(const PlayerInfo& player) const {
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  if (!room_.clock.live()) return Refusal{ErrorCode::NoLiveClock, "time is given only in games with a live clock"};
  const std::int64_t now = now_();
  // A fallen flag is a lost game, whatever comes after it (due() says so).
  if (clock_.flagged(now)) return Refusal{ErrorCode::GameOver, "a flag has fallen"};
  return propose(EventKind::TimeGiven, player.id, std::get<Color>(seat), std::nullopt, {}, false, now);
}

Decision GameAuthority::claim(const PlayerInfo& player, bool draw) const {
  if (draw && !game_.info().draws) return Refusal{ErrorCode::NoDraws, std::string(game_.info().title) + " has no draws"};
  auto seat = playing_seat(player);
  if (auto* refusal = std::get_if<Refusal>(&seat)) return *refusal;
  Color color = std::get<Color>(seat);
  std::int64_t now = now_();
  auto from = claim_at();
  if (!room_.clock.live()) return Refusal{ErrorCode::NoClaim, "only games with a live clock can be claimed"};
  if (!from || game_.decider() == color) return Refusal{ErrorCode::NoClaim, "your opponent is not gone"};
  if (now < *from)
    return Refusal{ErrorCode::NoClaim, "you may claim in " + std::to_string((*from - now + 999) / 1000) + " seconds"};
  engine::AnyGame next = game_;
  std::optional<Color> winner = draw ? std::nullopt : std::optional<Color>(color);
  if (!next.adjudicate(winner, engine::Verdict::Abandonment)) return Refusal{ErrorCode::NoDraws, "no draw is possible here"};
  std::string result = engine::result_token(next.result());
  return propose(EventKind::Claimed, player.id, color, std::move(next), std::move(result), false, now);
}

std::optional<std::int64_t> GameAuthority::first_action_due() const {
  if (!room_.clock.live() || room_.status != RoomStatus::Live || both_acted() || game_.result().over) return std::nullopt;
  // A competition game waits until its start deadline, and gives the second
  // player at least the usual time after the first one acted.
  if (room_.start_by > 0) return std::max(room_.start_by, acted_[0] || acted_[1] ? decision_since_ + limits_.first_action_ms : 0);
  return decision_since_ + limits_.first_action_ms;
}

void GameAuthority::resumed_after(std::int64_t served_until) {
  std::int64_t now = now_();
  // The server was alive until served_until and at the room's last event; a
  // clock only runs between events, so the credit never exceeds its run.
  std::int64_t credit = now - std::max(served_until, last_event_at_);
  bool running = room_.status == RoomStatus::Live && (clock_.running() || first_action_due());
  unserved_credit_ = running && credit > 0 ? credit : 0;
}

std::optional<std::int64_t> GameAuthority::deadline() const {
  if (protocol::closed(room_.status)) return std::nullopt;
  if (resume_pending()) return now_();
  if (auto flag = clock_.flag_at()) return flag;
  return first_action_due();
}

std::optional<std::int64_t> GameAuthority::clock_low_at(std::int64_t left_ms) const {
  if (protocol::closed(room_.status) || room_.clock.kind != protocol::TimeControl::Kind::Correspondence) return std::nullopt;
  auto flag = clock_.flag_at();
  if (!flag || *flag - left_ms <= clock_.running_since()) return std::nullopt;
  return *flag - left_ms;
}

std::optional<Decision> GameAuthority::due() const {
  if (protocol::closed(room_.status)) return std::nullopt;
  std::int64_t now = now_();
  // A restored room first gives back the time nobody served it: only then
  // can a flag be judged.
  if (resume_pending()) {
    Decision d = propose(EventKind::Resumed, std::nullopt, clock_.running(), std::nullopt);
    if (auto* p = std::get_if<Proposal>(&d)) p->event.lag_ms = unserved_credit_;
    return d;
  }
  // The flag fell at `flag`: the event says so, even when the server notices
  // later (it was down).
  if (auto flag = clock_.flag_at(); flag && now >= *flag) return lost_on_time(*clock_.running(), *flag, "");
  if (auto first = first_action_due(); first && now >= *first) {
    // A ladder or event game not started in time: whoever must act and has
    // not loses, as on time (a no-show counts as a time loss on a ladder).
    if (room_.competition && game_.decider()) return lost_on_time(*game_.decider(), *first, kNoShow);
    Decision d = propose(EventKind::Aborted, std::nullopt, std::nullopt, std::nullopt, {}, true, *first);
    if (auto* p = std::get_if<Proposal>(&d)) {
      p->event.note = kNoFirstAction;
      p->change.status = RoomStatus::Cancelled;
      p->change.reason = kAborted;
    }
    return d;
  }
  return std::nullopt;
}

Decision GameAuthority::lost_on_time(Color loser, std::int64_t at, const char* note) const {
  engine::AnyGame next = game_;
  next.adjudicate(engine::opponent(loser), engine::Verdict::Timeout);
  Decision d = propose(EventKind::Timeout, std::nullopt, loser, std::move(next), {}, true, at);
  if (auto* p = std::get_if<Proposal>(&d)) p->event.note = note;
  return d;
}

void GameAuthority::presence(Color color, bool connected, std::int64_t now) {
  auto& since = absent_since_[engine::index(color)];
  if (connected) since.reset();
  else if (!since) since = now;
}

std::optional<std::int64_t> GameAuthority::claim_at() const {
  if (!room_.clock.live() || !clock_started_ || room_.status != RoomStatus::Live) return std::nullopt;
  auto decider = game_.decider();
  if (!decider) return std::nullopt;
  const auto& since = absent_since_[engine::index(*decider)];
  if (!since) return std::nullopt;
  return std::max(*since, decision_since_) + limits_.claim_after_ms;
}

std::optional<protocol::Clocks> GameAuthority::clocks(std::int64_t now) const {
  if (!clock_.timed()) return std::nullopt;
  return protocol::Clocks{clock_.remaining(Color::White, now), clock_.remaining(Color::Black, now), clock_.running()};
}

bool GameAuthority::abortable() const { return room_.status == RoomStatus::Live && !both_acted() && !room_.competition; }

std::variant<Refusal, Color> GameAuthority::rematch_seat(std::int64_t player) const {
  auto seat = seat_of(player);
  if (!seat) return Refusal{ErrorCode::NotAPlayer, "you have no seat in this room"};
  if (!protocol::closed(room_.status)) return Refusal{ErrorCode::GameNotOver, "the game is still going"};
  if (!room_.white || !room_.black) return Refusal{ErrorCode::GameNotOver, "this room never had a game"};
  return *seat;
}

void GameAuthority::commit(Proposal proposal) {
  if (proposal.next) game_ = std::move(*proposal.next);
  apply(proposal.event, proposal.name);
  if (!proposal.kind.empty() && proposal.event.color) kind_field(room_, *proposal.event.color) = proposal.kind;
}

void GameAuthority::seat_rating(Color seat, const Rating& stored, std::int64_t at) {
  (seat == Color::White ? room_.white_rating : room_.black_rating) = stored.at(at);
}

bool GameAuthority::rename_seat(std::int64_t player, const std::string& name, const std::string& kind) {
  auto seat = seat_of(player);
  if (!seat || name.empty()) return false;
  std::string& current = name_field(room_, *seat);
  std::string& seat_kind = *seat == Color::White ? room_.white_kind : room_.black_kind;
  if (current == name && (kind.empty() || seat_kind == kind)) return false;
  current = name;
  if (!kind.empty()) seat_kind = kind;  // "" : not known here, the seat keeps what it had
  return true;
}

void GameAuthority::rated(const RatingChange& change) {
  room_.rating_change = change;
  room_.white_rating = change.after[0];
  room_.black_rating = change.after[1];
}

void GameAuthority::apply_clock(const EventRecord& e) {
  std::optional<Color> decider = game_.decider();
  switch (e.kind) {
    case EventKind::Joined:
      decision_since_ = e.at;
      if (room_.clock.kind == TimeControl::Kind::Correspondence && decider) {
        clock_.start(*decider, e.at);
        clock_started_ = true;
      }
      break;
    case EventKind::Action:
      decision_since_ = e.at;
      if (e.color) acted_[engine::index(*e.color)] = true;
      if (clock_started_ && e.color) {
        // The actor's part of a turn is over when the next decision is the
        // other player's, or begins a new turn (a GIPF removal decided in the
        // opponent's turn, followed by the remover's own turn).
        bool completes_part = decider != e.color || game_.turns() != turns_before_;
        clock_.act(*e.color, e.at, e.lag_ms, completes_part, decider);
      } else if (room_.clock.live() && both_acted() && decider) {
        clock_.start(*decider, e.at);  // both have made their first action: the clocks run
        clock_started_ = true;
      }
      if (!decider) clock_.stop(e.at);
      break;
    case EventKind::Resumed:
      // Nobody served the room for lag_ms: not the decider's time. The
      // first-action deadline moves with it.
      clock_.credit(e.lag_ms);
      decision_since_ += e.lag_ms;
      // A ladder's or event's game not started yet: its start deadline too
      // (in memory only: replaying this event moves it again).
      if (room_.start_by > 0 && !both_acted()) room_.start_by += e.lag_ms;
      break;
    case EventKind::TimeGiven:  // the giver's opponent gains the time, their clock running or not
      if (e.color) clock_.give(engine::opponent(*e.color), protocol::kGiveTimeMs);
      break;
    case EventKind::TakebackAccepted:  // the decision went back: its player's clock runs from now
      decision_since_ = e.at;
      if (clock_started_ && decider) clock_.switch_to(*decider, e.at);
      break;
    case EventKind::TakebackOffered:
    case EventKind::TakebackDeclined:
      break;
    case EventKind::Created:
    case EventKind::DrawOffered:
    case EventKind::DrawDeclined:
      break;
    default:  // the game ended
      clock_.stop(e.at);
      break;
  }
  turns_before_ = game_.turns();
}

void GameAuthority::apply(const EventRecord& e, const std::string& name) {
  seq_ = e.seq;
  last_event_at_ = e.at;
  // Whatever is stored first after a restore settles the credit: the
  // Resumed event itself, or (its write having failed) an event that now
  // counts from a served room.
  unserved_credit_ = 0;
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
      room_.reason = e.note == kAbandoned && !e.player ? kAbandoned : kAborted;  // a moderator's note is theirs
      room_.finished_at = e.at;
      draw_offer_.reset();
      break;
    case EventKind::DrawOffered:
      draw_offer_ = e.color;
      if (e.color) last_draw_offer_ply_[engine::index(*e.color)] = game_.ply();
      break;
    case EventKind::Resumed:  // the clocks' business alone (apply_clock)
    case EventKind::TimeGiven:
      break;
    case EventKind::TakebackOffered:
      takeback_offer_ = e.color;
      if (e.color) last_takeback_ply_[engine::index(*e.color)] = game_.ply();
      break;
    case EventKind::TakebackDeclined:
      takeback_offer_.reset();
      break;
    case EventKind::TakebackAccepted:  // the game is `next` already: the turn's start (the request ends below)
      draw_offer_.reset();
      break;
    case EventKind::Action:
    case EventKind::Adjudicated:
    case EventKind::DrawDeclined:
    case EventKind::DrawAgreed:
    case EventKind::Resigned:
    case EventKind::Timeout:
    case EventKind::Claimed:
      draw_offer_.reset();
      break;
  }
  apply_clock(e);
  room_.plies = game_.ply();
  auto result = game_.result();
  if (result.over && !protocol::closed(room_.status)) {
    room_.status = RoomStatus::Finished;
    room_.result = engine::result_token(result);
    room_.reason = std::string(result.reason);
    room_.finished_at = e.at;
  }
  // A takeback request stands for the position it was asked in, while the
  // game is played: a move (or the takeback itself) and any ending end it.
  if (takeback_offer_ && (game_.ply() != last_takeback_ply_[engine::index(*takeback_offer_)] || room_.status != RoomStatus::Live))
    takeback_offer_.reset();
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
    case protocol::EventKind::Claimed: {
      if (e.action != "1-0" && e.action != "0-1" && e.action != "1/2-1/2") return "unknown result '" + e.action + "'";
      auto verdict = e.kind == protocol::EventKind::Claimed ? engine::Verdict::Abandonment : engine::Verdict::Adjudication;
      return game.adjudicate(winner_of(e.action), verdict) ? std::string() : "the game cannot be adjudicated " + e.action;
    }
    case protocol::EventKind::TakebackAccepted: {
      int ply = -1;
      auto [end, ec] = std::from_chars(e.action.data(), e.action.data() + e.action.size(), ply);
      if (ec != std::errc() || end != e.action.data() + e.action.size()) return "a takeback without its ply";
      auto back = engine::game_at_ply(game, ply);
      if (!back) return "no turn starts at ply " + e.action;
      game = std::move(*back);
      return {};
    }
    case protocol::EventKind::Timeout:
      if (!e.color) return "a timeout without a colour";
      return game.adjudicate(engine::opponent(*e.color), engine::Verdict::Timeout) ? std::string() : "the game is over already";
    default:
      return {};
  }
}

}  // namespace arena
