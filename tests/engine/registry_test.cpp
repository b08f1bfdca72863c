#include "engine/registry.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/replay.hpp"
#include "engine/random.hpp"

namespace {

using engine::AnyGame;
using engine::Color;
using engine::GameOptions;
using Strings = std::vector<std::string>;

AnyGame start(const GameOptions& options) {
  std::string error;
  auto game = AnyGame::create(options, error);
  REQUIRE_MESSAGE(game.has_value(), error);
  CHECK(error.empty());
  return *game;
}

void play(AnyGame& game, const Strings& actions) {
  for (const auto& a : actions) {
    std::string reason = game.play(a);
    REQUIRE_MESSAGE(reason.empty(), (a + ": " + reason));
  }
}

template <class Rules>
std::vector<AnyGame::Step> steps_of(const engine::Game<Rules>& game) {
  std::vector<AnyGame::Step> out;
  for (const auto& s : game.steps())
    out.push_back({static_cast<int>(out.size()), s.player, s.text, s.automatic, s.turn});
  return out;
}

// Plays a random game through AnyGame and the same actions on the typed game,
// comparing every view after each. Returns how many steps were automatic.
template <class Rules>
int mirror(const GameOptions& options, const typename Rules::Options& typed_options, std::uint64_t seed) {
  AnyGame any = start(options);
  engine::Game<Rules> typed(typed_options);
  engine::Random rng(seed);
  for (;;) {
    REQUIRE(any.ply() == static_cast<int>(typed.steps().size()));
    CHECK(any.turns() == (typed.steps().empty() ? 0 : typed.steps().back().turn + 1));
    CHECK(any.steps() == steps_of(typed));
    CHECK(any.result() == typed.state().result());
    Strings legal = any.legal_notation();
    REQUIRE(legal == engine::legal_notation<Rules>(typed.state()));
    if (typed.over()) {
      CHECK(!any.decider());
      CHECK(legal.empty());
      break;
    }
    CHECK(any.decider() == typed.state().pending().player);
    const std::string& choice = legal[rng.below(legal.size())];
    CHECK(any.check(choice).empty());
    REQUIRE(any.play(choice).empty());
    REQUIRE(typed.play(Rules::parse(typed.state(), choice).value).empty());
  }
  CHECK(std::get<engine::Game<Rules>>(any.typed()).state().hash() == typed.state().hash());
  int automatic = 0;
  for (const auto& s : any.steps()) automatic += s.automatic;
  return automatic;
}

}  // namespace

TEST_CASE("the registry lists the games and their variants") {
  REQUIRE(engine::games().size() == 2);
  const auto& gipf = engine::games()[0];
  const auto& yinsh = engine::games()[1];
  CHECK(gipf.name == "gipf");
  CHECK(gipf.title == "GIPF");
  CHECK(gipf.default_variant == "standard");
  CHECK(!gipf.draws);
  CHECK(gipf.max_extra == 3);
  REQUIRE(gipf.variants.size() == 3);
  CHECK(gipf.variants[0].name == "basic");
  CHECK(gipf.variants[0].handicap);
  CHECK(gipf.variants[1].name == "standard");
  CHECK(!gipf.variants[1].handicap);
  CHECK(gipf.variants[2].name == "tournament");
  CHECK(!gipf.variants[2].handicap);

  CHECK(yinsh.name == "yinsh");
  CHECK(yinsh.title == "YINSH");
  CHECK(yinsh.default_variant == "normal");
  CHECK(yinsh.draws);
  CHECK(yinsh.max_extra == 0);
  REQUIRE(yinsh.variants.size() == 2);
  CHECK(yinsh.variants[0].name == "normal");
  CHECK(yinsh.variants[1].name == "blitz");
  for (const auto& v : yinsh.variants) CHECK(!v.handicap);

  CHECK(engine::find_game("gipf") == &gipf);
  CHECK(engine::find_game("yinsh") == &yinsh);
  CHECK(engine::find_game("chess") == nullptr);
  CHECK(engine::find_game("GIPF") == nullptr);
  CHECK(engine::find_variant(gipf, "basic") == &gipf.variants[0]);
  CHECK(engine::find_variant(gipf, "normal") == nullptr);
  for (const auto& v : gipf.variants) CHECK(engine::gipf::parse_variant(v.name).has_value());
  for (const auto& v : yinsh.variants) CHECK(engine::yinsh::parse_variant(v.name).has_value());
}

