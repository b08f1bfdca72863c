#include "protocol/name_skeleton.hpp"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

namespace protocol {
namespace {

// The USpoofChecker is made per call, and only for a name with a character
// outside ASCII: uspoof_open + uspoof_close measured 0.7 µs (ICU 72; ICU loads
// its confusables data once and caches it itself), less than the skeleton of
// two characters, so no checker outlives the call and protocol/ keeps no state.
struct CloseChecker {
  void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};
using Checker = std::unique_ptr<USpoofChecker, CloseChecker>;

Checker open_checker() {
  UErrorCode status = U_ZERO_ERROR;
  Checker checker(uspoof_open(&status));
  if (U_FAILURE(status)) throw std::runtime_error(std::string("uspoof_open: ") + u_errorName(status));
  return checker;
}

void append_utf8(std::string& out, UChar32 c) {
  char buffer[U8_MAX_LENGTH];
  int32_t length = 0;
  U8_APPEND_UNSAFE(buffer, length, c);
  out.append(buffer, static_cast<std::size_t>(length));
}

bool is_mark(UChar32 c) { return (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0; }

// The UTS #39 skeleton of one character (ICU's confusables, "MA" data), in
// lower case and without combining marks ("ł" is "l" + U+0338).
std::u32string character_skeleton(const USpoofChecker* checker, UChar32 c) {
  UChar in[U16_MAX_LENGTH];
  int32_t length = 0;
  U16_APPEND_UNSAFE(in, length, c);
  UChar skeleton[64];  // the longest mapping of a character is 18 UTF-16 units
  UErrorCode status = U_ZERO_ERROR;
  int32_t size = uspoof_getSkeleton(checker, 0, in, length, skeleton, std::size(skeleton), &status);
  std::u32string out;
  if (U_FAILURE(status)) return out += static_cast<char32_t>(c);
  for (int32_t i = 0; i < size;) {
    UChar32 d;
    U16_NEXT(skeleton, i, size, d);
    if (!is_mark(d)) out += static_cast<char32_t>(u_tolower(d));
  }
  return out;
}

bool latin_letters_or_digits(const std::u32string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  });
}

// UTS #39 skeletons are case-sensitive ("к" is like "ĸ", "К" like "K"); names
// are compared without case, so a character that looks like Latin letters in
// either case takes those: its lower case's skeleton when that is Latin, else
// its upper case's when that is, else its lower case's.
std::u32string look_alike(const USpoofChecker* checker, UChar32 lower) {
  // Two that ICU's confusables leave out and the table before them had: ω
  // (and Ω, lower-cased) reads as w, ґ as r in a name. Measured: of 61
  // characters the table mapped to ASCII and ICU does not, only these pass
  // for a Latin letter at a glance.
  if (lower == 0x03C9) return U"w";
  if (lower == 0x0491) return U"r";
  std::u32string skeleton = character_skeleton(checker, lower);
  if (latin_letters_or_digits(skeleton)) return skeleton;
  UChar32 upper = u_toupper(lower);
  if (upper != lower) {
    std::u32string of_upper = character_skeleton(checker, upper);
    if (latin_letters_or_digits(of_upper)) return of_upper;
  }
  return skeleton;
}

// Steps 1 and 2 (name_skeleton.hpp) of valid UTF-8; false when `name` is not.
bool unicode_steps(std::string_view name, std::string& out) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, name.data(), static_cast<int32_t>(name.size()), &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return false;
  std::u16string utf16(static_cast<std::size_t>(length), u'\0');
  status = U_ZERO_ERROR;
  u_strFromUTF8(utf16.data(), length, nullptr, name.data(), static_cast<int32_t>(name.size()), &status);
  if (U_FAILURE(status)) return false;

  status = U_ZERO_ERROR;
  const UNormalizer2* nfkd = unorm2_getNFKDInstance(&status);  // owned by ICU, never closed
  if (U_FAILURE(status)) throw std::runtime_error(std::string("NFKD: ") + u_errorName(status));
  int32_t size = unorm2_normalize(nfkd, utf16.data(), length, nullptr, 0, &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status))
    throw std::runtime_error(std::string("NFKD: ") + u_errorName(status));
  std::u16string normal(static_cast<std::size_t>(size), u'\0');
  status = U_ZERO_ERROR;
  unorm2_normalize(nfkd, utf16.data(), length, normal.data(), size, &status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("NFKD: ") + u_errorName(status));

  Checker checker;  // opened at the first character outside ASCII
  for (int32_t i = 0; i < size;) {
    UChar32 c;
    U16_NEXT(normal.data(), i, size, c);
    if (is_mark(c) || c == ' ' || c == '_' || c == '-' || c == '.') continue;
    c = u_tolower(c);
    if (c < 0x80) {
      out += static_cast<char>(c);  // ASCII as it is: usernames' skeletons stay those of migrations/009_trust.sql
      continue;
    }
    if (!checker) checker = open_checker();
    for (char32_t d : look_alike(checker.get(), c)) append_utf8(out, static_cast<UChar32>(d));
  }
  return true;
}

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
  std::string out;
  if (!unicode_steps(name, out)) out.assign(name);
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
