#include "bot/bot.hpp"

#include <algorithm>
#include <stdexcept>
#include <type_traits>
#include <variant>

#include "alpha_beta.hpp"
#include "engine/random.hpp"
#include "turn_win.hpp"

namespace bot {
namespace {

// Enough for every turn of either game: a push or move and its removals.
constexpr std::uint64_t kTurnWinNodes = 20'000;
// Values this close to kWin are wins found (the search reaches far fewer plies).
constexpr int kWinPlies = 1000;
// The analysis board's budget when its request names none.
constexpr std::uint64_t kAnalysisNodes = 1'000'000;

template <class State>
constexpr bool kIsGipf = std::is_same_v<State, engine::gipf::State>;

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
  const GameLevel& level = kIsGipf<State> ? level_info(request.level).gipf : level_info(request.level).yinsh;
  // The weak levels' slips: a uniformly random action now and then (the shuffled first).
  if (level.random_permille > 0 && random.next() % 1000 < static_cast<std::uint64_t>(level.random_permille))
    return actions.front();
  std::uint64_t budget = level.nodes;
  if (request.max_nodes != 0) budget = std::min(budget, request.max_nodes);
  return AlphaBeta<State>(me, budget, request.should_stop).best(state, std::move(actions));
}

}  // namespace

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

std::optional<Analysis> analyse(const engine::AnyGame& game, const Request& request) {
  return std::visit([&]<class Rules>(const engine::Game<Rules>& typed) -> std::optional<Analysis> {
    using State = typename Rules::State;
    using Action = typename Rules::Action;
    const State& state = typed.state();
    if (state.result().over) return std::nullopt;
    auto actions = state.legal_actions();
    if (actions.empty()) return std::nullopt;
    const engine::Color me = state.pending().player;
    const std::uint64_t budget = request.max_nodes != 0 ? request.max_nodes : kAnalysisNodes;
    AlphaBeta<State> search(me, budget, request.should_stop, true);
    const auto chosen = search.best(state, std::move(actions));
    Analysis analysis;
    int value = search.value();
    if (value >= kWin - kWinPlies) {  // kWin - plies: a win for `me`
      analysis.winner = me;
      analysis.win_in = kWin - value;
    } else if (value <= -kWin + kWinPlies) {
      analysis.winner = engine::opponent(me);
      analysis.win_in = kWin + value;
    }
    analysis.score = me == engine::Color::White ? value : -value;
    State walk = state;
    std::vector<Action> line = search.line();
    if (line.empty()) line.push_back(chosen);
    if (line.size() > kMaxAnalysisLine) line.resize(kMaxAnalysisLine);
    for (const auto& action : line) {
      // The forced ones are taken by themselves (AnyGame::play): the line is what to choose.
      if (walk.legal_actions().size() > 1) analysis.line.push_back(Rules::notation(walk, action));
      walk.apply_unchecked(action);
    }
    analysis.nodes = search.nodes();
    analysis.depth = search.depth();
    return analysis;
  }, game.typed());
}

}  // namespace bot
