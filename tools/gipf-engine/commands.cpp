#include "commands.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bot/bot.hpp"
#include "engine/gipf/position.hpp"
#include "engine/perft.hpp"
#include "engine/records.hpp"
#include "engine/registry.hpp"
#include "engine/replay.hpp"
#include "engine/yinsh/position.hpp"
#include "match.hpp"
#include "tune.hpp"
#include "protocol/state_json.hpp"

namespace tool {
namespace {

using nlohmann::json;

constexpr const char* kUsage = R"(usage: gipf-engine COMMAND [ARGS]

Commands:
  legal GAME[:VARIANT] [OPTIONS] [ACTION...]   legal actions after ACTIONs, sorted
  show  GAME[:VARIANT] [OPTIONS] [--position] [ACTION...]
                                               the state after ACTIONs as JSON, or
                                               as a position's text (--position)
  import [--game GAME[:VARIANT]] FILE|DIR...   reads records (arena, official, boardspace
                                               SGF), one line per file: its format,
                                               game, plies and result, or the first
                                               error; a summary; exit 1 if any failed.
                                               --game: what an official sheet is
  position TEXT [--position] [ACTION...]       the state after ACTIONs played from a
                                               position's text (PROTOCOL.md,
                                               Positions), as JSON or as text
  perft GAME[:VARIANT] [OPTIONS] DEPTH [ACTION...]
                                               action sequences of length DEPTH
  replay [--record]                            replay a record from standard input;
                                               print the final state (or the record
                                               in canonical form with --record)
  batch                                        JSON lines in, JSON lines out
  bot GAME[:VARIANT] [OPTIONS] --level N [--time-ms T] [--seed S] [ACTION...]
                                               the computer's action (level 1..6)
                                               for the pending decision after ACTIONs
  match GAME[:VARIANT] [OPTIONS] --white P --black P [--games N] [--seed S]
        [--random-decisions K] [--engine-time-ms T]
                                               N games (default 2) in pairs: the same
                                               opening (K random decisions, default 4)
                                               with colours swapped; a line per game,
                                               the score, the Elo difference [95 %],
                                               time per decision. P: a level 1..6,
                                               random, engine:COMMAND (an outside
                                               engine on the line protocol, bot/README.md)
                                               or mcts:N (tree search, N iterations)
  ladder GAME[:VARIANT] [--levels A-B] [--games N] [--seed S] [--random-decisions K]
         [--anchor R]                          each level against the one below (default
                                               1-6, N default 40): a table, and ratings
                                               from R (default 800) for the lowest
  tune GAME[:VARIANT] [--games N] [--seed S] [--nodes K] [--random-decisions R]
                                               fit the evaluation's weights to N games
                                               (default 400) of the computer, K nodes
                                               a decision (default 15000), a random
                                               opening of R decisions (default 8)
  engine [--level N] [--seed S]                speak the line protocol on stdin/stdout
                                               as an outside engine (level default 6)
  help                                         this text

GAME[:VARIANT]: gipf:basic, gipf:standard (also plain gipf), gipf:tournament,
                yinsh:normal (also plain yinsh), yinsh:blitz
OPTIONS (gipf:basic only): --white-extra N, --black-extra N   handicap pieces, 0..3
ACTION: one action or a whole turn joined with ';'. Forced actions may be left out.
        GIPF:  e1-e2  Ge1-e2  xb2,c3,d4,e5  kb2,c3,d4,e5
        YINSH: e3  h7-g7  xa3-e3  xb4  pass
)";

struct UsageError {
  std::string message;
};

// What a command line or batch request names: the game, its options, the actions.
struct Request {
  std::string game;
  std::string variant;
  std::array<int, 2> extra{0, 0};
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, std::string>> named;  // --flag value, as given

  const std::string* value(std::string_view flag) const {
    for (const auto& [name, value] : named)
      if (name == flag) return &value;
    return nullptr;
  }
};

