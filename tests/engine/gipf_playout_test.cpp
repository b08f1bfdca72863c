// Thousands of complete random games per variant, with the invariants of the issue
// checked after every action.
#include <algorithm>
#include <bit>
#include <iterator>
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

// A removal before the push that takes none of the remover's own pieces: with an
// empty reserve it refills nothing.
bool refills_nothing(const State& s, const Action& a) {
  if (a.kind != Action::Kind::Remove || s.pending().kind != Pending::Kind::Push) return false;
  for (CellMask m = a.cells; m; m &= m - 1)
    if (color_of(s.at(static_cast<Cell>(std::countr_zero(m)))) == s.pending().player) return false;
  return true;
}

// Plays from `start` to the end, biased towards the ends of the reserves: a player
// with an empty reserve takes a removal that refills nothing when there is one, GIPF
// pieces are brought in and all-GIPF rows kept more often than at random (so that
// all-GIPF rows stand when a reserve runs out). Every unfinished state must offer an
// action.
void biased_game(State s, engine::Random& rng, Stats& stats) {
  ActionList legal, preferred;
  bool last_refilled_nothing = false;
  int actions = 0;
  while (!s.result().over) {
    REQUIRE(++actions < kMaxActions);
    s.legal_actions(legal);
    REQUIRE(!legal.empty());
    preferred.clear();
    if (s.reserve(s.pending().player) == 0)
      std::copy_if(legal.begin(), legal.end(), std::back_inserter(preferred),
                   [&s](const Action& a) { return refills_nothing(s, a); });
    if (preferred.empty() && rng.below(4) != 0)
      std::copy_if(legal.begin(), legal.end(), std::back_inserter(preferred),
                   [](const Action& a) { return a.gipf || a.kind == Action::Kind::Keep; });
    const ActionList& from = preferred.empty() ? legal : preferred;
    const Action& a = from[rng.below(from.size())];
    last_refilled_nothing = s.reserve(s.pending().player) == 0 && refills_nothing(s, a);
    count_kind(s, a, stats);
    REQUIRE(s.apply(a).empty());
    check_invariants(s);
  }
  check_result(s);
  ++stats.games;
  ++stats.reasons[std::string(s.result().reason)];
  if (last_refilled_nothing) ++stats.kinds["lost-after-refilling-nothing"];
}

// Biased games from the variant's start, and from positions along random games
// (a player's turn about to start, both players have moved) with both reserves cut
// to 0-3 pieces (the cut pieces count as captured).
void drained_playouts(const Options& options, int games, std::uint64_t seed) {
  engine::Random rng(seed);
  Stats stats;
  for (int i = 0; i < games; ++i) biased_game(State(options), rng, stats);
  int drained = 0;
  State s(options);
  ActionList legal;
  while (drained < games) {
    if (s.result().over) s = State(options);
    if (s.pending().kind == Pending::Kind::Push && !s.pushed() && s.has_moved(Color::White) &&
        s.has_moved(Color::Black) && rng.below(4) == 0) {
      Setup setup;
      setup.options = options;
      for (int x = 0; x < kCells; ++x) setup.board[x] = s.at(static_cast<Cell>(x));
      for (Color c : {Color::White, Color::Black}) {
        setup.reserve[engine::index(c)] = std::min(s.reserve(c), static_cast<int>(rng.below(4)));
        setup.moved[engine::index(c)] = true;
        setup.single_brought[engine::index(c)] = options.variant == Variant::Tournament && !s.may_bring_gipf(c);
      }
      setup.turn = s.turn();
      auto start = State::from_setup(setup);
      REQUIRE_MESSAGE(start.ok(), start.error);
      biased_game(start.value, rng, stats);
      ++drained;
    }
    s.legal_actions(legal);
    s.apply_unchecked(legal[rng.below(legal.size())]);
  }
  std::string reasons;
  for (const auto& entry : stats.reasons) reasons += " " + entry.first + "=" + std::to_string(entry.second);
  for (const auto& entry : stats.kinds) reasons += " " + entry.first + "=" + std::to_string(entry.second);
  MESSAGE(variant_name(options.variant), " +", int{options.extra[0]}, "/+", int{options.extra[1]}, " drained: ",
          stats.games, " games,", reasons);
  CHECK(stats.games == 2 * games);
  CHECK(stats.reasons["no-reserve"] > 0);
  // Only the tournament game has four GIPF pieces of one colour for an all-GIPF row.
  if (options.variant == Variant::Tournament) CHECK(stats.kinds["lost-after-refilling-nothing"] > 0);
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

TEST_CASE("random playouts with drained reserves never reach an unfinished state without an action") {
  for (const Options& o : {Options{Variant::Basic, {0, 0}}, Options{Variant::Basic, {3, 1}},
                           Options{Variant::Standard, {0, 0}}, Options{Variant::Tournament, {0, 0}}})
    drained_playouts(o, o.variant == Variant::Tournament ? 10000 : 2000,
                     0xD2A1ull + 31ull * static_cast<std::uint64_t>(o.variant) + static_cast<std::uint64_t>(o.extra[0]));
}

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
