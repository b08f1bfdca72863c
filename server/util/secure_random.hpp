#pragma once
// Secrets and unguessable ids straight from the OS CSPRNG (getrandom). Nothing
// here is seeded or kept between calls, so no output predicts another.
#include <cstddef>
#include <cstdint>
#include <string>

namespace arena {

// Fills `out` with `size` random bytes; throws std::runtime_error if the OS
// cannot (it does not fall back to anything weaker).
void random_bytes(void* out, std::size_t size);
// 64 lowercase hex digits: 256 bits, for player tokens.
std::string random_token();
// 26 characters of a 32-letter alphabet without look-alikes: 130 bits, for
// room ids (a private room's id is its invitation).
std::string random_room_id();
// A fair coin.
bool random_bool();
// "node-" and 8 lowercase hex digits: a node's name when none is configured.
std::string random_node_id();

}  // namespace arena
