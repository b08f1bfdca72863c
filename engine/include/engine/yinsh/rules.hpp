#pragma once
// YINSH as the generic game, record and tool code sees it.
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/record.hpp"
#include "engine/yinsh/notation.hpp"

namespace engine::yinsh {

struct Rules {
  using State = yinsh::State;
  using Action = yinsh::Action;
  using Options = yinsh::Options;
  static constexpr std::string_view kName = "yinsh";
  static constexpr Numbering kNumbering = Numbering::PerTurn;

  static std::string notation(const State& before, const Action& a) { return to_notation(before, a); }
  static Parsed<Action> parse(const State& s, std::string_view text) { return parse_action(s, text); }
  static std::vector<RecordTag> option_tags(const Options& options);
  static bool is_option_tag(std::string_view name) { return name == "Variant"; }
  static Parsed<Options> options_from_tags(const RecordText& record);
  static std::string describe_pending(const State& state);
  static bool agree_draw(Game<Rules>& game) { return game.agree_draw(); }
};

using YinshGame = Game<Rules>;

}  // namespace engine::yinsh
