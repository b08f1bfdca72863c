#include "app/config.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>

#include "engine/text.hpp"
#include "mail/mail_message.hpp"  // valid_mail_address

namespace arena {
namespace {

struct Option {
  const char* flag;
  const char* env;
  const char* help;
  bool is_switch = false;  // takes no value on the command line; the variable: 1/true or 0/false
};

constexpr Option kOptions[] = {
    {"--host", "GIPF_ARENA_HOST", "address to listen on (default 127.0.0.1)"},
    {"--port", "GIPF_ARENA_PORT", "TCP port, 0 for any free one (default 8080)"},
    {"--db", "GIPF_ARENA_DB", "SQLite database file, created if missing (default gipf-arena.db);\n"
     "the same as --store sqlite:FILE"},
    {"--store", "GIPF_ARENA_STORE",
     "the database: sqlite:FILE (the default, sqlite:gipf-arena.db) or a PostgreSQL\n"
     "URI, postgres://USER:PASSWORD@HOST:PORT/DATABASE (its tables are created or\n"
     "upgraded at start). When both are set, --store wins"},
    {"--node-id", "GIPF_ARENA_NODE_ID",
     "this server's name among a site's nodes: 1 to 64 letters, digits,\n"
     "'.', '_' or '-'; in the logs and /api/health (default: node- and 8\n"
     "random hex digits, new at every start)"},
    {"--bus", "GIPF_ARENA_BUS",
     "nats://HOST:PORT: join the site whose nodes share this NATS server and the\n"
     "--store (which must be postgres://…): rooms are served by one node each and\n"
     "reached from every node (default: none, this server is the whole site)"},
    {"--lease-seconds", "GIPF_ARENA_LEASE_SECONDS",
     "with --bus: how long a room stays this node's unless renewed (every third\n"
     "of it); a dead node's rooms are taken over by the others after it (2..300,\n"
     "default 10)"},
    {"--forward-timeout-seconds", "GIPF_ARENA_FORWARD_TIMEOUT_SECONDS",
     "with --bus: how long a request for a room another node serves waits for\n"
     "that node's answer; then the player is told node_timeout, resyncs and may\n"
     "send it again (1..60, default 5)"},
    {"--static-dir", "GIPF_ARENA_STATIC_DIR", "directory of the web client's files"},
    {"--log-level", "GIPF_ARENA_LOG_LEVEL", "trace, debug, info, warn, error or off (default info)"},
    {"--threads", "GIPF_ARENA_THREADS", "I/O threads (default 2)"},
    {"--bot-threads", "GIPF_ARENA_BOT_THREADS",
     "worker threads the computer opponents think on, never an I/O thread (default 1)"},
    {"--public-origin", "GIPF_ARENA_PUBLIC_ORIGIN",
     "an origin whose pages may connect, e.g. https://gipf.example.org; may be given\n"
     "several times (the variable: separated by commas). When none is given, a page\n"
     "may connect only from the address it was served from, if that is an IP address\n"
     "or localhost"},
    {"--trusted-proxy", "GIPF_ARENA_TRUSTED_PROXY",
     "the IP address of a reverse proxy in front of the server, e.g. 127.0.0.1: its\n"
     "requests count against the client address it appends last to X-Forwarded-For\n"
     "(the per-address limits, the audit log); may be given several times (the\n"
     "variable: separated by commas). Without it, every client behind a proxy shares\n"
     "the proxy's address"},
    {"--max-connections-per-address", "GIPF_ARENA_MAX_CONNECTIONS_PER_ADDRESS",
     "open connections per client address (IPv6: per /64) (default 128)"},
    {"--max-new-players-per-address", "GIPF_ARENA_MAX_NEW_PLAYERS_PER_ADDRESS",
     "new player identities per client address per hour (default 100)"},
    {"--max-open-rooms", "GIPF_ARENA_MAX_OPEN_ROOMS", "rooms one player may have waiting for an opponent (default 5)"},
    {"--rated-takebacks", "GIPF_ARENA_RATED_TAKEBACKS",
     "1/true: players of a rated game may take back a move by agreement; 0/false:\n"
     "only in casual games (never in ladders and events) (default 1)"},
    {"--max-api-streams", "GIPF_ARENA_MAX_API_STREAMS",
     "streams of the bot and board API open on this node, every account together\n"
     "(default 4096; more are refused 503 busy)"},
    {"--open-room-ttl", "GIPF_ARENA_OPEN_ROOM_TTL",
     "seconds a room waits for its second player before it is cancelled (default 1800)"},
    {"--keep-closed", "GIPF_ARENA_KEEP_CLOSED",
     "seconds a finished or cancelled room stays in memory, then it is read from the\n"
     "database when asked for (default 600)"},
    {"--first-action-seconds", "GIPF_ARENA_FIRST_ACTION_SECONDS",
     "seconds a player of a live-clock game has for their first action before the\n"
     "server aborts the game (default 30)"},
    {"--claim-after-seconds", "GIPF_ARENA_CLAIM_AFTER_SECONDS",
     "seconds a live-clock player may be gone on their decision before the opponent\n"
     "may claim the game (default 40)"},
    {"--abandon-days", "GIPF_ARENA_ABANDON_DAYS",
     "days an untimed game may go without an action before the server ends it as\n"
     "abandoned, without a result (default 7)"},
    {"--message-rate", "GIPF_ARENA_MESSAGE_RATE", "messages per second per connection, sustained (default 20)"},
    {"--message-burst", "GIPF_ARENA_MESSAGE_BURST", "messages per connection at once (default 60)"},
    {"--guest-chat", "GIPF_ARENA_GUEST_CHAT",
     "where guests (players without an account) may chat: all, casual (not in rated,\n"
     "ladder and event games) or none (default casual)"},
    {"--smtp", "GIPF_ARENA_SMTP",
     "the SMTP server that sends the site's mail: smtp://[USER:PASSWORD@]HOST:PORT\n"
     "(STARTTLS when offered) or smtps://…; needs --mail-from and --public-origin\n"
     "(the links in the mails). Without it the site sends no mail (default: none)"},
    {"--mail-from", "GIPF_ARENA_MAIL_FROM", "the address the site's mail comes from, e.g. arena@example.org"},
    {"--mail-per-hour", "GIPF_ARENA_MAIL_PER_HOUR", "mails queued per hour, site-wide; beyond, dropped (default 1000)"},
    {"--mail-per-account-hour", "GIPF_ARENA_MAIL_PER_ACCOUNT_HOUR",
     "mails queued per hour for one account; beyond, dropped (default 20)"},
    {"--mail-retry-ms", "GIPF_ARENA_MAIL_RETRY_MS",
     "milliseconds before a mail the SMTP server did not take is tried again,\n"
     "doubled each time up to an hour; 8 attempts in all (default 60000)"},
    {"--mail-gather-seconds", "GIPF_ARENA_MAIL_GATHER_SECONDS",
     "seconds a 'your move' mail waits before it is sent, so that the player's\n"
     "other games waiting for a move join it in one digest (default 300; 0: at once)"},
    {"--secure-cookies", "GIPF_ARENA_SECURE_COOKIES",
     "mark the session cookie Secure (sent over HTTPS only): set it\n"
     "when the server is reached through HTTPS (default off)",
     true},
    {"--test-clock", "GIPF_ARENA_TEST_CLOCK",
     "for tests only: POST /api/test/clock moves the server's clock forward\n"
     "(never on a real server; default off)",
     true},
    {"--test-bus-deaf", "GIPF_ARENA_TEST_BUS_DEAF",
     "for tests only: with --bus, a subject this node does not listen to, as if\n"
     "the bus lost all its messages (e.g. arena.rooms.moved; default none)"},
};

std::optional<int> number(const std::string& text, int low, int high) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high) return std::nullopt;
  return value;
}

