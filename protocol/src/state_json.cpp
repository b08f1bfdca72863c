#include "protocol/state_json.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <vector>

#include "engine/gipf/notation.hpp"
#include "engine/yinsh/notation.hpp"

namespace protocol {

using engine::Color;
using nlohmann::json;

namespace {

void per_color(JsonWriter& w, std::string_view name, int white, int black) {
  w.key(name).begin_object().key("white").number(white).key("black").number(black).end_object();
}

template <class T>
json parsed(const T& write) {
  JsonWriter w;
  write(w);
  return json::parse(w.text());
}

// pending.rows: the rows a pending removal is about, so that the waiting player
// and spectators (who get no `legal`) see them. Each row in board order, the
// rows sorted, so that one position always reads the same.
template <class Name>
void write_rows(JsonWriter& w, std::vector<std::vector<int>> rows, Name name) {
  for (auto& row : rows) std::sort(row.begin(), row.end());
  std::sort(rows.begin(), rows.end());
  w.key("rows").begin_array();
  for (const auto& row : rows) {
    w.begin_array();
    for (int cell : row) w.string(name(cell));
    w.end_array();
  }
  w.end_array();
}

// GIPF: each row's extent, as the removals in `legal` name it.
void write_rows(JsonWriter& w, const engine::gipf::State& s) {
  namespace g = engine::gipf;
  g::RowList found;
  s.rows(s.pending().player, found);
  std::vector<std::vector<int>> rows;
  for (const g::Row& row : found) {
    auto& cells = rows.emplace_back();
    for (g::CellMask m = row.extent; m; m &= m - 1) cells.push_back(std::countr_zero(m));
  }
  write_rows(w, std::move(rows), [](int c) { return g::cell_name(static_cast<g::Cell>(c)); });
}

// YINSH: each whole run of five or more markers (`legal` lists its fives).
void write_rows(JsonWriter& w, const engine::yinsh::State& s) {
  namespace y = engine::yinsh;
  std::vector<y::MarkerRun> runs;
  s.runs(s.pending().player, runs);
  std::vector<std::vector<int>> rows;
  for (const y::MarkerRun& run : runs) {
    auto& cells = rows.emplace_back();
    int dir = *y::direction_between(run.first, run.last);
    for (y::Cell x = run.first; x != run.last; x = y::kBoard.neighbour[x][dir]) cells.push_back(x);
    cells.push_back(run.last);
  }
  write_rows(w, std::move(rows), [](int c) { return y::cell_name(static_cast<y::Cell>(c)); });
}

}  // namespace

std::string hash_text(std::uint64_t hash) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash));
  return buffer;
}

void write_result(JsonWriter& w, const engine::GameResult& result) {
  if (!result.over) {
    w.null();
    return;
  }
  w.begin_object().key("winner");
  if (result.winner) w.string(engine::color_name(*result.winner));
  else w.null();
  w.key("reason").string(result.reason).end_object();
}

void write_state(JsonWriter& w, const engine::gipf::State& s) {
  namespace g = engine::gipf;
  const g::Options& o = s.options();
  w.begin_object().key("game").string("gipf").key("variant").string(g::variant_name(o.variant));
  w.key("options").begin_object().key("white_extra").number(o.extra[0]).key("black_extra").number(o.extra[1]).end_object();
  w.key("board").begin_object();
  for (int c = 0; c < g::kCells; ++c) {
    g::Piece p = s.at(static_cast<g::Cell>(c));
    if (p == g::Piece::None) continue;
    char code[2] = {g::color_of(p) == Color::White ? 'w' : 'b', 0};
    if (g::is_gipf(p)) code[0] = static_cast<char>(code[0] - 'a' + 'A');
    w.key(g::cell_name(static_cast<g::Cell>(c))).string(code);
  }
  w.end_object();
  per_color(w, "reserve", s.reserve(Color::White), s.reserve(Color::Black));
  per_color(w, "captured", s.captured(Color::White), s.captured(Color::Black));
  w.key("turn").string(engine::color_name(s.turn())).key("pending");
  if (s.pending().kind != g::Pending::Kind::None) {
    w.begin_object()
        .key("kind").string(s.pending().kind == g::Pending::Kind::Push ? "push" : "remove")
        .key("player").string(engine::color_name(s.pending().player));
    if (s.pending().kind == g::Pending::Kind::Remove) write_rows(w, s);
    w.end_object();
  } else {
    w.null();
  }
  w.key("may_bring_gipf").begin_object()
      .key("white").boolean(s.may_bring_gipf(Color::White))
      .key("black").boolean(s.may_bring_gipf(Color::Black))
      .end_object();
  w.key("result");
  write_result(w, s.result());
  w.key("hash").string(hash_text(s.hash())).end_object();
}

