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

  // Mails each player of an event game when its round is paired (#35), and
  // the players of a ladder challenge of what happens to it.
  void set_player_mail(PlayerMail mail) { player_mail_ = std::move(mail); }
  // The challenged player hears of a challenge just made (#35): the game to
  // play, or the ladder's page to answer on (#43).
  void tell_challenged(const ChallengeMade& made);
  // The other player hears of an answer to a challenge (#43).
  void tell_answered(const ChallengeRecord& c, ChallengeAnswer::Kind kind);

  // A competition room closed: its event may pair its next round.
  void on(const EventCommitted& e) override;

 private:
  PlayerMail player_mail_;
  // `first_try`: a creation that fails looks the room up once more (another
  // node, or this node's sweep, may have made it meanwhile).
  void open_one(CompetitionGame game, std::function<void(bool)> done, bool first_try = true);
  void tell_players(const CompetitionGame& game);
  void apply_activity();
  // The challenges due now: scheduled games' rooms made, unanswered challenges
  // ended (both players told); then again after kChallengeSweepPeriod.
  void sweep_challenges(bool again);
  // The games whose rooms were never stored, made now (#42): a challenge or
  // pairing committed just before the database went away waits no longer
  // than a sweep, not until some node starts again.
  void open_unopened();
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
