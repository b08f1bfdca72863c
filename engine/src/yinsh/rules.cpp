#include "engine/yinsh/rules.hpp"

namespace engine::yinsh {

std::vector<RecordTag> Rules::option_tags(const Options& options) {
  return {{"Variant", std::string(variant_name(options.variant))}};
}

Parsed<Options> Rules::options_from_tags(const RecordText& record) {
  const std::string* variant = record.tag("Variant");
  if (!variant) return {{}, "the record needs a Variant tag: normal or blitz"};
  auto v = parse_variant(*variant);
  if (!v) return {{}, "unknown YINSH variant " + excerpt(*variant) + ", expected normal or blitz"};
  return {Options{*v}, {}};
}

std::string Rules::describe_pending(const State& state) {
  const Pending& p = state.pending();
  std::string who(color_title(p.player));
  switch (p.kind) {
    case Pending::Kind::None: return "the game is over";
    case Pending::Kind::Place: return who + " must place a ring";
    case Pending::Kind::Move: return who + " must move a ring";
    case Pending::Kind::RemoveRow: return who + " must remove a row";
    case Pending::Kind::RemoveRing: return who + " must remove a ring";
  }
  return {};
}

}  // namespace engine::yinsh
