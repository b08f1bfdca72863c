#pragma once
// gzip (RFC 1952) compression of a whole buffer, for the static files; the only
// code that uses zlib.
#include <optional>
#include <string>
#include <string_view>

namespace arena {

// `data` as one gzip member at the best compression (no name, time 0: the same
// bytes always give the same output), or nothing if zlib fails.
std::optional<std::string> gzip_compress(std::string_view data);

}  // namespace arena
