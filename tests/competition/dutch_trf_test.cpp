// The TRF reader: player lines, XXR, XXC, forfeits and byes; bad input named.
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>

#include "competition/blossom_matching.hpp"
#include "competition/dutch_pairing.hpp"
#include "competition/dutch_trf.hpp"

namespace dutch = arena::event::dutch;

namespace {

// Columns as FIDE's TRF puts them: the round entries from column 92.
std::string player_line(int number, const std::string& entries) {
  std::string line = "001 " + std::string(4 - std::to_string(number).size(), ' ') + std::to_string(number);
  line.resize(91, ' ');
  return line + entries;
}

}  // namespace

TEST_CASE("a TRF file reads into players, rounds and colours") {
  std::string text = "012 Test\r\n" + player_line(1, "   2 w 1     3 b +  ") + "\r\n" +
                     player_line(2, "   1 b 0  0000 - U  ") + "\r\n" + player_line(3, "   4 w =     1 w -  ") + "\r\n" +
                     player_line(4, "   3 b =  0000 - Z  ") + "\r\nXXR 5\r\nXXC black1\r\n";
  auto t = dutch::read_trf(text);
  REQUIRE(t.players.size() == 4);
  CHECK(t.total_rounds == 5);
  CHECK(t.first_colour == dutch::Colour::black);
  const auto& first = t.players[0].rounds;
  REQUIRE(first.size() == 2);
  CHECK(first[0].played);
  CHECK(first[0].half_points == 2);
  CHECK_FALSE(first[1].played);  // a forfeit is no game
  CHECK(first[1].half_points == 2);
  CHECK(t.players[1].rounds[1].pairing_bye);
  CHECK(t.players[2].rounds[0].half_points == 1);
  auto boards = dutch::boards_of_round(t, 1);
  REQUIRE(boards.size() == 2);
  CHECK(boards[0].white == 2);
  CHECK(boards[0].black == 0);
  CHECK(boards[1].white == 3);
  CHECK(boards[1].black == 1);
}

TEST_CASE("bad TRF input is refused with the line and the reason") {
  CHECK_THROWS_WITH_AS(dutch::read_trf("012 nothing\n"), "no player lines (001)", dutch::TrfError);
  CHECK_THROWS_AS(dutch::read_trf(player_line(1, "   9 w 1  ")), dutch::TrfError);
  CHECK_THROWS_AS(dutch::read_trf(player_line(1, "   2 x 1  ") + "\n" + player_line(2, "   1 b 0  ")), dutch::TrfError);
  CHECK_THROWS_AS(dutch::read_trf(player_line(1, "   2 w 7  ") + "\n" + player_line(2, "   1 b 0  ")), dutch::TrfError);
  CHECK_THROWS_AS(dutch::read_trf(player_line(1, "") + "\n" + player_line(1, "")), dutch::TrfError);
  CHECK_THROWS_AS(dutch::read_trf(player_line(1, "   2 w 1  ") + "\n" + player_line(2, "   1 b 0  ") + "\nXXR 1\n"),
                  dutch::TrfError);
}

TEST_CASE("the first round pairs top half against bottom half, colours alternating") {
  dutch::Tournament t;
  for (int i = 1; i <= 6; ++i) t.players.push_back({i, {}});
  t.total_rounds = 5;
  auto boards = dutch::pair_next_round(t);
  REQUIRE(boards);
  REQUIRE(boards->size() == 3);
  CHECK((*boards)[0].white == 1);
  CHECK((*boards)[0].black == 4);
  CHECK((*boards)[1].white == 5);
  CHECK((*boards)[1].black == 2);
  CHECK((*boards)[2].white == 3);
  CHECK((*boards)[2].black == 6);
}

TEST_CASE("an odd field's lowest-ranked player gets the bye in round one") {
  dutch::Tournament t;
  for (int i = 1; i <= 5; ++i) t.players.push_back({i, {}});
  t.total_rounds = 3;
  auto boards = dutch::pair_next_round(t);
  REQUIRE(boards);
  REQUIRE(boards->size() == 3);
  CHECK(boards->back().white == 5);
  CHECK(boards->back().black == 0);
}

