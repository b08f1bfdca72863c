// Server parts without a network: configuration, static file paths, origins.
// (The SQLite store and SHA-256 have their own tests: tests/store/.)
#include <doctest/doctest.h>

#include <filesystem>

#include <boost/asio/io_context.hpp>

#include "app/config.hpp"
#include "app/readiness.hpp"
#include "app/http_api.hpp"
#include "app/http_session.hpp"
#include "server_process.hpp"
#include "store/sql_store.hpp"
#include "util/secure_random.hpp"

using namespace arena;

namespace {
std::optional<std::string> no_env(const char*) { return std::nullopt; }
std::optional<std::string> some_env(const char* name) {
  if (std::string(name) == "GIPF_ARENA_PORT") return "9000";
  if (std::string(name) == "GIPF_ARENA_DB") return "env.db";
  return std::nullopt;
}
}  // namespace

TEST_CASE("configuration: defaults, environment, flags, errors") {
  auto d = parse_config({}, no_env);
  CHECK(d.error.empty());
  CHECK(d.config.host == "127.0.0.1");
  CHECK(d.config.port == 8080);
  CHECK(d.config.db == "gipf-arena.db");
  auto e = parse_config({"--port", "9100"}, some_env);
  CHECK(e.config.port == 9100);  // flags win over the environment
  CHECK(e.config.db == "env.db");
  CHECK(parse_config({"--db=x.db", "--log-level", "debug"}, no_env).config.log_level == "debug");
  // --store names the database; it wins over --db, whatever their order.
  CHECK(parse_config({"--store", "postgres://arena@db:5432/arena"}, no_env).config.db == "postgres://arena@db:5432/arena");
  CHECK(parse_config({"--store", "sqlite:a.db", "--db", "b.db"}, no_env).config.db == "sqlite:a.db");
  CHECK(parse_config({"--db", "b.db", "--store=postgresql://h/x"}, no_env).config.db == "postgresql://h/x");
  CHECK(!parse_config({"--store", "mysql://h/x"}, no_env).error.empty());
  CHECK(!parse_config({"--store", "sqlite:"}, no_env).error.empty());
  CHECK(parse_config({"--help"}, no_env).show_help);
  CHECK(!parse_config({"--port", "70000"}, no_env).error.empty());
  CHECK(!parse_config({"--port"}, no_env).error.empty());
  CHECK(!parse_config({"--colour", "red"}, no_env).error.empty());
  CHECK(!parse_config({"--log-level", "loud"}, no_env).error.empty());
  std::string help = help_text("/srv/web");
  for (auto flag : {"--host", "--port", "--db", "--store", "GIPF_ARENA_STORE", "--static-dir", "--log-level", "--threads", "GIPF_ARENA_DB", "--public-origin",
                    "GIPF_ARENA_PUBLIC_ORIGIN", "--max-connections-per-address", "--max-new-players-per-address",
                    "--max-open-rooms", "--open-room-ttl", "--keep-closed", "GIPF_ARENA_KEEP_CLOSED", "--message-rate", "--message-burst",
                    "--secure-cookies", "GIPF_ARENA_SECURE_COOKIES", "--trusted-proxy", "GIPF_ARENA_TRUSTED_PROXY",
                    "--guest-chat", "GIPF_ARENA_GUEST_CHAT",
                    "gipf-arena admin"})
    CHECK_MESSAGE(help.find(flag) != std::string::npos, flag);
}

TEST_CASE("configuration: --guest-chat is all, casual (the default) or none") {
  CHECK(parse_config({}, no_env).config.guest_chat == "casual");
  CHECK(parse_config({"--guest-chat", "none"}, no_env).config.guest_chat == "none");
  CHECK(parse_config({"--guest-chat", "all"}, no_env).config.guest_chat == "all");
  CHECK(parse_config({"--guest-chat", "some"}, no_env).error == "--guest-chat is all, casual or none");
}

TEST_CASE("configuration: --secure-cookies is a switch; its variable is 1/true or 0/false") {
  CHECK(!parse_config({}, no_env).config.secure_cookies);
  auto on = parse_config({"--secure-cookies", "--port", "9001"}, no_env);
  CHECK(on.error.empty());
  CHECK(on.config.secure_cookies);
  CHECK(on.config.port == 9001);  // the next flag is not taken as its value
  CHECK(parse_config({"--secure-cookies=false"}, no_env).error.empty());
  CHECK(!parse_config({"--secure-cookies=false"}, no_env).config.secure_cookies);
  auto from_env = parse_config({}, [](const char* name) -> std::optional<std::string> {
    if (std::string(name) == "GIPF_ARENA_SECURE_COOKIES") return "1";
    return std::nullopt;
  });
  CHECK(from_env.config.secure_cookies);
  auto bad = parse_config({}, [](const char* name) -> std::optional<std::string> {
    if (std::string(name) == "GIPF_ARENA_SECURE_COOKIES") return "yes please";
    return std::nullopt;
  });
  CHECK(!bad.error.empty());
}

