#pragma once
// The session cookie `arena_session` (PROTOCOL.md, Accounts): reading it from a
// request's Cookie headers and writing the Set-Cookie that gives or clears it.
#include <chrono>
#include <string>
#include <string_view>

namespace arena {

inline constexpr std::string_view kSessionCookie = "arena_session";
inline constexpr std::chrono::hours kSessionLifetime{24 * 30};

// The session token in a Cookie header's value, if it holds one that is well
// formed (64 lower-case hex digits); "" otherwise.
std::string session_from_cookies(std::string_view cookie_header);
// The Set-Cookie value that gives `token`, or that clears the cookie (token "").
std::string session_set_cookie(const std::string& token, bool secure);

}  // namespace arena
