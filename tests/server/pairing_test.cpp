// Event pairings alone (server/competition/): round robin — the
// published Berger tables, every pair once per cycle, every player once per
// round, colours balanced, byes for odd counts, the double cycle; tie-breaks
// from hand-computed crosstables. (Swiss pairings, FIDE's Dutch system, are
// tested in tests/competition/.)
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "competition/round_robin.hpp"
#include "competition/tiebreaks.hpp"

namespace {

using namespace arena::event;
using namespace arena::event::round_robin;

}  // namespace

TEST_CASE("round robin: the published Berger table for 5 or 6 players") {
  // FIDE Handbook C.05 Annex 1, "5 or 6 players".
  const std::vector<Round> table = {
      {{1, 6}, {2, 5}, {3, 4}}, {{6, 4}, {5, 3}, {1, 2}}, {{2, 6}, {3, 1}, {4, 5}},
      {{6, 5}, {1, 4}, {2, 3}}, {{3, 6}, {4, 2}, {5, 1}},
  };
  CHECK(berger_rounds(6, Cycles::single) == table);
  // Five players: the same table, 6 being the bye (listed last).
  const std::vector<Round> five = {
      {{2, 5}, {3, 4}, {1, kBye}}, {{5, 3}, {1, 2}, {4, kBye}}, {{3, 1}, {4, 5}, {2, kBye}},
      {{1, 4}, {2, 3}, {5, kBye}}, {{4, 2}, {5, 1}, {3, kBye}},
  };
  CHECK(berger_rounds(5, Cycles::single) == five);
}

TEST_CASE("round robin: the published Berger tables for 4 and 8 players") {
  const std::vector<Round> four = {{{1, 4}, {2, 3}}, {{4, 3}, {1, 2}}, {{2, 4}, {3, 1}}};
  CHECK(berger_rounds(4, Cycles::single) == four);
  const std::vector<Round> eight = {
      {{1, 8}, {2, 7}, {3, 6}, {4, 5}}, {{8, 5}, {6, 4}, {7, 3}, {1, 2}}, {{2, 8}, {3, 1}, {4, 7}, {5, 6}},
      {{8, 6}, {7, 5}, {1, 4}, {2, 3}}, {{3, 8}, {4, 2}, {5, 1}, {6, 7}}, {{8, 7}, {1, 6}, {2, 5}, {3, 4}},
      {{4, 8}, {5, 3}, {6, 2}, {7, 1}},
  };
  CHECK(berger_rounds(8, Cycles::single) == eight);
  // The 14-player table's last round: 7-14, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1.
  CHECK(berger_rounds(14, Cycles::single).back() == Round{{7, 14}, {8, 6}, {9, 5}, {10, 4}, {11, 3}, {12, 2}, {13, 1}});
}

