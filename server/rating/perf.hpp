#pragma once
// Rating pools ("perfs"): one rating per game and variant, named "game:variant".
#include <array>
#include <string>
#include <string_view>

#include "engine/game_options.hpp"

namespace arena {

inline constexpr std::array<std::string_view, 5> kPerfs = {"gipf:basic", "gipf:standard", "gipf:tournament",
                                                          "yinsh:normal", "yinsh:blitz"};

inline std::string perf_of(const engine::GameOptions& options) { return options.game + ":" + options.variant; }

inline bool is_perf(std::string_view text) {
  for (std::string_view p : kPerfs)
    if (p == text) return true;
  return false;
}

}  // namespace arena
