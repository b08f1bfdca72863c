#include "engine/gipf/boardspace.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <vector>

#include "../boardspace_words.hpp"
#include "engine/sgf.hpp"

namespace engine::gipf {
namespace {

using boardspace::is_number;
using boardspace::lower;
using boardspace::player_name;
using boardspace::words;

// "E" "5" -> e5, if it is a cell of the board (a point or a dot).
std::optional<Cell> point(const std::vector<std::string_view>& w, std::size_t at) {
  auto name = boardspace::cell_words(w, at);
  if (!name) return std::nullopt;
  return parse_cell(*name);
}

std::string board_point(Cell c) { return boardspace::cell_text(cell_name(c)); }

CellMask occupied(const State& s) {
  CellMask out = 0;
  for (Cell c = 0; c < kCells; ++c)
    if (s.at(c) != Piece::None) out |= bit(c);
  return out;
}

// The dots at both ends of line `l`.
CellMask end_dots(int l) {
  const Line& line = kBoard.lines[l];
  return bit(kBoard.neighbour[line.cells[0]][line.axis + 3]) | bit(kBoard.neighbour[line.cells[line.length - 1]][line.axis]);
}

CellMask line_points(int l) {
  CellMask out = 0;
  for (int i = 0; i < kBoard.lines[l].length; ++i) out |= bit(kBoard.lines[l].cells[i]);
  return out;
}

// The line along `axis` through `c`: a point's own, or the one a dot leads into.
std::optional<int> line_through(Cell c, int axis) {
  if (is_point(c)) return axis * kLinesPerAxis + kBoard.line_bit[c][axis] / 8;
  for (int d : {axis, axis + 3}) {
    Cell next = kBoard.neighbour[c][d];
    if (next != kNoCell && is_point(next)) return axis * kLinesPerAxis + kBoard.line_bit[next][axis] / 8;
  }
  return std::nullopt;
}

// boardspace's "marks" (GipfBoard.markForRemoval, GipfCell.markRow): every row
// of four of one colour standing on the board, whatever the arena has offered
// or declined, its extent marked on its axis, and the dots its line ends on.
struct Marks {
  std::vector<Row> rows;
  std::array<CellMask, kAxes> axis{};  // per arena axis
  CellMask cells = 0;                  // the marked points
};

Marks marks_of(const State& s, Color who) {
  Marks m;
  for (int l = 0; l < kLines; ++l) {
    const Line& line = kBoard.lines[l];
    for (int i = 0; i < line.length;) {
      if (s.at(line.cells[i]) == Piece::None) {
        ++i;
        continue;
      }
      Row row{who, static_cast<std::int8_t>(l), 0, 0, 0};
      int run = 0, best = 0;
      for (; i < line.length && s.at(line.cells[i]) != Piece::None; ++i) {
        Piece p = s.at(line.cells[i]);
        row.extent |= bit(line.cells[i]);
        (is_gipf(p) ? row.gipf : row.singles) |= bit(line.cells[i]);
        run = color_of(p) == who ? run + 1 : 0;
        best = std::max(best, run);
      }
      if (best < 4) continue;
      m.rows.push_back(row);
      m.axis[line.axis] |= row.extent | end_dots(l);
      m.cells |= row.extent;
    }
  }
  return m;
}

// boardspace numbers the axes the other way round: its direction bit 0 is the
// arena's axis 2 (1,1), bit 1 axis 1 (1,0), bit 2 axis 0 (0,1).
int rowcode(const Marks& m, Cell c) {
  int code = 0;
  for (int axis = 0; axis < kAxes; ++axis)
    if (m.axis[axis] & bit(c)) code |= 1 << (2 - axis);
  return code;
}

// The axis boardspace removes along when a cell with this code is named
// (GipfBoard.Execute, MOVE_REMOVE): codes 1 3 7 its direction 0, 2 6 its 1, 4 5 its 2.
std::optional<int> removal_axis(int code) {
  switch (code) {
    case 1: case 3: case 7: return 2;
    case 2: case 6: return 1;
    case 4: case 5: return 0;
    default: return std::nullopt;
  }
}

// boardspace's default at each capture (GipfBoard.markForPreservation): the
// mover's own GIPF pieces in a row stay, and the opponent's where two rows
// cross; the opponent's GIPF pieces in one row alone are removed.
CellMask preserved_by_default(const State& s, const Marks& m, Color who) {
  CellMask out = 0;
  for (const Row& row : m.rows)
    for (CellMask g = row.gipf; g; g &= g - 1) {
      Cell c = static_cast<Cell>(std::countr_zero(g));
      int rows = static_cast<int>(std::count_if(m.rows.begin(), m.rows.end(), [&](const Row& r) { return (r.extent & bit(c)) != 0; }));
      if (color_of(s.at(c)) == who || rows > 1) out |= bit(c);
    }
  return out;
}

bool placing_gipf(const State& s, Color c) {
  return s.options().variant == Variant::Tournament && !s.single_brought(c);
}

// Removes `target` for `who` with the rules' removals: each takes exactly the
// target's part of its row, in an order the rules allow (crossing rows may
// need one order). The game ending on the way ends it (RULES.md §2.5).
bool cover(GipfGame& game, Color who, CellMask target, int depth = 0) {
  target &= occupied(game.state());
  if (!target || game.over()) return true;
  if (depth > 8 || game.state().pending().player != who) return false;
  for (const Action& a : game.state().legal_actions()) {
    if (a.kind != Action::Kind::Remove || a.cells != (target & a.extent)) continue;
    GipfGame next = game;
    if (next.play(a).empty() && cover(next, who, target & ~a.cells, depth + 1)) {
      game = std::move(next);
      return true;
    }
  }
  return false;
}

// The rows of `who` still to decide on stay on the board whole (their GIPF
// pieces were all preserved).
std::string keep_rest(GipfGame& game, Color who) {
  while (!game.over() && game.state().pending().kind == Pending::Kind::Remove && game.state().pending().player == who) {
    auto legal = game.state().legal_actions();
    auto keep = std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.kind == Action::Kind::Keep; });
    if (keep == legal.end()) return "boardspace leaves a row of four on the board that the rules remove";
    game.play(*keep);
  }
  return {};
}