TEST_CASE("round robin: the published Berger tables for 10 and 12 players") {
  // FIDE Handbook C.05 Annex 1, "9 or 10 players" and "11 or 12 players", as
  // reproduced at http://c.w.fox.tripod.com/chess/berger.html.
  const std::vector<Round> ten = {
      {{1, 10}, {2, 9}, {3, 8}, {4, 7}, {5, 6}}, {{10, 6}, {7, 5}, {8, 4}, {9, 3}, {1, 2}},
      {{2, 10}, {3, 1}, {4, 9}, {5, 8}, {6, 7}}, {{10, 7}, {8, 6}, {9, 5}, {1, 4}, {2, 3}},
      {{3, 10}, {4, 2}, {5, 1}, {6, 9}, {7, 8}}, {{10, 8}, {9, 7}, {1, 6}, {2, 5}, {3, 4}},
      {{4, 10}, {5, 3}, {6, 2}, {7, 1}, {8, 9}}, {{10, 9}, {1, 8}, {2, 7}, {3, 6}, {4, 5}},
      {{5, 10}, {6, 4}, {7, 3}, {8, 2}, {9, 1}},
  };
  CHECK(berger_rounds(10, Cycles::single) == ten);
  const std::vector<Round> twelve = {
      {{1, 12}, {2, 11}, {3, 10}, {4, 9}, {5, 8}, {6, 7}},  {{12, 7}, {8, 6}, {9, 5}, {10, 4}, {11, 3}, {1, 2}},
      {{2, 12}, {3, 1}, {4, 11}, {5, 10}, {6, 9}, {7, 8}},  {{12, 8}, {9, 7}, {10, 6}, {11, 5}, {1, 4}, {2, 3}},
      {{3, 12}, {4, 2}, {5, 1}, {6, 11}, {7, 10}, {8, 9}},  {{12, 9}, {10, 8}, {11, 7}, {1, 6}, {2, 5}, {3, 4}},
      {{4, 12}, {5, 3}, {6, 2}, {7, 1}, {8, 11}, {9, 10}},  {{12, 10}, {11, 9}, {1, 8}, {2, 7}, {3, 6}, {4, 5}},
      {{5, 12}, {6, 4}, {7, 3}, {8, 2}, {9, 1}, {10, 11}},  {{12, 11}, {1, 10}, {2, 9}, {3, 8}, {4, 7}, {5, 6}},
      {{6, 12}, {7, 5}, {8, 4}, {9, 3}, {10, 2}, {11, 1}},
  };
  CHECK(berger_rounds(12, Cycles::single) == twelve);
  // The 13/14 table's first rounds (the same page).
  const auto fourteen = berger_rounds(14, Cycles::single);
  REQUIRE(fourteen.size() == 13);
  CHECK(fourteen[0] == Round{{1, 14}, {2, 13}, {3, 12}, {4, 11}, {5, 10}, {6, 9}, {7, 8}});
  CHECK(fourteen[1] == Round{{14, 8}, {9, 7}, {10, 6}, {11, 5}, {12, 4}, {13, 3}, {1, 2}});
  CHECK(fourteen[5] == Round{{14, 10}, {11, 9}, {12, 8}, {13, 7}, {1, 6}, {2, 5}, {3, 4}});
}

TEST_CASE("round robin: out of range counts get no rounds") {
  CHECK(berger_rounds(2, Cycles::single).empty());
  CHECK(berger_rounds(33, Cycles::single).empty());
  CHECK(berger_rounds(3, Cycles::single).size() == 3);
  CHECK(berger_rounds(16, Cycles::single).size() == 15);
  CHECK(berger_rounds(32, Cycles::single).size() == 31);  // #32: up to 32 players
  CHECK(berger_rounds(31, Cycles::dbl).size() == 62);
}

TEST_CASE("round robin: every pair once per cycle, everyone once per round, colours balanced") {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    for (const Cycles cycles : {Cycles::single, Cycles::dbl}) {
      const auto rounds = berger_rounds(n, cycles);
      const int per_cycle = n % 2 == 0 ? n - 1 : n;
      const int cycle_count = cycles == Cycles::dbl ? 2 : 1;
      REQUIRE(static_cast<int>(rounds.size()) == per_cycle * cycle_count);
      // meetings[a][b]: games with a white against b; byes[a]: rounds sat out.
      std::vector<std::vector<int>> meetings(n + 1, std::vector<int>(n + 1, 0));
      std::vector<int> byes(n + 1, 0);
      std::vector<int> whites(n + 1, 0);
      std::vector<int> games(n + 1, 0);
      for (const auto& round : rounds) {
        std::vector<int> seen(n + 1, 0);
        for (const auto& p : round) {
          REQUIRE(p.white >= 1);
          REQUIRE(p.white <= n);
          ++seen[p.white];
          if (p.black == kBye) {
            ++byes[p.white];
            continue;
          }
          REQUIRE(p.black >= 1);
          REQUIRE(p.black <= n);
          ++seen[p.black];
          ++meetings[p.white][p.black];
          ++whites[p.white];
          ++games[p.white];
          ++games[p.black];
        }
        for (int a = 1; a <= n; ++a) CHECK_MESSAGE(seen[a] == 1, "n=", n, " player ", a);
      }
      for (int a = 1; a <= n; ++a) {
        for (int b = a + 1; b <= n; ++b) {
          CHECK_MESSAGE(meetings[a][b] + meetings[b][a] == cycle_count, "n=", n, " ", a, "-", b);
          // Double: once with each colour.
          if (cycles == Cycles::dbl) CHECK(meetings[a][b] == 1);
        }
        CHECK(byes[a] == (n % 2 == 0 ? 0 : cycle_count));
        CHECK_MESSAGE(std::abs(2 * whites[a] - games[a]) <= 2, "n=", n, " player ", a);
      }
    }
  }
}

