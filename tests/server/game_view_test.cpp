// The protocol's views of engine::AnyGame, and create_room checked against the
// game registry.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "protocol/game_view.hpp"
#include "protocol/messages.hpp"
#include "protocol/state_json.hpp"

using nlohmann::json;

namespace {

engine::AnyGame start(const engine::GameOptions& options) {
  std::string error;
  auto game = engine::AnyGame::create(options, error);
  REQUIRE_MESSAGE(game.has_value(), error);
  return *game;
}

// The message of the error create_room with these fields gets, or "(ok)".
std::string create_room_error(const std::string& fields) {
  auto parsed = protocol::parse_client_message(R"({"type":"create_room",)" + fields + "}");
  if (std::holds_alternative<protocol::Incoming>(parsed)) return "(ok)";
  const auto& error = std::get<protocol::Error>(parsed);
  CHECK(error.code == protocol::ErrorCode::BadField);
  return error.message;
}

}  // namespace

TEST_CASE("state_json and legal_moves_json are the typed game's JSON") {
  for (const auto& info : engine::games()) {
    for (const auto& variant : info.variants) {
      engine::AnyGame game = start({std::string(info.name), std::string(variant.name)});
      CAPTURE(variant.name);
      for (int step = 0; step < 6 && game.decider(); ++step) {
        const auto legal = game.legal_notation();
        const json moves = protocol::legal_moves_json(game);
        REQUIRE(moves.size() == legal.size());
        for (std::size_t i = 0; i < moves.size(); ++i) CHECK(moves[i]["action"] == legal[i]);
        std::visit([&](const auto& g) {
          CHECK(protocol::state_json(game) == protocol::state_to_json(g.state()));
          for (const auto& a : g.state().legal_actions()) {
            json expected = protocol::action_to_json(g.state(), a);
            auto same_action = [&](const json& m) { return m["action"] == expected["action"]; };
            auto same = std::find_if(moves.begin(), moves.end(), same_action);
            REQUIRE(same != moves.end());
            CHECK(*same == expected);
          }
        }, game.typed());
        REQUIRE(game.play(legal.front()).empty());
      }
    }
  }
}

TEST_CASE("step_json and options_json") {
  engine::AnyGame game = start({"yinsh", "blitz"});
  REQUIRE(game.play("e3").empty());
  REQUIRE(game.play("f5").empty());
  CHECK(protocol::step_json(game.steps()[1]) ==
        json{{"ply", 1}, {"player", "black"}, {"action", "f5"}, {"automatic", false}, {"turn", 1}});
  CHECK(protocol::step_json({7, engine::Color::White, "xa3-e3", true, 4}) ==
        json{{"ply", 7}, {"player", "white"}, {"action", "xa3-e3"}, {"automatic", true}, {"turn", 4}});

  CHECK(protocol::options_json({"gipf", "basic", 2, 0}) ==
        json{{"game", "gipf"}, {"variant", "basic"}, {"white_extra", 2}, {"black_extra", 0}});
  CHECK(protocol::options_json({"gipf", "basic"}) ==
        json{{"game", "gipf"}, {"variant", "basic"}, {"white_extra", 0}, {"black_extra", 0}});
  CHECK(protocol::options_json({"gipf", "tournament"}) == json{{"game", "gipf"}, {"variant", "tournament"}});
  CHECK(protocol::options_json({"yinsh", "normal"}) == json{{"game", "yinsh"}, {"variant", "normal"}});
}

TEST_CASE("create_room takes its games, variants and handicap rules from the registry") {
  CHECK(create_room_error(R"("game":"gipf","variant":"basic","white_extra":3,"black_extra":1)") == "(ok)");
  CHECK(create_room_error(R"("game":"yinsh","variant":"blitz","white_extra":0)") == "(ok)");
  for (const auto& info : engine::games())
    for (const auto& variant : info.variants)
      CHECK(create_room_error(R"("game":")" + std::string(info.name) + R"(","variant":")" + std::string(variant.name) + "\"") ==
            "(ok)");
  CHECK(create_room_error(R"("game":"chess","variant":"basic")") == "'game' must be one of gipf, yinsh");
  CHECK(create_room_error(R"("variant":"basic")") == "'game' is required");
  CHECK(create_room_error(R"("game":"gipf")") == "'variant' is required");
  CHECK(create_room_error(R"("game":"yinsh","variant":"basic")") == "'variant' must be one of normal, blitz");
  CHECK(create_room_error(R"("game":"gipf","variant":"blitz")") == "'variant' must be one of basic, standard, tournament");
  CHECK(create_room_error(R"("game":"gipf","variant":"basic","white_extra":4)") == "'white_extra' must be between 0 and 3");
  CHECK(create_room_error(R"("game":"gipf","variant":"basic","black_extra":-1)") == "'black_extra' must be between 0 and 3");
  CHECK(create_room_error(R"("game":"gipf","variant":"standard","white_extra":1)") ==
        "extra pieces (handicap) exist only in the basic GIPF game");
  CHECK(create_room_error(R"("game":"yinsh","variant":"normal","black_extra":2)") ==
        "extra pieces (handicap) exist only in the basic GIPF game");
}
