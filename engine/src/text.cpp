#include "engine/text.hpp"

namespace engine {

namespace {
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
}  // namespace

std::string_view read_coordinate(std::string_view text, std::size_t& pos) {
  std::size_t start = pos;
  if (pos >= text.size() || !is_letter(text[pos])) return {};
  std::size_t end = pos + 1;
  while (end < text.size() && is_digit(text[end])) ++end;
  if (end == pos + 1) return {};
  pos = end;
  return text.substr(start, end - start);
}

std::optional<Coordinate> parse_coordinate(std::string_view token) {
  if (token.size() < 2 || token.size() > 3 || !is_letter(token[0])) return std::nullopt;
  int number = 0;
  for (char c : token.substr(1)) {
    if (!is_digit(c)) return std::nullopt;
    number = number * 10 + (c - '0');
  }
  if (token[1] == '0') return std::nullopt;  // no leading zeros
  char letter = token[0] >= 'A' && token[0] <= 'Z' ? static_cast<char>(token[0] - 'A' + 'a') : token[0];
  return Coordinate{letter - 'a', number};
}

std::string coordinate_name(int column, int number) {
  std::string name;
  name += static_cast<char>('a' + column);
  name += std::to_string(number);
  return name;
}

std::vector<std::string_view> split(std::string_view text, std::string_view separators) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || separators.find(text[i]) != std::string_view::npos) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

std::string_view trim(std::string_view text) {
  const char* space = " \t\r\n";
  auto first = text.find_first_not_of(space);
  if (first == std::string_view::npos) return {};
  auto last = text.find_last_not_of(space);
  return text.substr(first, last - first + 1);
}

std::string name_line(std::string_view text, std::size_t max_bytes) {
  std::string out(text.substr(0, max_bytes));
  // Back to the start of a character if the cut fell inside one.
  if (text.size() > max_bytes) {
    std::size_t end = out.size();
    while (end > 0 && (static_cast<unsigned char>(out[end - 1]) & 0xC0) == 0x80) --end;
    if (end > 0 && (static_cast<unsigned char>(out[end - 1]) & 0x80)) {
      const unsigned char lead = static_cast<unsigned char>(out[end - 1]);
      const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
      if (out.size() - (end - 1) < length) out.resize(end - 1);
    }
  }
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return out;
}

std::string excerpt(std::string_view text) {
  constexpr std::size_t kMax = 40;
  std::string out = "'";
  for (char c : text.substr(0, kMax)) out += (c >= 32 && c < 127) ? c : '?';
  if (text.size() > kMax) out += "...";
  return out + "'";
}

}  // namespace engine
