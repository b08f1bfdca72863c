#pragma once
// Text that came from a client, made safe for one log line: at most `max`
// bytes, printable ASCII kept, everything else (newlines, quotes, controls,
// bytes of any other UTF-8 or of none) written as \xNN.
#include <string>
#include <string_view>

namespace arena {

inline std::string log_text(std::string_view text, std::size_t max = 200) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < max; ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (text.size() > max) out += "...";
  return out;
}

}  // namespace arena
