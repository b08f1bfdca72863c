// YINSH geometry and every rule of RULES.md §3 on positions rebuilt from the
// rulebook's figures.
#include <set>

#include "yinsh_helpers.hpp"

using namespace yinsh_test;
using V = Variant;
using Strings = std::vector<std::string>;
using Kind = Pending::Kind;
constexpr Color W = Color::White, B = Color::Black;

TEST_CASE("YINSH board: 85 points in the columns of RULES.md §1.2") {
  std::string names;
  for (int c = 0; c < kPoints; ++c) names += cell_name(static_cast<Cell>(c)) + " ";
  const char* ranges[] = {"a2 a5", "b1 b7", "c1 c8", "d1 d9", "e1 e10", "f2 f10", "g2 g11", "h3 h11", "i4 i11", "j5 j11", "k7 k10"};
  int total = 0;
  for (int col = 0; col < kColumns; ++col) {
    auto r = engine::split(ranges[col], " ");
    CHECK(cell_name(*parse_cell(r[0])) == std::string(r[0]));
    CHECK(kBoard.first_number[col] == std::stoi(std::string(r[0].substr(1))));
    CHECK(kBoard.last_number[col] == std::stoi(std::string(r[1].substr(1))));
    total += kBoard.last_number[col] - kBoard.first_number[col] + 1;
  }
  CHECK(total == kPoints);
  CHECK(kBoard.hex[*parse_cell("f6")] == engine::Hex{0, 0});
  for (auto missing : {"a1", "a6", "f1", "f11", "k6", "k11", "l5", "e0", "e11"}) CHECK_MESSAGE(!parse_cell(missing), missing);
  for (int c = 0; c < kPoints; ++c) CHECK(parse_cell(cell_name(static_cast<Cell>(c))) == static_cast<Cell>(c));
}

TEST_CASE("YINSH lines: letter, number and letter-minus-number lines") {
  std::multiset<int> lengths;
  for (int l = 0; l < kBoard.line_count; ++l) lengths.insert(kBoard.lines[l].length);
  // per axis: 11 lines of lengths 4 7 8 9 10 9 10 9 8 7 4 (the columns a..k)
  CHECK(kBoard.line_count == 33);
  CHECK(lengths.count(10) == 6);
  CHECK(lengths.count(4) == 6);
  CHECK(lengths.count(7) == 6);
  int covered = 0;
  for (int l = 0; l < kBoard.line_count; ++l) covered += kBoard.lines[l].length;
  CHECK(covered == 3 * kPoints);
  // along a line the letter-minus-number stays constant on the third axis
  auto along = [](const char* a, const char* b) { return direction_between(*parse_cell(a), *parse_cell(b)).has_value(); };
  CHECK(along("e1", "e10"));   // same letter
  CHECK(along("b6", "j6"));    // same number
  CHECK(along("a2", "e6"));    // letter index minus number constant
  CHECK(!along("a2", "c3"));
}

TEST_CASE("placement: ten rings, alternating, White first, on any empty point") {
  State s(Options{});
  CHECK(s.pending() == Pending{Kind::Place, W});
  CHECK(legal(s).size() == 85);
  play(s, "a2");  // the edge is playable
  CHECK(s.pending() == Pending{Kind::Place, B});
  CHECK(s.check(parse_action(s, "a2").value) == "a2 is occupied");
  for (auto p : {"k10", "f6", "f7", "b1", "e10", "c5", "g4", "h9", "j11"}) play(s, p);
  CHECK(s.rings_to_place() == 0);
  CHECK(s.pending() == Pending{Kind::Move, W});
  CHECK(s.rings_on_board(W) == 5);
  CHECK(s.rings_on_board(B) == 5);
  CHECK(s.pool() == 51);
}

