#include "competition/competition_service.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "game/room_directory.hpp"
#include "game/player_connections.hpp"
#include "mail/notice_words.hpp"
#include "protocol/competition_messages.hpp"
#include "util/clock.hpp"
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
      timer_(strand_),
      sweep_timer_(strand_) {}

void CompetitionService::start() {
  auto self = shared_from_this();
  store_.pending_games(strand_, [self](Stored<std::vector<CompetitionGame>> pending) {
    if (!pending.ok()) spdlog::error("event=competition_restore_failed error=\"{}\"", log_text(pending.error));
    self->open_games(std::move(pending.value), self->strand_, [self](std::vector<CompetitionGame> opened, std::vector<CompetitionGame> failed) {
      if (!opened.empty() || !failed.empty())
        spdlog::info("event=competition_games_checked games={} failed={}", opened.size(), failed.size());
      self->apply_activity();
      self->sweep_challenges(true);
      // A round whose pairing the last stop abandoned (the store's pairer
      // drops it rather than keep the server waiting) is paired now.
      self->store_.resume_tournaments(random_room_id, self->strand_, [self](Stored<std::vector<CompetitionGame>> resumed) {
        if (!resumed.ok()) return spdlog::error("event=event_resume_failed error=\"{}\"", log_text(resumed.error));
        if (resumed.value.empty()) return;
        spdlog::info("event=event_rounds_resumed games={}", resumed.value.size());
        self->open_games(std::move(resumed.value), self->strand_, [](std::vector<CompetitionGame>, std::vector<CompetitionGame>) {});
      });
    });
  });
}

void CompetitionService::stop() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->timer_.cancel();
    self->sweep_timer_.cancel();
  });
}

void CompetitionService::wake() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->apply_activity();
    self->sweep_challenges(false);  // the periodic sweep goes on as it was
  });
}

void CompetitionService::sweep_challenges(bool again) {
  auto self = shared_from_this();
  store_.challenges_due(clock_(), strand_, [self, again](Stored<DueChallenges> due) {
    if (!due.ok()) {
      spdlog::error("event=challenge_sweep_failed error=\"{}\"", log_text(due.error));
    } else {
      for (const auto& c : due.value.unanswered) self->tell_unanswered(c);
      if (!due.value.start.empty() || !due.value.unanswered.empty())
        spdlog::info("event=challenges_due started={} unanswered={}", due.value.start.size(), due.value.unanswered.size());
      if (!due.value.start.empty())
        self->open_games(std::move(due.value.start), self->strand_, [](std::vector<CompetitionGame>, std::vector<CompetitionGame> failed) {
          // a room that could not be made now is made at the next start (pending_games)
          if (!failed.empty()) spdlog::warn("event=scheduled_games_failed games={}", failed.size());
        });
    }
    self->open_unopened();
    if (!again) return;
    self->sweep_timer_.expires_after(kChallengeSweepPeriod);
    self->sweep_timer_.async_wait([self](boost::system::error_code ec) {
      if (!ec) self->sweep_challenges(true);
    });
  });
}

void CompetitionService::open_unopened() {
  auto self = shared_from_this();
  store_.unopened_games(strand_, [self](Stored<std::vector<CompetitionGame>> games) {
    if (!games.ok()) return spdlog::error("event=unopened_games_failed error=\"{}\"", log_text(games.error));
    if (games.value.empty()) return;
    spdlog::warn("event=unopened_games games={}", games.value.size());
    self->open_games(std::move(games.value), self->strand_, [](std::vector<CompetitionGame>, std::vector<CompetitionGame> failed) {
      if (!failed.empty()) spdlog::warn("event=unopened_games_failed games={}", failed.size());
    });
  });
}

void CompetitionService::tell_challenged(const ChallengeMade& made) {
  if (!player_mail_) return;
  // The intent the challenge stored with it, resolved now (the words are the same).
  const ChallengeRecord& r = made.challenge;
  NoticeWords words = made.game ? challenge_words(r.challenger_name, made.game->source_name, r.room)
                                : answer_challenge_words(r.challenger_name, r.ladder_name, r.ladder);
  player_mail_({r.defender, "challenge", words.subject, words.text, words.path, r.room, 0});
}

void CompetitionService::tell_answered(const ChallengeRecord& c, ChallengeAnswer::Kind kind) {
  if (!player_mail_) return;
  using Kind = ChallengeAnswer::Kind;
  std::string what;
  std::int64_t to = c.challenger;
  std::string who = c.defender_name;
  switch (kind) {
    case Kind::accept: what = "accepted your challenge: your game is ready"; break;
    case Kind::schedule: what = "chose a time for your challenge: " + utc_text(c.start_at, "%Y-%m-%d %H:%M UTC"); break;
    case Kind::decline:
      what = c.outcome == "challenger" ? "declined your challenge again within 30 days: it counts as your win"
                                       : "declined your challenge";
      break;
    case Kind::withdraw:
      what = "withdrew the challenge";
      to = c.defender;
      who = c.challenger_name;
      break;
  }
  NoticeWords words = challenge_answered_words(who, what, c.ladder_name, c.ladder);
  player_mail_({to, "challenge", words.subject, words.text, kind == Kind::accept ? "/?room=" + c.room : words.path, c.room,
                std::nullopt});
}

