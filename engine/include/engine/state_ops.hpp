#pragma once
// What both games' states do the same way on top of their own
// legal_actions(out), check(action) and apply_unchecked(action).
#include <algorithm>
#include <string>
#include <vector>

namespace engine {

template <class Derived, class Action>
class StateOps {
 public:
  using ActionType = Action;

  std::vector<Action> legal_actions() const {
    std::vector<Action> out;
    self().legal_actions(out);
    return out;
  }

  // Validates and applies; returns the reason on refusal (state unchanged).
  std::string apply(const Action& action) {
    std::string reason = self().check(action);
    if (reason.empty()) static_cast<Derived&>(*this).apply_unchecked(action);
    return reason;
  }

 protected:
  bool is_listed(const Action& action) const {
    std::vector<Action> legal;
    self().legal_actions(legal);
    return std::find(legal.begin(), legal.end(), action) != legal.end();
  }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace engine