TEST_CASE("figure 3: a ring passes empty points, jumps one group of markers, never a ring") {
  State s = position(V::Normal, "B:f6,a2,a3,a4,k10 W:f5,b7,c8,d9,e10 w:f8,h6,g7,h8,i9,j10,c3 b:f9", B);
  std::vector<Cell> to;
  s.destinations(*parse_cell("f6"), to);
  std::set<std::string> got;
  for (Cell c : to) got.insert(cell_name(c));
  // up: f7, then jump f8-f9 onto f10; down: the ring on f5 blocks; right: g6, jump h6 to i6;
  // left: e6 d6 c6 b6; up-right: the markers run to the edge; down-left: e5 d4, jump c3 to b2
  CHECK(got == std::set<std::string>{"f7", "f10", "g6", "i6", "e6", "d6", "c6", "b6", "e5", "d4", "b2"});
  auto over_ring = parse_action(s, "f6-f4");
  REQUIRE(over_ring.ok());
  CHECK(s.check(over_ring.value) == "a ring cannot pass over the ring on f5");
  auto past_group = parse_action(s, "f6-j6");
  REQUIRE(past_group.ok());
  CHECK(s.check(past_group.value) == "after jumping markers a ring stops on the first empty point, i6");
  CHECK(s.check(parse_action(s, "f6-g8").value) == "f6 and g8 are not on a line");
  CHECK(s.check(parse_action(s, "f5-f4").value) == "there is no black ring on f5");
}

TEST_CASE("figure 4: jumped markers flip, the marker left in the ring keeps its colour") {
  State s = position(V::Normal, "B:e3,a2,a3,a4,k10 W:b7,c8,d9,j5,k7 w:e4,e6,e8 b:e5,e7", B);
  play(s, "e3-e9");
  CHECK(at(s, "e3") == Piece::BlackMarker);
  CHECK(at(s, "e4") == Piece::BlackMarker);
  CHECK(at(s, "e5") == Piece::WhiteMarker);
  CHECK(at(s, "e6") == Piece::BlackMarker);
  CHECK(at(s, "e7") == Piece::WhiteMarker);
  CHECK(at(s, "e8") == Piece::BlackMarker);
  CHECK(at(s, "e9") == Piece::BlackRing);
  CHECK(s.pool() == 51 - 6);
  CHECK(s.pending() == Pending{Kind::Move, W});
}

TEST_CASE("figure 6, second position: a run of seven, the player chooses which five") {
  State s = position(V::Normal, "B:f5,a2,a3,a4,k10 W:b7,c8,d9,j5,k7 b:f2,f3,f4,f6,f7,f8", B);
  play(s, "f5-g5");
  CHECK(s.pending() == Pending{Kind::RemoveRow, B});
  CHECK(legal(s) == Strings{"xf2-f6", "xf3-f7", "xf4-f8"});
  play(s, "xf3-f7");
  CHECK(at(s, "f2") == Piece::BlackMarker);
  CHECK(at(s, "f8") == Piece::BlackMarker);
  CHECK(s.pending() == Pending{Kind::RemoveRing, B});
  CHECK(legal(s) == Strings{"xa2", "xa3", "xa4", "xg5", "xk10"});
  play(s, "xg5");
  CHECK(s.rings_removed(B) == 1);
  CHECK(s.pool() == 51 - 7 + 5);
  CHECK(s.pending() == Pending{Kind::Move, W});
}

TEST_CASE("figure 6, first position: removing one of two crossing rows breaks the other") {
  State s = position(V::Normal, "B:f6,a2,a3,a4,k10 W:b7,c8,d9,j5,k7 b:f4,f5,f7,f8,d6,e6,g6,h6", B);
  play(s, "f6-g7");
  CHECK(legal(s) == Strings{"xd6-h6", "xf4-f8"});
  play(s, "xd6-h6");
  play(s, "xa2");
  CHECK(s.pending() == Pending{Kind::Move, W});  // f4-f8 lost f6: no second row
  CHECK(s.rings_removed(B) == 1);
}