// GAME[:VARIANT] into the request (an empty variant: options_of gives the default).
void name_game(Request& r, const std::string& text) {
  auto colon = text.find(':');
  r.game = text.substr(0, colon);
  r.variant = colon == std::string::npos ? "" : text.substr(colon + 1);
}

// `value_flags`: the options with a value the command takes besides the handicap.
Request parse_request_args(const std::vector<std::string>& args, std::size_t first,
                           const std::vector<std::string>& value_flags = {}) {
  Request r;
  for (std::size_t i = first; i < args.size(); ++i) {
    const std::string& a = args[i];
    bool named = false;
    for (const std::string& flag : value_flags) {
      if (a == flag) {
        if (i + 1 >= args.size()) throw UsageError{flag + " needs a value"};
        r.named.emplace_back(flag, args[++i]);
        named = true;
      } else if (a.rfind(flag + "=", 0) == 0) {
        r.named.emplace_back(flag, a.substr(flag.size() + 1));
        named = true;
      }
    }
    if (named) continue;
    int* target = nullptr;
    std::string value;
    for (int c = 0; c < 2; ++c) {
      std::string flag = c == 0 ? "--white-extra" : "--black-extra";
      if (a == flag) {
        if (i + 1 >= args.size()) throw UsageError{flag + " needs a number"};
        target = &r.extra[c];
        value = args[++i];
      } else if (a.rfind(flag + "=", 0) == 0) {
        target = &r.extra[c];
        value = a.substr(flag.size() + 1);
      }
    }
    if (target) {
      if (value.size() != 1 || value[0] < '0' || value[0] > '9') throw UsageError{"extra pieces must be a number 0..3"};
      *target = value[0] - '0';
    } else if (a.rfind("--", 0) == 0) {
      throw UsageError{"unknown option " + a};
    } else if (r.game.empty()) {
      name_game(r, a);
    } else {
      r.positional.push_back(a);
    }
  }
  if (r.game.empty()) throw UsageError{"missing GAME[:VARIANT]"};
  return r;
}

// The options a request names; a missing variant is the game's default.
engine::GameOptions options_of(const Request& r) {
  engine::GameOptions o{r.game, r.variant, r.extra[0], r.extra[1]};
  if (const engine::GameInfo* game = engine::find_game(r.game); game && o.variant.empty())
    o.variant = game->default_variant;
  return o;
}

// Calls f with a copy of the typed game (engine::Game<Rules>&). The tool plays
// text through Game::play(string_view), which also accepts forced actions written
// out, as records and scripts do; AnyGame::play keeps the server's stricter rule.
template <class F>
auto with_typed(const engine::AnyGame& start, F&& f) {
  return std::visit([&]<class Rules>(const engine::Game<Rules>& game) {
    engine::Game<Rules> copy = game;
    return f(copy);
  }, start.typed());
}

struct ActionError {
  std::size_t index;
  std::string action;
  std::string reason;
};

// Plays every action (a turn with ';' counts as its parts); the first refusal.
template <class Rules>
std::optional<ActionError> play_all(engine::Game<Rules>& game, const std::vector<std::string>& actions) {
  for (std::size_t i = 0; i < actions.size(); ++i) {
    for (std::string_view part : engine::split(actions[i], ";")) {
      std::string reason = game.play(part);
      if (!reason.empty()) return ActionError{i, std::string(part), reason};
    }
  }
  return std::nullopt;
}

int report(const ActionError& e, std::ostream& err) {
  err << "illegal action " << engine::excerpt(e.action) << ": " << e.reason << "\n";
  return 1;
}

// The state as the command prints it: JSON, or a position's text.
template <class State>
std::string shown(const State& state, bool as_position) {
  if (!as_position) return protocol::state_to_json(state).dump();
  if constexpr (std::is_same_v<State, engine::gipf::State>) return engine::gipf::position_text(state);
  else return engine::yinsh::position_text(state);
}

// Takes a flag without a value out of `args`: whether it was there.
bool take_flag(std::vector<std::string>& args, std::string_view flag) {
  auto it = std::find(args.begin(), args.end(), flag);
  if (it == args.end()) return false;
  args.erase(it);
  return true;
}

