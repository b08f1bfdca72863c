#pragma once
// Game records (RULES.md §4.3), shared by both games:
//
//   [Game "gipf"]
//   [Variant "basic"]
//   [Result "1-0"]
//   [Termination "no-reserve"]
//
//   1. e1-e2 i5-h5
//   2. ...
//
// Tags first (PGN style), then the turns: whitespace or '/' separates turns, and an
// optional move number ("12." or "12...") before a turn must be the right one.
// GIPF numbers White+Black pairs; YINSH numbers every turn (odd White, even Black).
#include <string>
#include <string_view>
#include <vector>

#include "engine/text.hpp"

namespace engine {

enum class Numbering { PerPair, PerTurn };

struct RecordTag {
  std::string name;
  std::string value;
  friend bool operator==(const RecordTag&, const RecordTag&) = default;
};

struct RecordTurn {
  int line = 0;  // 1-based line in the text
  std::string text;
};

struct RecordText {
  std::vector<RecordTag> tags;
  std::vector<RecordTurn> turns;
  const std::string* tag(std::string_view name) const;
};

struct RecordError {
  int line = 0;
  std::string message;
  int turn = 0;      // the turn refused, from 1 (0: the record as a whole)
  std::string step;  // the action of it refused, as written
};

struct ParsedRecordText {
  RecordText record;
  RecordError error;  // error.message empty on success
};

ParsedRecordText parse_record_text(std::string_view text, Numbering numbering);
std::string print_record_text(const RecordText& record, Numbering numbering);

}  // namespace engine
