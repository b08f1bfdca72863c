#pragma once
// Reading an HTTP request target: the path and the query, query values, small
// numbers, and the static file a path names. Pure: no Beast, no Asio, no I/O (only
// std::filesystem::path building), so it can be unit-tested and fuzzed alone.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace arena {

// "/api/games?page=2" → {"/api/games", "page=2"}; no '?' → the whole target is the path.
struct Target {
  std::string path;
  std::string query;
};
Target split_target(std::string_view target);

// "a=1&b=2", "b" → "2"; empty when the key is absent or has no value.
std::string query_value(std::string_view query, std::string_view key);

// %XX decoded (a path segment's); a '%' not followed by two hex digits stays as it is.
std::string percent_decoded(std::string_view text);
// 1 to 6 decimal digits with a value in [low, high], or nothing.
std::optional<int> small_number(std::string_view text, int low, int high);
// The query's `key` as a number in [low, high]; `fallback` when absent; nothing when malformed.
std::optional<int> number_param(std::string_view query, std::string_view key, int fallback, int low, int high);

// The file under `root` that `path` names ("/" names index.html), or an empty path
// when it names none safely: not starting with '/', empty, "." or ".." segments or
// segments starting with '.', backslashes, '%', control characters.
std::filesystem::path resolve_static_path(const std::filesystem::path& root, std::string_view path);

}  // namespace arena