void write_state(JsonWriter& w, const engine::yinsh::State& s) {
  namespace y = engine::yinsh;
  w.begin_object().key("game").string("yinsh").key("variant").string(y::variant_name(s.options().variant));
  w.key("board").begin_object();
  for (int c = 0; c < y::kPoints; ++c) {
    y::Piece p = s.at(static_cast<y::Cell>(c));
    if (p == y::Piece::None) continue;
    char code[2] = {y::color_of(p) == Color::White ? 'w' : 'b', 0};
    if (y::is_ring(p)) code[0] = static_cast<char>(code[0] - 'a' + 'A');
    w.key(y::cell_name(static_cast<y::Cell>(c))).string(code);
  }
  w.end_object();
  w.key("pool").number(s.pool());
  per_color(w, "rings_removed", s.rings_removed(Color::White), s.rings_removed(Color::Black));
  w.key("rings_to_place").number(s.rings_to_place());
  static constexpr const char* kKinds[] = {"", "place", "move", "remove-row", "remove-ring"};
  w.key("turn").string(engine::color_name(s.turn())).key("pending");
  if (s.pending().kind != y::Pending::Kind::None) {
    w.begin_object()
        .key("kind").string(kKinds[static_cast<int>(s.pending().kind)])
        .key("player").string(engine::color_name(s.pending().player));
    if (s.pending().kind == y::Pending::Kind::RemoveRow) write_rows(w, s);
    w.end_object();
  } else {
    w.null();
  }
  w.key("result");
  write_result(w, s.result());
  w.key("hash").string(hash_text(s.hash())).end_object();
}

void write_action(JsonWriter& w, const engine::gipf::State& before, const engine::gipf::Action& a) {
  namespace g = engine::gipf;
  auto cells = [&w](std::string_view name, g::CellMask mask) {
    w.key(name).begin_array();
    for (; mask; mask &= mask - 1) w.string(g::cell_name(static_cast<g::Cell>(std::countr_zero(mask))));
    w.end_array();
  };
  w.begin_object();
  switch (a.kind) {
    case g::Action::Kind::Push: {
      const g::PushMove& m = g::kBoard.pushes[a.push];
      g::Cell end = before.push_end(a.push);
      // The dot and the piece are in the notation ([G]dot-end).
      w.key("kind").string("push").key("path").begin_array();
      for (int i = 0; i < m.length; ++i) {
        w.string(g::cell_name(m.path[i]));
        if (m.path[i] == end) break;
      }
      w.end_array();
      break;
    }
    case g::Action::Kind::Remove:
      w.key("kind").string("remove");
      cells("cells", a.cells);
      cells("extent", a.extent);
      break;
    case g::Action::Kind::Keep:
      w.key("kind").string("keep");
      cells("extent", a.extent);
      break;
  }
  w.end_object();
}

void write_action(JsonWriter& w, const engine::yinsh::State& before, const engine::yinsh::Action& a) {
  namespace y = engine::yinsh;
  // The points strictly between `from` and `to` (with both ends if `inclusive`)
  // for which `keep(point)` holds.
  auto walk = [&w](y::Cell from, y::Cell to, bool inclusive, auto keep) {
    w.begin_array();
    int dir = *y::direction_between(from, to);
    for (y::Cell x = inclusive ? from : y::kBoard.neighbour[from][dir]; x != to; x = y::kBoard.neighbour[x][dir])
      if (keep(x)) w.string(y::cell_name(x));
    if (inclusive) w.string(y::cell_name(to));
    w.end_array();
  };
  w.begin_object();
  switch (a.kind) {
    case y::Action::Kind::Place:
      w.key("kind").string("place").key("point").string(y::cell_name(a.from));
      break;
    case y::Action::Kind::Move:
      w.key("kind").string("move").key("flips");  // from and to are the notation (from-to)
      walk(a.from, a.to, false, [&before](y::Cell x) { return y::is_marker(before.at(x)); });
      break;
    case y::Action::Kind::RemoveRow:
      w.key("kind").string("remove-row").key("cells");
      walk(a.from, a.to, true, [](y::Cell) { return true; });
      break;
    case y::Action::Kind::RemoveRing:
      w.key("kind").string("remove-ring").key("point").string(y::cell_name(a.from));
      break;
    case y::Action::Kind::Pass:
      w.key("kind").string("pass");
      break;
  }
  w.end_object();
}

json result_to_json(const engine::GameResult& result) {
  return parsed([&](JsonWriter& w) { write_result(w, result); });
}

json state_to_json(const engine::gipf::State& s) {
  return parsed([&](JsonWriter& w) { write_state(w, s); });
}

json state_to_json(const engine::yinsh::State& s) {
  return parsed([&](JsonWriter& w) { write_state(w, s); });
}

json action_to_json(const engine::gipf::State& before, const engine::gipf::Action& a) {
  json j = parsed([&](JsonWriter& w) { write_action(w, before, a); });
  j["action"] = engine::gipf::to_notation(before, a);
  return j;
}

json action_to_json(const engine::yinsh::State& before, const engine::yinsh::Action& a) {
  json j = parsed([&](JsonWriter& w) { write_action(w, before, a); });
  j["action"] = engine::yinsh::to_notation(before, a);
  return j;
}

}  // namespace protocol
