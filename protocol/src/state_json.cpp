#include "protocol/state_json.hpp"

#include <cstdio>

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

}  // namespace protocol
