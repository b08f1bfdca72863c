// Protocol unit tests: every client message round-trips, every malformed input
// gets its error code.
#include <doctest/doctest.h>

#include "engine/gipf/notation.hpp"
#include "engine/yinsh/notation.hpp"
#include "protocol/name_skeleton.hpp"
#include "protocol/json_text.hpp"
#include "protocol/json_writer.hpp"
#include "protocol/messages.hpp"
#include "protocol/seek_messages.hpp"
#include "protocol/server_messages.hpp"
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
      {13, CreateRoom{"yinsh", "normal", 0, 0, "white", false, TimeControl{TimeControl::Kind::Live, 180000, 2000, 0}}},
      {14, CreateRoom{"gipf", "tournament", 0, 0, "random", true, TimeControl{TimeControl::Kind::Correspondence, 0, 0, 3}}},
      {15, Play{"room1", 3, "e3", 420}},
      {16, Resync{"room1", 40, 7}},
      {17, Abort{"room1"}},
      {18, Claim{"room1", false}},
      {19, Claim{"room1", true}},
      {20, Rematch{"room1"}},
      {21, Chat{"room1", "gg, well played"}},
      {22, DeleteChat{"room1", 5}},
      {23, Ping{}},
      {"beat-7", Ping{}},
      {nullptr, Ping{}},
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
  CHECK(code_of(R"({"type":"set_name","name":"\u200b"})") == ErrorCode::BadField);
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
  CHECK(code_name(ErrorCode::NameReserved) == "name_reserved");
  CHECK(code_name(ErrorCode::Blocked) == "blocked");
  CHECK(code_name(ErrorCode::GuestChatOff) == "guest_chat_off");
  CHECK(code_name(ErrorCode::NodeTimeout) == "node_timeout");
  for (auto code : {ErrorCode::BadJson, ErrorCode::NotYourTurn, ErrorCode::StalePly, ErrorCode::RateLimited, ErrorCode::Internal,
                    ErrorCode::NameReserved, ErrorCode::Blocked, ErrorCode::GuestChatOff, ErrorCode::NodeTimeout}) {
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

namespace {
// The name a set_name frame carrying `name` is stored with, or the error message.
std::string stored_name(const std::string& name, bool hello = false) {
  json frame = hello ? json{{"type", "hello"}, {"protocol", 1}, {"name", name}} : json{{"type", "set_name"}, {"name", name}};
  auto parsed = parse_client_message(frame.dump());
  if (auto* error = std::get_if<Error>(&parsed)) {
    CHECK(error->code == ErrorCode::BadField);
    return "error: " + error->message;
  }
  const auto& message = std::get<Incoming>(parsed).message;
  if (hello) return *std::get<Hello>(message).name;
  return std::get<SetName>(message).name;
}
}  // namespace

TEST_CASE("display names cannot pass for another name") {
  // C++20 forbids \u escapes of C0/C1 controls and surrogates: those are written as bytes.
  const std::vector<std::pair<std::string, std::string>> refused{
      {"Ann\u200B", "the name contains an invisible or formatting character (U+200B)"},  // zero-width space
      {"A\u200DB", "the name contains an invisible or formatting character (U+200D)"},   // zero-width joiner
      {"\u202Eevil", "the name contains an invisible or formatting character (U+202E)"}, // right-to-left override
      {"A\u2066B", "the name contains an invisible or formatting character (U+2066)"},   // left-to-right isolate
      {"A\u061CB", "the name contains an invisible or formatting character (U+061C)"},   // Arabic letter mark
      {"\uFEFFAnn", "the name contains an invisible or formatting character (U+FEFF)"},  // byte order mark
      {"A\u00ADB", "the name contains an invisible or formatting character (U+00AD)"},   // soft hyphen
      {"\u3164", "the name contains an invisible or formatting character (U+3164)"},     // Hangul filler (Lo)
      {"\u115FAnn", "the name contains an invisible or formatting character (U+115F)"},  // Hangul choseong filler
      {"A\uFE0F", "the name contains an invisible or formatting character (U+FE0F)"},    // variation selector 16
      {"A\u034FB", "the name contains an invisible or formatting character (U+034F)"},   // combining grapheme joiner
      {"Ann\U000E0041", "the name contains an invisible or formatting character (U+E0041)"},  // tag character
      {"\u00A0\u00A0", "the name contains a space other than the plain space (U+00A0)"},
      {"A\u00A0B", "the name contains a space other than the plain space (U+00A0)"},
      {"A\u3000B", "the name contains a space other than the plain space (U+3000)"},
      {"A\u2003B", "the name contains a space other than the plain space (U+2003)"},
      {"Ann\xC2\x85", "the name contains a control character (U+0085)"},  // next line (C1)
      {"A\xC2\x9B" "B", "the name contains a control character (U+009B)"},
      {"A\tB", "the name contains a control character (U+0009)"},
      {std::string("A\0B", 3), "the name contains a control character (U+0000)"},
      {"A\u2028B", "the name contains a line or paragraph separator (U+2028)"},
      {"A\u2029B", "the name contains a line or paragraph separator (U+2029)"},
      {"Ann\uE000", "the name contains a private-use character (U+E000)"},
      {"Ann\u0378", "the name contains an unassigned character (U+0378)"},
      {"Ann\uFDD0", "the name contains an unassigned character (U+FDD0)"},  // noncharacter
      {"A  B", "the name may not contain two spaces in a row"},
      {" Ann", "the name may not start or end with a space"},
      {"Ann ", "the name may not start or end with a space"},
      {"\u0301Ann", "the name may not start with a combining mark or have one after a space"},
      {"A \u0301B", "the name may not start with a combining mark or have one after a space"},
      {"...", "the name must contain at least one letter or digit"},
      {"-_- !", "the name must contain at least one letter or digit"},
      {"", "the name is empty"},
      {std::string(25, 'a'), "the name is longer than 24 characters"},
      {"\xff\xfe", "the name is not valid UTF-8"},
      {"A\xC0\xAF", "the name is not valid UTF-8"},          // overlong '/'
      {"A\xE0\x80\xAF", "the name is not valid UTF-8"},      // overlong '/', 3 bytes
      {"A\xED\xA0\x80", "the name is not valid UTF-8"},      // surrogate U+D800
      {"A\xF4\x90\x80\x80", "the name is not valid UTF-8"},  // above U+10FFFF
      {"Ann\xE2\x80", "the name is not valid UTF-8"},        // truncated
  };
  for (const auto& entry : refused) {  // no structured binding: clang 14 cannot capture one
    const auto& name = entry.first;
    const auto& message = entry.second;
    CAPTURE(name);
    auto checked = check_name(name);
    CHECK(checked.error == message);
    CHECK(checked.name.empty());
    CHECK(validate_name(name) == message);
  }
  // Through the wire (only valid UTF-8 can be put into a JSON frame).
  for (const std::string name : {"Ann\u200B", "\u202Eevil", "\uFEFFAnn", "\u00A0\u00A0", "A\u00A0B", "Ann\xC2\x85", "A\u2028B",
                                 "\u3164", "A\u2066B", "A  B", "..."}) {
    CAPTURE(name);
    CHECK(stored_name(name).rfind("error: ", 0) == 0);
    CHECK(stored_name(name, true).rfind("error: ", 0) == 0);
  }
  CHECK(code_of(R"({"type":"set_name","name":"A\u0000B"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"set_name","name":"Ann\u200b"})") == ErrorCode::BadField);

  for (const std::string name : {"Zoë", "Ærøskøbing", "李小龍", "Ann-Marie O'Neil", "Ελένη", "अनु", "R2-D2", "7", "Ann 🎲",
                                 "Nguyễn Văn An", "Zoë Ó'Brien-2",
                                 // every printable ASCII character may appear: the client shows names as text
                                 "<b>Ann</b>", "Tom & Jerry", "\"Ace\"", "a\\b", "x<3"}) {
    CAPTURE(name);
    auto checked = check_name(name);
    CHECK(checked.error.empty());
    CHECK(checked.name == name);  // already NFC
    CHECK(stored_name(name) == name);
    CHECK(stored_name(name, true) == name);
  }

  // NFC: e + combining diaeresis is stored as U+00EB.
  CHECK(check_name("Zoe\u0308").name == "Zo\u00EB");
  CHECK(check_name("Zoe\u0308").error.empty());
  CHECK(stored_name("Zoe\u0308") == "Zo\u00EB");
  CHECK(stored_name("Zoe\u0308", true) == "Zo\u00EB");
  CHECK(stored_name("A\u030A") == "\u00C5");  // A + ring above
  // The length is counted after NFC: 20 x (e + U+0308) is 40 code points, 20 after NFC.
  std::string decomposed, composed;
  for (int i = 0; i < 20; ++i) decomposed += "e\u0308", composed += "\u00EB";
  CHECK(check_name(decomposed).error.empty());
  CHECK(check_name(decomposed).name == composed);
  CHECK(stored_name(decomposed) == composed);
  // ... and NFC can lengthen: U+0958 (a composition exclusion) becomes two code points.
  std::string qa;
  for (int i = 0; i < 13; ++i) qa += "\u0958";
  CHECK(check_name(qa).error == "the name is longer than 24 characters");
  CHECK(check_name(qa.substr(0, 12 * 3)).error.empty());
  // The raw field keeps its byte cap (4 bytes per code point).
  CHECK(code_of(json{{"type", "set_name"}, {"name", std::string(97, 'a')}}.dump()) == ErrorCode::BadField);
}

TEST_CASE("ping: only an optional id, like every message") {
  auto parsed = parse_client_message(R"({"type":"ping","id":"hb-1"})");
  REQUIRE(std::holds_alternative<Incoming>(parsed));
  CHECK(std::get<Incoming>(parsed).id == "hb-1");
  CHECK(std::holds_alternative<Ping>(std::get<Incoming>(parsed).message));
  CHECK(type_name(Ping{}) == "ping");
  CHECK(std::holds_alternative<Incoming>(parse_client_message(R"({"type":"ping"})")));
  CHECK(code_of(R"({"type":"ping","room":"x"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"ping","id":[1]})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"ping","id":1.5})") == ErrorCode::BadField);
  CHECK(to_json(Pong{"hb-1"}) == json{{"type", "pong"}, {"id", "hb-1"}});
  CHECK(to_json(Pong{nullptr}) == json{{"type", "pong"}});
}

TEST_CASE("a frame with a NUL byte is not JSON") {
  CHECK(code_of("{\"type\":\"lobby_subscribe\"}" + std::string(1, '\0') + "junk") == ErrorCode::BadJson);
  CHECK(code_of("{\"type\":\"lobby_subscribe\"}" + std::string(1, '\0')) == ErrorCode::BadJson);
  CHECK(code_of(std::string(1, '\0') + "{\"type\":\"lobby_subscribe\"}") == ErrorCode::BadJson);
  CHECK(std::holds_alternative<Incoming>(parse_client_message("{\"type\":\"lobby_subscribe\"}")));
}

TEST_CASE("legal actions with what they do: a push's path, a move's flips") {
  namespace g = engine::gipf;
  g::State gipf(g::Options{g::Variant::Basic});
  auto push = g::parse_action(gipf, "e1-e3");
  REQUIRE(push.ok());
  json p = action_to_json(gipf, push.value);
  CHECK(p == json{{"action", "e1-e3"}, {"kind", "push"}, {"path", {"e2", "e3"}}});

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
        json{{"action", "e3-e7"}, {"kind", "move"}, {"flips", {"e4", "e5", "e6"}}});
  auto row = y::parse_action(yinsh.value, "xa2-e2");
  REQUIRE(row.ok());
  CHECK(action_to_json(yinsh.value, row.value)["cells"] == json{"a2", "b2", "c2", "d2", "e2"});
}

