#include "protocol/state_json.hpp"

#include <bit>
#include <cstdio>

#include "engine/gipf/notation.hpp"
#include "engine/yinsh/notation.hpp"

namespace protocol {

using engine::Color;
using nlohmann::json;

namespace {
json per_color(int white, int black) { return json{{"white", white}, {"black", black}}; }
}  // namespace

std::string hash_text(std::uint64_t hash) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash));
  return buffer;
}

json result_to_json(const engine::GameResult& result) {
  if (!result.over) return nullptr;
  json winner = result.winner ? json(engine::color_name(*result.winner)) : json(nullptr);
  return json{{"winner", winner}, {"reason", result.reason}};
}

json state_to_json(const engine::gipf::State& s) {
  namespace g = engine::gipf;
  json board = json::object();
  for (int c = 0; c < g::kCells; ++c) {
    g::Piece p = s.at(static_cast<g::Cell>(c));
    if (p == g::Piece::None) continue;
    char code = g::color_of(p) == Color::White ? 'w' : 'b';
    if (g::is_gipf(p)) code = static_cast<char>(code - 'a' + 'A');
    board[g::cell_name(static_cast<g::Cell>(c))] = std::string(1, code);
  }
  json pending = nullptr;
  if (s.pending().kind != g::Pending::Kind::None)
    pending = json{{"kind", s.pending().kind == g::Pending::Kind::Push ? "push" : "remove"},
                   {"player", engine::color_name(s.pending().player)}};
  const g::Options& o = s.options();
  return json{
      {"game", "gipf"},
      {"variant", g::variant_name(o.variant)},
      {"options", {{"white_extra", o.extra[0]}, {"black_extra", o.extra[1]}}},
      {"board", board},
      {"reserve", per_color(s.reserve(Color::White), s.reserve(Color::Black))},
      {"captured", per_color(s.captured(Color::White), s.captured(Color::Black))},
      {"turn", engine::color_name(s.turn())},
      {"pending", pending},
      {"may_bring_gipf", {{"white", s.may_bring_gipf(Color::White)}, {"black", s.may_bring_gipf(Color::Black)}}},
      {"result", result_to_json(s.result())},
      {"hash", hash_text(s.hash())},
  };
}

json state_to_json(const engine::yinsh::State& s) {
  namespace y = engine::yinsh;
  json board = json::object();
  for (int c = 0; c < y::kPoints; ++c) {
    y::Piece p = s.at(static_cast<y::Cell>(c));
    if (p == y::Piece::None) continue;
    char code = y::color_of(p) == Color::White ? 'w' : 'b';
    if (y::is_ring(p)) code = static_cast<char>(code - 'a' + 'A');
    board[y::cell_name(static_cast<y::Cell>(c))] = std::string(1, code);
  }
  static constexpr const char* kKinds[] = {"", "place", "move", "remove-row", "remove-ring"};
  json pending = nullptr;
  if (s.pending().kind != y::Pending::Kind::None)
    pending = json{{"kind", kKinds[static_cast<int>(s.pending().kind)]}, {"player", engine::color_name(s.pending().player)}};
  return json{
      {"game", "yinsh"},
      {"variant", y::variant_name(s.options().variant)},
      {"board", board},
      {"pool", s.pool()},
      {"rings_removed", per_color(s.rings_removed(Color::White), s.rings_removed(Color::Black))},
      {"rings_to_place", s.rings_to_place()},
      {"turn", engine::color_name(s.turn())},
      {"pending", pending},
      {"result", result_to_json(s.result())},
      {"hash", hash_text(s.hash())},
  };
}

json action_to_json(const engine::gipf::State& before, const engine::gipf::Action& a) {
  namespace g = engine::gipf;
  auto cells = [](g::CellMask mask) {
    json out = json::array();
    for (; mask; mask &= mask - 1) out.push_back(g::cell_name(static_cast<g::Cell>(std::countr_zero(mask))));
    return out;
  };
  json j{{"action", g::to_notation(before, a)}};
  switch (a.kind) {
    case g::Action::Kind::Push: {
      const g::PushMove& m = g::kBoard.pushes[a.push];
      g::Cell end = before.push_end(a.push);
      json path = json::array();
      for (int i = 0; i < m.length; ++i) {
        path.push_back(g::cell_name(m.path[i]));
        if (m.path[i] == end) break;
      }
      j.update({{"kind", "push"}, {"dot", g::cell_name(m.dot)}, {"path", path}, {"gipf", a.gipf}});
      break;
    }
    case g::Action::Kind::Remove:
      j.update({{"kind", "remove"}, {"cells", cells(a.cells)}, {"extent", cells(a.extent)}});
      break;
    case g::Action::Kind::Keep:
      j.update({{"kind", "keep"}, {"extent", cells(a.extent)}});
      break;
  }
  return j;
}

json action_to_json(const engine::yinsh::State& before, const engine::yinsh::Action& a) {
  namespace y = engine::yinsh;
  json j{{"action", y::to_notation(before, a)}};
  auto walk = [](y::Cell from, y::Cell to, bool inclusive) {
    json out = json::array();
    int dir = *y::direction_between(from, to);
    for (y::Cell x = inclusive ? from : y::kBoard.neighbour[from][dir]; x != to; x = y::kBoard.neighbour[x][dir])
      out.push_back(y::cell_name(x));
    if (inclusive) out.push_back(y::cell_name(to));
    return out;
  };
  switch (a.kind) {
    case y::Action::Kind::Place:
      j.update({{"kind", "place"}, {"point", y::cell_name(a.from)}});
      break;
    case y::Action::Kind::Move: {
      json flips = json::array();
      for (const auto& name : walk(a.from, a.to, false))
        if (y::is_marker(before.at(*y::parse_cell(name.get<std::string>())))) flips.push_back(name);
      j.update({{"kind", "move"}, {"from", y::cell_name(a.from)}, {"to", y::cell_name(a.to)}, {"flips", flips}});
      break;
    }
    case y::Action::Kind::RemoveRow:
      j.update({{"kind", "remove-row"}, {"cells", walk(a.from, a.to, true)}});
      break;
    case y::Action::Kind::RemoveRing:
      j.update({{"kind", "remove-ring"}, {"point", y::cell_name(a.from)}});
      break;
    case y::Action::Kind::Pass:
      j["kind"] = "pass";
      break;
  }
  return j;
}

}  // namespace protocol
