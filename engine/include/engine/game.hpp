#pragma once
// A game in progress for either game: the state, the actions taken so far grouped
// into turns, and the rule that a decision with a single option is taken at once
// (RULES.md: "forced choices apply automatically").
//
// `Rules` names the game's types and its notation:
//   State, Action, Options;
//   static std::string notation(const State& before, const Action&);
//   static Parsed<Action> parse(const State&, std::string_view);
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/color.hpp"
#include "engine/text.hpp"

namespace engine {

// The legal actions of `state` in canonical notation, sorted, each once.
template <class Rules>
std::vector<std::string> legal_notation(const typename Rules::State& state) {
  std::vector<std::string> out;
  for (const auto& a : state.legal_actions()) out.push_back(Rules::notation(state, a));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

template <class Rules>
class Game {
 public:
  using State = typename Rules::State;
  using Action = typename Rules::Action;
  using Options = typename Rules::Options;

  struct Step {
    Action action;
    Color player;      // who decided (or for whom it was forced)
    int turn;          // index of the turn it belongs to, from 0
    bool automatic;    // taken because it was the only option
    std::string text;  // canonical notation
  };

  explicit Game(const Options& options) : state_(options) { resolve_forced(); }
  // From a position (analysis, #44): its forced actions are taken at once too.
  explicit Game(const State& start) : state_(start), turn_color_(start.turn()) { resolve_forced(); }

  const State& state() const { return state_; }
  const Options& options() const { return state_.options(); }
  const std::vector<Step>& steps() const { return steps_; }
  bool over() const { return state_.result().over; }

  // Applies a chosen action and then every forced one. Returns the reason for a
  // refusal (nothing changes then), or an empty string.
  std::string play(const Action& action) {
    std::string reason = state_.check(action);
    if (!reason.empty()) return reason;
    confirm_forced();
    push_step(action, false);
    resolve_forced();
    return {};
  }

  // Text form of one action. A forced action that was already taken may be written
  // out (it is then matched) or left out.
  std::string play(std::string_view text) {
    text = trim(text);
    if (confirmed_ < steps_.size()) {
      auto forced = Rules::parse(forced_before_.front(), text);
      if (forced.ok() && forced.value == steps_[confirmed_].action) {
        ++confirmed_;
        forced_before_.erase(forced_before_.begin());
        return {};
      }
    }
    auto parsed = Rules::parse(state_, text);
    if (!parsed.ok()) return parsed.error;
    return play(parsed.value);
  }

  bool resign(Color loser) { return state_.resign(loser); }
  // Only for games that have draws by agreement.
  bool agree_draw() { return state_.agree_draw(); }
  // A referee's result; false where it is impossible (over, or a draw in GIPF).
  bool adjudicate(std::optional<Color> winner, Verdict verdict = Verdict::Adjudication) { return state_.adjudicate(winner, verdict); }

  // The turn the last action written or chosen belongs to (-1 before any).
  int last_confirmed_turn() const { return confirmed_ == 0 ? -1 : steps_[confirmed_ - 1].turn; }
  // The index the turn in progress has (the next action belongs to it).
  int current_turn() const {
    if (steps_.empty()) return 0;
    return state_.turn() == turn_color_ ? steps_.back().turn : steps_.back().turn + 1;
  }

  // Each turn's actions joined with ';', in order.
  std::vector<std::string> turn_texts() const {
    std::vector<std::string> turns;
    for (const Step& s : steps_) {
      if (s.turn == static_cast<int>(turns.size())) turns.emplace_back();
      if (!turns.back().empty()) turns.back() += ';';
      turns.back() += s.text;
    }
    return turns;
  }

 private:
  void push_step(const Action& action, bool automatic) {
    int turn = steps_.empty() ? 0 : (state_.turn() == turn_color_ ? steps_.back().turn : steps_.back().turn + 1);
    turn_color_ = state_.turn();
    if (automatic) forced_before_.push_back(state_);
    steps_.push_back({action, state_.pending().player, turn, automatic, Rules::notation(state_, action)});
    state_.apply_unchecked(action);
    if (!automatic) confirmed_ = steps_.size();
  }

  void resolve_forced() {
    while (!state_.result().over) {
      state_.legal_actions(scratch_);
      if (scratch_.size() != 1) return;
      push_step(scratch_.front(), true);
    }
  }

  // Forced actions the caller moved past without writing them are accepted as taken.
  void confirm_forced() {
    confirmed_ = steps_.size();
    forced_before_.clear();
  }

  State state_;
  std::vector<Step> steps_;
  std::size_t confirmed_ = 0;
  std::vector<State> forced_before_;  // the states before the unconfirmed forced steps
  Color turn_color_ = Color::White;
  std::vector<Action> scratch_;
};

}  // namespace engine
