#pragma once
// Challenges between accounts (#45; PROTOCOL.md, Bot and board API): made,
// accepted (the game opens at once, both seated), declined with a reason,
// canceled by the challenger, or expired. Both parties hear of each change
// on all their connections and event streams, on any node (a `challenge`
// message through PlayerConnections). Stored (bots/bot_store.hpp), so that
// any node answers for any challenge. A real-time challenge (a live clock)
// lives kRealTimeLease at a time, renewed while its challenger has a
// connection or a stream open on the node it was made on and its destination
// was seen on the site (a page or a stream on any node: social/follow_store.hpp's
// presence) within kUnseenMs (#46); others wait kWaitDays for an answer.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "account/account_store.hpp"
#include "bots/bot_store.hpp"
#include "domain/block_book.hpp"
#include "game/player_connections.hpp"
#include "game/room_directory.hpp"
#include "mail/player_mail.hpp"
#include "social/follow_store.hpp"
#include "protocol/bot_messages.hpp"
#include "util/clock.hpp"

namespace arena {

// What a challenger asks for (checked by the API).
struct ChallengeTerms {
  engine::GameOptions options;
  protocol::TimeControl clock;
  std::string color = "random";
  bool rated = false;
};

// The player an account is in a room: a bot shows as one (its BOT badge).
PlayerInfo player_of(const AccountRecord& account);
protocol::PlayerChallengeView player_challenge_view(const PlayerChallenge& c);

class ChallengeService : public std::enable_shared_from_this<ChallengeService> {
 public:
  static constexpr std::int64_t kRealTimeLeaseMs = 20'000;
  static constexpr int kWaitDays = 7;
  static constexpr std::int64_t kMaxRealTimeMs = 10 * 60 * 1000;  // renewed this long at most
  static constexpr std::int64_t kUnseenMs = 60'000;  // a real-time challenge's destination away this long: it ends (#46)
  static constexpr int kMaxUnfinishedGames = 20;  // an account's games opened by challenges and others
  using Answer = std::function<void(Outcome<PlayerChallenge>)>;

  ChallengeService(boost::asio::any_io_executor io, BotStore& store, AccountStore& accounts, RoomDirectory& directory,
                   PlayerConnections& connections, const BlockBook* blocks, Clock clock, FollowStore& presence);
  void start();
  void stop();

  // Refusals: not_found (no such account), self, blocked, closed; the store's.
  void create(const AccountRecord& from, std::string to, ChallengeTerms terms, StoreExecutor ex, Answer answer);
  // By the destination: the game opens; its room is the answer's `room`.
  void accept(const AccountRecord& by, std::string id, StoreExecutor ex, Answer answer);
  void decline(const AccountRecord& by, std::string id, std::string reason, StoreExecutor ex, Answer answer);
  // By the challenger.
  void cancel(const AccountRecord& by, std::string id, StoreExecutor ex, Answer answer);
  // The challenger asked after `c` (GET /api/challenge/ID): an open real-time
  // challenge lives kRealTimeLeaseMs more, within kMaxRealTimeMs of its making.
  void keep(const PlayerChallenge& c, StoreExecutor ex);
  // Runs the sweep now (tests move the clock).
  void wake();
  // A challenge that is not real-time is also a notice on the bell of its
  // destination, and a mail by their "challenge" switch (#46).
  void set_player_mail(PlayerMail mail) { player_mail_ = std::move(mail); }

 private:
  void tell(const PlayerChallenge& c);  // both parties, every node
  void tell_by_notice(const PlayerChallenge& c);  // the destination of a new challenge that waits days
  void forget(const std::string& id);   // no longer renewed here
  // The challenge becomes accepted (one answer wins), then its game opens.
  void claim(const PlayerChallenge& c, const AccountRecord& by, StoreExecutor ex, Answer answer);
  // The accepted (claimed) challenge's game opens, and its room is recorded.
  void open_game(const PlayerChallenge& c, const AccountRecord& by, StoreExecutor ex, Answer answer);
  // The challenge, found open and its challenger able to play, is accepted.
  void accept_open(const PlayerChallenge& c, const AccountRecord& by, StoreExecutor ex, Answer answer);
  // An open challenge ends (declined, canceled) and both parties hear of it.
  void end_open_as(const PlayerChallenge& c, PlayerChallenge::Status to, std::string reason, StoreExecutor ex, Answer answer);
  // An open challenge declined (by its destination) or canceled (by its challenger).
  void end_open(const AccountRecord& by, bool destination, std::string id, PlayerChallenge::Status to, std::string reason,
                StoreExecutor ex, Answer answer);
  // The challenge `id` if `account` is its `destination` (or its challenger), open.
  void open_for(const AccountRecord& account, bool destination, std::string id, StoreExecutor ex,
                std::function<void(Outcome<PlayerChallenge>)> found);
  void sweep();
  void schedule();

  boost::asio::any_io_executor io_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  BotStore& store_;
  AccountStore& accounts_;
  RoomDirectory& directory_;
  PlayerConnections& connections_;
  const BlockBook* blocks_;
  Clock clock_;
  PlayerMail player_mail_;
  boost::asio::steady_timer timer_;
  std::mutex mutex_;
  // Real-time challenges made here, renewed for kMaxRealTimeMs at most: a
  // challenge nobody answers ends.
  struct RealTime {
    std::int64_t challenger = 0;   // player
    std::int64_t made = 0;
    std::int64_t destination = 0;  // player
    std::int64_t seen = 0;         // when the destination was last known online
  };
  std::map<std::string, RealTime> real_time_;
  FollowStore& presence_;
  // The sweep's second half: renews those kept (`online`: the destinations online now), expires the rest.
  void renew(std::vector<std::int64_t> online, std::int64_t now);
  void ask_online(std::vector<std::int64_t> left, std::vector<std::int64_t> online, std::int64_t now);
  bool stopped_ = false;
};

}  // namespace arena
