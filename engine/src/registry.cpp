#include "engine/registry.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "engine/gipf/position.hpp"
#include "engine/replay.hpp"
#include "engine/yinsh/position.hpp"

namespace engine {
namespace {

// The names come from the engine's own types, so the two cannot disagree.
constexpr VariantInfo kGipfVariants[] = {
    {gipf::variant_name(gipf::Variant::Basic), true},
    {gipf::variant_name(gipf::Variant::Standard), false},
    {gipf::variant_name(gipf::Variant::Tournament), false},
};
constexpr VariantInfo kYinshVariants[] = {
    {yinsh::variant_name(yinsh::Variant::Normal), false},
    {yinsh::variant_name(yinsh::Variant::Blitz), false},
};

// In the order of AnyGame::Games: info() indexes this table with the variant's index.
constexpr GameInfo kGames[] = {
    {gipf::Rules::kName, "GIPF", gipf::variant_name(gipf::Options{}.variant), kGipfVariants, false, gipf::kMaxExtraPieces},
    {yinsh::Rules::kName, "YINSH", yinsh::variant_name(yinsh::Options{}.variant), kYinshVariants, true, 0},
};
static_assert(std::size(kGames) == std::variant_size_v<AnyGame::Games>);
static_assert(kGames[0].name == gipf::Rules::kName && kGames[1].name == yinsh::Rules::kName);

// "a", "a or b", "a, b or c".
template <class Items, class Name>
std::string either(const Items& items, Name name) {
  std::string out;
  std::size_t n = std::size(items);
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) out += i + 1 == n ? " or " : ", ";
    out += name(items[i]);
  }
  return out;
}

// "the basic GIPF game": where handicap pieces exist.
std::string handicap_games() {
  std::vector<std::string> places;
  for (const GameInfo& g : kGames)
    for (const VariantInfo& v : g.variants)
      if (v.handicap) places.push_back("the " + std::string(v.name) + " " + std::string(g.title) + " game");
  return either(places, [](const std::string& s) { return s; });
}

// Only for options validate() has accepted up to the game's own check.
gipf::Options gipf_options(const GameOptions& o) {
  auto extra = [](int n) { return static_cast<std::int8_t>(n); };
  return {*gipf::parse_variant(o.variant), {extra(o.white_extra), extra(o.black_extra)}};
}

}  // namespace

std::span<const GameInfo> games() { return kGames; }

const GameInfo* find_game(std::string_view name) {
  auto it = std::find_if(std::begin(kGames), std::end(kGames), [&](const GameInfo& g) { return g.name == name; });
  return it == std::end(kGames) ? nullptr : &*it;
}

const VariantInfo* find_variant(const GameInfo& game, std::string_view name) {
  auto it = std::find_if(game.variants.begin(), game.variants.end(), [&](const VariantInfo& v) { return v.name == name; });
  return it == game.variants.end() ? nullptr : &*it;
}

std::string validate(const GameOptions& o) {
  const GameInfo* game = find_game(o.game);
  if (!game)
    return "unknown game " + excerpt(o.game) + ", expected " + either(kGames, [](const GameInfo& g) { return std::string(g.name); });
  const VariantInfo* variant = find_variant(*game, o.variant);
  if (!variant)
    return "unknown " + std::string(game->title) + " variant " + excerpt(o.variant) + ", expected " +
           either(game->variants, [](const VariantInfo& v) { return std::string(v.name); });
  if ((o.white_extra != 0 || o.black_extra != 0) && !variant->handicap)
    return "extra pieces (handicap) exist only in " + handicap_games();
  for (int extra : {o.white_extra, o.black_extra})
    if (extra < 0 || extra > game->max_extra)
      return "extra pieces must be between 0 and " + std::to_string(game->max_extra) + " per colour";
  if (game->name == gipf::Rules::kName) return std::string(gipf::validate(gipf_options(o)));
  return {};
}

std::optional<AnyGame> AnyGame::create(const GameOptions& options, std::string& error) {
  error = validate(options);
  if (!error.empty()) return std::nullopt;
  if (options.game == gipf::Rules::kName) return AnyGame(options, Game<gipf::Rules>(gipf_options(options)));
  return AnyGame(options, Game<yinsh::Rules>(yinsh::Options{*yinsh::parse_variant(options.variant)}));
}

const GameInfo& AnyGame::info() const { return kGames[game_.index()]; }

int AnyGame::ply() const {
  return std::visit([](const auto& g) { return static_cast<int>(g.steps().size()); }, game_);
}

int AnyGame::turns() const {
  return std::visit([](const auto& g) { return g.steps().empty() ? 0 : g.steps().back().turn + 1; }, game_);
}

std::optional<Color> AnyGame::decider() const {
  return std::visit([](const auto& g) -> std::optional<Color> {
    if (g.over()) return std::nullopt;
    return g.state().pending().player;
  }, game_);
}

