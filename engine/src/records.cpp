#include "engine/records.hpp"

#include <algorithm>
#include <array>

#include "engine/replay.hpp"
#include "engine/gipf/boardspace.hpp"
#include "engine/sgf.hpp"
#include "engine/yinsh/boardspace.hpp"

namespace engine {
namespace {

constexpr std::array<std::pair<RecordFormat, std::string_view>, 3> kFormats{{
    {RecordFormat::Arena, "arena"},
    {RecordFormat::Official, "official"},
    {RecordFormat::Sgf, "sgf"},
}};

bool is_result_token(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

// The score sheet: the turns (without the forced actions in the short form),
// numbered as Rules numbers them, then the result.
template <class Rules>
std::string official_sheet(const Game<Rules>& game, bool short_form) {
  std::vector<std::string> turns;
  for (const auto& s : game.steps()) {
    while (static_cast<int>(turns.size()) <= s.turn) turns.emplace_back();
    if (short_form && s.automatic) continue;
    std::string& turn = turns[static_cast<std::size_t>(s.turn)];
    if (!turn.empty()) turn += ';';
    turn += s.text;
  }
  std::string out;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    // A turn of forced actions only, left out in the short form: "-" keeps the numbering.
    const std::string& text = turns[i].empty() ? std::string("-") : turns[i];
    if (Rules::kNumbering == Numbering::PerTurn) {
      out += std::to_string(i + 1) + "." + text + "\n";
    } else if (i % 2 == 0) {
      out += std::to_string(i / 2 + 1) + "." + text + (i + 1 < turns.size() ? " " : "\n");
    } else {
      out += text + "\n";
    }
  }
  out += result_token(game.state().result()) + "\n";
  return out;
}

ReadRecord failed(RecordFormat format, int move, std::string step, std::string why) {
  ReadRecord out;
  out.format = format;
  out.move = move;
  out.step = std::move(step);
  out.error = std::move(why);
  return out;
}

// An arena record of the game named by its [Game] tag.
ReadRecord read_arena(std::string_view text, RecordFormat format) {
  auto head = parse_record_text(text, Numbering::PerTurn);
  const std::string* name = head.record.tag("Game");
  const GameInfo* info = name ? find_game(*name) : nullptr;
  if (!info) return failed(format, 0, "", "the record needs a tag [Game \"gipf\"] or [Game \"yinsh\"]");
  std::string problem;
  auto start = AnyGame::create({std::string(info->name), std::string(info->default_variant)}, problem);
  return std::visit(
      [&]<class Rules>(const Game<Rules>&) {
        auto replay = replay_record<Rules>(text);
        if (!replay.ok()) {
          const int turn = replay.error.turn;
          const int move = Rules::kNumbering == Numbering::PerTurn ? turn : (turn + 1) / 2;
          return failed(format, move, replay.error.step, replay.error.message);
        }
        ReadRecord out;
        out.format = format;
        for (const RecordTag& t : replay.extra_tags) {
          if (t.name == "White") out.white = t.value;
          else if (t.name == "Black") out.black = t.value;
          else out.tags.push_back(t);
        }
        out.game = AnyGame::of(AnyGame::Games{std::move(*replay.game)});
        return out;
      },
      start->typed());
}

}  // namespace

std::optional<RecordFormat> parse_record_format(std::string_view name) {
  for (auto [format, text] : kFormats)
    if (text == name) return format;
  return std::nullopt;
}

std::string_view record_format_name(RecordFormat format) {
  for (auto [f, text] : kFormats)
    if (f == format) return text;
  return "?";
}

WrittenRecord write_record(const AnyGame& game, RecordFormat format, const RecordPlayers& players, bool short_form) {
  switch (format) {
    case RecordFormat::Arena: {
      std::vector<RecordTag> tags = players.tags;
      if (!players.white.empty()) tags.push_back({"White", players.white});
      if (!players.black.empty()) tags.push_back({"Black", players.black});
      return {game.record(tags), {}};
    }
    case RecordFormat::Official:
      return {std::visit([&](const auto& g) { return official_sheet(g, short_form); }, game.typed()), {}};
    case RecordFormat::Sgf:
      if (const auto* yinsh = std::get_if<Game<yinsh::Rules>>(&game.typed()))
        return {yinsh::write_boardspace(*yinsh, players.white, players.black), {}};
      if (const auto* gipf = std::get_if<Game<gipf::Rules>>(&game.typed())) {
        auto written = gipf::write_boardspace(*gipf, players.white, players.black);
        return {std::move(written.text), std::move(written.error)};
      }
      return {{}, "unknown game"};
  }
  return {{}, "unknown format"};
}

namespace {

// Adds `path` (a game's nodes after its root) to `tree` (a root node and
// what follows it): shared nodes once,
// a new variation where the path leaves the tree (after the ones there: the
// first path added stays the main line).
void merge_path(SgfTree& tree, std::vector<SgfNode> path) {
  SgfTree* at = &tree;
  std::size_t i = 1, k = 0;  // at->nodes[i] against path[k]; nodes[0] is the game's root
  while (k < path.size()) {
    if (i < at->nodes.size()) {
      if (at->nodes[i] == path[k]) {
        ++i, ++k;
        continue;
      }
      // The path leaves this sequence inside it: its rest and the path's become two variations.
      SgfTree rest{{at->nodes.begin() + static_cast<std::ptrdiff_t>(i), at->nodes.end()}, std::move(at->variations)};
      at->nodes.resize(i);
      at->variations.clear();
      at->variations.push_back(std::move(rest));
      break;
    }
    auto next = std::find_if(at->variations.begin(), at->variations.end(),
                             [&](const SgfTree& v) { return !v.nodes.empty() && v.nodes.front() == path[k]; });
    if (next == at->variations.end()) break;
    at = &*next;
    i = 0;
  }
  if (k == path.size()) return;
  if (at->variations.empty() && i == at->nodes.size()) {  // the path goes on where the tree ended
    at->nodes.insert(at->nodes.end(), std::make_move_iterator(path.begin() + static_cast<std::ptrdiff_t>(k)), std::make_move_iterator(path.end()));
    return;
  }
  at->variations.push_back(SgfTree{{std::make_move_iterator(path.begin() + static_cast<std::ptrdiff_t>(k)), std::make_move_iterator(path.end())}, {}});
}

}  // namespace

WrittenTree write_sgf_tree(const AnyGame& start, const std::vector<TreeMove>& moves, const RecordPlayers& players,
                           std::string_view name) {
  WrittenTree out;
  std::string error;
  const auto first = AnyGame::create(start.options(), error);
  if (!first || first->position() != start.position()) {
    out.unavailable = true;
    out.error = "a boardspace file begins at the start of a game: analyse the game from its first move to export it";
    return out;
  }
  std::vector<bool> has_children(moves.size(), false);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].parent < -1 || moves[i].parent >= static_cast<int>(i)) {
      out.error = "move " + std::to_string(i) + ": its parent must be -1 or an earlier move";
      out.at = static_cast<int>(i);
      return out;
    }
    if (moves[i].parent >= 0) has_children[static_cast<std::size_t>(moves[i].parent)] = true;
  }
  // A variation opens inside another where a move has several replies: no
  // deeper than SGF readers (the arena's too) go.
  std::vector<int> nesting(moves.size(), 0);
  std::vector<int> replies(moves.size() + 1, 0);
  for (const TreeMove& m : moves) ++replies[static_cast<std::size_t>(m.parent + 1)];
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const int parent = moves[i].parent;
    nesting[i] = (parent < 0 ? 0 : nesting[static_cast<std::size_t>(parent)]) + (replies[static_cast<std::size_t>(parent + 1)] > 1 ? 1 : 0);
    if (nesting[i] >= kMaxSgfNesting) {
      out.error = "move " + std::to_string(i) + ": variations nested more than " + std::to_string(kMaxSgfNesting - 1) +
                  " deep (an SGF file holds no more): delete some";
      out.at = static_cast<int>(i);
      return out;
    }
  }
  // Each leaf's line written as a whole game by the game's own writer, then
  // the files merged into one tree: the words are the writers' alone. The
  // leaves in the order of the moves, so the main line (the first children) comes first.
  std::vector<std::vector<int>> children(moves.size() + 1);
  for (std::size_t i = 0; i < moves.size(); ++i) children[static_cast<std::size_t>(moves[i].parent + 1)].push_back(static_cast<int>(i));
  std::vector<int> leaves;
  for (std::vector<int> stack(children[0].rbegin(), children[0].rend()); !stack.empty();) {
    const int m = stack.back();
    stack.pop_back();
    if (!has_children[static_cast<std::size_t>(m)]) leaves.push_back(m);
    const auto& kids = children[static_cast<std::size_t>(m + 1)];
    stack.insert(stack.end(), kids.rbegin(), kids.rend());
  }
  std::optional<SgfTree> tree;
  auto add = [&](const AnyGame& game) -> bool {
    auto written = write_record(game, RecordFormat::Sgf, players);
    if (!written.ok()) {
      out.unavailable = true;
      out.error = written.error;
      return false;
    }
    auto parsed = parse_sgf(written.text);
    if (!parsed.error.empty() || parsed.tree.nodes.empty()) {
      out.error = "the line does not write as SGF: " + parsed.error;
      return false;
    }
    std::vector<SgfNode> line;
    for (const SgfNode* n : main_line(parsed.tree)) line.push_back(*n);
    SgfNode root = line.front();
    std::erase_if(root.properties, [](const SgfProperty& p) { return p.name == "RE"; });  // each line's own end
    line.erase(line.begin());
    if (!tree) {
      if (!name.empty()) root.properties.push_back({"GN", {std::string(name)}});
      tree = SgfTree{{std::move(root)}, {}};
    }
    merge_path(*tree, std::move(line));
    return true;
  };
  if (leaves.empty() && !add(start)) return out;
  for (int leaf : leaves) {
    std::vector<int> path;
    for (int at = leaf; at != -1; at = moves[static_cast<std::size_t>(at)].parent) path.push_back(at);
    AnyGame game = start;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      if (std::string reason = game.play(moves[static_cast<std::size_t>(*it)].action); !reason.empty()) {
        out.error = "move " + std::to_string(*it) + " (" + moves[static_cast<std::size_t>(*it)].action + "): " + reason;
        out.illegal = true;
        out.at = *it;
        return out;
      }
    }
    if (!add(game)) return out;
  }
  out.text = print_sgf(*tree);
  return out;
}