int run_position(std::vector<std::string> args, std::ostream& out, std::ostream& err) {
  const bool as_position = take_flag(args, "--position");
  if (args.size() < 2) throw UsageError{"position needs a position's text (one argument: quote it, or write _ for spaces)"};
  for (std::size_t i = 2; i < args.size(); ++i)
    if (args[i].rfind("--", 0) == 0) throw UsageError{"unknown option " + args[i]};
  const std::string& text = args[1];
  const std::vector<std::string> actions(args.begin() + 2, args.end());
  auto play_from = [&]<class Rules>(const engine::Parsed<typename Rules::State>& start) {
    if (!start.ok()) {
      err << "gipf-engine: " << start.error << "\n";
      return 1;
    }
    engine::Game<Rules> game(start.value);
    if (auto e = play_all(game, actions)) return report(*e, err);
    out << shown(game.state(), as_position) << "\n";
    return 0;
  };
  std::string_view game = engine::trim(text).substr(0, engine::trim(text).find_first_of(" _"));
  if (game == "gipf") return play_from.template operator()<engine::gipf::Rules>(engine::gipf::parse_position(text));
  if (game == "yinsh") return play_from.template operator()<engine::yinsh::Rules>(engine::yinsh::parse_position(text));
  throw UsageError{"a position's text starts with its game, gipf or yinsh"};
}

// One line per record file: what it holds, or why it cannot be read.
int run_import(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::optional<engine::GameOptions> options;
  std::vector<std::filesystem::path> files;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--game") {
      if (i + 1 >= args.size()) throw UsageError{"--game needs GAME[:VARIANT]"};
      Request r = parse_request_args({args[++i]}, 0);
      options = options_of(r);
      if (std::string problem = engine::validate(*options); !problem.empty()) throw UsageError{problem};
      continue;
    }
    if (args[i].rfind("--", 0) == 0) throw UsageError{"unknown option " + args[i]};
    std::error_code ec;
    if (std::filesystem::is_directory(args[i], ec)) {
      std::vector<std::filesystem::path> inside;
      for (const auto& entry : std::filesystem::recursive_directory_iterator(args[i], ec))
        if (entry.is_regular_file()) inside.push_back(entry.path());
      std::sort(inside.begin(), inside.end());
      files.insert(files.end(), inside.begin(), inside.end());
    } else {
      files.emplace_back(args[i]);
    }
  }
  if (files.empty()) throw UsageError{"import needs files or folders of records"};
  int read = 0, refused = 0;
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::string text;
    if (in) {
      text.resize(engine::kMaxSgfBytes + 1);
      in.read(text.data(), static_cast<std::streamsize>(text.size()));
      text.resize(static_cast<std::size_t>(in.gcount()));
    }
    engine::ReadRecord record;
    if (!in && !in.eof()) record.error = "cannot be read";
    else if (text.size() > engine::kMaxSgfBytes) record.error = "larger than " + std::to_string(engine::kMaxSgfBytes) + " bytes";
    else record = engine::read_record(text, options);
    out << path.string() << ": ";
    if (!record.ok()) {
      ++refused;
      out << "refused";
      if (record.move > 0) out << " at move " << record.move << " " << engine::excerpt(record.step);
      out << ": " << record.error << "\n";
      continue;
    }
    ++read;
    const engine::GameResult result = record.game->result();
    out << engine::record_format_name(record.format) << " " << record.game->options().game << ":" << record.game->options().variant
        << " " << record.game->ply() << " plies, ";
    if (!result.over) out << "unfinished";
    else if (!result.winner) out << "drawn (" << result.reason << ")";
    else out << engine::color_name(*result.winner) << " won (" << result.reason << ")";
    out << "\n";
  }
  out << files.size() << " files: " << read << " read, " << refused << " refused\n";
  (void)err;
  return refused == 0 ? 0 : 1;
}

