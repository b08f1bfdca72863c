#include "competition/swiss.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace arena::event {

namespace {

// How much a player wants a colour; the stronger want wins a conflict.
enum class Want { none, mild, strong, absolute };

struct ColourWish {
  Want want = Want::none;
  Colour colour = Colour::white;
};

// Three in a row, or a difference of three, is what "balanced" forbids:
// after two of a kind, or two more of one colour, the other is a must.
constexpr int kAbsoluteDifference = 2;

Colour other(Colour c) { return c == Colour::white ? Colour::black : Colour::white; }

ColourWish wish(const SwissPlayer& p) {
  if (p.colours.empty()) return {};
  int difference = 0;  // whites − blacks
  for (const Colour c : p.colours) difference += c == Colour::white ? 1 : -1;
  const Colour last = p.colours.back();
  const std::size_t n = p.colours.size();
  if (std::abs(difference) >= kAbsoluteDifference)
    return {Want::absolute, difference > 0 ? Colour::black : Colour::white};
  if (n >= 2 && p.colours[n - 2] == last) return {Want::absolute, other(last)};
  if (difference != 0) return {Want::strong, difference > 0 ? Colour::black : Colour::white};
  return {Want::mild, other(last)};
}

// Both must have the same colour: pairing them breaks the balance.
bool clash(const ColourWish& a, const ColourWish& b) {
  return a.want == Want::absolute && b.want == Want::absolute && a.colour == b.colour;
}

struct Pairer {
  std::vector<const SwissPlayer*> ranked;  // best first
  std::vector<ColourWish> wishes;          // by rank
  bool strict_colours = true;              // first try without colour clashes
  std::vector<std::pair<int, int>> pairs;  // ranks, higher first

  bool met(int a, int b) const {
    const auto& o = ranked[a]->opponents;
    return std::find(o.begin(), o.end(), ranked[b]->player) != o.end();
  }

  // Pairs the unpaired ranks (in rank order): the first one against, in
  // order of preference, the top of its group's bottom half, the rest of its
  // group below that, then lower groups from the top (it floats down).
  bool solve(std::vector<int>& unpaired) {
    if (unpaired.empty()) return true;
    const int top = unpaired.front();
    std::vector<int> group;
    std::vector<int> lower;
    for (std::size_t i = 1; i < unpaired.size(); ++i)
      (ranked[unpaired[i]]->score == ranked[top]->score ? group : lower).push_back(unpaired[i]);
    // With `top`, the group has group.size() + 1 players; its bottom half starts at half of that.
    const std::size_t half = (group.size() + 1) / 2;
    std::vector<int> candidates;
    const std::size_t from = half > 0 ? half - 1 : 0;
    for (std::size_t i = from; i < group.size(); ++i) candidates.push_back(group[i]);
    for (std::size_t i = 0; i < from; ++i) candidates.push_back(group[i]);
    candidates.insert(candidates.end(), lower.begin(), lower.end());

    for (const int c : candidates) {
      if (met(top, c) || (strict_colours && clash(wishes[top], wishes[c]))) continue;
      std::vector<int> rest;
      for (const int u : unpaired)
        if (u != top && u != c) rest.push_back(u);
      pairs.emplace_back(top, c);
      if (solve(rest)) return true;
      pairs.pop_back();
    }
    return false;
  }

  // Colours for ranks a (higher) and b on board `board`.
  Pairing colours(int a, int b, std::size_t board) const {
    const ColourWish& wa = wishes[a];
    const ColourWish& wb = wishes[b];
    Colour a_gets;
    if (wa.want == Want::none && wb.want == Want::none) {
      // First round: the higher-ranked player alternates white, black down the boards.
      a_gets = board % 2 == 0 ? Colour::white : Colour::black;
    } else if (wb.want == Want::none || (wa.want != Want::none && wa.colour != wb.colour)) {
      a_gets = wa.colour;
    } else if (wa.want == Want::none) {
      a_gets = other(wb.colour);
    } else {
      // Both want the same colour: the stronger want wins, then the higher rank.
      a_gets = wb.want > wa.want ? other(wb.colour) : wa.colour;
    }
    const int pa = ranked[a]->player;
    const int pb = ranked[b]->player;
    return a_gets == Colour::white ? Pairing{pa, pb} : Pairing{pb, pa};
  }
};

bool ranks_above(const SwissPlayer& a, const SwissPlayer& b) {
  if (a.score != b.score) return a.score > b.score;
  if (a.rating != b.rating) return a.rating > b.rating;
  return a.player < b.player;
}

}  // namespace

Round pair_swiss(std::span<const SwissPlayer> players) {
  if (players.size() < 2) return {};
  Pairer pairer;
  for (const auto& p : players) pairer.ranked.push_back(&p);
  std::sort(pairer.ranked.begin(), pairer.ranked.end(),
            [](const SwissPlayer* a, const SwissPlayer* b) { return ranks_above(*a, *b); });
  for (const auto* p : pairer.ranked) pairer.wishes.push_back(wish(*p));

  const int n = static_cast<int>(pairer.ranked.size());
  // Bye candidates: none when even; else the lowest-ranked without a bye first.
  std::vector<std::optional<int>> byes;
  if (n % 2 == 0) {
    byes.push_back(std::nullopt);
  } else {
    for (int r = n - 1; r >= 0; --r)
      if (!pairer.ranked[r]->had_bye) byes.push_back(r);
  }
  // The bye's rule comes first; colours give way when they must.
  for (const auto& bye : byes) {
    for (const bool strict : {true, false}) {
      pairer.strict_colours = strict;
      std::vector<int> unpaired;
      for (int r = 0; r < n; ++r)
        if (!bye || r != *bye) unpaired.push_back(r);
      pairer.pairs.clear();
      if (!pairer.solve(unpaired)) continue;
      // Boards by the higher-ranked player of each pair: best first.
      std::sort(pairer.pairs.begin(), pairer.pairs.end());
      Round round;
      for (std::size_t board = 0; board < pairer.pairs.size(); ++board)
        round.push_back(pairer.colours(pairer.pairs[board].first, pairer.pairs[board].second, board));
      if (bye) round.push_back({pairer.ranked[*bye]->player, round_robin::kBye});
      return round;
    }
  }
  return {};
}

}  // namespace arena::event
