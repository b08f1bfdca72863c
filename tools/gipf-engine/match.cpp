#include "match.hpp"

#include <array>
#include <optional>
#include <ostream>
#include <string_view>

#include "bot/bot.hpp"
#include "engine/registry.hpp"
#include "engine/zobrist.hpp"

namespace tool {
namespace {

// Games that have not ended after this many steps (or that offer no action) are
// stopped and counted as draws.
constexpr int kMaxSteps = 3000;

struct Tally {
  int wins = 0;
  int draws = 0;
  int losses = 0;
};

// The player's action; nullopt where no action is legal.
std::optional<std::string> choose(const engine::AnyGame& game, const MatchPlayer& player, std::uint64_t seed) {
  if (player.level == 0) {
    auto legal = game.legal_notation();
    if (legal.empty()) return std::nullopt;
    return legal[engine::splitmix64(seed) % legal.size()];
  }
  return bot::choose_notation(game, {player.level, seed, 0, {}});
}

}  // namespace

std::string MatchPlayer::name() const { return level == 0 ? "random" : "level " + std::to_string(level); }

void play_match(const MatchSettings& settings, std::ostream& out) {
  std::array<Tally, 2> tally{};  // first, second
  std::uint64_t seeds = settings.seed;
  for (int g = 0; g < settings.games; ++g) {
    bool first_is_white = g % 2 == 0;
    const MatchPlayer& white = first_is_white ? settings.first : settings.second;
    const MatchPlayer& black = first_is_white ? settings.second : settings.first;
    std::string error;
    auto game = engine::AnyGame::create(settings.options, error);
    std::uint64_t game_seed = engine::splitmix64(seeds);
    while (!game->result().over && game->ply() < kMaxSteps) {
      const MatchPlayer& mover = *game->decider() == engine::Color::White ? white : black;
      auto action = choose(*game, mover, game_seed ^ static_cast<std::uint64_t>(game->ply()) * 0x9E3779B97F4A7C15ull);
      if (!action) break;  // counted as unfinished
      game->play(*action);
    }
    engine::GameResult result = game->result();
    std::string_view outcome = !result.over ? "unfinished" : !result.winner ? "1/2-1/2"
                               : *result.winner == engine::Color::White ? "1-0" : "0-1";
    out << "game " << g + 1 << ": " << white.name() << " (white) - " << black.name() << " (black) " << outcome;
    if (result.over) out << " " << result.reason;
    out << ", " << game->turns() << " turns\n";
    for (int side = 0; side < 2; ++side) {
      engine::Color colour = (side == 0) == first_is_white ? engine::Color::White : engine::Color::Black;
      Tally& t = tally[side];
      if (!result.winner) ++t.draws;
      else if (*result.winner == colour) ++t.wins;
      else ++t.losses;
    }
  }
  for (int side = 0; side < 2; ++side) {
    const MatchPlayer& p = side == 0 ? settings.first : settings.second;
    out << p.name() << ": " << tally[side].wins << " wins, " << tally[side].draws << " draws, " << tally[side].losses
        << " losses\n";
  }
}

}  // namespace tool