std::string cells_text(CellMask m) { return cell_list(m, ' '); }

// Replays boardspace's words on a game, as GipfBoard.Execute does them: the
// push first, then the captures when they fall due.
class Reader {
 public:
  explicit Reader(GipfGame& game) : game_(game) { start_turn(Color::White); }

  Color mover() const { return mover_; }
  bool pushed() const { return pushed_ || slid_; }

  std::string pick_reserve() {
    if (pushed()) return "Pick of a reserve piece after the push";
    in_hand_ = true;
    return {};
  }
  std::string drop_reserve() {  // the piece in hand (or on the dot) goes back
    if (pushed_) return "Drop back to the reserve after the push";
    in_hand_ = false;
    dot_.reset();
    slid_.reset();
    return {};
  }
  std::string dropb(Cell c) {
    if (is_dot(c)) {
      if (pushed_) return "Dropb on a dot after the push";
      if (!dot_ && !slid_) {
        if (auto why = captures_before_push(); !why.empty()) return why;
      }
      dot_ = c;
      slid_.reset();
      in_hand_ = false;
      return {};
    }
    if (!dot_ || pushed_ || slid_) return "Dropb on a point needs a piece on a dot, not yet pushed";
    if (auto why = no_push(*dot_, c); !why.empty()) return why;
    slid_ = c;
    return {};
  }
  std::string pickb(Cell c) {
    if (slid_ && c == *slid_) {  // the push taken back: the piece in hand again, from its dot
      slid_.reset();
      return {};
    }
    if (dot_ && c == *dot_ && !slid_ && !pushed_) return {};
    return "Pickb lifts a piece the turn has not just placed: only an edited position does that";
  }
  std::string slide(Cell from, Cell to) {
    if (pushed()) return "a second push in one turn";
    if (auto why = no_push(from, to); !why.empty()) return why;
    if (auto why = captures_before_push(); !why.empty()) return why;
    dot_ = from;
    slid_ = to;
    return {};
  }
  std::string standard() {
    if (pushed()) return "Standard after the push";
    if (game_.options().variant != Variant::Tournament) return "Standard is only for the tournament game";
    gipf_mode_ = !gipf_mode_;
    return {};
  }
  // Preserve toggles a GIPF piece of a row; Remove on one (`unpreserve`) takes it with the row.
  std::string preserve(Cell c, bool unpreserve) {
    if (auto why = push(); !why.empty()) return why;
    if (!is_gipf(game_.state().at(c))) return {};  // boardspace does nothing either
    if (unpreserve) preserved_ &= ~bit(c);
    else preserved_ ^= bit(c);
    return {};
  }
  std::string remove(Cell c) {
    if (auto why = push(); !why.empty()) return why;
    if (is_gipf(game_.state().at(c))) return preserve(c, true);
    if (!claim_forced(c)) {
      Marks m = marks_of(game_.state(), mover_);
      auto axis = removal_axis(rowcode(m, c));
      auto line = axis ? line_through(c, *axis) : std::nullopt;
      if (!line) return "Remove " + cell_name(c) + " names no row of four of " + std::string(color_name(mover_));
      CellMask target = (line_points(*line) & m.cells) & ~preserved_;
      if (!cover(game_, mover_, target))
        return "boardspace's removal of " + cells_text(target & occupied(game_.state())) + " is not one the rules allow here";
    }
    if (!pushed_) {  // before the push boardspace sets its defaults again (PRECAPTURE states)
      Marks m = marks_of(game_.state(), mover_);
      preserved_ = m.rows.empty() ? 0 : preserved_by_default(game_.state(), m, mover_);
      gipf_mode_ = !m.rows.empty() && placing_gipf(game_.state(), mover_);
    } else {
      preserved_ &= occupied(game_.state());
    }
    return {};
  }
  std::string done() {
    if (auto why = push(); !why.empty()) return why;
    if (!pushed_) return "Done before the push";
    Marks m = marks_of(game_.state(), mover_);
    CellMask target = m.cells & ~preserved_;
    if (!cover(game_, mover_, target))
      return "boardspace's removal of " + cells_text(target & occupied(game_.state())) + " at Done is not one the rules allow here";
    if (auto why = keep_rest(game_, mover_); !why.empty()) return why;
    start_turn(opponent(mover_));
    return {};
  }
  // The push written with Dropb (or Slide), made now: a later word needs it.
  std::string push() {
    if (!slid_) return {};
    const Cell dot = *dot_, to = *slid_;
    slid_.reset();
    dot_.reset();
    auto p = find_push(dot, to);
    if (game_.over()) return "the game is already over";
    if (game_.state().pending().player != mover_ || game_.state().pending().kind != Pending::Kind::Push)
      return std::string("it is ") + std::string(color_name(game_.state().pending().player)) + "'s decision here";
    if (std::string why = game_.play(Action::make_push(*p, gipf_mode_)); !why.empty()) return why;
    pushed_ = true;
    last_push_ = game_.steps().size();
    while (last_push_ > 0 && game_.steps()[last_push_ - 1].action.kind != Action::Kind::Push) --last_push_;
    Marks m = marks_of(game_.state(), mover_);
    preserved_ = preserved_by_default(game_.state(), m, mover_);
    return {};
  }

