#include "engine/yinsh/boardspace.hpp"

#include <algorithm>
#include <cctype>

#include "../boardspace_words.hpp"
#include "engine/sgf.hpp"

namespace engine::yinsh {
namespace {

using boardspace::is_number;
using boardspace::lower;
using boardspace::player_name;
using boardspace::words;

// "G" "11" -> "g11", if it is a point of the board.
std::optional<std::string> point(const std::vector<std::string_view>& w, std::size_t at) {
  auto name = boardspace::cell_words(w, at);
  if (!name || !parse_cell(*name)) return std::nullopt;
  return name;
}

std::string board_point(Cell c) { return boardspace::cell_text(cell_name(c)); }

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
  if (!gm || (lower(*gm) != "24" && lower(*gm) != "yinsh"))
    return fail(0, gm ? *gm : "", "not a boardspace YINSH file: GM must be 24 (GIPF's files are GM[gipf])");
  Options options;
  if (const std::string* su = root.value("SU")) {
    std::string kind = lower(words(*su).empty() ? "" : words(*su).front());
    if (kind == "yinsh-blitz") options.variant = Variant::Blitz;
    else if (kind != "yinsh") return fail(0, *su, "SU names another game than Yinsh or Yinsh-Blitz");
  }
  int white_index = 0;  // CM[0,1]: P0 plays white
  if (const std::string* cm = root.value("CM"); cm && trim(*cm) == "1,0") white_index = 1;
  for (const SgfProperty& p : root.properties) {
    if (p.name != "P0" && p.name != "P1") continue;
    for (const std::string& v : p.values) {
      std::string name = player_name(v);
      if (name.empty()) continue;
      bool white = (p.name == "P0") == (white_index == 0);
      (white ? out.white : out.black) = name;
    }
  }
  if (const std::string* dt = root.value("DT")) out.date = *dt;

  // Files written before boardspace had a Done step confirm each step by itself.
  bool has_dones = false;
  for (std::size_t i = 1; i < nodes.size() && !has_dones; ++i)
    for (const SgfProperty& p : nodes[i]->properties)
      if ((p.name == "P0" || p.name == "P1") && !p.values.empty()) {
        auto w = words(p.values.front());
        if (!w.empty() && is_number(w.front())) w.erase(w.begin());
        has_dones = has_dones || (!w.empty() && lower(w.front()) == "done");
      }

  YinshGame& game = out.game.emplace(options);
  std::optional<std::string> step;        // the step ready to confirm, as the engine writes it
  std::optional<std::string> lifted;      // a ring lifted for a move: where it was
  bool ring_in_hand = false;              // a ring picked to be placed
  std::optional<Color> resigned;
  int step_number = 0;
  std::string step_text;
  Color step_player = Color::White;
  auto confirm = [&]() -> std::string {
    if (!step) return {};
    if (game.over()) return "the game is already over";
    if (game.state().pending().player != step_player)
      return std::string("it is ") + std::string(color_name(game.state().pending().player)) + "'s decision here";
    std::string reason = game.play(*step);
    step.reset();
    lifted.reset();
    ring_in_hand = false;
    return reason;
  };
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    auto node = boardspace::node_step(*nodes[i], static_cast<int>(i));
    if (!node) continue;
    const SgfProperty* move = node->move;
    const std::string& text = move->values.front();
    auto w = std::move(node->words);
    step_number = node->number;
    if (w.empty()) continue;
    const std::string op = lower(w.front());
    const Color player = (move->name == "P0") == (white_index == 0) ? Color::White : Color::Black;
    auto bad = [&](std::string why) { return fail(step_number, text, std::move(why)); };
    if (op == "done") {
      if (auto reason = confirm(); !reason.empty()) return bad(reason);
      if (resigned && !game.over()) game.resign(*resigned);
      continue;
    }
    if (op == "start" || op == "time" || op == "offerdraw" || op == "declinedraw" || op == "swap" || op == "nullmove" ||
        op == "undo" || op == "pleaseundo" || op == "dontundo" || op == "allowundo")
      continue;
    if (op == "edit") return bad("an edited position (Edit) cannot be replayed");
    if (op == "reset") {
      step.reset();
      lifted.reset();
      ring_in_hand = false;
      continue;
    }
    step_text = text;
    step_player = player;
    if (op == "resign") {
      resigned = player;
      if (!has_dones && !game.over()) game.resign(player);
      continue;
    }
    if (op == "acceptdraw") {
      if (!game.agree_draw()) return bad("no draw can be agreed here");
      continue;
    }
    if (op == "winontime") {
      if (!game.adjudicate(player, Verdict::Timeout)) return bad("the game is already over");
      continue;
    }
    if (op == "pass") {
      step = "pass";
    } else if (op == "place") {
      std::string what = w.size() > 1 ? lower(w[1]) : "";
      auto at = point(w, 2);
      if (!at) return bad("place needs what (wr, br, w, b) and a point, as place wr  E 5");
      if (what == "wr" || what == "br") {
        step = *at;  // a second placement before Done replaces the first
      } else if (what == "w" || what == "b") {
        lifted = *at;  // the marker into the ring, the ring lifted
        step.reset();
      } else {
        return bad("place takes wr, br, w or b");
      }
    } else if (op == "drop" || op == "pick") {
      std::string what = w.size() > 1 ? lower(w[1]) : "";
      if (what != "board") {
        // A ring from (or back to) the rings still to place; markers and
        // captured rings move only in an edited position.
        if (what == "wr" || what == "br") ring_in_hand = op == "pick";
        else return bad(op + " " + what + " moves a piece off the board: only an edited position does that");
        if (op == "drop") step.reset();
        continue;
      }
      auto at = point(w, 2);
      if (!at) return bad(op + " board needs a point, as " + op + " board  G 9");
      if (op == "drop") {
        if (lifted) step = *lifted + "-" + *at;
        else if (ring_in_hand) step = *at;
        else return bad("drop board with no ring in hand");
      } else {
        // The dropped ring lifted again: the drop is undone.
        if (step && lifted) step.reset();
        else if (step) step.reset(), ring_in_hand = true;
        else lifted = *at;
      }
    } else if (op == "move") {
      auto from = point(w, 1), to = point(w, 3);
      if (!from || !to) return bad("move needs two points, as move E 1 E 2");
      step = *from + "-" + *to;
    } else if (op == "remove") {
      std::string what = w.size() > 1 ? lower(w[1]) : "";
      if (what == "w" || what == "b") {
        auto a = point(w, 2), b = point(w, 4);
        if (!a || !b) return bad("remove of a row needs its two ends, as remove w I 9 E 9");
        step = "x" + *a + "-" + *b;
      } else if (what == "wr" || what == "br") {
        auto at = point(w, 2);
        if (!at) return bad("remove of a ring needs its point, as remove wr E 10");
        step = "x" + *at;
      } else {
        return bad("remove takes w or b (a row), or wr or br (a ring)");
      }
    } else {
      return bad("'" + op + "' is no YINSH move word of boardspace");
    }
    if (!has_dones && step && !(op == "place" && lifted)) {
      if (auto reason = confirm(); !reason.empty()) return bad(reason);
    }
  }
  if (step) {  // the last step, without its Done
    step_number = static_cast<int>(nodes.size());
    if (auto reason = confirm(); !reason.empty()) return fail(step_number, step_text, reason);
  }
  if (resigned && !game.over()) game.resign(*resigned);
  return out;
}