std::string set_number(int& target, const std::string& flag, const std::string& value, int low, int high) {
  auto n = number(value, low, high);
  if (!n) return flag + " must be a number from " + std::to_string(low) + " to " + std::to_string(high);
  target = *n;
  return {};
}

std::string set_rate(double& target, const std::string& flag, const std::string& value) {
  int n = 0;
  if (auto error = set_number(n, flag, value, 0, 100000); !error.empty()) return error;
  target = n;
  return {};
}

// The canonical text of an IP address ("::1", "10.0.0.5"); empty if it is none.
std::string canonical_ip(const std::string& text) {
  unsigned char bytes[16];
  char out[INET6_ADDRSTRLEN];
  for (int family : {AF_INET, AF_INET6})
    if (inet_pton(family, text.c_str(), bytes) == 1 && inet_ntop(family, bytes, out, sizeof out)) return out;
  return {};
}

// Appends `value`, normalized, to `out`; `from_env`: a variable's value may list
// several, separated by commas. A value `normalize` answers empty for is refused.
std::string add_items(std::vector<std::string>& out, const std::string& value, bool from_env,
                      std::string (*normalize)(const std::string&), const std::string& must_be) {
  for (std::string_view part : from_env ? engine::split(value, ",") : std::vector<std::string_view>{value}) {
    std::string item(engine::trim(part));
    if (from_env && item.empty()) continue;
    std::string normal = normalize(item);
    if (normal.empty()) return must_be + ", not '" + item + "'";
    out.push_back(normal);
  }
  return {};
}

