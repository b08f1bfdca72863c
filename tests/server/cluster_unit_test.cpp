// The pieces of several nodes, one site (#30) that need no bus: what nodes
// send each other (cluster/cluster_codec), the forwarding endpoint on a fake
// bus (cluster/remote_room), the connections' numbers, and what reaches a
// player on every node (PlayerConnections::set_site / apply_from_site).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cluster/cluster_codec.hpp"
#include "cluster/connection_routes.hpp"
#include "cluster/remote_room.hpp"
#include "game/player_connections.hpp"

using namespace arena;
using nlohmann::json;

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
  play.op = "play";
  play.room = "abc";
  play.from = "node-b";
  play.conn = 42;
  play.player = {7, "Ann \"the\" <best>", true, "moderator"};
  play.request_id = "r-1";
  play.play = {"abc", 12, "e5-e7", 340};
  auto back = decode_call(encode(play));
  REQUIRE(back);
  CHECK(back->op == "play");
  CHECK(back->conn == 42);
  CHECK(back->player.name == "Ann \"the\" <best>");
  CHECK(back->player.kind == "moderator");
  CHECK(back->request_id == "r-1");
  CHECK(back->play == play.play);

  RoomCall deletion;
  deletion.op = "delete_chat";
  deletion.room = "abc";
  deletion.from = "node-c";
  deletion.request_id = 3;
  deletion.seq = 9;
  deletion.audit = {std::int64_t{5}, "delete_chat", "abc", "{}", "10.0.0.1", 0};
  back = decode_call(encode(deletion));
  REQUIRE(back);
  CHECK(back->seq == 9);
  CHECK(back->audit.actor == std::int64_t{5});
  CHECK(back->audit.address == "10.0.0.1");
  CHECK(back->request_id == 3);

  // What does not decode is dropped, never half-read.
  CHECK_FALSE(decode_call("not json"));
  CHECK_FALSE(decode_call(R"({"op":"play","room":"abc"})"));
  CHECK_FALSE(decode_call(R"({"op":"play","room":"abc","from":"b","conn":-1,"player":{},"rid":null})"));
}

TEST_CASE("cluster: frames and closes keep their bytes; a malformed envelope is refused") {
  std::string frame = R"({"type":"event","text":"line\none"})";
  // (the decoded text points into the message: it is kept while read)
  std::string framed = encode_frame(18446744073709551615ull, frame), closed = encode_close(3, "banned");
  auto f = decode_frame(framed);
  REQUIRE(f);
  CHECK_FALSE(f->close);
  CHECK(f->conn == 18446744073709551615ull);
  CHECK(f->text == frame);
  auto x = decode_frame(closed);
  REQUIRE(x);
  CHECK(x->close);
  CHECK(x->text == "banned");
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
  RemoteRoom room("abc", "node-a", "node-b", routes, bus.publish());
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

  room.disconnected(bob.get());
  CHECK(room.members() == 1);
  auto gone = decode_call(bus.sent.back().second);
  REQUIRE(gone);
  CHECK(gone->op == "disconnected");
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
  std::vector<std::string> told;
  PlayerConnections here, there;
  here.set_site([&](std::string m) { told.push_back(std::move(m)); });
  auto on_there = std::make_shared<SeenClient>();
  REQUIRE(there.add(7, on_there, "session-1", 0));

  here.send(7, make_frame(json{{"type", "notice"}, {"text", "your round"}}));
  here.mute(7, 5000, 100);
  REQUIRE(told.size() == 2);
  for (auto& m : told) CHECK(there.apply_from_site(m));
  REQUIRE(on_there->frames.size() == 1);
  CHECK(on_there->frames[0]["text"] == "your round");
  CHECK(there.muted_until(7, 200) == 5000);

  here.disconnect_session("session-1", "logged out");
  CHECK(there.apply_from_site(told.back()));
  CHECK(on_there->closed == "logged out");

  told.clear();
  here.ban(7, 9000, 100);
  CHECK(there.apply_from_site(told.back()));
  CHECK_FALSE(there.add(7, std::make_shared<SeenClient>(), "", 200));  // banned there too
  CHECK_FALSE(there.apply_from_site("{}"));
  CHECK_FALSE(there.apply_from_site(R"({"op":"ban","player":"x"})"));
}
