#pragma once
// Following's moving parts (#46): the presence rows of this node (written as
// a player's first connection here opens and their last one closes; the old
// run's deleted at start), and a notice in the bell of the followers of each
// account that starts a public game (their switch on, blocks respected, at
// most kFollowersTold: social/follow_store.hpp). Observes the rooms: a game
// starts when the second player joins, told by the room's own node, once.
#include <boost/asio/any_io_executor.hpp>
#include <cstdint>
#include <memory>
#include <string>

#include "game/room_events.hpp"
#include "mail/player_mail.hpp"
#include "social/follow_store.hpp"
#include "util/clock.hpp"

namespace arena {

class FollowService : public RoomObserver, public std::enable_shared_from_this<FollowService> {
 public:
  FollowService(boost::asio::any_io_executor io, FollowStore& store, std::string node, Clock clock);
  void set_player_mail(PlayerMail mail) { mail_ = std::move(mail); }
  // This node's presence rows of an earlier run go; before the server serves.
  void start();
  // A player's first connection on this node opened (here), or its last closed.
  void presence(std::int64_t player, bool here);
  void on(const EventCommitted& e) override;

  // The notice's line: "ann started a game against bob: YINSH 5+5".
  static std::string started_text(const std::string& name, const std::string& opponent, const RoomSummary& room);

 private:
  void tell_followers(RoomSummary room);

  boost::asio::any_io_executor io_;
  FollowStore& store_;
  std::string node_;
  Clock clock_;
  PlayerMail mail_;
};

}  // namespace arena
