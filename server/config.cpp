#include "config.hpp"

#include <charconv>

namespace arena {
namespace {

struct Option {
  const char* flag;
  const char* env;
  const char* help;
};

constexpr Option kOptions[] = {
    {"--host", "GIPF_ARENA_HOST", "address to listen on (default 127.0.0.1)"},
    {"--port", "GIPF_ARENA_PORT", "TCP port, 0 for any free one (default 8080)"},
    {"--db", "GIPF_ARENA_DB", "SQLite database file, created if missing (default gipf-arena.db)"},
    {"--static-dir", "GIPF_ARENA_STATIC_DIR", "directory of the web client's files"},
    {"--log-level", "GIPF_ARENA_LOG_LEVEL", "trace, debug, info, warn, error or off (default info)"},
    {"--threads", "GIPF_ARENA_THREADS", "I/O threads (default 2)"},
};

std::optional<int> number(const std::string& text, int low, int high) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high) return std::nullopt;
  return value;
}

std::string set(Config& c, const std::string& flag, const std::string& value) {
  if (flag == "--host") {
    if (value.empty()) return "--host needs an address";
    c.host = value;
  } else if (flag == "--port") {
    auto n = number(value, 0, 65535);
    if (!n) return "--port must be a number from 0 to 65535";
    c.port = *n;
  } else if (flag == "--db") {
    if (value.empty()) return "--db needs a file name";
    c.db = value;
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
    auto n = number(value, 1, 64);
    if (!n) return "--threads must be a number from 1 to 64";
    c.threads = *n;
  }
  return {};
}

}  // namespace

ConfigResult parse_config(const std::vector<std::string>& args, std::optional<std::string> (*env)(const char*)) {
  ConfigResult r;
  for (const Option& o : kOptions) {
    if (auto value = env(o.env)) {
      if (auto error = set(r.config, o.flag, *value); !error.empty()) {
        r.error = std::string(o.env) + ": " + error;
        return r;
      }
    }
  }
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
    bool known = false;
    for (const Option& o : kOptions) known = known || arg == o.flag;
    if (!known) {
      r.error = "unknown argument '" + args[i] + "'";
      return r;
    }
    if (eq == std::string::npos) {
      if (i + 1 >= args.size()) {
        r.error = arg + " needs a value";
        return r;
      }
      value = args[++i];
    }
    if (auto error = set(r.config, arg, value); !error.empty()) {
      r.error = error;
      return r;
    }
  }
  return r;
}

std::string help_text(const std::string& default_static_dir) {
  std::string out =
      "usage: gipf-arena [OPTIONS]\n\n"
      "GIPF Arena: play GIPF and YINSH in the browser. Serves the web client and the\n"
      "game protocol (WebSocket at /ws) on one port; keeps every game in SQLite.\n\n"
      "Options (each also read from the environment variable shown; flags win):\n";
  for (const Option& o : kOptions) {
    std::string flag = std::string("  ") + o.flag + " VALUE";
    flag.resize(22, ' ');
    out += flag + o.help + "\n" + std::string(22, ' ') + "[" + o.env + "]\n";
  }
  out += "  --help              this text\n\nThe web client's files default to " + default_static_dir + "\n";
  return out;
}

}  // namespace arena
