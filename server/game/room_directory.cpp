#include "game/room_directory.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/room_id.hpp"
#include "util/async_loop.hpp"
#include "util/log_text.hpp"
#include "util/secure_random.hpp"

namespace arena {
namespace {

using protocol::RoomStatus;

template <class F>
void answer(const StoreExecutor& ex, F&& f) {
  boost::asio::post(ex, std::forward<F>(f));
}

}  // namespace

RoomDirectory::RoomDirectory(boost::asio::any_io_executor io, GameIndex& index, std::shared_ptr<const RoomContext> context,
                             DirectoryLimits limits)
    : io_(io),
      strand_(boost::asio::make_strand(io)),
      index_(index),
      context_(std::move(context)),
      limits_(limits),
      sweep_timer_(strand_) {}

Room::Executor RoomDirectory::new_strand() { return boost::asio::make_strand(io_); }

int RoomDirectory::rooms_in_memory() {
  std::lock_guard lock(mutex_);
  return static_cast<int>(rooms_.size());
}

std::vector<std::shared_ptr<Room>> RoomDirectory::rooms() {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Room>> all;
  all.reserve(rooms_.size());
  for (auto& [id, room] : rooms_) all.push_back(room);
  return all;
}

void RoomDirectory::wake_rooms() {
  for (const auto& room : rooms()) room->wake();
}

void RoomDirectory::retire(const std::string& id) {
  std::shared_ptr<Room> room;
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(id);
    if (it == rooms_.end()) return;
    room = it->second;
    forget(id);
  }
  room->retire();
}

void RoomDirectory::track(const RoomSummary& room) {
  std::lock_guard lock(mutex_);
  track_locked(room);
}

void RoomDirectory::track_locked(const RoomSummary& room) {
  if (!rooms_.count(room.id)) return;  // an event of a room already swept from memory
  auto [it, added] = tracked_.try_emplace(room.id, Tracked{room.status, room.creator, 0});
  Tracked& t = it->second;
  bool was_open = !added && t.status == RoomStatus::Open;
  if (was_open) {
    open_by_age_.erase({t.since, room.id});
    if (--open_by_player_[t.creator] <= 0) open_by_player_.erase(t.creator);
  }
  if (!added && protocol::closed(t.status)) closed_by_age_.erase({t.since, room.id});
  t.status = room.status;
  t.creator = room.creator;
  if (room.status == RoomStatus::Open) {
    t.since = room.created_at;
    open_by_age_.insert({t.since, room.id});
    ++open_by_player_[t.creator];
  } else if (protocol::closed(room.status)) {
    t.since = room.finished_at;
    closed_by_age_.insert({t.since, room.id});
  }
}

void RoomDirectory::forget(std::string id) {
  auto it = tracked_.find(id);
  if (it != tracked_.end()) {
    const Tracked& t = it->second;
    if (t.status == RoomStatus::Open) {
      open_by_age_.erase({t.since, id});
      if (--open_by_player_[t.creator] <= 0) open_by_player_.erase(t.creator);
    }
    closed_by_age_.erase({t.since, id});
    tracked_.erase(it);
  }
  if (rooms_.erase(id) && context_->ownership) context_->ownership->released(id);
}

std::shared_ptr<Room> RoomDirectory::load(const RoomRecord& record, StoredRoom stored, bool& damaged,
                                          std::optional<std::int64_t> served_until) {
  std::string error;
  auto room = Room::restore(new_strand(), context_, record, stored.events, std::move(stored.chat), error, served_until,
                            std::move(stored.plans));
  damaged = !room;
  if (!room) spdlog::error("event=restore_failed room={} error=\"{}\"", record.id, log_text(error));
  return room;
}

void RoomDirectory::read_room(const std::string& id, Read done) {
  auto self = shared_from_this();
  context_->log.events(id, strand_, [self, id, done](Stored<std::vector<EventRecord>> events) {
    if (!events.ok()) return done({}, events.error);
    self->context_->log.chat(id, self->strand_, [self, id, done, events = std::move(events.value)](Stored<std::vector<ChatRecord>> chat) mutable {
      if (!chat.ok()) return done({}, chat.error);
      self->context_->log.conditionals(
          id, self->strand_,
          [done, events = std::move(events), chat = std::move(chat.value)](Stored<std::vector<ConditionalRecord>> plans) mutable {
            done(StoredRoom{std::move(events), std::move(chat), std::move(plans.value)}, plans.error);
          });
    });
  });
}

void RoomDirectory::restore(std::optional<std::int64_t> served_until, std::function<void(int)> done) {
  auto self = shared_from_this();
  index_.unfinished_rooms(strand_, [self, served_until, done](Stored<std::vector<RoomRecord>> rooms) {
    if (!rooms.ok()) {
      spdlog::error("event=restore_failed error=\"{}\"", log_text(rooms.error));
      return done(0);
    }
    self->restore_rooms(std::move(rooms.value), served_until, done);
  });
}

