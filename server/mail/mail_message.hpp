#pragma once
// An outbox mail as the RFC 5322 message libcurl sends: From, To, a Subject
// (RFC 2047 when not ASCII), Date, Message-ID, MIME multipart/alternative with
// a plain-text and an HTML part (base64, UTF-8), and when the mail has one, the
// List-Unsubscribe and List-Unsubscribe-Post headers of RFC 8058.
#include <cstdint>
#include <string>

#include "mail/mail_store.hpp"

namespace arena {

// `from`: the sender's address (--mail-from); `now`: ms since the epoch;
// `boundary`: a random MIME boundary.
std::string compose_mail(const OutboxMail& mail, const std::string& from, std::int64_t now, const std::string& boundary);

// For the HTML part: & < > " ' as entities.
std::string html_escape(const std::string& text);

// Whether `address` looks like an address mail can go to: local@domain, at most
// 254 bytes, printable ASCII without spaces, quotes, angle brackets or commas
// (nothing that could change an SMTP command or a header).
bool valid_mail_address(const std::string& address);

}  // namespace arena