TEST_CASE("validate accepts every variant of every game") {
  for (const auto& game : engine::games()) {
    CHECK(engine::find_variant(game, game.default_variant) != nullptr);
    for (const auto& variant : game.variants) {
      GameOptions o{std::string(game.name), std::string(variant.name)};
      CHECK(engine::validate(o).empty());
      AnyGame any = start(o);
      CHECK(any.options() == o);
      CHECK(&any.info() == &game);
      if (!variant.handicap) continue;
      for (int w = 0; w <= game.max_extra; ++w)
        for (int b = 0; b <= game.max_extra; ++b) CHECK(engine::validate({o.game, o.variant, w, b}).empty());
    }
  }
}

TEST_CASE("validate refuses what is not playable, in one sentence") {
  auto refusal = [](const GameOptions& o) {
    std::string error = "(not set)";
    CHECK(!AnyGame::create(o, error).has_value());
    CHECK(error == engine::validate(o));
    return error;
  };
  CHECK(refusal({"chess", "basic"}) == "unknown game 'chess', expected gipf or yinsh");
  CHECK(refusal({"", ""}) == "unknown game '', expected gipf or yinsh");
  CHECK(refusal({"gipf", "blitz"}) == "unknown GIPF variant 'blitz', expected basic, standard or tournament");
  CHECK(refusal({"gipf", ""}) == "unknown GIPF variant '', expected basic, standard or tournament");
  CHECK(refusal({"yinsh", "basic"}) == "unknown YINSH variant 'basic', expected normal or blitz");
  CHECK(refusal({"yinsh", "Normal"}) == "unknown YINSH variant 'Normal', expected normal or blitz");

  std::string handicap = "extra pieces (handicap) exist only in the basic GIPF game";
  CHECK(refusal({"gipf", "standard", 1, 0}) == handicap);
  CHECK(refusal({"gipf", "tournament", 0, 3}) == handicap);
  CHECK(refusal({"yinsh", "normal", 0, 2}) == handicap);
  CHECK(refusal({"yinsh", "blitz", -1, 0}) == handicap);

  std::string range = "extra pieces must be between 0 and 3 per colour";
  CHECK(refusal({"gipf", "basic", 4, 0}) == range);
  CHECK(refusal({"gipf", "basic", 0, -1}) == range);
  CHECK(refusal({"gipf", "basic", 1000, 1000}) == range);
}

TEST_CASE("AnyGame plays both games exactly as the typed game does") {
  int gipf_automatic = 0;
  int yinsh_automatic = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    namespace g = engine::gipf;
    namespace y = engine::yinsh;
    gipf_automatic += mirror<g::Rules>({"gipf", "basic", 2, 1}, g::Options{g::Variant::Basic, {2, 1}}, seed);
    gipf_automatic += mirror<g::Rules>({"gipf", "standard"}, g::Options{g::Variant::Standard}, seed);
    gipf_automatic += mirror<g::Rules>({"gipf", "tournament"}, g::Options{g::Variant::Tournament}, seed);
    yinsh_automatic += mirror<y::Rules>({"yinsh", "normal"}, y::Options{y::Variant::Normal}, seed);
    yinsh_automatic += mirror<y::Rules>({"yinsh", "blitz"}, y::Options{y::Variant::Blitz}, seed);
  }
  CHECK(gipf_automatic > 0);  // forced actions were taken and listed
  CHECK(yinsh_automatic > 0);
}

TEST_CASE("a refused action changes nothing; check() gives play()'s answer") {
  AnyGame game = start({"gipf", "basic"});
  play(game, {"e1-e3"});
  const Strings before = game.legal_notation();
  for (std::string bad : {"e5-e6", "e1-e3x", "", "xb2,c3,d4,e5"}) {
    std::string reason = game.check(bad);
    CHECK_MESSAGE(!reason.empty(), bad);
    CHECK(game.play(bad) == reason);
    CHECK(game.ply() == 1);
    CHECK(game.legal_notation() == before);
  }
  CHECK(game.check("e5-e6").starts_with("e5 is a point, not a dot"));
  CHECK(game.check("e9-e8").empty());
  CHECK(game.ply() == 1);  // check() does not play
  CHECK(game.decider() == Color::Black);
}

