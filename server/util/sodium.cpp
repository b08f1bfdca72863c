#include "util/sodium.hpp"

#include <sodium.h>
#include <stdexcept>

namespace arena {

void ensure_sodium() {
  static const bool ready = sodium_init() >= 0;  // a function-local static: initialised exactly once
  if (!ready) throw std::runtime_error("libsodium cannot be initialised");
}

}  // namespace arena