int run_game_command(const std::string& command, const Request& r, std::ostream& out, std::ostream& err,
                     bool as_position = false) {
  std::string problem;
  auto start = engine::AnyGame::create(options_of(r), problem);
  if (!start) throw UsageError{problem};
  std::vector<std::string> actions = r.positional;
  int depth = 0;
  if (command == "perft") {
    if (actions.empty()) throw UsageError{"perft needs a DEPTH"};
    const std::string& d = actions.front();
    if (d.empty() || d.size() > 2 || !std::all_of(d.begin(), d.end(), ::isdigit))
      throw UsageError{"DEPTH must be a number from 0 to 99"};
    depth = std::stoi(d);
    actions.erase(actions.begin());
  }
  return with_typed(*start, [&]<class Rules>(engine::Game<Rules>& game) {
    if (auto e = play_all(game, actions)) return report(*e, err);
    if (command == "legal") {
      for (const auto& t : engine::legal_notation<Rules>(game.state())) out << t << "\n";
    } else if (command == "show") {
      out << shown(game.state(), as_position) << "\n";
    } else {
      out << engine::perft(game.state(), depth) << "\n";
    }
    return 0;
  });
}

// A whole number from `min` to `max` given with `flag`.
std::uint64_t number_option(const std::string& text, std::string_view flag, std::uint64_t min, std::uint64_t max) {
  if (text.empty() || text.size() > 19 || !std::all_of(text.begin(), text.end(), ::isdigit))
    throw UsageError{std::string(flag) + " must be a number from " + std::to_string(min) + " to " + std::to_string(max)};
  std::uint64_t n = std::stoull(text);
  if (n < min || n > max)
    throw UsageError{std::string(flag) + " must be a number from " + std::to_string(min) + " to " + std::to_string(max)};
  return n;
}

std::uint64_t seed_of(const Request& r) {
  const std::string* seed = r.value("--seed");
  return seed ? number_option(*seed, "--seed", 0, 9'999'999'999'999'999'999ull) : 1;
}

int run_bot(const Request& r, std::ostream& out, std::ostream& err) {
  std::string problem;
  auto start = engine::AnyGame::create(options_of(r), problem);
  if (!start) throw UsageError{problem};
  const std::string* level = r.value("--level");
  if (!level) throw UsageError{"bot needs --level N (" + std::to_string(bot::kMinLevel) + ".." + std::to_string(bot::kMaxLevel) + ")"};
  bot::Request request;
  request.level = static_cast<int>(number_option(*level, "--level", bot::kMinLevel, bot::kMaxLevel));
  request.seed = seed_of(r);
  if (const std::string* time = r.value("--time-ms")) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(number_option(*time, "--time-ms", 1, 3'600'000));
    request.should_stop = [deadline] { return std::chrono::steady_clock::now() >= deadline; };
  }
  return with_typed(*start, [&]<class Rules>(engine::Game<Rules>& game) {
    if (auto e = play_all(game, r.positional)) return report(*e, err);
    auto action = bot::choose(game.state(), request);
    if (!action) {
      err << "gipf-engine: the game is over: there is no decision to take\n";
      return 1;
    }
    out << Rules::notation(game.state(), *action) << "\n";
    return 0;
  });
}

MatchPlayer match_player(const Request& r, std::string_view flag) {
  const std::string* text = r.value(flag);
  if (!text) throw UsageError{"match needs " + std::string(flag) + " LEVEL|random|engine:COMMAND"};
  if (*text == "random") return {MatchPlayer::Kind::Random, 0, {}, 0};
  if (text->rfind("mcts:", 0) == 0) {
    MatchPlayer mcts{MatchPlayer::Kind::Mcts, 0, {}, 0};
    mcts.iterations = number_option(text->substr(5), flag, 1, 100'000'000);
    return mcts;
  }
  if (text->rfind("engine:", 0) == 0) {
    if (text->size() == 7) throw UsageError{std::string(flag) + " engine: needs a command"};
    return {MatchPlayer::Kind::Engine, 0, text->substr(7), 0};
  }
  return {MatchPlayer::Kind::Level, static_cast<int>(number_option(*text, flag, bot::kMinLevel, bot::kMaxLevel)), {}, 0};
}

