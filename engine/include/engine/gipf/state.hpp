#pragma once
// A GIPF position with its pending decision. Applying an action validates it first;
// an illegal one is refused with a reason and leaves the state unchanged.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/gipf/types.hpp"
#include "engine/state_ops.hpp"
#include "engine/text.hpp"

namespace engine::gipf {

using ActionList = std::vector<Action>;
using RowList = std::vector<Row>;

// A position to start from instead of the variant's start (analysis, tests). The
// captured counts follow from the totals: total - on board - reserve.
// Within a turn (#44, positions): `pushed` once the player whose turn it is
// has pushed (rows with single pieces may then stand on the board, to be
// removed), and the all-GIPF rows each player declined since the turn began.
struct Setup {
  Options options;
  std::array<Piece, kCells> board{};
  std::array<int, 2> reserve{};
  Color turn = Color::White;          // the player about to push (or who pushed)
  std::array<bool, 2> moved{true, true};
  std::array<bool, 2> single_brought{false, false};  // tournament
  bool pushed = false;
  std::array<std::array<CellMask, kAxes>, 2> declined{};
};

class State : public StateOps<State, Action> {
 public:
  using StateOps::apply;
  using StateOps::legal_actions;

  explicit State(const Options& options = {});
  // A validated position from a set-up; the error says what is inconsistent.
  static Parsed<State> from_setup(const Setup& setup);

  const Options& options() const { return options_; }
  Piece at(Cell c) const { return board_[c]; }
  int reserve(Color c) const { return reserve_[index(c)]; }
  int captured(Color c) const { return captured_[index(c)]; }  // pieces of colour c lost
  int total(Color c) const;  // the colour's pieces in the game at the start
  int on_board(Color c) const;  // pieces of stock on the board (a GIPF piece is two)
  Color turn() const { return turn_; }  // whose turn it is
  bool pushed() const { return pushed_; }  // the player whose turn it is has pushed
  const Pending& pending() const { return pending_; }
  const GameResult& result() const { return result_; }
  bool has_moved(Color c) const { return moved_[index(c)]; }
  bool single_brought(Color c) const { return single_brought_[index(c)]; }
  // The all-GIPF rows c declined (or kept pieces of) this turn, per axis.
  const std::array<CellMask, kAxes>& declined(Color c) const { return declined_[index(c)]; }
  // Tournament: the player may still bring in GIPF pieces (RULES.md §2.4).
  bool may_bring_gipf(Color c) const;
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;  // from scratch; equals hash()

  // The point the push would fill last (its notation end), or kNoCell if blocked.
  Cell push_end(int push) const;
  // Rows of colour c that the player may or must act on now.
  void rows(Color c, RowList& out) const;
  // Legal actions for the pending decision (empty once the game is over).
  void legal_actions(ActionList& out) const;
  // Their number, without listing them (perft counts the last ply with it).
  int legal_action_count() const;

  // Why `action` is illegal now, or an empty string when it is legal.
  std::string check(const Action& action) const;
  // Applies an action known to be legal (from legal_actions()).
  void apply_unchecked(const Action& action);
  // Ends the game: `loser` resigns. Refused (false) once the game is over.
  bool resign(Color loser);
  // Ends the game by a referee's decision ("adjudication"). GIPF has no draws:
  // refused (false) without a winner, and once the game is over.
  bool adjudicate(std::optional<Color> winner, Verdict verdict = Verdict::Adjudication);

 private:
  void put(Cell c, Piece p);
  void toggle_line_bits(Cell c, Piece p);
  void set_reserve(Color c, int value);
  void set_turn(Color c, bool pushed);
  bool offerable(const Row& row) const;
  bool has_rows(Color c) const;
  bool any_prepush_removal(Color c) const;
  bool can_play(Color c) const;  // c, due to push, has a push or a removal before it
  void add_removals(const Row& row, bool allow_keep, ActionList& out) const;
  struct PushKinds {
    bool gipf = false;
    bool single = false;
  };
  PushKinds push_kinds(Color c) const;  // what c may bring in with a push now
  std::uint64_t open_pushes() const;
  void add_pushes(Color c, ActionList& out) const;
  void apply_push(const Action& a);
  void apply_removal(const Action& a);
  void check_gipf_loss(Color remover);
  void advance();
  void start_turn(Color c);
  void finish(Color winner, std::string_view reason);

  Options options_;
  std::array<Piece, kCells> board_{};
  std::array<LineWords, 2> lines_{};  // per colour, kept in step with board_ by put()
  std::array<std::int16_t, 2> reserve_{};
  std::array<std::int16_t, 2> captured_{};
  std::array<bool, 2> moved_{};
  std::array<bool, 2> single_brought_{};  // tournament: a single piece was brought in
  // Cells of all-GIPF rows a player declined (or kept pieces of) since the start of
  // their turn, per axis: such rows are not offered again before that turn ends.
  std::array<std::array<CellMask, 3>, 2> declined_{};
  Color turn_ = Color::White;
  bool pushed_ = false;
  Pending pending_;
  GameResult result_;
  std::uint64_t hash_ = 0;
};

}  // namespace engine::gipf
