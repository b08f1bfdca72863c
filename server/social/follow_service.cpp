#include "social/follow_service.hpp"

#include <boost/asio/post.hpp>
#include <functional>
#include <set>
#include <spdlog/spdlog.h>

#include "engine/registry.hpp"
#include "util/log_text.hpp"

namespace arena {

FollowService::FollowService(boost::asio::any_io_executor io, FollowStore& store, std::string node, Clock clock)
    : io_(std::move(io)), store_(store), node_(std::move(node)), clock_(std::move(clock)) {}

void FollowService::start() {
  store_.clear_presence(node_, io_, [node = node_](const std::string& error) {
    if (!error.empty()) spdlog::warn("event=presence_clear_failed node={} error=\"{}\"", node, log_text(error));
  });
}

void FollowService::presence(std::int64_t player, bool here) {
  // Queued in the store's writer in the order told: a quick close and reopen ends present.
  store_.set_presence(player, node_, here, clock_(), io_, [player](const std::string& error) {
    if (!error.empty()) spdlog::warn("event=presence_failed player={} error=\"{}\"", player, log_text(error));
  });
}

std::string FollowService::started_text(const std::string& name, const std::string& opponent, const RoomSummary& room) {
  const engine::GameInfo* game = engine::find_game(room.options.game);
  std::string what = game ? std::string(game->title) : room.options.game;
  if (game && room.options.variant != game->default_variant) what += " " + room.options.variant;
  const protocol::TimeControl& c = room.clock;
  if (c.kind == protocol::TimeControl::Kind::Live)
    what += " " + std::to_string(c.initial_ms / 60000) + "+" + std::to_string(c.increment_ms / 1000);
  else if (c.kind == protocol::TimeControl::Kind::Correspondence)
    what += " correspondence";
  return name + " started a game against " + opponent + ": " + what;
}

void FollowService::on(const EventCommitted& e) {
  // A game starts when its second player sits down: a public one is told.
  if (!mail_ || e.event.kind != protocol::EventKind::Joined || e.room.status != protocol::RoomStatus::Live || e.room.is_private) return;
  tell_followers(e.room);
}

// The followers of White, then of Black: one notice each (a follower of both
// hears of White's game), kFollowersTold in all, never the players themselves.
void FollowService::tell_followers(RoomSummary room) {
  auto self = shared_from_this();
  auto of = [this, self](std::int64_t player, std::function<void(std::vector<std::int64_t>)> then) {
    if (player <= 0) return then({});
    store_.followers_to_tell(player, clock_(), io_, [player, then = std::move(then)](Stored<std::vector<std::int64_t>> found) {
      if (!found.ok()) spdlog::warn("event=followers_failed player={} error=\"{}\"", player, log_text(found.error));
      then(found.ok() ? std::move(found.value) : std::vector<std::int64_t>{});
    });
  };
  of(room.white, [this, self, of, room](std::vector<std::int64_t> white) {
    of(room.black, [this, self, room, white = std::move(white)](std::vector<std::int64_t> black) {
      std::set<std::int64_t> told{room.white, room.black};
      auto send = [&](const std::vector<std::int64_t>& followers, const std::string& name, const std::string& opponent) {
        std::string text = started_text(name, opponent, room);
        for (std::int64_t follower : followers) {
          if (told.size() >= static_cast<std::size_t>(kFollowersTold) + 2 || !told.insert(follower).second) continue;
          PlayerMailRequest r;
          r.player = follower;
          r.kind = "follow";
          r.subject = text;
          r.text = text;
          r.path = "/?watch=" + room.id;
          r.room = room.id;
          r.bell_only = true;
          mail_(std::move(r));
        }
      };
      send(white, room.white_name, room.black_name);
      send(black, room.black_name, room.white_name);
    });
  });
}

}  // namespace arena