TEST_CASE("write_trf writes what read_trf reads back") {
  dutch::Tournament t;
  t.total_rounds = 4;
  t.first_colour = dutch::Colour::black;
  auto game = [](int opponent, dutch::Colour colour, bool played, int half_points) {
    return dutch::RoundEntry{opponent, colour, played, false, half_points};
  };
  t.players = {
      {1, {game(3, dutch::Colour::black, true, 2), game(2, dutch::Colour::white, false, 2)}},
      {2, {{0, dutch::Colour::none, false, true, 2}, game(1, dutch::Colour::black, false, 0)}},
      {3, {game(1, dutch::Colour::white, true, 0), {0, dutch::Colour::none, false, false, 0}}},
  };
  std::string text = dutch::write_trf(t, "Spring Swiss", {{"ann", 2100}, {"bob", 0}});
  CHECK(text.rfind("012 Spring Swiss\r\n001    1      ann", 0) == 0);
  CHECK(text.find("XXR 4\r\nXXC black1\r\n") != std::string::npos);
  auto back = dutch::read_trf(text);
  REQUIRE(back.players.size() == 3);
  CHECK(back.total_rounds == 4);
  CHECK(back.first_colour == dutch::Colour::black);
  for (std::size_t i = 0; i < 3; ++i) {
    CAPTURE(i);
    CHECK(back.players[i].start_number == t.players[i].start_number);
    REQUIRE(back.players[i].rounds.size() == t.players[i].rounds.size());
    for (std::size_t r = 0; r < t.players[i].rounds.size(); ++r) {
      const auto& a = back.players[i].rounds[r];
      const auto& b = t.players[i].rounds[r];
      CHECK(a.opponent == b.opponent);
      CHECK(a.colour == b.colour);
      CHECK(a.played == b.played);
      CHECK(a.pairing_bye == b.pairing_bye);
      CHECK(a.half_points == b.half_points);
    }
  }
  // Points (columns 81-84) and rank (86-89): 1 has 2, 2 has 1, 3 has 0.
  auto line_of = [&](int n) {
    std::size_t at = text.find("001    " + std::to_string(n));
    return text.substr(at, text.find('\r', at) - at);
  };
  CHECK(line_of(1).substr(80, 9) == " 2.0    1");
  CHECK(line_of(3).substr(80, 9) == " 0.0    3");
  CHECK(line_of(2).substr(48, 4) == "   0");
}

TEST_CASE("more players than the pairer takes is refused, not attempted") {
  dutch::Tournament t;
  t.total_rounds = 5;
  for (int i = 1; i <= dutch::kMaxPlayers + 1; ++i) t.players.push_back({i, {}});
  CHECK_THROWS_AS(dutch::pair_next_round(t), std::length_error);
  // The absent are not paired: ten players left to pair.
  for (std::size_t i = 10; i < t.players.size(); ++i) t.players[i].absent = true;
  auto round = dutch::pair_next_round(t);
  REQUIRE(round);
  CHECK(round->size() == 5);
}

TEST_CASE("a raised cancellation flag abandons a pairing; a lowered one changes nothing") {
  // Round 2 of 400 players, so that the matcher runs (round 1 is paired directly).
  dutch::Tournament t;
  t.total_rounds = 5;
  for (int i = 1; i <= 400; ++i) t.players.push_back({i, {}});
  auto first = dutch::pair_next_round(t);
  REQUIRE(first);
  for (const auto& b : *first) {
    const bool white_wins = b.white % 3 != 0;
    t.players[b.white - 1].rounds.push_back({b.black, dutch::Colour::white, true, false, white_wins ? 2 : 0});
    t.players[b.black - 1].rounds.push_back({b.white, dutch::Colour::black, true, false, white_wins ? 0 : 2});
  }
  std::atomic<bool> cancel{true};
  CHECK_THROWS_AS(dutch::pair_next_round(t, &cancel), arena::event::PairingCancelled);
  cancel = false;
  auto second = dutch::pair_next_round(t, &cancel);
  REQUIRE(second);
  CHECK(second->size() == 200);
  CHECK(*second == *dutch::pair_next_round(t));
}
