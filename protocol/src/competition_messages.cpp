#include "protocol/competition_messages.hpp"

#include <limits>

#include "body_fields.hpp"
#include "protocol/messages.hpp"         // parse_time_control
#include "protocol/server_messages.hpp"  // clock_json

namespace protocol {
namespace {

// `clock` as create_room takes it; absent or null: the default (these games are rated, never untimed).
std::variant<TimeControl, BodyError> clock_field(const Json& j) {
  auto it = j.find("clock");
  if (it == j.end() || it->is_null()) return default_competition_clock();
  auto parsed = parse_time_control(*it);
  if (auto* problem = std::get_if<std::string>(&parsed)) return BodyError{"bad_field", *problem};
  return std::get<TimeControl>(parsed);
}

std::variant<bool, BodyError> bool_field(const Json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end()) return false;
  if (!it->is_boolean()) return BodyError{"bad_field", std::string("'") + name + "' must be true or false"};
  return it->get<bool>();
}

std::variant<std::string, BodyError> username_field(const Json& j, const char* name) {
  auto text = text_field(j, name);
  if (auto* e = std::get_if<BodyError>(&text)) return *e;
  if (!valid_username(std::get<std::string>(text)))
    return BodyError{"bad_field", std::string("'") + name + "' must be a username"};
  return text;
}

Json optional_text(const std::optional<std::string>& s) { return s ? Json(*s) : Json(nullptr); }

}  // namespace

TimeControl default_competition_clock() {
  TimeControl t;
  t.kind = TimeControl::Kind::Correspondence;
  t.days_per_move = 3;
  return t;
}

Parsed<LadderCreate> parse_ladder_create(std::string_view body) {
  TAKE(j, object_of(body, {"name", "game", "variant", "clock", "answer_hours", "bots"}));
  TAKE(name, line_field(j, "name", kMaxCompetitionName));
  TAKE(game, text_field(j, "game"));
  TAKE(variant, text_field(j, "variant"));
  TAKE(clock, clock_field(j));
  TAKE(answer_hours, integer_field(j, "answer_hours", 0, kMaxAnswerHours, kDefaultAnswerHours));
  TAKE(bots, bool_field(j, "bots"));
  return LadderCreate{std::move(name), std::move(game), std::move(variant), clock, static_cast<int>(answer_hours), bots};
}

Parsed<ScheduleRequest> parse_schedule(std::string_view body) {
  TAKE(j, object_of(body, {"start_at"}));
  TAKE(start_at, integer_field(j, "start_at", 1, std::numeric_limits<std::int64_t>::max(), std::nullopt));
  return ScheduleRequest{start_at};
}

Parsed<LadderPatch> parse_ladder_patch(std::string_view body) {
  TAKE(j, object_of(body, {"name", "clock", "status", "answer_hours", "bots"}));
  LadderPatch patch;
  if (j.contains("name")) {
    TAKE(name, line_field(j, "name", kMaxCompetitionName));
    patch.name = std::move(name);
  }
  if (j.contains("clock")) {
    TAKE(clock, clock_field(j));
    patch.clock = clock;
  }
  if (j.contains("answer_hours")) {
    TAKE(hours, integer_field(j, "answer_hours", 0, kMaxAnswerHours, std::nullopt));
    patch.answer_hours = static_cast<int>(hours);
  }
  if (j.contains("bots")) {
    TAKE(bots, bool_field(j, "bots"));
    patch.bots = bots;
  }
  if (j.contains("status")) {
    TAKE(status, text_field(j, "status"));
    if (status != "open" && status != "paused" && status != "closed")
      return BodyError{"bad_field", "'status' must be open, paused or closed"};
    patch.status = std::move(status);
  }
  return patch;
}

Parsed<SeedRequest> parse_seed(std::string_view body) {
  TAKE(j, object_of(body, {"order"}));
  auto it = j.find("order");
  if (it == j.end() || !it->is_array()) return BodyError{"bad_field", "'order' must be a list of usernames"};
  SeedRequest seed;
  for (const auto& name : *it) {
    if (!name.is_string() || !valid_username(name.get<std::string>()))
      return BodyError{"bad_field", "'order' must be a list of usernames"};
    seed.order.push_back(name.get<std::string>());
  }
  return seed;
}

Parsed<UsernameRequest> parse_username_request(std::string_view body) {
  TAKE(j, object_of(body, {"username"}));
  TAKE(username, username_field(j, "username"));
  return UsernameRequest{std::move(username)};
}

Parsed<ChallengeRequest> parse_challenge(std::string_view body) {
  TAKE(j, object_of(body, {"defender"}));
  TAKE(defender, username_field(j, "defender"));
  return ChallengeRequest{std::move(defender)};
}

Parsed<ResultRequest> parse_result(std::string_view body) {
  TAKE(j, object_of(body, {"room", "result", "reason"}));
  TAKE(room, text_field(j, "room"));
  TAKE(result, text_field(j, "result"));
  if (result != "1-0" && result != "0-1" && result != "1/2-1/2")
    return BodyError{"bad_field", "'result' must be 1-0, 0-1 or 1/2-1/2"};
  TAKE(reason, reason_field(j));
  return ResultRequest{std::move(room), std::move(result), std::move(reason)};
}

