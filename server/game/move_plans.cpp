#include "game/move_plans.hpp"

namespace arena {

using engine::Color;

std::vector<std::string> split_turn(const std::string& turn) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= turn.size()) {
    std::size_t end = turn.find(';', start);
    if (end == std::string::npos) end = turn.size();
    std::string part = turn.substr(start, end - start);
    while (!part.empty() && part.front() == ' ') part.erase(part.begin());
    while (!part.empty() && part.back() == ' ') part.pop_back();
    if (!part.empty()) out.push_back(std::move(part));
    start = end + 1;
  }
  return out;
}

namespace {

// Plays one whole turn of `who` (the actions of `turn`) on `game`; the reason
// it cannot be, or empty. `canonical` receives the turn in the engine's notation.
std::string play_turn(engine::AnyGame& game, Color who, const std::string& turn, std::string& canonical) {
  auto actions = split_turn(turn);
  if (actions.empty()) return "it names no action";
  canonical.clear();
  for (const std::string& action : actions) {
    if (game.decider() != who) return "'" + action + "' is not theirs to play there";
    int before = game.ply();
    if (auto reason = game.play(action); !reason.empty()) return "'" + action + "': " + reason;
    canonical += (canonical.empty() ? "" : ";") + game.steps(before).front().action;
  }
  return {};
}

}  // namespace

bool MovePlans::empty() const {
  for (const Seat& s : seats_)
    if (s.premove || !s.line.empty() || !s.playing.empty()) return false;
  return true;
}

std::string MovePlans::check_line(const engine::AnyGame& game, Color seat, const std::vector<std::string>& line,
                                  std::vector<std::string>& canonical) {
  canonical.clear();
  if (line.size() % 2 != 0) return "the line must hold pairs: their turn, then yours";
  Color them = engine::opponent(seat);
  if (game.decider() != them) return "the decision is yours now: play it, then set the line";
  engine::AnyGame g = game;
  for (std::size_t i = 0; i < line.size(); i += 2) {
    std::string entry = std::to_string(i + 1);
    std::string theirs, ours;
    if (auto reason = play_turn(g, them, line[i], theirs); !reason.empty()) return "entry " + entry + ": " + reason;
    if (g.result().over) return "entry " + entry + " ends the game: there is nothing to answer";
    if (g.decider() != seat) return "entry " + entry + " does not end their turn";
    entry = std::to_string(i + 2);
    if (auto reason = play_turn(g, seat, line[i + 1], ours); !reason.empty()) return "entry " + entry + ": " + reason;
    if (g.result().over) {
      if (i + 2 != line.size()) return "entry " + entry + " ends the game: nothing may follow it";
    } else if (g.decider() != them) {
      return "entry " + entry + " does not end your turn";
    }
    canonical.push_back(std::move(theirs));
    canonical.push_back(std::move(ours));
  }
  return {};
}

void MovePlans::set_line(Color c, std::vector<std::string> line, int from_ply) {
  Seat& s = seats_[engine::index(c)];
  s.line = std::move(line);
  s.from_ply = from_ply;
  s.playing.clear();
}

void MovePlans::restore(const ConditionalRecord& record) { set_line(record.seat, record.line, record.from_ply); }

ConditionalRecord MovePlans::record(Color c, std::int64_t at) const {
  const Seat& s = seat(c);
  return ConditionalRecord{c, s.from_ply, s.line, at};
}

std::vector<Color> MovePlans::clear() {
  std::vector<Color> stored;
  for (Color c : {Color::White, Color::Black}) {
    Seat& s = seats_[engine::index(c)];
    if (!s.line.empty()) stored.push_back(c);
    s = Seat{};
  }
  return stored;
}

void MovePlans::abandon_reply(Color c) {
  Seat& s = seats_[engine::index(c)];
  s.playing.clear();
  s.line.clear();
}

std::optional<MovePlans::Due> MovePlans::due(const engine::AnyGame& game) {
  auto decider = game.decider();
  if (!decider) return std::nullopt;
  Seat& s = seats_[engine::index(*decider)];
  Due d;
  d.seat = *decider;
  if (!s.playing.empty()) {  // a matched reply, action by action
    d.play = s.playing.front();
    s.playing.erase(s.playing.begin());
    return d;
  }
  if (s.premove) {
    d.play = std::move(*s.premove);
    d.premove = true;
    s.premove.reset();
    return d;
  }
  if (s.line.empty()) return std::nullopt;
  if (game.ply() < s.from_ply) {  // a takeback went back past the line
    d.dropped = s.line.front();
    d.reason = "the game went back before the line was set";
    s.line.clear();
    d.line_changed = true;
    return d;
  }
  // The opponent's chosen actions since this seat's own last one (and since the line was set).
  std::string theirs;
  for (const auto& step : game.steps(s.from_ply)) {
    if (step.automatic) continue;
    if (step.player == *decider) {
      theirs.clear();
      continue;
    }
    theirs += (theirs.empty() ? "" : ";") + step.action;
  }
  if (theirs.empty()) return std::nullopt;  // the seat is in the middle of its own turn
  d.line_changed = true;
  if (theirs != s.line.front()) {
    d.dropped = s.line.front();
    d.reason = "they played " + theirs;
    s.line.clear();
    return d;
  }
  s.playing = split_turn(s.line[1]);
  s.line.erase(s.line.begin(), s.line.begin() + 2);
  s.from_ply = game.ply();
  d.play = s.playing.front();
  s.playing.erase(s.playing.begin());
  return d;
}

}  // namespace arena
