#include "game/computer_driver.hpp"

#include <algorithm>

namespace arena {

using engine::Color;

std::optional<int> ComputerDriver::level(const RoomRecord& room, Color seat) const {
  if (!bots_) return std::nullopt;
  const auto& player = seat == Color::White ? room.white : room.black;
  if (!player) return std::nullopt;
  return bots_->level_of(*player);
}

PlayerInfo ComputerDriver::player(const RoomRecord& room, Color seat) {
  return seat == Color::White ? PlayerInfo{room.white.value_or(0), room.white_name, false, room.white_kind}
                              : PlayerInfo{room.black.value_or(0), room.black_name, false, room.black_kind};
}

void ComputerDriver::think(const GameAuthority& authority, const std::string& room_id, std::int64_t now, Act act,
                           const std::function<void(PlayerInfo)>& decline) {
  if (!bots_) return;
  const RoomRecord& room = authority.room();
  const engine::AnyGame& game = authority.game();
  auto decider = game.decider();
  bool live = room.status == protocol::RoomStatus::Live;
  std::optional<int> level_now = live && decider ? level(room, *decider) : std::nullopt;
  int ply = game.ply();
  if (thinking_ && (!level_now || thinking_ply_ != ply)) {  // the decision it thinks about is gone
    *thinking_ = true;
    thinking_.reset();
  }
  if (!live) return;
  // The computer plays on: it declines a draw offered to it.
  if (auto offer = authority.draw_offer(); offer && level(room, engine::opponent(*offer)))
    decline(player(room, engine::opponent(*offer)));
  if (!level_now || thinking_) return;
  thinking_ = std::make_shared<std::atomic<bool>>(false);
  thinking_ply_ = ply;
  // Deterministic per room and ply: a replayed game gets the same moves.
  std::uint64_t seed = std::hash<std::string>{}(room_id) ^ (static_cast<std::uint64_t>(ply) * 0x9E3779B97F4A7C15ULL);
  std::int64_t budget_ms = 0;
  if (auto clocks = authority.clocks(now); clocks && room.clock.live()) {
    std::int64_t bank = *decider == Color::White ? clocks->white_ms : clocks->black_ms;
    budget_ms = std::max<std::int64_t>(50, bank / 30);  // keeps the computer's flag up
  }
  PlayerInfo seat_player = player(room, *decider);
  auto done = [act = std::move(act), seat_player, ply](std::optional<std::string> action, std::int64_t think_ms) {
    if (action) act(seat_player, ply, std::move(*action), think_ms);
  };
  bots_->think(BotTurn{*level_now, game, seed, budget_ms, thinking_, std::move(done)});
}

void ComputerDriver::arrived(int ply) {
  if (thinking_ply_ == ply) thinking_.reset();
}

}  // namespace arena