TEST_CASE("round robin: a double cycle never gives three same colours in a row at the turn") {
  for (int n = 4; n <= kMaxPlayers; n += 2) {
    const auto rounds = berger_rounds(n, Cycles::dbl);
    const std::size_t turn = rounds.size() / 2;
    for (int a = 1; a <= n; ++a) {
      // Colours of rounds turn−2 … turn+1 (0-based turn−2, turn−1, turn, turn+1).
      std::vector<bool> white;
      for (std::size_t r = turn - 2; r <= turn + 1; ++r)
        for (const auto& p : rounds[r])
          if (p.white == a || p.black == a) white.push_back(p.white == a);
      REQUIRE(white.size() == 4);
      const bool three_first = white[0] == white[1] && white[1] == white[2];
      const bool three_last = white[1] == white[2] && white[2] == white[3];
      CHECK_MESSAGE(!(three_first || three_last), "n=", n, " player ", a);
    }
  }
}

// A 4-player round robin, hand-computed:
//   1–2 1-0, 3–4 1-0, 1–3 ½, 2–4 1-0, 1–4 0-1, 2–3 ½
//   scores: 1: 1½, 2: 1½, 3: 2, 4: 1
//   S-B:    1: 1½ (beat 2) + 1 (½ × 2 of 3) = 2½;  2: 1 (beat 4) + 1 (½ × 2) = 2;
//           3: 1 (beat 4) + ¾ + ¾ = 2½;            4: 1½ (beat 1)
//   Buchholz: 1: 1½ + 2 + 1 = 4½; 2: 1½ + 1 + 2 = 4½; 3: 1 + 1½ + 1½ = 4; 4: 2 + 1½ + 1½ = 5
TEST_CASE("tiebreak: scores, Sonneborn-Berger and Buchholz of a hand-computed crosstable") {
  using arena::event::tiebreak::kDraw;
  using arena::event::tiebreak::kLoss;
  using arena::event::tiebreak::kWin;
  const std::vector<GameResult> results = {{1, 2, kWin}, {3, 4, kWin}, {1, 3, kDraw},
                                           {2, 4, kWin}, {1, 4, kLoss}, {2, 3, kDraw}};
  const auto table = event_standings(4, results);
  REQUIRE(table.size() == 4);
  const double score[] = {1.5, 1.5, 2.0, 1.0};
  const double sb[] = {2.5, 2.0, 2.5, 1.5};
  const double buchholz[] = {4.5, 4.5, 4.0, 5.0};
  for (int i = 0; i < 4; ++i) {
    CHECK(table[i].player == i + 1);
    CHECK(table[i].score == score[i]);
    CHECK(table[i].sonneborn_berger == sb[i]);
    CHECK(table[i].buchholz == buchholz[i]);
  }
  // Round robin: 3 on score; 1 before 2 on Sonneborn–Berger.
  CHECK(rank_round_robin(table) == std::vector<int>{3, 1, 2, 4});
  // Swiss: 1 and 2 tie on Buchholz too; Sonneborn–Berger decides.
  CHECK(rank_swiss(table) == std::vector<int>{3, 1, 2, 4});
}

