#include "competition/swiss.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <unordered_map>

namespace arena::event {

namespace {

// How much a player wants a colour (C.04.3 A.6): the stronger want wins a conflict.
enum class Want { none, mild, strong, absolute };

struct ColourWish {
  Want want = Want::none;
  Colour colour = Colour::white;
};

// Three in a row, or a difference of three, is what "balanced" forbids:
// after two of a kind, or two more of one colour, the other is a must.
constexpr int kAbsoluteDifference = 2;

Colour other(Colour c) { return c == Colour::white ? Colour::black : Colour::white; }

int colour_difference(const SwissPlayer& p) {
  int difference = 0;  // whites − blacks
  for (const Colour c : p.colours) difference += c == Colour::white ? 1 : -1;
  return difference;
}

ColourWish wish(const SwissPlayer& p) {
  if (p.colours.empty()) return {};
  const int difference = colour_difference(p);
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

// Both want the same colour: one of them will not get it.
bool conflict(const ColourWish& a, const ColourWish& b) {
  return a.want != Want::none && b.want != Want::none && a.colour == b.colour;
}

// A bracket pairing's quality, compared in order, smaller is better (after
// C.04.3 C.5–C.21, without those for the last round's top scorers):
enum Criterion {
  kFewerPairs,       // − the pairs made (the most pairs)
  kScoreDown,        // the points of the players floating down (pair the higher scores)
  kColours,          // pairs where someone misses the colour they want
  kStrongColours,    // … where a strong (or absolute) want is missed
  kDownAgain,        // floating down again after floating down the round before
  kUpAgain,          // meeting a higher score again after doing so the round before
  kDownTwoRounds,    // as kDownAgain, two rounds before
  kUpTwoRounds,      // as kUpAgain, two rounds before
  kCriteria,
};
using Quality = std::array<double, kCriteria>;

// The player's float `back` rounds ago (1: the last round).
Float float_back(const SwissPlayer& p, std::size_t back) {
  return p.floats.size() >= back ? p.floats[p.floats.size() - back] : Float::none;
}

struct Pairer {
  std::vector<const SwissPlayer*> ranked;  // best first
  std::vector<ColourWish> wishes;          // by rank
  bool strict_colours = true;              // first try without colour clashes
  std::vector<std::pair<int, int>> pairs;  // ranks, higher first
  std::unordered_map<std::uint64_t, bool> pairable_memo;

  bool met(int a, int b) const {
    const auto& o = ranked[a]->opponents;
    return std::find(o.begin(), o.end(), ranked[b]->player) != o.end();
  }
  bool legal(int a, int b) const { return !met(a, b) && !(strict_colours && clash(wishes[a], wishes[b])); }
  double score(int r) const { return ranked[r]->score; }

  // Whether the ranks in `set` can all be paired (any way at all).
  bool pairable(const std::vector<int>& set) {
    if (set.empty()) return true;
    if (set.size() % 2 == 1) return false;
    const bool memo = ranked.size() <= 64;
    std::uint64_t key = 0;
    if (memo) {
      for (const int r : set) key |= std::uint64_t{1} << r;
      if (const auto it = pairable_memo.find(key); it != pairable_memo.end()) return it->second;
    }
    bool ok = false;
    for (std::size_t i = 1; i < set.size() && !ok; ++i) {
      if (!legal(set[0], set[i])) continue;
      std::vector<int> rest;
      for (std::size_t j = 1; j < set.size(); ++j)
        if (j != i) rest.push_back(set[j]);
      ok = pairable(rest);
    }
    if (memo) pairable_memo[key] = ok;
    return ok;
  }

  // ---- One bracket: its moved-down players (MDPs) and its residents. ----
  struct Bracket {
    std::vector<int> mdps;       // ranks, in order
    std::vector<int> residents;  // ranks, in order
    std::vector<int> below;      // every rank in the lower score groups
    bool last = false;           // no one may float out of it
  };
  const Bracket* bracket = nullptr;
  std::vector<char> used;                  // by rank, within the search
  std::vector<char> in_s1;                 // by rank: the remainder's top half
  std::vector<std::pair<int, int>> trial;  // pairs of the candidate being built
  std::vector<int> floaters;               // its players floating down
  Quality quality{};
  std::optional<Quality> best;
  std::vector<std::pair<int, int>> best_pairs;
  std::vector<int> best_floaters;

  void add_pair(int a, int b, int sign) {
    if (a > b) std::swap(a, b);
    quality[kFewerPairs] -= sign;
    if (conflict(wishes[a], wishes[b])) {
      quality[kColours] += sign;
      if (std::min(wishes[a].want, wishes[b].want) >= Want::strong) quality[kStrongColours] += sign;
    }
    if (score(a) != score(b)) {
      const int up = score(a) > score(b) ? b : a;
      if (float_back(*ranked[up], 1) == Float::up) quality[kUpAgain] += sign;
      if (float_back(*ranked[up], 2) == Float::up) quality[kUpTwoRounds] += sign;
    }
  }
  void add_float(int r, int sign) {
    quality[kScoreDown] += sign * score(r);
    if (float_back(*ranked[r], 1) == Float::down) quality[kDownAgain] += sign;
    if (float_back(*ranked[r], 2) == Float::down) quality[kDownTwoRounds] += sign;
  }

  // The candidate can still beat the best so far: every criterion only grows
  // as the search goes on, but for the pairs, which `open` players may add;
  // with all of them paired, the open players wanting the more wanted colour
  // meet each other beyond what the others (and one floater) can absorb.
  // Past kSearchBudget nodes the best found so far stands (large odd groups).
  bool promising(std::size_t i, std::size_t open) {
    if (!best) return true;
    if (++nodes > kSearchBudget) return false;
    Quality bound = quality;
    bound[kFewerPairs] -= static_cast<double>(open / 2);
    int white = 0, black = 0, free = 0;
    for (std::size_t k = i; k < bracket->mdps.size() + bracket->residents.size(); ++k) {
      const int r = member(k);
      if (used[r]) continue;
      if (wishes[r].want == Want::none) ++free;
      else (wishes[r].colour == Colour::white ? white : black) += 1;
    }
    const int excess = std::abs(white - black) - free - static_cast<int>(open % 2);
    if (excess > 0) bound[kColours] += excess / 2;
    return bound < *best;
  }
  static constexpr long kSearchBudget = 200000;
  long nodes = 0;

  void consider() {
    if (bracket->last && !floaters.empty()) return;
    if (best && !(quality < *best)) return;
    std::vector<int> rest = floaters;
    rest.insert(rest.end(), bracket->below.begin(), bracket->below.end());
    if (!pairable(rest)) return;
    best = quality;
    best_pairs = trial;
    best_floaters = floaters;
  }

  // Position `i` of the members (MDPs, then residents); `open` members from
  // there on are still unpaired. The order is the Dutch one: an MDP takes
  // the residents from the top; then the remainder's top half (S1) takes the
  // bottom half (S2) from its top (the transpositions), then S1 players below
  // it (the exchanges); floating down comes last.
  void search(std::size_t i, std::size_t open) {
    const std::size_t m = bracket->mdps.size();
    const std::size_t total = m + bracket->residents.size();
    while (i < total && used[member(i)]) ++i;
    if (i == total) return consider();
    if (!promising(i, open)) return;
    if (i >= m && !split_done) {
      // The MDPs are settled: split the residents left into S1 and S2.
      std::vector<int> remainder;
      for (const int r : bracket->residents)
        if (!used[r]) remainder.push_back(r);
      for (std::size_t k = 0; k < remainder.size(); ++k) in_s1[remainder[k]] = k < remainder.size() / 2;
      split_done = true;
      search(i, open);
      split_done = false;
      return;
    }
    const int p = member(i);
    used[p] = 1;
    auto try_with = [&](int q) {
      if (used[q] || !legal(p, q)) return;
      used[q] = 1;
      trial.emplace_back(std::min(p, q), std::max(p, q));
      add_pair(p, q, 1);
      search(i + 1, open - 2);
      add_pair(p, q, -1);
      trial.pop_back();
      used[q] = 0;
    };
    if (i < m) {
      for (const int q : bracket->residents) try_with(q);
      for (std::size_t k = i + 1; k < m; ++k) try_with(bracket->mdps[k]);
    } else if (in_s1[p]) {
      for (const int q : bracket->residents)
        if (!in_s1[q]) try_with(q);
      for (const int q : bracket->residents)
        if (in_s1[q] && q > p) try_with(q);
    } else {
      for (const int q : bracket->residents)
        if (!in_s1[q] && q > p) try_with(q);
    }
    floaters.push_back(p);
    add_float(p, 1);
    search(i + 1, open - 1);
    add_float(p, -1);
    floaters.pop_back();
    used[p] = 0;
  }
  bool split_done = false;
  int member(std::size_t i) const {
    const std::size_t m = bracket->mdps.size();
    return i < m ? bracket->mdps[i] : bracket->residents[i - m];
  }

  // Pairs the score groups from `g` on, with `mdps` moved down into the first.
  bool pair_groups(const std::vector<std::vector<int>>& groups, std::size_t g, std::vector<int> mdps) {
    if (g == groups.size()) return mdps.empty();
    Bracket b;
    b.mdps = std::move(mdps);
    b.residents = groups[g];
    for (std::size_t h = g + 1; h < groups.size(); ++h) b.below.insert(b.below.end(), groups[h].begin(), groups[h].end());
    b.last = g + 1 == groups.size();
    bracket = &b;
    used.assign(ranked.size(), 0);
    in_s1.assign(ranked.size(), 0);
    trial.clear();
    floaters.clear();
    quality = {};
    best.reset();
    nodes = 0;
    split_done = false;
    search(0, b.mdps.size() + b.residents.size());
    bracket = nullptr;
    if (!best) return false;
    pairs.insert(pairs.end(), best_pairs.begin(), best_pairs.end());
    return pair_groups(groups, g + 1, best_floaters);
  }

  // Colours for ranks a (higher) and b on board `board` (C.04.3 E.1–E.5).
  Pairing colours(int a, int b, std::size_t board) const {
    const ColourWish& wa = wishes[a];
    const ColourWish& wb = wishes[b];
    const SwissPlayer& pa = *ranked[a];
    const SwissPlayer& pb = *ranked[b];
    Colour a_gets = wa.colour;
    if (wa.want == Want::none && wb.want == Want::none) {
      // First round: the higher-ranked player alternates white, black down the boards.
      a_gets = board % 2 == 0 ? Colour::white : Colour::black;
    } else if (wa.want == Want::none) {
      a_gets = other(wb.colour);
    } else if (wb.want == Want::none || wa.colour != wb.colour) {
      a_gets = wa.colour;  // E.1: both get what they want
    } else if (wa.want != wb.want) {
      a_gets = wa.want > wb.want ? wa.colour : other(wb.colour);  // E.2: the stronger want
    } else if (wa.want == Want::absolute &&
               std::abs(colour_difference(pa)) != std::abs(colour_difference(pb))) {
      // E.2: two absolute wants (only when unavoidable): the wider difference.
      a_gets = std::abs(colour_difference(pa)) > std::abs(colour_difference(pb)) ? wa.colour : other(wb.colour);
    } else {
      // E.3: alternate from the latest game in which their colours differed;
      // E.4: else the higher-ranked player's want.
      const auto& ca = pa.colours;
      const auto& cb = pb.colours;
      for (std::size_t k = 1; k <= std::min(ca.size(), cb.size()); ++k) {
        if (ca[ca.size() - k] != cb[cb.size() - k]) {
          a_gets = other(ca[ca.size() - k]);
          break;
        }
      }
    }
    return a_gets == Colour::white ? Pairing{pa.player, pb.player} : Pairing{pb.player, pa.player};
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
      pairer.pairable_memo.clear();
      // Score groups of ranks, best first, without the bye.
      std::vector<std::vector<int>> groups;
      for (int r = 0; r < n; ++r) {
        if (bye && r == *bye) continue;
        if (groups.empty() || pairer.score(groups.back().front()) != pairer.score(r)) groups.emplace_back();
        groups.back().push_back(r);
      }
      std::vector<int> everyone;
      for (const auto& group : groups) everyone.insert(everyone.end(), group.begin(), group.end());
      if (!pairer.pairable(everyone)) continue;
      pairer.pairs.clear();
      if (!pairer.pair_groups(groups, 0, {})) continue;
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