bool valid_node_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(), [](unsigned char ch) { return std::isalnum(ch) || ch == '.' || ch == '_' || ch == '-'; });
}

std::string set_store(Config& c, const std::string& value) {
  bool postgres = value.rfind("postgres://", 0) == 0 || value.rfind("postgresql://", 0) == 0;
  if (!postgres && (value.rfind("sqlite:", 0) != 0 || value.size() == 7))
    return "--store is sqlite:FILE or postgres://…, not '" + value + "'";
  c.db = value;
  c.store_given = true;
  return {};
}

std::string set(Config& c, const std::string& flag, const std::string& value, bool from_env) {
  Limits& l = c.limits;
  if (flag == "--host") {
    if (value.empty()) return "--host needs an address";
    c.host = value;
  } else if (flag == "--port") {
    return set_number(c.port, flag, value, 0, 65535);
  } else if (flag == "--db") {
    if (value.empty()) return "--db needs a file name";
    if (!c.store_given) c.db = value;
  } else if (flag == "--store") {
    return set_store(c, value);
  } else if (flag == "--node-id") {
    if (!valid_node_id(value)) return "--node-id is 1 to 64 letters, digits, '.', '_' or '-', not '" + value + "'";
    c.node_id = value;
  } else if (flag == "--bus") {
    if (value.rfind("nats://", 0) != 0 || value.size() == 7) return "--bus is nats://HOST:PORT, not '" + value + "'";
    c.bus = value;
  } else if (flag == "--lease-seconds") {
    return set_number(c.lease_seconds, flag, value, 2, 300);
  } else if (flag == "--forward-timeout-seconds") {
    return set_number(c.forward_timeout_seconds, flag, value, 1, 60);
  } else if (flag == "--test-bus-deaf") {
    if (value.rfind("arena.", 0) != 0) return "--test-bus-deaf is a subject of the bus (arena.…), not '" + value + "'";
    c.test_bus_deaf = value;
  } else if (flag == "--static-dir") {
    c.static_dir = value;
  } else if (flag == "--log-level") {
    for (auto level : {"trace", "debug", "info", "warn", "error", "off"})
      if (value == level) {
        c.log_level = value;
        return {};
      }
    return "--log-level must be trace, debug, info, warn, error or off";
  } else if (flag == "--threads") {
    return set_number(c.threads, flag, value, 1, 64);
  } else if (flag == "--bot-threads") {
    return set_number(c.bot_threads, flag, value, 1, 64);
  } else if (flag == "--public-origin") {
    return add_items(c.public_origins, value, from_env, normalize_origin,
                     "--public-origin must be like https://gipf.example.org or http://10.0.0.5:8080");
  } else if (flag == "--trusted-proxy") {
    return add_items(c.trusted_proxies, value, from_env, canonical_ip,
                     "--trusted-proxy must be an IP address like 127.0.0.1 or ::1");
  } else if (flag == "--max-connections-per-address") {
    return set_number(l.max_connections_per_address, flag, value, 1, 1000000);
  } else if (flag == "--max-new-players-per-address") {
    return set_number(l.max_new_players_per_address, flag, value, 1, 1000000);
  } else if (flag == "--rated-takebacks") {
    if (value == "1" || value == "true") l.rated_takebacks = true;
    else if (value == "0" || value == "false") l.rated_takebacks = false;
    else return "--rated-takebacks is 1/true or 0/false";
  } else if (flag == "--max-api-streams") {
    return set_number(l.max_api_streams, flag, value, 1, 1000000);
  } else if (flag == "--max-open-rooms") {
    return set_number(l.max_open_rooms_per_player, flag, value, 1, 1000);
  } else if (flag == "--open-room-ttl") {
    int seconds = 0;
    if (auto error = set_number(seconds, flag, value, 1, 7 * 24 * 3600); !error.empty()) return error;
    l.open_room_ttl = std::chrono::seconds(seconds);
  } else if (flag == "--keep-closed") {
    int seconds = 0;
    if (auto error = set_number(seconds, flag, value, 1, 24 * 3600); !error.empty()) return error;
    l.keep_closed = std::chrono::seconds(seconds);
  } else if (flag == "--first-action-seconds") {
    int seconds = 0;
    if (auto error = set_number(seconds, flag, value, 1, 3600); !error.empty()) return error;
    l.first_action = std::chrono::seconds(seconds);
  } else if (flag == "--claim-after-seconds") {
    int seconds = 0;
    if (auto error = set_number(seconds, flag, value, 1, 3600); !error.empty()) return error;
    l.claim_after = std::chrono::seconds(seconds);
  } else if (flag == "--abandon-days") {
    return set_number(l.abandon_days, flag, value, 1, 3650);
  } else if (flag == "--test-clock") {
    if (value == "1" || value == "true") c.test_clock = true;
    else if (value == "0" || value == "false") c.test_clock = false;
    else return "--test-clock is 1/true or 0/false";
  } else if (flag == "--message-rate") {
    return set_rate(l.messages_per_second, flag, value);
  } else if (flag == "--guest-chat") {
    if (value != "all" && value != "casual" && value != "none") return "--guest-chat is all, casual or none";
    c.guest_chat = value;
  } else if (flag == "--secure-cookies") {
    if (value == "1" || value == "true") c.secure_cookies = true;
    else if (value == "0" || value == "false") c.secure_cookies = false;
    else return "--secure-cookies is 1/true or 0/false";
  } else if (flag == "--smtp") {
    if (value.rfind("smtp://", 0) != 0 && value.rfind("smtps://", 0) != 0)
      return "--smtp is smtp://[USER:PASSWORD@]HOST:PORT or smtps://…";
    if (value.find_first_of(" \r\n\t") != std::string::npos) return "--smtp may not hold spaces";
    c.mail.smtp = value;
  } else if (flag == "--mail-from") {
    if (!valid_mail_address(value)) return "--mail-from must be an address like arena@example.org";
    c.mail.from = value;
  } else if (flag == "--mail-per-hour") {
    return set_number(c.mail.per_hour, flag, value, 1, 1000000);
  } else if (flag == "--mail-per-account-hour") {
    return set_number(c.mail.per_account_hour, flag, value, 1, 1000);
  } else if (flag == "--mail-retry-ms") {
    return set_number(c.mail.retry_ms, flag, value, 1, 3600 * 1000);
  } else if (flag == "--mail-gather-seconds") {
    return set_number(c.mail.gather_seconds, flag, value, 0, 24 * 3600);
  } else if (flag == "--message-burst") {
    if (auto error = set_rate(l.message_burst, flag, value); !error.empty()) return error;
    if (l.message_burst < 1) return "--message-burst must be at least 1";
  }
  return {};
}

}  // namespace

