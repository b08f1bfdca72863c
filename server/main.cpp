// gipf-arena: the game server. See --help and README.md.
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdlib>
#include <sys/resource.h>
#include <iostream>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <thread>

#include "config.hpp"
#include "listener.hpp"
#include "sqlite_store.hpp"
#include "websocket_session.hpp"

namespace {

namespace net = boost::asio;

std::optional<std::string> from_environment(const char* name) {
  const char* value = std::getenv(name);
  if (!value) return std::nullopt;
  return std::string(value);
}

// After a stop signal: wait until every WebSocket has closed (or a deadline),
// then stop the I/O threads.
void stop_when_closed(net::io_context& io, std::shared_ptr<arena::Sessions> sessions,
                      std::shared_ptr<net::steady_timer> timer, int rounds_left) {
  if (sessions->live().empty() || rounds_left == 0) return io.stop();
  timer->expires_after(std::chrono::milliseconds(50));
  timer->async_wait([&io, sessions, timer, rounds_left](boost::system::error_code) {
    stop_when_closed(io, sessions, timer, rounds_left - 1);
  });
}

// Every connection is a file descriptor: take all the kernel allows us.
void raise_fd_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  rlim_t before = limit.rlim_cur;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) limit.rlim_cur = before;
  }
  spdlog::info("event=fd_limit soft={} hard={} was={}", limit.rlim_cur, limit.rlim_max, before);
}

// Runs the io_context on this thread. A handler that throws would end run();
// the sessions catch what their handlers throw, and this is the last net: log
// it and keep serving, rather than lose every game in the process.
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

}  // namespace

int main(int argc, char** argv) {
  const std::string default_static_dir = GIPF_ARENA_WEB_DIR;
  auto parsed = arena::parse_config({argv + 1, argv + argc}, from_environment);
  if (parsed.show_help) {
    std::cout << arena::help_text(default_static_dir);
    return 0;
  }
  if (!parsed.error.empty()) {
    std::cerr << "gipf-arena: " << parsed.error << "\nRun 'gipf-arena --help' for usage.\n";
    return 2;
  }
  arena::Config config = parsed.config;
  if (config.static_dir.empty()) config.static_dir = default_static_dir;

  auto logger = spdlog::stderr_color_mt("gipf-arena");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e level=%l %v");
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  raise_fd_limit();

  std::unique_ptr<arena::SqliteStore> store;
  try {
    store = std::make_unique<arena::SqliteStore>(config.db);
  } catch (const arena::StoreError& e) {
    spdlog::critical("event=database_failed db={} error=\"{}\"", config.db, e.what());
    return 1;
  }

  net::io_context io(config.threads);
  const arena::Limits& limits = config.limits;
  auto addresses = std::make_shared<arena::AddressBook>(limits.max_connections_per_address, limits.max_new_players_per_address,
                                                        limits.new_player_window);
  auto lobby = std::make_shared<arena::Lobby>(io, *store, limits, addresses);
  int restored = lobby->restore();
  lobby->start();
  auto sessions = std::make_shared<arena::Sessions>();
  auto api = std::make_shared<arena::HttpApi>(config.static_dir, *store, *lobby);
  auto settings = std::make_shared<const arena::HttpSettings>(arena::HttpSettings{limits, config.public_origins});
  auto listener = std::make_shared<arena::Listener>(io, api, lobby, sessions, addresses, settings);

  boost::system::error_code ec;
  auto address = net::ip::make_address(config.host, ec);
  if (!ec) ec = listener->open({address, static_cast<unsigned short>(config.port)});
  if (ec) {
    spdlog::critical("event=listen_failed host={} port={} error=\"{}\"", config.host, config.port, ec.message());
    return 1;
  }
  auto endpoint = listener->local_endpoint();
  listener->run();
  std::string host = endpoint.address().is_v6() ? "[" + endpoint.address().to_string() + "]" : endpoint.address().to_string();
  spdlog::info("event=listening host={} port={} db={} static_dir={} restored_rooms={}", host, endpoint.port(), config.db,
               config.static_dir, restored);
  std::cout << "GIPF Arena is running: open http://" << host << ":" << endpoint.port() << "/" << std::endl;

  net::signal_set signals(io, SIGINT, SIGTERM);
  auto timer = std::make_shared<net::steady_timer>(io);
  signals.async_wait([&](boost::system::error_code, int signal) {
    spdlog::info("event=stopping signal={}", signal);
    listener->stop();
    for (auto& s : sessions->live()) s->close_going_away();
    stop_when_closed(io, sessions, timer, 40);
  });

  std::vector<std::thread> threads;
  for (int i = 1; i < config.threads; ++i) threads.emplace_back([&io] { run_io(io); });
  run_io(io);
  for (auto& t : threads) t.join();
  store->flush();  // every queued write is committed while io (their callbacks' target) still exists
  spdlog::info("event=stopped");
  return 0;
}
