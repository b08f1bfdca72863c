#pragma once
// libsodium before its first use (SHA-256, base64, Argon2id). sodium_init()
// is idempotent and thread-safe; this runs it once per process, and later
// calls cost a load, not a lock. Throws if libsodium cannot start.
namespace arena {

void ensure_sodium();

}  // namespace arena