TEST_CASE("JsonWriter: commas, nesting, raw parts and escaping as to_text does") {
  protocol::JsonWriter w;
  w.begin_object().key("a").number(-7).key("b").begin_array().boolean(true).null().begin_object().end_object().end_array();
  w.key("c").raw(protocol::RawJson{"{\"x\":[1,2]}"}).key("d").string("plain e3-e7").end_object();
  CHECK(json::parse(w.text()) == json{{"a", -7}, {"b", {true, nullptr, json::object()}}, {"c", {{"x", {1, 2}}}}, {"d", "plain e3-e7"}});
  for (std::string text : {std::string("quote \" and \\ back"), std::string("tab\tnew\nline"), std::string("Zoë 名人"),
                           std::string("bad \xff\xfe utf-8"), std::string(1, '\0')}) {
    protocol::JsonWriter s;
    s.begin_array().string(text).end_array();
    CAPTURE(s.text());
    CHECK(json::accept(s.text()));  // always valid JSON
    CHECK(s.text() == protocol::to_text(json::array({text})));  // the same text nlohmann writes
  }
}

TEST_CASE("clocks, lifecycle and chat messages: bounds and codes") {
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","clock":{"kind":"live","initial_ms":0,"increment_ms":0}})") ==
        ErrorCode::BadField);  // no time at all
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","clock":{"kind":"live","initial_ms":10800001,"increment_ms":0}})") ==
        ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","clock":{"kind":"live","initial_ms":60000}})") ==
        ErrorCode::BadField);  // increment_ms is required
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","clock":{"kind":"live","initial_ms":60000,"increment_ms":0,"x":1}})") ==
        ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","clock":{"kind":"correspondence","days_per_move":15}})") ==
        ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","clock":{"kind":"blitz"}})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"create_room","game":"gipf","variant":"basic","clock":"5+3"})") == ErrorCode::BadField);
  auto untimed = parse_client_message(R"({"type":"create_room","game":"gipf","variant":"basic","clock":null})");
  REQUIRE(std::holds_alternative<Incoming>(untimed));
  CHECK(!std::get<CreateRoom>(std::get<Incoming>(untimed).message).clock.timed());
  CHECK(code_of(R"({"type":"action","room":"r","ply":0,"action":"e3","think_ms":-1})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"delete_chat","room":"r","seq":0})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"claim_draw"})") == ErrorCode::BadField);

  // Chat text: the display-name rules for characters, up to 200 code points, spaces anywhere.
  CHECK(code_of(R"({"type":"chat","room":"r","text":""})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"chat","room":"r","text":"   "})") == ErrorCode::BadField);
  // every printable character, the ones HTML gives a meaning included: the client shows chat as text
  CHECK(check_chat_text("he said \"gg\" & <3").name == "he said \"gg\" & <3");
  CHECK(check_chat_text("a <script>alert(1)</script> \\ b").error.empty());
  CHECK(check_chat_text("1 > 0").error.empty());
  CHECK(std::holds_alternative<Incoming>(parse_client_message(R"({"type":"chat","room":"r","text":"rock & roll \"<b>\" \\"})")));
  CHECK(!check_chat_text("tab\there").error.empty());
  CHECK(!check_chat_text(std::string("nul\0here", 8)).error.empty());
  CHECK(!check_chat_text("bell\a").error.empty());
  CHECK(!check_chat_text(std::string(200, '&') + "<").error.empty());  // 201 code points
  CHECK(code_of("{\"type\":\"chat\",\"room\":\"r\",\"text\":\"hi\u202Ethere\"}") == ErrorCode::BadField);
  CHECK(code_of("{\"type\":\"chat\",\"room\":\"r\",\"text\":\"line\\nbreak\"}") == ErrorCode::BadField);
  CHECK(check_chat_text(std::string(200, 'a')).error.empty());
  CHECK(!check_chat_text(std::string(201, 'a')).error.empty());
  CHECK(check_chat_text(" gg  wp! ").name == " gg  wp! ");
  CHECK(check_chat_text("!!!").error.empty());  // no letter needed, unlike a name
  CHECK(check_chat_text("Zoe\xCC\x88").name == "Zo\xC3\xAB");  // NFC
  CHECK(code_name(ErrorCode::NotAbortable) == "not_abortable");
  CHECK(code_name(ErrorCode::NoClaim) == "no_claim");
  CHECK(code_name(ErrorCode::GameNotOver) == "game_not_over");
  CHECK(code_name(ErrorCode::Muted) == "muted");
}

