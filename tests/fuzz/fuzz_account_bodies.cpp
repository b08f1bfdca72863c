// libFuzzer target: the account and admin API's request bodies and the Cookie
// header on any bytes. Each parser must answer (a request or a BodyError with a
// code), never throw or crash; an accepted body's fields keep their bounds.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "account/session_cookie.hpp"
#include "protocol/account_messages.hpp"

namespace {

template <class T>
void check_error(const protocol::Parsed<T>& parsed) {
  if (auto* e = std::get_if<protocol::BodyError>(&parsed))
    if (e->code.empty() || e->message.empty()) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto signup = protocol::parse_signup(text);
  check_error(signup);
  if (auto* s = std::get_if<protocol::SignupRequest>(&signup))
    if (!protocol::valid_username(s->username) || s->password.size() < 8 || s->password.size() > 128) __builtin_trap();
  check_error(protocol::parse_login(text));
  check_error(protocol::parse_role_request(text));
  auto sanction = protocol::parse_sanction(text);
  check_error(sanction);
  if (auto* s = std::get_if<protocol::SanctionRequest>(&sanction))
    if (s->minutes < 1 || s->minutes > protocol::kMaxSanctionMinutes || s->reason.empty()) __builtin_trap();
  check_error(protocol::parse_abort(text));
  check_error(protocol::parse_adjudicate(text));
  check_error(protocol::parse_empty(text));
  std::string session = arena::session_from_cookies(text);
  if (!session.empty() && session.size() != 64) __builtin_trap();
  return 0;
}
