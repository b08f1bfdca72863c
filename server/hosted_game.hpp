#pragma once
// One engine game behind a small interface, so that a room can host any of the
// five variants without knowing which.
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/color.hpp"
#include "engine/record.hpp"

namespace arena {

struct GameOptions {
  std::string game;     // gipf | yinsh
  std::string variant;  // as in the protocol
  int white_extra = 0;
  int black_extra = 0;
  nlohmann::json to_json() const;
};

struct StepView {
  int ply = 0;  // index of the step in the game, from 0
  engine::Color player = engine::Color::White;
  std::string action;
  bool automatic = false;
  int turn = 0;  // the turn it belongs to, from 0 (White's first)
  nlohmann::json to_json() const;
};

class HostedGame {
 public:
  virtual ~HostedGame() = default;
  // nullptr with `error` set when the options name no game.
  static std::unique_ptr<HostedGame> create(const GameOptions& options, std::string& error);

  virtual std::unique_ptr<HostedGame> clone() const = 0;
  virtual int ply() const = 0;  // steps taken so far (chosen and forced)
  virtual std::optional<engine::Color> decider() const = 0;  // who must decide now
  // Plays one chosen action written in notation, then the forced ones; the
  // engine's reason on refusal (nothing changes then).
  virtual std::string play(std::string_view action) = 0;
  // The reason `action` is refused now, or empty: play() without playing.
  virtual std::string check(std::string_view action) const = 0;
  virtual std::vector<StepView> steps(int from_ply) const = 0;
  // The legal actions with what each does (protocol::action_to_json), sorted by
  // their canonical notation ("action"), each once.
  virtual nlohmann::json legal_moves() const = 0;
  virtual nlohmann::json state() const = 0;
  virtual engine::GameResult result() const = 0;
  virtual bool resign(engine::Color loser) = 0;
  virtual bool has_draws() const = 0;
  virtual bool agree_draw() = 0;
  virtual int turns() const = 0;  // turns begun (moves in the lists)
  virtual std::string record(const std::vector<engine::RecordTag>& tags) const = 0;
};

}  // namespace arena