void CompetitionService::tell_unanswered(const ChallengeRecord& c) {
  if (!player_mail_) return;
  auto words = challenge_answered_words(c.defender_name, "did not answer your challenge in time: it counts as your win",
                                        c.ladder_name, c.ladder);
  player_mail_({c.challenger, "challenge", words.subject, words.text, words.path, c.room, std::nullopt});
  words = challenge_answered_words("You", "did not answer the challenge of " + c.challenger_name + " in time: it counts as a loss",
                                   c.ladder_name, c.ladder);
  player_mail_({c.defender, "challenge", words.subject, words.text, words.path, c.room, std::nullopt});
}

void CompetitionService::remind_events() {
  if (!player_mail_) return;
  auto self = shared_from_this();
  store_.tournaments(strand_, [self](Stored<std::vector<TournamentRecord>> events) {
    if (!events.ok()) return spdlog::error("event=event_reminders_failed error=\"{}\"", log_text(events.error));
    std::int64_t now = self->clock_();
    for (const TournamentRecord& t : events.value) {
      if (t.status != "registering" || t.start_at <= now || t.start_at - now > kEventReminderMs) continue;
      self->store_.tournament(t.id, self->strand_, [self, now](Stored<std::optional<TournamentDetail>> detail) {
        if (!detail.ok() || !detail.value) return;
        const TournamentRecord& e = detail.value->tournament;
        std::int64_t minutes = std::max<std::int64_t>(1, (e.start_at - now + 59999) / 60000);
        for (const TournamentPlayer& p : detail.value->players) {
          if (p.withdrawn) continue;
          // The room field names the event: a player is told once per event.
          self->player_mail_({p.player, "event", e.name + " starts within the hour",
                              e.name + " starts in " + std::to_string(minutes) + " minutes, and you are registered. The event:",
                              "/events/" + std::to_string(e.id), "event:" + std::to_string(e.id), std::nullopt});  // no stored cause: told anew
        }
      });
    }
  });
}

void CompetitionService::apply_activity() {
  auto self = shared_from_this();
  remind_events();
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
    std::vector<CompetitionGame> games;
    std::vector<char> ok;  // per game, once its room answered
    std::size_t answered = 0;
  };
  auto progress = std::make_shared<Progress>();
  progress->games = std::move(games);
  progress->ok.assign(progress->games.size(), 0);
  auto self = shared_from_this();
  auto finish = [progress, ex, done] {
    std::vector<CompetitionGame> opened, failed;
    for (std::size_t i = 0; i < progress->games.size(); ++i)
      (progress->ok[i] ? opened : failed).push_back(progress->games[i]);
    boost::asio::post(ex, [done, opened = std::move(opened), failed = std::move(failed)]() mutable {
      done(std::move(opened), std::move(failed));
    });
  };
  // All of a round's rooms at once: their creations and seatings wait in the
  // store's queue together, so its writer commits them in a transaction or
  // two (group commit), not two commits per board one after the other (a
  // round of 1,000 players has 500 boards). Answers are gathered on the strand.
  boost::asio::post(strand_, [self, progress, finish] {
    if (progress->games.empty()) return finish();
    for (std::size_t i = 0; i < progress->games.size(); ++i)
      self->open_one(progress->games[i], [self, progress, finish, i](bool ok) {
        boost::asio::post(self->strand_, [progress, finish, i, ok] {
          progress->ok[i] = ok;
          if (++progress->answered == progress->games.size()) finish();
        });
      });
  });
}

void CompetitionService::open_one(CompetitionGame game, std::function<void(bool)> done, bool first_try) {
  auto self = shared_from_this();
  directory_.find(game.room, strand_, [self, game, done, first_try](std::shared_ptr<Room> room, Lookup lookup) {
    if (lookup == Lookup::Found && room) {
      // Stored before a crash (or just now): make sure black sat down too.
      PlayerInfo black{game.black, game.black_name, true, game.black_kind};
      room->command([black](const GameAuthority& a) { return a.join(black); }, std::nullopt,
                    [done](std::optional<Refusal>, const RoomRecord&) { done(true); });
      return;
    }
    if (lookup == Lookup::Elsewhere) return done(true);  // open, and served by another node
    if (lookup != Lookup::Missing || !first_try) {
      spdlog::error("event=competition_room_unreadable room={} lookup={}", game.room, static_cast<int>(lookup));
      return done(false);
    }
    self->directory_.open_competition(game, self->strand_, [self, game, done](std::shared_ptr<Room> room, std::optional<Refusal> refusal) {
      if (!room) {
        // Made by another node meanwhile (its sweep, its start), or not at
        // all: the second look tells.
        spdlog::warn("event=competition_room_failed room={} error=\"{}\"", game.room, log_text(refusal ? refusal->message : ""));
        return self->open_one(game, done, false);
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
    // The intents the pairing stored with it, resolved once its game exists
    // (told once: after a restart, this and the start's sweep meet the same rows).
    for (bool white : {true, false}) {
      NoticeWords words =
          round_words(game.round, game.source_name, white ? game.black_name : game.white_name, white, game.room);
      player_mail_({white ? game.white : game.black, "round", words.subject, words.text, words.path, game.room, 0});
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
