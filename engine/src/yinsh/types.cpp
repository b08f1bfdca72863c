#include "engine/yinsh/types.hpp"

namespace engine::yinsh {

std::optional<Variant> parse_variant(std::string_view name) {
  if (name == "normal") return Variant::Normal;
  if (name == "blitz") return Variant::Blitz;
  return std::nullopt;
}

}  // namespace engine::yinsh