TEST_CASE("runs: a run of seven is one run, crossing rows are two, in line order") {
  auto run = [](const char* first, const char* last) { return MarkerRun{*parse_cell(first), *parse_cell(last)}; };
  std::vector<MarkerRun> runs;
  State seven = position(V::Normal, "B:f5,a2,a3,a4,k10 W:b7,c8,d9,j5,k7 b:f2,f3,f4,f6,f7,f8", B);
  play(seven, "f5-g5");
  seven.runs(B, runs);
  CHECK(runs == std::vector<MarkerRun>{run("f2", "f8")});
  seven.runs(W, runs);
  CHECK(runs.empty());
  State crossing = position(V::Normal, "B:f6,a2,a3,a4,k10 W:b7,c8,d9,j5,k7 b:f4,f5,f7,f8,d6,e6,g6,h6", B);
  play(crossing, "f6-g7");
  crossing.runs(B, runs);
  CHECK(runs == std::vector<MarkerRun>{run("f4", "f8"), run("d6", "h6")});
}

TEST_CASE("figure 6, third position: a ring inside a line breaks the row") {
  State s = position(V::Normal, "B:f8,a2,a3,a4,k10 W:f5,c8,d9,j5,k7 b:f3,f4,f6,f7", B);
  play(s, "f8-g9");
  CHECK(at(s, "f8") == Piece::BlackMarker);
  CHECK(s.pending() == Pending{Kind::Move, W});
}

TEST_CASE("a move that makes rows for both players: the mover removes first, both remove a ring") {
  State s = position(V::Normal, "B:f6,a2,a3,a4,k10 W:b7,c8,d9,j5,k7 b:f2,f3,f4,f5,g6 w:g3,g4,g5,g7", B);
  play(s, "f6-h6");
  CHECK(at(s, "g6") == Piece::WhiteMarker);
  CHECK(s.pending() == Pending{Kind::RemoveRow, B});
  play(s, "xf2-f6");
  CHECK(s.pending() == Pending{Kind::RemoveRing, B});
  play(s, "xh6");
  CHECK(s.pending() == Pending{Kind::RemoveRow, W});
  CHECK(s.turn() == B);
  play(s, "xg3-g7");
  CHECK(s.pending() == Pending{Kind::RemoveRing, W});
  play(s, "xk7");
  CHECK(s.rings_removed(B) == 1);
  CHECK(s.rings_removed(W) == 1);
  CHECK(s.pending() == Pending{Kind::Move, W});
}

TEST_CASE("a move that completes the opponent's third row: the opponent wins at once") {
  State s = position(V::Normal, "B:f6,a2,a3,a4,k10 W:b7,c8,j5 w:g3,g4,g5,g7 b:g6", B, {2, 0});
  play(s, "f6-h6");
  CHECK(s.pending() == Pending{Kind::RemoveRow, W});
  play(s, "xg3-g7");
  play(s, "xb7");
  CHECK(s.result().over);
  CHECK(s.result().winner == W);
  CHECK(s.result().reason == "rings");
  CHECK(s.pending().kind == Kind::None);
  CHECK(s.legal_actions().empty());
}

TEST_CASE("both players reach their last ring in one move: the mover wins") {
  State s = position(V::Normal, "B:f6,a2,a3 W:b7,c8,j5 b:f2,f3,f4,f5,g6 w:g3,g4,g5,g7", B, {2, 2});
  play(s, "f6-h6");
  play(s, "xf2-f6");
  play(s, "xa2");
  CHECK(s.result().over);
  CHECK(s.result().winner == B);
  CHECK(at(s, "g3") == Piece::WhiteMarker);  // White's row is never removed
}

TEST_CASE("blitz: the first ring removed wins") {
  State s = position(V::Blitz, "B:f5,a2,a3,a4,k10 W:b7,c8,d9,j5,k7 b:f2,f3,f4,f6,f7,f8", B);
  play(s, "f5-g5");
  play(s, "xf2-f6");
  CHECK(!s.result().over);
  play(s, "xa2");
  CHECK(s.result().winner == B);
  CHECK(s.result().reason == "rings");
}

