// libFuzzer target: YINSH action notation (engine/yinsh/notation.hpp). Byte 0 picks
// the variant; see notation_fuzz.hpp for the rest.
#include <cstddef>
#include <cstdint>

#include "engine/yinsh/rules.hpp"
#include "notation_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  using namespace engine::yinsh;
  Options options;
  options.variant = (data[0] & 1) ? Variant::Blitz : Variant::Normal;
  fuzz::play_lines<Rules>(options, std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  return 0;
}
