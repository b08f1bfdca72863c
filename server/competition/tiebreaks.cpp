#include "competition/tiebreaks.hpp"

#include <algorithm>
#include <tuple>

namespace arena::event {

using namespace tiebreak;

namespace {

bool is_player(int n, int players) { return n >= 1 && n <= players; }

template <typename Key>
std::vector<int> rank_by(std::span<const EventStanding> standings, Key key) {
  std::vector<EventStanding> sorted(standings.begin(), standings.end());
  // Higher keys first; the lower start number breaks what is left.
  std::sort(sorted.begin(), sorted.end(), [&](const EventStanding& a, const EventStanding& b) {
    if (key(a) != key(b)) return key(a) > key(b);
    return a.player < b.player;
  });
  std::vector<int> order;
  for (const auto& s : sorted) order.push_back(s.player);
  return order;
}

}  // namespace

double white_score(std::string_view result) {
  if (result == "1-0") return tiebreak::kWin;
  if (result == "0-1") return tiebreak::kLoss;
  return tiebreak::kDraw;
}

std::vector<EventStanding> event_standings(int players, std::span<const GameResult> results) {
  std::vector<EventStanding> table(players > 0 ? players : 0);
  for (int i = 0; i < players; ++i) table[i].player = i + 1;
  auto at = [&](int n) -> EventStanding& { return table[n - 1]; };

  // Scores first: the tie-breaks need every opponent's final score.
  for (const auto& r : results) {
    if (!is_player(r.white, players)) continue;
    if (r.black == kBye) {
      at(r.white).score += kByeScore;
    } else if (is_player(r.black, players)) {
      at(r.white).score += r.white_score;
      at(r.black).score += kWin - r.white_score;
    }
  }
  for (const auto& r : results) {
    if (!is_player(r.white, players) || !is_player(r.black, players)) continue;
    const double white_opponent = at(r.black).score;
    const double black_opponent = at(r.white).score;
    at(r.white).buchholz += white_opponent;
    at(r.black).buchholz += black_opponent;
    at(r.white).sonneborn_berger += r.white_score * white_opponent;
    at(r.black).sonneborn_berger += (kWin - r.white_score) * black_opponent;
  }
  return table;
}

std::vector<int> rank_round_robin(std::span<const EventStanding> standings) {
  return rank_by(standings, [](const EventStanding& s) { return std::make_tuple(s.score, s.sonneborn_berger); });
}

std::vector<int> rank_swiss(std::span<const EventStanding> standings) {
  return rank_by(standings,
                 [](const EventStanding& s) { return std::make_tuple(s.score, s.buchholz, s.sonneborn_berger); });
}

}  // namespace arena::event
