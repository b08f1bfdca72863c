#include "match.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string_view>
#include <variant>

#include "bot/bot.hpp"
#include "bot/elo.hpp"
#include "engine/registry.hpp"
#include "engine/zobrist.hpp"
#include "engine_process.hpp"
#include "mcts.hpp"
#include "self_play.hpp"

namespace tool {
namespace {

// The protocol's version, said in the first line to an outside engine.
constexpr std::string_view kProtocolHello = "arena-engine 1";

std::string signed_elo(double elo) { return (elo >= 0 ? "+" : "") + fixed(elo, 0); }

// A player during a match: its outside engine, started once for all the games.
class Seat {
 public:
  explicit Seat(const MatchPlayer& player, std::chrono::milliseconds engine_time)
      : player_(player), engine_time_(engine_time) {
    if (player.kind != MatchPlayer::Kind::Engine) return;
    process_ = std::make_unique<EngineProcess>(player.command);
    std::string error;
    auto hello = process_->ask(std::string(kProtocolHello), engine_time, error);
    if (!hello) throw std::runtime_error(player.name() + ": " + error);
    if (hello->rfind("ready", 0) != 0) throw std::runtime_error(player.name() + " answered '" + *hello + "', not ready");
  }

  // The action, or nullopt with `error`: an engine that fails loses the game.
  std::optional<std::string> choose(const engine::AnyGame& game, std::uint64_t seed, std::string& error) {
    switch (player_.kind) {
      case MatchPlayer::Kind::Random: {
        auto legal = game.legal_notation();
        if (legal.empty()) return std::nullopt;
        return legal[engine::splitmix64(seed) % legal.size()];
      }
      case MatchPlayer::Kind::Level:
        return bot::choose_notation(game, {player_.level, seed, 0, {}});
      case MatchPlayer::Kind::Mcts:
        return std::visit([&]<class Rules>(const engine::Game<Rules>& typed) -> std::optional<std::string> {
          auto legal = typed.state().legal_actions();
          if (legal.empty()) return std::nullopt;
          if (legal.size() == 1) return Rules::notation(typed.state(), legal.front());
          Mcts<typename Rules::State> search(player_.iterations, seed);
          return Rules::notation(typed.state(), search.best(typed.state()));
        }, game.typed());
      case MatchPlayer::Kind::Engine: break;
    }
    std::string line = "go " + game.options().game + ":" + game.options().variant;
    for (const auto& step : game.steps())
      if (!step.automatic) line += " " + step.action;
    auto answer = process_->ask(line, engine_time_, error);
    if (!answer) return std::nullopt;
    if (answer->rfind("action ", 0) != 0) {
      error = "answered '" + answer->substr(0, 80) + "', not an action";
      return std::nullopt;
    }
    std::string action = answer->substr(7);
    if (std::string problem = game.check(action); !problem.empty()) {
      error = "answered the illegal action '" + action.substr(0, 80) + "': " + problem;
      return std::nullopt;
    }
    return action;
  }

