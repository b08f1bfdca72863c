// Notation (RULES.md §4.1): canonical forms and clear errors for malformed input.
#include "engine/replay.hpp"
#include "gipf_helpers.hpp"
#include "engine/random.hpp"

using namespace gipf_test;

namespace {
std::string error_of(const State& s, const std::string& text) {
  auto parsed = parse_action(s, text);
  return parsed.ok() ? std::string("(parsed)") : parsed.error;
}
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("push notation: G prefix, upper case input, both target forms") {
  State s(Options{Variant::Tournament});
  auto a = parse_action(s, "GE1-E2");
  REQUIRE(a.ok());
  CHECK(a.value.gipf);
  CHECK(to_notation(s, a.value) == "Ge1-e2");
  auto g1 = parse_action(s, "g1-f2");  // column g, not a G prefix
  REQUIRE(g1.ok());
  CHECK(!g1.value.gipf);
  auto gg1 = parse_action(s, "Gg1-f2");
  REQUIRE(gg1.ok());
  CHECK(gg1.value.gipf);
}

TEST_CASE("push notation errors say what is wrong") {
  State s = position(Variant::Basic, "w:e2,e3 b:e8", 12, 14);
  CHECK(contains(error_of(s, "z1-e2"), "not a cell"));
  CHECK(contains(error_of(s, "e0-e2"), "not a cell"));
  CHECK(contains(error_of(s, "e5-e6"), "e5 is a point, not a dot"));
  CHECK(contains(error_of(s, "e1-e9"), "e9 is a dot, not a point"));
  CHECK(contains(error_of(s, "e1:e2"), "expected '-'"));
  CHECK(contains(error_of(s, "e1-e4x"), "unexpected 'x'"));
  CHECK(contains(error_of(s, "e1-e4;"), "unexpected"));
  CHECK(contains(error_of(s, "e1-f3"), "no line leads from e1 to f3"));
  CHECK(contains(error_of(s, "e1-e6"), "ends on e4, not e6"));
  CHECK(contains(error_of(s, ""), "empty"));
  CHECK(contains(error_of(s, "-e2"), "expected a cell"));
  CHECK(contains(error_of(s, "e1-"), "expected a cell"));
  CHECK(error_of(s, "e1-e4") == "(parsed)");
  CHECK(error_of(s, "e1-e2") == "(parsed)");
}

TEST_CASE("removal notation errors") {
  State s = position(Variant::Standard, "w:c2 b:d3,e5,e7 B:e6,h2 W:b5", 10, 10);
  CHECK(contains(error_of(s, "xe4,e5,e7"), "has no row"));  // nothing to remove yet
  play(s, "b1-e4");
  CHECK(error_of(s, "xe4,e5,e7") == "(parsed)");
  CHECK(error_of(s, "XE7,E5,E4") == "(parsed)");  // any order and case on input
  CHECK(contains(error_of(s, "xe4,e5"), "always removed: e7"));
  CHECK(contains(error_of(s, "xe4,e5,e7,e8"), "e8 is not part of the row"));
  CHECK(contains(error_of(s, "xe4,e4,e5"), "listed twice"));
  CHECK(contains(error_of(s, "xe4;e5"), "expected ','"));
  CHECK(contains(error_of(s, "xe4,e5,e7,"), "expected a cell"));
  CHECK(contains(error_of(s, "xe1"), "e1 is a dot"));
  CHECK(contains(error_of(s, "x"), "expected points"));
  CHECK(contains(error_of(s, "ke4,e5,e6,e7"), "only a row made only of GIPF pieces"));
  auto removal = parse_action(s, "xe7,e5,e4");
  REQUIRE(removal.ok());
  CHECK(to_notation(s, removal.value) == "xe4,e5,e7");
  // a push while a removal is pending is refused with the reason
  auto push = parse_action(s, "i5-h5");
  REQUIRE(push.ok());
  CHECK(s.check(push.value) == "Black must first remove a row");
}

TEST_CASE("turns and records") {
  GipfGame game(Options{Variant::Basic});
  CHECK(game.play(std::string_view("e1-e3")).empty());
  CHECK(game.play(std::string_view("e9-e7")).empty());
  std::string record = engine::print_record(game);
  CHECK(record == "[Game \"gipf\"]\n[Variant \"basic\"]\n[Result \"*\"]\n\n1. e1-e3 e9-e7\n");
  auto replay = engine::replay_record<Rules>("[Game \"gipf\"]\n[Variant \"basic\"]\n1.e1-e2/e9-e8\n");
  REQUIRE(replay.ok());
  CHECK(engine::print_record(*replay.game) == record);  // input forms become canonical
}

TEST_CASE("a forced removal may be written out or left out of a record") {
  // find a random game in which a removal was forced (taken automatically)
  for (std::uint64_t seed = 1;; ++seed) {
    REQUIRE(seed < 500);
    engine::Random rng(seed);
    GipfGame g(Options{Variant::Basic});
    while (!g.over()) {
      auto legal = g.state().legal_actions();
      REQUIRE(g.play(legal[rng.below(legal.size())]).empty());
    }
    auto forced = std::find_if(g.steps().begin(), g.steps().end(),
                               [](const auto& step) { return step.automatic && step.action.kind == Action::Kind::Remove; });
    if (forced == g.steps().end()) continue;
    std::string full = engine::print_record(g);
    CHECK(contains(full, forced->text));  // printed records write forced actions out
    std::string shortened = full;
    shortened.erase(shortened.find(";" + forced->text), forced->text.size() + 1);
    auto replayed = engine::replay_record<Rules>(shortened);
    REQUIRE_MESSAGE(replayed.ok(), replayed.error.message);
    CHECK(replayed.game->state().hash() == g.state().hash());
    CHECK(engine::print_record(*replayed.game) == full);
    break;
  }
}

TEST_CASE("malformed records are refused with the line and the reason") {
  auto error = [](const std::string& text) {
    auto r = engine::replay_record<Rules>(text);
    return r.ok() ? std::string("(ok)") : "line " + std::to_string(r.error.line) + ": " + r.error.message;
  };
  std::string head = "[Game \"gipf\"]\n[Variant \"basic\"]\n";
  CHECK(contains(error("[Game \"yinsh\"]\n"), "[Game \"gipf\"]"));
  CHECK(contains(error("[Game \"gipf\"]\n"), "Variant"));
  CHECK(contains(error("[Game \"gipf\"]\n[Variant \"blitz\"]\n"), "unknown GIPF variant"));
  CHECK(contains(error("[Game gipf]\n"), "line 1: malformed tag"));
  CHECK(contains(error(head + "[WhiteExtra \"5\"]\n"), "WhiteExtra"));
  CHECK(contains(error("[Game \"gipf\"]\n[Variant \"standard\"]\n[WhiteExtra \"2\"]\n"), "only in the basic game"));
  CHECK(contains(error(head + "1. e1-e3 e9-e7\n3. a1-b2\n"), "line 4: move number 3 where 2 was expected"));
  CHECK(contains(error(head + "1. e1-e3 e9-e7\n2. e5-e6\n"), "line 4: turn 3, 'e5-e6': e5 is a point"));
  CHECK(contains(error(head + "1. e1-e3;e9-e7\n"), "belongs to the next turn"));
  CHECK(contains(error(head + "1. e1-e3\n[Event \"x\"]\n"), "tags must come before"));
  CHECK(contains(error(head + "[Result \"2-0\"]\n1. e1-e3\n"), "unknown result"));
  CHECK(contains(error(head + "[Result \"1/2-1/2\"]\n1. e1-e3\n"), "cannot end in a draw"));
  CHECK(error(head + "[Result \"0-1\"]\n1. e1-e3\n") == "(ok)");  // White resigned
  CHECK(contains(error(head + "[Result \"0-1\"]\n[Termination \"no-gipf\"]\n1. e1-e3\n"), "do not end the game"));
}
