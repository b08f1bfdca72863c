#pragma once
// SHA-256 (FIPS 180-4, computed by libsodium's crypto_hash_sha256), for storing
// player tokens as digests rather than as the credentials themselves.
#include <string>
#include <string_view>

namespace arena {

// The digest of `data` as 64 lower-case hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace arena
