#include "mail/mail_message.hpp"

#include <ctime>

namespace arena {
namespace {

std::string base64(const std::string& data, bool wrap) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t line = 0;
  for (std::size_t i = 0; i < data.size(); i += 3) {
    unsigned n = static_cast<unsigned char>(data[i]) << 16;
    if (i + 1 < data.size()) n |= static_cast<unsigned char>(data[i + 1]) << 8;
    if (i + 2 < data.size()) n |= static_cast<unsigned char>(data[i + 2]);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += i + 1 < data.size() ? kAlphabet[(n >> 6) & 63] : '=';
    out += i + 2 < data.size() ? kAlphabet[n & 63] : '=';
    line += 4;
    if (wrap && line >= 76) {
      out += "\r\n";
      line = 0;
    }
  }
  if (wrap && line > 0) out += "\r\n";
  return out;
}

bool ascii_printable(const std::string& text) {
  for (unsigned char c : text)
    if (c < 0x20 || c > 0x7e) return false;
  return true;
}

// A header's text: as is when printable ASCII, else an RFC 2047 encoded word.
std::string header_text(const std::string& text) {
  if (ascii_printable(text)) return text;
  return "=?UTF-8?B?" + base64(text, false) + "?=";
}

std::string rfc5322_date(std::int64_t now_ms) {
  std::time_t t = static_cast<std::time_t>(now_ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[64];
  std::strftime(buffer, sizeof buffer, "%a, %d %b %Y %H:%M:%S +0000", &tm);
  return buffer;
}

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
  out += "Subject: " + header_text(m.subject) + "\r\n";
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
