#include "competition/competition_service.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "game/room_directory.hpp"
#include "lobby/player_connections.hpp"
#include "protocol/competition_messages.hpp"
#include "util/log_text.hpp"
#include "util/secure_random.hpp"

namespace arena {

CompetitionService::CompetitionService(boost::asio::any_io_executor io, CompetitionStore& store, RoomDirectory& directory,
                                       PlayerConnections& connections, std::function<std::int64_t()> clock,
                                       std::chrono::milliseconds activity_period)
    : io_(io),
      strand_(boost::asio::make_strand(io)),
      store_(store),
      directory_(directory),
      connections_(connections),
      clock_(std::move(clock)),
      activity_period_(activity_period),
      timer_(strand_) {}

void CompetitionService::start() {
  auto self = shared_from_this();
  store_.pending_games(strand_, [self](Stored<std::vector<CompetitionGame>> pending) {
    if (!pending.ok()) spdlog::error("event=competition_restore_failed error=\"{}\"", log_text(pending.error));
    self->open_games(std::move(pending.value), self->strand_, [self](std::vector<CompetitionGame> opened, std::vector<CompetitionGame> failed) {
      if (!opened.empty() || !failed.empty())
        spdlog::info("event=competition_games_checked games={} failed={}", opened.size(), failed.size());
      self->apply_activity();
    });
  });
}

void CompetitionService::stop() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->timer_.cancel(); });
}

void CompetitionService::apply_activity() {
  auto self = shared_from_this();
  store_.ladder_activity(clock_(), strand_, [self](const std::string& error) {
    if (!error.empty()) spdlog::error("event=ladder_activity_failed error=\"{}\"", log_text(error));
    self->timer_.expires_after(self->activity_period_);
    self->timer_.async_wait([self](boost::system::error_code ec) {
      if (!ec) self->apply_activity();
    });
  });
}

void CompetitionService::open_games(std::vector<CompetitionGame> games, StoreExecutor ex, Opened done) {
  struct Progress {
    std::vector<CompetitionGame> games, opened, failed;
    std::size_t next = 0;
  };
  auto progress = std::make_shared<Progress>();
  progress->games = std::move(games);
  auto self = shared_from_this();
  // One at a time on the strand: a round's rooms are few, and the order is the boards'.
  auto step = std::make_shared<std::function<void()>>();
  *step = [self, progress, step, ex, done] {
    if (progress->next == progress->games.size()) {
      // Copies first: clearing *step destroys this lambda and what it captured.
      auto finish = done;
      auto on = ex;
      auto result = progress;
      *step = nullptr;  // breaks the cycle
      return boost::asio::post(on, [finish, result] { finish(std::move(result->opened), std::move(result->failed)); });
    }
    CompetitionGame game = progress->games[progress->next++];
    self->open_one(game, [self, progress, step, game](bool ok) {
      (ok ? progress->opened : progress->failed).push_back(game);
      boost::asio::post(self->strand_, [step] {
        if (*step) (*step)();
      });
    });
  };
  boost::asio::post(strand_, [step] { (*step)(); });
}

void CompetitionService::open_one(CompetitionGame game, std::function<void(bool)> done) {
  auto self = shared_from_this();
  directory_.find(game.room, strand_, [self, game, done](std::shared_ptr<Room> room, Lookup lookup) {
    if (lookup == Lookup::Found && room) {
      // Stored before a crash (or just now): make sure black sat down too.
      PlayerInfo black{game.black, game.black_name, true, game.black_kind};
      room->command([black](const GameAuthority& a) { return a.join(black); }, std::nullopt,
                    [done](std::optional<Refusal>, const RoomRecord&) { done(true); });
      return;
    }
    if (lookup != Lookup::Missing) {
      spdlog::error("event=competition_room_unreadable room={}", game.room);
      return done(false);
    }
    self->directory_.open_competition(game, self->strand_, [self, game, done](std::shared_ptr<Room> room, std::optional<Refusal> refusal) {
      if (!room) {
        spdlog::error("event=competition_room_failed room={} error=\"{}\"", game.room, log_text(refusal ? refusal->message : ""));
        return done(false);
      }
      spdlog::info("event=competition_game room={} source={}:{} round={}", game.room, game.source_kind, game.source_id, game.round);
      self->tell_players(game);
      done(true);
    });
  });
}

void CompetitionService::tell_players(const CompetitionGame& game) {
  protocol::PairingMessage m;
  m.room = game.room;
  m.kind = game.source_kind;
  m.id = game.source_id;
  m.name = game.source_name;
  if (game.source_kind == "event") m.round = game.round;
  m.color = "white";
  m.opponent = game.black_name;
  connections_.send(game.white, make_frame(protocol::to_json(m)));
  m.color = "black";
  m.opponent = game.white_name;
  connections_.send(game.black, make_frame(protocol::to_json(m)));
  if (player_mail_ && game.source_kind == "event") {
    for (bool white : {true, false}) {
      std::string opponent = white ? game.black_name : game.white_name;
      std::string round = "Round " + std::to_string(game.round);
      player_mail_({white ? game.white : game.black, "round", round + ": you play " + opponent + " \u2014 " + game.source_name,
                    round + " of " + game.source_name + " is paired: you play " + opponent + " with " +
                        (white ? "white" : "black") + ". Your game:",
                    "/?room=" + game.room, game.room});
    }
  }
}

void CompetitionService::on(const EventCommitted& e) {
  if (!e.room.competition || !protocol::closed(e.room.status)) return;
  auto self = shared_from_this();
  std::string room = e.room.id;
  boost::asio::post(strand_, [self, room] {
    self->store_.tournament_room_ended(room, self->clock_(), random_room_id, self->strand_,
                                       [self, room](Stored<std::optional<TournamentProgress>> progress) {
                                         if (!progress.ok())
                                           return spdlog::error("event=event_progress_failed room={} error=\"{}\"", room,
                                                                log_text(progress.error));
                                         if (!progress.value || progress.value->games.empty()) return;
                                         self->open_games(std::move(progress.value->games), self->strand_,
                                                          [](std::vector<CompetitionGame>, std::vector<CompetitionGame>) {});
                                       });
  });
}

}  // namespace arena
