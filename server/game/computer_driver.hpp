#pragma once
// The computer's side of a room: which seats it holds, its search for the
// pending decision (one at a time, cancelled when that decision is gone), and
// the retry of an action of its own that failed to store. Used only on the
// room's strand; the search itself runs on the computer's workers (BotSeats).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "game/authority.hpp"
#include "game/bot_seats.hpp"
#include "game/client.hpp"

namespace arena {

class ComputerDriver {
 public:
  // `bots`: none, and no seat is ever the computer's.
  explicit ComputerDriver(BotSeats* bots) : bots_(bots) {}

  // The computer's level if it sits at `seat`.
  std::optional<int> level(const RoomRecord& room, engine::Color seat) const;
  // The player sitting at `seat`, as the computer acts for it.
  static PlayerInfo player(const RoomRecord& room, engine::Color seat);

  // The computer's action for `ply`: called on a worker thread; the room posts it to its strand.
  using Act = std::function<void(PlayerInfo player, int ply, std::string action, std::int64_t think_ms)>;
  // After every change: a search for a decision gone by is cancelled, and one
  // starts when the pending decision is the computer's (once per ply); a draw
  // offered to the computer is declined (`decline`, at once, on the strand).
  void think(const GameAuthority& authority, const std::string& room, std::int64_t now, Act act,
             const std::function<void(PlayerInfo)>& decline);
  // The action for `ply` reached the strand: that search is over.
  void arrived(int ply);

  // What the server decided for the computer failed to store: it thinks again
  // once the room's quiet second is over.
  void retry_later() { retry_ = true; }
  bool retry_pending() const { return retry_; }
  // Whether a retry was pending (it is not any more).
  bool take_retry() { return std::exchange(retry_, false); }

 private:
  BotSeats* bots_;
  std::shared_ptr<std::atomic<bool>> thinking_;  // the search under way, if any (set: cancelled)
  int thinking_ply_ = -1;                        // ... for this ply
  bool retry_ = false;
};

}  // namespace arena
