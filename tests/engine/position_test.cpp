// Positions as text (#44): every state of thousands of random games, of both
// games and every variant, is written, read back and written again to the
// same text, with the same hash, turn, decision and legal actions; the
// documented starts are what the engine starts from; bad text is refused
// with the field that is wrong.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/gipf/position.hpp"
#include "engine/gipf/rules.hpp"
#include "engine/random.hpp"
#include "engine/yinsh/position.hpp"
#include "engine/yinsh/rules.hpp"

namespace {

template <class State>
void check_round_trip(const State& s, std::string (*print)(const State&), engine::Parsed<State> (*parse)(std::string_view)) {
  const std::string text = print(s);
  if (s.result().over) {
    CHECK_FALSE(parse(text).ok());  // nothing left to decide
    return;
  }
  auto back = parse(text);
  REQUIRE_MESSAGE(back.ok(), text << ": " << back.error);
  CHECK(print(back.value) == text);
  CHECK(back.value.hash() == s.hash());
  CHECK(back.value.turn() == s.turn());
  CHECK(back.value.pending() == s.pending());
  CHECK(back.value.legal_actions() == s.legal_actions());
}

template <class Rules, class Options>
int playouts(Options options, int games, std::uint64_t seed, std::string (*print)(const typename Rules::State&),
             engine::Parsed<typename Rules::State> (*parse)(std::string_view)) {
  int states = 0;
  for (int g = 0; g < games; ++g) {
    engine::Random rng(seed * 7919 + static_cast<std::uint64_t>(g));
    typename Rules::State s(options);
    for (int ply = 0; ply < 2000; ++ply) {
      check_round_trip(s, print, parse);
      ++states;
      if (s.result().over) break;
      auto legal = s.legal_actions();
      REQUIRE_FALSE(legal.empty());
      s.apply_unchecked(legal[rng.below(legal.size())]);
    }
  }
  return states;
}

}  // namespace

TEST_CASE("YINSH positions: every state of random games round-trips through its text") {
  using namespace engine::yinsh;
  int states = playouts<Rules>(Options{Variant::Normal}, 60, 1, &position_text, &parse_position);
  states += playouts<Rules>(Options{Variant::Blitz}, 60, 2, &position_text, &parse_position);
  MESSAGE(states << " YINSH states");
  CHECK(position_text(State(Options{})) == "yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0");
  CHECK(position_text(State(Options{Variant::Blitz})) == "yinsh blitz 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0");
  // '_' stands for a space in a link.
  CHECK(parse_position("yinsh_normal_4/7/8/9/10/9/10/9/8/7/4_w_w:place_0-0").ok());
}

TEST_CASE("GIPF positions: every state of random games round-trips through its text") {
  using namespace engine::gipf;
  int states = 0;
  std::uint64_t seed = 10;
  for (Variant v : {Variant::Basic, Variant::Standard, Variant::Tournament})
    states += playouts<Rules>(Options{v, {0, 0}}, 40, ++seed, &position_text, &parse_position);
  states += playouts<Rules>(Options{Variant::Basic, {2, 1}}, 20, ++seed, &position_text, &parse_position);
  MESSAGE(states << " GIPF states");
}

TEST_CASE("positions: bad text is refused with the field that is wrong") {
  const std::string yinsh_start = "yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0";
  CHECK(engine::yinsh::parse_position(yinsh_start).ok());
  struct Bad {
    std::string text, says;
  };
  for (const Bad& bad : std::vector<Bad>{
           {"", "6 fields"},
           {"gipf normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0", "not a YINSH position"},
           {"yinsh fast 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0", "variant"},
           {"yinsh normal 4/7/8/9/10/9/10/9/8/7 w w:place 0-0", "board"},
           {"yinsh normal 5/7/8/9/10/9/10/9/8/7/4 w w:place 0-0", "board: an empty run"},
           {"yinsh normal X3/7/8/9/10/9/10/9/8/7/4 w w:place 0-0", "board"},
           {"yinsh normal 4/7/8/9/10/9/10/9/8/7/4 x w:place 0-0", "turn"},
           {"yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:jump 0-0", "decision"},
           {"yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:move 0-0", "the decision here is w:place"},
           {"yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 3-0", "rings removed"},
           {"yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0", "rings removed"},
           {"yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w over 0-0", "over"},
           {"yinsh normal wwwww/7/8/9/10/9/10/9/8/7/4 w w:place 0-0", "board"},
       }) {
    auto parsed = engine::yinsh::parse_position(bad.text);
    REQUIRE_MESSAGE(!parsed.ok(), bad.text);
    CHECK_MESSAGE(parsed.error.find(bad.says) != std::string::npos, bad.text << " -> " << parsed.error);
  }
  const std::string gipf_start = engine::gipf::position_text(engine::gipf::State(engine::gipf::Options{}));
  CHECK(engine::gipf::parse_position(gipf_start).ok());
  for (const Bad& bad : std::vector<Bad>{
           {"gipf standard 0,0", "8 fields"},
           {"gipf huge 0,0 4/5/6/7/6/5/4 w w:push 12,12 -", "variant"},
           {"gipf basic 4,0 4/5/6/7/6/5/4 w w:push 15,15 -", "extra pieces"},
           {"gipf basic 0,0 4/5/6/7/6/5/4 w w:push 15,15 Sx", "flags"},
           {"gipf basic 0,0 4/5/6/7/6/5/4 w w:push 15,15 S", "tournament"},
           {"gipf basic 0,0 4/5/6/7/6/5/4 w w:remove 15,15 -", "no row to remove"},
           {"gipf basic 0,0 4/5/6/7/6/5/4 w w:push 16,15 -", "more pieces"},
           {"gipf basic 0,0 4/5/6/7/6/5/4 w w:push 15,15 - e:1", "d:"},
           {"gipf basic 0,0 4/5/6/7/6/5/4 w w:push 15,15 - d:1,2", "six masks"},
       }) {
    auto parsed = engine::gipf::parse_position(bad.text);
    REQUIRE_MESSAGE(!parsed.ok(), bad.text);
    CHECK_MESSAGE(parsed.error.find(bad.says) != std::string::npos, bad.text << " -> " << parsed.error);
  }
}
