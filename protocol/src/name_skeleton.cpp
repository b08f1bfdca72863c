#include "protocol/name_skeleton.hpp"

#include <unictype.h>
#include <unicase.h>
#include <uninorm.h>
#include <unistr.h>

#include <array>
#include <cstdlib>
#include <utility>

namespace protocol {
namespace {

// Lower-case look-alikes of Latin letters (after uc_tolower): Cyrillic,
// Greek, and Latin letters NFKD does not take apart.
constexpr std::array<std::pair<ucs4_t, char>, 44> kLookAlikes{{
    {0x0430, 'a'}, {0x0432, 'b'}, {0x0435, 'e'}, {0x043A, 'k'}, {0x043C, 'm'}, {0x043D, 'h'}, {0x043E, 'o'},
    {0x0440, 'p'}, {0x0441, 'c'}, {0x0442, 't'}, {0x0443, 'y'}, {0x0445, 'x'}, {0x0456, 'i'}, {0x0458, 'j'},
    {0x0455, 's'}, {0x04BB, 'h'}, {0x0501, 'd'}, {0x04CF, 'l'}, {0x051B, 'q'}, {0x051D, 'w'}, {0x0491, 'r'},
    {0x03B1, 'a'}, {0x03B2, 'b'}, {0x03B5, 'e'}, {0x03B6, 'z'}, {0x03B7, 'n'}, {0x03B9, 'i'}, {0x03BA, 'k'},
    {0x03BC, 'm'}, {0x03BD, 'v'}, {0x03BF, 'o'}, {0x03C1, 'p'}, {0x03C4, 't'}, {0x03C5, 'u'}, {0x03C7, 'x'},
    {0x03B3, 'y'}, {0x03C9, 'w'}, {0x03F2, 'c'}, {0x0131, 'i'}, {0x0142, 'l'}, {0x00F8, 'o'}, {0x0111, 'd'},
    {0x0127, 'h'}, {0x0269, 'i'},
}};

char ascii_look_alike(char c) {
  switch (c) {
    case '0': return 'o';
    case '1': return 'l';
    case 'i': return 'l';
    case '5': return 's';
    default: return c;
  }
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

}  // namespace

std::string name_skeleton(std::string_view name) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(name.data());
  std::string out;
  if (u8_check(bytes, name.size()) != nullptr) {
    out.assign(name);
  } else {
    std::size_t length = 0;
    std::uint8_t* nfkd = u8_normalize(UNINORM_NFKD, bytes, name.size(), nullptr, &length);
    if (!nfkd) {
      out.assign(name);
    } else {
      const std::uint8_t* at = nfkd;
      const std::uint8_t* end = nfkd + length;
      while (at < end) {
        ucs4_t c = 0;
        int n = u8_mbtouc(&c, at, static_cast<std::size_t>(end - at));
        at += n;
        if (uc_is_general_category(c, UC_CATEGORY_M) || c == ' ' || c == '_' || c == '-' || c == '.') continue;
        c = uc_tolower(c);
        bool mapped = false;
        for (auto [from, to] : kLookAlikes)
          if (c == from) {
            out += to;
            mapped = true;
            break;
          }
        if (mapped) continue;
        std::uint8_t buffer[6];
        int written = u8_uctomb(buffer, c, sizeof buffer);
        if (written > 0) out.append(reinterpret_cast<const char*>(buffer), static_cast<std::size_t>(written));
      }
      std::free(nfkd);
    }
  }
  for (char& c : out) c = ascii_look_alike(c);
  replace_all(out, "rn", "m");
  replace_all(out, "vv", "w");
  return out;
}

bool reserved_guest_name(std::string_view name) {
  const std::string skeleton = name_skeleton(name);
  for (std::string_view word : {"admin", "administrator", "moderator", "mod", "staff", "system", "server", "arena",
                                "gipfarena"})
    if (skeleton == name_skeleton(word)) return true;
  return false;
}

}  // namespace protocol
