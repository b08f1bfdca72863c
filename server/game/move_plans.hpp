#pragma once
// Premoves and conditional lines (#46): what a seated player asked the server
// to play for them later. Pure and confined to the room's strand: after every
// change the room asks what is due (due()) and plays it as the player's own
// action, through the same checks as one sent by hand.
//
// - A premove (games that are not correspondence): one action, tried once
//   when the decision becomes the player's; dropped, and said so, if the
//   engine refuses it then.
// - A conditional line (correspondence games): pairs "if they play X, I play
//   Y", each a whole turn (its actions joined by ';'), checked against the
//   game when it is set. When the decision comes back, the opponent's actions
//   since the player's own last one are compared with the next X: the same,
//   and Y is played (the pair leaves the line); anything else drops the line.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/registry.hpp"
#include "game/room_records.hpp"

namespace arena {

class MovePlans {
 public:
  struct Seat {
    std::optional<std::string> premove;
    std::vector<std::string> line;     // pairs: their turn, then ours
    int from_ply = 0;                  // the line was set (or last advanced) at this ply
    std::vector<std::string> playing;  // a matched reply's actions still to play, in order
  };

  // What the room must do now for the decider.
  struct Due {
    engine::Color seat = engine::Color::White;
    std::optional<std::string> play;     // an action to play for the seat
    std::optional<std::string> dropped;  // the premove or line entry let go ...
    std::string reason;                  // ... and why
    bool premove = false;                // `play` is the premove (a refusal drops it, said so)
    bool line_changed = false;           // the stored line must be written again (advanced or dropped)
  };

  const Seat& seat(engine::Color c) const { return seats_[engine::index(c)]; }
  bool empty() const;

  void set_premove(engine::Color c, std::optional<std::string> action) { seats_[engine::index(c)].premove = std::move(action); }
  // Why `line` cannot be `seat`'s conditional line in `game` (whose decider
  // is the opponent), or empty: each entry must be legal after the ones
  // before, each X must end with the decision the seat's, each Y with the
  // opponent's (or the game over, as the last entry). `canonical` receives
  // the line in the engine's notation (what due() compares).
  static std::string check_line(const engine::AnyGame& game, engine::Color seat, const std::vector<std::string>& line,
                                std::vector<std::string>& canonical);
  void set_line(engine::Color c, std::vector<std::string> line, int from_ply);
  // A line read back from the store (a room restored).
  void restore(const ConditionalRecord& record);
  // The stored form of a seat's line (an empty line: delete it).
  ConditionalRecord record(engine::Color c, std::int64_t at) const;

  // What is due in `game` now, if anything; takes it (a premove is tried
  // once, a matched pair leaves the line, a broken line is dropped).
  std::optional<Due> due(const engine::AnyGame& game);
  // A game no longer played: everything goes; the seats whose line was stored.
  std::vector<engine::Color> clear();
  // A reply's action was refused (the game changed under it): the line goes.
  void abandon_reply(engine::Color c);

 private:
  std::array<Seat, 2> seats_;
};

// "a;b;c" → {"a", "b", "c"} (empty parts skipped).
std::vector<std::string> split_turn(const std::string& turn);

}  // namespace arena
