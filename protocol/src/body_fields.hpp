#pragma once
// Reading the JSON bodies of HTTP requests (internal to protocol/): an object
// with only the allowed fields, text fields, a moderator's reason. Every
// failure is a BodyError with a stable code.
#include <cstdint>
#include <optional>
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

// Text of 1..`max_points` code points, no control characters (the JSON
// parser has checked that it is UTF-8): a reason, a ladder's name.
inline std::variant<std::string, BodyError> line_field(const Json& j, const char* name, std::size_t max_points) {
  auto text = text_field(j, name);
  if (auto* e = std::get_if<BodyError>(&text)) return *e;
  std::string line = std::move(std::get<std::string>(text));
  const std::string quoted = std::string("'") + name + "'";
  std::size_t points = 0;
  for (unsigned char c : line) {
    if (c < 0x20 || c == 0x7f) return BodyError{"bad_field", quoted + " may not hold control characters"};
    if ((c & 0xC0) != 0x80) ++points;
  }
  if (points == 0 || points > max_points)
    return BodyError{"bad_field", quoted + " must have 1 to " + std::to_string(max_points) + " characters"};
  return line;
}

// A moderator's reason.
inline std::variant<std::string, BodyError> reason_field(const Json& j) { return line_field(j, "reason", kMaxReasonLength); }

// A whole number from `low` to `high`; absent: `fallback`, or an error when there is none.
inline std::variant<std::int64_t, BodyError> integer_field(const Json& j, const char* name, std::int64_t low, std::int64_t high,
                                                           std::optional<std::int64_t> fallback) {
  auto it = j.find(name);
  if (it == j.end()) {
    if (fallback) return *fallback;
    return BodyError{"bad_field", std::string("'") + name + "' is missing"};
  }
  if (!it->is_number_integer() || it->get<std::int64_t>() < low || it->get<std::int64_t>() > high)
    return BodyError{"bad_field", std::string("'") + name + "' must be a whole number from " + std::to_string(low) + " to " +
                                      std::to_string(high)};
  return it->get<std::int64_t>();
}

// Unwraps a field or returns its error from the enclosing function.
#define TAKE(var, expr)                                          \
  auto var##_taken = (expr);                                     \
  if (auto* e = std::get_if<BodyError>(&var##_taken)) return *e; \
  auto var = std::move(std::get<0>(var##_taken))

}  // namespace protocol
