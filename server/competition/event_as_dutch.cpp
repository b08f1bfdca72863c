#include "competition/event_as_dutch.hpp"

#include <cmath>
#include <map>

#include "competition/dutch_trf.hpp"
#include "competition/tiebreaks.hpp"

namespace arena {

event::dutch::Tournament dutch_tournament(const TournamentDetail& d, int rounds, bool withdrawn_too) {
  std::map<std::int64_t, int> number_of;
  for (const auto& p : d.players) number_of[p.player] = p.number;
  std::map<std::int64_t, std::vector<event::dutch::RoundEntry>> entries;
  for (const auto& p : d.players) entries[p.player].resize(static_cast<std::size_t>(rounds));
  for (const auto& g : d.pairings) {
    if (g.round < 1 || g.round > rounds) continue;
    auto& white = entries[g.white][static_cast<std::size_t>(g.round - 1)];
    if (!g.black) {
      white.pairing_bye = true;
      white.half_points = 2;
      continue;
    }
    auto& black = entries[*g.black][static_cast<std::size_t>(g.round - 1)];
    const bool played = g.reason != "forfeit";
    const int white_half_points =
        g.result.empty() ? 0 : static_cast<int>(std::lround(event::white_score(g.result) * 2));
    const int black_half_points = g.result.empty() ? 0 : 2 - white_half_points;
    white = {number_of[*g.black], event::dutch::Colour::white, played, false, white_half_points};
    black = {number_of[g.white], event::dutch::Colour::black, played, false, black_half_points};
  }
  event::dutch::Tournament t;
  t.total_rounds = d.tournament.rounds;
  for (const auto& p : d.players)
    t.players.push_back({p.number, entries[p.player], p.withdrawn && !withdrawn_too});
  return t;
}

std::string event_trf(const TournamentDetail& d) {
  int complete = 0;
  for (int round = 1; round <= d.tournament.current_round; ++round) {
    bool all_in = true;
    for (const auto& g : d.pairings)
      if (g.round == round && g.result.empty()) all_in = false;
    if (!all_in) break;
    complete = round;
  }
  auto t = dutch_tournament(d, complete, true);
  if (t.total_rounds < complete) t.total_rounds = complete;  // an event closed before the start has none
  std::vector<event::dutch::TrfPlayerInfo> info(d.players.size());
  for (const auto& p : d.players)
    if (p.number >= 1 && static_cast<std::size_t>(p.number) <= info.size())
      info[static_cast<std::size_t>(p.number - 1)] = {p.username, static_cast<int>(std::lround(p.rating))};
  return event::dutch::write_trf(t, d.tournament.name, info);
}

}  // namespace arena
