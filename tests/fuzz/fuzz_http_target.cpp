// libFuzzer target: the pure request-target helpers (server/http_target.hpp). The
// static path a target resolves to must stay under the root.
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "net/http_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view target(reinterpret_cast<const char*>(data), size);
  arena::Target t = arena::split_target(target);
  std::string joined = t.path;
  if (target.find('?') != std::string_view::npos) joined += "?" + t.query;
  if (joined != target || t.path.find('?') != std::string::npos) __builtin_trap();

  for (std::string_view key : {"status", "page", "per_page", ""}) {
    std::string value = arena::query_value(t.query, key);
    if (!value.empty() && t.query.find(value) == std::string::npos) __builtin_trap();
    if (auto n = arena::small_number(value, 1, 100000)) {
      int expected = -1;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), expected);
      if (ec != std::errc() || end != value.data() + value.size() || *n != expected || *n < 1 || *n > 100000)
        __builtin_trap();
    }
  }
  arena::small_number(target, 0, 999999);

  static const std::filesystem::path root = "/srv/web";
  std::filesystem::path file = arena::resolve_static_path(root, t.path);
  if (file.empty()) return 0;
  if (file.lexically_normal() != file) __builtin_trap();
  auto f = file.begin();
  for (auto r = root.begin(); r != root.end(); ++r, ++f)
    if (f == file.end() || *f != *r) __builtin_trap();
  if (f == file.end()) __builtin_trap();  // names something below the root, not the root
  for (; f != file.end(); ++f) {
    const std::string part = f->string();
    if (part.empty() || part == "." || part == ".." || part.front() == '.' || part.find('/') != std::string::npos)
      __builtin_trap();
  }
  return 0;
}
