#include "app/arena_server.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/steady_timer.hpp>
#include <future>
#include <spdlog/spdlog.h>

#include "api/account_api.hpp"
#include "api/admin_api.hpp"
#include "api/rating_api.hpp"
#include "competition/competition_service.hpp"
#include "api/event_api.hpp"
#include "api/ladder_api.hpp"
#include "account/moderation.hpp"
#include "account/password_hasher.hpp"
#include "api/trust_api.hpp"
#include "api/follow_api.hpp"
#include "social/follow_service.hpp"
#include "app/heartbeat.hpp"
#include "app/test_clock_api.hpp"
#include "cluster/cluster_node.hpp"
#include "computer/computer_players.hpp"
#include "api/mail_api.hpp"
#include "mail/mailer.hpp"
#include "api/import_api.hpp"
#include "api/bot_api.hpp"
#include "api/seek_api.hpp"
#include "bots/challenge_service.hpp"
#include "seeks/seek_service.hpp"
#include "api/analysis_api.hpp"
#include "api/computer_api.hpp"
#include "bot/levels.hpp"
#include "rating/perf.hpp"
#include "api/notice_api.hpp"
#include "mail/turn_notifier.hpp"
#include "game/room_directory.hpp"
#include "util/log_text.hpp"
#include "lobby/identity_service.hpp"
#include "lobby/lobby_feed.hpp"
#include "lobby/router.hpp"
#include "app/listener.hpp"
#include "app/sessions.hpp"
#include "app/ndjson_session.hpp"
#include "app/websocket_session.hpp"
#include "util/metrics.hpp"

