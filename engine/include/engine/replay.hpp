#pragma once
// Reading and writing whole game records for either game (see record.hpp for the
// text format). Beyond the `Game` requirements, `Rules` provides:
//   static constexpr std::string_view kName;           // the Game tag
//   static constexpr Numbering kNumbering;
//   static std::vector<RecordTag> option_tags(const Options&);
//   static bool is_option_tag(std::string_view name);
//   static Parsed<Options> options_from_tags(const RecordText&);
//   static std::string describe_pending(const State&);
//   static bool agree_draw(State&);                     // false where no draws exist
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/record.hpp"

namespace engine {

inline std::string result_token(const GameResult& r) {
  if (!r.over) return "*";
  if (!r.winner) return "1/2-1/2";
  return *r.winner == Color::White ? "1-0" : "0-1";
}

template <class Rules>
struct ReplayResult {
  std::optional<Game<Rules>> game;    // as far as the record could be replayed
  std::vector<RecordTag> extra_tags;  // tags the engine does not interpret (players, date...)
  RecordError error;                  // error.message empty on success
  bool ok() const { return error.message.empty(); }
};

template <class Rules>
std::string print_record(const Game<Rules>& game, const std::vector<RecordTag>& extra_tags = {}) {
  RecordText record;
  record.tags.push_back({"Game", std::string(Rules::kName)});
  for (auto& t : Rules::option_tags(game.options())) record.tags.push_back(t);
  for (auto& t : extra_tags) record.tags.push_back(t);
  const GameResult& result = game.state().result();
  record.tags.push_back({"Result", result_token(result)});
  if (result.over) record.tags.push_back({"Termination", std::string(result.reason)});
  for (auto& text : game.turn_texts()) record.turns.push_back({0, text});
  return print_record_text(record, Rules::kNumbering);
}

template <class Rules>
ReplayResult<Rules> replay_record(std::string_view text) {
  ReplayResult<Rules> out;
  auto fail = [&out](int line, std::string message) {
    out.error = {line, std::move(message), 0, {}};
    return std::move(out);
  };
  auto parsed = parse_record_text(text, Rules::kNumbering);
  if (!parsed.error.message.empty()) return fail(parsed.error.line, parsed.error.message);
  const RecordText& record = parsed.record;
  const std::string* name = record.tag("Game");
  if (!name || *name != Rules::kName)
    return fail(1, "the record must have the tag [Game \"" + std::string(Rules::kName) + "\"]");
  auto options = Rules::options_from_tags(record);
  if (!options.ok()) return fail(1, options.error);
  for (const auto& t : record.tags)
    if (t.name != "Game" && t.name != "Result" && t.name != "Termination" && !Rules::is_option_tag(t.name))
      out.extra_tags.push_back(t);

  auto& game = out.game.emplace(options.value);
  for (std::size_t k = 0; k < record.turns.size(); ++k) {
    const RecordTurn& turn = record.turns[k];
    std::string label = "turn " + std::to_string(k + 1);
    if (game.over()) {
      out.error = {turn.line, label + " " + excerpt(turn.text) + ": the game is already over", static_cast<int>(k) + 1, turn.text};
      return out;
    }
    for (std::string_view part : split(turn.text, ";")) {
      auto refused = [&](std::string why) {
        out.error = {turn.line, label + ", " + excerpt(part) + ": " + why, static_cast<int>(k) + 1, std::string(part)};
        return std::move(out);
      };
      std::string reason = game.play(part);
      if (!reason.empty()) return refused(reason);
      if (game.last_confirmed_turn() != static_cast<int>(k)) return refused("belongs to the next turn (turns are separated by spaces)");
    }
    bool last = k + 1 == record.turns.size();  // the last turn may still be in progress
    if (!last && !game.over() && game.current_turn() == static_cast<int>(k))
      return fail(turn.line, label + " is incomplete: " + Rules::describe_pending(game.state()));
  }

  const std::string* result = record.tag("Result");
  const std::string* termination = record.tag("Termination");
  const GameResult& actual = game.state().result();
  int last_line = record.turns.empty() ? 1 : record.turns.back().line;
  if (actual.over) {
    if (result && *result != result_token(actual))
      return fail(last_line, "the record says " + *result + " but the moves end " + result_token(actual));
    if (termination && *termination != actual.reason)
      return fail(last_line, "the record says " + *termination + " but the game ended by " + std::string(actual.reason));
  } else if (result && *result != "*" && termination && parse_verdict(*termination)) {
    // Decided off the board (a referee, a clock, an absent player): any result
    // the game allows (a GIPF draw is not one).
    std::optional<Color> winner;
    if (*result == "1-0" || *result == "0-1") winner = *result == "1-0" ? Color::White : Color::Black;
    else if (*result != "1/2-1/2")
      return fail(1, "unknown result " + excerpt(*result) + ", expected 1-0, 0-1, 1/2-1/2 or *");
    if (!game.adjudicate(winner, *parse_verdict(*termination))) return fail(last_line, "the game cannot be adjudicated " + *result);
  } else if (result && *result != "*") {
    if (*result == "1-0" || *result == "0-1") {
      if (termination && *termination != "resignation")
        return fail(last_line, "the moves do not end the game by " + *termination);
      game.resign(*result == "1-0" ? Color::Black : Color::White);
    } else if (*result == "1/2-1/2") {
      if (!Rules::agree_draw(game))
        return fail(last_line, "the game cannot end in a draw here");
    } else {
      return fail(1, "unknown result " + excerpt(*result) + ", expected 1-0, 0-1, 1/2-1/2 or *");
    }
  }
  return out;
}

}  // namespace engine
