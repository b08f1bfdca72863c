// state.pending.rows: the rows a pending removal is about, for the player who
// waits and for spectators (only the decider gets `legal`).
#include <doctest/doctest.h>

#include <set>

#include "engine/gipf_helpers.hpp"
#include "engine/yinsh_helpers.hpp"
#include "protocol/state_json.hpp"

using nlohmann::json;

namespace {

// The extents of the legal GIPF removals, each as its points in board order.
template <class State>
std::set<json> legal_extents(const State& s) {
  std::set<json> out;
  for (const auto& a : s.legal_actions()) out.insert(protocol::action_to_json(s, a)["extent"]);
  return out;
}

}  // namespace

TEST_CASE("pending.rows: a GIPF row the opponent must remove inside the mover's turn") {
  using namespace gipf_test;
  State s = position(Variant::Standard, "w:c2 b:d3,e5,e7 B:e6,h2 W:b5", 10, 10);
  CHECK(protocol::state_to_json(s)["pending"] == json{{"kind", "push"}, {"player", "white"}});  // no rows
  play(s, "b1-e4");
  json pending = protocol::state_to_json(s)["pending"];
  CHECK(pending == json{{"kind", "remove"}, {"player", "black"}, {"rows", {{"e4", "e5", "e6", "e7"}}}});
  std::set<json> rows(pending["rows"].begin(), pending["rows"].end());
  CHECK(rows == legal_extents(s));  // exactly the extents `legal` names
  play(s, "xe4,e5,e7");
  CHECK(!protocol::state_to_json(s)["pending"].contains("rows"));
}

TEST_CASE("pending.rows: crossing GIPF rows are listed sorted, each in board order") {
  using namespace gipf_test;
  State s = position(Variant::Basic, "w:b3,c4,d3,d4,d6,c5,e5,f4", 5, 15);
  play(s, "a2-d5");
  json pending = protocol::state_to_json(s)["pending"];
  CHECK(pending["rows"] == json{{"c5", "d5", "e5", "f4"}, {"d3", "d4", "d5", "d6"}});
  std::set<json> rows(pending["rows"].begin(), pending["rows"].end());
  CHECK(rows == legal_extents(s));
}

TEST_CASE("pending.rows: a YINSH run of seven is one row; crossing rows are two; remove-ring has none") {
  using namespace yinsh_test;
  State seven = position(Variant::Normal, "B:f5,a2,a3,a4,k10 W:b7,c8,d9,j5,k7 b:f2,f3,f4,f6,f7,f8", Color::Black);
  play(seven, "f5-g5");
  CHECK(protocol::state_to_json(seven)["pending"] ==
        json{{"kind", "remove-row"}, {"player", "black"}, {"rows", {{"f2", "f3", "f4", "f5", "f6", "f7", "f8"}}}});

  State crossing = position(Variant::Normal, "B:f6,a2,a3,a4,k10 W:b7,c8,d9,j5,k7 b:f4,f5,f7,f8,d6,e6,g6,h6", Color::Black);
  play(crossing, "f6-g7");
  CHECK(protocol::state_to_json(crossing)["pending"]["rows"] ==
        json{{"d6", "e6", "f6", "g6", "h6"}, {"f4", "f5", "f6", "f7", "f8"}});
  play(crossing, "xd6-h6");
  CHECK(protocol::state_to_json(crossing)["pending"] == json{{"kind", "remove-ring"}, {"player", "black"}});
}