TEST_CASE("name skeletons: look-alike names share one, so a guest cannot pass for an account or staff (#34)") {
  using protocol::name_skeleton;
  const std::string admin = name_skeleton("admin");
  for (const char* alike : {"Admin", "ADMIN", "adm1n", "a_d-min", "a d m i n", "\u0430dmin" /* Cyrillic a */,
                            "\uFF41dmin" /* fullwidth a */, "\u00E0dm\u00EDn" /* accents */, "adm\u0131n" /* dotless i */})
    CHECK_MESSAGE(name_skeleton(alike) == admin, alike);
  CHECK(name_skeleton("modem") == name_skeleton("rnodern"));  // rn looks like m
  CHECK(name_skeleton("wolf") == name_skeleton("vvolf"));
  CHECK(name_skeleton("wolf") == name_skeleton("ωolf"));  // ω (omega) reads as w
  CHECK(name_skeleton("WOLF") == name_skeleton("ΩOLF"));
  CHECK(name_skeleton("rob") == name_skeleton("ґob"));
  CHECK(name_skeleton("bob") != name_skeleton("rob"));
  CHECK(name_skeleton("Alice") != name_skeleton("Alicia"));
  // ICU's UTS #39 confusables, in either case: lower-case Cyrillic к т м look like small capitals in UTS #39,
  // their upper case like K T M; б г ѕ ԁ and Greek ν as 6 r s d v.
  CHECK(name_skeleton("\u043Aing") == name_skeleton("king"));
  CHECK(name_skeleton("\u0442\u043E\u043C") == name_skeleton("Tom"));
  CHECK(name_skeleton("\u0431\u0433\u0455\u0501\u03BD") == name_skeleton("6rsdv"));
  CHECK(name_skeleton("\u0434") != name_skeleton("d"));  // д is no Latin letter
  CHECK(protocol::reserved_guest_name("\u0455\u0442\u0430ff"));
  CHECK(protocol::reserved_guest_name("\u03BC\u03BF\u0501"));  // Greek mu, omicron, Cyrillic komi de: "mod"
  CHECK(protocol::reserved_guest_name("Moderator"));
  CHECK(protocol::reserved_guest_name("St4ff") == false);  // 4 is no look-alike here
  CHECK(protocol::reserved_guest_name("ADM1N"));
  CHECK(!protocol::reserved_guest_name("Ann the guest"));
  CHECK(protocol::player_kind(std::nullopt) == "guest");
  CHECK(protocol::player_kind(protocol::Role::Player) == "account");
  CHECK(protocol::player_kind(protocol::Role::Moderator) == "moderator");
  CHECK(protocol::player_kind(protocol::Role::Admin) == "admin");
}

