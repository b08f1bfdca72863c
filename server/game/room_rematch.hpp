#pragma once
// A rematch after a finished game: the first player's offer, then the new
// room once the other player agreed and it was opened. Used only on the
// room's strand.
#include <optional>
#include <string>

#include "engine/color.hpp"

namespace arena {

class RoomRematch {
 public:
  // What a rematch request of the player at `seat` does now.
  enum class Step {
    Ready,    // the new room exists already: tell them (next())
    Repeat,   // their offer stands, or the new room is being opened: a duplicate
    Offered,  // it is now their offer: tell the room
    Open,     // the other player had offered: open the new room, then opened()
  };
  Step request(engine::Color seat) {
    if (next_) return Step::Ready;
    if (offer_ == seat || opening_) return Step::Repeat;
    if (!offer_) {
      offer_ = seat;
      return Step::Offered;
    }
    opening_ = true;
    return Step::Open;
  }
  // The new room's id, or none: it could not be opened (a later request tries again).
  void opened(std::optional<std::string> next) {
    opening_ = false;
    next_ = std::move(next);
  }

  const std::optional<engine::Color>& offer() const { return offer_; }
  const std::optional<std::string>& next() const { return next_; }

 private:
  std::optional<engine::Color> offer_;
  std::optional<std::string> next_;
  bool opening_ = false;
};

}  // namespace arena
