#pragma once
// Runs ladders and events (#14) around the store: creates the rooms of the
// games the store paired (a challenge, a round), tells both players with a
// `pairing` message, pairs an event's next round when a game ends and the
// event pairs itself, applies the ladders' activity periodically, and at start
// makes sure every pending game has its room (a crash between a pairing and
// its room's creation loses nothing). The rules themselves live in the store's
// transactions (competition/competition_store.hpp) and competition/.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mail/player_mail.hpp"
#include "game/room_events.hpp"
#include "competition/competition_store.hpp"

namespace arena {

class RoomDirectory;
class PlayerConnections;

// An event's registered players are told when it starts within this.
inline constexpr std::int64_t kEventReminderMs = 3600LL * 1000;
// How often the ladders' waiting challenges are looked at (#43): a scheduled
// game's room is made within this of its time, an unanswered challenge ends
// within this of its answer time.
inline constexpr std::chrono::seconds kChallengeSweepPeriod{30};

class CompetitionService : public RoomObserver, public std::enable_shared_from_this<CompetitionService> {
 public:
  // Called with the games created (or found) and those whose room could not be created.
  using Opened = std::function<void(std::vector<CompetitionGame> opened, std::vector<CompetitionGame> failed)>;

  CompetitionService(boost::asio::any_io_executor io, CompetitionStore& store, RoomDirectory& directory,
                     PlayerConnections& connections, std::function<std::int64_t()> clock,
                     std::chrono::milliseconds activity_period);

  // Opens the rooms of every pending game, then applies activity (and tells
  // the players of an event starting within the hour) every period.
  void start();
  // Applies activity and looks for events starting now, not at the period's end
  // (a clock moved by a test, --test-clock).
  void wake();
  void stop();

  // Creates each game's room (or finds it, seating a missing black), tells
  // both players; `done` on `ex`.
  void open_games(std::vector<CompetitionGame> games, StoreExecutor ex, Opened done);

  // Mails each player of an event game when its round is paired (#35).
  void set_player_mail(PlayerMail mail) { player_mail_ = std::move(mail); }

  // A competition room closed: its event may pair its next round.
  void on(const EventCommitted& e) override;

 private:
  PlayerMail player_mail_;
  void open_one(CompetitionGame game, std::function<void(bool)> done);
  void tell_players(const CompetitionGame& game);
  void apply_activity();
  // The challenges due now: scheduled games' rooms made, unanswered challenges
  // ended (both players told); then again after kChallengeSweepPeriod.
  void sweep_challenges(bool again);
  void tell_unanswered(const ChallengeRecord& c);
  // Each registered player of an event that starts within the hour is told
  // (an `event` notice and mail, once: MailStore::notify_player).
  void remind_events();

  boost::asio::any_io_executor io_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  CompetitionStore& store_;
  RoomDirectory& directory_;
  PlayerConnections& connections_;
  std::function<std::int64_t()> clock_;
  std::chrono::milliseconds activity_period_;
  boost::asio::steady_timer timer_;
  boost::asio::steady_timer sweep_timer_;
};

}  // namespace arena