namespace {

// The file's head, to its players and its first node ("Start White").
void write_head(std::string& out, Variant variant, const GameResult* result, std::string_view white, std::string_view black,
                std::string_view name) {
  out += "(;\nGM[24]VV[2]\nCM[0,1]\nTC[None]\n";
  out += variant == Variant::Blitz ? "SU[Yinsh-Blitz]\n" : "SU[Yinsh]\n";
  if (!name.empty()) out += "GN[" + sgf_escape(name) + "]\n";
  if (result && result->over) {
    if (!result->winner) out += "RE[The game is a draw]\n";
    else out += "RE[Game won by " + sgf_escape(*result->winner == Color::White ? white : black) + "]\n";
  }
  out += "P0[id \"" + sgf_escape(white) + "\"]\nP1[id \"" + sgf_escape(black) + "\"]\n";
}

// Writes boardspace's nodes, numbered from `n` on.
class NodeWriter {
 public:
  NodeWriter(std::string& out) : out_(out) {}
  void node(Color player, const std::string& words) {
    out_ += "; P" + std::string(player == Color::White ? "0" : "1") + "[" + std::to_string(n_++) + " " + sgf_escape(words) + "]\n";
  }
  // The game's step `index` in the robots' one-word form, and its Done,
  // numbered by their place in the game (in a variation too).
  void step(const YinshGame::Step& s, std::size_t index) {
    n_ = static_cast<int>(2 * index + 1);
    const Action& a = s.action;
    const bool white_player = s.player == Color::White;
    switch (a.kind) {
      case Action::Kind::Place: node(s.player, std::string("place ") + (white_player ? "wr" : "br") + "  " + board_point(a.from)); break;
      case Action::Kind::Move: node(s.player, "move " + board_point(a.from) + " " + board_point(a.to)); break;
      case Action::Kind::RemoveRow:
        node(s.player, std::string("remove ") + (white_player ? "w" : "b") + " " + board_point(a.from) + " " + board_point(a.to));
        break;
      case Action::Kind::RemoveRing: node(s.player, std::string("remove ") + (white_player ? "wr" : "br") + " " + board_point(a.from)); break;
      case Action::Kind::Pass: node(s.player, "Pass "); break;
    }
    node(s.player, "Done ");
  }

 private:
  std::string& out_;
  int n_ = 0;
};

}  // namespace

std::string write_boardspace(const YinshGame& game, std::string_view white, std::string_view black, std::string_view name) {
  std::string out;
  const GameResult& result = game.state().result();
  write_head(out, game.options().variant, &result, white, black, name);
  NodeWriter nodes(out);
  nodes.node(Color::White, "Start White");
  for (std::size_t k = 0; k < game.steps().size(); ++k) nodes.step(game.steps()[k], k);
  if (result.over && result.reason == "resignation" && result.winner) {
    nodes.node(opponent(*result.winner), "Resign ");
    nodes.node(opponent(*result.winner), "Done ");
  } else if (result.over && result.reason == "agreement") {
    Color to_move = game.state().turn();
    nodes.node(to_move, "OfferDraw ");
    nodes.node(opponent(to_move), "AcceptDraw ");
  }
  out += ")\n";
  return out;
}

}  // namespace engine::yinsh