// Runs `f`: 0, or 1 with the reason of a std::runtime_error it threw (an engine
// that would not start, a game that could not be created).
template <class F>
int failing_with_1(std::ostream& err, F&& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    err << "gipf-engine: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

// The options match and ladder share: the variant, games, seed, the random opening.
MatchSettings match_settings(const Request& r, int default_games) {
  if (!r.positional.empty()) throw UsageError{"match and ladder take no actions"};
  MatchSettings settings;
  settings.options = options_of(r);
  std::string problem = engine::validate(settings.options);
  if (!problem.empty()) throw UsageError{problem};
  settings.games = default_games;
  if (const std::string* games = r.value("--games")) settings.games = static_cast<int>(number_option(*games, "--games", 1, 10'000));
  settings.seed = seed_of(r);
  if (const std::string* k = r.value("--random-decisions"))
    settings.random_decisions = static_cast<int>(number_option(*k, "--random-decisions", 0, 40));
  if (const std::string* t = r.value("--engine-time-ms"))
    settings.engine_time = std::chrono::milliseconds(number_option(*t, "--engine-time-ms", 1, 3'600'000));
  return settings;
}

int run_match(const Request& r, std::ostream& out, std::ostream& err) {
  MatchSettings settings = match_settings(r, 2);
  settings.first = match_player(r, "--white");
  settings.second = match_player(r, "--black");
  return failing_with_1(err, [&] { play_match(settings, out); });
}

int run_ladder(const Request& r, std::ostream& out) {
  MatchSettings settings = match_settings(r, 40);
  std::vector<int> levels;
  int low = bot::kMinLevel;
  int high = bot::kMaxLevel;
  if (const std::string* range = r.value("--levels")) {
    auto dash = range->find('-');
    if (dash == std::string::npos) throw UsageError{"--levels must be A-B, two levels"};
    low = static_cast<int>(number_option(range->substr(0, dash), "--levels", bot::kMinLevel, bot::kMaxLevel));
    high = static_cast<int>(number_option(range->substr(dash + 1), "--levels", bot::kMinLevel, bot::kMaxLevel));
    if (high <= low) throw UsageError{"--levels A-B needs A below B"};
  }
  for (int level = low; level <= high; ++level) levels.push_back(level);
  int anchor = 800;
  if (const std::string* a = r.value("--anchor")) anchor = static_cast<int>(number_option(*a, "--anchor", 0, 4000));
  play_ladder(settings, levels, anchor, out);
  return 0;
}

int run_tune(const Request& r, std::ostream& out, std::ostream& err) {
  if (!r.positional.empty()) throw UsageError{"tune takes no actions"};
  TuneSettings settings;
  settings.options = options_of(r);
  std::string problem = engine::validate(settings.options);
  if (!problem.empty()) throw UsageError{problem};
  if (const std::string* games = r.value("--games")) settings.games = static_cast<int>(number_option(*games, "--games", 1, 100'000));
  settings.seed = seed_of(r);
  if (const std::string* k = r.value("--nodes")) settings.nodes = number_option(*k, "--nodes", 1, 100'000'000);
  if (const std::string* k = r.value("--random-decisions"))
    settings.random_decisions = static_cast<int>(number_option(*k, "--random-decisions", 0, 40));
  return failing_with_1(err, [&] { tune(settings, out); });
}

// The line protocol of an outside engine (bot/README.md), answered by a level:
// for matches against other programs, and to test the tool's side of it.
int run_engine(const std::vector<std::string>& args, std::istream& in, std::ostream& out) {
  int level = bot::kMaxLevel;
  std::uint64_t seed = 1;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if ((args[i] == "--level" || args[i] == "--seed") && i + 1 < args.size()) {
      if (args[i] == "--level") level = static_cast<int>(number_option(args[i + 1], "--level", bot::kMinLevel, bot::kMaxLevel));
      else seed = number_option(args[i + 1], "--seed", 0, 9'999'999'999'999'999'999ull);
      ++i;
    } else {
      throw UsageError{"engine takes --level N and --seed S, not " + args[i]};
    }
  }
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> words;
    for (std::string_view w : engine::split(engine::trim(line), " "))
      if (!w.empty()) words.emplace_back(w);
    if (words.empty()) continue;
    if (words[0] == "quit") return 0;
    if (words[0] == "arena-engine") {
      out << "ready gipf-arena level " << level << std::endl;
      continue;
    }
    if (words[0] != "go" || words.size() < 2) {
      out << "error unknown request '" << line.substr(0, 80) << "'" << std::endl;
      continue;
    }
    Request spec;
    name_game(spec, words[1]);
    std::string problem;
    auto start = engine::AnyGame::create(options_of(spec), problem);
    if (!start) {
      out << "error " << problem << std::endl;
      continue;
    }
    std::vector<std::string> actions(words.begin() + 2, words.end());
    out << with_typed(*start, [&]<class Rules>(engine::Game<Rules>& game) -> std::string {
      if (auto e = play_all(game, actions)) return "error action " + std::to_string(e->index + 1) + ": " + e->reason;
      bot::Request request;
      request.level = level;
      request.seed = seed ^ actions.size();
      auto action = bot::choose(game.state(), request);
      if (!action) return "error the game is over";
      return "action " + Rules::notation(game.state(), *action);
    }) << std::endl;
  }
  return 0;
}

int run_replay(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  bool print_record = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--record") print_record = true;
    else throw UsageError{"unknown argument to replay: " + args[i]};
  }
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  // The tags come before the moves, so they are read whatever the numbering.
  auto head = engine::parse_record_text(text, engine::Numbering::PerTurn);
  const std::string* name = head.record.tag("Game");
  const engine::GameInfo* info = name ? engine::find_game(*name) : nullptr;
  if (!info) {
    err << "line 1: the record needs a tag";
    for (std::size_t i = 0; i < engine::games().size(); ++i)
      err << (i == 0 ? " " : " or ") << "[Game \"" << engine::games()[i].name << "\"]";
    err << "\n";
    return 1;
  }
  // The game's start in its default variant only names its Rules; the record's tags
  // choose the variant.
  std::string problem;
  auto start = engine::AnyGame::create({std::string(info->name), std::string(info->default_variant)}, problem);
  return std::visit([&]<class Rules>(const engine::Game<Rules>&) {
    auto replay = engine::replay_record<Rules>(text);
    if (!replay.ok()) {
      err << "line " << replay.error.line << ": " << replay.error.message << "\n";
      return 1;
    }
    if (print_record) out << engine::print_record(*replay.game, replay.extra_tags);
    else out << protocol::state_to_json(replay.game->state()).dump() << "\n";
    return 0;
  }, start->typed());
}

// One batch request: {"game","variant"?,"options"?,"actions"?,"want"?}.
json run_batch_line(const std::string& line) {
  auto error = [](std::string code, std::string message) {
    return json{{"ok", false}, {"error", {{"code", code}, {"message", message}}}};
  };
  json request = json::parse(line, nullptr, false);
  if (request.is_discarded()) return error("bad_json", "the line is not valid JSON");
  if (!request.is_object()) return error("bad_request", "a request is a JSON object");
  static const std::vector<std::string> known{"game", "variant", "options", "actions", "want"};
  for (auto& [key, value] : request.items())
    if (std::find(known.begin(), known.end(), key) == known.end()) return error("bad_request", "unknown field '" + key + "'");
  Request r;
  if (!request.contains("game") || !request["game"].is_string()) return error("bad_request", "'game' must be a string");
  r.game = request["game"];
  if (request.contains("variant")) {
    if (!request["variant"].is_string()) return error("bad_request", "'variant' must be a string");
    r.variant = request["variant"];
  }
  if (request.contains("options")) {
    const json& o = request["options"];
    if (!o.is_object()) return error("bad_request", "'options' must be an object");
    for (auto& [key, value] : o.items()) {
      int c = key == "white_extra" ? 0 : key == "black_extra" ? 1 : -1;
      if (c < 0) return error("bad_options", "unknown option '" + key + "'");
      if (!value.is_number_integer() || value.get<long long>() < 0 || value.get<long long>() > 3)
        return error("bad_options", "'" + key + "' must be an integer from 0 to 3");
      r.extra[c] = value.get<int>();
    }
  }
  if (request.contains("actions")) {
    const json& a = request["actions"];
    if (!a.is_array()) return error("bad_request", "'actions' must be an array of strings");
    for (const json& x : a) {
      if (!x.is_string()) return error("bad_request", "'actions' must be an array of strings");
      r.positional.push_back(x);
    }
  }
  std::vector<std::string> want{"legal", "state"};
  if (request.contains("want")) {
    const json& w = request["want"];
    if (!w.is_array()) return error("bad_request", "'want' must be an array");
    want.clear();
    for (const json& x : w) {
      if (!x.is_string() || (x != "legal" && x != "state" && x != "record"))
        return error("bad_request", "'want' may hold \"legal\", \"state\" and \"record\"");
      want.push_back(x);
    }
  }
  std::string problem;
  auto start = engine::AnyGame::create(options_of(r), problem);
  if (!start) return error(engine::find_game(r.game) ? "bad_options" : "unknown_game", problem);
  return with_typed(*start, [&]<class Rules>(engine::Game<Rules>& game) {
    if (auto e = play_all(game, r.positional)) {
      json out = error("illegal_action", e->reason);
      out["error"]["index"] = e->index;
      out["error"]["action"] = e->action;
      return out;
    }
    json out{{"ok", true}};
    for (const auto& w : want) {
      if (w == "legal") out["legal"] = engine::legal_notation<Rules>(game.state());
      if (w == "state") out["state"] = protocol::state_to_json(game.state());
      if (w == "record") out["record"] = engine::print_record(game);
    }
    return out;
  });
}

int run_batch(std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    if (engine::trim(line).empty()) continue;
    out << run_batch_line(line).dump() << "\n" << std::flush;
  }
  return 0;
}

int dispatch(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  if (args.empty()) throw UsageError{"missing COMMAND"};
  const std::string& command = args[0];
  if (command == "help" || command == "--help" || command == "-h") {
    out << kUsage;
    return 0;
  }
  if (command == "replay") return run_replay(args, in, out, err);
  if (command == "batch") {
    if (args.size() > 1) throw UsageError{"batch takes no arguments"};
    return run_batch(in, out);
  }
  if (command == "bot") return run_bot(parse_request_args(args, 1, {"--level", "--time-ms", "--seed"}), out, err);
  if (command == "match")
    return run_match(parse_request_args(args, 1, {"--white", "--black", "--games", "--seed", "--random-decisions", "--engine-time-ms"}), out, err);
  if (command == "ladder")
    return run_ladder(parse_request_args(args, 1, {"--levels", "--games", "--seed", "--random-decisions", "--anchor"}), out);
  if (command == "engine") return run_engine(args, in, out);
  if (command == "tune")
    return run_tune(parse_request_args(args, 1, {"--games", "--seed", "--nodes", "--random-decisions"}), out, err);
  if (command == "position") return run_position(args, out, err);
  if (command == "import") return run_import(args, out, err);
  if (command != "legal" && command != "show" && command != "perft") throw UsageError{"unknown command '" + command + "'"};
  std::vector<std::string> rest = args;
  const bool as_position = command == "show" && take_flag(rest, "--position");
  return run_game_command(command, parse_request_args(rest, 1), out, err, as_position);
}

}  // namespace

int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  try {
    return dispatch(args, in, out, err);
  } catch (const UsageError& e) {
    err << "gipf-engine: " << e.message << "\n" << "Run 'gipf-engine help' for usage.\n";
    return 2;
  }
}

}  // namespace tool
