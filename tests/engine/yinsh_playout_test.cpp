// Thousands of complete random YINSH games with invariant checks after every action;
// notation and record round-trips; malformed input.
#include <map>

#include "engine/replay.hpp"
#include "engine/random.hpp"
#include "yinsh_helpers.hpp"

using namespace yinsh_test;

namespace {

void check_invariants(const State& s) {
  REQUIRE(s.markers_on_board() + s.pool() == kMarkers);
  int rings = s.rings_to_place();
  for (Color c : {Color::White, Color::Black}) {
    rings += s.rings_on_board(c) + s.rings_removed(c);
    if (s.rings_to_place() == 0) REQUIRE(s.rings_on_board(c) + s.rings_removed(c) == kRingsEach);
  }
  REQUIRE(rings == 2 * kRingsEach);
  REQUIRE(s.hash() == s.compute_hash());
  if (s.pending().kind == Pending::Kind::Move) {
    ActionList rows;
    for (Color c : {Color::White, Color::Black}) {
      s.rows(c, rows);
      REQUIRE(rows.empty());  // no row stands when a move is due
    }
  }
}

void check_result(const State& s) {
  const auto& r = s.result();
  REQUIRE(r.over);
  int target = s.options().rings_to_win();
  if (r.reason == "rings") {
    REQUIRE(r.winner.has_value());
    CHECK(s.rings_removed(*r.winner) == target);
    CHECK(s.rings_removed(engine::opponent(*r.winner)) < target);
  } else {
    REQUIRE((r.reason == "no-markers" || r.reason == "no-moves"));
    if (r.reason == "no-markers") CHECK(s.pool() == 0);
    int w = s.rings_removed(Color::White), b = s.rings_removed(Color::Black);
    CHECK(r.winner == (w == b ? std::nullopt : std::optional<Color>(w > b ? Color::White : Color::Black)));
  }
}

void run_playouts(Variant variant, int games) {
  std::map<std::string, int> reasons;
  long actions = 0;
  int passes = 0;
  for (int i = 0; i < games; ++i) {
    engine::Random rng(104729ull * i + 3);
    YinshGame game(Options{variant});
    ActionList legal;
    while (!game.over()) {
      REQUIRE(++actions < 100000000);
      game.state().legal_actions(legal);
      REQUIRE(legal.size() > 1);
      const Action& a = legal[rng.below(legal.size())];
      std::string text = to_notation(game.state(), a);
      auto parsed = parse_action(game.state(), text);
      REQUIRE_MESSAGE(parsed.ok(), (text + ": " + parsed.error));
      REQUIRE(parsed.value == a);
      REQUIRE(game.play(a).empty());
      check_invariants(game.state());
    }
    for (const auto& step : game.steps()) passes += step.action.kind == Action::Kind::Pass;
    check_result(game.state());
    ++reasons[std::string(game.state().result().reason)];
  }
  std::string summary;
  for (auto& [reason, count] : reasons) summary += " " + reason + "=" + std::to_string(count);
  MESSAGE(variant_name(variant), ": ", games, " games, ", actions, " chosen actions,", summary, " passes=", passes);
  CHECK(reasons["rings"] > 0);
}

}  // namespace

TEST_CASE("random playouts: yinsh normal") { run_playouts(Variant::Normal, 2000); }
TEST_CASE("random playouts: yinsh blitz") { run_playouts(Variant::Blitz, 2000); }

TEST_CASE("YINSH records of random games round-trip") {
  for (Variant v : {Variant::Normal, Variant::Blitz}) {
    for (int i = 0; i < 100; ++i) {
      engine::Random rng(31337ull * i + static_cast<int>(v));
      YinshGame game(Options{v});
      int limit = i % 3 == 0 ? 25 : 100000;
      for (int n = 0; !game.over() && n < limit; ++n) {
        auto legal = game.state().legal_actions();
        REQUIRE(game.play(legal[rng.below(legal.size())]).empty());
      }
      if (i % 10 == 1 && !game.over()) game.agree_draw();
      std::string text = engine::print_record(game, {{"Event", "test"}});
      auto replay = engine::replay_record<Rules>(text);
      REQUIRE_MESSAGE(replay.ok(), replay.error.message);
      CHECK(replay.game->state().hash() == game.state().hash());
      CHECK(replay.game->state().result() == game.state().result());
      CHECK(engine::print_record(*replay.game, replay.extra_tags) == text);
    }
  }
}

TEST_CASE("YINSH record format: one numbered turn per line, odd for White") {
  YinshGame game(Options{Variant::Blitz});
  for (auto t : {"e3", "f5", "a2"}) REQUIRE(game.play(std::string_view(t)).empty());
  CHECK(engine::print_record(game) ==
        "[Game \"yinsh\"]\n[Variant \"blitz\"]\n[Result \"*\"]\n\n1. e3\n2. f5\n3. a2\n");
  auto r = engine::replay_record<Rules>("[Game \"yinsh\"]\n[Variant \"blitz\"]\n1. e3 2. f5 / 3. a2\n");
  REQUIRE(r.ok());
  CHECK(engine::print_record(*r.game) == engine::print_record(game));
  auto bad = engine::replay_record<Rules>("[Game \"yinsh\"]\n[Variant \"blitz\"]\n1. e3\n3. f5\n");
  CHECK(bad.error.message.find("move number 3 where 2 was expected") != std::string::npos);
  auto draw = engine::replay_record<Rules>("[Game \"yinsh\"]\n[Variant \"normal\"]\n[Result \"1/2-1/2\"]\n1. e3\n");
  REQUIRE(draw.ok());
  CHECK(draw.game->state().result().reason == "agreement");
  auto variant = engine::replay_record<Rules>("[Game \"yinsh\"]\n[Variant \"basic\"]\n");
  CHECK(variant.error.message.find("unknown YINSH variant") != std::string::npos);
}

TEST_CASE("YINSH notation errors say what is wrong") {
  State s(Options{});
  auto error = [&s](const std::string& text) {
    auto p = parse_action(s, text);
    return p.ok() ? std::string("(parsed)") : p.error;
  };
  auto contains = [](const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; };
  CHECK(contains(error("z3"), "not a point"));
  CHECK(contains(error("a1"), "'a1' is not a point"));  // a corner of the hexagon
  CHECK(contains(error("f11"), "not a point"));
  CHECK(contains(error("e3-"), "expected a point"));
  CHECK(contains(error("e3:e4"), "expected '-'"));
  CHECK(contains(error("e3-e5x"), "unexpected 'x'"));
  CHECK(contains(error("xa2-e3"), "five points on a line"));
  CHECK(contains(error("xa2-a5"), "five points on a line"));
  CHECK(contains(error("x"), "after 'x'"));
  CHECK(contains(error(""), "empty"));
  CHECK(error("xa2-e2") == "(parsed)");
  CHECK(error("XE2-A2") == "(parsed)");  // either order, any case
  CHECK(to_notation(s, parse_action(s, "XE2-A2").value) == "xa2-e2");
  CHECK(error("PASS") == "(parsed)");
  CHECK(error("K10") == "(parsed)");
  // well-formed but out of place: the reason comes from the state
  CHECK(s.check(parse_action(s, "e3-e5").value) == "White must place a ring");
  CHECK(s.check(parse_action(s, "xe3").value) == "White must place a ring");
  CHECK(s.check(parse_action(s, "pass").value) == "White must place a ring");
}