TEST_CASE("tiebreak: Sonneborn-Berger of a published round robin (Held, FIDE C.07 exercises)") {
  // IA Mario Held, "Exercises in Tie-Breaking" (FIDE C.07, 2023), the
  // 6-player round robin, exercise 14: SB 9.25, 6.25, 6.25, 4.25, 3.25, 2.25
  // (transcribed in OttoMilvang/TieBreakServer,
  // tests/fixtures/held_round_robin.trf and
  // tests/test_fide_held_individual_exercises.py). Round 4's 6–5 was a
  // forfeit won by 6, counted here as a win (the /V1 values agree).
  using arena::event::tiebreak::kDraw;
  using arena::event::tiebreak::kLoss;
  using arena::event::tiebreak::kWin;
  const std::vector<GameResult> results = {
      {1, 5, kDraw}, {2, 6, kWin},  {3, 4, kWin},   // round 1
      {1, 2, kWin},  {6, 3, kLoss}, {5, 4, kWin},   // round 2
      {3, 1, kLoss}, {2, 5, kWin},  {4, 6, kDraw},  // round 3
      {4, 1, kWin},  {2, 3, kDraw}, {5, 6, kLoss},  // round 4 (5–6: 5 forfeited)
      {4, 2, kLoss}, {6, 1, kLoss}, {3, 5, kWin},   // round 5
  };
  const auto table = event_standings(6, results);
  const double score[] = {3.5, 3.5, 3.5, 1.5, 1.5, 1.5};
  const double sb[] = {9.25, 6.25, 6.25, 4.25, 3.25, 2.25};
  for (int i = 0; i < 6; ++i) {
    CHECK_MESSAGE(table[i].score == score[i], "player ", i + 1);
    CHECK_MESSAGE(table[i].sonneborn_berger == sb[i], "player ", i + 1);
  }
  CHECK(rank_round_robin(table) == std::vector<int>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("tiebreak: a bye scores 1 and adds nothing to the tie-breaks") {
  using arena::event::tiebreak::kBye;
  using arena::event::tiebreak::kDraw;
  using arena::event::tiebreak::kWin;
  // Round 1: 1–2 1-0, 3 bye. Round 2: 3–1 ½, 2 bye.
  const std::vector<GameResult> results = {{1, 2, kWin}, {3, kBye, 0.0}, {3, 1, kDraw}, {2, kBye, 0.0}};
  const auto table = event_standings(3, results);
  CHECK(table[0].score == 1.5);
  CHECK(table[1].score == 1.0);
  CHECK(table[2].score == 1.5);
  CHECK(table[0].sonneborn_berger == 1.75);  // 1 (beat 2) + ½ × 1½ (drew 3)
  CHECK(table[2].sonneborn_berger == 0.75);  // ½ × 1½ (drew 1); the bye adds nothing
  CHECK(table[1].sonneborn_berger == 0.0);
  CHECK(table[0].buchholz == 2.5);
  CHECK(table[1].buchholz == 1.5);
  CHECK(table[2].buchholz == 1.5);
  CHECK(rank_swiss(table) == std::vector<int>{1, 3, 2});
}

TEST_CASE("tiebreak: Swiss puts Buchholz before Sonneborn-Berger, round robin uses Sonneborn-Berger") {
  const std::vector<EventStanding> rows = {{1, 2.0, 1.0, 5.0}, {2, 2.0, 3.0, 4.0}, {3, 2.0, 3.0, 4.0}, {4, 3.0, 0.0, 0.0}};
  CHECK(rank_swiss(rows) == std::vector<int>{4, 1, 2, 3});
  CHECK(rank_round_robin(rows) == std::vector<int>{4, 2, 3, 1});  // 2 and 3 tie: start number
}

// Swiss pairings (FIDE's Dutch system) are tested in tests/competition/
// (dutch_pairing_test.cpp, the conformance corpus).
