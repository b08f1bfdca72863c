#pragma once
// Ladders and events (#14) in the store. In code an event is a "tournament":
// "event" already names a room's stored events. Every write runs in one
// transaction and applies the pure rules of competition/ there, so a
// challenge's checks and its row, or a round's pairing and its rows, cannot
// race another request. Refusals are answers (Outcome::code), never errors:
// a refused write changed nothing. Results move standings in the transaction
// of the room's last event (GameLog::append), not here.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "competition/ladder_rules.hpp"
#include "engine/game_options.hpp"
#include "protocol/time_control.hpp"
#include "rating/glicko2.hpp"
#include "domain/outcome.hpp"
#include "game/room_records.hpp"  // CompetitionGame
#include "domain/store_basics.hpp"

namespace arena {

inline constexpr int kMaxLadders = 200;            // ladders that may exist
inline constexpr int kMaxLadderPlayers = 500;      // players on one ladder
inline constexpr int kMaxTournaments = 1000;       // events that may exist
inline constexpr int kRecentLadderGames = 50;      // finished challenges a ladder's page shows
inline constexpr std::int64_t kLadderStartMinutes = 1440;  // a live-clock ladder game must start within a day

struct LadderRecord {
  std::int64_t id = 0;
  std::string name;
  engine::GameOptions options;  // game and variant (no handicap)
  protocol::TimeControl clock;
  ladder::LadderStatus status = ladder::LadderStatus::open;
  std::int64_t created_at = 0;
  std::int64_t players = 0;  // on the ladder (when read)
  int answer_hours = 0;      // how long a challenge waits for its answer; 0: its game starts at once (#43)
  bool bots = false;         // bot accounts may join (an admin's choice, #45)
};

struct LadderStanding {
  ladder::LadderPlayer player;  // `account` holds the player id (rooms' identity)
  std::string username;
  Rating rating;                // in the ladder's perf, as stored
};

struct ChallengeRecord {
  std::int64_t id = 0, ladder = 0;
  std::string ladder_name;
  std::int64_t challenger = 0, defender = 0, white = 0, black = 0;  // player ids
  std::string challenger_name, defender_name;
  std::string room;
  std::int64_t created_at = 0, finished_at = 0;
  bool open = true;
  std::string outcome;  // challenger, defender, draw, aborted; "" while open
  std::string reason;   // the room's, or declined, no_answer, withdrawn (#43)
  // proposed: waiting for the defender's answer until answer_by; scheduled:
  // its room is made at start_at; playing: its room exists (or existed).
  std::string state = "playing";
  std::int64_t answer_by = 0, start_at = 0;
  bool decline_forfeits = false;  // proposed: a decline now would cost the defender the game
};

// What a challenge (or its answer) did: the challenge after it, and the game
// to create now (none: it waits for an answer or its time, or it ended).
struct ChallengeMade {
  ChallengeRecord challenge;
  std::optional<CompetitionGame> game;
};

// The defender's answer to a proposed challenge, or the challenger's
// withdrawal of a challenge not yet playing (#43).
struct ChallengeAnswer {
  enum class Kind { accept, decline, schedule, withdraw };
  std::int64_t ladder = 0;
  std::int64_t challenge = 0;
  std::int64_t player = 0;  // who answers (a player id)
  Kind kind = Kind::accept;
  std::int64_t start_at = 0;  // schedule: when
  std::int64_t now = 0;
};

// What a sweep found due (#43): the scheduled games to create now, and the
// challenges that ended unanswered (counted as the challenger's wins).
struct DueChallenges {
  std::vector<CompetitionGame> start;
  std::vector<ChallengeRecord> unanswered;
};

struct LadderDetail {
  LadderRecord ladder;
  std::vector<LadderStanding> standings;     // position order, activity not yet applied
  std::vector<ChallengeRecord> open;         // open challenges, oldest first
  std::vector<ChallengeRecord> recent;       // the newest finished ones
  std::vector<ladder::Challenge> rules_view; // open ones and those of the cooldown window (check_challenge's input)
};

struct LadderEdit {
  std::optional<std::string> name;
  std::optional<protocol::TimeControl> clock;
  std::optional<int> answer_hours;
  std::optional<bool> bots;  // later joins only: bots already on the ladder stay
  std::optional<ladder::LadderStatus> status;
  AuditEntry audit;
};

struct RosterChange {
  enum class Kind { join, add, remove, reinstate, seed };
  Kind kind = Kind::join;
  std::int64_t player = 0;              // join: the player id
  std::string username;                 // add, remove, reinstate
  std::vector<std::string> order;       // seed
  std::optional<AuditEntry> audit;      // the admin commands
};

struct NewChallenge {
  std::int64_t ladder = 0;
  std::int64_t challenger = 0;  // player id
  std::string defender;         // username
  std::string room;             // the id its room gets
  bool challenger_white = false;
  std::int64_t now = 0;
};

// ---- events ------------------------------------------------------------------

struct TournamentRecord {
  std::int64_t id = 0;
  std::string name;
  std::string kind;  // round-robin, swiss
  engine::GameOptions options;
  protocol::TimeControl clock;
  int rounds = 0;
  int cycles = 1;
  std::string status = "registering";  // registering, running, finished, closed
  std::int64_t start_at = 0;
  bool auto_pair = false;
  int start_minutes = 10;
  int current_round = 0;
  std::int64_t created_at = 0;
  std::int64_t players = 0;  // registered (when read)
  bool bots = false;         // bot accounts may register (an admin's choice, #45)
};

struct TournamentPlayer {
  std::int64_t player = 0;
  std::string username;
  int number = 0;       // start number from the start on, else 0
  double rating = 0;    // at the start; before it, the current rating as stored
  bool withdrawn = false;
  double rd = 350;      // the stored rating's RD now (provisional at 110 and above)
};

struct TournamentPairing {
  int round = 0, board = 0;
  std::int64_t white = 0;
  std::optional<std::int64_t> black;  // none: a bye
  std::string room;                   // "" : no game
  std::string result, reason;
};

struct TournamentDetail {
  TournamentRecord tournament;
  std::vector<TournamentPlayer> players;    // by start number (registration order before the start)
  std::vector<TournamentPairing> pairings;  // by round, board
};

struct TournamentCommand {
  enum class Kind { start, next_round, withdraw, close, result };
  Kind kind = Kind::start;
  std::string username;              // withdraw
  std::string room, result, reason;  // result (a room closed without a result)
  AuditEntry audit;
  std::int64_t now = 0;
};

// What a command or a finished game did to an event: the event after it, and
// the games of a round it paired.
struct TournamentProgress {
  TournamentRecord tournament;
  std::vector<CompetitionGame> games;
};

using RoomIds = std::function<std::string()>;  // a fresh room id each call (any thread)

class CompetitionStore {
 public:
  virtual ~CompetitionStore() = default;
  // ---- ladders
  virtual void create_ladder(LadderRecord ladder, AuditEntry audit, StoreExecutor ex,
                             StoreReply<Outcome<LadderRecord>> reply) = 0;
  virtual void edit_ladder(std::int64_t id, LadderEdit edit, StoreExecutor ex, StoreReply<Outcome<LadderRecord>> reply) = 0;
  virtual void ladders(StoreExecutor ex, StoreReply<std::vector<LadderRecord>> reply) = 0;
  virtual void ladder(std::int64_t id, StoreExecutor ex, StoreReply<std::optional<LadderDetail>> reply) = 0;
  // A roster change, after the ladder's activity as of `now`; the ladder after it.
  virtual void change_roster(std::int64_t id, RosterChange change, std::int64_t now, StoreExecutor ex,
                             StoreReply<Outcome<LadderDetail>> reply) = 0;
  // Checks the challenge (ladder_rules' check_challenge, activity applied)
  // and stores it, with the defender's notice intent: proposed (waiting for
  // the answer) when the ladder has an answer time, else playing with the
  // game to create.
  virtual void challenge(NewChallenge challenge, StoreExecutor ex, StoreReply<Outcome<ChallengeMade>> reply) = 0;
  // An answer to a challenge (refused: not_found, forbidden, challenge_answered
  // (not waiting for this answer any more), bad_field (a time out of range)):
  // accept makes it playing with its game; schedule sets its time; a decline
  // ends it, free or as the challenger's win (ladder::decline_is_free), the
  // standings moved in the same transaction; a withdrawal ends it.
  virtual void answer_challenge(ChallengeAnswer answer, StoreExecutor ex, StoreReply<Outcome<ChallengeMade>> reply) = 0;
  // The challenges due at `now`: scheduled ones become playing (their games to
  // create); proposed ones past their answer time end as the challenger's wins.
  virtual void challenges_due(std::int64_t now, StoreExecutor ex, StoreReply<DueChallenges> reply) = 0;
  // Applies every open or paused ladder's activity as of `now`.
  virtual void ladder_activity(std::int64_t now, StoreExecutor ex, StoreDone done) = 0;
  // ---- events
  virtual void create_tournament(TournamentRecord tournament, AuditEntry audit, StoreExecutor ex,
                                 StoreReply<Outcome<TournamentRecord>> reply) = 0;
  virtual void tournaments(StoreExecutor ex, StoreReply<std::vector<TournamentRecord>> reply) = 0;
  virtual void tournament(std::int64_t id, StoreExecutor ex, StoreReply<std::optional<TournamentDetail>> reply) = 0;
  // Joins (`join`) or leaves while registering; how many are registered.
  virtual void register_player(std::int64_t id, std::int64_t player, bool join, std::int64_t now, StoreExecutor ex,
                               StoreReply<Outcome<std::int64_t>> reply) = 0;
  virtual void tournament_command(std::int64_t id, TournamentCommand command, RoomIds room_ids, StoreExecutor ex,
                                  StoreReply<Outcome<TournamentProgress>> reply) = 0;
  // A room of an event ended: with auto_pair and its round complete the next
  // round is paired; with the last round complete the event finishes. None:
  // the room is no event's, or nothing followed.
  virtual void tournament_room_ended(std::string room, std::int64_t now, RoomIds room_ids, StoreExecutor ex,
                                     StoreReply<std::optional<TournamentProgress>> reply) = 0;
  // The games of the rounds a starting server pairs: each running auto_pair
  // event whose current round is complete, its next one paired (a pairing
  // abandoned when the server stopped) or the event finished.
  virtual void resume_tournaments(RoomIds room_ids, StoreExecutor ex,
                                  StoreReply<std::vector<CompetitionGame>> reply) = 0;
  // ---- both
  // The games of open challenges and of pairings without a result: what a
  // starting server makes sure exist.
  virtual void pending_games(StoreExecutor ex, StoreReply<std::vector<CompetitionGame>> reply) = 0;
  // Those of them whose room was never stored (its creation failed after the
  // challenge or pairing was committed: a database restart, #42): what the
  // periodic sweep makes, at most sql::kUnopenedPerSweep a call.
  virtual void unopened_games(StoreExecutor ex, StoreReply<std::vector<CompetitionGame>> reply) = 0;
};

}  // namespace arena
