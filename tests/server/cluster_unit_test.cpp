// The pieces of several nodes, one site (#30) that need no bus: what nodes
// send each other, as typed messages through their one codec (#41, #42:
// cluster/cluster_codec, game/player_bus), the forwarding endpoint on a fake
// bus (cluster/remote_room), the connections' numbers, and what reaches a
// player on every node (PlayerConnections::set_site / apply_from_site).
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cluster/cluster_codec.hpp"
#include "cluster/connection_routes.hpp"
#include "cluster/frame_streams.hpp"
#include "cluster/remote_room.hpp"
#include "game/player_bus.hpp"
#include "game/player_connections.hpp"

using namespace arena;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

struct SeenClient : Client {
  std::vector<json> frames;
  std::string closed;
  void send(Frame frame) override { frames.push_back(json::parse(*frame)); }
  void disconnect(const char* reason) override { closed = reason; }
};

struct FakeBus {
  bool up = true;
  std::vector<std::pair<std::string, std::string>> sent;
  Publish publish() {
    return [this](const std::string& subject, std::string data) {
      if (up) sent.emplace_back(subject, std::move(data));
      return up;
    };
  }
};

}  // namespace

TEST_CASE("cluster: a room call survives its text, every field of every kind") {
  RoomCall play;
  play.op = RoomOp::Play;
  play.room = "abc";
  play.from = "node-b";
  play.conn = 42;
  play.player = {7, "Ann \"the\" <best>", true, "moderator"};
  play.request_id = "r-1";
  play.play = {"abc", 12, "e5-e7", 340};
  auto back = decode_call(encode(play));
  REQUIRE(back);
  CHECK(back->op == RoomOp::Play);
  CHECK(back->conn == 42);
  CHECK(back->player.name == "Ann \"the\" <best>");
  CHECK(back->player.kind == "moderator");
  CHECK(back->request_id == "r-1");
  CHECK(back->play == play.play);

  RoomCall deletion;
  deletion.op = RoomOp::DeleteChat;
  deletion.room = "abc";
  deletion.from = "node-c";
  deletion.request_id = 3;
  deletion.seq = 9;
  deletion.audit = {std::int64_t{5}, "delete_chat", "abc", "{}", "10.0.0.1", 1234};
  back = decode_call(encode(deletion));
  REQUIRE(back);
  CHECK(back->seq == 9);
  CHECK(back->audit.actor == std::int64_t{5});
  CHECK(back->audit.address == "10.0.0.1");
  CHECK(back->audit.at == 1234);
  CHECK(back->request_id == 3);

  // What does not decode is dropped, never half-read.
  CHECK_FALSE(decode_call("not json"));
  CHECK_FALSE(decode_call(R"({"op":"play","room":"abc"})"));
  CHECK_FALSE(decode_call(R"({"op":"play","room":"abc","from":"b","conn":-1,"player":{},"rid":null})"));
}

TEST_CASE("cluster: frames and closes keep their bytes; a malformed envelope is refused") {
  std::string frame = R"({"type":"event","text":"line\none"})";
  // (the decoded text points into the message: it is kept while read)
  std::string framed = encode(FrameTo{18446744073709551615ull, frame}), closed = encode(CloseTo{3, "banned"});
  auto f = decode_frame(framed);
  REQUIRE(f);
  REQUIRE(std::holds_alternative<FrameTo>(*f));
  CHECK(std::get<FrameTo>(*f).conn == 18446744073709551615ull);
  CHECK(std::get<FrameTo>(*f).frame == frame);
  auto x = decode_frame(closed);
  REQUIRE(x);
  REQUIRE(std::holds_alternative<CloseTo>(*x));
  CHECK(std::get<CloseTo>(*x).conn == 3);
  CHECK(std::get<CloseTo>(*x).reason == "banned");
  for (std::string bad : {"", "F", "F12", "Fx\n{}", "Y1\n{}", "F-1\n{}", "F1 \n{}"}) CHECK_FALSE(decode_frame(bad));
}

