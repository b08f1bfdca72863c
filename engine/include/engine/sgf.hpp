#pragma once
// Smart Game Format trees (#44), as boardspace.net writes its game files:
//
//    (;GM[24]VV[2]SU[Yinsh]P0[id "ann"]P1[id "bob"]
//    ; P0[1 place wr  G 2]TM[18012]
//    ; P0[2 Done ]
//    ...)
//
// A node is ';' and its properties, NAME[value][value]... with 1 to 3
// upper-case letters (or digits after the first: boardspace's P0, P1); inside a value '\' escapes the next character. A tree
// is '(' nodes subtrees ')'. Reading is bounded (kMaxSgfBytes, kMaxSgfNodes)
// and never throws: an error names the byte offset where it went wrong.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engine {

inline constexpr std::size_t kMaxSgfBytes = 2 * 1024 * 1024;
inline constexpr std::size_t kMaxSgfNodes = 20000;
inline constexpr int kMaxSgfNesting = 100;  // variations inside variations

struct SgfProperty {
  std::string name;
  std::vector<std::string> values;
  friend bool operator==(const SgfProperty&, const SgfProperty&) = default;
};

struct SgfNode {
  std::vector<SgfProperty> properties;  // in the file's order; a name may come more than once
  // The first value of the first property called `name`, or nullptr.
  const std::string* value(std::string_view name) const;
  friend bool operator==(const SgfNode&, const SgfNode&) = default;
};

struct SgfTree {
  std::vector<SgfNode> nodes;        // the sequence
  std::vector<SgfTree> variations;   // the subtrees after it; the first is the main line
  friend bool operator==(const SgfTree&, const SgfTree&) = default;
};

struct ParsedSgf {
  SgfTree tree;
  std::string error;  // empty on success
  std::size_t offset = 0;  // of the error
};

// A tree of actions (the analysis board's, #44), written as a game file with
// variations: each move an action chosen (the forced ones after it follow by
// themselves) after its parent (-1: the start; else an earlier move); siblings
// in order, the first of them the main line.
struct TreeMove {
  int parent = -1;
  std::string action;
};

// A game read from boardspace.net's file (engine/yinsh/boardspace.hpp,
// engine/gipf/boardspace.hpp), or where and why it was refused.
template <class Game>
struct BoardspaceFileRead {
  std::optional<Game> game;  // set on success
  std::string white, black;  // the players' names (P0/P1 id)
  std::string date;          // DT, as written
  // On failure: the step's number in the file (its sequence number, else its
  // node's), the step as written, and why it was refused.
  int step = 0;
  std::string text;
  std::string error;
  bool ok() const { return error.empty(); }
};

ParsedSgf parse_sgf(std::string_view text);
// The nodes of the main line: the sequence, then the first variation's, and so on.
std::vector<const SgfNode*> main_line(const SgfTree& tree);
// A value written between brackets: '\', '[' and ']' escaped.
std::string sgf_escape(std::string_view value);
// The tree as text: each node on its own line, variations in parentheses.
std::string print_sgf(const SgfTree& tree);

}  // namespace engine