 private:
  void start_turn(Color c) {
    mover_ = c;
    pushed_ = in_hand_ = false;
    dot_.reset();
    slid_.reset();
    preserved_ = preserved_by_default(game_.state(), marks_of(game_.state(), c), c);
    gipf_mode_ = placing_gipf(game_.state(), c);
  }

  // Pushing with rows still standing (PRECAPTURE_OR_START: all-GIPF rows only)
  // first removes their pieces that are not preserved.
  std::string captures_before_push() {
    Marks m = marks_of(game_.state(), mover_);
    if (m.rows.empty()) return {};
    for (const Row& row : m.rows)
      if (row.singles) return "a row of four must be removed (Remove) before the push";
    CellMask target = m.cells & ~preserved_;
    if (!cover(game_, mover_, target))
      return "boardspace's removal of " + cells_text(target & occupied(game_.state())) + " before the push is not one the rules allow here";
    if (auto why = keep_rest(game_, mover_); !why.empty()) return why;
    preserved_ = 0;
    return {};
  }

  static std::string no_push(Cell dot, Cell to) {
    auto p = is_dot(dot) ? find_push(dot, to) : std::nullopt;
    if (!p || kBoard.pushes[*p].path[0] != to)
      return "no push from " + cell_name(dot) + " onto " + cell_name(to) + ": the point must be next to the dot";
    return {};
  }

  // A removal the rules took by themselves (a single option) since the last
  // push, of the row through `c`, which the file names too.
  bool claim_forced(Cell c) {
    const auto& steps = game_.steps();
    claimed_.resize(steps.size(), false);
    for (std::size_t k = last_push_; k < steps.size(); ++k) {
      const auto& s = steps[k];
      if (!s.automatic || claimed_[k] || s.player != mover_ || s.action.kind != Action::Kind::Remove) continue;
      if ((line_points(s.action.line) | end_dots(s.action.line)) & bit(c)) return claimed_[k] = true;
    }
    return false;
  }

