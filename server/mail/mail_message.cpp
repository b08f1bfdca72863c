#include "mail/mail_message.hpp"

#include <algorithm>
#include <sodium.h>
#include <string_view>

#include "util/clock.hpp"
#include "util/sodium.hpp"

namespace arena {
namespace {

// Base64 (RFC 4648, with padding) by libsodium; `wrap`: in lines of 76
// characters, each ended by CRLF, as a MIME body (RFC 2045, 6.8).
std::string base64(std::string_view data, bool wrap) {
  ensure_sodium();
  constexpr int kVariant = sodium_base64_VARIANT_ORIGINAL;
  std::string encoded(sodium_base64_ENCODED_LEN(data.size(), kVariant), '\0');  // with its terminating NUL
  sodium_bin2base64(encoded.data(), encoded.size(), reinterpret_cast<const unsigned char*>(data.data()), data.size(),
                    kVariant);
  encoded.pop_back();
  if (!wrap) return encoded;
  constexpr std::size_t kLine = 76;
  std::string out;
  out.reserve(encoded.size() + (encoded.size() / kLine + 1) * 2);
  for (std::size_t i = 0; i < encoded.size(); i += kLine) (out += std::string_view(encoded).substr(i, kLine)) += "\r\n";
  return out;
}

bool ascii_printable(std::string_view text) {
  for (unsigned char c : text)
    if (c < 0x20 || c > 0x7e) return false;
  return true;
}

// The length of the UTF-8 character at text[i]: its lead byte's count, cut
// short where the continuation bytes stop (a malformed byte is one character).
std::size_t utf8_length(std::string_view text, std::size_t i) {
  auto lead = static_cast<unsigned char>(text[i]);
  std::size_t n = lead < 0xc0 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf8 ? 4 : 1;
  std::size_t k = 1;
  while (k < n && i + k < text.size() && (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80) ++k;
  return k;
}

// A header's text after `prefix` characters of its line ("Subject: " is 9): as
// is when printable ASCII that fits a line of 78; else RFC 2047 encoded words
// (=?UTF-8?B?...?=) of at most 75 characters, each on its own line (folded by
// CRLF SP, so no line passes 78) and each holding whole UTF-8 characters. A
// reader drops the folding between adjacent encoded words (RFC 2047, 6.2), so
// the words decode to the text exactly. Encoding also keeps CR, LF and other
// control characters from ever reaching the header raw.
std::string header_text(std::string_view text, std::size_t prefix) {
  constexpr std::size_t kLine = 78, kWord = 75, kFrame = 12;  // "=?UTF-8?B?" + "?="
  if (ascii_printable(text) && prefix + text.size() <= kLine) return std::string(text);
  // Bytes per word: the most whose base64 (4 characters per 3 bytes, padded) fits in the line.
  auto capacity = [&](std::size_t line_left) { return (std::min(kWord, line_left) - kFrame) / 4 * 3; };
  std::size_t room = capacity(prefix + 20 <= kLine ? kLine - prefix : 20);  // 20: room for one 4-byte character
  std::string out;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = begin;
    while (end < text.size()) {
      std::size_t n = utf8_length(text, end);
      if (end + n - begin > room) break;
      end += n;
    }
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(text.substr(begin, end - begin), false) + "?=";
    begin = end;
    room = capacity(kLine - 1);  // continuation lines begin with the folding SP
  }
  return out;
}

std::string rfc5322_date(std::int64_t now_ms) { return utc_text(now_ms, "%a, %d %b %Y %H:%M:%S +0000"); }

}  // namespace

bool valid_mail_address(const std::string& a) {
  if (a.size() < 3 || a.size() > 254) return false;
  auto at = a.find('@');
  if (at == std::string::npos || at == 0 || at + 1 >= a.size() || a.find('@', at + 1) != std::string::npos) return false;
  if (a.find('.', at) == std::string::npos || a.back() == '.') return false;
  for (unsigned char c : a)
    if (c <= 0x20 || c >= 0x7f || c == '<' || c == '>' || c == '"' || c == ',' || c == '(' || c == ')' || c == ';' ||
        c == ':' || c == '\\' || c == '[' || c == ']')
      return false;
  return true;
}

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string compose_mail(const OutboxMail& m, const std::string& from, std::int64_t now, const std::string& boundary) {
  std::string domain = from.substr(from.find('@') + 1);
  std::string out;
  out += "From: GIPF Arena <" + from + ">\r\n";
  out += "To: <" + m.to + ">\r\n";
  const std::string subject = "Subject: ";
  out += subject + header_text(m.subject, subject.size()) + "\r\n";
  out += "Date: " + rfc5322_date(now) + "\r\n";
  out += "Message-ID: <outbox-" + std::to_string(m.id) + "." + boundary.substr(0, 16) + "@" + domain + ">\r\n";
  out += "Auto-Submitted: auto-generated\r\n";
  if (!m.unsubscribe_url.empty()) {
    out += "List-Unsubscribe: <" + m.unsubscribe_url + ">\r\n";
    out += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  }
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: multipart/alternative; boundary=\"" + boundary + "\"\r\n\r\n";
  out += "--" + boundary + "\r\n";
  out += "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n";
  out += base64(m.text, true);
  out += "--" + boundary + "\r\n";
  out += "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n";
  out += base64(m.html, true);
  out += "--" + boundary + "--\r\n";
  return out;
}

}  // namespace arena