namespace {
// A position with `markers` markers (no row: the colour repeats every two steps on
// every line) and the rings given; the rest empty.
State crowded(int markers, const std::string& rings, Color turn, std::array<int, 2> removed) {
  Setup setup;
  setup.board = board_from(rings);
  setup.turn = turn;
  setup.rings_removed = removed;
  int placed = 0;
  for (int c = 0; c < kPoints && placed < markers; ++c) {
    if (setup.board[c] != Piece::None) continue;
    engine::Hex h = kBoard.hex[c];
    if (h.q == 5 || h.r == -5) continue;  // leave an empty edge for the ring moves
    int shade = ((h.q + 2 * h.r) % 4 + 4) % 4;
    setup.board[c] = shade < 2 ? Piece::WhiteMarker : Piece::BlackMarker;
    ++placed;
  }
  REQUIRE(placed == markers);
  auto s = State::from_setup(setup);
  REQUIRE_MESSAGE(s.ok(), s.error);
  return s.value;
}
}  // namespace

TEST_CASE("the pool running out ends the game on rings removed: more wins, equal draws") {
  struct Case {
    const char* rings;  // 5 - removed rings each, on the empty right edge
    std::array<int, 2> removed;
    std::optional<Color> winner;
  };
  for (const Case& c : {Case{"W:k7,k8,k9,j11 B:g2,h3,i4,j5,k10", {1, 0}, W},
                        Case{"W:k7,k8,k9,j11,k10 B:g2,h3,i4", {0, 2}, B},
                        Case{"W:k7,k8,k9,j11 B:g2,h3,i4,j5", {1, 1}, std::nullopt}}) {
    State s = crowded(50, c.rings, W, c.removed);
    CHECK(s.pool() == 1);
    // a move that flips nothing and makes no row uses the last marker
    auto moves = s.legal_actions();
    auto quiet = std::find_if(moves.begin(), moves.end(), [&](const Action& a) {
      State t = s;
      t.apply_unchecked(a);
      return t.pending().kind == Kind::None;
    });
    REQUIRE(quiet != moves.end());
    s.apply_unchecked(*quiet);
    CHECK(s.pool() == 0);
    CHECK(s.result().over);
    CHECK(s.result().reason == "no-markers");
    CHECK(s.result().winner == c.winner);
  }
}

TEST_CASE("a player whose rings cannot move passes; the opponent moves on") {
  State s = position(V::Normal, "W:a2,a3,a4,a5 B:b2,b3,b4,b5,b6", W, {1, 0});
  CHECK(s.pending() == Pending{Kind::Move, W});
  REQUIRE(legal(s) == Strings{"pass"});
  play(s, "pass");
  CHECK(s.pool() == 51);  // no marker is placed
  CHECK(s.pending() == Pending{Kind::Move, B});
  // in a Game the pass is taken automatically as a forced action
}

TEST_CASE("draw by agreement and resignation end a YINSH game") {
  YinshGame g(Options{});
  CHECK(g.agree_draw());
  CHECK(g.state().result().over);
  CHECK(!g.state().result().winner.has_value());
  CHECK(g.state().result().reason == "agreement");
  CHECK(!g.resign(W));
  YinshGame r(Options{V::Blitz});
  CHECK(r.resign(B));
  CHECK(r.state().result().winner == W);
}

TEST_CASE("YINSH set-ups are validated") {
  Setup setup;
  setup.board = board_from("W:a2,a3,a4,a5,b1,b2");
  CHECK(State::from_setup(setup).error.find("more than 5 rings") != std::string::npos);
  setup.board = board_from("W:a2 w:e5");
  CHECK(State::from_setup(setup).error.find("before all rings") != std::string::npos);
  setup.board = board_from("W:a2,a3,a4,a5,b1 B:k7,k8,k9,k10,j11 w:e2,e3,e4,e5,e6");
  CHECK(State::from_setup(setup).error.find("row of five") != std::string::npos);
  setup.board = board_from("W:a2,a3,a4,a5,b1 B:k7,k8,k9,k10,j11");
  setup.rings_removed = {3, 0};
  CHECK(!State::from_setup(setup).ok());
}
