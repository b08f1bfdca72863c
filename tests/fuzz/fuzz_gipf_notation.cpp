// libFuzzer target: GIPF action notation (engine/gipf/notation.hpp). Byte 0 picks
// the variant (and the basic game's handicap); see notation_fuzz.hpp for the rest.
#include <cstddef>
#include <cstdint>

#include "engine/gipf/rules.hpp"
#include "notation_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  using namespace engine::gipf;
  Options options;
  options.variant = static_cast<Variant>(data[0] % 3);
  if (options.variant == Variant::Basic) {
    options.extra[0] = static_cast<std::int8_t>((data[0] >> 2) & 3);
    options.extra[1] = static_cast<std::int8_t>((data[0] >> 4) & 3);
  }
  if (!validate(options).empty()) __builtin_trap();
  fuzz::play_lines<Rules>(options, std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  return 0;
}