  GipfGame& game_;
  Color mover_ = Color::White;
  bool pushed_ = false;      // the mover's push is made
  bool in_hand_ = false;     // a reserve piece picked
  bool gipf_mode_ = false;   // tournament: the push brings in a GIPF piece
  std::optional<Cell> dot_;  // the dot the piece stands on
  std::optional<Cell> slid_; // the point it is pushed onto (not made yet)
  CellMask preserved_ = 0;
  std::size_t last_push_ = 0;
  std::vector<bool> claimed_;
};

}  // namespace

BoardspaceRead read_boardspace(std::string_view sgf) {
  BoardspaceRead out;
  auto fail = [&out](int step, std::string_view text, std::string why) {
    out.game.reset();
    out.step = step;
    out.text = std::string(text);
    out.error = std::move(why);
    return std::move(out);
  };
  auto parsed = parse_sgf(sgf);
  if (!parsed.error.empty()) return fail(0, "", "not an SGF file: " + parsed.error + " (at byte " + std::to_string(parsed.offset) + ")");
  auto nodes = main_line(parsed.tree);
  const SgfNode& root = *nodes.front();
  const std::string* gm = root.value("GM");
  if (!gm || lower(*gm) != "gipf") return fail(0, gm ? *gm : "", "not a boardspace GIPF file: GM must be gipf");
  Options options;
  options.variant = Variant::Basic;  // boardspace's own default, "Gipf"
  if (const std::string* su = root.value("SU")) {
    std::string kind = lower(words(*su).empty() ? "" : words(*su).front());
    if (kind == "gipf-standard") options.variant = Variant::Standard;
    else if (kind == "gipf-tournament") options.variant = Variant::Tournament;
    else if (kind == "gipf-matrx") return fail(0, *su, "Matrx GIPF (the potentials) is not a game of the arena");
    else if (kind != "gipf") return fail(0, *su, "SU names another game than gipf, gipf-standard or gipf-tournament");
  }
  // P0 moves first and starts on b5 e2 h5 whatever colour CM gives its pieces: the arena's White.
  for (const SgfProperty& p : root.properties) {
    if (p.name != "P0" && p.name != "P1") continue;
    for (const std::string& v : p.values)
      if (std::string name = player_name(v); !name.empty()) (p.name == "P0" ? out.white : out.black) = name;
  }
  if (const std::string* dt = root.value("DT")) out.date = *dt;

  // Files without a Done step end a turn where the other player's words begin.
  bool has_dones = false;
  for (std::size_t i = 1; i < nodes.size() && !has_dones; ++i)
    for (const SgfProperty& p : nodes[i]->properties)
      if ((p.name == "P0" || p.name == "P1") && !p.values.empty())
        for (std::string_view w : words(p.values.front()))
          has_dones = has_dones || lower(w) == "done";

  GipfGame& game = out.game.emplace(options);
  Reader reader(game);
  std::optional<Color> resigned;
  int step_number = 0;
  std::string step_text;
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    auto node = boardspace::node_step(*nodes[i], static_cast<int>(i));
    if (!node) continue;
    const SgfProperty* move = node->move;
    const std::string& text = move->values.front();
    auto w = std::move(node->words);
    step_number = node->number;
    if (w.empty()) continue;
    const std::string op = lower(w.front());
    const Color player = move->name == "P0" ? Color::White : Color::Black;
    auto bad = [&](std::string why) { return fail(step_number, text, std::move(why)); };
    if (op == "start" || op == "time" || op == "offerdraw" || op == "declinedraw" || op == "nullmove" || op == "undo" ||
        op == "pleaseundo" || op == "dontundo" || op == "allowundo")
      continue;
    if (op == "edit") return bad("an edited position (Edit) cannot be replayed");
    step_text = text;
    if (op == "resign") {
      resigned = player;
      if (!has_dones && !game.over()) game.resign(player);
      continue;
    }
    if (op == "winontime" || op == "gameoverontime") {
      if (!game.adjudicate(player, Verdict::Timeout)) return bad("the game is already over");
      continue;
    }
    if (op == "acceptdraw") return bad("GIPF has no draws");
    if (op == "done" && resigned) {
      if (auto why = reader.push(); !why.empty()) return bad(why);
      if (!game.over()) game.resign(*resigned);
      continue;
    }
    if (!has_dones && player != reader.mover() && reader.pushed()) {
      if (auto why = reader.done(); !why.empty()) return bad(why);
    }
    if (game.over() && op == "done") continue;  // the rules ended the game in this turn: its Done ends nothing more
    if (game.over()) return bad("the game is already over");
    if (player != reader.mover()) return bad(std::string("it is ") + std::string(color_name(reader.mover())) + "'s turn here");
    std::string why;
    if (op == "done") {
      why = reader.done();
    } else if (op == "pick" || op == "drop") {
      std::string what = w.size() > 1 ? lower(w[1]) : "";
      if (what != "wr" && what != "br") return bad(op + " " + what + " moves a piece off the board: only an edited position does that");
      if ((what == "wr") != (player == Color::White)) return bad(op + " " + what + ": the other player's reserve");
      why = op == "pick" ? reader.pick_reserve() : reader.drop_reserve();
    } else if (op == "dropb" || op == "pickb" || op == "preserve" || op == "remove") {
      auto at = point(w, 1);
      if (!at) return bad(op + " needs a cell, as " + op + " E 5");
      why = op == "dropb" ? reader.dropb(*at) : op == "pickb" ? reader.pickb(*at) : op == "preserve" ? reader.preserve(*at, false) : reader.remove(*at);
    } else if (op == "slide" || op == "slidefrom") {
      auto from = point(w, 1), to = point(w, 3);
      if (!from || !to) return bad(op + " needs a dot and a point, as " + op + " A 1 B 2");
      why = reader.slide(*from, *to);
    } else if (op == "standard") {
      why = reader.standard();
    } else {
      return bad("'" + op + "' is no GIPF move word of boardspace");
    }
    if (!why.empty()) return bad(why);
  }
  step_number = static_cast<int>(nodes.size());
  if (auto why = reader.push(); !why.empty()) return fail(step_number, step_text, why);  // the last push, without its Done
  if (!has_dones && reader.pushed() && !game.over()) {
    if (auto why = reader.done(); !why.empty()) return fail(step_number, step_text, why);
  }
  if (resigned && !game.over()) game.resign(*resigned);
  return out;
}

