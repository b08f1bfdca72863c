#include "util/secure_random.hpp"

#include <cerrno>
#include <stdexcept>
#include <sys/random.h>

namespace arena {

void random_bytes(void* out, std::size_t size) {
  auto* p = static_cast<unsigned char*>(out);
  while (size > 0) {
    ssize_t n = getrandom(p, size, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed");
    }
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

std::string random_token() {
  static constexpr char kHex[] = "0123456789abcdef";
  unsigned char bytes[32];
  random_bytes(bytes, sizeof bytes);
  std::string token;
  for (unsigned char b : bytes) {
    token += kHex[b >> 4];
    token += kHex[b & 15];
  }
  return token;
}

std::string random_room_id() {
  static constexpr char kAlphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";  // 32 letters, no l o 0 1
  unsigned char bytes[26];
  random_bytes(bytes, sizeof bytes);
  std::string id;
  for (unsigned char b : bytes) id += kAlphabet[b & 31];  // 32 divides 256: unbiased
  return id;
}

std::string random_node_id() {
  unsigned char bytes[4];
  random_bytes(bytes, sizeof bytes);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id = "node-";
  for (unsigned char b : bytes) (id += kHex[b >> 4]) += kHex[b & 15];
  return id;
}

bool random_bool() {
  unsigned char b;
  random_bytes(&b, 1);
  return b & 1;
}

}  // namespace arena
