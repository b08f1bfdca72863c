#pragma once
// A YINSH position with its pending decision. Applying an action validates it
// first; an illegal one is refused with a reason and leaves the state unchanged.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/state_ops.hpp"
#include "engine/text.hpp"
#include "engine/yinsh/types.hpp"

namespace engine::yinsh {

using ActionList = std::vector<Action>;

// Five or more adjacent markers of one colour on a line, as its end points.
struct MarkerRun {
  Cell first = kNoCell;
  Cell last = kNoCell;
  friend bool operator==(const MarkerRun&, const MarkerRun&) = default;
};

// A position to start from instead of the empty board (analysis, tests). The pool
// follows: 51 - markers on the board. Rings not on the board and not removed are
// still to be placed. Within a turn (#44, positions): `moved` once the player
// whose turn it is has moved (rows may then stand on the board, to be removed),
// `ring_due` the player who removed a row and now removes a ring.
struct Setup {
  Options options;
  std::array<Piece, kPoints> board{};
  std::array<int, 2> rings_removed{0, 0};
  Color turn = Color::White;
  bool moved = false;
  std::optional<Color> ring_due;
};

class State : public StateOps<State, Action> {
 public:
  using StateOps::apply;
  using StateOps::legal_actions;

  explicit State(const Options& options = {});
  static Parsed<State> from_setup(const Setup& setup);

  const Options& options() const { return options_; }
  Piece at(Cell c) const { return board_[c]; }
  int pool() const { return pool_; }
  int rings_removed(Color c) const { return rings_removed_[index(c)]; }
  int rings_on_board(Color c) const;
  int markers_on_board() const;
  int rings_to_place() const { return rings_to_place_; }  // both players together
  Color turn() const { return turn_; }
  bool moved() const { return moved_; }  // the player whose turn it is has moved
  const Pending& pending() const { return pending_; }
  const GameResult& result() const { return result_; }
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;

  // Points the ring on `from` may move to.
  void destinations(Cell from, std::vector<Cell>& out) const;
  // Rows of five of colour c as (first, last) pairs, first < last.
  void rows(Color c, ActionList& out) const;
  // The whole runs those rows lie in (a run of seven holds three rows), first < last,
  // in line order: what a player waiting on a row's removal is shown.
  void runs(Color c, std::vector<MarkerRun>& out) const;

  void legal_actions(ActionList& out) const;
  std::string check(const Action& action) const;
  void apply_unchecked(const Action& action);
  bool resign(Color loser);
  // Both players agree to a draw (RULES.md §3.5). Refused once the game is over.
  bool agree_draw();
  // Ends the game by a referee's decision ("adjudication"); no winner: a draw.
  bool adjudicate(std::optional<Color> winner, Verdict verdict = Verdict::Adjudication);

 private:
  void put(Cell c, Piece p);
  void set_pool(int value);
  void set_turn(Color c, bool moved);
  bool has_rows(Color c) const;
  bool can_move(Color c) const;
  void add_moves(Color c, ActionList& out) const;
  void apply_move(const Action& a);
  void apply_row(const Action& a);
  void apply_ring(const Action& a);
  void advance();
  void end_turn();
  void start_turn(Color c);
  void finish_on_rings(std::string_view reason);
  void finish(std::optional<Color> winner, std::string_view reason);

  Options options_;
  std::array<Piece, kPoints> board_{};
  std::array<LineWords, 2> markers_{};  // per colour, kept in step with board_ by put()
  std::int8_t pool_ = kMarkers;
  std::array<std::int8_t, 2> rings_removed_{};
  std::int8_t rings_to_place_ = 2 * kRingsEach;
  Color turn_ = Color::White;
  bool moved_ = false;
  // After removing a row the same player must remove a ring.
  bool ring_due_ = false;
  Color ring_due_player_ = Color::White;
  Pending pending_;
  GameResult result_;
  std::uint64_t hash_ = 0;
};

}  // namespace engine::yinsh
