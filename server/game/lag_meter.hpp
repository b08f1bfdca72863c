#pragma once
// Network lag per seat: from the moment a decision's first `legal` left the
// server to the action's arrival, less the thinking the client reports. The
// clocks credit part of it back. Used only on the room's strand.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

#include "engine/color.hpp"

namespace arena {

class LagMeter {
 public:
  // A `legal` for `seat` at `ply` is going out at `now`; only a decision's
  // first counts (not a repeat on resync or after a draw offer).
  void shown(engine::Color seat, int ply, std::int64_t now) {
    auto i = engine::index(seat);
    if (ply_[i] == ply) return;
    ply_[i] = ply;
    shown_at_[i] = now;
  }
  // The lag of an action of `seat` arriving at `now` after `think_ms` of the client's own thinking.
  std::int64_t lag(engine::Color seat, std::optional<std::int64_t> think_ms, std::int64_t now) const {
    auto i = engine::index(seat);
    if (!think_ms || shown_at_[i] <= 0) return 0;
    return std::max<std::int64_t>(0, now - shown_at_[i] - *think_ms);
  }

 private:
  std::array<std::int64_t, 2> shown_at_{0, 0};
  std::array<int, 2> ply_{-1, -1};
};

}  // namespace arena
