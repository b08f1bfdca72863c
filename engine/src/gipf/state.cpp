#include "engine/gipf/state.hpp"

#include <algorithm>
#include <bit>

#include "engine/zobrist.hpp"

namespace engine::gipf {
namespace {

constexpr int kReserveSlots = 32;
// Keys: 4 piece kinds per cell, reserve counts per colour, whose turn and whether
// they pushed, and the two tournament flags per colour.
constexpr auto kKeys = zobrist_keys<kCells * 4 + 2 * kReserveSlots + 4 + 4>(0x61F5A7E4ull);
constexpr int kReserveBase = kCells * 4;
constexpr int kTurnBase = kReserveBase + 2 * kReserveSlots;
constexpr int kFlagBase = kTurnBase + 4;

constexpr std::uint64_t piece_key(Cell c, Piece p) {
  if (p == Piece::None) return 0;
  int kind = (is_gipf(p) ? 2 : 0) + (color_of(p) == Color::Black ? 1 : 0);
  return kKeys[c * 4 + kind];
}
constexpr std::uint64_t reserve_key(Color c, int n) { return kKeys[kReserveBase + index(c) * kReserveSlots + n]; }
constexpr std::uint64_t turn_key(Color c, bool pushed) { return kKeys[kTurnBase + index(c) * 2 + (pushed ? 1 : 0)]; }
constexpr std::uint64_t moved_key(Color c) { return kKeys[kFlagBase + index(c)]; }
constexpr std::uint64_t single_key(Color c) { return kKeys[kFlagBase + 2 + index(c)]; }

constexpr std::string_view kStartPoints[2][3] = {{"e2", "b5", "h5"}, {"b2", "e8", "h2"}};

// Calls f(row) for every row of colour c on the board, in line order, until f
// returns false. `mine` (c's line words) picks the lines with four of c in a row.
template <class F>
void for_each_row(const std::array<Piece, kCells>& board, const LineWords& mine, Color c, F&& f) {
  for (int axis = 0; axis < kAxes; ++axis) {
    for (LineWord fours = runs_of_four(mine[axis]); fours;) {
      int slot = std::countr_zero(fours) / 8;
      fours &= ~(LineWord{0xFF} << (8 * slot));
      int l = axis * kLinesPerAxis + slot;
      const Line& line = kBoard.lines[l];
      int i = 0;
      while (i < line.length) {
        if (board[line.cells[i]] == Piece::None) { ++i; continue; }
        int j = i, run = 0;
        bool found = false;
        for (; j < line.length && board[line.cells[j]] != Piece::None; ++j) {
          run = color_of(board[line.cells[j]]) == c ? run + 1 : 0;
          found = found || run >= 4;
        }
        if (found) {
          Row row;
          row.color = c;
          row.line = static_cast<std::int8_t>(l);
          for (int k = i; k < j; ++k) {
            Cell x = line.cells[k];
            row.extent |= bit(x);
            (is_gipf(board[x]) ? row.gipf : row.singles) |= bit(x);
          }
          if (!f(row)) return;
        }
        i = j;
      }
    }
  }
}

std::array<LineWords, 2> line_words_of(const std::array<Piece, kCells>& board) {
  std::array<LineWords, 2> words{};
  for (int c = 0; c < kCells; ++c) {
    if (board[c] == Piece::None || kBoard.is_dot[c]) continue;
    for (int axis = 0; axis < kAxes; ++axis)
      words[index(color_of(board[c]))][axis] |= LineWord{1} << kBoard.line_bit[c][axis];
  }
  return words;
}

}  // namespace

State::State(const Options& options) : options_(options) {
  bool gipf_start = options.variant == Variant::Standard;
  if (options.variant != Variant::Tournament) {
    for (Color c : {Color::White, Color::Black})
      for (auto name : kStartPoints[index(c)]) board_[*parse_cell(name)] = make_piece(c, gipf_start);
  }
  for (Color c : {Color::White, Color::Black}) reserve_[index(c)] = static_cast<std::int16_t>(total(c) - on_board(c));
  lines_ = line_words_of(board_);
  hash_ = compute_hash();
  advance();
}

Parsed<State> State::from_setup(const Setup& setup) {
  auto problem = validate(setup.options);
  if (!problem.empty()) return {State(), std::string(problem)};
  State s(setup.options);
  s.board_ = setup.board;
  s.lines_ = line_words_of(s.board_);
  for (int c = 0; c < kCells; ++c)
    if (s.board_[c] != Piece::None && is_dot(static_cast<Cell>(c)))
      return {State(), cell_name(static_cast<Cell>(c)) + " is a dot: pieces stand only on points"};
  for (Color c : {Color::White, Color::Black}) {
    int i = index(c);
    if (setup.reserve[i] < 0) return {State(), "a reserve cannot be negative"};
    int captured = s.total(c) - s.on_board(c) - setup.reserve[i];
    if (captured < 0) return {State(), std::string(color_title(c)) + " has more pieces than the variant allows"};
    s.reserve_[i] = static_cast<std::int16_t>(setup.reserve[i]);
    s.captured_[i] = static_cast<std::int16_t>(captured);
    s.moved_[i] = setup.moved[i];
    s.single_brought_[i] = setup.options.variant == Variant::Tournament && setup.single_brought[i];
    bool has_row = false;
    for_each_row(s.board_, s.lines_[index(c)], c, [&](const Row& row) {
      has_row = has_row || row.singles != 0;
      return true;
    });
    if (has_row && !setup.pushed)
      return {State(), "a row with single pieces of " + std::string(color_name(c)) + " stands on the board before a push"};
  }
  if (setup.pushed) {
    // After the push: rows are due; none would end the turn.
    s.turn_ = setup.turn;
    s.pushed_ = true;
    s.declined_ = setup.declined;
    if (!s.has_rows(Color::White) && !s.has_rows(Color::Black))
      return {State(), "no row to remove after the push: the turn would be over"};
    s.advance();
  } else {
    s.turn_ = opponent(setup.turn);
    s.start_turn(setup.turn);
    s.declined_ = setup.declined;
  }
  s.hash_ = s.compute_hash();
  return {s, {}};
}

int State::total(Color c) const {
  return options_.variant == Variant::Basic ? 15 + options_.extra[index(c)] : 18;
}

int State::on_board(Color c) const {
  int n = 0;
  for (Piece p : board_)
    if (p != Piece::None && color_of(p) == c) n += weight(p);
  return n;
}

bool State::may_bring_gipf(Color c) const {
  return options_.variant == Variant::Tournament && !single_brought_[index(c)];
}

std::uint64_t State::compute_hash() const {
  std::uint64_t h = turn_key(turn_, pushed_);
  for (int c = 0; c < kCells; ++c) h ^= piece_key(static_cast<Cell>(c), board_[c]);
  for (Color c : {Color::White, Color::Black}) {
    h ^= reserve_key(c, reserve_[index(c)]);
    if (moved_[index(c)]) h ^= moved_key(c);
    if (single_brought_[index(c)]) h ^= single_key(c);
  }
  return h;
}

void State::put(Cell c, Piece p) {
  hash_ ^= piece_key(c, board_[c]) ^ piece_key(c, p);
  toggle_line_bits(c, board_[c]);
  toggle_line_bits(c, p);
  board_[c] = p;
}

void State::toggle_line_bits(Cell c, Piece p) {
  if (p == Piece::None) return;
  LineWords& words = lines_[index(color_of(p))];
  for (int axis = 0; axis < kAxes; ++axis) words[axis] ^= LineWord{1} << kBoard.line_bit[c][axis];
}

void State::set_reserve(Color c, int value) {
  hash_ ^= reserve_key(c, reserve_[index(c)]) ^ reserve_key(c, value);
  reserve_[index(c)] = static_cast<std::int16_t>(value);
}

void State::set_turn(Color c, bool pushed) {
  hash_ ^= turn_key(turn_, pushed_) ^ turn_key(c, pushed);
  turn_ = c;
  pushed_ = pushed;
}

Cell State::push_end(int push) const {
  const PushMove& m = kBoard.pushes[push];
  for (int i = 0; i < m.length; ++i)
    if (board_[m.path[i]] == Piece::None) return m.path[i];
  return kNoCell;
}

bool State::offerable(const Row& row) const {
  if (row.singles) return true;  // a row with single pieces must be removed
  CellMask declined = declined_[index(row.color)][kBoard.lines[row.line].axis];
  return (row.extent & ~declined) != 0;
}

void State::rows(Color c, RowList& out) const {
  out.clear();
  for_each_row(board_, lines_[index(c)], c, [&](const Row& row) {
    if (offerable(row)) out.push_back(row);
    return true;
  });
}

bool State::has_rows(Color c) const {
  bool any = false;
  for_each_row(board_, lines_[index(c)], c, [&](const Row& row) {
    any = offerable(row);
    return !any;
  });
  return any;
}

// At the start of a turn only all-GIPF rows can stand on the board: every other row
// was removed when it was made.
bool State::any_prepush_removal(Color c) const { return has_rows(c); }

void State::add_removals(const Row& row, bool allow_keep, ActionList& out) const {
  // Every subset of the row's GIPF pieces may be removed; singles always go.
  CellMask sub = row.gipf;
  while (true) {
    CellMask removed = row.singles | sub;
    Action a;
    a.line = row.line;
    a.extent = row.extent;
    if (removed) {
      a.kind = Action::Kind::Remove;
      a.cells = removed;
      out.push_back(a);
    } else if (allow_keep) {
      a.kind = Action::Kind::Keep;
      out.push_back(a);
    }
    if (sub == 0) break;
    sub = (sub - 1) & row.gipf;
  }
}

// One bit per push whose line still has an empty point.
std::uint64_t State::open_pushes() const {
  LineWords occupied;
  for (int axis = 0; axis < kAxes; ++axis) occupied[axis] = lines_[0][axis] | lines_[1][axis];
  std::uint64_t open = 0;
  for (int p = 0; p < kPushes; ++p) {
    const PushMove& m = kBoard.pushes[p];
    if ((occupied[m.axis] & m.line_bits) != m.line_bits) open |= std::uint64_t{1} << p;
  }
  return open;
}

State::PushKinds State::push_kinds(Color c) const {
  int reserve = reserve_[index(c)];
  bool tournament = options_.variant == Variant::Tournament;
  return {may_bring_gipf(c) && reserve >= 2, reserve >= 1 && !(tournament && !moved_[index(c)])};
}

void State::add_pushes(Color c, ActionList& out) const {
  PushKinds kinds = push_kinds(c);
  if (!kinds.gipf && !kinds.single) return;
  for (std::uint64_t open = open_pushes(); open; open &= open - 1) {
    int p = std::countr_zero(open);
    if (kinds.gipf) out.push_back(Action::make_push(p, true));
    if (kinds.single) out.push_back(Action::make_push(p, false));
  }
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  if (pending_.kind == Pending::Kind::None) return;
  Color c = pending_.player;
  bool removing = pending_.kind == Pending::Kind::Remove;
  for_each_row(board_, lines_[index(c)], c, [&](const Row& row) {
    if (offerable(row)) add_removals(row, removing, out);
    return true;
  });
  if (!removing) add_pushes(c, out);
}

int State::legal_action_count() const {
  if (pending_.kind == Pending::Kind::None) return 0;
  Color c = pending_.player;
  bool removing = pending_.kind == Pending::Kind::Remove;
  int count = 0;
  for_each_row(board_, lines_[index(c)], c, [&](const Row& row) {
    // as add_removals: every subset of the GIPF pieces, the empty one only if it
    // still removes singles or may be kept
    if (offerable(row)) count += (1 << std::popcount(row.gipf)) - (row.singles == 0 && !removing ? 1 : 0);
    return true;
  });
  if (!removing) {
    PushKinds kinds = push_kinds(c);
    count += std::popcount(open_pushes()) * (int{kinds.gipf} + int{kinds.single});
  }
  return count;
}

std::string State::check(const Action& a) const {
  if (result_.over) return "the game is over";
  if (is_listed(a)) return {};

  Color c = pending_.player;
  std::string who(color_title(c));
  if (a.kind == Action::Kind::Push) {
    if (pending_.kind == Pending::Kind::Remove) return who + " must first remove a row";
    if (a.push < 0 || a.push >= kPushes) return "there is no such push";
    if (a.gipf && options_.variant != Variant::Tournament)
      return "GIPF pieces are brought in only in the tournament game";
    if (a.gipf && single_brought_[index(c)])
      return who + " has brought in a single piece and can no longer bring in GIPF pieces";
    if (!a.gipf && options_.variant == Variant::Tournament && !moved_[index(c)])
      return who + "'s first move must bring in a GIPF piece";
    if (reserve_[index(c)] < (a.gipf ? 2 : 1)) return who + " has not enough pieces in reserve";
    if (push_end(a.push) == kNoCell)
      return "the line from " + cell_name(kBoard.pushes[a.push].dot) +
             " is full: the push would push a piece off the board";
    return "illegal push";
  }
  RowList mine;
  rows(c, mine);
  const Row* row = nullptr;
  for (const Row& r : mine)
    if (r.extent == a.extent) row = &r;
  if (!row) return who + " has no such row to remove";
  if (a.kind == Action::Kind::Keep) {
    if (row->singles) return "only a row made only of GIPF pieces may be left on the board";
    return "to leave the row on the board, push";
  }
  if (a.cells & ~a.extent) return cell_list(a.cells & ~a.extent) + " is not part of the row";
  if (row->singles & ~a.cells) return "the single pieces of a row are always removed: " + cell_list(row->singles & ~a.cells);
  return "illegal removal";
}

void State::apply_unchecked(const Action& a) {
  if (a.kind == Action::Kind::Push) {
    apply_push(a);
  } else {
    apply_removal(a);
  }
}

void State::apply_push(const Action& a) {
  Color c = turn_;
  // Pushing declines every all-GIPF row of the mover still standing (RULES.md §2.3).
  for_each_row(board_, lines_[index(c)], c, [&](const Row& row) {
    if (!row.singles) declined_[index(c)][kBoard.lines[row.line].axis] |= row.extent;
    return true;
  });
  const PushMove& m = kBoard.pushes[a.push];
  int end = 0;
  while (board_[m.path[end]] != Piece::None) ++end;
  for (int i = end; i > 0; --i) put(m.path[i], board_[m.path[i - 1]]);
  put(m.path[0], make_piece(c, a.gipf));
  set_reserve(c, reserve_[index(c)] - (a.gipf ? 2 : 1));
  if (!moved_[index(c)]) {
    moved_[index(c)] = true;
    hash_ ^= moved_key(c);
  }
  if (!a.gipf && options_.variant == Variant::Tournament && !single_brought_[index(c)]) {
    single_brought_[index(c)] = true;
    hash_ ^= single_key(c);
  }
  set_turn(c, true);
  advance();
}

void State::apply_removal(const Action& a) {
  Color c = pending_.player;
  for (CellMask m = a.cells; m; m &= m - 1) {
    Cell x = static_cast<Cell>(std::countr_zero(m));
    Piece p = board_[x];
    if (color_of(p) == c) {
      set_reserve(c, reserve_[index(c)] + weight(p));
    } else {
      captured_[index(color_of(p))] = static_cast<std::int16_t>(captured_[index(color_of(p))] + weight(p));
    }
    put(x, Piece::None);
  }
  // The kept pieces of this row are not offered again before the player's next turn.
  declined_[index(c)][kBoard.lines[a.line].axis] |= a.extent;
  if (a.cells) check_gipf_loss(c);
  advance();
}

void State::check_gipf_loss(Color remover) {
  if (options_.variant == Variant::Basic) return;
  auto lost = [this](Color x) {
    bool applies = options_.variant == Variant::Standard || moved_[index(x)];
    if (!applies) return false;
    return std::none_of(board_.begin(), board_.end(),
                        [x](Piece p) { return p != Piece::None && is_gipf(p) && color_of(p) == x; });
  };
  bool white = lost(Color::White), black = lost(Color::Black);
  if (white && black) {
    finish(remover, "no-gipf");
  } else if (white || black) {
    finish(white ? Color::Black : Color::White, "no-gipf");
  }
}

void State::advance() {
  if (result_.over) {
    pending_ = {Pending::Kind::None, turn_};
    return;
  }
  if (!pushed_) {
    // After a removal before the push (the turn's start is start_turn): a removal
    // that took only the opponent's pieces refills nothing, so the player may still
    // have to push with an empty reserve, and then loses.
    if (!can_play(turn_)) {
      finish(opponent(turn_), "no-reserve");
      return;
    }
    pending_ = {Pending::Kind::Push, turn_};
  } else if (has_rows(turn_)) {
    pending_ = {Pending::Kind::Remove, turn_};
  } else if (has_rows(opponent(turn_))) {
    pending_ = {Pending::Kind::Remove, opponent(turn_)};
  } else {
    start_turn(opponent(turn_));
  }
}

void State::start_turn(Color c) {
  declined_[index(c)] = {};
  set_turn(c, false);
  if (!can_play(c)) {
    finish(opponent(c), "no-reserve");
    return;
  }
  pending_ = {Pending::Kind::Push, c};
}

// RULES.md §2.5: "A player who has to move with an empty reserve loses" (the
// rulebooks: the player who cannot bring a piece into play loses). c has to push
// now unless a removal before the push is still open to them, and such a removal
// may refill the reserve. Checked whenever a push of c becomes due: at the start of
// c's turn and after each of c's removals before the push. There is always an open
// line (RULES.md §2.2), so c can push exactly when c has a piece to bring in.
bool State::can_play(Color c) const {
  PushKinds kinds = push_kinds(c);
  return kinds.gipf || kinds.single || any_prepush_removal(c);
}

void State::finish(Color winner, std::string_view reason) {
  result_ = {true, winner, reason};
  pending_ = {Pending::Kind::None, turn_};
}

bool State::resign(Color loser) {
  if (result_.over) return false;
  finish(opponent(loser), "resignation");
  return true;
}

bool State::adjudicate(std::optional<Color> winner, Verdict verdict) {
  if (result_.over || !winner) return false;
  finish(*winner, verdict_reason(verdict));
  return true;
}

}  // namespace engine::gipf