TEST_CASE("static files: content types and no way out of the directory") {
  std::filesystem::path root = "/srv/web";
  CHECK(resolve_static_path(root, "/") == root / "index.html");
  CHECK(resolve_static_path(root, "/js/app.js") == root / "js" / "app.js");
  for (auto bad : {"", "x", "/../etc/passwd", "/js/../../x", "/.git/config", "/a\\b", "/%2e%2e/x", "//etc/passwd"})
    CHECK_MESSAGE(resolve_static_path(root, bad).empty(), bad);
  CHECK(StaticFiles::content_type("a.html") == "text/html; charset=utf-8");
  CHECK(StaticFiles::content_type("a.js") == "text/javascript; charset=utf-8");
  CHECK(StaticFiles::content_type("a.css") == "text/css; charset=utf-8");
  CHECK(StaticFiles::content_type("a.svg") == "image/svg+xml");
  CHECK(StaticFiles::content_type("a.bin") == "application/octet-stream");
}

TEST_CASE("WebSocket origins: none, the page's own IP or localhost, or the configured public origins") {
  const std::vector<std::string> none;
  CHECK(HttpSession::origin_allowed("", "example.org", none));  // not a browser
  CHECK(HttpSession::origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080", none));
  CHECK(HttpSession::origin_allowed("http://localhost:8080", "localhost:8080", none));
  CHECK(HttpSession::origin_allowed("http://[::1]:8080", "[::1]:8080", none));
  CHECK(!HttpSession::origin_allowed("http://evil.example", "127.0.0.1:8080", none));
  // DNS rebinding: the attacker's name resolves to us, and the page's Origin
  // equals the Host it sends. Without configured origins a name is refused.
  CHECK(!HttpSession::origin_allowed("http://rebind.example:8080", "rebind.example:8080", none));
  const std::vector<std::string> configured{"https://gipf.example.org", "http://10.0.0.5:8080"};
  CHECK(HttpSession::origin_allowed("https://gipf.example.org", "gipf.example.org", configured));
  CHECK(HttpSession::origin_allowed("HTTPS://GIPF.example.org", "gipf.example.org", configured));
  CHECK(HttpSession::origin_allowed("http://10.0.0.5:8080", "anything", configured));
  CHECK(!HttpSession::origin_allowed("http://gipf.example.org", "gipf.example.org", configured));  // another scheme
  CHECK(!HttpSession::origin_allowed("https://rebind.example", "rebind.example", configured));
  CHECK(!HttpSession::origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080", configured));  // only those listed
  CHECK(HttpSession::origin_allowed("", "x", configured));
}

TEST_CASE("configuration: --node-id names the node; letters, digits, '.', '_' and '-' only") {
  CHECK(parse_config({}, no_env).config.node_id.empty());  // the server picks node-XXXXXXXX at start
  auto named = parse_config({"--node-id", "eu-1.arena_b"}, no_env);
  CHECK(named.error.empty());
  CHECK(named.config.node_id == "eu-1.arena_b");
  CHECK_FALSE(parse_config({"--node-id", ""}, no_env).error.empty());
  CHECK_FALSE(parse_config({"--node-id", "a b"}, no_env).error.empty());
  CHECK_FALSE(parse_config({"--node-id", std::string(65, 'n')}, no_env).error.empty());
  CHECK(parse_config({"--node-id", std::string(64, 'n')}, no_env).error.empty());
  CHECK(random_node_id().size() == 13);
  CHECK(random_node_id().rfind("node-", 0) == 0);
  CHECK(random_node_id() != random_node_id());
}

TEST_CASE("readiness: starting, then ready, then draining for good; /api/ready answers 503 but while ready") {
  Readiness readiness;
  CHECK(readiness.state() == Readiness::State::starting);
  SqlStore store(test_support::temp_path("ready-unit.db"));
  ServerGauges gauges{[] { return 0; }, [] { return 0; }, false, [&readiness] { return Readiness::name(readiness.state()); }, {}};
  HttpApi api(HttpApiSettings{}, store, store, gauges, nullptr, nullptr, nullptr);
  boost::asio::io_context io;
  auto answer = [&](const std::string& target) {
    HttpRequest request{boost::beast::http::verb::get, target, 11};
    HttpResponse response;
    api.handle(request, "127.0.0.1", io.get_executor(), [&response](HttpResponse r) { response = std::move(r); });
    return response;
  };
  auto ready_answer = [&] {
    auto response = answer("/api/ready");
    return std::pair{response.result_int(), nlohmann::json::parse(response.body())};
  };
  CHECK(ready_answer() == std::pair{503u, nlohmann::json{{"ready", false}, {"state", "starting"}}});
  readiness.serving();
  CHECK(ready_answer() == std::pair{200u, nlohmann::json{{"ready", true}, {"state", "ready"}}});
  readiness.draining();
  CHECK(ready_answer() == std::pair{503u, nlohmann::json{{"ready", false}, {"state", "draining"}}});
  readiness.serving();  // never back
  CHECK(readiness.state() == Readiness::State::draining);
  // A server without metrics has no /metrics page of its own (the static files answer 404).
  CHECK(answer("/metrics").result_int() == 404);
}
