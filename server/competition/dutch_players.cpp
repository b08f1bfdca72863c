#include "competition/dutch_players.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace arena::event::dutch {

Colour opposite(Colour colour) {
  return colour == Colour::white ? Colour::black : colour == Colour::black ? Colour::white : Colour::none;
}

namespace {

void derive_colours(PlayerFacts& facts) {
  int whites = 0, blacks = 0, run = 0;
  Colour last = Colour::none;
  for (const auto& entry : facts.rounds) {
    if (!entry.played) continue;
    ++facts.played_games;
    ++(entry.colour == Colour::white ? whites : blacks);
    run = (run == 0 || entry.colour != last) ? 1 : run + 1;
    last = entry.colour;
  }
  Colour fewer = whites > blacks ? Colour::black : Colour::white;
  facts.imbalance = std::abs(whites - blacks);
  // A.6: absolute (imbalance over one, or the same colour twice running),
  // strong (an imbalance of one), mild (the other colour than last time).
  facts.preference = facts.imbalance > 1 ? fewer
                     : run > 1           ? opposite(last)
                     : facts.imbalance   ? fewer
                     : run               ? opposite(last)
                                         : Colour::none;
  facts.repeated = run > 1 ? last : Colour::none;
  facts.strong = !facts.absolute() && facts.imbalance > 0;
}

// C.2: no second bye, nor a bye after a point won without playing.
bool eligible_for_bye(const PlayerFacts& facts) {
  for (const auto& entry : facts.rounds)
    if (!entry.played && (entry.half_points >= 2 || entry.pairing_bye)) return false;
  return true;
}

}  // namespace

std::vector<PlayerFacts> gather_facts(const Tournament& tournament, int played_rounds) {
  std::vector<PlayerFacts> all;
  all.reserve(tournament.players.size());
  for (const auto& player : tournament.players) {
    PlayerFacts facts;
    facts.number = player.start_number;
    facts.rank = player.start_number - 1;
    facts.rounds = player.rounds;
    facts.rounds.resize(played_rounds);  // a late entrant's missing rounds: unpaired
    for (const auto& entry : facts.rounds) {
      facts.score += entry.half_points;
      if (entry.played && entry.opponent > 0) facts.met.insert(entry.opponent);
    }
    derive_colours(facts);
    facts.bye_eligible = eligible_for_bye(facts);
    all.push_back(std::move(facts));
  }
  std::unordered_map<int, const PlayerFacts*> by_number;
  for (const auto& facts : all) by_number[facts.number] = &facts;
  auto score_back = [&](const PlayerFacts& facts, int back) {
    int score = facts.score;
    for (int r = played_rounds - back; r < played_rounds; ++r) score -= facts.rounds[r].half_points;
    return score;
  };
  // A.4: a float is a game against a higher or lower score, or a point won
  // without playing (a down float).
  std::vector<std::array<Float, 3>> floats(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    for (int back = 1; back <= 2 && back <= played_rounds; ++back) {
      const auto& entry = all[i].rounds[played_rounds - back];
      Float result = Float::none;
      if (!entry.played) {
        result = entry.half_points > 0 ? Float::down : Float::none;
      } else if (auto found = by_number.find(entry.opponent); found != by_number.end()) {
        int own = score_back(all[i], back), theirs = score_back(*found->second, back);
        result = own > theirs ? Float::down : own < theirs ? Float::up : Float::none;
      }
      floats[i][back] = result;
    }
  }
  for (std::size_t i = 0; i < all.size(); ++i)
    for (int back = 1; back <= 2; ++back) all[i].float_back[back] = floats[i][back];
  std::vector<PlayerFacts> present;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (!tournament.players[i].absent) present.push_back(std::move(all[i]));
  all = std::move(present);
  std::sort(all.begin(), all.end(), [](const PlayerFacts& a, const PlayerFacts& b) {
    return a.score != b.score ? a.score > b.score : a.rank < b.rank;
  });
  return all;
}

bool compatible(const PlayerFacts& a, const PlayerFacts& b, int played_rounds, int total_rounds) {
  if (a.met.contains(b.number)) return false;
  if (!a.absolute() || !b.absolute() || a.preference != b.preference) return true;
  return played_rounds >= total_rounds - 1 && (a.score > played_rounds || b.score > played_rounds);
}

namespace {

bool preferences_compatible(Colour a, Colour b) { return a != b || a == Colour::none || b == Colour::none; }

// E.3: going back through the rounds both played, the first where their
// colours differed; the colours each had then (none when no such round).
std::pair<Colour, Colour> first_colour_difference(const PlayerFacts& a, const PlayerFacts& b) {
  std::vector<Colour> colours_a, colours_b;
  for (auto it = a.rounds.rbegin(); it != a.rounds.rend(); ++it)
    if (it->played) colours_a.push_back(it->colour);
  for (auto it = b.rounds.rbegin(); it != b.rounds.rend(); ++it)
    if (it->played) colours_b.push_back(it->colour);
  std::size_t i = 0;
  while (i < colours_a.size() && i < colours_b.size() && colours_a[i] == colours_b[i]) ++i;
  return {i < colours_a.size() ? colours_a[i] : Colour::none, i < colours_b.size() ? colours_b[i] : Colour::none};
}

// E.1-E.4: the colour `player` gets, or none when the rank must decide.
Colour neutral_colour(const PlayerFacts& player, const PlayerFacts& opponent) {
  if (preferences_compatible(player.preference, opponent.preference)) {
    if (player.preference != Colour::none) return player.preference;
    if (opponent.preference != Colour::none) return opposite(opponent.preference);
    return Colour::none;
  }
  if (player.absolute() && (player.imbalance > opponent.imbalance || !opponent.absolute())) return player.preference;
  if (opponent.absolute() && (opponent.imbalance > player.imbalance || !player.absolute()))
    return opposite(opponent.preference);
  if (player.strong && !opponent.strong) return player.preference;
  if (opponent.strong && !player.strong) return opposite(opponent.preference);
  auto [player_then, opponent_then] = first_colour_difference(player, opponent);
  if (player_then != Colour::none && opponent_then != Colour::none) return opponent_then;
  return Colour::none;
}

bool ranks_higher(const PlayerFacts& a, const PlayerFacts& b) {
  return a.score != b.score ? a.score > b.score : a.rank < b.rank;
}

}  // namespace

Colour colour_for(const PlayerFacts& player, const PlayerFacts& opponent, Colour first_colour) {
  Colour neutral = neutral_colour(player, opponent);
  if (neutral != Colour::none) return neutral;
  const PlayerFacts& higher = ranks_higher(player, opponent) ? player : opponent;
  if (player.preference != Colour::none)
    return &higher == &player ? player.preference : opposite(opponent.preference);
  // E.5: the higher-ranked player's colour follows the first round's
  // alternation by rank.
  Colour higher_colour = higher.rank % 2 ? opposite(first_colour) : first_colour;
  return &higher == &player ? higher_colour : opposite(higher_colour);
}

}  // namespace arena::event::dutch
