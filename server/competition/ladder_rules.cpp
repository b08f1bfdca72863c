#include "competition/ladder_rules.hpp"

#include <algorithm>
#include <utility>

namespace arena::ladder {

namespace {

bool is_active(const LadderPlayer& p) { return !p.inactive; }

// Active players first, in their order, then the inactive ones, in theirs.
void settle(std::vector<LadderPlayer>& players) { std::stable_partition(players.begin(), players.end(), is_active); }

// The player's clock restarts: a finished game clears drops and inactivity.
void played(LadderPlayer& p, std::int64_t now_ms) {
  p.last_game_ms = now_ms;
  p.drops = 0;
  p.inactive = false;
}

// Keeps only the time losses still inside the window as of now.
void prune_time_losses(LadderPlayer& p, std::int64_t now_ms) {
  std::erase_if(p.time_losses_ms, [&](std::int64_t t) { return now_ms - t > kTimeLossWindowMs; });
}

}  // namespace

std::string_view code(Refusal refusal) {
  switch (refusal) {
    case Refusal::out_of_reach: return "out_of_reach";
    case Refusal::too_many_challenges: return "too_many_challenges";
    case Refusal::cooldown: return "cooldown";
    case Refusal::ladder_paused: return "ladder_paused";
  }
  return "out_of_reach";
}

std::string_view status_name(LadderStatus status) {
  switch (status) {
    case LadderStatus::open: return "open";
    case LadderStatus::paused: return "paused";
    case LadderStatus::closed: return "closed";
  }
  return "closed";
}

std::optional<LadderStatus> parse_status(std::string_view text) {
  for (auto s : {LadderStatus::open, LadderStatus::paused, LadderStatus::closed})
    if (status_name(s) == text) return s;
  return std::nullopt;
}

std::optional<int> Standings::position_of(std::int64_t account) const {
  for (std::size_t i = 0; i < players.size(); ++i)
    if (players[i].account == account) return static_cast<int>(i) + 1;
  return std::nullopt;
}

std::vector<std::int64_t> Standings::order() const {
  std::vector<std::int64_t> out;
  out.reserve(players.size());
  for (const auto& p : players) out.push_back(p.account);
  return out;
}

Reach reach(int position) {
  // ⌈2(p − 1) / 5⌉ in integers.
  const int proportional = (kReachNum * (position - 1) + kReachDen - 1) / kReachDen;
  const int places = std::max(kMinReach, proportional);
  return {std::max(1, position - places), position - 1};
}

std::optional<Refusal> check_challenge(const Standings& standings, LadderStatus status, std::int64_t challenger,
                                       std::int64_t defender, std::span<const Challenge> challenges,
                                       std::int64_t now_ms) {
  if (status != LadderStatus::open) return Refusal::ladder_paused;
  const auto from = standings.position_of(challenger);
  const auto to = standings.position_of(defender);
  if (!from || !to || challenger == defender) return Refusal::out_of_reach;
  if (standings.players[*to - 1].inactive || !reach(*from).contains(*to)) return Refusal::out_of_reach;

  int sent = 0;
  int received = 0;
  bool recent = false;
  for (const auto& c : challenges) {
    if (c.open && c.challenger == challenger) ++sent;
    if (c.open && c.defender == defender) ++received;
    const bool same_pair = (c.challenger == challenger && c.defender == defender) ||
                           (c.challenger == defender && c.defender == challenger);
    // A game still going counts however old: the pair is playing now.
    if (same_pair && (c.open || now_ms - c.created_ms < kCooldownMs)) recent = true;
  }
  if (sent >= kMaxSent || received >= kMaxReceived) return Refusal::too_many_challenges;
  if (recent) return Refusal::cooldown;
  return std::nullopt;
}

Standings join(const Standings& standings, std::int64_t account, std::int64_t now_ms) {
  if (standings.position_of(account)) return standings;
  Standings next = standings;
  LadderPlayer p;
  p.account = account;
  p.last_game_ms = now_ms;
  const auto first_inactive = std::find_if(next.players.begin(), next.players.end(),
                                           [](const LadderPlayer& q) { return q.inactive; });
  next.players.insert(first_inactive, std::move(p));
  return next;
}

Standings remove(const Standings& standings, std::int64_t account) {
  Standings next = standings;
  std::erase_if(next.players, [&](const LadderPlayer& p) { return p.account == account; });
  return next;
}

GameEffect record_game(const Standings& standings, std::int64_t challenger, std::int64_t defender,
                       LadderOutcome outcome, bool loser_on_time, std::int64_t now_ms) {
  GameEffect effect{standings, {}};
  auto& players = effect.standings.players;
  const auto c = effect.standings.position_of(challenger);
  const auto d = effect.standings.position_of(defender);
  // A player removed by an admin during the game: the other still played.
  if (c) played(players[*c - 1], now_ms);
  if (d) played(players[*d - 1], now_ms);

  // The challenger takes the defender's place only from below; rotating the
  // range [d, c] right by one moves everyone in between down one.
  if (outcome == LadderOutcome::challenger_won && c && d && *c > *d)
    std::rotate(players.begin() + (*d - 1), players.begin() + (*c - 1), players.begin() + *c);
  // A reactivated player was below the active ones; keep actives first.
  settle(players);

  if (loser_on_time && outcome != LadderOutcome::draw) {
    const std::int64_t loser = outcome == LadderOutcome::challenger_won ? defender : challenger;
    if (const auto at = effect.standings.position_of(loser)) {
      auto& p = players[*at - 1];
      p.time_losses_ms.push_back(now_ms);
      prune_time_losses(p, now_ms);
      if (static_cast<int>(p.time_losses_ms.size()) >= kTimeLossesToRemove) {
        effect.removed.push_back(loser);
        players.erase(players.begin() + (*at - 1));
      }
    }
  }
  return effect;
}

Standings apply_activity(const Standings& standings, std::int64_t now_ms) {
  Standings next = standings;
  auto& players = next.players;
  // Bottom up, so a drop never undoes the drop of the player below.
  for (std::size_t i = players.size(); i-- > 0;) {
    if (players[i].inactive) continue;
    const std::int64_t idle = now_ms - players[i].last_game_ms;
    const int owed = idle > 0 ? static_cast<int>(idle / kDropEveryMs) : 0;
    std::size_t at = i;
    while (players[at].drops < owed) {
      ++players[at].drops;
      if (at + 1 < players.size() && !players[at + 1].inactive) {
        std::swap(players[at], players[at + 1]);
        ++at;
      }
    }
  }
  for (auto& p : players) {
    if (!p.inactive && now_ms - p.last_game_ms >= kInactiveAfterMs) p.inactive = true;
    prune_time_losses(p, now_ms);
  }
  settle(players);
  return next;
}

bool decline_is_free(std::span<const std::int64_t> free_declines_ms, std::int64_t now_ms) {
  auto recent = std::count_if(free_declines_ms.begin(), free_declines_ms.end(),
                              [&](std::int64_t t) { return t <= now_ms && now_ms - t < kDeclineWindowMs; });
  return recent < kFreeDeclines;
}

bool schedulable(std::int64_t created_ms, std::int64_t start_ms, std::int64_t now_ms) {
  return start_ms > now_ms && start_ms <= created_ms + kScheduleWithinMs;
}

}  // namespace arena::ladder
