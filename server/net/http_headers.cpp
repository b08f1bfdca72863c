#include "net/http_headers.hpp"

#include <algorithm>

namespace arena {
namespace {

constexpr auto npos = std::string_view::npos;

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool iequal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
           return lower(x) == lower(y);
         });
}

// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), in thousandths; -1 when malformed.
int parse_q(std::string_view v) {
  if (v.empty() || (v[0] != '0' && v[0] != '1')) return -1;
  int whole = v[0] - '0';
  if (v.size() == 1) return whole * 1000;
  if (v[1] != '.' || v.size() > 5) return -1;
  int fraction = 0, scale = 100;
  for (char c : v.substr(2)) {
    if (c < '0' || c > '9') return -1;
    fraction += (c - '0') * scale;
    scale /= 10;
  }
  if (whole == 1 && fraction != 0) return -1;
  return whole * 1000 + fraction;
}

// The q of a coding's parameters (";q=0.5;..."): 1000 when absent, -1 when malformed.
int quality(std::string_view params) {
  int q = 1000;
  while (!params.empty()) {
    params.remove_prefix(1);  // the ';'
    auto next = params.find(';');
    std::string_view param = trim(params.substr(0, next));
    params = next == npos ? std::string_view() : params.substr(next);
    auto eq = param.find('=');
    if (eq == npos || !iequal(trim(param.substr(0, eq)), "q")) continue;
    q = parse_q(trim(param.substr(eq + 1)));
    if (q < 0) return -1;
  }
  return q;
}

}  // namespace

bool accepts_gzip(std::string_view header) {
  int gzip = -1, any = -1;  // the best q given, -1: not listed
  while (!header.empty()) {
    auto comma = header.find(',');
    std::string_view element = header.substr(0, comma);
    header = comma == npos ? std::string_view() : header.substr(comma + 1);
    auto semi = element.find(';');
    std::string_view coding = trim(element.substr(0, semi));
    int q = std::max(semi == npos ? 1000 : quality(element.substr(semi)), 0);  // malformed: refused
    if (iequal(coding, "gzip") || iequal(coding, "x-gzip")) gzip = std::max(gzip, q);
    else if (coding == "*") any = std::max(any, q);
  }
  return (gzip >= 0 ? gzip : any) > 0;
}

bool etag_listed(std::string_view header, std::string_view etag) {
  auto opaque = [](std::string_view tag) { return tag.substr(0, 2) == "W/" ? tag.substr(2) : tag; };
  const std::string_view mine = opaque(etag);
  if (trim(header) == "*") return true;
  // Entity tags may hold commas, so the list is read tag by tag, not split.
  while (true) {
    while (!header.empty() && (is_space(header.front()) || header.front() == ',')) header.remove_prefix(1);
    if (header.empty()) return false;
    header = opaque(header);
    if (header.empty() || header.front() != '"') return false;
    auto close = header.find('"', 1);
    if (close == npos) return false;
    if (header.substr(0, close + 1) == mine) return true;
    header.remove_prefix(close + 1);
    if (!header.empty() && !is_space(header.front()) && header.front() != ',') return false;
  }
}

}  // namespace arena
