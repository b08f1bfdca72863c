#include "competition/competition_views.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "competition/round_robin.hpp"
#include "competition/tiebreaks.hpp"
#include "domain/block_book.hpp"
#include "protocol/account_types.hpp"

namespace arena {

protocol::LadderView ladder_view(const LadderRecord& l) {
  return {l.id,      l.name,       l.options.game, l.options.variant, l.clock, std::string(ladder::status_name(l.status)),
          l.players, l.created_at, l.answer_hours, l.bots};
}

protocol::ChallengeView challenge_view(const ChallengeRecord& c) {
  const std::string& white = c.white == c.challenger ? c.challenger_name : c.defender_name;
  const std::string& black = c.white == c.challenger ? c.defender_name : c.challenger_name;
  return {c.id,         c.room,        c.challenger_name, c.defender_name, white,           black,
          c.created_at, c.finished_at, c.outcome,         c.reason,        c.state,         c.answer_by,
          c.start_at,   c.decline_forfeits};
}

protocol::LadderPage ladder_page(const LadderDetail& d, std::optional<std::int64_t> viewer, std::int64_t now,
                                 const BlockBook* blocks) {
  protocol::LadderPage page;
  page.ladder = ladder_view(d.ladder);
  std::unordered_map<std::int64_t, const LadderStanding*> by_player;
  std::unordered_map<std::int64_t, int> open_challenges;  // sent and received
  ladder::Standings stored;
  for (const auto& s : d.standings) {
    by_player[s.player.account] = &s;
    stored.players.push_back(s.player);
  }
  for (const auto& c : d.open) {
    ++open_challenges[c.challenger];
    ++open_challenges[c.defender];
    page.challenges.push_back(challenge_view(c));
  }
  for (const auto& c : d.recent) page.games.push_back(challenge_view(c));
  // The order as of now: the stored one with the activity the next write will apply.
  const ladder::Standings current = ladder::apply_activity(stored, now);
  std::optional<protocol::LadderMe> me;
  if (viewer) me = protocol::LadderMe{current.position_of(*viewer), {}};
  for (std::size_t i = 0; i < current.players.size(); ++i) {
    const ladder::LadderPlayer& p = current.players[i];
    const LadderStanding& row = *by_player.at(p.account);
    Rating r = row.rating.at(now);
    page.standings.push_back({static_cast<int>(i) + 1, row.username, r.rating, r.provisional(),
                              p.inactive ? "inactive" : "active", open_challenges[p.account], p.last_game_ms});
    if (me && me->position && !ladder::check_challenge(current, d.ladder.status, *viewer, p.account, d.rules_view, now) &&
        !(blocks && blocks->blocks(p.account, *viewer)))
      me->may_challenge.push_back(row.username);
  }
  page.me = std::move(me);
  return page;
}

protocol::EventView event_view(const TournamentRecord& t) {
  protocol::EventView v;
  v.id = t.id;
  v.name = t.name;
  v.kind = t.kind;
  v.game = t.options.game;
  v.variant = t.options.variant;
  v.clock = t.clock;
  v.rounds = t.rounds;
  v.cycles = t.cycles;
  v.status = t.status;
  v.start_at = t.start_at;
  v.auto_pair = t.auto_pair;
  v.start_minutes = t.start_minutes;
  v.current_round = t.current_round;
  v.players = t.players;
  v.created_at = t.created_at;
  v.bots = t.bots;
  return v;
}

protocol::EventPage event_page(const TournamentDetail& d, std::optional<std::int64_t> viewer) {
  protocol::EventPage page;
  page.event = event_view(d.tournament);
  std::map<std::int64_t, const TournamentPlayer*> by_player;
  for (const auto& p : d.players) by_player[p.player] = &p;
  auto name_of = [&](std::int64_t player) { return by_player.count(player) ? by_player[player]->username : std::string(); };
  if (viewer) page.registered = by_player.count(*viewer) > 0;

  // Before round 1 (registering, or closed before the start) nobody has a start number.
  const bool started = d.tournament.current_round > 0;
  if (!started) {
    for (const auto& p : d.players)
      page.standings.push_back({0, 0, p.username, p.rating, 0, 0, 0, p.withdrawn, p.rd >= glicko2::kProvisionalRd});
    return page;
  }
  std::vector<event::GameResult> results;
  for (const auto& g : d.pairings) {
    if (g.result.empty()) continue;
    const int white = by_player[g.white]->number;
    if (!g.black) {
      results.push_back({white, event::tiebreak::kBye, event::tiebreak::kByeScore});
      continue;
    }
    results.push_back({white, by_player[*g.black]->number, event::white_score(g.result)});
  }
  const int n = static_cast<int>(d.players.size());
  auto standings = event::event_standings(n, results);
  auto order = d.tournament.kind == "swiss" ? event::rank_swiss(standings) : event::rank_round_robin(standings);
  int rank = 0;
  for (int number : order) {
    const auto& s = standings[static_cast<std::size_t>(number - 1)];
    auto p = std::find_if(d.players.begin(), d.players.end(), [&](const TournamentPlayer& q) { return q.number == number; });
    page.standings.push_back({++rank, number, p->username, p->rating, s.score, s.sonneborn_berger, s.buchholz, p->withdrawn,
                              p->rd >= glicko2::kProvisionalRd});
  }
  for (const auto& g : d.pairings) {
    if (page.rounds.empty() || page.rounds.back().round != g.round) page.rounds.push_back({g.round, {}});
    protocol::PairingView v;
    v.board = g.board;
    v.white = name_of(g.white);
    if (g.black) v.black = name_of(*g.black);
    if (!g.room.empty()) v.room = g.room;
    v.result = g.result;
    v.reason = g.reason;
    page.rounds.back().pairings.push_back(std::move(v));
  }
  return page;
}

}  // namespace arena