namespace {

// Writes a game's steps as boardspace's words, keeping boardspace's view of
// the turn (whose it is, which GIPF pieces it would keep) in step.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}

  void node(Color player, const std::string& words) {
    out_ += "; P" + std::string(player == Color::White ? "0" : "1") + "[" + std::to_string(n_++) + " " + sgf_escape(words) + "]\n";
  }
  bool pushed() const { return pushed_; }
  Color mover() const { return mover_; }

  void start(const State& s) { start_turn(s, Color::White); }

  // `s` is the position before the step.
  std::string step(const State& s, Color player, const Action& a) {
    if (player != mover_) {
      if (!pushed_) return "a step of " + std::string(color_name(player)) + " before " + std::string(color_name(mover_)) + " pushed";
      done(s);
    }
    State after = s;
    after.apply_unchecked(a);
    switch (a.kind) {
      case Action::Kind::Push: return push(s, after, a);
      case Action::Kind::Remove: return remove(s, after, a);
      case Action::Kind::Keep: return {};  // its GIPF pieces are preserved before the push or Done
    }
    return {};
  }

  // The end of the mover's turn: the rows left stand whole.
  void done(const State& s) {
    if (!s.result().over) {
      Marks m = marks_of(s, mover_);
      CellMask gipf = 0;
      for (const Row& row : m.rows) gipf |= row.gipf;
      set_preserved(gipf, 0);
    }
    node(mover_, "Done ");
    start_turn(s, opponent(mover_));
  }

 private:
  void start_turn(const State& s, Color c) {
    mover_ = c;
    pushed_ = false;
    preserved_ = preserved_by_default(s, marks_of(s, c), c);
    gipf_mode_ = placing_gipf(s, c);
  }

  // Preserve what boardspace would remove, and Remove (unpreserve) what it would keep.
  void set_preserved(CellMask on, CellMask off) {
    for (CellMask m = on & ~preserved_; m; m &= m - 1) node(mover_, "Preserve " + board_point(static_cast<Cell>(std::countr_zero(m))));
    for (CellMask m = off & preserved_; m; m &= m - 1) node(mover_, "Remove " + board_point(static_cast<Cell>(std::countr_zero(m))));
    preserved_ = (preserved_ | on) & ~off;
  }

  std::string push(const State& s, const State& after, const Action& a) {
    Marks m = marks_of(s, mover_);  // all-GIPF rows kept: the push must remove none of them
    CellMask gipf = 0;
    for (const Row& row : m.rows) gipf |= row.gipf;
    set_preserved(gipf, 0);
    if (a.gipf != gipf_mode_) {
      node(mover_, "Standard");
      gipf_mode_ = a.gipf;
    }
    const PushMove& p = kBoard.pushes[a.push];
    node(mover_, "Dropb " + board_point(p.dot));
    node(mover_, "Dropb " + board_point(p.path[0]));
    pushed_ = true;
    preserved_ = preserved_by_default(after, marks_of(after, mover_), mover_);
    return {};
  }

