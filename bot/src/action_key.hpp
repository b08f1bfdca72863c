#pragma once
// A small number per action for the history table of the search: the same action
// in any position gets the same key (a GIPF push, a YINSH ring move), so a move
// that refuted one line is tried early in its siblings. Collisions only cost order.
#include <cstddef>

#include "engine/gipf/state.hpp"
#include "engine/yinsh/state.hpp"

namespace bot {

inline constexpr std::size_t kActionKeys = 1 << 14;

inline std::size_t action_key(const engine::gipf::Action& a) {
  using Kind = engine::gipf::Action::Kind;
  switch (a.kind) {
    case Kind::Push: return static_cast<std::size_t>(a.push) * 2 + (a.gipf ? 1 : 0);
    // A removal's key: its row and which points go (their mask folded into the key).
    case Kind::Remove: return (256 + static_cast<std::size_t>(a.line) * 512 + (a.cells % 509)) % kActionKeys;
    case Kind::Keep: return 128 + static_cast<std::size_t>(a.line);
  }
  return 0;
}

inline std::size_t action_key(const engine::yinsh::Action& a) {
  const std::size_t from = a.from;
  const std::size_t to = a.to;
  return (static_cast<std::size_t>(a.kind) * 7919 + from * 97 + to) % kActionKeys;
}

}  // namespace bot
