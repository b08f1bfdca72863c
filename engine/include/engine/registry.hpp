#pragma once
// The games the arena hosts: their names, variants and options (the one place that
// says which combinations exist), and AnyGame, a game of any of them as one value
// type, so that the server, the protocol and the tool need not branch on the game.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/color.hpp"
#include "engine/game.hpp"
#include "engine/game_options.hpp"
#include "engine/gipf/rules.hpp"
#include "engine/record.hpp"
#include "engine/yinsh/rules.hpp"

namespace engine {

struct VariantInfo {
  std::string_view name;
  bool handicap;  // extra pieces allowed (gipf basic)
};

struct GameInfo {
  std::string_view name;             // "gipf" | "yinsh"
  std::string_view title;            // "GIPF" | "YINSH"
  std::string_view default_variant;  // "standard" | "normal"
  std::span<const VariantInfo> variants;
  bool draws;     // draws by agreement exist (YINSH)
  int max_extra;  // most handicap pieces per side: 3 in GIPF, 0 where no variant has them
};

// In the order of AnyGame::Games.
std::span<const GameInfo> games();
const GameInfo* find_game(std::string_view name);
const VariantInfo* find_variant(const GameInfo& game, std::string_view name);

// Empty when `options` name a playable game, else one sentence saying why not
// (unknown game, unknown variant listing the known ones, extra pieces outside
// the basic GIPF game or outside 0..max_extra, or whatever gipf::validate refuses).
// An empty variant is refused: callers that have a default fill it in.
std::string validate(const GameOptions& options);

// Any game of the registry, type-erased by value (std::variant), copyable.
class AnyGame {
 public:
  using Games = std::variant<Game<gipf::Rules>, Game<yinsh::Rules>>;
  struct Step {
    int ply = 0;  // index of the step in the game, from 0
    Color player = Color::White;
    std::string action;  // canonical notation
    bool automatic = false;
    int turn = 0;  // the turn it belongs to, from 0 (White's first)
    friend bool operator==(const Step&, const Step&) = default;
  };

  // The game at its start; nullopt with `error` set (validate's sentence) when the
  // options are not playable.
  static std::optional<AnyGame> create(const GameOptions& options, std::string& error);
  // A game played elsewhere (a record read back), with its options.
  static AnyGame of(Games game);
  // The game from a position's text (PROTOCOL.md, Positions; `_` may stand for
  // each space), its forced actions taken; nullopt with `error` set (the field
  // that is wrong) when the text is not a position of a game of the registry.
  static std::optional<AnyGame> from_position(std::string_view text, std::string& error);

  const GameOptions& options() const { return options_; }
  const GameInfo& info() const;
  int ply() const;                       // steps taken so far (chosen and forced)
  int turns() const;                     // turns begun
  std::optional<Color> decider() const;  // who must decide now; nullopt when over
  // One chosen action, then the forced ones; the engine's reason on refusal
  // (nothing changes then). Forced actions already taken are not written again.
  std::string play(std::string_view notation);
  std::string check(std::string_view notation) const;  // play()'s answer without playing
  std::vector<Step> steps(int from_ply = 0) const;
  std::vector<std::string> legal_notation() const;  // sorted, unique
  GameResult result() const;
  bool resign(Color loser);
  bool agree_draw();  // false where there are no draws or none is possible
  // A result decided off the board (a referee, a clock, an absence); false when over, or a GIPF draw.
  bool adjudicate(std::optional<Color> winner, Verdict verdict = Verdict::Adjudication);
  std::string record(const std::vector<RecordTag>& tags) const;  // engine::print_record
  std::string position() const;  // the position's text now (PROTOCOL.md, Positions)
  const Games& typed() const { return game_; }  // for views that need the game's own types

 private:
  AnyGame(GameOptions options, Games game) : options_(std::move(options)), game_(std::move(game)) {}

  GameOptions options_;
  Games game_;
};

// Takebacks (#46). The ply a takeback asked by `asker` goes back to: the
// first step of the asker's last turn in which they chose something; none
// when they chose nothing yet.
std::optional<int> takeback_ply(const AnyGame& game, Color asker);
// `game` as it was at `ply` (a point where a decision waits): its chosen
// steps before `ply` played again from the start; none if `ply` is not such a point.
std::optional<AnyGame> game_at_ply(const AnyGame& game, int ply);

}  // namespace engine