TEST_CASE("steps() from a ply and turns()") {
  AnyGame game = start({"yinsh", "normal"});
  CHECK(game.turns() == 0);
  CHECK(game.steps().empty());
  play(game, {"e3", "f5", "a2"});
  CHECK(game.turns() == 3);
  CHECK(game.steps() == std::vector<AnyGame::Step>{{0, Color::White, "e3", false, 0},
                                                   {1, Color::Black, "f5", false, 1},
                                                   {2, Color::White, "a2", false, 2}});
  CHECK(game.steps(2) == std::vector<AnyGame::Step>{{2, Color::White, "a2", false, 2}});
  CHECK(game.steps(-5).size() == 3);
  CHECK(game.steps(3).empty());
  CHECK(game.steps(100).empty());
}

TEST_CASE("resignation and draws by agreement") {
  AnyGame gipf = start({"gipf", "standard"});
  CHECK(!gipf.info().draws);
  CHECK(!gipf.agree_draw());  // GIPF has no draws
  CHECK(!gipf.result().over);
  CHECK(gipf.resign(Color::White));
  CHECK(gipf.result() == engine::GameResult{true, Color::Black, "resignation"});
  CHECK(!gipf.decider());
  CHECK(gipf.legal_notation().empty());
  CHECK(!gipf.resign(Color::Black));
  CHECK(!gipf.play("e1-e2").empty());

  AnyGame yinsh = start({"yinsh", "blitz"});
  CHECK(yinsh.info().draws);
  play(yinsh, {"e3"});
  CHECK(yinsh.agree_draw());
  CHECK(yinsh.result() == engine::GameResult{true, std::nullopt, "agreement"});
  CHECK(!yinsh.decider());
  CHECK(!yinsh.agree_draw());  // over already
  CHECK(!yinsh.resign(Color::White));
}

TEST_CASE("adjudication: a referee's result, written and read back in records") {
  AnyGame gipf = start({"gipf", "basic"});
  play(gipf, {"e1-e3"});
  CHECK(!gipf.adjudicate(std::nullopt));  // GIPF has no draws
  CHECK(!gipf.result().over);
  CHECK(gipf.adjudicate(Color::Black));
  CHECK(gipf.result() == engine::GameResult{true, Color::Black, "adjudication"});
  CHECK(!gipf.adjudicate(Color::White));  // over already
  std::string text = gipf.record({});
  CHECK(text.find("[Result \"0-1\"]\n[Termination \"adjudication\"]") != std::string::npos);
  auto replayed = engine::replay_record<engine::gipf::Rules>(text);
  REQUIRE(replayed.ok());
  CHECK(replayed.game->state().result() == gipf.result());

  AnyGame yinsh = start({"yinsh", "normal"});
  play(yinsh, {"e3"});
  CHECK(yinsh.adjudicate(std::nullopt));
  CHECK(yinsh.result() == engine::GameResult{true, std::nullopt, "adjudication"});
  auto drawn = engine::replay_record<engine::yinsh::Rules>(yinsh.record({}));
  REQUIRE(drawn.ok());
  CHECK(drawn.game->state().result() == yinsh.result());
  // A GIPF record cannot claim an adjudicated draw.
  auto bad = engine::replay_record<engine::gipf::Rules>(
      "[Game \"gipf\"]\n[Variant \"basic\"]\n[Result \"1/2-1/2\"]\n[Termination \"adjudication\"]\n\n1. e1-e3\n");
  CHECK(!bad.ok());
}

TEST_CASE("a flag that fell and an abandoned game end with their own reasons, read back from records") {
  AnyGame gipf = start({"gipf", "standard"});
  play(gipf, {"e1-e3"});
  CHECK(!gipf.adjudicate(std::nullopt, engine::Verdict::Abandonment));  // no GIPF draws, whatever the reason
  CHECK(gipf.adjudicate(Color::White, engine::Verdict::Timeout));
  CHECK(gipf.result() == engine::GameResult{true, Color::White, "timeout"});
  auto timed_out = engine::replay_record<engine::gipf::Rules>(gipf.record({}));
  REQUIRE(timed_out.ok());
  CHECK(timed_out.game->state().result() == gipf.result());

  AnyGame yinsh = start({"yinsh", "blitz"});
  play(yinsh, {"e3"});
  CHECK(yinsh.adjudicate(std::nullopt, engine::Verdict::Abandonment));
  CHECK(yinsh.result() == engine::GameResult{true, std::nullopt, "abandonment"});
  auto abandoned = engine::replay_record<engine::yinsh::Rules>(yinsh.record({}));
  REQUIRE(abandoned.ok());
  CHECK(abandoned.game->state().result() == yinsh.result());
  CHECK(engine::parse_verdict("timeout") == engine::Verdict::Timeout);
  CHECK(!engine::parse_verdict("resignation"));
}