TEST_CASE("seek: a pool's terms, round-tripped; a seek without a clock, with a handicap or upside-down bounds is refused (#46)") {
  auto parsed = parse_client_message(
      R"({"type":"seek","id":4,"game":"yinsh","variant":"blitz","clock":{"kind":"live","initial_ms":180000,"increment_ms":2000},"rated":true,"rating_min":1400})");
  REQUIRE(std::holds_alternative<Incoming>(parsed));
  const Incoming& in = std::get<Incoming>(parsed);
  const auto* seek = std::get_if<Seek>(&in.message);
  REQUIRE(seek);
  CHECK(seek->game == "yinsh");
  CHECK(seek->variant == "blitz");
  CHECK(seek->clock.initial_ms == 180000);
  CHECK(seek->rated);
  CHECK(seek->rating_min == 1400);
  CHECK(seek->rating_max == 0);
  CHECK(type_name(in.message) == "seek");
  auto again = parse_client_message(to_json(in).dump());
  REQUIRE(std::holds_alternative<Incoming>(again));
  CHECK(std::get<Incoming>(again).message == in.message);
  CHECK(protocol::seek_pool({"yinsh", "blitz", 0, 0}, seek->clock, true) == "yinsh:blitz/3+2/rated");
  CHECK(protocol::seek_pool({"gipf", "standard", 0, 0}, {TimeControl::Kind::Correspondence, 0, 0, 3}, false) == "gipf:standard/3d/casual");
  CHECK(protocol::seek_pool({"gipf", "basic", 0, 0}, {TimeControl::Kind::Live, 90000, 500, 0}, false) == "gipf:basic/1.5+0.5/casual");
  CHECK(code_of(R"({"type":"seek","game":"yinsh","variant":"normal"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"seek","game":"gipf","variant":"basic","white_extra":1,"clock":{"kind":"correspondence","days_per_move":1}})") ==
        ErrorCode::BadField);
  CHECK(code_of(R"({"type":"seek","game":"yinsh","variant":"normal","clock":{"kind":"correspondence","days_per_move":1},"rating_min":1900,"rating_max":1800})") ==
        ErrorCode::BadField);
  CHECK(code_of(R"({"type":"seek","game":"yinsh","variant":"normal","clock":{"kind":"correspondence","days_per_move":1},"rating_max":4001})") ==
        ErrorCode::BadField);
  auto cancel = parse_client_message(R"({"type":"seek_cancel"})");
  REQUIRE(std::holds_alternative<Incoming>(cancel));
  CHECK(std::holds_alternative<SeekCancel>(std::get<Incoming>(cancel).message));
  CHECK(code_of(R"({"type":"seek_cancel","pool":"x"})") == ErrorCode::BadField);
  CHECK(code_name(ErrorCode::TooManySeeks) == "too_many_seeks");
  CHECK(parse_code("too_many_seeks") == ErrorCode::TooManySeeks);
}

