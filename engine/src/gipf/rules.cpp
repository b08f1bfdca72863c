#include "engine/gipf/rules.hpp"

namespace engine::gipf {
namespace {
constexpr std::string_view kExtraTags[2] = {"WhiteExtra", "BlackExtra"};
}

std::vector<RecordTag> Rules::option_tags(const Options& options) {
  std::vector<RecordTag> tags{{"Variant", std::string(variant_name(options.variant))}};
  for (Color c : {Color::White, Color::Black})
    if (options.extra[index(c)] != 0)
      tags.push_back({std::string(kExtraTags[index(c)]), std::to_string(options.extra[index(c)])});
  return tags;
}

bool Rules::is_option_tag(std::string_view name) {
  return name == "Variant" || name == kExtraTags[0] || name == kExtraTags[1];
}

Parsed<Options> Rules::options_from_tags(const RecordText& record) {
  Options options;
  const std::string* variant = record.tag("Variant");
  if (!variant) return {{}, "the record needs a Variant tag: basic, standard or tournament"};
  auto v = parse_variant(*variant);
  if (!v) return {{}, "unknown GIPF variant " + excerpt(*variant) + ", expected basic, standard or tournament"};
  options.variant = *v;
  for (Color c : {Color::White, Color::Black}) {
    const std::string* extra = record.tag(kExtraTags[index(c)]);
    if (!extra) continue;
    if (extra->size() != 1 || (*extra)[0] < '0' || (*extra)[0] > '3')
      return {{}, std::string(kExtraTags[index(c)]) + " must be 0, 1, 2 or 3"};
    options.extra[index(c)] = static_cast<std::int8_t>((*extra)[0] - '0');
  }
  auto problem = validate(options);
  if (!problem.empty()) return {{}, std::string(problem)};
  return {options, {}};
}

std::string Rules::describe_pending(const State& state) {
  const Pending& p = state.pending();
  std::string who(color_title(p.player));
  switch (p.kind) {
    case Pending::Kind::None: return "the game is over";
    case Pending::Kind::Push: return who + " must push";
    case Pending::Kind::Remove: return who + " must remove a row";
  }
  return {};
}

}  // namespace engine::gipf
