#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "engine/gipf/geometry.hpp"
#include "engine/text.hpp"

using namespace engine::gipf;

namespace {
Cell cell(std::string_view name) {
  auto c = parse_cell(name);
  REQUIRE_MESSAGE(c.has_value(), std::string(name));
  return *c;
}
std::set<std::string> names(bool dots) {
  std::set<std::string> out;
  for (int c = 0; c < kCells; ++c)
    if (kBoard.is_dot[c] == dots) out.insert(cell_name(static_cast<Cell>(c)));
  return out;
}
std::set<std::string> words(std::string_view text) {
  std::set<std::string> out;
  for (auto w : engine::split(text, " ")) out.insert(std::string(w));
  return out;
}
}  // namespace

TEST_CASE("GIPF board: 61 cells, 37 points, 24 dots as RULES.md §1.1 names them") {
  CHECK(names(false).size() == kPoints);
  CHECK(names(true).size() == kDots);
  CHECK(names(true) == words("a1 a2 a3 a4 a5 i1 i2 i3 i4 i5 b1 b6 c1 c7 d1 d8 e1 e9 f1 f8 g1 g7 h1 h6"));
  CHECK(names(false) == words("b2 b3 b4 b5 c2 c3 c4 c5 c6 d2 d3 d4 d5 d6 d7 e2 e3 e4 e5 e6 e7 e8 "
                              "f2 f3 f4 f5 f6 f7 g2 g3 g4 g5 g6 h2 h3 h4 h5"));
  CHECK(kBoard.hex[cell("e5")] == engine::Hex{0, 0});
  for (auto corner : {"b2", "b5", "e2", "e8", "h2", "h5"}) {
    int neighbours_on_points = 0;
    for (Cell n : kBoard.neighbour[cell(corner)]) neighbours_on_points += is_point(n);
    CHECK_MESSAGE(neighbours_on_points == 3, corner);  // a corner point touches 3 points
  }
}

TEST_CASE("GIPF cell names round-trip and bad names are refused") {
  for (int c = 0; c < kCells; ++c) CHECK(parse_cell(cell_name(static_cast<Cell>(c))) == static_cast<Cell>(c));
  CHECK(parse_cell("E5") == parse_cell("e5"));
  for (auto bad : {"", "e", "e0", "e10", "j1", "a6", "i6", "55", "e5 ", "ee"}) CHECK_MESSAGE(!parse_cell(bad), bad);
}

TEST_CASE("GIPF check lines are straight runs of neighbours") {
  for (auto line : {"a1 b2 c3 d4 e5 f5 g5 h5 i5", "b1 c2 d3 e4 f4 g4 h4 i4", "c1 d2 e3 f3 g3 h3 i3",
                    "b6 c6 d6 e6 f5 g4 h3 i2", "g1 f2 e3 d3 c3 b3 a3"}) {
    auto cells = engine::split(line, " ");
    Cell first = cell(cells[0]), second = cell(cells[1]);
    int dir = -1;
    for (int d = 0; d < 6; ++d)
      if (kBoard.neighbour[first][d] == second) dir = d;
    REQUIRE_MESSAGE(dir >= 0, line);
    for (std::size_t i = 1; i < cells.size(); ++i) CHECK_MESSAGE(kBoard.neighbour[cell(cells[i - 1])][dir] == cell(cells[i]), line);
    CHECK(kBoard.neighbour[cell(cells.back())][dir] == kNoCell);  // it ends on the board's edge
    CHECK(is_dot(first));
    CHECK(is_dot(cell(cells.back())));
  }
}

TEST_CASE("GIPF pushes: 42, one from each corner dot, two from every other dot") {
  std::map<std::string, int> per_dot;
  for (const PushMove& m : kBoard.pushes) {
    ++per_dot[cell_name(m.dot)];
    CHECK(is_dot(m.dot));
    CHECK(kBoard.neighbour[m.dot][m.direction] == m.path[0]);
    // the path runs over points to the dot at the far end of the line
    for (int i = 0; i < m.length; ++i) CHECK(is_point(m.path[i]));
    CHECK(is_dot(kBoard.neighbour[m.path[m.length - 1]][m.direction]));
  }
  CHECK(per_dot.size() == kDots);
  for (auto& [dot, count] : per_dot) {
    bool corner = words("a1 a5 e1 e9 i1 i5").count(dot) == 1;
    CHECK_MESSAGE(count == (corner ? 1 : 2), dot);
  }
  // entry directions of the dot facing White: e1 pushes up column e only
  auto e1 = find_push(cell("e1"), cell("e2"));
  REQUIRE(e1.has_value());
  CHECK(kBoard.pushes[*e1].length == 7);
  CHECK(!find_push(cell("e1"), cell("f2")).has_value());
}

TEST_CASE("GIPF lines of points: 7 per axis of lengths 4..7") {
  std::multiset<int> lengths;
  for (const Line& l : kBoard.lines) lengths.insert(l.length);
  CHECK(lengths == std::multiset<int>{4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4});
  int covered = 0;
  for (const Line& l : kBoard.lines) covered += l.length;
  CHECK(covered == kPoints * 3);  // every point lies on one line of each axis
}
