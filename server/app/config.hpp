#pragma once
// Command-line flags and environment variables, with defaults.
#include <optional>
#include <string>
#include <vector>

#include "app/limits.hpp"

namespace arena {

struct Config {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "gipf-arena.db";  // the store's location: a file, sqlite:FILE or postgres://… (SqlStore)
  bool store_given = false;          // by --store: --db no longer changes it
  std::string bus;                   // --bus nats://HOST:PORT; empty: one node is the whole site
  std::string node_id;               // --node-id; empty: the server picks node-XXXXXXXX at start
  int lease_seconds = 10;            // --lease-seconds: a room's lease, renewed every third of it (#31)
  int forward_timeout_seconds = 5;   // --forward-timeout-seconds: a forwarded request's answer, at most (#42)
  std::string test_bus_deaf;         // --test-bus-deaf: a subject not subscribed to (tests only, #42)
  std::string static_dir;  // default: the repository's web-client/
  std::string log_level = "info";
  int threads = 2;
  int bot_threads = 1;  // the computer opponents' worker threads
  // Origins (scheme://host[:port], lowercase) whose pages may open a WebSocket;
  // empty: the page's own host, and only when that is an IP address or localhost.
  std::vector<std::string> public_origins;
  // Reverse proxies (IP addresses, canonical text) whose requests come from the
  // client named last in X-Forwarded-For; empty: the peer is the client.
  std::vector<std::string> trusted_proxies;
  bool secure_cookies = false;  // the session cookie gets Secure (behind HTTPS)
  bool test_clock = false;      // POST /api/test/clock moves the clock (tests only)
  struct Mail {
    std::string smtp;  // --smtp; empty: no mail
    std::string from;
    int per_hour = 1000;
    int per_account_hour = 20;
    int retry_ms = 60000;
    int gather_seconds = 300;  // a turn mail waits this long for the player's other games (a digest)
  } mail;
  std::string guest_chat = "casual";  // all, casual, none (game/trust_rules.hpp GuestChat)
  Limits limits;
};

struct ConfigResult {
  Config config;
  bool show_help = false;
  std::string error;  // non-empty: refuse to start
};

// Flags override environment variables (GIPF_ARENA_HOST, ...), which override
// the defaults. `env` looks a variable up (getenv in the server).
ConfigResult parse_config(const std::vector<std::string>& args, std::optional<std::string> (*env)(const char*));
std::string help_text(const std::string& default_static_dir);
// "HTTPS://Example.org:8443" → "https://example.org:8443"; empty if it is not
// an origin (scheme http or https, a host, an optional port, nothing more).
std::string normalize_origin(const std::string& text);

}  // namespace arena