namespace arena {
namespace net = boost::asio;

namespace {

// Runs the io_context on this thread. A handler that throws would end run();
// the sessions and rooms catch what their handlers throw, and this is the last
// net: log it and keep serving, rather than lose every game in the process.
void run_io(net::io_context& io) {
  while (true) {
    try {
      io.run();
      return;
    } catch (const std::exception& e) {
      spdlog::critical("event=handler_escaped error=\"{}\"", e.what());
    } catch (...) {
      spdlog::critical("event=handler_escaped error=unknown");
    }
  }
}

BotApiLimits bot_api_limits(const Limits& l) {
  BotApiLimits limits;
  limits.streams_per_node = l.max_api_streams;
  return limits;
}

}  // namespace

ArenaServer::ArenaServer(Config config, std::shared_ptr<Store> store, std::unique_ptr<NatsBus> bus)
    : config_(std::move(config)), io_(config_.threads), store_(std::move(store)), signals_(io_, SIGINT, SIGTERM) {
  const Limits& l = config_.limits;
  if (config_.test_clock) {
    spdlog::warn("event=test_clock_enabled (POST /api/test/clock moves the clock: tests only)");
    clock_ = [offset = clock_offset_] { return system_now_ms() + offset->load(); };
  }
  events_ = std::make_unique<RoomEvents>();
  computer_ = std::make_shared<ComputerPlayers>(ComputerLimits{config_.bot_threads, 2000, 200, 3});
  auto rooms = std::make_shared<RoomContext>(RoomContext{
      *store_, *events_, clock_,
      AuthorityLimits{l.draw_offer_gap, l.max_events_per_room, std::chrono::milliseconds(l.first_action).count(),
                      std::chrono::milliseconds(l.claim_after).count(),
                      std::make_shared<const TrustRules>(
                          TrustRules{parse_guest_chat(config_.guest_chat).value_or(GuestChat::casual), &block_book_}),
                      l.rated_takebacks},
      CrowdLimits{l.event_history, l.event_history_bytes}});
  rooms->bots = computer_.get();
  rooms->ratings = store_.get();  // an open room's range for its joiner's rating (#46)
  rooms->idle.abandon_ms = std::int64_t{l.abandon_days} * 24 * 3600 * 1000;
  if (bus) {
    cluster_ = std::make_shared<ClusterNode>(io_.get_executor(), std::move(bus), *store_, config_.node_id,
                                             std::chrono::seconds(config_.lease_seconds),
                                             std::chrono::seconds(config_.forward_timeout_seconds), config_.test_bus_deaf);
    rooms->ownership = cluster_.get();
  }
  rooms_ = rooms;
  addresses_ = std::make_shared<AddressBook>(l.max_connections_per_address, l.max_new_players_per_address, l.new_player_window);
  sessions_ = std::make_shared<Sessions>();
  hasher_ = std::make_unique<PasswordHasher>();
  login_limiter_ = std::make_unique<LoginLimiter>(LoginLimits{}, clock_);
  player_connections_ = std::make_unique<PlayerConnections>();
  player_connections_->set_blocks(&block_book_);
  accounts_ = std::make_unique<AccountService>(*store_, *hasher_, *login_limiter_, addresses_, *player_connections_, clock_);
  if (!config_.mail.smtp.empty())
    mailer_ = std::make_unique<Mailer>(MailerSettings{config_.mail.smtp, config_.mail.from, config_.mail.retry_ms, 8}, *store_, clock_);
  mail_ = std::make_unique<MailService>(*store_, mailer_.get(), *player_connections_,
                                        config_.public_origins.empty() ? std::string() : config_.public_origins.front(),
                                        MailBounds{config_.mail.per_account_hour, config_.mail.per_hour},
                                        std::int64_t{config_.mail.gather_seconds} * 1000, clock_);
  identities_ = std::make_unique<IdentityService>(*store_, *store_, *accounts_, addresses_, *player_connections_);
  directory_ = std::make_shared<RoomDirectory>(
      io_.get_executor(), *store_, rooms_,
      DirectoryLimits{l.max_open_rooms_per_player, std::chrono::duration_cast<std::chrono::milliseconds>(l.open_room_ttl),
                      std::chrono::duration_cast<std::chrono::milliseconds>(l.keep_closed)});
  // A guest who signed up: the rooms this node serves name the account now (#43).
  accounts_->set_on_takeover([this](std::int64_t player, std::string name) {
    store_->unfinished_rooms_of(player, io_.get_executor(), [this, player, name](Stored<std::vector<RoomRecord>> rooms) {
      if (!rooms.ok()) return spdlog::warn("event=takeover_rooms_failed player={} error=\"{}\"", player, log_text(rooms.error));
      for (const RoomRecord& r : rooms.value)
        directory_->find(r.id, io_.get_executor(), [player, name](std::shared_ptr<Room> room, Lookup) {
          if (room) room->rename_seat(player, name, "account");
        });
    });
  });
  // Rooms open their rematches through the directory, which exists only now.
  rooms->open_rematch = [d = std::weak_ptr<RoomDirectory>(directory_)](RematchRequest request, StoreExecutor ex, RematchDone done) {
    if (auto directory = d.lock()) directory->open_rematch(std::move(request), std::move(ex), std::move(done));
  };
  moderation_ = std::make_unique<Moderation>(*store_, *directory_, *player_connections_, clock_);
  feed_ = std::make_shared<LobbyFeed>(io_.get_executor(), l.lobby_list_size);
  competitions_ = std::make_shared<CompetitionService>(io_.get_executor(), *store_, *directory_, *player_connections_, clock_,
                                                       std::chrono::minutes(10));
  events_->add(directory_);
  events_->add(feed_);
  events_->add(competitions_);
  events_->add(computer_);
  if (cluster_) events_->add(cluster_);
  // "Your move" and "under 24 h left": notices always, mails when on (#35).
  turns_ = std::make_shared<TurnNotifier>(*mail_, *player_connections_, io_.get_executor());
  events_->add(turns_);
  // Following (#46): who is here (a row per player with a connection on this
  // node), and the followers of a player who starts a game, told in the bell.
  follows_ = std::make_shared<FollowService>(io_.get_executor(), *store_, cluster_ ? config_.node_id : Heartbeat::kSingle, clock_);
  player_connections_->set_presence([f = follows_.get()](std::int64_t player, bool here) { f->presence(player, here); });
  events_->add(follows_);
  seeks_ = std::make_shared<SeekService>(io_.get_executor(), *store_, *directory_, *player_connections_, clock_);
  router_ = std::make_shared<Router>(*identities_, *feed_, *directory_, *player_connections_, *computer_, *seeks_, clock_);
  // Notices on the bell, and mails when on (#35).
  PlayerMail player_mail = mail_->player_mail(io_.get_executor());
  competitions_->set_player_mail(player_mail);
  follows_->set_player_mail(player_mail);
  auto ladder_api = std::make_shared<LadderApi>(CompetitionHttp(*accounts_), *store_, *competitions_, *moderation_, &block_book_);
  auto trust_api = std::make_shared<TrustApi>(*accounts_, *store_, block_book_, *player_connections_);
  trust_api->set_player_mail(player_mail);
  challenges_ = std::make_shared<ChallengeService>(io_.get_executor(), *store_, *store_, *directory_, *player_connections_,
                                                   &block_book_, clock_, *store_);
  challenges_->set_player_mail(player_mail);
  std::vector<std::shared_ptr<HttpModule>> modules{
      ladder_api, std::make_shared<EventApi>(CompetitionHttp(*accounts_), *store_, *competitions_, *moderation_), trust_api,
      std::make_shared<MailApi>(*accounts_, *store_, *store_, *hasher_, *mail_, *player_connections_, clock_),
      std::make_shared<NoticeApi>(*accounts_, *store_, clock_), std::make_shared<ImportApi>(*accounts_, *store_, clock_),
      std::make_shared<AnalysisApi>(*accounts_, *store_, *computer_), std::make_shared<ComputerApi>(),
      std::make_shared<BotApi>(*accounts_, *store_, *challenges_, *directory_, *player_connections_, *feed_,
                               *computer_, clock_, bot_api_limits(l)),
      std::make_shared<SeekApi>(*store_, clock_), std::make_shared<FollowApi>(*accounts_, *store_, clock_)};
  if (config_.test_clock)
    modules.push_back(std::make_shared<TestClockApi>(clock_offset_, [d = std::weak_ptr<RoomDirectory>(directory_), m = mailer_.get(),
                                                                     c = std::weak_ptr<CompetitionService>(competitions_),
                                                                     ch = std::weak_ptr<ChallengeService>(challenges_),
                                                                     sk = std::weak_ptr<SeekService>(seeks_)] {
      if (auto directory = d.lock()) directory->wake_rooms();
      if (auto competitions = c.lock()) competitions->wake();  // ladders' activity, events starting within the hour
      if (auto challenges = ch.lock()) challenges->wake();     // challenges past their time (#45)
      if (auto seeks = sk.lock()) seeks->wake();               // seeks renewed at the moved clock (#46)
      if (m) m->wake();  // mails due at the moved clock go now
    }));
  auto api = std::make_shared<HttpApi>(HttpApiSettings{config_.static_dir, config_.public_origins, config_.node_id,
                                                                       cluster_ ? store_.get() : nullptr}, *store_, *store_,
                                       ServerGauges{[d = directory_] { return d->rooms_in_memory(); },
                                                    [] { return WebsocketSession::open_count(); }, mail_->enabled(),
                                                    [this] { return Readiness::name(readiness_.state()); },
                                                    [d = directory_] {
                                                      return Metrics::process().text(
                                                          {WebsocketSession::open_count(), d->rooms_in_memory()});
                                                    }},
                                       std::make_shared<AccountApi>(*accounts_, *store_, config_.secure_cookies, mail_.get()),
                                       std::make_shared<AdminApi>(*accounts_, *store_, *moderation_),
                                       std::make_shared<RatingApi>(*store_, clock_),
                                       std::move(modules));
  HttpSettings http{l, config_.public_origins, {}};
  for (const auto& proxy : config_.trusted_proxies) http.trusted_proxies.push_back(boost::asio::ip::make_address(proxy));
  auto settings = std::make_shared<const HttpSettings>(std::move(http));
  listener_ = std::make_shared<Listener>(io_, api, router_, sessions_, addresses_, settings);
  heartbeat_ = std::make_shared<Heartbeat>(io_.get_executor(), *store_, cluster_ ? config_.node_id : Heartbeat::kSingle, clock_);
}

ArenaServer::~ArenaServer() {
  computer_->stop();  // no search outlives the server
  if (cluster_) cluster_->stop();  // no bus handler runs after this
  if (mailer_) mailer_->stop();
  io_.stop();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  store_->flush();  // nothing may be posted to io_ once it is gone
}

std::string ArenaServer::start() {
  // Held until the stop signal: the threads must not leave run() while the server is idle.
  auto guard = std::make_shared<net::executor_work_guard<net::io_context::executor_type>>(io_.get_executor());
  for (int i = 0; i < config_.threads; ++i) threads_.emplace_back([this] { run_io(io_); });
  signals_.async_wait([this, guard](boost::system::error_code ec, int signal) {
    if (!ec) shutdown(signal);
  });
  // The computer's players before any room: a restored game against it resumes.
  std::promise<Stored<std::vector<BotPlayer>>> bots;
  store_->bot_players(io_.get_executor(), [&bots](Stored<std::vector<BotPlayer>> players) { bots.set_value(std::move(players)); });
  auto players = bots.get_future().get();
  if (!players.ok()) spdlog::error("event=store_failed error=\"{}\"", players.error);
  computer_->set_players(players.value);
  // Their provisional ratings (#47), where they have none yet: the bots are rated like anyone.
  std::vector<BotRatingSeed> seeds;
  for (const BotPlayer& bot : players.value) {
    if (!bot::valid_level(bot.level)) continue;
    const bot::LevelInfo& level = bot::level_info(bot.level);
    for (std::string_view perf : kPerfs)
      seeds.push_back({bot.player, std::string(perf), static_cast<double>(perf.rfind("gipf:", 0) == 0 ? level.gipf.rating : level.yinsh.rating)});
  }
  store_->seed_bot_ratings(std::move(seeds), io_.get_executor(), [](const std::string& error) {
    if (!error.empty()) spdlog::error("event=store_failed what=bot_ratings error=\"{}\"", error);
  });
  // The blocks before any connection: a private invitation and chat consult them.
  std::promise<Stored<std::vector<std::pair<std::int64_t, std::int64_t>>>> blocks;
  store_->all_blocks(io_.get_executor(), [&blocks](Stored<std::vector<std::pair<std::int64_t, std::int64_t>>> pairs) {
    blocks.set_value(std::move(pairs));
  });
  auto pairs = blocks.get_future().get();
  if (!pairs.ok()) spdlog::error("event=store_failed error=\"{}\"", pairs.error);
  block_book_.load(pairs.value);
  computer_->start();
  follows_->start();  // this node's presence rows of an earlier run go, before any connection writes its own
  // Among nodes: the leases an earlier run under this id left (a crash, a
  // kill) are given up before this run claims anything (#42): the rooms it
  // does not load again would otherwise be renewed by it for ever.
  if (cluster_) {
    std::promise<Stored<std::int64_t>> released;
    store_->release_node(cluster_->node(), io_.get_executor(),
                         [&released](Stored<std::int64_t> count) { released.set_value(std::move(count)); });
    auto count = released.get_future().get();
    if (!count.ok()) spdlog::error("event=store_failed error=\"{}\"", count.error);
    else if (count.value > 0) spdlog::info("event=earlier_leases_released node={} count={}", cluster_->node(), count.value);
  }
  // Among nodes: subscribed before the rooms are claimed and loaded.
  if (cluster_) cluster_->share(*login_limiter_);
  if (cluster_) cluster_->start(*directory_, *feed_, *player_connections_, &block_book_, [this](std::int64_t player) {
      moderation_->forfeit_games_of(player, io_.get_executor());
    });
  // One server alone: its rooms were nobody's since its last heartbeat
  // (before a crash or a stop), read before this run writes its own. Among
  // nodes each room's lease names the node whose heartbeat counts.
  std::optional<std::int64_t> served_until;
  if (!cluster_) {
    std::promise<Stored<std::optional<std::int64_t>>> alive;
    store_->node_alive_at(Heartbeat::kSingle, io_.get_executor(),
                          [&alive](Stored<std::optional<std::int64_t>> at) { alive.set_value(std::move(at)); });
    auto at = alive.get_future().get();
    if (!at.ok()) spdlog::error("event=store_failed error=\"{}\"", at.error);
    served_until = at.value;
  }
  std::promise<int> restored;
  directory_->restore(served_until, [&restored](int count) { restored.set_value(count); });
  restored_ = restored.get_future().get();
  heartbeat_->start();
  directory_->start();
  challenges_->start();
  seeks_->start();
  competitions_->start();  // after the restore: it finds the rooms of pending games in memory
  // The turn notices a stopped server had stored with their moves but not yet
  // resolved: after the restore, so that the rooms' own sweeps and this meet
  // the same rows (each resolved once, whoever gets there first).
  turns_->start();
  if (mailer_) {
    mailer_->start();
    spdlog::info("event=mail_on smtp={} from={}", shown_smtp(config_.mail.smtp), config_.mail.from);
  }

  boost::system::error_code ec;
  auto address = net::ip::make_address(config_.host, ec);
  if (!ec) ec = listener_->open({address, static_cast<unsigned short>(config_.port)});
  if (ec) {
    signals_.cancel();
    return ec.message();
  }
  listener_->run();
  readiness_.serving();
  return {};
}

net::ip::tcp::endpoint ArenaServer::endpoint() const { return listener_->local_endpoint(); }

void ArenaServer::run() {
  for (auto& t : threads_) t.join();
  threads_.clear();
  if (mailer_) mailer_->stop();  // its last result written before the store stops taking writes
  store_->flush();  // every queued write is committed, its completion posted
  io_.restart();
  io_.poll();  // and delivered (acknowledgements to closed sockets are dropped harmlessly)
}

void ArenaServer::shutdown(int signal) {
  spdlog::info("event=stopping signal={}", signal);
  readiness_.draining();
  listener_->stop();
  computer_->stop();
  directory_->stop();
  competitions_->stop();
  challenges_->stop();
  seeks_->stop();
  feed_->stop();
  heartbeat_->stop();  // its rooms are nobody's from now until they resume (a restart, another node)
  if (cluster_) cluster_->release_all();  // the other nodes take this node's rooms over at once
  for (auto& s : sessions_->live()) s->close_for_restart();
  for (auto& s : sessions_->live_streams()) s->end();  // a bot reconnects to another node, or here once back (#45)
  stop_when_closed(40);
}

// Waits until every WebSocket has closed (or a deadline), then stops the I/O threads.
void ArenaServer::stop_when_closed(int rounds_left) {
  if ((sessions_->live().empty() && sessions_->live_streams().empty()) || rounds_left == 0) return io_.stop();
  auto timer = std::make_shared<net::steady_timer>(io_, std::chrono::milliseconds(50));
  timer->async_wait([this, timer, rounds_left](boost::system::error_code) { stop_when_closed(rounds_left - 1); });
}

}  // namespace arena