Parsed<EventCreate> parse_event_create(std::string_view body) {
  TAKE(j, object_of(body, {"name", "kind", "game", "variant", "clock", "rounds", "cycles", "start_at", "auto_pair",
                           "start_minutes", "bots"}));
  EventCreate e;
  TAKE(name, line_field(j, "name", kMaxCompetitionName));
  TAKE(kind, text_field(j, "kind"));
  if (kind != "round-robin" && kind != "swiss") return BodyError{"bad_field", "'kind' must be round-robin or swiss"};
  TAKE(game, text_field(j, "game"));
  TAKE(variant, text_field(j, "variant"));
  TAKE(clock, clock_field(j));
  TAKE(rounds, integer_field(j, "rounds", 1, kMaxSwissRounds, 0));
  if (kind == "swiss" && rounds == 0) return BodyError{"bad_field", "a Swiss event needs 'rounds' (1 to 30)"};
  if (kind != "swiss" && j.contains("rounds")) return BodyError{"bad_field", "a round robin's rounds follow from its players"};
  TAKE(cycles, integer_field(j, "cycles", 1, 2, 1));
  if (kind == "swiss" && j.contains("cycles")) return BodyError{"bad_field", "'cycles' is for round robins"};
  TAKE(start_at, integer_field(j, "start_at", 0, std::int64_t{1} << 50, 0));
  TAKE(auto_pair, bool_field(j, "auto_pair"));
  TAKE(start_minutes, integer_field(j, "start_minutes", 1, kMaxStartMinutes, kDefaultStartMinutes));
  TAKE(bots, bool_field(j, "bots"));
  e.bots = bots;
  e.name = std::move(name);
  e.kind = std::move(kind);
  e.game = std::move(game);
  e.variant = std::move(variant);
  e.clock = clock;
  e.rounds = static_cast<int>(rounds);
  e.cycles = static_cast<int>(cycles);
  e.start_at = start_at;
  e.auto_pair = auto_pair;
  e.start_minutes = static_cast<int>(start_minutes);
  return e;
}

Json to_json(const LadderView& m) {
  return {{"id", m.id},         {"name", m.name},     {"game", m.game},       {"variant", m.variant},
          {"clock", clock_json(m.clock)}, {"status", m.status}, {"players", m.players}, {"created_at", m.created_at},
          {"answer_hours", m.answer_hours}, {"bots", m.bots}};
}

Json to_json(const LadderStandingView& m) {
  return {{"position", m.position}, {"username", m.username}, {"rating", m.rating}, {"provisional", m.provisional},
          {"status", m.status},     {"open_challenges", m.open_challenges}, {"last_game_at", m.last_game_at}};
}

Json to_json(const ChallengeView& m) {
  return {{"id", m.id},       {"room", m.room},   {"challenger", m.challenger}, {"defender", m.defender},
          {"white", m.white}, {"black", m.black}, {"created_at", m.created_at}, {"finished_at", m.finished_at},
          {"outcome", m.outcome}, {"reason", m.reason}, {"state", m.state},
          {"answer_by", m.answer_by ? Json(m.answer_by) : Json(nullptr)}, {"start_at", m.start_at ? Json(m.start_at) : Json(nullptr)},
          {"decline_forfeits", m.decline_forfeits}};
}

Json to_json(const LadderPage& m) {
  Json standings = Json::array(), challenges = Json::array(), games = Json::array();
  for (const auto& s : m.standings) standings.push_back(to_json(s));
  for (const auto& c : m.challenges) challenges.push_back(to_json(c));
  for (const auto& g : m.games) games.push_back(to_json(g));
  Json me = nullptr;
  if (m.me) me = {{"position", m.me->position ? Json(*m.me->position) : Json(nullptr)}, {"may_challenge", m.me->may_challenge}};
  return {{"ladder", to_json(m.ladder)}, {"standings", std::move(standings)}, {"challenges", std::move(challenges)},
          {"games", std::move(games)},   {"me", std::move(me)}};
}

Json to_json(const EventView& m) {
  return {{"id", m.id},
          {"name", m.name},
          {"kind", m.kind},
          {"game", m.game},
          {"variant", m.variant},
          {"clock", clock_json(m.clock)},
          {"rounds", m.rounds},
          {"cycles", m.cycles},
          {"status", m.status},
          {"start_at", m.start_at},
          {"auto_pair", m.auto_pair},
          {"start_minutes", m.start_minutes},
          {"current_round", m.current_round},
          {"players", m.players},
          {"created_at", m.created_at},
          {"bots", m.bots}};
}

Json to_json(const EventPage& m) {
  Json standings = Json::array(), rounds = Json::array();
  for (const auto& s : m.standings)
    standings.push_back({{"rank", s.rank}, {"number", s.number}, {"username", s.username}, {"rating", s.rating},
                         {"score", s.score}, {"sonneborn_berger", s.sonneborn_berger}, {"buchholz", s.buchholz},
                         {"withdrawn", s.withdrawn}, {"provisional", s.provisional}});
  for (const auto& r : m.rounds) {
    Json pairings = Json::array();
    for (const auto& p : r.pairings)
      pairings.push_back({{"board", p.board}, {"white", p.white}, {"black", optional_text(p.black)},
                          {"room", optional_text(p.room)}, {"result", p.result}, {"reason", p.reason}});
    rounds.push_back({{"round", r.round}, {"pairings", std::move(pairings)}});
  }
  Json me = m.registered ? Json{{"registered", *m.registered}} : Json(nullptr);
  return {{"event", to_json(m.event)}, {"standings", std::move(standings)}, {"rounds", std::move(rounds)}, {"me", std::move(me)}};
}

Json to_json(const PairingMessage& m) {
  return {{"type", "pairing"},
          {"room", m.room},
          {"color", m.color},
          {"opponent", m.opponent},
          {"source", {{"kind", m.kind}, {"id", m.id}, {"name", m.name}, {"round", m.round ? Json(*m.round) : Json(nullptr)}}}};
}

}  // namespace protocol
