#include "seeks/seek_service.hpp"

#include <boost/asio/post.hpp>
#include <algorithm>
#include <cmath>
#include <spdlog/spdlog.h>

#include "protocol/seek_messages.hpp"
#include "util/log_text.hpp"
#include "util/secure_random.hpp"

namespace arena {

namespace {

protocol::SeekView view_of(const SeekRecord& s) {
  return {s.id, s.pool, s.options, s.clock, s.rated, s.rating_min, s.rating_max, static_cast<int>(std::lround(s.rating)), s.created_at};
}

PlayerInfo seat_of(const SeekRecord& s) { return {s.player, s.name, s.account, s.kind}; }

}  // namespace

SeekService::SeekService(boost::asio::any_io_executor io, SeekStore& store, RoomDirectory& directory, PlayerConnections& connections,
                         Clock clock)
    : strand_(boost::asio::make_strand(io)),
      store_(store),
      directory_(directory),
      connections_(connections),
      clock_(std::move(clock)),
      timer_(strand_) {}

void SeekService::start() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->schedule(); });
}

void SeekService::stop() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
  });
}

void SeekService::wake() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->renew(); });
}

void SeekService::schedule() {
  if (stopped_) return;
  timer_.expires_after(kRenewEvery);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec) return;
    self->renew();
    self->schedule();
  });
}

// The seeks placed here whose player is still connected here live on; those
// the store no longer has (paired from another node, or gone) are forgotten.
// (A connection that closed while its seek was being placed left nothing to
// find in disconnected(): its seek goes here.)
void SeekService::renew() {
  std::vector<std::string> ids;
  std::vector<std::pair<std::int64_t, std::string>> orphans;
  {
    std::lock_guard lock(mutex_);
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      if (connections_.connected(it->first)) {
        ids.push_back(it->second.id);
        ++it;
      } else {
        orphans.emplace_back(it->first, it->second.id);
        it = waiting_.erase(it);
      }
    }
  }
  for (const auto& [player, seek] : orphans)
    store_.remove_seek(player, seek, strand_, [](Stored<bool>) {});
  if (ids.empty()) return;
  store_.renew_seeks(ids, clock_(), strand_, [self = shared_from_this(), ids](Stored<std::vector<std::string>> kept) {
    if (!kept.ok()) return spdlog::warn("event=seek_renew_failed error=\"{}\"", log_text(kept.error));
    std::lock_guard lock(self->mutex_);
    std::erase_if(self->waiting_, [&](const auto& entry) {
      const std::string& id = entry.second.id;
      const bool asked = std::find(ids.begin(), ids.end(), id) != ids.end();
      return asked && std::find(kept.value.begin(), kept.value.end(), id) == kept.value.end();
    });
  });
}

void SeekService::seek(const Client* client, const PlayerInfo& player, bool bot, const protocol::Seek& terms, const nlohmann::json& id,
                       StoreExecutor ex, Answer answer) {
  if (bot) return answer(Refusal{protocol::ErrorCode::Forbidden, "a bot plays challenges only (PROTOCOL.md, Bot and board API)"}, {});
  if (terms.rated && !player.account)
    return answer(Refusal{protocol::ErrorCode::Forbidden, "a rated game is for accounts: sign up, or seek a casual game"}, {});
  SeekRecord seek;
  seek.id = random_room_id();
  seek.player = player.id;
  seek.name = player.name;
  seek.kind = player.kind;
  seek.account = player.account;
  seek.options = {terms.game, terms.variant, 0, 0};
  seek.clock = terms.clock;
  seek.rated = terms.rated;
  seek.pool = protocol::seek_pool(seek.options, seek.clock, seek.rated);
  seek.rating_min = terms.rating_min;
  seek.rating_max = terms.rating_max;
  seek.created_at = clock_();
  store_.place_seek(seek, clock_(), ex, [this, self = shared_from_this(), client, id, ex, answer](Stored<Outcome<SeekPlacement>> placed) {
    if (!placed.ok()) return answer(Refusal{protocol::ErrorCode::Internal, "the server could not store this; nothing changed"}, {});
    if (!placed.value.ok()) return answer(Refusal{protocol::ErrorCode::TooManySeeks, placed.value.message}, {});
    const SeekPlacement& p = placed.value.value;
    if (!p.replaced.empty()) {
      forget(p.seek.player, p.replaced);
      connections_.send(p.seek.player, make_frame(protocol::seek_ended_message(p.replaced, "replaced", nullptr)));
    }
    if (!p.opponent) {
      std::lock_guard lock(mutex_);
      waiting_[p.seek.player] = {p.seek.id, client};
    }
    answer(std::nullopt, protocol::seeking_message(view_of(p.seek), id));
    if (p.opponent) paired(p.seek, *p.opponent, ex);
  });
}