TEST_CASE("cluster: a room's summary survives its text, for another node's lobby") {
  RoomSummary r;
  r.id = "room1";
  r.options = {"gipf", "basic", 1, 0};
  r.clock.kind = protocol::TimeControl::Kind::Live;
  r.clock.initial_ms = 300000;
  r.clock.increment_ms = 3000;
  r.status = protocol::RoomStatus::Live;
  r.white = 4;
  r.black = 5;
  r.white_name = "ann";
  r.black_name = "bob";
  r.white_seated = r.black_seated = true;
  r.rated = true;
  r.white_rating = protocol::RatingView{1612.5, 80, false};
  r.moves = 10;
  r.ply = 23;
  r.spectators = 2;
  r.created_at = 1000;
  auto back = decode_summary(encode(r));
  REQUIRE(back);
  CHECK(back->options == r.options);
  CHECK(back->clock.initial_ms == 300000);
  CHECK(back->status == protocol::RoomStatus::Live);
  CHECK(back->white_rating == r.white_rating);
  CHECK_FALSE(back->black_rating);
  CHECK(back->spectators == 2);
  RoomSummary untimed;
  untimed.id = "room2";
  back = decode_summary(encode(untimed));
  REQUIRE(back);
  CHECK(back->clock.kind == protocol::TimeControl::Kind::Untimed);
  CHECK_FALSE(decode_summary(R"({"id":"x"})"));
  json bad_status = json::parse(encode(untimed));
  bad_status["status"] = 9;
  CHECK_FALSE(decode_summary(bad_status.dump()));
}

TEST_CASE("cluster: a remote room forwards each call to its node, numbered by connection, and answers when the bus is down") {
  FakeBus bus;
  ConnectionRoutes routes;
  PendingCalls pending;
  RemoteRoom room("abc", "node-a", "node-b", routes, pending, bus.publish());
  auto ann = std::make_shared<SeenClient>(), bob = std::make_shared<SeenClient>();
  room.join(ann, {1, "ann", false, ""}, "j");
  room.watch(bob, {2, "bob", false, ""}, nullptr);
  room.chat(ann, {1, "ann", false, ""}, "hi", 4);
  REQUIRE(bus.sent.size() == 3);
  CHECK(bus.sent[0].first == "arena.node.node-a.calls");
  auto join = decode_call(bus.sent[0].second), watch = decode_call(bus.sent[1].second), chat = decode_call(bus.sent[2].second);
  REQUIRE((join && watch && chat));
  CHECK(join->from == "node-b");
  CHECK(join->conn == chat->conn);  // one connection, one number
  CHECK(join->conn != watch->conn);
  CHECK(chat->text == "hi");
  CHECK(routes.client(join->conn) == ann);
  CHECK(room.members() == 2);
  // The calls with an id wait for their answer (#42, defect 6): the join and the chat.
  CHECK(pending.size() == 2);

  room.disconnected(bob.get());
  CHECK(room.members() == 1);
  auto gone = decode_call(bus.sent.back().second);
  REQUIRE(gone);
  CHECK(gone->op == RoomOp::Disconnected);
  CHECK(gone->conn == watch->conn);

  // The bus refuses: the caller hears it at once, with its request's id; nothing was done.
  bus.up = false;
  room.resign(ann, {1, "ann", false, ""}, "r");
  REQUIRE(ann->frames.size() == 1);
  CHECK(ann->frames[0]["type"] == "error");
  CHECK(ann->frames[0]["code"] == "internal");
  CHECK(ann->frames[0]["id"] == "r");

  // A closed connection's number leads nowhere, and is forgotten.
  std::uint64_t number = join->conn;
  ann.reset();
  CHECK(routes.client(number) == nullptr);
  CHECK(routes.prune() == 1);  // ann's forgotten; bob's connection is still open
}

TEST_CASE("cluster: what reaches a player is told to the other nodes, which apply it to their own connections") {
  // (through their text, as the bus carries them)
  std::vector<std::string> told;
  PlayerConnections here, there;
  here.set_site([&](const PlayerMessage& m) { told.push_back(encode(m)); });
  auto apply_there = [&](const std::string& text) {
    auto m = decode_player_message(text);
    if (m) there.apply_from_site(*m);
    return m.has_value();
  };
  auto on_there = std::make_shared<SeenClient>();
  REQUIRE(there.add(7, on_there, "session-1", 0));

  here.send(7, make_frame(json{{"type", "notice"}, {"text", "your round"}}));
  here.mute(7, 5000, 100);
  REQUIRE(told.size() == 2);
  for (auto& m : told) CHECK(apply_there(m));
  REQUIRE(on_there->frames.size() == 1);
  CHECK(on_there->frames[0]["text"] == "your round");
  CHECK(there.muted_until(7, 200) == 5000);

  here.disconnect_session("session-1", "logged out");
  CHECK(apply_there(told.back()));
  CHECK(on_there->closed == "logged out");

  told.clear();
  here.ban(7, 9000, 100);
  CHECK(apply_there(told.back()));
  CHECK_FALSE(there.add(7, std::make_shared<SeenClient>(), "", 200));  // banned there too
  CHECK_FALSE(apply_there("{}"));
  CHECK_FALSE(apply_there(R"({"op":"ban","player":"x"})"));
}

