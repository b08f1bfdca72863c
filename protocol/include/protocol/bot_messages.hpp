#pragma once
// The bot and board API's messages (#45; PROTOCOL.md, Bot and board API):
// challenges as the WebSocket and the streams show them, and the two
// streams' lines made from the frames a WebSocket client would get. Pure: the
// server feeds frames in and writes the lines out; tests feed recorded frames.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/registry.hpp"
#include "protocol/time_control.hpp"

namespace protocol {

using Json = nlohmann::json;

// A frame's string field, or "" when it is absent or not a string (never throws).
std::string text_field(const Json& object, const char* key);

struct PlayerChallengeParty {
  std::string name;
  bool bot = false;
  std::int64_t player = 0;  // the account's player id (as in rooms' seats)
};

struct PlayerChallengeView {
  std::string id;
  PlayerChallengeParty challenger, destination;
  engine::GameOptions options;
  TimeControl clock;
  std::string color;  // the challenger's: white, black, random
  bool rated = false;
  std::string status;  // created, accepted, declined, canceled
  std::string reason;  // declined: why; canceled: canceled or expired
  std::string room;    // accepted: the game's room
  std::int64_t created_at = 0, expires_at = 0;
};

Json challenge_json(const PlayerChallengeView& c);
// The WebSocket message both parties get when a challenge is made or answered:
// {"type": "challenge", "challenge": {...}} (its status says which).
Json challenge_message(const PlayerChallengeView& c);

// Why a challenge may be declined (lichess's reasons, as it names them).
inline constexpr std::string_view kDeclineReasons[] = {"generic", "later",  "tooFast", "tooSlow", "timeControl", "rated",
                                                       "casual",  "variant", "noBot",  "onlyBot"};
bool valid_decline_reason(std::string_view reason);

// /api/stream/event: the account's games and challenges as lines, from the
// frames of a lobby subscription (`lobby`, `lobby_mine`) and the `challenge`
// messages. `player`, `name`: the account's player id and username (which
// says the challenges' direction and its colour in a game).
class EventStreamLines {
 public:
  EventStreamLines(std::int64_t player, std::string name) : player_(player), name_(std::move(name)) {}
  std::vector<Json> on_frame(const Json& frame);
  // The challenges open when the stream opened (`challenge` lines).
  std::vector<Json> opening(const std::vector<PlayerChallengeView>& open);

 private:
  std::vector<Json> mine(const Json& entries);
  // A challenge's line of `type`, with its `direction` for this account.
  Json challenge_line(const char* type, Json challenge) const;
  std::int64_t player_;
  std::string name_;
  bool seen_lobby_ = false;
  std::set<std::string> live_;  // the games begun and not yet ended
};

// /api/bot/game/stream/ID: one game as lines, from the frames of a `watch`
// of its room: `gameFull` from the snapshot, `gameState` after each event,
// `chatLine`, `opponentGone`. A line that needs the player's legal actions
// waits for the `legal` frame that follows its event.
class GameStreamLines {
 public:
  std::vector<Json> on_frame(const Json& frame);
  // The snapshot came: the seat it gave ("white", "black" or "spectator").
  const std::string& you() const { return you_; }
  bool started() const { return !you_.empty(); }
  // The game has ended: the stream ends after the lines given.
  bool over() const { return over_; }

 private:
  std::vector<Json> flush_pending(const Json* legal);
  Json full_line(const Json& snapshot);
  Json state_line(const Json& event);
  static Json chat_line(const Json& message);  // a `chat` frame, or one message of `chat_history`
  void replay_steps(const Json& steps);
  std::string position() const;

  std::string you_;
  bool over_ = false;
  std::optional<engine::AnyGame> game_;  // the position, replayed from the steps
  std::optional<Json> waiting_;          // a line that waits for `legal`
  Json draw_offer_;                      // the colour whose draw offer stands, or null
  std::string room_;
};

}  // namespace protocol