// Both seeks left the pool together: the game opens, colours drawn, and
// both players hear of it wherever they are connected.
void SeekService::paired(const SeekRecord& mine, const SeekRecord& theirs, StoreExecutor ex) {
  forget(theirs.player, theirs.id);
  const bool mine_white = random_bool();
  const SeekRecord& white = mine_white ? mine : theirs;
  const SeekRecord& black = mine_white ? theirs : mine;
  directory_.open_pair(seat_of(white), seat_of(black), mine.options, mine.clock, false, mine.rated, ex,
                       [self = shared_from_this(), white, black](std::shared_ptr<Room> room, std::optional<Refusal> refusal) {
    if (!room) {
      spdlog::warn("event=seek_game_failed pool={} error=\"{}\"", log_text(white.pool), log_text(refusal ? refusal->message : ""));
      for (const SeekRecord* s : {&white, &black})
        self->connections_.send(s->player, make_frame(protocol::seek_ended_message(s->id, "failed", nullptr)));
      return;
    }
    spdlog::debug("event=seek_paired room={} pool={}", room->id(), log_text(white.pool));
    const int white_rating = static_cast<int>(std::lround(white.rating)), black_rating = static_cast<int>(std::lround(black.rating));
    self->connections_.send(white.player, make_frame(protocol::seek_paired_message(white.id, room->id(), "white", black.name, black_rating)));
    self->connections_.send(black.player, make_frame(protocol::seek_paired_message(black.id, room->id(), "black", white.name, white_rating)));
  });
}

void SeekService::cancel(std::int64_t player, const nlohmann::json& id, StoreExecutor ex, Answer answer) {
  std::string seek;
  {
    std::lock_guard lock(mutex_);
    if (auto it = waiting_.find(player); it != waiting_.end()) seek = it->second.id;
  }
  store_.remove_seek(player, "", ex, [self = shared_from_this(), player, seek, id, answer](Stored<bool> removed) {
    if (!removed.ok()) return answer(Refusal{protocol::ErrorCode::Internal, "the server could not store this; nothing changed"}, {});
    self->forget(player, seek);
    answer(std::nullopt, protocol::seek_ended_message(seek, "canceled", id));
  });
}

void SeekService::disconnected(const Client* client, std::int64_t player) {
  std::string seek;
  {
    std::lock_guard lock(mutex_);
    auto it = waiting_.find(player);
    if (it == waiting_.end() || it->second.client != client) return;
    seek = it->second.id;
    waiting_.erase(it);
  }
  store_.remove_seek(player, seek, strand_, [seek](Stored<bool> removed) {
    if (!removed.ok()) spdlog::warn("event=seek_remove_failed seek={} error=\"{}\"", seek, log_text(removed.error));
  });
}

void SeekService::forget(std::int64_t player, const std::string& id) {
  std::lock_guard lock(mutex_);
  if (auto it = waiting_.find(player); it != waiting_.end() && (id.empty() || it->second.id == id)) waiting_.erase(it);
}

}  // namespace arena