// ---- the codec, message by message (#41, #42) ---------------------------------------

TEST_CASE("bus codec: every player message survives its text, and so does the envelope that carries it") {
  std::vector<PlayerMessage> all{
      SendToPlayer{7, R"({"type":"notice","text":"a \"quoted\"\nline"})"},
      DisconnectPlayer{-3, "role changed"},
      DisconnectSession{"cookie-\u00e9", "logged out"},
      BanPlayer{9, 90000, 100},
      UnbanPlayer{9},
      MutePlayer{4, 0, 100},
  };
  REQUIRE(all.size() == std::variant_size_v<PlayerMessage>);
  for (const PlayerMessage& m : all) {
    CAPTURE(encode(m));
    auto back = decode_player_message(encode(m));
    REQUIRE(back);
    CHECK(back->index() == m.index());
    CHECK(*back == m);
    PlayersTold told{"node-a", m};
    auto carried = decode_players_told(encode(told));
    REQUIRE(carried);
    CHECK(*carried == told);
    CHECK(sent_by(encode(told), "node-a"));
    CHECK_FALSE(sent_by(encode(told), "node"));
  }
}

TEST_CASE("bus codec: junk, unknown ops and missing fields are no player message, and say why") {
  BusDrop why{};
  for (std::string_view junk : {"", "not json", "[]", "42", "{", R"({"player":7})", R"({"op":7})"}) {
    CAPTURE(junk);
    why = BusDrop::QueueFull;
    CHECK_FALSE(decode_player_message(junk, &why));
    CHECK(why == BusDrop::Undecodable);
  }
  why = BusDrop::QueueFull;
  CHECK_FALSE(decode_player_message(R"({"op":"kick","player":7})", &why));
  CHECK(why == BusDrop::UnknownOp);
  for (std::string_view missing : {R"({"op":"send","player":7})", R"({"op":"send","frame":"{}"})",
                                   R"({"op":"disconnect_player","player":7})", R"({"op":"disconnect_session","reason":"x"})",
                                   R"({"op":"ban","player":7,"until":9})", R"({"op":"unban"})",
                                   R"({"op":"mute","player":7,"now":1})",
                                   R"({"op":"unban","player":"7"})", R"({"op":"ban","player":7,"until":"soon","now":1})"}) {
    CAPTURE(missing);
    why = BusDrop::QueueFull;
    CHECK_FALSE(decode_player_message(missing, &why));
    CHECK(why == BusDrop::Undecodable);
  }
  CHECK_FALSE(decode_player_message("\xff\xfe"));
  // The envelope: a node's name first.
  CHECK_FALSE(decode_players_told(encode(PlayerMessage{UnbanPlayer{1}})));
  CHECK_FALSE(decode_players_told("\n" + encode(PlayerMessage{UnbanPlayer{1}})));
  why = BusDrop::QueueFull;
  CHECK_FALSE(decode_players_told(R"(node-a
{"op":"kick"})", &why));
  CHECK(why == BusDrop::UnknownOp);
}

TEST_CASE("bus codec: every room call's op survives its text; an unknown op or a missing field is no call") {
  for (int i = 0; i <= static_cast<int>(RoomOp::Conditional); ++i) {
    RoomCall c;
    c.op = static_cast<RoomOp>(i);
    c.room = "abc";
    c.from = "node-b";
    c.conn = 5;
    c.player = {3, "ann", false, "guest"};
    c.request_id = json{{"n", i}};
    c.since = 11;
    c.chat_since = 12;
    c.play = {"abc", 4, "a1-b2", std::nullopt};
    c.yes = true;
    c.text = "hello";
    c.seq = 6;
    c.audit = {std::nullopt, "delete_chat", "abc", "{}", "cli", 77};
    c.premove = "e3";
    c.line = {"e3", "f5"};
    CAPTURE(op_name(c.op));
    CHECK(parse_room_op(op_name(c.op)) == c.op);
    auto back = decode_call(encode(c));
    REQUIRE(back);
    CHECK(back->op == c.op);
    CHECK(back->room == "abc");
    CHECK(back->from == "node-b");
    CHECK(back->conn == 5);
    CHECK(back->player.name == "ann");
    CHECK(back->player.kind == "guest");
    CHECK(back->request_id == c.request_id);
    switch (c.op) {
      case RoomOp::Resync:
        CHECK(back->since == 11);
        CHECK(back->chat_since == 12);
        break;
      case RoomOp::Play: CHECK(back->play == c.play); break;
      case RoomOp::AnswerDraw:
      case RoomOp::Claim:
      case RoomOp::AnswerTakeback: CHECK(back->yes); break;
      case RoomOp::Chat: CHECK(back->text == "hello"); break;
      case RoomOp::Premove: CHECK(back->premove == "e3"); break;
      case RoomOp::Conditional: CHECK(back->line == c.line); break;
      case RoomOp::DeleteChat:
        CHECK(back->seq == 6);
        CHECK_FALSE(back->audit.actor);
        CHECK(back->audit.address == "cli");
        CHECK(back->audit.at == 77);
        break;
      default:  // nothing but the call's own fields travels
        CHECK_FALSE(back->yes);
        CHECK(back->text.empty());
        CHECK_FALSE(back->premove);
        CHECK(back->line.empty());
        break;
    }
  }
  CHECK_FALSE(parse_room_op("fly"));
  CHECK_FALSE(parse_room_op("Join"));

  RoomCall chat;
  chat.op = RoomOp::Chat;
  chat.text = "hi";
  json text = json::parse(encode(chat));
  BusDrop why{};
  json unknown = text;
  unknown["op"] = "teleport";
  CHECK_FALSE(decode_call(unknown.dump(), &why));
  CHECK(why == BusDrop::UnknownOp);
  for (const char* field : {"op", "room", "from", "conn", "player", "rid", "text"}) {
    CAPTURE(field);
    json missing = text;
    missing.erase(field);
    why = BusDrop::QueueFull;
    CHECK_FALSE(decode_call(missing.dump(), &why));
    CHECK(why == BusDrop::Undecodable);
  }
  json mistyped = text;
  mistyped["conn"] = "five";
  CHECK_FALSE(decode_call(mistyped.dump()));
  for (std::string_view junk : {"", "null", "[1]", "{\"op\":", "\xc3\x28"}) {
    why = BusDrop::QueueFull;
    CHECK_FALSE(decode_call(junk, &why));
    CHECK(why == BusDrop::Undecodable);
  }
}

TEST_CASE("bus codec: lobby updates, hellos, failed logins and moved rooms survive their text; junk does not decode") {
  LobbyUpdate update{"node-a", {}};
  update.room.id = "room9";
  update.room.spectators = 3;
  std::string text = encode(update);
  CHECK(sent_by(text, "node-a"));
  CHECK_FALSE(sent_by(text, "node-b"));
  auto back = decode_lobby_update(text);
  REQUIRE(back);
  CHECK(back->from == "node-a");
  CHECK(back->room.id == "room9");
  CHECK(back->room.spectators == 3);
  BusDrop why{};
  for (std::string_view bad : {"", "node-a", "node-a\n", "node-a\n{}", "\n{\"id\":\"x\"}"}) {
    CAPTURE(bad);
    CHECK_FALSE(decode_lobby_update(bad, &why));
  }

  auto hello = decode_lobby_hello(encode(LobbyHello{"node-c"}));
  REQUIRE(hello);
  CHECK(*hello == LobbyHello{"node-c"});
  CHECK(sent_by(encode(LobbyHello{"node-c"}), "node-c"));
  CHECK_FALSE(decode_lobby_hello(""));
  CHECK_FALSE(decode_lobby_hello("node\nc"));

  LoginFailed failed{"node-b", "ann_99"};
  auto login = decode_login_failed(encode(failed));
  REQUIRE(login);
  CHECK(*login == failed);
  for (std::string_view bad : {"", "ann_99", "node-b\n", "node-b\nnot a name!", "\nann_99"}) {
    CAPTURE(bad);
    CHECK_FALSE(decode_login_failed(bad));
  }

  RoomMoved moved{"node-d", "room7"};
  auto m = decode_room_moved(encode(moved));
  REQUIRE(m);
  CHECK(*m == moved);
  CHECK_FALSE(decode_room_moved("node-d"));
  CHECK_FALSE(decode_room_moved("node-d\n"));
  CHECK_FALSE(decode_room_moved("\nroom7"));

  // A node's liveness (#42): its name and its boot, a number.
  NodeAlive alive{"node-e", 18446744073709551615ull};
  auto n = decode_node_alive(encode(alive));
  REQUIRE(n);
  CHECK(*n == alive);
  for (std::string bad : {"node-e", "node-e\n", "\n12", "node-e\n12x", "node-e\n-1", "node-e\n18446744073709551616"}) {
    CAPTURE(bad);
    CHECK_FALSE(decode_node_alive(bad));
  }

  // Frames: an unknown kind is told apart from a broken envelope.
  why = BusDrop::QueueFull;
  CHECK_FALSE(decode_frame("Z1\n{}", &why));
  CHECK(why == BusDrop::UnknownOp);
  why = BusDrop::QueueFull;
  CHECK_FALSE(decode_frame("F1{}", &why));
  CHECK(why == BusDrop::Undecodable);
}

TEST_CASE("bus codec: the reasons a node drops a message are named for /metrics") {
  CHECK(bus_drop_name(BusDrop::Undecodable) == "undecodable");
  CHECK(bus_drop_name(BusDrop::UnknownOp) == "unknown_op");
  CHECK(bus_drop_name(BusDrop::HandlerFailed) == "handler_failed");
  CHECK(bus_drop_name(BusDrop::QueueFull) == "queue_full");
  CHECK(bus_drop_name(BusDrop::NotSent) == "not_sent");
  Metrics::process().bus_dropped(BusDrop::UnknownOp, 2);
  std::string text = Metrics::process().text({});
  CHECK(text.find(R"(gipf_arena_bus_dropped_total{reason="unknown_op"})") != std::string::npos);
}

TEST_CASE("cluster (#42, defect 6): a forwarded call waits for its answer only so long, then the caller is told node_timeout") {
  using namespace std::chrono_literals;
  PendingCalls pending(3);
  const auto t0 = PendingCalls::Clock::now();
  pending.sent({7, "a", "r1", "node-a", t0});
  pending.sent({7, nullptr, "r1", "node-a", t0});  // no id: nothing to answer, not kept
  pending.sent({8, 42, "r2", "node-a", t0 + 1s});
  CHECK(pending.size() == 2);
  // Frames that answer nothing, or another connection's request, change nothing.
  pending.answered(7, R"({"type":"event","room":"r1","seq":3})");
  pending.answered(9, R"({"type":"ack","id":"a"})");
  pending.answered(7, R"({"type":"ack","id":"b"})");
  pending.answered(7, R"({"type":"chat","id":"a"})");
  pending.answered(7, "not json {\"id\"");
  CHECK(pending.size() == 2);
  // The owner's answer (an ack, or an error) ends the wait.
  pending.answered(8, R"({"type":"error","code":"stale_ply","id":42})");
  CHECK(pending.size() == 1);
  CHECK(pending.expired(t0 + 4s, 5s).empty());
  auto late = pending.expired(t0 + 5s, 5s);
  REQUIRE(late.size() == 1);
  CHECK(late[0].conn == 7);
  CHECK(late[0].request_id == "a");
  CHECK(late[0].room == "r1");
  CHECK(pending.size() == 0);
  // Bounded: beyond its size the oldest is no longer waited for.
  for (int i = 0; i < 5; ++i) pending.sent({1, i, "r", "node-a", t0 + std::chrono::seconds(i)});
  CHECK(pending.size() == 3);
  auto all = pending.expired(t0 + 100s, 5s);
  REQUIRE(all.size() == 3);
  CHECK(all[0].request_id == 2);
}

TEST_CASE("cluster (#42, defect 5): 'not served here' names the connection, the node that answers and the room") {
  std::string text = encode(NodeFrame{NotServedHere{12, "node-a", "room9"}});
  auto back = decode_frame(text);
  REQUIRE(back);
  auto* n = std::get_if<NotServedHere>(&*back);
  REQUIRE(n);
  CHECK(n->conn == 12);
  CHECK(n->from == "node-a");
  CHECK(n->room == "room9");
  BusDrop why{};
  CHECK_FALSE(decode_frame("N12\nnode-a", &why));
  CHECK(why == BusDrop::Undecodable);
  CHECK_FALSE(decode_frame("N12\n\nroom9"));
  CHECK_FALSE(decode_frame("N12\nnode-a\n"));
}

TEST_CASE("cluster (#42, found by the soak): a node's frames to another are numbered, and a gap or a tick ahead is a loss") {
  // The envelope: sender, stream, number, then the frame (or a tick).
  std::string text = encode(NumberedFrame{"node-a", 77, 5, FrameTo{3, "{\"type\":\"ack\"}"}});
  CHECK(text.rfind("Snode-a\n77\n5\nF3\n", 0) == 0);
  auto back = decode_numbered_frame(text);
  REQUIRE(back);
  CHECK(back->from == "node-a");
  CHECK(back->stream == 77);
  CHECK(back->number == 5);
  REQUIRE(std::holds_alternative<FrameTo>(back->frame));
  CHECK(std::get<FrameTo>(back->frame).conn == 3);
  auto tick = decode_numbered_frame(encode(NumberedFrame{"node-a", 77, 5, FramesTick{}}));
  REQUIRE(tick);
  CHECK(std::holds_alternative<FramesTick>(tick->frame));
  BusDrop why{};
  for (std::string bad : {"", "S", "Snode-a\n77\n5", "S\n77\n5\nT", "Snode-a\nx\n5\nT", "Snode-a\n77\n-5\nT",
                          "F3\n{}", "Snode-a\n77\n5\nZ"}) {
    CHECK_MESSAGE(!decode_numbered_frame(bad, &why), bad);
  }

  // The sender numbers each node's stream on its own, in the order published.
  auto now = FrameClock::time_point{} + std::chrono::hours(1);
  std::vector<std::pair<std::string, std::string>> published;
  FrameStreams streams("node-a", [&](const std::string& to, std::string t) { return published.emplace_back(to, t), true; },
                       [&] { return now; });
  streams.send("node-b", FrameTo{1, "x"});
  streams.send("node-c", FrameTo{1, "y"});
  streams.send("node-b", CloseTo{1, "bye"});
  REQUIRE(published.size() == 3);
  auto b1 = decode_numbered_frame(published[0].second), c1 = decode_numbered_frame(published[1].second),
       b2 = decode_numbered_frame(published[2].second);
  CHECK(published[0].first == "node-b");
  CHECK(b1->number == 1);
  CHECK(c1->number == 1);
  CHECK(b2->number == 2);
  CHECK(b1->stream == b2->stream);
  CHECK(b1->stream != c1->stream);

  // The receiver: frames in order are no loss; a gap is; a tick naming a
  // number never heard is (the last frame of a burst, lost).
  FrameGaps gaps([&] { return now; });
  CHECK_FALSE(gaps.lost_before(*b1));
  CHECK_FALSE(gaps.lost_before(*b2));
  now += 2s;
  streams.tick();  // within 30 s of their last frames: a tick each
  REQUIRE(published.size() == 5);
  auto b_tick = decode_numbered_frame(published[3].first == "node-b" ? published[3].second : published[4].second);
  CHECK(b_tick->number == 2);
  CHECK_FALSE(gaps.lost_before(*b_tick));  // heard up to 2: nothing lost
  streams.send("node-b", FrameTo{1, "lost on the way"});  // number 3, never heard
  now += 3s;
  published.clear();
  streams.tick();
  auto behind = std::find_if(published.begin(), published.end(), [](const auto& p) { return p.first == "node-b"; });
  REQUIRE(behind != published.end());
  CHECK(gaps.lost_before(*decode_numbered_frame(behind->second)));   // tick 3, heard 2: lost
  CHECK_FALSE(gaps.lost_before(*decode_numbered_frame(behind->second)));  // told once
  streams.send("node-b", FrameTo{1, "4"});
  streams.send("node-b", FrameTo{1, "5: lost"});
  streams.send("node-b", FrameTo{1, "6"});
  CHECK_FALSE(gaps.lost_before(*decode_numbered_frame(published[published.size() - 3].second)));  // 4
  CHECK(gaps.lost_before(*decode_numbered_frame(published.back().second)));                      // 6 after 4
  // A node that numbers afresh (a start) is a new stream: no loss for what its earlier run sent.
  CHECK_FALSE(gaps.lost_before(NumberedFrame{"node-b", 999, 40, FramesTick{}}));

  // Ticks stop 30 s after a stream's last frame; a stream idle for 10 minutes is forgotten.
  now += 31s;
  published.clear();
  streams.tick();
  CHECK(published.empty());
  CHECK(streams.streams() == 2);
  now += std::chrono::minutes(10);
  streams.tick();
  CHECK(streams.streams() == 0);
  streams.send("node-b", FrameTo{1, "again"});
  auto fresh = decode_numbered_frame(published.back().second);
  CHECK(fresh->number == 1);
  CHECK(fresh->stream != b1->stream);
}
