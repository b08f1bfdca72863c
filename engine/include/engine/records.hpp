#pragma once
// Games in and out (#44), for either game: the formats a finished game is
// written in, and the reading of a record in any of them (PROTOCOL.md,
// Records).
//   arena     the arena's own record (RULES.md §4.3): tags, then the turns
//   official  the published score sheet of the GIPF project: the turns alone,
//             numbered as the sheets are (YINSH every turn, "24.a2-h9"; GIPF
//             a pair, "12.e1-e2 i1-h2"), a turn's parts joined by ';', the
//             result last; its complete form writes every action, its short
//             form leaves out those the rules forced (a single option)
//   sgf       boardspace.net's game file (engine/yinsh/boardspace.hpp,
//             engine/gipf/boardspace.hpp); not a GIPF game with a handicap,
//             which boardspace cannot hold
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/registry.hpp"
#include "engine/sgf.hpp"  // kMaxSgfBytes: the largest record read

namespace engine {

enum class RecordFormat { Arena, Official, Sgf };
std::optional<RecordFormat> parse_record_format(std::string_view name);
std::string_view record_format_name(RecordFormat format);

struct RecordPlayers {
  std::string white, black;
  std::vector<RecordTag> tags;  // further tags of the arena record (site, room, date)
};

struct WrittenRecord {
  std::string text;
  std::string error;  // the format cannot hold this game (a GIPF handicap in boardspace's files)
  bool ok() const { return error.empty(); }
};
WrittenRecord write_record(const AnyGame& game, RecordFormat format, const RecordPlayers& players, bool short_form = false);

// An analysis tree (TreeMove) from `start` as boardspace's SGF with variations:
// each leaf's line written by the game's own writer, the files merged into one
// tree (shared nodes once, the first children the main line). Replays the
// line of every leaf: the caller bounds the tree.
struct WrittenTree {
  std::string text;
  std::string error;
  bool unavailable = false;  // the format cannot hold it: a start that is no game's first position, a handicap
  bool illegal = false;      // a move refused by the rules (else the tree's shape is refused)
  int at = -1;               // the move refused
  bool ok() const { return error.empty(); }
};
WrittenTree write_sgf_tree(const AnyGame& start, const std::vector<TreeMove>& moves, const RecordPlayers& players,
                           std::string_view name = "");

struct ReadRecord {
  std::optional<AnyGame> game;
  RecordFormat format = RecordFormat::Arena;
  std::string white, black;          // names as the record gives them ("" when it names none)
  std::vector<RecordTag> tags;       // the arena record's other tags
  // On failure: the move (turn number, or boardspace's step), the text of
  // the step, and the reason; move 0 when the record as a whole is wrong.
  int move = 0;
  std::string step;
  std::string error;
  bool ok() const { return error.empty(); }
};
// Detects the format (an SGF game tree starts with '('; an arena record has
// a [Game "…"] tag; anything else is read as the official score sheet, which
// names no game: `options` must) and replays the record step by step.
ReadRecord read_record(std::string_view text, const std::optional<GameOptions>& options);

}  // namespace engine