TEST_CASE("protocol: give_time (#46), its event kind and its error code") {
  auto given = parse_client_message(R"({"type":"give_time","room":"abc","id":7})");
  REQUIRE(std::holds_alternative<Incoming>(given));
  const auto& incoming = std::get<Incoming>(given);
  REQUIRE(std::holds_alternative<GiveTime>(incoming.message));
  CHECK(std::get<GiveTime>(incoming.message).room == "abc");
  CHECK(to_json(incoming) == nlohmann::json::parse(R"({"type":"give_time","room":"abc","id":7})"));
  CHECK(code_of(R"({"type":"give_time"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"give_time","room":"abc","seconds":30})") == ErrorCode::BadField);  // always 15 s
  CHECK(protocol::kind_name(protocol::EventKind::TimeGiven) == "time_given");
  CHECK(protocol::parse_kind("time_given") == protocol::EventKind::TimeGiven);
  CHECK(code_name(ErrorCode::NoLiveClock) == "no_live_clock");
  CHECK(parse_code("no_live_clock") == ErrorCode::NoLiveClock);
  CHECK(protocol::kGiveTimeMs == 15000);
}

TEST_CASE("protocol: premove and conditional (#46), their checks, the plan message and the error codes") {
  auto premove = parse_client_message(R"({"type":"premove","room":"abc","action":"e3","id":1})");
  REQUIRE(std::holds_alternative<Incoming>(premove));
  CHECK(std::get<Premove>(std::get<Incoming>(premove).message).action == "e3");
  CHECK(to_json(std::get<Incoming>(premove)) == nlohmann::json::parse(R"({"type":"premove","room":"abc","action":"e3","id":1})"));
  auto cancel = parse_client_message(R"({"type":"premove","room":"abc","action":null})");
  REQUIRE(std::holds_alternative<Incoming>(cancel));
  CHECK_FALSE(std::get<Premove>(std::get<Incoming>(cancel).message).action);
  CHECK(code_of(R"({"type":"premove","room":"abc","action":5})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"premove","room":"abc","action":"e3","ply":2})") == ErrorCode::BadField);

  auto line = parse_client_message(R"({"type":"conditional","room":"abc","line":["e3","f5;a2"]})");
  REQUIRE(std::holds_alternative<Incoming>(line));
  CHECK(std::get<Conditional>(std::get<Incoming>(line).message).line == std::vector<std::string>{"e3", "f5;a2"});
  CHECK(std::holds_alternative<Incoming>(parse_client_message(R"({"type":"conditional","room":"abc","line":[]})")));
  CHECK(code_of(R"({"type":"conditional","room":"abc"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"conditional","room":"abc","line":["e3"]})") == ErrorCode::BadField);  // not a pair
  CHECK(code_of(R"({"type":"conditional","room":"abc","line":["e3",""]})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"conditional","room":"abc","line":["e3",7]})") == ErrorCode::BadField);
  nlohmann::json long_line = {{"type", "conditional"}, {"room", "abc"}, {"line", std::vector<std::string>(18, "e3")}};
  CHECK(code_of(long_line.dump()) == ErrorCode::BadField);
  nlohmann::json long_entry = {{"type", "conditional"}, {"room", "abc"}, {"line", {std::string(300, 'a'), "e3"}}};
  CHECK(code_of(long_entry.dump()) == ErrorCode::BadField);

  CHECK(protocol::to_json(protocol::Plan{"abc", "e3", {}, std::nullopt, std::nullopt}) ==
        nlohmann::json::parse(R"({"type":"plan","room":"abc","premove":"e3","conditional":[]})"));
  CHECK(protocol::to_json(protocol::Plan{"abc", std::nullopt, {"a1", "b2"}, "c3", "they played d4"}) ==
        nlohmann::json::parse(
            R"({"type":"plan","room":"abc","premove":null,"conditional":["a1","b2"],"dropped":"c3","reason":"they played d4"})"));
  CHECK(code_name(ErrorCode::NoPremove) == "no_premove");
  CHECK(parse_code("no_conditional") == ErrorCode::NoConditional);
}

