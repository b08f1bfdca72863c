// The analysis board's evaluations (#44): the same position gives the same
// analysis, a win within reach is reported as one with its line, the line is
// legal from the position, and a finished game has nothing to say.
#include <string>

#include "../engine/gipf_helpers.hpp"
#include "../engine/yinsh_helpers.hpp"
#include "bot_helpers.hpp"

namespace {

// Each action of the line is legal where it is played.
void check_line_plays(engine::AnyGame game, const std::vector<std::string>& line) {
  for (const std::string& action : line) {
    CAPTURE(action);
    REQUIRE(game.play(action).empty());
  }
}

engine::AnyGame yinsh_game(const engine::yinsh::State& s) { return engine::AnyGame::of(engine::Game<engine::yinsh::Rules>(s)); }

}  // namespace

TEST_CASE("analysis: a YINSH win within the turn is found for the side to move, with its line") {
  auto s = yinsh_test::position(engine::yinsh::Variant::Normal,
                                "W:e7,b2,j9 B:c6,g4,h9,k7,d8 w:e3,e4,e5,e6 b:f4,g7", engine::Color::White, {2, 0});
  const engine::AnyGame game = yinsh_game(s);
  bot::Request request;
  request.max_nodes = 50'000;
  auto analysis = bot::analyse(game, request);
  REQUIRE(analysis);
  REQUIRE(analysis->winner == engine::Color::White);
  CHECK(analysis->win_in >= 1);
  CHECK(analysis->win_in <= 3);  // the move, the row, the ring
  CHECK(analysis->score > 900'000);
  REQUIRE(!analysis->line.empty());
  check_line_plays(game, analysis->line);
  // The line ends the game as the score says.
  engine::AnyGame after = game;
  for (const auto& a : analysis->line) after.play(a);
  CHECK(after.result().over);
  CHECK(after.result().winner == engine::Color::White);
}

TEST_CASE("analysis: the same win seen from Black's side has White's score negative") {
  auto s = yinsh_test::position(engine::yinsh::Variant::Normal,
                                "B:e7,b2,j9 W:c6,g4,h9,k7,d8 b:e3,e4,e5,e6 w:f4,g7", engine::Color::Black, {0, 2});
  bot::Request request;
  request.max_nodes = 50'000;
  auto analysis = bot::analyse(yinsh_game(s), request);
  REQUIRE(analysis);
  CHECK(analysis->winner == engine::Color::Black);
  CHECK(analysis->score < -900'000);
}

TEST_CASE("analysis: deterministic, bounded by its nodes, its line legal, in both games") {
  std::string error;
  for (const char* name : {"gipf", "yinsh"}) {
    CAPTURE(name);
    auto game = engine::AnyGame::create({name, name == std::string("gipf") ? "standard" : "normal", 0, 0}, error);
    REQUIRE(game);
    // A few moves in, so the search has something to weigh.
    for (int i = 0; i < 6; ++i) game->play(game->legal_notation()[static_cast<std::size_t>(i * 7) % game->legal_notation().size()]);
    bot::Request request;
    request.max_nodes = 20'000;
    auto first = bot::analyse(*game, request);
    auto second = bot::analyse(*game, request);
    REQUIRE(first);
    REQUIRE(second);
    CHECK(first->score == second->score);
    CHECK(first->line == second->line);
    CHECK(first->nodes <= 20'000);
    CHECK(first->depth >= 1);
    CHECK_FALSE(first->winner);
    REQUIRE(!first->line.empty());
    CHECK(static_cast<int>(first->line.size()) <= bot::kMaxAnalysisLine);
    check_line_plays(*game, first->line);
  }
}

TEST_CASE("analysis: a stop asked at once still answers with an action; a finished game has no analysis") {
  std::string error;
  auto game = engine::AnyGame::create({"yinsh", "normal", 0, 0}, error);
  REQUIRE(game);
  bot::Request request;
  request.should_stop = [] { return true; };
  auto analysis = bot::analyse(*game, request);
  REQUIRE(analysis);
  REQUIRE(analysis->line.size() >= 1);
  CHECK(game->check(analysis->line.front()).empty());
  REQUIRE(game->resign(engine::Color::Black));
  CHECK_FALSE(bot::analyse(*game, {}));
}