void RoomDirectory::take_over(std::vector<RoomRecord> rooms, std::function<void(int)> done) {
  boost::asio::post(strand_, [self = shared_from_this(), rooms = std::move(rooms), done]() mutable {
    self->restore_rooms(std::move(rooms), std::nullopt, std::move(done));
  });
}

void RoomDirectory::restore_rooms(std::vector<RoomRecord> rooms, std::optional<std::int64_t> served_until,
                                  std::function<void(int)> done) {
  auto self = shared_from_this();
  auto records = std::make_shared<std::vector<RoomRecord>>(std::move(rooms));
  auto restored = std::make_shared<int>(0);
  // Loads room i from its events and calls next() once it is in memory (or could not be).
  auto load_one = [self, records, restored](std::size_t i, std::optional<std::int64_t> served_until, auto next) {
    const RoomRecord& record = (*records)[i];
    self->read_room(record.id, [self, record, restored, next, served_until](StoredRoom stored, const std::string& error) {
      bool damaged = !error.empty();
      std::shared_ptr<Room> room = damaged ? nullptr : self->load(record, std::move(stored), damaged, served_until);
      if (!error.empty()) spdlog::error("event=restore_failed room={} error=\"{}\"", record.id, log_text(error));
      bool added = false;
      if (room) {
        std::lock_guard lock(self->mutex_);
        added = self->rooms_.emplace(room->id(), room).second;  // not if a connection's find loaded it meanwhile
      }
      if (added) {
        room->announce();
        ++*restored;
      }
      next();
    });
  };
  // One room at a time, each from its events: memory stays flat however many there are.
  for_each_step(
      records->size(),
      [self, records, load_one, served_until](std::size_t i, auto next) {
        {
          std::lock_guard lock(self->mutex_);
          if (self->rooms_.count((*records)[i].id)) return next();  // in memory already
        }
        RoomOwnership* ownership = self->context_->ownership;
        if (!ownership) return load_one(i, served_until, next);
        // Among nodes: only the rooms nobody else holds; the others are served
        // where they are. The lease says whose heartbeat ends the credit.
        ownership->claim((*records)[i].id, self->strand_,
                         [next, load_one, i, ownership](std::string owner, std::optional<std::int64_t> holder_alive_at,
                                                        const std::string& error) {
                           if (!error.empty() || owner != ownership->node()) return next();
                           load_one(i, holder_alive_at, next);
                         });
      },
      [restored, done = std::move(done)] { done(*restored); });
}

void RoomDirectory::find(const std::string& id, StoreExecutor ex, Found found) {
  locate(id, std::move(ex), [found](std::shared_ptr<Room> room, Lookup lookup, const std::string&) { found(std::move(room), lookup); });
}

void RoomDirectory::find_endpoint(const std::string& id, StoreExecutor ex, FoundEndpoint found) {
  locate(id, std::move(ex), [self = shared_from_this(), id, found](std::shared_ptr<Room> room, Lookup lookup, const std::string& owner) {
    if (lookup == Lookup::Elsewhere) return found(self->context_->ownership->remote(id, owner), Lookup::Found);
    found(std::move(room), lookup);
  });
}

void RoomDirectory::locate(const std::string& id, StoreExecutor ex, Located located) {
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(id);
    if (it != rooms_.end()) return located(it->second, Lookup::Found, {});
  }
  if (!protocol::valid_room_id(id)) return located(nullptr, Lookup::Missing, {});  // no such room can exist
  auto self = shared_from_this();
  index_.find_room(id, strand_, [self, id, ex, located](Stored<std::optional<RoomRecord>> record) {
    if (!record.ok() || !record.value) {
      if (!record.ok()) spdlog::error("event=store_failed room={} error=\"{}\"", id, log_text(record.error));
      return answer(ex, [located, ok = record.ok()] { located(nullptr, ok ? Lookup::Missing : Lookup::Failed, {}); });
    }
    RoomOwnership* ownership = self->context_->ownership;
    // One server alone: a room not in memory was not live when it started
    // (restore() loaded those), so there is no time to credit.
    if (!ownership) return self->load_found(*record.value, std::nullopt, ex, located);
    // Among nodes: this node serves the room only once it holds its lease.
    ownership->claim(id, self->strand_, [self, row = *record.value, ex, located, ownership](
                                            std::string owner, std::optional<std::int64_t> holder_alive_at,
                                            const std::string& error) {
      if (!error.empty()) {
        spdlog::error("event=store_failed room={} error=\"{}\"", row.id, log_text(error));
        return answer(ex, [located] { located(nullptr, Lookup::Failed, {}); });
      }
      if (owner != ownership->node()) return answer(ex, [located, owner] { located(nullptr, Lookup::Elsewhere, owner); });
      self->load_found(row, holder_alive_at, ex, located);
    });
  });
}

