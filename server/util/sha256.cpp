#include "util/sha256.hpp"

#include <sodium.h>
#include <stdexcept>

namespace arena {
namespace {

// sodium_init() is idempotent and thread-safe; the function-local static runs
// it once per process (C++ guarantees the initialisation happens exactly once,
// even with concurrent callers) and later calls cost a load, not a lock.
void ensure_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium cannot be initialised");
}

}  // namespace

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
