#pragma once
// Monte Carlo tree search, the alternative #47 asked to measure against the
// levels' alpha-beta (`gipf-engine match ... mcts:N`, bot/README.md, "Algorithm"):
// UCT over atomic actions; a new leaf is judged by a short random playout and then
// the fitted evaluation read as a win probability (its 100 points are one unit of
// log-odds: bot/features.hpp), so no playout has to reach the end of a long GIPF
// game. N iterations a decision (a count, not a clock: the same seed, the same action).
// The tree is not kept between decisions. It lost (see the README), so the levels
// do not use it; the tool keeps it as the baseline for the next attempt.
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "bot/features.hpp"
#include "engine/color.hpp"
#include "engine/random.hpp"

namespace tool {

template <class State>
class Mcts {
 public:
  using Action = typename State::ActionType;

  Mcts(std::uint64_t iterations, std::uint64_t seed, int playout_decisions = 2)
      : iterations_(iterations), random_(seed), playout_decisions_(playout_decisions) {}

  // The most visited action at the root (legal in `root`, which has a decision).
  Action best(const State& root) {
    Node tree;
    tree.untried = root.legal_actions();
    for (std::uint64_t i = 0; i < iterations_; ++i) {
      State state = root;
      std::vector<Node*> path{&tree};
      Node* node = &tree;
      // Select while every action of the node has a child.
      while (node->untried.empty() && !node->children.empty()) {
        node = select(*node);
        state.apply_unchecked(node->action);
        path.push_back(node);
      }
      // Expand one untried action.
      if (!node->untried.empty() && !state.result().over) {
        std::size_t pick = random_.below(node->untried.size());
        Action a = node->untried[pick];
        node->untried[pick] = node->untried.back();
        node->untried.pop_back();
        auto child = std::make_unique<Node>();
        child->action = a;
        child->mover = state.pending().player;
        state.apply_unchecked(a);
        if (!state.result().over) child->untried = state.legal_actions();
        node->children.push_back(std::move(child));
        node = node->children.back().get();
        path.push_back(node);
      }
      const double white = judge(state);
      for (Node* n : path) {
        ++n->visits;
        n->value += n->mover == engine::Color::White ? white : 1 - white;
      }
    }
    const Node* chosen = tree.children.front().get();
    for (const auto& c : tree.children)
      if (c->visits > chosen->visits) chosen = c.get();
    return chosen->action;
  }

 private:
  struct Node {
    Action action{};
    engine::Color mover = engine::Color::White;  // who chose `action`: `value` is theirs
    std::uint64_t visits = 0;
    double value = 0;
    std::vector<Action> untried;
    std::vector<std::unique_ptr<Node>> children;
  };

  // UCB1 over the children, from the view of the player deciding at `parent`.
  Node* select(Node& parent) {
    Node* best = nullptr;
    double best_score = -1;
    const double log_visits = std::log(static_cast<double>(parent.visits) + 1);
    for (auto& c : parent.children) {
      double score = c->value / static_cast<double>(c->visits) + kExploration * std::sqrt(log_visits / static_cast<double>(c->visits));
      if (score > best_score) best_score = score, best = c.get();
    }
    return best;
  }

  // White's chance: the result, or a few random decisions and then the evaluation.
  double judge(State state) {
    for (int i = 0; i < playout_decisions_ && !state.result().over; ++i) {
      auto actions = state.legal_actions();
      if (actions.empty()) break;
      state.apply_unchecked(actions[random_.below(actions.size())]);
    }
    if (state.result().over) return !state.result().winner ? 0.5 : *state.result().winner == engine::Color::White ? 1.0 : 0.0;
    const double points = bot::evaluate(state, engine::Color::White);
    return 1.0 / (1.0 + std::exp(-points / 100.0));
  }

  static constexpr double kExploration = 0.7;
  std::uint64_t iterations_;
  engine::Random random_;
  int playout_decisions_;
};

}  // namespace tool
