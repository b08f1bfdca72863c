#pragma once
// JSON to text for anything sent or stored. nlohmann's plain dump() throws on a
// string that is not valid UTF-8; text that reaches a message from outside
// (an HTTP target, a file name, a stored record) could be, so every frame and
// body is written with this instead: invalid bytes become U+FFFD, never an
// exception.
#include <nlohmann/json.hpp>
#include <string>

namespace protocol {

inline std::string to_text(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace protocol
