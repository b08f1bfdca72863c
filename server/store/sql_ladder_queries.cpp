// Challenge ladders (#14) on SQLite: each write loads a ladder's standings,
// applies the pure rules (competition/ladder_rules) and writes them back whole,
// inside the writer's transaction. Ladders are small (kMaxLadderPlayers).
#include <algorithm>
#include <map>
#include <span>

#include "rating/perf.hpp"
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {
namespace {

using ladder::LadderStatus;

const std::string kSelectLadders =
    "SELECT l.id, l.name, l.game, l.variant, l.clock_kind, l.clock_initial_ms, l.clock_increment_ms, l.clock_days, "
    "l.status, l.created_at, (SELECT count(*) FROM ladder_players p WHERE p.ladder = l.id), l.answer_hours, l.bots FROM ladders l ";

LadderRecord read_ladder(const Statement& s) {
  LadderRecord l;
  l.id = s.integer(0);
  l.name = s.text(1);
  l.options = {s.text(2), s.text(3), 0, 0};
  l.clock = read_clock(s, 4);
  auto status = ladder::parse_status(s.text(8));
  if (!status) throw SqlError("unknown ladder status '" + s.text(8) + "' in the database");
  l.status = *status;
  l.created_at = s.integer(9);
  l.players = s.integer(10);
  l.answer_hours = static_cast<int>(s.integer(11));
  l.bots = s.integer(12) != 0;
  return l;
}

std::optional<LadderRecord> find_ladder(Connection& db, std::int64_t id) {
  Statement s = db.prepare(kSelectLadders + "WHERE l.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_ladder(s);
}

std::string encode_times(const std::vector<std::int64_t>& times) {
  std::string out;
  for (auto t : times) out += (out.empty() ? "" : ",") + std::to_string(t);
  return out;
}

std::vector<std::int64_t> decode_times(const std::string& text) {
  std::vector<std::int64_t> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    try {
      out.push_back(std::stoll(text.substr(at, comma - at)));
    } catch (const std::exception&) {
      throw SqlError("a damaged time list '" + text + "' in ladder_players");
    }
    at = comma + 1;
  }
  return out;
}

ladder::LadderPlayer read_player(const Statement& s, int column) {
  ladder::LadderPlayer p;
  p.account = s.integer(column);
  p.last_game_ms = s.integer(column + 1);
  p.drops = static_cast<int>(s.integer(column + 2));
  p.inactive = s.integer(column + 3) != 0;
  p.time_losses_ms = decode_times(s.text(column + 4));
  return p;
}

ladder::Standings load_standings(Connection& db, std::int64_t id) {
  Statement s = db.prepare(
      "SELECT player, last_game_at, drops, inactive, time_losses FROM ladder_players WHERE ladder = ? ORDER BY position");
  s.bind(1, id);
  ladder::Standings out;
  while (s.step()) out.players.push_back(read_player(s, 0));
  return out;
}

void save_standings(Connection& db, std::int64_t id, const ladder::Standings& standings) {
  db.prepare("DELETE FROM ladder_players WHERE ladder = ?").bind(1, id).run();
  Statement insert = db.prepare(
      "INSERT INTO ladder_players (ladder, player, position, last_game_at, drops, inactive, time_losses) "
      "VALUES (?, ?, ?, ?, ?, ?, ?)");
  std::int64_t position = 0;
  for (const auto& p : standings.players) {
    insert.bind(1, id)
        .bind(2, p.account)
        .bind(3, ++position)
        .bind(4, p.last_game_ms)
        .bind(5, std::int64_t{p.drops})
        .bind(6, std::int64_t{p.inactive ? 1 : 0})
        .bind(7, encode_times(p.time_losses_ms))
        .run();
  }
}

// The ladder's challenges check_challenge needs: the open ones and those of the cooldown window.
std::vector<ladder::Challenge> rules_view(Connection& db, std::int64_t id, std::int64_t now) {
  Statement s = db.prepare(
      "SELECT challenger, defender, created_at, open FROM ladder_challenges "
      "WHERE ladder = ? AND (open = 1 OR created_at > ?)");
  s.bind(1, id).bind(2, now - ladder::kCooldownMs);
  std::vector<ladder::Challenge> out;
  while (s.step()) out.push_back({s.integer(0), s.integer(1), s.integer(2), s.integer(3) != 0});
  return out;
}

const std::string kSelectChallenges =
    "SELECT c.id, c.ladder, c.challenger, c.defender, c.white, c.black, cp.name, dp.name, c.room, c.created_at, "
    "c.finished_at, c.open, c.outcome, c.reason, c.state, c.answer_by, c.start_at, lc.name FROM ladder_challenges c "
    "JOIN ladders lc ON lc.id = c.ladder JOIN players cp ON cp.id = c.challenger "
    "JOIN players dp ON dp.id = c.defender ";

std::vector<ChallengeRecord> read_challenges(Statement& s) {
  std::vector<ChallengeRecord> out;
  while (s.step()) {
    ChallengeRecord c;
    c.id = s.integer(0);
    c.ladder = s.integer(1);
    c.challenger = s.integer(2);
    c.defender = s.integer(3);
    c.white = s.integer(4);
    c.black = s.integer(5);
    c.challenger_name = s.text(6);
    c.defender_name = s.text(7);
    c.room = s.text(8);
    c.created_at = s.integer(9);
    c.finished_at = s.integer(10);
    c.open = s.integer(11) != 0;
    c.outcome = s.text(12);
    c.reason = s.text(13);
    c.state = s.text(14);
    c.answer_by = s.integer(15);
    c.start_at = s.integer(16);
    c.ladder_name = s.text(17);
    out.push_back(std::move(c));
  }
  return out;
}

// When each defender declined a challenge on the ladder for free, within the
// window: one query for a ladder's page, whatever its open challenges.
std::map<std::int64_t, std::vector<std::int64_t>> free_declines_by_defender(Connection& db, std::int64_t ladder_id,
                                                                            std::int64_t now) {
  Statement s = db.prepare(
      "SELECT defender, finished_at FROM ladder_challenges WHERE ladder = ? AND outcome = 'aborted' "
      "AND reason = 'declined' AND finished_at > ?");
  s.bind(1, ladder_id).bind(2, now - ladder::kDeclineWindowMs);
  std::map<std::int64_t, std::vector<std::int64_t>> out;
  while (s.step()) out[s.integer(0)].push_back(s.integer(1));
  return out;
}

// When `defender` declined a challenge on the ladder for free, within the window.
std::vector<std::int64_t> free_declines(Connection& db, std::int64_t ladder_id, std::int64_t defender, std::int64_t now) {
  Statement s = db.prepare(
      "SELECT finished_at FROM ladder_challenges WHERE ladder = ? AND defender = ? AND outcome = 'aborted' "
      "AND reason = 'declined' AND finished_at > ?");
  s.bind(1, ladder_id).bind(2, defender).bind(3, now - ladder::kDeclineWindowMs);
  std::vector<std::int64_t> out;
  while (s.step()) out.push_back(s.integer(0));
  return out;
}

std::optional<ChallengeRecord> find_challenge(Connection& db, std::int64_t id) {
  Statement s = db.prepare(kSelectChallenges + "WHERE c.id = ?");
  s.bind(1, id);
  auto found = read_challenges(s);
  if (found.empty()) return std::nullopt;
  return found.front();
}

// The challenge stored under `nc.room` already, if any: the store runs a write
// again when its connection was lost during COMMIT (a PostgreSQL restart), and
// that COMMIT may have been done (#42, found by the soak). The challenge was
// made once; its answer is what it made. Another challenge under the room's
// id is not this one: refused as the unique room would refuse it.
std::optional<ChallengeMade> stored_challenge(Connection& db, const NewChallenge& nc) {
  Statement s = db.prepare("SELECT id FROM ladder_challenges WHERE room = ?");
  s.bind(1, nc.room);
  if (!s.step()) return std::nullopt;
  ChallengeRecord c = *find_challenge(db, s.integer(0));
  if (c.ladder != nc.ladder || c.challenger != nc.challenger || c.created_at != nc.now)
    throw SqlError("room '" + nc.room + "' belongs to another challenge");
  ChallengeMade made{c, std::nullopt};
  if (auto games = pending_ladder_games(db, nc.room); !games.empty()) made.game = games.front();
  return made;
}

// Ends a challenge that never got a game: `outcome` challenger (a forfeit:
// the standings move as if the challenger won, unless the ladder is closed)
// or aborted (nothing moves). The caller holds the ladder's lock.
ChallengeRecord end_unplayed(Connection& db, const ChallengeRecord& c, const std::string& outcome, const std::string& reason,
                             std::int64_t now) {
  if (outcome == "challenger") {
    auto found = find_ladder(db, c.ladder);
    if (found && found->status != ladder::LadderStatus::closed) {
      auto standings = ladder::apply_activity(load_standings(db, c.ladder), now);
      save_standings(db, c.ladder,
                     ladder::record_game(standings, c.challenger, c.defender, ladder::LadderOutcome::challenger_won, false, now)
                         .standings);
    }
  }
  db.prepare("UPDATE ladder_challenges SET open = 0, outcome = ?, reason = ?, finished_at = ? WHERE id = ?")
      .bind(1, outcome)
      .bind(2, reason)
      .bind(3, now)
      .bind(4, c.id)
      .run();
  return *find_challenge(db, c.id);
}

struct AccountPlayer {
  std::int64_t player = 0;
  std::string username;
  std::int64_t banned_until = 0;
  bool bot = false;
};

const std::string kSelectAccountPlayer = "SELECT player, username, banned_until, bot FROM accounts ";

std::optional<AccountPlayer> read_account_player(Statement& s) {
  if (!s.step()) return std::nullopt;
  return AccountPlayer{s.integer(0), s.text(1), s.integer(2), s.integer(3) != 0};
}

std::optional<AccountPlayer> account_player(Connection& db, const std::string& username) {
  Statement s = db.prepare(kSelectAccountPlayer + "WHERE username_key = ?");
  s.bind(1, lower(username));
  return read_account_player(s);
}

// The account of `player` (a player id); none for a guest.
std::optional<AccountPlayer> account_of_player(Connection& db, std::int64_t player) {
  Statement s = db.prepare(kSelectAccountPlayer + "WHERE player = ?");
  s.bind(1, player);
  return read_account_player(s);
}

// Whether the account of `player` (a player id) is banned at `now`.
bool player_banned(Connection& db, std::int64_t player, std::int64_t now) {
  auto account = account_of_player(db, player);
  return account && account->banned_until > now;
}

template <class T>
Outcome<T> banned_refusal(const std::string& username) {
  return Outcome<T>::refused("player_banned", "'" + username + "' is banned");
}

template <class T>
Outcome<T> no_ladder() {
  return Outcome<T>::refused("not_found", "no such ladder");
}

void audit_with_target(Connection& db, AuditEntry audit, std::int64_t ladder_id) {
  if (audit.target.empty()) audit.target = "ladder:" + std::to_string(ladder_id);
  insert_audit(db, audit);
}

}  // namespace

Outcome<LadderRecord> create_ladder(Connection& db, LadderRecord l, const AuditEntry& audit) {
  if (std::stoll(db.text_of("SELECT count(*) FROM ladders")) >= kMaxLadders)
    return Outcome<LadderRecord>::refused("too_many_ladders", "there are " + std::to_string(kMaxLadders) + " ladders already");
  Statement insert = db.prepare(
      "INSERT INTO ladders (name, game, variant, clock_kind, clock_initial_ms, clock_increment_ms, clock_days, status, "
      "created_at, answer_hours, bots) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, l.name).bind(2, l.options.game).bind(3, l.options.variant);
  bind_clock(insert, 4, l.clock)
      .bind(8, ladder::status_name(l.status))
      .bind(9, l.created_at)
      .bind(10, std::int64_t{l.answer_hours})
      .bind(11, std::int64_t{l.bots ? 1 : 0})
      .run();
  std::int64_t id = db.last_insert_rowid();
  audit_with_target(db, audit, id);
  return {*find_ladder(db, id), {}, {}};
}

Outcome<LadderRecord> edit_ladder(Connection& db, std::int64_t id, const LadderEdit& edit) {
  db.lock(Connection::Locked::ladder, id);
  auto found = find_ladder(db, id);
  if (!found) return no_ladder<LadderRecord>();
  if (found->status == LadderStatus::closed)
    return Outcome<LadderRecord>::refused("ladder_closed", "a closed ladder does not change");
  LadderRecord l = *found;
  if (edit.name) l.name = *edit.name;
  if (edit.clock) l.clock = *edit.clock;
  if (edit.status) l.status = *edit.status;
  if (edit.answer_hours) l.answer_hours = *edit.answer_hours;  // challenges made from now on
  if (edit.bots) l.bots = *edit.bots;                          // joins from now on
  Statement update = db.prepare(
      "UPDATE ladders SET name = ?, clock_kind = ?, clock_initial_ms = ?, clock_increment_ms = ?, clock_days = ?, "
      "status = ?, answer_hours = ?, bots = ? WHERE id = ?");
  update.bind(1, l.name);
  bind_clock(update, 2, l.clock)
      .bind(6, ladder::status_name(l.status))
      .bind(7, std::int64_t{l.answer_hours})
      .bind(8, std::int64_t{l.bots ? 1 : 0})
      .bind(9, id)
      .run();
  audit_with_target(db, edit.audit, id);
  return {*find_ladder(db, id), {}, {}};
}

std::vector<LadderRecord> ladders(Connection& db) {
  Statement s = db.prepare(kSelectLadders + "ORDER BY l.id DESC");
  std::vector<LadderRecord> out;
  while (s.step()) out.push_back(read_ladder(s));
  return out;
}

std::optional<LadderDetail> ladder(Connection& db, std::int64_t id, std::int64_t now) {
  auto found = find_ladder(db, id);
  if (!found) return std::nullopt;
  LadderDetail d;
  d.ladder = *found;
  Statement s = db.prepare(
      "SELECT lp.player, lp.last_game_at, lp.drops, lp.inactive, lp.time_losses, p.name, r.rating, r.rd, r.volatility, "
      "r.games, r.last_game_at FROM ladder_players lp JOIN players p ON p.id = lp.player "
      "LEFT JOIN ratings r ON r.player = lp.player AND r.perf = ? WHERE lp.ladder = ? ORDER BY lp.position");
  s.bind(1, perf_of(d.ladder.options)).bind(2, id);
  while (s.step()) {
    LadderStanding row;
    row.player = read_player(s, 0);
    row.username = s.text(5);
    row.rating = read_rating(s, 6);
    d.standings.push_back(std::move(row));
  }
  Statement open = db.prepare(kSelectChallenges + "WHERE c.ladder = ? AND c.open = 1 ORDER BY c.id");
  open.bind(1, id);
  d.open = read_challenges(open);
  if (std::any_of(d.open.begin(), d.open.end(), [](const ChallengeRecord& c) { return c.state == "proposed"; })) {
    const auto declines = free_declines_by_defender(db, id, now);
    for (auto& c : d.open) {
      if (c.state != "proposed") continue;
      auto it = declines.find(c.defender);
      c.decline_forfeits = !ladder::decline_is_free(it == declines.end() ? std::span<const std::int64_t>{} : it->second, now);
    }
  }
  Statement recent = db.prepare(kSelectChallenges + "WHERE c.ladder = ? AND c.open = 0 ORDER BY c.finished_at DESC, c.id DESC LIMIT ?");
  recent.bind(1, id).bind(2, std::int64_t{kRecentLadderGames});
  d.recent = read_challenges(recent);
  d.rules_view = rules_view(db, id, now);
  return d;
}

Outcome<LadderDetail> change_roster(Connection& db, std::int64_t id, const RosterChange& change, std::int64_t now) {
  db.lock(Connection::Locked::ladder, id);
  using Kind = RosterChange::Kind;
  auto found = find_ladder(db, id);
  if (!found) return no_ladder<LadderDetail>();
  if (found->status == LadderStatus::closed)
    return Outcome<LadderDetail>::refused("ladder_closed", "a closed ladder does not change");
  ladder::Standings standings = ladder::apply_activity(load_standings(db, id), now);
  auto full = [&] { return static_cast<int>(standings.players.size()) >= kMaxLadderPlayers; };
  const auto too_many = Outcome<LadderDetail>::refused(
      "ladder_full", "a ladder holds at most " + std::to_string(kMaxLadderPlayers) + " players");
  // Bot accounts join only a ladder that lets them in (#45); whoever is on it stays.
  const auto no_bots = Outcome<LadderDetail>::refused("bots_not_allowed", "this ladder does not take bot accounts");
  std::int64_t player = change.player;
  if (change.kind != Kind::join && change.kind != Kind::seed) {
    auto account = account_player(db, change.username);
    if (!account) return Outcome<LadderDetail>::refused("not_found", "no account '" + change.username + "'");
    if (change.kind != Kind::remove && account->banned_until > now) return banned_refusal<LadderDetail>(account->username);
    if (change.kind != Kind::remove && account->bot && !found->bots) return no_bots;
    player = account->player;
  }
  if (change.kind == Kind::join) {  // one read of the joining account: its ban and whether it is a bot
    auto me = account_of_player(db, player);
    if (me && me->banned_until > now) return banned_refusal<LadderDetail>("you");
    if (me && me->bot && !found->bots) return no_bots;
  }
  switch (change.kind) {
    case Kind::join:
    case Kind::add:
      if (!standings.position_of(player) && full()) return too_many;
      standings = ladder::join(standings, player, now);
      break;
    case Kind::remove:
      if (!standings.position_of(player)) return Outcome<LadderDetail>::refused("not_found", "not on this ladder");
      standings = ladder::remove(standings, player);
      break;
    case Kind::reinstate: {
      auto at = standings.position_of(player);
      if (at && !standings.players[*at - 1].inactive) break;  // active already
      if (!at && full()) return too_many;
      standings = ladder::join(ladder::remove(standings, player), player, now);
      break;
    }
    case Kind::seed: {
      if (static_cast<int>(change.order.size()) > kMaxLadderPlayers) return too_many;
      ladder::Standings seeded;
      for (const auto& name : change.order) {
        auto account = account_player(db, name);
        if (!account) return Outcome<LadderDetail>::refused("not_found", "no account '" + name + "'");
        if (account->banned_until > now) return banned_refusal<LadderDetail>(account->username);
        if (account->bot && !found->bots) return no_bots;
        if (seeded.position_of(account->player))
          return Outcome<LadderDetail>::refused("bad_field", "'" + name + "' is listed twice");
        ladder::LadderPlayer p;
        p.account = account->player;
        p.last_game_ms = now;
        if (auto at = standings.position_of(account->player); at && !standings.players[*at - 1].inactive)
          p = standings.players[*at - 1];  // keeps their activity and time losses
        seeded.players.push_back(std::move(p));
      }
      standings = std::move(seeded);
      break;
    }
  }
  save_standings(db, id, standings);
  if (change.audit) audit_with_target(db, *change.audit, id);
  return {*ladder(db, id, now), {}, {}};
}

Outcome<ChallengeMade> challenge(Connection& db, const NewChallenge& nc) {
  db.lock(Connection::Locked::ladder, nc.ladder);
  auto found = find_ladder(db, nc.ladder);
  if (!found) return no_ladder<ChallengeMade>();
  if (auto again = stored_challenge(db, nc)) return {std::move(*again), {}, {}};
  if (found->status != LadderStatus::open)
    return Outcome<ChallengeMade>::refused("ladder_paused", "the ladder is not taking challenges");
  auto defender = account_player(db, nc.defender);
  if (!defender) return Outcome<ChallengeMade>::refused("not_found", "no account '" + nc.defender + "'");
  // A banned player left the standings at the ban; one banned before that
  // rule (or by a direct database edit) is refused here all the same.
  if (defender->banned_until > nc.now) return banned_refusal<ChallengeMade>(defender->username);
  if (player_banned(db, nc.challenger, nc.now)) return banned_refusal<ChallengeMade>("you");
  {
    Statement blocked = db.prepare("SELECT 1 FROM blocks WHERE blocker = ? AND blocked = ?");
    blocked.bind(1, defender->player).bind(2, nc.challenger);
    if (blocked.step()) return Outcome<ChallengeMade>::refused("blocked", "'" + defender->username + "' does not take your challenges");
  }
  ladder::Standings standings = ladder::apply_activity(load_standings(db, nc.ladder), nc.now);
  auto views = rules_view(db, nc.ladder, nc.now);
  if (auto refusal = ladder::check_challenge(standings, found->status, nc.challenger, defender->player, views, nc.now)) {
    static constexpr const char* kWhy[] = {
        "you may challenge only active players above you within your reach",
        "too many open challenges: at most 2 sent and 3 received",
        "you played each other in this ladder within the last 7 days",
        "the ladder is not taking challenges",
    };
    return Outcome<ChallengeMade>::refused(std::string(ladder::code(*refusal)), kWhy[static_cast<int>(*refusal)]);
  }
  save_standings(db, nc.ladder, standings);  // the activity as of now, with the challenge
  std::int64_t white = nc.challenger_white ? nc.challenger : defender->player;
  std::int64_t black = nc.challenger_white ? defender->player : nc.challenger;
  // With an answer time the challenge waits for the defender (#43); without, its game starts now.
  const bool waits = found->answer_hours > 0;
  const std::int64_t answer_by = waits ? nc.now + std::int64_t{found->answer_hours} * 3600000 : 0;
  db.prepare("INSERT INTO ladder_challenges (ladder, challenger, defender, room, white, black, created_at, state, answer_by) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(1, nc.ladder)
      .bind(2, nc.challenger)
      .bind(3, defender->player)
      .bind(4, nc.room)
      .bind(5, white)
      .bind(6, black)
      .bind(7, nc.now)
      .bind(8, std::string(waits ? "proposed" : "playing"))
      .bind(9, answer_by)
      .run();
  const std::int64_t id = db.last_insert_rowid();
  ChallengeMade made{*find_challenge(db, id), std::nullopt};
  // The challenged player's notice, asked for with the challenge (#35): the
  // game to play, or the ladder's page to answer on.
  NoticeIntent told;
  told.player = defender->player;
  told.kind = "challenge";
  told.room = nc.room;
  told.at = nc.now;
  if (waits) {
    told.words = answer_challenge_words(made.challenge.challenger_name, found->name, nc.ladder);
  } else {
    made.game = pending_ladder_games(db, nc.room).at(0);
    told.words = challenge_words(made.challenge.challenger_name, found->name, nc.room);
  }
  insert_intent(db, told);
  return {std::move(made), {}, {}};
}

Outcome<ChallengeMade> answer_challenge(Connection& db, const ChallengeAnswer& a) {
  using Kind = ChallengeAnswer::Kind;
  using Answer = Outcome<ChallengeMade>;
  db.lock(Connection::Locked::ladder, a.ladder);
  auto found = find_challenge(db, a.challenge);
  if (!found || found->ladder != a.ladder) return Answer::refused("not_found", "no such challenge on this ladder");
  const ChallengeRecord& c = *found;
  const bool withdraw = a.kind == Kind::withdraw;
  if ((withdraw ? c.challenger : c.defender) != a.player)
    return Answer::refused("forbidden", withdraw ? "only its challenger may withdraw a challenge" : "only the challenged player answers a challenge");
  const bool waiting = c.open && c.state == "proposed" && a.now < c.answer_by;
  if (withdraw ? !(c.open && c.state != "playing") : !waiting)
    return Answer::refused("challenge_answered", withdraw ? "its game has started or it ended" : "the challenge is answered, ended or past its answer time");
  switch (a.kind) {
    case Kind::withdraw:
      return {ChallengeMade{end_unplayed(db, c, "aborted", "withdrawn", a.now), std::nullopt}, {}, {}};
    case Kind::decline: {
      const bool free = ladder::decline_is_free(free_declines(db, a.ladder, c.defender, a.now), a.now);
      return {ChallengeMade{end_unplayed(db, c, free ? "aborted" : "challenger", "declined", a.now), std::nullopt}, {}, {}};
    }
    case Kind::schedule:
      if (!ladder::schedulable(c.created_at, a.start_at, a.now))
        return Answer::refused("bad_field", "the time must be in the future and within 7 days of the challenge");
      db.prepare("UPDATE ladder_challenges SET state = 'scheduled', answer_by = 0, start_at = ? WHERE id = ?")
          .bind(1, a.start_at)
          .bind(2, c.id)
          .run();
      return {ChallengeMade{*find_challenge(db, c.id), std::nullopt}, {}, {}};
    case Kind::accept:
      break;
  }
  db.prepare("UPDATE ladder_challenges SET state = 'playing', answer_by = 0 WHERE id = ?").bind(1, c.id).run();
  return {ChallengeMade{*find_challenge(db, c.id), pending_ladder_games(db, c.room).at(0)}, {}, {}};
}

DueChallenges challenges_due(Connection& db, std::int64_t now) {
  DueChallenges due;
  std::vector<ChallengeRecord> waiting;
  {
    Statement s = db.prepare(kSelectChallenges +
                             "WHERE c.open = 1 AND ((c.state = 'proposed' AND c.answer_by <= ?1) OR "
                             "(c.state = 'scheduled' AND c.start_at <= ?1)) ORDER BY c.id LIMIT 500");
    s.bind(1, now);
    waiting = read_challenges(s);
  }
  for (const ChallengeRecord& c : waiting) {
    db.lock(Connection::Locked::ladder, c.ladder);
    if (c.state == "proposed") {
      due.unanswered.push_back(end_unplayed(db, c, "challenger", "no_answer", now));
      continue;
    }
    db.prepare("UPDATE ladder_challenges SET state = 'playing' WHERE id = ?").bind(1, c.id).run();
    due.start.push_back(pending_ladder_games(db, c.room).at(0));
  }
  return due;
}

void settle_ladder_game(Connection& db, const std::string& room, const EventRecord& event, const RoomChange& change) {
  Statement s = db.prepare(
      "SELECT c.id, c.ladder, c.challenger, c.defender, c.white, l.status FROM ladder_challenges c "
      "JOIN ladders l ON l.id = c.ladder WHERE c.room = ? AND c.open = 1");
  s.bind(1, room);
  if (!s.step()) return;
  const std::int64_t id = s.integer(0), ladder_id = s.integer(1), challenger = s.integer(2), defender = s.integer(3);
  const bool challenger_white = s.integer(4) == challenger;
  const bool closed_ladder = s.text(5) == ladder::status_name(LadderStatus::closed);
  db.lock(Connection::Locked::ladder, ladder_id);  // before its standings are read
  std::string outcome = "aborted";
  if (change.status == protocol::RoomStatus::Finished && !change.result.empty()) {
    auto result = ladder::LadderOutcome::draw;
    if (change.result == "1-0")
      result = challenger_white ? ladder::LadderOutcome::challenger_won : ladder::LadderOutcome::defender_won;
    if (change.result == "0-1")
      result = challenger_white ? ladder::LadderOutcome::defender_won : ladder::LadderOutcome::challenger_won;
    outcome = result == ladder::LadderOutcome::challenger_won ? "challenger"
              : result == ladder::LadderOutcome::defender_won ? "defender"
                                                              : "draw";
    if (!closed_ladder) {
      const bool on_time = event.kind == protocol::EventKind::Timeout;
      auto standings = ladder::apply_activity(load_standings(db, ladder_id), event.at);
      save_standings(db, ladder_id, ladder::record_game(standings, challenger, defender, result, on_time, event.at).standings);
    }
  }
  db.prepare("UPDATE ladder_challenges SET open = 0, outcome = ?, reason = ?, finished_at = ? WHERE id = ?")
      .bind(1, outcome)
      .bind(2, change.reason)
      .bind(3, event.at)
      .bind(4, id)
      .run();
}

CompetitionGame read_competition_game(const Statement& s, std::string kind) {
  CompetitionGame g;
  g.room = s.text(0);
  g.options = {s.text(1), s.text(2), 0, 0};
  g.clock = read_clock(s, 3);
  g.white = s.integer(7);
  g.black = s.integer(8);
  g.white_name = s.text(9);
  g.black_name = s.text(10);
  g.source_kind = std::move(kind);
  g.source_id = s.integer(11);
  g.source_name = s.text(12);
  return g;
}

const std::string kSeatKinds =
    "(SELECT CASE role WHEN 'player' THEN 'account' ELSE role END FROM accounts WHERE player = wp.id), "
    "(SELECT CASE role WHEN 'player' THEN 'account' ELSE role END FROM accounts WHERE player = bp.id)";

void read_seat_kinds(const Statement& s, int column, CompetitionGame& g) {
  g.white_kind = s.text(column);
  g.black_kind = s.text(column + 1);
}

void settle_competition_game(Connection& db, const std::string& room, const EventRecord& event, const RoomChange& change) {
  settle_ladder_game(db, room, event, change);
  settle_tournament_game(db, room, change);
}

void ladder_activity(Connection& db, std::int64_t now) {
  Statement s = db.prepare("SELECT id FROM ladders WHERE status <> 'closed'");
  std::vector<std::int64_t> ids;
  while (s.step()) ids.push_back(s.integer(0));
  for (auto id : ids) {
    db.lock(Connection::Locked::ladder, id);
    auto before = load_standings(db, id);
    auto after = ladder::apply_activity(before, now);
    if (!(after == before)) save_standings(db, id, after);
  }
}

std::vector<CompetitionGame> pending_ladder_games(Connection& db, const std::string& room, Pending which) {
  Statement s = db.prepare(
      "SELECT c.room, l.game, l.variant, l.clock_kind, l.clock_initial_ms, l.clock_increment_ms, l.clock_days, c.white, "
      "c.black, wp.name, bp.name, l.id, l.name, c.id, " + kSeatKinds + " FROM ladder_challenges c JOIN ladders l ON l.id = c.ladder "
      "JOIN players wp ON wp.id = c.white JOIN players bp ON bp.id = c.black "
      "WHERE c.open = 1 AND c.state = 'playing' AND (?1 = '' OR c.room = ?1) "
      "AND (?2 = 0 OR NOT EXISTS (SELECT 1 FROM rooms r WHERE r.id = c.room)) "
      "ORDER BY c.id LIMIT ?3");
  const bool unopened = which == Pending::unopened;
  s.bind(1, room).bind(2, std::int64_t{unopened ? 1 : 0}).bind(3, unopened ? kUnopenedPerSweep : kAllPending);
  std::vector<CompetitionGame> out;
  while (s.step()) {
    CompetitionGame g = read_competition_game(s, "ladder");
    g.start_within_ms = g.clock.live() ? kLadderStartMinutes * 60000 : 0;
    g.challenge = s.integer(13);
    read_seat_kinds(s, 14, g);
    out.push_back(std::move(g));
  }
  return out;
}

void withdraw_banned_from_ladders(Connection& db, std::int64_t player) {
  Statement s = db.prepare(
      "SELECT DISTINCT lp.ladder FROM ladder_players lp JOIN ladders l ON l.id = lp.ladder "
      "WHERE lp.player = ? AND l.status <> 'closed'");
  s.bind(1, player);
  std::vector<std::int64_t> ids;
  while (s.step()) ids.push_back(s.integer(0));
  for (auto id : ids) save_standings(db, id, ladder::remove(load_standings(db, id), player));
}

}  // namespace arena::sql
