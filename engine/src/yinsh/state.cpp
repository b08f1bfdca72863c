#include "engine/yinsh/state.hpp"

#include <algorithm>
#include <bit>

#include "engine/zobrist.hpp"

namespace engine::yinsh {
namespace {

// Keys: 4 piece kinds per point, pool sizes, rings removed per colour, whose turn
// and whether they moved, a ring due from either colour, rings still to place.
constexpr int kPoolBase = kPoints * 4;
constexpr int kRemovedBase = kPoolBase + kMarkers + 1;
constexpr int kTurnBase = kRemovedBase + 2 * (kRingsEach + 1);
constexpr int kRingDueBase = kTurnBase + 4;
constexpr int kToPlaceBase = kRingDueBase + 2;
constexpr auto kKeys = zobrist_keys<kToPlaceBase + 2 * kRingsEach + 1>(0x7915A1B2ull);

constexpr std::uint64_t piece_key(Cell c, Piece p) {
  if (p == Piece::None) return 0;
  int kind = (is_ring(p) ? 2 : 0) + (color_of(p) == Color::Black ? 1 : 0);
  return kKeys[c * 4 + kind];
}

std::string who(Color c) { return std::string(color_title(c)); }

void toggle_marker(std::array<LineWords, 2>& markers, Cell c, Piece p) {
  if (!is_marker(p)) return;
  LineWords& words = markers[index(color_of(p))];
  for (const LineBit& at : kBoard.line_bit[c]) words[at.word] ^= std::uint64_t{1} << at.bit;
}

std::array<LineWords, 2> markers_of(const std::array<Piece, kPoints>& board) {
  std::array<LineWords, 2> markers{};
  for (int c = 0; c < kPoints; ++c) toggle_marker(markers, static_cast<Cell>(c), board[c]);
  return markers;
}

// Calls f(to) for every point the ring on `from` may move to, until f returns false.
template <class F>
void for_each_destination(const std::array<Piece, kPoints>& board, Cell from, F&& f) {
  for (int d = 0; d < 6; ++d) {
    bool jumped = false;
    for (Cell x = kBoard.neighbour[from][d]; x != kNoCell; x = kBoard.neighbour[x][d]) {
      Piece p = board[x];
      if (is_ring(p)) break;
      if (p == Piece::None) {
        if (!f(x)) return;
        if (jumped) break;  // the first empty point after a group of markers
      } else {
        jumped = true;
      }
    }
  }
}

// Calls f(first, last) for every five adjacent markers in `markers` (one colour's
// line words), in line order, until f returns false.
template <class F>
void for_each_row(const LineWords& markers, F&& f) {
  for (int w = 0; w < kLineWords; ++w)
    for (std::uint64_t fives = runs_of_five(markers[w]); fives; fives &= fives - 1) {
      int first = std::countr_zero(fives);
      if (!f(kBoard.bit_cell[w][first], kBoard.bit_cell[w][first + 4])) return;
    }
}
std::string colour(Color c) { return std::string(color_name(c)); }

}  // namespace

State::State(const Options& options) : options_(options) {
  hash_ = compute_hash();
  advance();
}

Parsed<State> State::from_setup(const Setup& setup) {
  auto fail = [](std::string error) { return Parsed<State>{State(), std::move(error)}; };
  State s(setup.options);
  s.board_ = setup.board;
  s.markers_ = markers_of(s.board_);
  int markers = s.markers_on_board();
  if (markers > kMarkers) return fail("more than 51 markers on the board");
  s.pool_ = static_cast<std::int8_t>(kMarkers - markers);
  int to_place = 0;
  for (Color c : {Color::White, Color::Black}) {
    int removed = setup.rings_removed[index(c)];
    if (removed < 0 || removed >= s.options_.rings_to_win())
      return fail("rings removed must be fewer than the rings that win");
    int left = kRingsEach - removed - s.rings_on_board(c);
    if (left < 0) return fail(who(c) + " has more than 5 rings");
    s.rings_removed_[index(c)] = static_cast<std::int8_t>(removed);
    to_place += left;
  }
  s.rings_to_place_ = static_cast<std::int8_t>(to_place);
  if (to_place > 0 && markers > 0) return fail("markers stand on the board before all rings are placed");
  const bool within_turn = setup.moved || setup.ring_due;
  if (within_turn && !setup.moved) return fail("a ring is removed only after a move");
  if (within_turn && to_place > 0) return fail("no move is made before all rings are placed");
  if (!within_turn)
    for (Color c : {Color::White, Color::Black})
      if (s.has_rows(c)) return fail("a row of five " + colour(c) + " markers stands on the board before a move");
  if (setup.ring_due && s.rings_on_board(*setup.ring_due) == 0) return fail(who(*setup.ring_due) + " has no ring to remove");
  s.turn_ = setup.turn;
  s.moved_ = setup.moved;
  s.ring_due_ = setup.ring_due.has_value();
  s.ring_due_player_ = setup.ring_due.value_or(Color::White);
  if (to_place > 0) {
    s.pending_ = {Pending::Kind::Place, setup.turn};
  } else if (setup.moved) {
    // After the move: a ring, then rows, are due; none at all would end the turn.
    if (!s.ring_due_ && !s.has_rows(Color::White) && !s.has_rows(Color::Black))
      return fail("no row to remove after the move: the turn would be over");
    s.advance();
  } else if (s.pool_ == 0) {
    return fail("the pool is empty: the game would be over");
  } else {
    s.start_turn(setup.turn);
  }
  s.hash_ = s.compute_hash();
  return {s, {}};
}

int State::rings_on_board(Color c) const {
  return static_cast<int>(std::count(board_.begin(), board_.end(), ring(c)));
}

int State::markers_on_board() const {
  return static_cast<int>(std::count_if(board_.begin(), board_.end(), is_marker));
}

std::uint64_t State::compute_hash() const {
  std::uint64_t h = kKeys[kPoolBase + pool_] ^ kKeys[kTurnBase + index(turn_) * 2 + (moved_ ? 1 : 0)] ^
                    kKeys[kToPlaceBase + rings_to_place_];
  for (int c = 0; c < kPoints; ++c) h ^= piece_key(static_cast<Cell>(c), board_[c]);
  for (Color c : {Color::White, Color::Black})
    h ^= kKeys[kRemovedBase + index(c) * (kRingsEach + 1) + rings_removed_[index(c)]];
  if (ring_due_) h ^= kKeys[kRingDueBase + index(ring_due_player_)];
  return h;
}

void State::put(Cell c, Piece p) {
  hash_ ^= piece_key(c, board_[c]) ^ piece_key(c, p);
  toggle_marker(markers_, c, board_[c]);
  toggle_marker(markers_, c, p);
  board_[c] = p;
}

void State::set_pool(int value) {
  hash_ ^= kKeys[kPoolBase + pool_] ^ kKeys[kPoolBase + value];
  pool_ = static_cast<std::int8_t>(value);
}

void State::set_turn(Color c, bool moved) {
  hash_ ^= kKeys[kTurnBase + index(turn_) * 2 + (moved_ ? 1 : 0)] ^ kKeys[kTurnBase + index(c) * 2 + (moved ? 1 : 0)];
  turn_ = c;
  moved_ = moved;
}

void State::destinations(Cell from, std::vector<Cell>& out) const {
  out.clear();
  for_each_destination(board_, from, [&out](Cell to) {
    out.push_back(to);
    return true;
  });
}

void State::rows(Color c, ActionList& out) const {
  out.clear();
  for_each_row(markers_[index(c)], [&out](Cell first, Cell last) {
    out.push_back({Action::Kind::RemoveRow, first, last});
    return true;
  });
}

void State::runs(Color c, std::vector<MarkerRun>& out) const {
  out.clear();
  for (int w = 0; w < kLineWords; ++w) {
    std::uint64_t word = markers_[index(c)][w];
    // A run starts where five in a row start and the bit before is clear; lines
    // are apart by an empty bit, so a run never crosses into the next line.
    for (std::uint64_t starts = runs_of_five(word) & ~(word << 1); starts; starts &= starts - 1) {
      int first = std::countr_zero(starts), last = first + 4;
      while (last < 63 && ((word >> (last + 1)) & 1)) ++last;
      out.push_back({kBoard.bit_cell[w][first], kBoard.bit_cell[w][last]});
    }
  }
}

bool State::has_rows(Color c) const {
  const LineWords& words = markers_[index(c)];
  return std::any_of(words.begin(), words.end(), [](std::uint64_t w) { return runs_of_five(w) != 0; });
}

bool State::can_move(Color c) const {
  for (int x = 0; x < kPoints; ++x) {
    if (board_[x] != ring(c)) continue;
    bool any = false;
    for_each_destination(board_, static_cast<Cell>(x), [&any](Cell) { return !(any = true); });
    if (any) return true;
  }
  return false;
}

void State::add_moves(Color c, ActionList& out) const {
  for (int x = 0; x < kPoints; ++x) {
    if (board_[x] != ring(c)) continue;
    Cell from = static_cast<Cell>(x);
    for_each_destination(board_, from, [&](Cell to) {
      out.push_back({Action::Kind::Move, from, to});
      return true;
    });
  }
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  Color c = pending_.player;
  switch (pending_.kind) {
    case Pending::Kind::None:
      return;
    case Pending::Kind::Place:
      for (int x = 0; x < kPoints; ++x)
        if (board_[x] == Piece::None) out.push_back({Action::Kind::Place, static_cast<Cell>(x)});
      return;
    case Pending::Kind::Move:
      add_moves(c, out);
      if (out.empty()) out.push_back({Action::Kind::Pass});
      return;
    case Pending::Kind::RemoveRow:
      rows(c, out);
      return;
    case Pending::Kind::RemoveRing:
      for (int x = 0; x < kPoints; ++x)
        if (board_[x] == ring(c)) out.push_back({Action::Kind::RemoveRing, static_cast<Cell>(x)});
      return;
  }
}

std::string State::check(const Action& a) const {
  if (result_.over) return "the game is over";
  if (is_listed(a)) return {};

  Color c = pending_.player;
  auto wanted = [&]() -> std::string {
    switch (pending_.kind) {
      case Pending::Kind::Place: return who(c) + " must place a ring";
      case Pending::Kind::Move: return who(c) + " must move a ring";
      case Pending::Kind::RemoveRow: return who(c) + " must first remove a row";
      case Pending::Kind::RemoveRing: return who(c) + " must remove one of their rings";
      case Pending::Kind::None: break;
    }
    return "the game is over";
  };
  auto valid = [](Cell x) { return x >= 0 && x < kPoints; };
  switch (a.kind) {
    case Action::Kind::Place:
      if (pending_.kind != Pending::Kind::Place) return wanted();
      if (!valid(a.from)) return "there is no such point";
      return cell_name(a.from) + " is occupied";
    case Action::Kind::Pass:
      if (pending_.kind != Pending::Kind::Move) return wanted();
      return who(c) + " can move a ring: passing is allowed only when no ring can move";
    case Action::Kind::RemoveRing:
      if (pending_.kind != Pending::Kind::RemoveRing) return wanted();
      return "there is no " + colour(c) + " ring on " + (valid(a.from) ? cell_name(a.from) : "that point");
    case Action::Kind::RemoveRow:
      if (pending_.kind != Pending::Kind::RemoveRow) return wanted();
      if (!valid(a.from) || !valid(a.to)) return "there is no such row";
      return cell_name(a.from) + "-" + cell_name(a.to) + " is not a row of five " + colour(c) + " markers";
    case Action::Kind::Move:
      break;
  }
  if (pending_.kind != Pending::Kind::Move) return wanted();
  if (!valid(a.from) || !valid(a.to)) return "there is no such point";
  if (board_[a.from] != ring(c)) return "there is no " + colour(c) + " ring on " + cell_name(a.from);
  auto dir = direction_between(a.from, a.to);
  if (!dir) return cell_name(a.from) + " and " + cell_name(a.to) + " are not on a line";
  bool jumped = false;
  for (Cell x = kBoard.neighbour[a.from][*dir]; x != a.to; x = kBoard.neighbour[x][*dir]) {
    if (is_ring(board_[x])) return "a ring cannot pass over the ring on " + cell_name(x);
    if (is_marker(board_[x])) {
      jumped = true;
    } else if (jumped) {
      return "after jumping markers a ring stops on the first empty point, " + cell_name(x);
    }
  }
  if (board_[a.to] != Piece::None) return cell_name(a.to) + " is occupied";
  return "illegal move";
}

void State::apply_unchecked(const Action& a) {
  switch (a.kind) {
    case Action::Kind::Place:
      put(a.from, ring(turn_));
      hash_ ^= kKeys[kToPlaceBase + rings_to_place_] ^ kKeys[kToPlaceBase + rings_to_place_ - 1];
      --rings_to_place_;
      end_turn();
      return;
    case Action::Kind::Move:
      apply_move(a);
      return;
    case Action::Kind::Pass:
      set_turn(turn_, true);
      advance();
      return;
    case Action::Kind::RemoveRow:
      apply_row(a);
      return;
    case Action::Kind::RemoveRing:
      apply_ring(a);
      return;
  }
}

void State::apply_move(const Action& a) {
  Color c = turn_;
  int dir = *direction_between(a.from, a.to);
  put(a.from, marker(c));
  set_pool(pool_ - 1);
  for (Cell x = kBoard.neighbour[a.from][dir]; x != a.to; x = kBoard.neighbour[x][dir])
    if (is_marker(board_[x])) put(x, flipped(board_[x]));
  put(a.to, ring(c));
  set_turn(c, true);
  advance();
}

void State::apply_row(const Action& a) {
  int dir = *direction_between(a.from, a.to);
  for (Cell x = a.from;; x = kBoard.neighbour[x][dir]) {
    put(x, Piece::None);
    if (x == a.to) break;
  }
  set_pool(pool_ + 5);
  ring_due_ = true;
  ring_due_player_ = pending_.player;
  hash_ ^= kKeys[kRingDueBase + index(ring_due_player_)];
  advance();
}

void State::apply_ring(const Action& a) {
  Color c = pending_.player;
  put(a.from, Piece::None);
  int i = index(c);
  hash_ ^= kKeys[kRemovedBase + i * (kRingsEach + 1) + rings_removed_[i]] ^
           kKeys[kRemovedBase + i * (kRingsEach + 1) + rings_removed_[i] + 1];
  ++rings_removed_[i];
  ring_due_ = false;
  hash_ ^= kKeys[kRingDueBase + i];
  if (rings_removed_[i] == options_.rings_to_win()) {
    finish(c, "rings");  // the first to remove the winning ring wins at once
    return;
  }
  advance();
}

void State::advance() {
  if (result_.over) {
    pending_ = {Pending::Kind::None, turn_};
  } else if (ring_due_) {
    pending_ = {Pending::Kind::RemoveRing, ring_due_player_};
  } else if (rings_to_place_ > 0) {
    pending_ = {Pending::Kind::Place, turn_};
  } else if (!moved_) {
    pending_ = {Pending::Kind::Move, turn_};
  } else if (has_rows(turn_)) {
    pending_ = {Pending::Kind::RemoveRow, turn_};
  } else if (has_rows(opponent(turn_))) {
    pending_ = {Pending::Kind::RemoveRow, opponent(turn_)};
  } else {
    end_turn();
  }
}

void State::end_turn() {
  if (rings_to_place_ > 0) {
    set_turn(opponent(turn_), false);
    pending_ = {Pending::Kind::Place, turn_};
  } else if (pool_ == 0) {
    finish_on_rings("no-markers");
  } else {
    start_turn(opponent(turn_));
  }
}

void State::start_turn(Color c) {
  set_turn(c, false);
  if (!can_move(c) && !can_move(opponent(c))) {
    finish_on_rings("no-moves");
    return;
  }
  pending_ = {Pending::Kind::Move, c};  // with no ring that can move, the one option is to pass
}

void State::finish_on_rings(std::string_view reason) {
  int white = rings_removed_[0], black = rings_removed_[1];
  if (white == black) {
    finish(std::nullopt, reason);
  } else {
    finish(white > black ? Color::White : Color::Black, reason);
  }
}

void State::finish(std::optional<Color> winner, std::string_view reason) {
  result_ = {true, winner, reason};
  pending_ = {Pending::Kind::None, turn_};
}

bool State::resign(Color loser) {
  if (result_.over) return false;
  finish(opponent(loser), "resignation");
  return true;
}

bool State::agree_draw() {
  if (result_.over) return false;
  finish(std::nullopt, "agreement");
  return true;
}

bool State::adjudicate(std::optional<Color> winner, Verdict verdict) {
  if (result_.over) return false;
  finish(winner, verdict_reason(verdict));
  return true;
}

}  // namespace engine::yinsh