  std::string remove(const State& s, const State& after, const Action& a) {
    Marks m = marks_of(s, mover_);
    const int axis = kBoard.lines[a.line].axis;
    CellMask gipf = 0;
    for (const Row& row : m.rows)
      if (row.extent == a.extent) gipf = row.gipf;
    // boardspace removes every marked piece on the line not preserved
    CellMask beyond = line_points(a.line) & m.cells & ~a.extent;
    for (CellMask b = beyond; b; b &= b - 1)
      if (!is_gipf(s.at(static_cast<Cell>(std::countr_zero(b)))))
        return "the removal " + cells_text(a.cells) + " cannot be written: boardspace would remove " + cells_text(beyond) + " with it";
    // A single piece of the row names it, as a player clicks one; else a dot
    // its line ends on, as boardspace's robot does.
    std::optional<Cell> named;
    for (CellMask candidates : {a.cells & ~gipf, end_dots(a.line)})
      for (CellMask c = candidates; c && !named; c &= c - 1) {
        Cell cell = static_cast<Cell>(std::countr_zero(c));
        if (removal_axis(rowcode(m, cell)) == axis) named = cell;
      }
    if (!named) return "the removal " + cells_text(a.cells) + " cannot be written: no cell names its row to boardspace";
    set_preserved((gipf & ~a.cells) | (beyond & ~a.cells), gipf & a.cells);
    node(mover_, "Remove " + board_point(*named));
    if (!pushed_) {  // boardspace's PRECAPTURE states set the defaults again
      Marks left = marks_of(after, mover_);
      preserved_ = left.rows.empty() ? 0 : preserved_by_default(after, left, mover_);
      gipf_mode_ = !left.rows.empty() && placing_gipf(after, mover_);
    } else {
      preserved_ &= occupied(after);
    }
    return {};
  }

  std::string& out_;
  int n_ = 0;
  Color mover_ = Color::White;
  bool pushed_ = false;
  bool gipf_mode_ = false;
  CellMask preserved_ = 0;
};

std::string_view su_name(Variant v) {
  return v == Variant::Basic ? "gipf" : v == Variant::Standard ? "gipf-standard" : "gipf-tournament";
}

}  // namespace

BoardspaceWritten write_boardspace(const GipfGame& game, std::string_view white, std::string_view black, std::string_view name) {
  BoardspaceWritten written;
  const Options& options = game.options();
  if (options.extra[0] || options.extra[1]) {
    written.error = "boardspace's GIPF has no handicap: a basic game with extra pieces cannot be written as its file";
    return written;
  }
  std::string out = "(;\nGM[gipf]VV[2]\nCM[0,1]\nTC[None]\nSU[" + std::string(su_name(options.variant)) + " 0 102]\n";
  if (!name.empty()) out += "GN[" + sgf_escape(name) + "]\n";
  const GameResult& result = game.state().result();
  if (result.over && result.winner)
    out += "RE[Game won by " + sgf_escape(*result.winner == Color::White ? white : black) + "]\n";
  out += "P0[id \"" + sgf_escape(white) + "\"]\nP1[id \"" + sgf_escape(black) + "\"]\n";
  Writer nodes(out);
  nodes.node(Color::White, "Start P0");
  State s(options);
  nodes.start(s);
  for (const auto& step : game.steps()) {
    if (std::string why = s.check(step.action); !why.empty()) {
      written.error = "a boardspace file begins at the start of a game: " + step.text + " is not legal there (" + why + ")";
      return written;
    }
    if (std::string why = nodes.step(s, step.player, step.action); !why.empty()) {
      written.error = why;
      return written;
    }
    s.apply_unchecked(step.action);
  }
  // The mover's turn ends once its decisions are made, or the rules ended the
  // game (`s` is the game without a resignation or a referee's result).
  if (nodes.pushed() && (s.result().over || s.pending().player != nodes.mover())) nodes.done(s);
  if (result.over && result.reason == "resignation" && result.winner) {
    nodes.node(opponent(*result.winner), "Resign ");
    nodes.node(opponent(*result.winner), "Done ");
  }
  out += ")\n";
  written.text = std::move(out);
  return written;
}

}  // namespace engine::gipf
