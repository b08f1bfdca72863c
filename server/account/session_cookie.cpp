#include "account/session_cookie.hpp"

#include "engine/text.hpp"

namespace arena {

std::string session_from_cookies(std::string_view header) {
  for (std::string_view part : engine::split(header, ";")) {
    part = engine::trim(part);
    auto eq = part.find('=');
    if (eq == std::string_view::npos || engine::trim(part.substr(0, eq)) != kSessionCookie) continue;
    std::string_view value = engine::trim(part.substr(eq + 1));
    if (value.size() != 64) continue;
    bool hex = true;
    for (char c : value) hex = hex && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    if (hex) return std::string(value);
  }
  return {};
}

std::string session_set_cookie(const std::string& token, bool secure) {
  std::string cookie = std::string(kSessionCookie) + "=" + token + "; HttpOnly; SameSite=Lax; Path=/; Max-Age=";
  cookie += token.empty() ? "0" : std::to_string(std::chrono::duration_cast<std::chrono::seconds>(kSessionLifetime).count());
  if (secure) cookie += "; Secure";
  return cookie;
}

}  // namespace arena
