#pragma once
// Reading the request headers that pick and revalidate a static file's
// representation (RFC 9110 §12.5.3, §13.1.2). Pure: no Beast, no I/O, so they
// can be unit-tested alone. Several fields of one name are passed joined by ", ".
#include <string_view>

namespace arena {

// Whether an Accept-Encoding value accepts gzip: "gzip" or "x-gzip" with a
// nonzero q (default 1), else "*" with a nonzero q. Names are case-insensitive;
// "gzip;q=0" refuses it, and so does an element whose q is malformed. An empty
// value (or no header) is answered with identity, as browsers expect.
bool accepts_gzip(std::string_view accept_encoding);

// Whether an If-None-Match value names `etag` (a quoted entity tag such as
// "\"abc\""): "*", or a list of entity tags compared weakly (a W/ prefix on
// either side is ignored). Parsing stops at the first malformed element.
bool etag_listed(std::string_view if_none_match, std::string_view etag);

}  // namespace arena
