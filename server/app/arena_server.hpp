#pragma once
// The composition root: owns the io_context and its threads, the signals, the
// store, the services (accounts, moderation, identities, room directory, lobby
// feed, router) and the listener, and wires them together. Nothing else creates long-lived objects.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "domain/block_book.hpp"
#include "app/config.hpp"
#include "app/readiness.hpp"
#include "store/store.hpp"
#include "util/clock.hpp"

namespace arena {

class Listener;
class Heartbeat;
class FollowService;
class Router;
class RoomDirectory;
class LobbyFeed;
class IdentityService;
class Sessions;
class AddressBook;
class RoomEvents;
struct RoomContext;
class PasswordHasher;
class LoginLimiter;
class AccountService;
class PlayerConnections;
class Moderation;
class CompetitionService;
class ComputerPlayers;
class ClusterNode;
class NatsBus;
class Mailer;
class TurnNotifier;
class MailService;
class ChallengeService;
class SeekService;

class ArenaServer {
 public:
  // `bus`: connected to the site's NATS (--bus), or null: this server is the whole site.
  ArenaServer(Config config, std::shared_ptr<Store> store, std::unique_ptr<NatsBus> bus = nullptr);
  ~ArenaServer();

  // Starts the I/O threads, loads the unfinished rooms, binds the port. The
  // error if the port cannot be bound.
  std::string start();
  boost::asio::ip::tcp::endpoint endpoint() const;
  int restored_rooms() const { return restored_; }
  // Serves until SIGINT or SIGTERM, then closes every WebSocket (1012), stops
  // the threads and completes the store's writes.
  void run();
  // What GET /api/ready answers: ready once start() succeeded, draining from the stop signal on.
  Readiness& readiness() { return readiness_; }

 private:
  void shutdown(int signal);
  void stop_when_closed(int rounds_left);

  Config config_;
  // The one clock every part is given (rooms, APIs, limiters; the store has its own copy).
  Clock clock_ = system_now_ms;
  // --test-clock: what clock_ adds to the system's (moved by POST /api/test/clock).
  std::shared_ptr<std::atomic<std::int64_t>> clock_offset_ = std::make_shared<std::atomic<std::int64_t>>(0);
  BlockBook block_book_;  // before everything that consults it (rooms, connections): destroyed last
  boost::asio::io_context io_;
  std::shared_ptr<Store> store_;  // after io_: destroyed (its threads joined) before it
  boost::asio::signal_set signals_;
  std::shared_ptr<ComputerPlayers> computer_;
  std::shared_ptr<ClusterNode> cluster_;  // among a site's nodes (--bus); before the rooms that ask it for fences  // before the rooms, which ask it to think: destroyed after them
  std::unique_ptr<RoomEvents> events_;
  std::shared_ptr<const RoomContext> rooms_;
  std::shared_ptr<AddressBook> addresses_;
  std::shared_ptr<Sessions> sessions_;
  std::unique_ptr<PasswordHasher> hasher_;
  std::unique_ptr<LoginLimiter> login_limiter_;
  std::unique_ptr<AccountService> accounts_;
  std::unique_ptr<Mailer> mailer_;  // none without --smtp; stopped before the store is flushed
  std::unique_ptr<MailService> mail_;
  std::shared_ptr<TurnNotifier> turns_;  // resolves the turn notices moves stored (#35)
  std::unique_ptr<PlayerConnections> player_connections_;
  std::unique_ptr<Moderation> moderation_;
  std::unique_ptr<IdentityService> identities_;
  std::shared_ptr<RoomDirectory> directory_;
  std::shared_ptr<LobbyFeed> feed_;
  std::shared_ptr<CompetitionService> competitions_;
  std::shared_ptr<ChallengeService> challenges_;  // the bot and board API's (#45)
  std::shared_ptr<SeekService> seeks_;            // quick pairing (#46)
  std::shared_ptr<FollowService> follows_;        // following's presence and notices (#46)
  std::shared_ptr<Router> router_;
  std::shared_ptr<Listener> listener_;
  std::shared_ptr<Heartbeat> heartbeat_;  // started once the rooms are restored (#31)
  std::vector<std::thread> threads_;
  int restored_ = 0;
  Readiness readiness_;
};

}  // namespace arena