void RoomDirectory::load_found(const RoomRecord& found_row, std::optional<std::int64_t> served_until, StoreExecutor ex,
                               Located located) {
  auto self = shared_from_this();
  read_room(found_row.id, [self, row = found_row, served_until, ex, located](StoredRoom stored, const std::string& error) {
    if (!error.empty()) {
      spdlog::error("event=store_failed room={} error=\"{}\"", row.id, log_text(error));
      return answer(ex, [located] { located(nullptr, Lookup::Failed, {}); });
    }
    bool damaged = false;
    auto room = self->load(row, std::move(stored), damaged, served_until);
    if (!room) return answer(ex, [located] { located(nullptr, Lookup::Damaged, {}); });
    bool loaded = false;
    {
      std::lock_guard lock(self->mutex_);
      auto [it, added] = self->rooms_.emplace(row.id, room);  // another request may have loaded it first
      room = it->second;
      loaded = added;
    }
    if (loaded) room->announce();
    answer(ex, [located, room] { located(room, Lookup::Found, {}); });
  });
}

void RoomDirectory::create(const PlayerInfo& creator, const engine::GameOptions& options, const protocol::TimeControl& clock,
                           bool is_private, bool rated, engine::Color seat, StoreExecutor ex, Created created,
                           std::optional<std::int64_t> reserved, RatingRange range) {
  if (rated && (!creator.account || !clock.timed())) {
    Refusal refusal = creator.account ? Refusal{protocol::ErrorCode::BadField, "a rated game needs a clock"}
                                      : Refusal{protocol::ErrorCode::Forbidden, "rated games are for accounts: sign in"};
    return answer(ex, [created, refusal] { created(nullptr, refusal); });
  }
  {
    std::lock_guard lock(mutex_);
    int& open = open_by_player_[creator.id];
    if (open >= limits_.max_open_rooms_per_player && !reserved) {
      int limit = limits_.max_open_rooms_per_player;
      return answer(ex, [created, limit] {
        created(nullptr, Refusal{protocol::ErrorCode::TooManyRooms,
                                 "you have " + std::to_string(limit) + " rooms waiting for an opponent: cancel one first"});
      });
    }
    ++open;  // reserved until the room is stored (then it counts as open) or failed
  }
  RoomRecord record;
  record.id = random_room_id();
  record.options = options;
  record.clock = clock;
  record.is_private = is_private;
  // Handicap games are stored unrated, with their handicap (an offset may be fitted later).
  record.rated = rated && options.white_extra == 0 && options.black_extra == 0;
  record.rating_min = range.min;
  record.rating_max = range.max;
  open_record(std::move(record), creator, seat, std::move(ex), std::move(created), reserved, true);
}

void RoomDirectory::open_record(RoomRecord record, const PlayerInfo& creator, engine::Color seat, StoreExecutor ex,
                                Created created, std::optional<std::int64_t> reserved, bool counted) {
  auto self = shared_from_this();
  Room::open(new_strand(), context_, std::move(record), creator, seat,
             [self, ex, created, counted, player = creator.id](std::shared_ptr<Room> room, const std::string& error) {
               RoomOwnership* ownership = self->context_->ownership;
               if (!room) return self->opened(nullptr, {}, error, ex, created, counted, player);
               RoomSummary summary = room->summary();  // here, on the room's strand
               if (!ownership) return self->opened(room, summary, {}, ex, created, counted, player);
               // Among nodes: the new room's lease before anyone hears of the room
               // (its first write needed none: no other node could know it).
               ownership->claim(room->id(), self->strand_, [self, room, summary, ex, created, counted, player, ownership](
                                                              std::string owner, std::optional<std::int64_t>,
                                                              const std::string& error) {
                 if (!error.empty() || owner != ownership->node())
                   return self->opened(nullptr, summary, error.empty() ? "the new room is claimed by node " + owner : error, ex,
                                       created, counted, player);
                 self->opened(room, summary, {}, ex, created, counted, player);
               });
             },
             reserved);
}

