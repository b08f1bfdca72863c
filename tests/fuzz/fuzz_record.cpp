// libFuzzer target: game records (engine/record.hpp, engine/replay.hpp) of either
// game on any bytes. A record must be refused with a reason or replayed; a replayed
// record prints a canonical text that replays again and prints the same.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/gipf/rules.hpp"
#include "engine/replay.hpp"
#include "engine/yinsh/rules.hpp"

namespace {

template <class Rules>
void replay(std::string_view text) {
  auto first = engine::replay_record<Rules>(text);
  if (!first.ok()) return;
  if (!first.game) __builtin_trap();
  std::string printed = engine::print_record(*first.game, first.extra_tags);
  auto second = engine::replay_record<Rules>(printed);
  if (!second.ok() || !second.game) __builtin_trap();
  if (engine::print_record(*second.game, second.extra_tags) != printed) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // The text layer alone, as both numberings read it.
  for (auto numbering : {engine::Numbering::PerPair, engine::Numbering::PerTurn}) {
    auto parsed = engine::parse_record_text(text, numbering);
    if (parsed.error.message.empty()) engine::print_record_text(parsed.record, numbering);
  }
  replay<engine::gipf::Rules>(text);
  replay<engine::yinsh::Rules>(text);
  return 0;
}