TEST_CASE("record() is the engine's record of the game") {
  AnyGame game = start({"gipf", "basic", 1, 0});
  play(game, {"e1-e3", "e9-e7"});
  std::vector<engine::RecordTag> tags{{"White", "Ann"}};
  std::string text = game.record(tags);
  CHECK(text == "[Game \"gipf\"]\n[Variant \"basic\"]\n[WhiteExtra \"1\"]\n[White \"Ann\"]\n[Result \"*\"]\n\n1. e1-e3 e9-e7\n");
  CHECK(text == engine::print_record(std::get<engine::gipf::GipfGame>(game.typed()), tags));
  auto replay = engine::replay_record<engine::gipf::Rules>(text);
  REQUIRE(replay.ok());
  CHECK(replay.extra_tags == tags);

  AnyGame yinsh = start({"yinsh", "normal"});
  play(yinsh, {"e3"});
  yinsh.resign(Color::Black);
  CHECK(yinsh.record({}) ==
        "[Game \"yinsh\"]\n[Variant \"normal\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. e3\n");
}

TEST_CASE("copies of an AnyGame are independent") {
  AnyGame a = start({"yinsh", "normal"});
  play(a, {"e3"});
  AnyGame b = a;
  play(b, {"f5"});
  CHECK(a.ply() == 1);
  CHECK(b.ply() == 2);
  CHECK(a.decider() == Color::Black);
  CHECK(b.decider() == Color::White);
  CHECK(b.resign(Color::White));
  CHECK(!a.result().over);
  a = b;
  CHECK(a.result().over);
  CHECK(a.steps() == b.steps());
}

// A regression signature in the spirit of perft: the number of legal actions after
// each step of fixed games, summed (as `gipf-engine legal` counts them), and the
// forced steps they contain.
TEST_CASE("legal-action counts along fixed games") {
  auto signature = [](AnyGame& game, const Strings& actions) {
    std::size_t total = game.legal_notation().size();
    for (const auto& a : actions) {
      play(game, {a});
      total += game.legal_notation().size();
    }
    return total;
  };
  AnyGame gipf = start({"gipf", "tournament"});
  CHECK(gipf.legal_notation().size() == 42);
  Strings middle{"Gi3-h3", "Gi4-h4", "b6-b5", "h6-h5", "h1-g2", "g7-g6", "c7-c6", "c7-c5", "i1-h2", "i3-g5",
                 "h6-f6", "a3-b4", "a3-b3", "i4-f7", "h6-e6", "a4-d7", "a3-c3", "b6-b2", "h6-d5", "i1-g3",
                 "h6-c4", "i5-f5", "c7-c2", "f8-f4", "h1-f3", "f8-f2", "g7-e7", "c7-d7",
                 "f8-e8", "i3-h4", "h1-e4", "g7-g5", "i5-f5", "e1-e2", "e9-e7", "a4-d4", "e1-e3",
                 "e9-e5", "c1-d2", "d1-d2"};
  CHECK(signature(gipf, middle) == 1608);
  CHECK(gipf.legal_notation().size() == 36);  // perft 1 of the CLI test's middle game
  Strings forced;  // the removals the CLI test writes out are taken here on their own
  for (const auto& step : gipf.steps())
    if (step.automatic) forced.push_back(step.action);
  CHECK(forced == Strings{"xd7,e7,f6,g5,h4", "xf2,f3,f4,f5", "xb2,c2,d2,e2"});
  CHECK(gipf.ply() == static_cast<int>(middle.size() + forced.size()));

  AnyGame yinsh = start({"yinsh", "normal"});
  CHECK(yinsh.legal_notation().size() == 85);
  CHECK(signature(yinsh, {"e3", "f5", "a2", "k10", "f6", "f7", "b1", "e10", "c5", "g4", "e3-e4"}) == 965);
}
