#pragma once
// Command-line flags and environment variables, with defaults.
#include <optional>
#include <string>
#include <vector>

namespace arena {

struct Config {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "gipf-arena.db";
  std::string static_dir;  // default: the repository's web-client/
  std::string log_level = "info";
  int threads = 2;
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

}  // namespace arena