namespace {
ReadRecord read_any(std::string_view text, const std::optional<GameOptions>& options);
}  // namespace

ReadRecord read_record(std::string_view text, const std::optional<GameOptions>& options) {
  ReadRecord read = read_any(text, options);
  // A file that names its own game (SGF, the arena's record) must be the game asked for.
  if (read.ok() && options && !options->game.empty() && read.game->options().game != options->game)
    return failed(read.format, 0, "", "the record is a game of " + read.game->options().game + ", not " + options->game);
  return read;
}

namespace {

ReadRecord read_any(std::string_view text, const std::optional<GameOptions>& options) {
  const std::string_view body = trim(text);
  if (body.empty()) return failed(RecordFormat::Official, 0, "", "the record is empty");
  if (body.front() == '(') {
    auto tree = parse_sgf(body);
    if (!tree.error.empty())
      return failed(RecordFormat::Sgf, 0, "", "not an SGF file: " + tree.error + " (at byte " + std::to_string(tree.offset) + ")");
    // boardspace names GIPF by its name, YINSH by its number (24).
    const std::string* gm = tree.tree.nodes.front().value("GM");
    const bool gipf = gm && (*gm == "gipf" || *gm == "GIPF" || *gm == "Gipf");
    auto take = [](auto read) {
      if (!read.ok()) return failed(RecordFormat::Sgf, read.step, read.text, read.error);
      ReadRecord out;
      out.format = RecordFormat::Sgf;
      out.white = read.white;
      out.black = read.black;
      if (!read.date.empty()) out.tags.push_back({"Date", read.date});
      out.game = AnyGame::of(AnyGame::Games{std::move(*read.game)});
      return out;
    };
    return gipf ? take(gipf::read_boardspace(body)) : take(yinsh::read_boardspace(body));
  }
  if (body.front() == '[') return read_arena(body, RecordFormat::Arena);
  // The official sheet: the game and its options from the request, the result from its last word.
  if (!options) return failed(RecordFormat::Official, 0, "", "a score sheet names no game: say which game and variant it is");
  std::string problem = validate(*options);
  if (!problem.empty()) return failed(RecordFormat::Official, 0, "", problem);
  std::string record = "[Game \"" + options->game + "\"]\n[Variant \"" + options->variant + "\"]\n";
  if (options->white_extra) record += "[WhiteExtra \"" + std::to_string(options->white_extra) + "\"]\n";
  if (options->black_extra) record += "[BlackExtra \"" + std::to_string(options->black_extra) + "\"]\n";
  std::string moves(body);
  std::size_t end = moves.find_last_not_of(" \t\r\n");
  std::size_t start = moves.find_last_of(" \t\r\n", end);
  std::string last = moves.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
  if (is_result_token(last)) {
    record += "[Result \"" + last + "\"]\n";
    moves.erase(start == std::string::npos ? 0 : start + 1);
  }
  // A turn of forced actions only, left out of a short sheet, is written "-".
  std::string turns;
  for (std::string_view line : split(moves, "\n")) {
    for (std::string_view token : split(line, " \t\r")) {
      std::size_t dot = token.find('.');
      std::string_view word = dot != std::string_view::npos && dot > 0 && token.substr(0, dot).find_first_not_of("0123456789") == std::string_view::npos
                                  ? token.substr(dot + 1)
                                  : token;
      if (word == "-") token = token.substr(0, token.size() - 1);
      if (!token.empty()) turns += std::string(token) + (word == "-" ? "" : " ");
    }
    turns += '\n';
  }
  return read_arena(record + "\n" + turns, RecordFormat::Official);
}

}  // namespace

}  // namespace engine