TEST_CASE("protocol: offer_takeback and answer_takeback (#46), their events and error code") {
  auto offer = parse_client_message(R"({"type":"offer_takeback","room":"abc"})");
  REQUIRE(std::holds_alternative<Incoming>(offer));
  CHECK(std::get<TakebackOffer>(std::get<Incoming>(offer).message).room == "abc");
  auto answer = parse_client_message(R"({"type":"answer_takeback","room":"abc","accept":true,"id":"a"})");
  REQUIRE(std::holds_alternative<Incoming>(answer));
  CHECK(std::get<TakebackAnswer>(std::get<Incoming>(answer).message).accept);
  CHECK(to_json(std::get<Incoming>(answer)) == nlohmann::json::parse(R"({"type":"answer_takeback","room":"abc","accept":true,"id":"a"})"));
  CHECK(code_of(R"({"type":"answer_takeback","room":"abc"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"answer_takeback","room":"abc","accept":"yes"})") == ErrorCode::BadField);
  CHECK(code_of(R"({"type":"offer_takeback","room":"abc","plies":2})") == ErrorCode::BadField);
  for (auto kind : {protocol::EventKind::TakebackOffered, protocol::EventKind::TakebackDeclined, protocol::EventKind::TakebackAccepted})
    CHECK(protocol::parse_kind(protocol::kind_name(kind)) == kind);
  CHECK(protocol::kind_name(protocol::EventKind::TakebackAccepted) == "takeback_accepted");
  CHECK(code_name(ErrorCode::NoTakeback) == "no_takeback");
  CHECK(parse_code("no_takeback") == ErrorCode::NoTakeback);
}
