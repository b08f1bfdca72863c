#include "protocol/game_view.hpp"

#include <algorithm>
#include <vector>

#include "protocol/state_json.hpp"

namespace protocol {

using nlohmann::json;

json state_json(const engine::AnyGame& game) {
  return std::visit([](const auto& g) { return state_to_json(g.state()); }, game.typed());
}

json legal_moves_json(const engine::AnyGame& game) {
  std::vector<json> moves = std::visit([](const auto& g) {
    std::vector<json> out;
    for (const auto& a : g.state().legal_actions()) out.push_back(action_to_json(g.state(), a));
    return out;
  }, game.typed());
  auto by_action = [](const json& x, const json& y) { return x["action"] < y["action"]; };
  auto same_action = [](const json& x, const json& y) { return x["action"] == y["action"]; };
  std::sort(moves.begin(), moves.end(), by_action);
  moves.erase(std::unique(moves.begin(), moves.end(), same_action), moves.end());
  return moves;
}

json step_json(const engine::AnyGame::Step& step) {
  return {{"ply", step.ply},
          {"player", engine::color_name(step.player)},
          {"action", step.action},
          {"automatic", step.automatic},
          {"turn", step.turn}};
}

json options_json(const engine::GameOptions& o) {
  json j{{"game", o.game}, {"variant", o.variant}};
  const engine::GameInfo* game = engine::find_game(o.game);
  const engine::VariantInfo* variant = game ? engine::find_variant(*game, o.variant) : nullptr;
  if (variant && variant->handicap) {
    j["white_extra"] = o.white_extra;
    j["black_extra"] = o.black_extra;
  }
  return j;
}

}  // namespace protocol