 private:
  const MatchPlayer& player_;
  std::chrono::milliseconds engine_time_;
  std::unique_ptr<EngineProcess> process_;
};

void add_time(SideResult& side, double ms) {
  ++side.decisions;
  side.total_ms += ms;
  side.max_ms = std::max(side.max_ms, ms);
}

std::string mean_ms(const SideResult& side) {
  return side.decisions == 0 ? "-" : fixed(side.total_ms / side.decisions, side.total_ms / side.decisions < 10 ? 1 : 0);
}

// "+191 [+78, +332]", with ≥ / ≤ for a clean sweep.
std::string elo_text(const bot::EloEstimate& e) {
  if (e.elo) return signed_elo(*e.elo) + " [" + (e.low ? signed_elo(*e.low) : "-inf") + ", " +
                    (e.high ? signed_elo(*e.high) : "+inf") + "]";
  if (e.low) return ">= " + signed_elo(*e.low);
  if (e.high) return "<= " + signed_elo(*e.high);
  return "-";
}

MatchResult run_games(const MatchSettings& settings, std::ostream& out) {
  if (settings.options.white_extra + settings.options.black_extra > 0 &&
      (settings.first.kind == MatchPlayer::Kind::Engine || settings.second.kind == MatchPlayer::Kind::Engine))
    throw std::runtime_error("outside engines play without handicap pieces");
  Seat seats[2] = {Seat(settings.first, settings.engine_time), Seat(settings.second, settings.engine_time)};
  MatchResult match;
  SideResult* sides[2] = {&match.first, &match.second};
  std::uint64_t seeds = settings.seed;
  std::uint64_t opening_seed = 0;
  for (int g = 0; g < settings.games; ++g) {
    const bool first_is_white = g % 2 == 0;
    if (g % 2 == 0) opening_seed = engine::splitmix64(seeds);
    std::string error;
    auto game = engine::AnyGame::create(settings.options, error);
    if (!game) throw std::runtime_error(error);
    const std::uint64_t game_seed = engine::splitmix64(seeds);
    play_random_opening(*game, settings.random_decisions, opening_seed);
    std::optional<int> forfeit;  // the side (0 first, 1 second) whose engine failed
    std::string forfeit_reason;
    while (!game->result().over && game->ply() < kMaxSteps) {
      const bool white_decides = *game->decider() == engine::Color::White;
      const int side = white_decides == first_is_white ? 0 : 1;
      const auto started = std::chrono::steady_clock::now();
      const std::uint64_t seed = game_seed ^ static_cast<std::uint64_t>(game->ply()) * 0x9E3779B97F4A7C15ull;
      auto action = seats[side].choose(*game, seed, error);
      add_time(*sides[side],
               std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count());
      if (!action) {
        if (!error.empty()) {
          forfeit = side;
          forfeit_reason = error;
        }
        break;  // else no legal action: unfinished
      }
      game->play(*action);
    }
    const MatchPlayer& white = first_is_white ? settings.first : settings.second;
    const MatchPlayer& black = first_is_white ? settings.second : settings.first;
    engine::GameResult result = game->result();
    std::optional<engine::Color> winner = result.winner;
    std::string outcome;
    if (forfeit) {
      const bool loser_white = (*forfeit == 0) == first_is_white;
      winner = loser_white ? engine::Color::Black : engine::Color::White;
      outcome = std::string(loser_white ? "0-1" : "1-0") + " forfeit: " +
                (*forfeit == 0 ? settings.first : settings.second).name() + " " + forfeit_reason;
    } else {
      outcome = !result.over ? "unfinished" : !winner ? "1/2-1/2" : *winner == engine::Color::White ? "1-0" : "0-1";
      if (result.over) outcome += " " + std::string(result.reason);
    }
    if (settings.print_games)
      out << "game " << g + 1 << ": " << white.name() << " (white) - " << black.name() << " (black) " << outcome
          << ", " << game->turns() << " turns\n";
    for (int side = 0; side < 2; ++side) {
      engine::Color colour = (side == 0) == first_is_white ? engine::Color::White : engine::Color::Black;
      SideResult& s = *sides[side];
      if (!winner) ++s.draws;
      else if (*winner == colour) ++s.wins;
      else ++s.losses;
    }
  }
  return match;
}

}  // namespace

std::string MatchPlayer::name() const {
  switch (kind) {
    case Kind::Random: return "random";
    case Kind::Level: return "level " + std::to_string(level);
    case Kind::Engine: return "engine '" + command + "'";
    case Kind::Mcts: return "mcts " + std::to_string(iterations);
  }
  return "?";
}

MatchResult play_match(const MatchSettings& settings, std::ostream& out) {
  MatchResult match = run_games(settings, out);
  for (int side = 0; side < 2; ++side) {
    const MatchPlayer& p = side == 0 ? settings.first : settings.second;
    const SideResult& s = side == 0 ? match.first : match.second;
    out << p.name() << ": " << s.wins << " wins, " << s.draws << " draws, " << s.losses << " losses; "
        << mean_ms(s) << " ms per decision on average, at most " << fixed(s.max_ms, 0) << " ms (" << s.decisions
        << " decisions)\n";
  }
  auto e = bot::estimate_elo(match.first.wins, match.first.draws, match.first.losses);
  out << settings.first.name() << " - " << settings.second.name() << ": score " << fixed(100 * e.score, 1)
      << " %, Elo " << elo_text(e) << " (95 %)\n";
  return match;
}

void play_ladder(const MatchSettings& base, const std::vector<int>& levels, int anchor, std::ostream& out) {
  out << "| match | games | won-drawn-lost | score | Elo [95 %] | ms per decision, mean (max) |\n"
      << "|---|---|---|---|---|---|\n";
  std::vector<std::optional<double>> steps;
  for (std::size_t i = 1; i < levels.size(); ++i) {
    MatchSettings settings = base;
    settings.first = {MatchPlayer::Kind::Level, levels[i], {}, 0};
    settings.second = {MatchPlayer::Kind::Level, levels[i - 1], {}, 0};
    settings.print_games = false;
    settings.seed = base.seed + i;
    MatchResult r = run_games(settings, out);
    auto e = bot::estimate_elo(r.first.wins, r.first.draws, r.first.losses);
    steps.push_back(e.elo);
    out << "| level " << levels[i] << " – level " << levels[i - 1] << " | " << e.games << " | " << r.first.wins << "-"
        << r.first.draws << "-" << r.first.losses << " | " << fixed(100 * e.score, 1) << " % | " << elo_text(e)
        << " | " << mean_ms(r.first) << " (" << fixed(r.first.max_ms, 0) << ") / " << mean_ms(r.second) << " ("
        << fixed(r.second.max_ms, 0) << ") |\n"
        << std::flush;
  }
  out << "provisional ratings (level " << levels.front() << " = " << anchor << "):";
  double rating = anchor;
  out << " level " << levels.front() << " " << anchor;
  for (std::size_t i = 1; i < levels.size(); ++i) {
    if (!steps[i - 1]) {
      out << ", level " << levels[i] << " unbounded (a clean sweep)";
      break;
    }
    rating += *steps[i - 1];
    out << ", level " << levels[i] << " " << fixed(rating, 0);
  }
  out << "\n";
}

}  // namespace tool
