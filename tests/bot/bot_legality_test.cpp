// In random positions of every variant, every level answers with a legal action,
// the same one for the same seed.
#include <stdexcept>

#include "bot_helpers.hpp"
#include "engine/gipf/notation.hpp"

using namespace bot_test;

namespace {

// Small budgets: legality does not depend on the depth reached.
constexpr std::uint64_t kTestNodes = 150;

template <class State>
void check_every_level(const std::vector<State>& positions) {
  std::uint64_t seed = 1;
  for (const State& s : positions) {
    for (int level = bot::kMinLevel; level <= bot::kMaxLevel; ++level) {
      bot::Request request{level, ++seed, kTestNodes, {}};
      auto action = bot::choose(s, request);
      REQUIRE(action.has_value());
      REQUIRE(s.check(*action) == "");
      CHECK(bot::choose(s, request) == action);
    }
  }
}

}  // namespace

TEST_CASE("every level plays a legal action, the same for the same seed, in GIPF") {
  for (const auto& variant : gipf_variants()) {
    CAPTURE(variant.name);
    check_every_level(random_positions(engine::gipf::State(variant.options), 400 / kScale, 11));
  }
}

TEST_CASE("every level plays a legal action, the same for the same seed, in YINSH") {
  for (const auto& options : yinsh_variants()) {
    CAPTURE(engine::yinsh::variant_name(options.variant));
    check_every_level(random_positions(engine::yinsh::State(options), 400 / kScale, 12));
  }
}

TEST_CASE("the bot takes the removals inside the opponent's turn") {
  // Random GIPF positions where the player to decide is not the one whose turn it is.
  int seen = 0;
  for (const auto& variant : gipf_variants()) {
    for (const auto& s : random_positions(engine::gipf::State(variant.options), 2000 / kScale, 13)) {
      if (s.pending().player == s.turn()) continue;
      ++seen;
      auto action = bot::choose(s, {4, 5, kTestNodes, {}});
      REQUIRE(action.has_value());
      CHECK(s.check(*action) == "");
    }
  }
  CHECK(seen > 0);
}

TEST_CASE("a request that stops at once still gets a legal action") {
  auto positions = random_positions(engine::yinsh::State(), 50, 14);
  int asked = 0;
  bot::Request request{6, 3, 0, [&asked] { return ++asked > 0; }};
  for (const auto& s : positions) {
    auto action = bot::choose(s, request);
    REQUIRE(action.has_value());
    CHECK(s.check(*action) == "");
  }
}

TEST_CASE("a finished game has no action; a level outside 1..6 is refused") {
  engine::gipf::State s;
  CHECK_THROWS_AS(bot::choose(s, {0, 1, 0, {}}), std::invalid_argument);
  CHECK_THROWS_AS(bot::choose(s, {7, 1, 0, {}}), std::invalid_argument);
  REQUIRE(s.resign(engine::Color::White));
  CHECK_FALSE(bot::choose(s, {3, 1, 0, {}}).has_value());
}

TEST_CASE("the levels: each searches more and slips less than the one below, and is rated above it") {
  for (int level = bot::kMinLevel; level <= bot::kMaxLevel; ++level) {
    CAPTURE(level);
    const bot::LevelInfo& info = bot::level_info(level);
    CHECK(info.level == level);
    CHECK_FALSE(info.words.empty());
    for (const bot::GameLevel* game : {&info.gipf, &info.yinsh}) {
      CHECK(game->nodes > 0);
      CHECK(game->random_permille >= 0);
      CHECK(game->random_permille < 1000);
      if (level == bot::kMinLevel) continue;
      const bot::LevelInfo& below_info = bot::level_info(level - 1);
      const bot::GameLevel& below = game == &info.gipf ? below_info.gipf : below_info.yinsh;
      CHECK(game->nodes >= below.nodes);
      CHECK(game->random_permille <= below.random_permille);
      CHECK((game->nodes > below.nodes || game->random_permille < below.random_permille));
      CHECK(game->rating > below.rating);
    }
  }
  CHECK(bot::level_info(bot::kMaxLevel).gipf.random_permille == 0);
  CHECK(bot::level_info(bot::kMaxLevel).yinsh.random_permille == 0);
}

TEST_CASE("choose_notation answers in the notation of the legal actions") {
  std::string error;
  auto game = engine::AnyGame::create({"yinsh", "blitz", 0, 0}, error);
  REQUIRE(game.has_value());
  for (int i = 0; i < 30 && !game->result().over; ++i) {
    auto text = bot::choose_notation(*game, {2 + i % 5, static_cast<std::uint64_t>(i), 200, {}});
    REQUIRE(text.has_value());
    REQUIRE(game->play(*text) == "");
  }
}

TEST_CASE("a GIPF removal that refills nothing with an empty reserve: the bot avoids it, then the game is over") {
  // White, reserve empty, may remove only Black's GIPF piece from the extent of its
  // all-GIPF row: White then has to push with nothing to push and loses (no-reserve).
  engine::gipf::Setup setup;
  setup.options.variant = engine::gipf::Variant::Tournament;
  for (const char* name : {"e2", "e3", "e4", "e5"}) setup.board[*engine::gipf::parse_cell(name)] = engine::gipf::Piece::WhiteGipf;
  for (const char* name : {"e6", "b2", "c2"}) setup.board[*engine::gipf::parse_cell(name)] = engine::gipf::Piece::BlackGipf;
  setup.reserve = {0, 10};
  auto start = engine::gipf::State::from_setup(setup);
  REQUIRE_MESSAGE(start.ok(), start.error);
  auto losing = engine::gipf::parse_action(start.value, "xe6");
  REQUIRE(losing.ok());
  for (int level = bot::kMinLevel; level <= bot::kMaxLevel; ++level) {
    CAPTURE(level);
    auto action = bot::choose(start.value, {level, 1, 2000, {}});
    REQUIRE(action.has_value());
    CHECK(start.value.check(*action) == "");
    if (bot::level_info(level).gipf.random_permille == 0) CHECK(*action != losing.value);  // a search sees the loss
  }
  engine::gipf::State lost = start.value;
  REQUIRE(lost.apply(losing.value) == "");
  REQUIRE(lost.result().over);
  CHECK(lost.result().winner == engine::Color::Black);
  CHECK(lost.result().reason == "no-reserve");
  CHECK(lost.legal_actions().empty());
  CHECK_FALSE(bot::choose(lost, {3, 1, 0, {}}).has_value());
}
