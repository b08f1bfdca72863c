#include "hosted_game.hpp"

#include <algorithm>

#include "engine/gipf/rules.hpp"
#include "engine/replay.hpp"
#include "engine/yinsh/rules.hpp"
#include "protocol/state_json.hpp"

namespace arena {
namespace {

template <class Rules>
class HostedGameOf final : public HostedGame {
 public:
  explicit HostedGameOf(const typename Rules::Options& options) : game_(options) {}

  std::unique_ptr<HostedGame> clone() const override { return std::make_unique<HostedGameOf>(*this); }
  int ply() const override { return static_cast<int>(game_.steps().size()); }

  std::optional<engine::Color> decider() const override {
    if (game_.over()) return std::nullopt;
    return game_.state().pending().player;
  }

  std::string play(std::string_view text) override {
    auto parsed = Rules::parse(game_.state(), text);
    if (!parsed.ok()) return parsed.error;
    return game_.play(parsed.value);
  }

  std::string check(std::string_view text) const override {
    auto parsed = Rules::parse(game_.state(), text);
    if (!parsed.ok()) return parsed.error;
    return game_.state().check(parsed.value);
  }

  std::vector<StepView> steps(int from_ply) const override {
    std::vector<StepView> out;
    const auto& all = game_.steps();
    for (std::size_t i = std::max(from_ply, 0); i < all.size(); ++i)
      out.push_back({static_cast<int>(i), all[i].player, all[i].text, all[i].automatic, all[i].turn});
    return out;
  }

  nlohmann::json legal_moves() const override {
    std::vector<nlohmann::json> moves;
    for (const auto& a : game_.state().legal_actions()) moves.push_back(protocol::action_to_json(game_.state(), a));
    std::sort(moves.begin(), moves.end(), [](const auto& x, const auto& y) { return x["action"] < y["action"]; });
    moves.erase(std::unique(moves.begin(), moves.end(), [](const auto& x, const auto& y) { return x["action"] == y["action"]; }),
                moves.end());
    return moves;
  }

  nlohmann::json state() const override { return protocol::state_to_json(game_.state()); }
  engine::GameResult result() const override { return game_.state().result(); }
  bool resign(engine::Color loser) override { return game_.resign(loser); }
  bool has_draws() const override { return std::is_same_v<Rules, engine::yinsh::Rules>; }
  bool agree_draw() override {
    if constexpr (std::is_same_v<Rules, engine::yinsh::Rules>) return game_.agree_draw();
    return false;
  }
  int turns() const override { return game_.steps().empty() ? 0 : game_.steps().back().turn + 1; }
  std::string record(const std::vector<engine::RecordTag>& tags) const override { return engine::print_record(game_, tags); }

 private:
  engine::Game<Rules> game_;
};

}  // namespace

nlohmann::json GameOptions::to_json() const {
  nlohmann::json j{{"game", game}, {"variant", variant}};
  if (game == "gipf" && variant == "basic") {
    j["white_extra"] = white_extra;
    j["black_extra"] = black_extra;
  }
  return j;
}

nlohmann::json StepView::to_json() const {
  return {{"ply", ply}, {"player", engine::color_name(player)}, {"action", action}, {"automatic", automatic}, {"turn", turn}};
}

std::unique_ptr<HostedGame> HostedGame::create(const GameOptions& o, std::string& error) {
  if (o.game == "gipf") {
    namespace g = engine::gipf;
    auto variant = g::parse_variant(o.variant);
    if (!variant) {
      error = "unknown GIPF variant '" + o.variant + "'";
      return nullptr;
    }
    g::Options options{*variant};
    options.extra = {static_cast<std::int8_t>(o.white_extra), static_cast<std::int8_t>(o.black_extra)};
    if (auto problem = g::validate(options); !problem.empty()) {
      error = std::string(problem);
      return nullptr;
    }
    return std::make_unique<HostedGameOf<g::Rules>>(options);
  }
  if (o.game == "yinsh") {
    namespace y = engine::yinsh;
    auto variant = y::parse_variant(o.variant);
    if (!variant || o.white_extra || o.black_extra) {
      error = "unknown YINSH variant or options";
      return nullptr;
    }
    return std::make_unique<HostedGameOf<y::Rules>>(y::Options{*variant});
  }
  error = "unknown game '" + o.game + "'";
  return nullptr;
}

}  // namespace arena
