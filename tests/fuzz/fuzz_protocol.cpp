// libFuzzer target: protocol::parse_client_message on any bytes. An accepted
// message must survive to_json → dump → parse unchanged; a refused one must give an
// error message that serialises.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = protocol::parse_client_message(text);
  if (auto* error = std::get_if<protocol::Error>(&parsed)) {
    std::string out = protocol::error_message(error->code, error->message, error->id).dump();
    if (out.empty()) __builtin_trap();
    return 0;
  }
  const auto& incoming = std::get<protocol::Incoming>(parsed);
  std::string again = protocol::to_json(incoming).dump();
  auto reparsed = protocol::parse_client_message(again);
  const auto* back = std::get_if<protocol::Incoming>(&reparsed);
  if (!back || back->id != incoming.id || !(back->message == incoming.message)) __builtin_trap();
  return 0;
}