void RoomDirectory::opened(std::shared_ptr<Room> room, const RoomSummary& summary, const std::string& error, StoreExecutor ex,
                           Created created, bool counted, std::int64_t player) {
  {
    // The new room counts as open before its reservation ends: no
    // moment in between lets another creation past the limit.
    std::lock_guard lock(mutex_);
    if (room) {
      rooms_.emplace(room->id(), room);
      track_locked(summary);
    }
    if (counted && --open_by_player_[player] <= 0) open_by_player_.erase(player);
  }
  if (!room) {
    spdlog::error("event=store_failed error=\"{}\"", log_text(error));
    return answer(ex, [created] {
      created(nullptr, Refusal{protocol::ErrorCode::Internal, "the server could not store the room; nothing changed"});
    });
  }
  // Claimed (among nodes) and in the directory: now every lobby may hear of
  // it, and then its creator.
  room->announce([ex, created, room] { answer(ex, [created, room] { created(room, std::nullopt); }); });
}

void RoomDirectory::open_competition(const CompetitionGame& game, StoreExecutor ex, Created created) {
  RoomRecord record;
  record.id = game.room;
  record.options = game.options;
  record.clock = game.clock;
  record.rated = true;
  record.competition = true;
  if (game.start_within_ms > 0) record.start_by = context_->clock() + game.start_within_ms;
  PlayerInfo white{game.white, game.white_name, true, game.white_kind}, black{game.black, game.black_name, true, game.black_kind};
  open_record(std::move(record), white, engine::Color::White, ex,
              [ex, created, black](std::shared_ptr<Room> room, std::optional<Refusal> refusal) {
                if (!room) return created(nullptr, refusal);
                seat_second(room, black, ex, created);
              },
              game.black, false);
}

void RoomDirectory::open_bot_game(const PlayerInfo& human, const PlayerInfo& bot, const engine::GameOptions& options,
                                  const protocol::TimeControl& clock, bool is_private, engine::Color seat, StoreExecutor ex,
                                  Created created) {
  create(human, options, clock, is_private, false, seat, ex,
         [ex, created, bot](std::shared_ptr<Room> room, std::optional<Refusal> refusal) {
           if (!room) return created(nullptr, refusal);
           seat_second(room, bot, ex, created);
         },
         bot.id);
}

void RoomDirectory::seat_second(std::shared_ptr<Room> room, const PlayerInfo& player, StoreExecutor ex, Created created) {
  room->command([player](const GameAuthority& a) { return a.join(player); }, std::nullopt,
                [ex, created, room](std::optional<Refusal> refusal, const RoomRecord&) {
                  answer(ex, [created, room, refusal] { created(refusal ? nullptr : room, refusal); });
                });
}

void RoomDirectory::open_rematch(RematchRequest request, StoreExecutor ex, RematchDone done) {
  const RoomRecord& old = request.old;
  open_pair(request.white, request.black, old.options, old.clock, old.is_private, old.rated, ex,
            [done](std::shared_ptr<Room> seated, std::optional<Refusal> refusal) {
              done(seated ? seated->id() : std::string(), refusal);
            });
}

void RoomDirectory::open_pair(const PlayerInfo& white, const PlayerInfo& black, const engine::GameOptions& options,
                              const protocol::TimeControl& clock, bool is_private, bool rated, StoreExecutor ex, Created created) {
  create(white, options, clock, is_private, rated, engine::Color::White, ex,
         [ex, created, black](std::shared_ptr<Room> room, std::optional<Refusal> refusal) {
           if (!room) return created(nullptr, refusal);
           seat_second(room, black, ex, created);
         },
         black.id);
}

// ---- the sweep -----------------------------------------------------------------

void RoomDirectory::start() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->sweep(); });
}

void RoomDirectory::stop() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->sweep_timer_.cancel(); });
}

void RoomDirectory::schedule_sweep() {
  // Often enough that a room is cancelled soon after its time (a quarter of it),
  // rarely enough to cost nothing.
  auto period = std::clamp<std::chrono::milliseconds>(std::min(limits_.open_room_ttl, limits_.keep_closed) / 4,
                                                      std::chrono::milliseconds(100),
                                                      std::chrono::milliseconds(30000));
  sweep_timer_.expires_after(period);
  sweep_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->sweep();
  });
}

void RoomDirectory::sweep() {
  std::int64_t now = context_->clock();
  std::vector<std::shared_ptr<Room>> expired;
  {
    std::lock_guard lock(mutex_);
    std::int64_t open_cutoff = now - limits_.open_room_ttl.count();
    for (auto it = open_by_age_.begin(); it != open_by_age_.end() && it->first <= open_cutoff; ++it)
      if (auto room = rooms_.find(it->second); room != rooms_.end()) expired.push_back(room->second);
    std::int64_t closed_cutoff = now - limits_.keep_closed.count();
    while (!closed_by_age_.empty() && closed_by_age_.begin()->first < closed_cutoff) forget(closed_by_age_.begin()->second);
  }
  for (auto& room : expired) room->expire();
  schedule_sweep();
}

}  // namespace arena
