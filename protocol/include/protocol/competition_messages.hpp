#pragma once
// Ladders and events over HTTP and the `pairing` message (PROTOCOL.md,
// Ladders and events): the request bodies, parsed with precise errors, and
// the views the server fills.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/account_messages.hpp"  // BodyError, Parsed
#include "protocol/time_control.hpp"

namespace protocol {

using Json = nlohmann::json;

inline constexpr std::size_t kMaxCompetitionName = 60;  // characters of a ladder's or event's name
inline constexpr int kMaxSwissRounds = 30;
inline constexpr int kMaxStartMinutes = 10080;  // a week
inline constexpr int kDefaultStartMinutes = 10;

// The default clock of ladders and events: correspondence, 3 days per move.
TimeControl default_competition_clock();

// How long a ladder's challenge waits for the defender's answer (accept,
// decline or a time) unless the ladder says otherwise (#43): hours; 0 means
// the game starts at once.
inline constexpr int kDefaultAnswerHours = 48;
inline constexpr int kMaxAnswerHours = 336;  // two weeks

struct LadderCreate {
  std::string name, game, variant;
  TimeControl clock;
  int answer_hours = kDefaultAnswerHours;
  bool bots = false;  // bot accounts may join (#45)
};
struct LadderPatch {
  std::optional<std::string> name;
  std::optional<TimeControl> clock;
  std::optional<int> answer_hours;
  std::optional<bool> bots;
  std::optional<std::string> status;  // open, paused, closed
};
struct SeedRequest {
  std::vector<std::string> order;
};
struct UsernameRequest {
  std::string username;
};
struct ChallengeRequest {
  std::string defender;
};
struct ScheduleRequest {  // a defender's time for a challenge's game (#43)
  std::int64_t start_at = 0;  // ms since the epoch
};
struct ResultRequest {
  std::string room, result, reason;
};
struct EventCreate {
  std::string name, kind, game, variant;
  TimeControl clock;
  int rounds = 0;  // swiss
  int cycles = 1;  // round robin
  std::int64_t start_at = 0;
  bool auto_pair = false;
  int start_minutes = kDefaultStartMinutes;
  bool bots = false;  // bot accounts may register (#45)
};

Parsed<LadderCreate> parse_ladder_create(std::string_view body);
Parsed<LadderPatch> parse_ladder_patch(std::string_view body);
Parsed<SeedRequest> parse_seed(std::string_view body);
Parsed<UsernameRequest> parse_username_request(std::string_view body);
Parsed<ChallengeRequest> parse_challenge(std::string_view body);
Parsed<ScheduleRequest> parse_schedule(std::string_view body);
Parsed<ResultRequest> parse_result(std::string_view body);
Parsed<EventCreate> parse_event_create(std::string_view body);

// ---- views ----

struct LadderView {
  std::int64_t id = 0;
  std::string name, game, variant;
  TimeControl clock;
  std::string status;
  std::int64_t players = 0, created_at = 0;
  int answer_hours = 0;
  bool bots = false;
};
struct LadderStandingView {
  int position = 0;
  std::string username;
  double rating = 0;
  bool provisional = true;
  std::string status;  // active, inactive
  int open_challenges = 0;
  std::int64_t last_game_at = 0;
};
struct ChallengeView {
  std::int64_t id = 0;
  std::string room, challenger, defender, white, black;
  std::int64_t created_at = 0, finished_at = 0;
  std::string outcome, reason;
  std::string state = "playing";           // proposed, scheduled, playing (#43)
  std::int64_t answer_by = 0, start_at = 0;  // proposed: the answer's deadline; scheduled: the game's time
  bool decline_forfeits = false;           // proposed: declining now costs the defender the game
};
struct LadderMe {
  std::optional<int> position;
  std::vector<std::string> may_challenge;
};
struct LadderPage {
  LadderView ladder;
  std::vector<LadderStandingView> standings;
  std::vector<ChallengeView> challenges, games;
  std::optional<LadderMe> me;
};

struct EventView {
  std::int64_t id = 0;
  std::string name, kind, game, variant;
  TimeControl clock;
  int rounds = 0, cycles = 1;
  std::string status;
  std::int64_t start_at = 0;
  bool auto_pair = false;
  int start_minutes = 0, current_round = 0;
  std::int64_t players = 0, created_at = 0;
  bool bots = false;
};
struct EventStandingView {
  int rank = 0, number = 0;
  std::string username;
  double rating = 0, score = 0, sonneborn_berger = 0, buchholz = 0;
  bool withdrawn = false;
  bool provisional = true;  // the player's rating in the event's perf is provisional (as stored now)
};
struct PairingView {
  int board = 0;
  std::string white;
  std::optional<std::string> black, room;
  std::string result, reason;
};
struct RoundView {
  int round = 0;
  std::vector<PairingView> pairings;
};
struct EventPage {
  EventView event;
  std::vector<EventStandingView> standings;
  std::vector<RoundView> rounds;
  std::optional<bool> registered;  // `me`: with a session
};

// The `pairing` message: a ladder or event game was created for the recipient.
struct PairingMessage {
  std::string room, color, opponent;
  std::string kind;  // ladder, event
  std::int64_t id = 0;
  std::string name;
  std::optional<int> round;
};

Json to_json(const LadderView& m);
Json to_json(const LadderStandingView& m);
Json to_json(const ChallengeView& m);
Json to_json(const LadderPage& m);
Json to_json(const EventView& m);
Json to_json(const EventPage& m);
Json to_json(const PairingMessage& m);

}  // namespace protocol
