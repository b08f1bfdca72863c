#pragma once
// Reading the JSON bodies of HTTP requests (internal to protocol/): an object
// with only the allowed fields, text fields, a moderator's reason. Every
// failure is a BodyError with a stable code.
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/account_messages.hpp"

namespace protocol {

// The body as an object with only `allowed` fields, or why not.
inline std::variant<Json, BodyError> object_of(std::string_view body, const std::set<std::string_view>& allowed) {
  Json j = Json::parse(body.begin(), body.end(), nullptr, false);
  if (j.is_discarded()) return BodyError{"bad_json", "the body is not JSON"};
  if (!j.is_object()) return BodyError{"bad_json", "the body must be a JSON object"};
  for (auto& [key, value] : j.items())
    if (!allowed.count(key)) return BodyError{"bad_field", "unknown field '" + key + "'"};
  return j;
}

// The string field `name`, or an error; `required` false: "" when absent.
inline std::variant<std::string, BodyError> text_field(const Json& j, const char* name, bool required = true) {
  auto it = j.find(name);
  if (it == j.end()) {
    if (!required) return std::string();
    return BodyError{"bad_field", std::string("'") + name + "' is missing"};
  }
  if (!it->is_string()) return BodyError{"bad_field", std::string("'") + name + "' must be a string"};
  return it->get<std::string>();
}

// A moderator's reason: 1..200 code points of text, no control characters
// (the JSON parser has checked that it is UTF-8).
inline std::variant<std::string, BodyError> reason_field(const Json& j) {
  auto text = text_field(j, "reason");
  if (auto* e = std::get_if<BodyError>(&text)) return *e;
  std::string reason = std::move(std::get<std::string>(text));
  std::size_t points = 0;
  for (unsigned char c : reason) {
    if (c < 0x20 || c == 0x7f) return BodyError{"bad_field", "'reason' may not hold control characters"};
    if ((c & 0xC0) != 0x80) ++points;
  }
  if (points == 0 || points > kMaxReasonLength) return BodyError{"bad_field", "'reason' must have 1 to 200 characters"};
  return reason;
}

// Unwraps a field or returns its error from the enclosing function.
#define TAKE(var, expr)                                          \
  auto var##_taken = (expr);                                     \
  if (auto* e = std::get_if<BodyError>(&var##_taken)) return *e; \
  auto var = std::move(std::get<0>(var##_taken))

}  // namespace protocol
