#include "commands.hpp"

#include <algorithm>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "engine/gipf/rules.hpp"
#include "engine/perft.hpp"
#include "engine/replay.hpp"
#include "engine/yinsh/rules.hpp"
#include "protocol/state_json.hpp"

namespace tool {
namespace {

using nlohmann::json;

constexpr const char* kUsage = R"(usage: gipf-engine COMMAND [ARGS]

Commands:
  legal GAME[:VARIANT] [OPTIONS] [ACTION...]   legal actions after ACTIONs, sorted
  show  GAME[:VARIANT] [OPTIONS] [ACTION...]   the state after ACTIONs as JSON
  perft GAME[:VARIANT] [OPTIONS] DEPTH [ACTION...]
                                               action sequences of length DEPTH
  replay [--record]                            replay a record from standard input;
                                               print the final state (or the record
                                               in canonical form with --record)
  batch                                        JSON lines in, JSON lines out
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
};

Request parse_request_args(const std::vector<std::string>& args, std::size_t first) {
  Request r;
  for (std::size_t i = first; i < args.size(); ++i) {
    const std::string& a = args[i];
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
      auto colon = a.find(':');
      r.game = a.substr(0, colon);
      r.variant = colon == std::string::npos ? "" : a.substr(colon + 1);
    } else {
      r.positional.push_back(a);
    }
  }
  if (r.game.empty()) throw UsageError{"missing GAME[:VARIANT]"};
  return r;
}

template <class Rules>
engine::Parsed<typename Rules::Options> options_for(const Request& r);

template <>
engine::Parsed<engine::gipf::Options> options_for<engine::gipf::Rules>(const Request& r) {
  namespace g = engine::gipf;
  g::Options o;
  std::string variant = r.variant.empty() ? "standard" : r.variant;
  auto v = g::parse_variant(variant);
  if (!v) return {{}, "unknown GIPF variant '" + variant + "', expected basic, standard or tournament"};
  o.variant = *v;
  for (int c = 0; c < 2; ++c) {
    if (r.extra[c] < 0 || r.extra[c] > g::kMaxExtraPieces) return {{}, "extra pieces must be between 0 and 3 per colour"};
    o.extra[c] = static_cast<std::int8_t>(r.extra[c]);
  }
  auto problem = g::validate(o);
  if (!problem.empty()) return {{}, std::string(problem)};
  return {o, {}};
}

template <>
engine::Parsed<engine::yinsh::Options> options_for<engine::yinsh::Rules>(const Request& r) {
  namespace y = engine::yinsh;
  std::string variant = r.variant.empty() ? "normal" : r.variant;
  auto v = y::parse_variant(variant);
  if (!v) return {{}, "unknown YINSH variant '" + variant + "', expected normal or blitz"};
  if (r.extra[0] != 0 || r.extra[1] != 0) return {{}, "extra pieces (handicap) exist only in the basic GIPF game"};
  return {y::Options{*v}, {}};
}

// Calls f.template operator()<Rules>() for the named game; nullopt if unknown.
template <class F>
auto with_game(const std::string& game, F&& f) -> std::optional<decltype(f.template operator()<engine::gipf::Rules>())> {
  if (game == "gipf") return f.template operator()<engine::gipf::Rules>();
  if (game == "yinsh") return f.template operator()<engine::yinsh::Rules>();
  return std::nullopt;
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

template <class Rules>
int run_game_command(const std::string& command, const Request& r, const typename Rules::Options& options,
                     std::ostream& out, std::ostream& err) {
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
  engine::Game<Rules> game(options);
  if (auto e = play_all(game, actions)) return report(*e, err);
  if (command == "legal") {
    for (const auto& t : engine::legal_notation<Rules>(game.state())) out << t << "\n";
  } else if (command == "show") {
    out << protocol::state_to_json(game.state()).dump() << "\n";
  } else {
    out << engine::perft(game.state(), depth) << "\n";
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
  const std::string* game = head.record.tag("Game");
  auto status = with_game(game ? *game : "", [&]<class Rules>() {
    auto replay = engine::replay_record<Rules>(text);
    if (!replay.ok()) {
      err << "line " << replay.error.line << ": " << replay.error.message << "\n";
      return 1;
    }
    if (print_record) out << engine::print_record(*replay.game, replay.extra_tags);
    else out << protocol::state_to_json(replay.game->state()).dump() << "\n";
    return 0;
  });
  if (status) return *status;
  err << "line 1: the record needs a tag [Game \"gipf\"] or [Game \"yinsh\"]\n";
  return 1;
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
  auto answer = with_game(r.game, [&]<class Rules>() {
    auto options = options_for<Rules>(r);
    if (!options.ok()) return error("bad_options", options.error);
    engine::Game<Rules> game(options.value);
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
  return answer ? *answer : error("unknown_game", "unknown game '" + r.game + "'");
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
  if (command != "legal" && command != "show" && command != "perft") throw UsageError{"unknown command '" + command + "'"};
  Request r = parse_request_args(args, 1);
  auto status = with_game(r.game, [&]<class Rules>() {
    auto options = options_for<Rules>(r);
    if (!options.ok()) throw UsageError{options.error};
    return run_game_command<Rules>(command, r, options.value, out, err);
  });
  if (!status) throw UsageError{"unknown game '" + r.game + "', expected gipf or yinsh"};
  return *status;
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