std::string normalize_origin(const std::string& text) {
  std::string s = text;
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  std::string rest;
  for (std::string scheme : {"http://", "https://"})
    if (s.rfind(scheme, 0) == 0) rest = s.substr(scheme.size());
  if (rest.empty()) return {};
  for (char ch : rest) {
    bool ok = std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-' || ch == ':' || ch == '[' || ch == ']';
    if (!ok) return {};
  }
  return s;
}

ConfigResult parse_config(const std::vector<std::string>& args, std::optional<std::string> (*env)(const char*)) {
  ConfigResult r;
  for (const Option& o : kOptions) {
    if (auto value = env(o.env)) {
      if (auto error = set(r.config, o.flag, *value, true); !error.empty()) {
        r.error = std::string(o.env) + ": " + error;
        return r;
      }
    }
  }
  // Flags win: the first --public-origin (--trusted-proxy) drops the variable's list.
  bool origins_from_flags = false, proxies_from_flags = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    if (arg == "--help" || arg == "-h") {
      r.show_help = true;
      return r;
    }
    std::string value;
    auto eq = arg.find('=');
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    }
    const Option* option = nullptr;
    for (const Option& o : kOptions)
      if (arg == o.flag) option = &o;
    if (!option) {
      r.error = "unknown argument '" + args[i] + "'";
      return r;
    }
    if (option->is_switch && eq == std::string::npos) {
      value = "true";
    } else if (eq == std::string::npos) {
      if (i + 1 >= args.size()) {
        r.error = arg + " needs a value";
        return r;
      }
      value = args[++i];
    }
    if (arg == "--public-origin" && !origins_from_flags) {
      r.config.public_origins.clear();
      origins_from_flags = true;
    }
    if (arg == "--trusted-proxy" && !proxies_from_flags) {
      r.config.trusted_proxies.clear();
      proxies_from_flags = true;
    }
    if (auto error = set(r.config, arg, value, false); !error.empty()) {
      r.error = error;
      return r;
    }
  }
  bool postgres = r.config.db.rfind("postgres://", 0) == 0 || r.config.db.rfind("postgresql://", 0) == 0;
  if (!r.config.bus.empty() && !postgres) r.error = "--bus needs a --store postgres://…: the nodes of a site share one database";
  if (!r.config.mail.smtp.empty() && r.config.mail.from.empty()) r.error = "--smtp needs --mail-from";
  if (!r.config.mail.smtp.empty() && r.config.public_origins.empty())
    r.error = "--smtp needs --public-origin: the mails' links start with it";
  return r;
}

