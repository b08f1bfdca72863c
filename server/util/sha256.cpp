#include "util/sha256.hpp"

#include <sodium.h>

#include "util/sodium.hpp"

namespace arena {

std::string sha256_hex(std::string_view data) {
  ensure_sodium();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(data.data()), data.size());
  std::string out(crypto_hash_sha256_BYTES * 2 + 1, '\0');  // sodium_bin2hex writes a terminating NUL
  sodium_bin2hex(out.data(), out.size(), digest, sizeof digest);
  out.pop_back();
  return out;
}

}  // namespace arena