// Parsed against the current state, like the server always has: a forced action
// already taken is not accepted written out (Game::play(string_view) would).
std::string AnyGame::play(std::string_view notation) {
  return std::visit([&]<class Rules>(Game<Rules>& g) {
    auto parsed = Rules::parse(g.state(), notation);
    return parsed.ok() ? g.play(parsed.value) : parsed.error;
  }, game_);
}

std::string AnyGame::check(std::string_view notation) const {
  return std::visit([&]<class Rules>(const Game<Rules>& g) {
    auto parsed = Rules::parse(g.state(), notation);
    return parsed.ok() ? g.state().check(parsed.value) : parsed.error;
  }, game_);
}

std::vector<AnyGame::Step> AnyGame::steps(int from_ply) const {
  return std::visit([&](const auto& g) {
    std::vector<Step> out;
    const auto& all = g.steps();
    for (std::size_t i = std::max(from_ply, 0); i < all.size(); ++i)
      out.push_back({static_cast<int>(i), all[i].player, all[i].text, all[i].automatic, all[i].turn});
    return out;
  }, game_);
}

std::vector<std::string> AnyGame::legal_notation() const {
  return std::visit([]<class Rules>(const Game<Rules>& g) { return engine::legal_notation<Rules>(g.state()); }, game_);
}

GameResult AnyGame::result() const {
  return std::visit([](const auto& g) { return g.state().result(); }, game_);
}

bool AnyGame::resign(Color loser) {
  return std::visit([&](auto& g) { return g.resign(loser); }, game_);
}

bool AnyGame::adjudicate(std::optional<Color> winner, Verdict verdict) {
  return std::visit([&](auto& g) { return g.adjudicate(winner, verdict); }, game_);
}

bool AnyGame::agree_draw() {
  return std::visit([]<class Rules>(Game<Rules>& g) { return Rules::agree_draw(g); }, game_);
}

AnyGame AnyGame::of(Games game) {
  GameOptions options = std::visit(
      [](const auto& g) {
        using Rules = std::decay_t<decltype(g)>;
        GameOptions o;
        if constexpr (std::is_same_v<Rules, Game<gipf::Rules>>) {
          o = {"gipf", std::string(gipf::variant_name(g.options().variant)), g.options().extra[0], g.options().extra[1]};
        } else {
          o = {"yinsh", std::string(yinsh::variant_name(g.options().variant)), 0, 0};
        }
        return o;
      },
      game);
  return AnyGame(std::move(options), std::move(game));
}

std::optional<AnyGame> AnyGame::from_position(std::string_view text, std::string& error) {
  const std::string_view trimmed = trim(text);
  const std::string_view name = trimmed.substr(0, trimmed.find_first_of(" _"));
  auto made = [&]<class Rules>(const Parsed<typename Rules::State>& start) -> std::optional<AnyGame> {
    if (!start.ok()) {
      error = start.error;
      return std::nullopt;
    }
    return of(Game<Rules>(start.value));
  };
  if (name == gipf::Rules::kName) return made.template operator()<gipf::Rules>(gipf::parse_position(trimmed));
  if (name == yinsh::Rules::kName) return made.template operator()<yinsh::Rules>(yinsh::parse_position(trimmed));
  error = "position: a position's text starts with its game, gipf or yinsh";
  return std::nullopt;
}

std::string AnyGame::position() const {
  return std::visit([](const auto& g) { return position_text(g.state()); }, game_);
}

std::string AnyGame::record(const std::vector<RecordTag>& tags) const {
  return std::visit([&](const auto& g) { return print_record(g, tags); }, game_);
}

std::optional<int> takeback_ply(const AnyGame& game, Color asker) {
  const auto steps = game.steps();
  auto last = std::find_if(steps.rbegin(), steps.rend(), [&](const AnyGame::Step& s) { return s.player == asker && !s.automatic; });
  if (last == steps.rend()) return std::nullopt;
  auto first = std::find_if(steps.begin(), steps.end(), [&](const AnyGame::Step& s) { return s.turn == last->turn; });
  return first->ply;
}

std::optional<AnyGame> game_at_ply(const AnyGame& game, int ply) {
  if (ply < 0 || ply > game.ply()) return std::nullopt;
  std::string error;
  auto back = AnyGame::create(game.options(), error);
  if (!back) return std::nullopt;
  for (const auto& step : game.steps()) {
    if (back->ply() >= ply) break;
    if (step.ply < back->ply()) continue;  // taken by itself after the chosen step before it
    if (!back->play(step.action).empty()) return std::nullopt;
  }
  if (back->ply() != ply) return std::nullopt;  // inside a run of forced steps: no decision waits there
  return back;
}

}  // namespace engine
