// Protocol unit tests: every client message round-trips, every malformed input
// gets its error code.
#include <doctest/doctest.h>

#include "engine/gipf/notation.hpp"
#include "engine/yinsh/notation.hpp"
#include "protocol/messages.hpp"
#include "protocol/state_json.hpp"

using namespace protocol;
using nlohmann::json;

namespace {
ErrorCode code_of(const std::string& text) {
  auto parsed = parse_client_message(text);
  REQUIRE_MESSAGE(std::holds_alternative<Error>(parsed), text);
  return std::get<Error>(parsed).code;
}
}  // namespace

TEST_CASE("every client message round-trips through JSON") {
  std::vector<Incoming> messages{
      {1, Hello{1, std::string("abc"), std::string("Ann")}},
      {"x", Hello{1, std::nullopt, std::nullopt}},
      {nullptr, SetName{"Zoë Ó"}},
      {2, LobbySubscribe{}},
      {3, CreateRoom{"gipf", "basic", 2, 1, "black", true}},
      {4, CreateRoom{"yinsh", "blitz", 0, 0, "random", false}},
      {5, JoinRoom{"room1"}},
      {6, Watch{"room1"}},
      {7, Leave{"room1"}},
      {8, Play{"room1", 12, "Ge1-e2"}},
      {9, Resign{"room1"}},
      {10, DrawOffer{"room1"}},
      {11, DrawAnswer{"room1", true}},
      {12, Resync{"room1", 40}},
  };
  for (const auto& m : messages) {
    json j = to_json(m);
    CAPTURE(j.dump());
    auto parsed = parse_client_message(j.dump());
    REQUIRE(std::holds_alternative<Incoming>(parsed));
    const auto& back = std::get<Incoming>(parsed);
    CHECK(back.id == m.id);
    CHECK(back.message == m.message);
  }
}

TEST_CASE("malformed client messages get their codes") {
  CHECK(code_of("") == ErrorCode::BadJson);
  CHECK(code_of("{\"type\":") == ErrorCode::BadJson);
  CHECK(code_of("42") == ErrorCode::BadMessage);
  CHECK(code_of("{}") == ErrorCode::BadMessage);
  CHECK(code_of(R"({"type":7})") == ErrorCode::BadMessage);
  CHECK(code_of(R"({"type":"fly"})") == ErrorCode::UnknownType);
  CHECK(code_of(R"({"type":"hello"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"hello","protocol":"1"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"hello","protocol":1,"extra":true})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"hello","protocol":1,"id":{"a":1}})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"set_name","name":""})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"set_name","name":" Ann"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"set_name","name":"a\u0007b"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"set_name","name":"<script>"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"set_name","name":"abcdefghijklmnopqrstuvwxy"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"chess","variant":"basic"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"yinsh","variant":"basic"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"standard","white_extra":1})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","white_extra":4})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","color":"green"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","visibility":"secret"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"action","room":"r","ply":-1,"action":"e1-e2"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"action","room":"r","ply":1.5,"action":"e1-e2"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"action","room":"r","ply":1})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"action","room":"r","ply":1,"action":")" + std::string(100, 'e') + "\"}") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"watch"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"watch","room":null})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"answer_draw","room":"r"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"resync","room":"r","since":-3})") == ErrorCode::BadField);
  auto with_id = parse_client_message(R"({"type":"fly","id":"q7"})");
  CHECK(std::get<Error>(with_id).id == "q7");  // the id is echoed even on errors
}

TEST_CASE("error codes have stable names") {
  for (auto code : {ErrorCode::BadJson, ErrorCode::NotYourTurn, ErrorCode::StalePly, ErrorCode::RateLimited, ErrorCode::Internal}) {
    auto name = code_name(code);
    CHECK(parse_code(name) == code);
  }
  CHECK(code_name(ErrorCode::IllegalAction) == "illegal_action");
  json e = error_message(ErrorCode::RoomFull, "both seats are taken", 4);
  CHECK(e == json{{"type", "error"}, {"code", "room_full"}, {"message", "both seats are taken"}, {"id", 4}});
}

TEST_CASE("display names") {
  CHECK(validate_name("Ann").empty());
  CHECK(validate_name("Zoë Ó'Brien-2").empty());
  CHECK(validate_name("名前").empty());
  CHECK(!validate_name("").empty());
  CHECK(!validate_name("\xff\xfe").empty());
  CHECK(!validate_name(std::string(25, 'a')).empty());
  CHECK(validate_name(std::string(24, 'a')).empty());
}

TEST_CASE("legal actions with what they do: a push's path, a move's flips") {
  namespace g = engine::gipf;
  g::State gipf(g::Options{g::Variant::Basic});
  auto push = g::parse_action(gipf, "e1-e3");
  REQUIRE(push.ok());
  json p = action_to_json(gipf, push.value);
  CHECK(p == json{{"action", "e1-e3"}, {"kind", "push"}, {"dot", "e1"}, {"path", {"e2", "e3"}}, {"gipf", false}});

  namespace y = engine::yinsh;
  y::Setup setup;
  setup.board[*y::parse_cell("e3")] = y::Piece::BlackRing;
  for (auto name : {"e4", "e6"}) setup.board[*y::parse_cell(name)] = y::Piece::WhiteMarker;
  setup.board[*y::parse_cell("e5")] = y::Piece::BlackMarker;
  for (auto name : {"a2", "a3", "a4", "a5"}) setup.board[*y::parse_cell(name)] = y::Piece::BlackRing;
  for (auto name : {"k7", "k8", "k9", "k10", "j11"}) setup.board[*y::parse_cell(name)] = y::Piece::WhiteRing;
  setup.turn = engine::Color::Black;
  auto yinsh = y::State::from_setup(setup);
  REQUIRE(yinsh.ok());
  auto move = y::parse_action(yinsh.value, "e3-e7");
  REQUIRE(move.ok());
  CHECK(action_to_json(yinsh.value, move.value) ==
        json{{"action", "e3-e7"}, {"kind", "move"}, {"from", "e3"}, {"to", "e7"}, {"flips", {"e4", "e5", "e6"}}});
  auto row = y::parse_action(yinsh.value, "xa2-e2");
  REQUIRE(row.ok());
  CHECK(action_to_json(yinsh.value, row.value)["cells"] == json{"a2", "b2", "c2", "d2", "e2"});
}
