#include "bot/bot.hpp"

#include <algorithm>
#include <stdexcept>
#include <variant>

#include "alpha_beta.hpp"
#include "engine/random.hpp"
#include "turn_win.hpp"

namespace bot {
namespace {

// Enough for every turn of either game: a push or move and its removals.
constexpr std::uint64_t kTurnWinNodes = 20'000;
constexpr std::uint64_t kLevelNodes[] = {0, 1'000, 5'000, 25'000, 120'000, 600'000};

template <class State>
std::optional<typename State::ActionType> choose_in(const State& state, const Request& request) {
  if (!valid_level(request.level))
    throw std::invalid_argument("the level must be from " + std::to_string(kMinLevel) + " to " + std::to_string(kMaxLevel));
  if (state.result().over) return std::nullopt;
  auto actions = state.legal_actions();
  if (actions.empty()) return std::nullopt;  // a state with no decision (see the header)
  if (actions.size() == 1) return actions.front();
  engine::Random random(request.seed ^ state.hash());
  random.shuffle(actions);
  engine::Color me = state.pending().player;
  if (auto win = TurnWinFinder<State>(me, kTurnWinNodes).find(state, actions)) return win;
  if (request.level == kMinLevel) return actions.front();
  std::uint64_t budget = level_nodes(request.level);
  if (request.max_nodes != 0) budget = std::min(budget, request.max_nodes);
  return AlphaBeta<State>(me, budget, request.should_stop).best(state, std::move(actions));
}

}  // namespace

bool valid_level(int level) { return level >= kMinLevel && level <= kMaxLevel; }

std::uint64_t level_nodes(int level) { return valid_level(level) ? kLevelNodes[level - kMinLevel] : 0; }

std::optional<engine::gipf::Action> choose(const engine::gipf::State& state, const Request& request) {
  return choose_in(state, request);
}

std::optional<engine::yinsh::Action> choose(const engine::yinsh::State& state, const Request& request) {
  return choose_in(state, request);
}

std::optional<std::string> choose_notation(const engine::AnyGame& game, const Request& request) {
  return std::visit([&]<class Rules>(const engine::Game<Rules>& typed) -> std::optional<std::string> {
    auto action = choose(typed.state(), request);
    if (!action) return std::nullopt;
    return Rules::notation(typed.state(), *action);
  }, game.typed());
}

}  // namespace bot
