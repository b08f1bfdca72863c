#include "engine/gipf/types.hpp"

namespace engine::gipf {

std::optional<Variant> parse_variant(std::string_view name) {
  for (Variant v : {Variant::Basic, Variant::Standard, Variant::Tournament})
    if (variant_name(v) == name) return v;
  return std::nullopt;
}

std::string_view validate(const Options& options) {
  for (auto extra : options.extra) {
    if (extra < 0 || extra > kMaxExtraPieces) return "extra pieces must be between 0 and 3 per colour";
    if (extra != 0 && options.variant != Variant::Basic) return "extra pieces (handicap) exist only in the basic game";
  }
  return {};
}

}  // namespace engine::gipf