std::string help_text(const std::string& default_static_dir) {
  std::string out =
      "usage: gipf-arena [OPTIONS]\n\n"
      "GIPF Arena: play GIPF and YINSH in the browser. Serves the web client and the\n"
      "game protocol (WebSocket at /ws) on one port; keeps every game in SQLite.\n\n"
      "Options (each also read from the environment variable shown; flags win):\n";
  const std::string indent(32, ' ');
  for (const Option& o : kOptions) {
    std::string flag = std::string("  ") + o.flag + (o.is_switch ? "" : " VALUE");
    if (flag.size() >= indent.size()) {
      out += flag + "\n" + indent;
    } else {
      flag.resize(indent.size(), ' ');
      out += flag;
    }
    bool first = true;
    for (std::string_view line : engine::split(o.help, "\n")) {
      out += (first ? "" : indent) + std::string(line) + "\n";
      first = false;
    }
    out += indent + "[" + o.env + "]\n";
  }
  out += "  --help                        this text\n\nThe web client's files default to " + default_static_dir + "\n";
  out += "\nAccounts are managed with 'gipf-arena admin ...' (see 'gipf-arena admin --help').\n";
  out += "\nFor operators: GET /api/health (alive), GET /api/ready (200 when serving, 503 while\n"
         "starting or stopping), GET /metrics (Prometheus text). SIGTERM or SIGINT closes every\n"
         "WebSocket with 1012 (service restart) and exits 0.\n";
  return out;
}

}  // namespace arena
