// gipf-arena: the game server. See --help and README.md.
#include <curl/curl.h>
#include <cstdlib>
#include <iostream>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include "app/admin_command.hpp"
#include "app/arena_server.hpp"
#include "app/config.hpp"
#include "app/pair_command.hpp"
#include "cluster/nats_bus.hpp"
#include "store/sql_store.hpp"
#include "util/secure_random.hpp"

// Read by jemalloc (linked in server/CMakeLists.txt) when it starts: freed
// memory goes back to the kernel from jemalloc's own thread, not in the middle
// of a request (a millisecond more at p99 otherwise). Unused by the sanitizer
// builds, whose allocator is their own.
extern "C" const char* malloc_conf;
const char* malloc_conf = "background_thread:true";

namespace {

std::optional<std::string> from_environment(const char* name) {
  const char* value = std::getenv(name);
  if (!value) return std::nullopt;
  return std::string(value);
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

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "admin")
    return arena::run_admin_command({argv + 2, argv + argc}, std::cin, std::cout, std::cerr, from_environment);
  if (argc >= 2 && std::string(argv[1]) == "pair") return arena::run_pair_command({argv + 2, argv + argc}, std::cout, std::cerr);
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
  if (config.node_id.empty()) config.node_id = arena::random_node_id();

  auto logger = spdlog::stderr_color_mt("gipf-arena");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e level=%l %v");
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  raise_fd_limit();
  // libcurl (the mailer's SMTP) once, before any thread.
  if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    spdlog::critical("event=curl_init_failed");
    return 1;
  }

  std::shared_ptr<arena::Store> store;
  try {
    store = std::make_shared<arena::SqlStore>(config.db, config.bus.empty() ? arena::SqlStore::Access::kServer
                                                                           : arena::SqlStore::Access::kNode);
  } catch (const std::exception& e) {
    spdlog::critical("event=database_failed store={} error=\"{}\"", arena::StoreLocation::parse(config.db).shown(), e.what());
    return 1;
  }
  std::unique_ptr<arena::NatsBus> bus;
  if (!config.bus.empty()) {
    std::string error;
    bus = arena::NatsBus::connect(config.bus, config.node_id, error);
    if (!bus) {
      spdlog::critical("event=bus_failed bus={} error=\"{}\"", config.bus, error);
      return 1;
    }
  }
  arena::ArenaServer server(config, std::move(store), std::move(bus));
  if (auto error = server.start(); !error.empty()) {
    spdlog::critical("event=listen_failed host={} port={} error=\"{}\"", config.host, config.port, error);
    return 1;
  }
  auto endpoint = server.endpoint();
  std::string host = endpoint.address().is_v6() ? "[" + endpoint.address().to_string() + "]" : endpoint.address().to_string();
  spdlog::info("event=listening node={} host={} port={} store={} bus={} static_dir={} restored_rooms={}", config.node_id, host,
               endpoint.port(), arena::StoreLocation::parse(config.db).shown(), config.bus.empty() ? "none" : config.bus,
               config.static_dir, server.restored_rooms());
  // Listening on every address (0.0.0.0, ::): this machine's own name is one to open.
  std::string open = endpoint.address().is_unspecified() ? "localhost" : host;
  std::cout << "GIPF Arena is running: open http://" << open << ":" << endpoint.port() << "/" << std::endl;
  server.run();
  spdlog::info("event=stopped");
  return 0;
}
