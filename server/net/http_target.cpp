#include "net/http_target.hpp"

#include <cctype>

namespace arena {

Target split_target(std::string_view target) {
  auto question = target.find('?');
  if (question == std::string_view::npos) return {std::string(target), {}};
  return {std::string(target.substr(0, question)), std::string(target.substr(question + 1))};
}

std::string query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    auto amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    auto eq = pair.find('=');
    if (pair.substr(0, eq) == key) return eq == std::string_view::npos ? std::string() : std::string(pair.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return {};
}

std::string percent_decoded(std::string_view text) {
  auto hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
  auto value = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex(text[i + 1]) && hex(text[i + 2])) {
      out.push_back(static_cast<char>(value(text[i + 1]) * 16 + value(text[i + 2])));
      i += 2;
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

std::optional<int> small_number(std::string_view text, int low, int high) {
  if (text.empty() || text.size() > 6) return std::nullopt;
  int n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  if (n < low || n > high) return std::nullopt;
  return n;
}

std::filesystem::path resolve_static_path(const std::filesystem::path& root, std::string_view path) {
  if (path.empty() || path.front() != '/') return {};
  if (path == "/") path = "/index.html";
  for (char c : path)
    if (c == '\\' || c == '\0' || static_cast<unsigned char>(c) < 0x20 || c == '%') return {};
  std::filesystem::path file = root;
  // Segments between slashes; a single trailing slash ends the path (a directory).
  std::string_view rest = path.substr(1);
  while (!rest.empty()) {
    auto slash = rest.find('/');
    std::string_view segment = rest.substr(0, slash);
    if (segment.empty() || segment == "." || segment == ".." || segment.front() == '.') return {};
    file /= segment;
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  return file;
}

std::optional<int> number_param(std::string_view query, std::string_view key, int fallback, int low, int high) {
  std::string text = query_value(query, key);
  if (text.empty()) return fallback;
  return small_number(text, low, high);
}

}  // namespace arena
