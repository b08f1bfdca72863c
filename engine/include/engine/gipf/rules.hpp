#pragma once
// GIPF as the generic game, record and tool code sees it.
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/gipf/notation.hpp"
#include "engine/record.hpp"

namespace engine::gipf {

struct Rules {
  using State = gipf::State;
  using Action = gipf::Action;
  using Options = gipf::Options;
  static constexpr std::string_view kName = "gipf";
  static constexpr Numbering kNumbering = Numbering::PerPair;

  static std::string notation(const State& before, const Action& a) { return to_notation(before, a); }
  static Parsed<Action> parse(const State& s, std::string_view text) { return parse_action(s, text); }
  static std::vector<RecordTag> option_tags(const Options& options);
  static bool is_option_tag(std::string_view name);
  static Parsed<Options> options_from_tags(const RecordText& record);
  static std::string describe_pending(const State& state);
  static bool agree_draw(Game<Rules>&) { return false; }  // GIPF has no draws
};

using GipfGame = Game<Rules>;

}  // namespace engine::gipf
