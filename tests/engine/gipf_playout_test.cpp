// Thousands of complete random games per variant, with the invariants of the issue
// checked after every action.
#include <algorithm>
#include <map>

#include "engine/replay.hpp"
#include "gipf_helpers.hpp"
#include "engine/random.hpp"

using namespace gipf_test;

namespace {

constexpr int kMaxActions = 20000;

bool has_gipf(const State& s, Color c) {
  for (int x = 0; x < kCells; ++x) {
    Piece p = s.at(static_cast<Cell>(x));
    if (p != Piece::None && is_gipf(p) && color_of(p) == c) return true;
  }
  return false;
}

void check_invariants(const State& s) {
  for (Color c : {Color::White, Color::Black}) {
    REQUIRE(s.on_board(c) + s.reserve(c) + s.captured(c) == s.total(c));
    REQUIRE(s.reserve(c) >= 0);
    REQUIRE(s.captured(c) >= 0);
  }
  REQUIRE(s.hash() == s.compute_hash());
  REQUIRE(static_cast<std::size_t>(s.legal_action_count()) == s.legal_actions().size());
  if (s.pending().kind == Pending::Kind::Push) {
    // no row with single pieces may stand when a push is due
    for (Color c : {Color::White, Color::Black}) {
      RowList rows;
      s.rows(c, rows);
      for (const Row& r : rows) REQUIRE(r.singles == 0);
    }
  }
}

void check_result(const State& s) {
  REQUIRE(s.result().over);
  REQUIRE(s.result().winner.has_value());
  Color loser = engine::opponent(*s.result().winner);
  if (s.result().reason == "no-reserve") {
    CHECK(s.reserve(loser) == 0);
  } else {
    REQUIRE(s.result().reason == "no-gipf");
    CHECK(s.options().variant != Variant::Basic);
    CHECK(!has_gipf(s, loser));
  }
  CHECK(s.legal_actions().empty());
}

struct Stats {
  long games = 0, actions = 0, longest = 0;
  std::map<std::string, int> reasons;
  std::map<std::string, int> kinds;  // rare paths the playouts went through
};

void count_kind(const State& s, const Action& a, Stats& stats) {
  const Pending& p = s.pending();
  if (a.kind == Action::Kind::Keep) ++stats.kinds["keep"];
  if (a.kind == Action::Kind::Remove && p.kind == Pending::Kind::Push) ++stats.kinds["remove-before-push"];
  if (a.kind == Action::Kind::Remove && p.player != s.turn()) ++stats.kinds["opponent-removes"];
  if (a.kind == Action::Kind::Remove && (a.cells & ~a.extent) == 0 && a.cells != a.extent) ++stats.kinds["gipf-kept"];
}

void random_game(const Options& options, std::uint64_t seed, Stats& stats) {
  engine::Random rng(seed);
  GipfGame game(options);
  check_invariants(game.state());
  int actions = 0;
  ActionList legal;
  while (!game.over()) {
    REQUIRE(++actions < kMaxActions);
    game.state().legal_actions(legal);
    REQUIRE(legal.size() > 1);  // a single option would have been taken automatically
    const Action& a = legal[rng.below(legal.size())];
    // notation round-trip of the chosen action in this position
    std::string text = to_notation(game.state(), a);
    auto parsed = parse_action(game.state(), text);
    REQUIRE_MESSAGE(parsed.ok(), (text + ": " + parsed.error));
    REQUIRE(to_notation(game.state(), parsed.value) == text);
    count_kind(game.state(), a, stats);
    REQUIRE(game.play(a).empty());
    check_invariants(game.state());
  }
  check_result(game.state());
  ++stats.games;
  stats.actions += actions;
  stats.longest = std::max<long>(stats.longest, actions);
  ++stats.reasons[std::string(game.state().result().reason)];
}

void run_playouts(const Options& options, int games) {
  Stats stats;
  for (int i = 0; i < games; ++i) random_game(options, 1000003ull * i + 17, stats);
  std::string reasons;
  for (auto& [reason, count] : stats.reasons) reasons += " " + reason + "=" + std::to_string(count);
  for (auto& [kind, count] : stats.kinds) reasons += " " + kind + "=" + std::to_string(count);
  MESSAGE(variant_name(options.variant), ": ", stats.games, " games, ", stats.actions, " actions, longest ",
          stats.longest, ",", reasons);
  if (options.variant != Variant::Basic) CHECK(stats.reasons["no-gipf"] > 0);
  CHECK(stats.kinds["opponent-removes"] > 0);
  if (options.variant == Variant::Tournament) {
    CHECK(stats.kinds["keep"] > 0);
    CHECK(stats.kinds["remove-before-push"] > 0);
    CHECK(stats.kinds["gipf-kept"] > 0);
  }
  CHECK(stats.reasons["no-reserve"] > 0);
  CHECK(stats.games == games);
}

}  // namespace

TEST_CASE("random playouts: basic") { run_playouts(Options{Variant::Basic}, 2000); }
TEST_CASE("random playouts: basic with handicap 3 and 1") {
  Options o{Variant::Basic};
  o.extra = {3, 1};
  run_playouts(o, 1000);
}
TEST_CASE("random playouts: standard") { run_playouts(Options{Variant::Standard}, 2000); }
TEST_CASE("random playouts: tournament") { run_playouts(Options{Variant::Tournament}, 2000); }

TEST_CASE("records of random games round-trip: print, replay, print") {
  for (Variant v : {Variant::Basic, Variant::Standard, Variant::Tournament}) {
    for (int i = 0; i < 100; ++i) {
      engine::Random rng(7919ull * i + static_cast<int>(v));
      Options o{v};
      if (v == Variant::Basic) o.extra = {static_cast<std::int8_t>(i % 4), static_cast<std::int8_t>(i / 4 % 4)};
      GipfGame game(o);
      int limit = i % 3 == 0 ? 30 : 100000;  // also unfinished games
      for (int n = 0; !game.over() && n < limit; ++n) {
        auto legal = game.state().legal_actions();
        REQUIRE(game.play(legal[rng.below(legal.size())]).empty());
      }
      std::vector<engine::RecordTag> tags{{"White", "Ann \"the \\ pusher\""}, {"Black", "Bob"}};
      std::string text = engine::print_record(game, tags);
      auto replay = engine::replay_record<Rules>(text);
      REQUIRE_MESSAGE(replay.ok(), replay.error.message);
      CHECK(replay.extra_tags == tags);
      CHECK(replay.game->state().hash() == game.state().hash());
      CHECK(replay.game->state().result() == game.state().result());
      CHECK(engine::print_record(*replay.game, replay.extra_tags) == text);
    }
  }
}
