// The parts a Room is made of, alone: its chat, its rematch, its lag meter.
// (The room with all of them together: room_test.cpp.)
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "game/lag_meter.hpp"
#include "game/room_chat.hpp"
#include "game/room_rematch.hpp"

using namespace arena;
using engine::Color;
using protocol::ChatChannel;

namespace {

ChatRecord composed(RoomChat& chat, std::int64_t player, const std::string& text, std::int64_t now,
                    ChatChannel channel = ChatChannel::Players) {
  auto m = chat.compose(channel, player, "p" + std::to_string(player), text, now);
  REQUIRE(std::holds_alternative<ChatRecord>(m));
  return std::get<ChatRecord>(m);
}

struct Viewer : Client {
  void send(Frame) override {}
  void disconnect(const char*) override {}
};

nlohmann::json history(const RoomChat& chat, bool player, std::int64_t since) {
  Viewer viewer;  // blocks nobody
  return nlohmann::json::parse(*chat.history_frame("r1", player, since, viewer));
}

}  // namespace

TEST_CASE("room chat: numbered from 1, a burst per window per writer, a room limit") {
  RoomChat chat(ChatLimits{3, 2, 10000}, {});
  ChatRecord a = composed(chat, 1, "one", 1000);
  CHECK(a.seq == 1);
  chat.add(a);
  ChatRecord b = composed(chat, 1, "two", 2000);
  CHECK(b.seq == 2);
  chat.add(b);
  // A third within ten seconds of the first: refused, and nothing numbered.
  auto third = chat.compose(ChatChannel::Players, 1, "p1", "three", 3000);
  REQUIRE(std::holds_alternative<Refusal>(third));
  CHECK(std::get<Refusal>(third).code == protocol::ErrorCode::RateLimited);
  // Another writer has a count of their own; then the room is full.
  chat.add(composed(chat, 2, "hello", 3000, ChatChannel::Spectators));
  auto full = chat.compose(ChatChannel::Players, 2, "p2", "more", 20000);
  REQUIRE(std::holds_alternative<Refusal>(full));
  CHECK(std::get<Refusal>(full).code == protocol::ErrorCode::RoomLimit);
}

TEST_CASE("room chat: a window later the writer may write again") {
  RoomChat chat(ChatLimits{100, 1, 10000}, {});
  chat.add(composed(chat, 1, "one", 0));
  CHECK(std::holds_alternative<Refusal>(chat.compose(ChatChannel::Players, 1, "p1", "x", 9999)));
  CHECK(std::holds_alternative<ChatRecord>(chat.compose(ChatChannel::Players, 1, "p1", "x", 10000)));
}

TEST_CASE("room chat: history by channel and from a number on, deleted lines never shown") {
  RoomChat chat(ChatLimits{}, {});
  chat.add(composed(chat, 1, "players only", 0, ChatChannel::Players));
  chat.add(composed(chat, 2, "from the stands", 0, ChatChannel::Spectators));
  chat.add(composed(chat, 3, "rude", 0, ChatChannel::Spectators));
  REQUIRE(chat.deletable(3) != nullptr);
  chat.mark_deleted(3);
  CHECK(chat.deletable(3) == nullptr);  // deleted already
  CHECK(chat.deletable(4) == nullptr);  // no such message
  CHECK(chat.deletable(0) == nullptr);

  auto seen = history(chat, true, 0);
  CHECK(seen["type"] == "chat_history");
  REQUIRE(seen["messages"].size() == 2);
  CHECK(seen["messages"][0]["text"] == "players only");
  auto spectator = history(chat, false, 0);
  REQUIRE(spectator["messages"].size() == 1);
  CHECK(spectator["messages"][0]["text"] == "from the stands");
  CHECK(history(chat, true, 1)["messages"].size() == 1);
}

TEST_CASE("room chat: stored messages out of sequence are refused when a room is restored") {
  ChatRecord one, three;
  one.seq = 1;
  three.seq = 3;
  CHECK_FALSE(RoomChat::out_of_sequence({one}));
  auto wrong = RoomChat::out_of_sequence({one, three});
  REQUIRE(wrong);
  CHECK(*wrong == "chat message 3 is out of sequence");
}

TEST_CASE("rematch: an offer, its repeat, the other player's answer opens one room") {
  RoomRematch r;
  CHECK(r.request(Color::White) == RoomRematch::Step::Offered);
  CHECK(r.offer() == Color::White);
  CHECK(r.request(Color::White) == RoomRematch::Step::Repeat);
  CHECK(r.request(Color::Black) == RoomRematch::Step::Open);
  CHECK(r.request(Color::Black) == RoomRematch::Step::Repeat);  // while it opens
  r.opened(std::nullopt);                                        // it failed: the offer stands
  CHECK(r.request(Color::Black) == RoomRematch::Step::Open);
  r.opened("next-room");
  CHECK(r.request(Color::White) == RoomRematch::Step::Ready);
  CHECK(r.next() == "next-room");
}

TEST_CASE("lag meter: from a decision's first legal, less the client's thinking") {
  LagMeter lag;
  CHECK(lag.lag(Color::White, 100, 5000) == 0);  // nothing shown yet
  lag.shown(Color::White, 4, 1000);
  lag.shown(Color::White, 4, 3000);  // a repeat of the same decision does not restart it
  CHECK(lag.lag(Color::White, 1500, 3000) == 500);
  CHECK(lag.lag(Color::White, std::nullopt, 3000) == 0);  // no thinking reported: no lag measured
  CHECK(lag.lag(Color::White, 5000, 3000) == 0);          // never negative
  CHECK(lag.lag(Color::Black, 0, 3000) == 0);             // the other seat has its own
  lag.shown(Color::White, 6, 4000);
  CHECK(lag.lag(Color::White, 0, 4250) == 250);
}
