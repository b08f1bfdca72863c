// Events (#14: round robin and Swiss; "tournaments" in code) on SQLite and
// PostgreSQL. A round is stored inside the writer's transaction from the
// stored results, so two admins, or an admin and the automatic pairing,
// cannot pair one round twice: a Berger table (competition/round_robin) is
// read there, a Swiss round's Dutch pairing (competition/dutch_pairing) was
// computed before on the store's pairing thread from the same tournament
// (SwissTables, the round guard).
#include <algorithm>
#include <map>
#include <set>

#include "competition/round_robin.hpp"
#include "competition/dutch_pairing.hpp"
#include "competition/tiebreaks.hpp"
#include "rating/perf.hpp"
#include "competition/event_as_dutch.hpp"
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {
namespace {

// The Dutch pairer runs on the store's pairing thread, never in the writer's
// transaction (SwissTables): the cap is what that pairer takes.
constexpr int kMaxSwissPlayers = event::dutch::kMaxPlayers;

const std::string kSelectTournaments =
    "SELECT t.id, t.name, t.kind, t.game, t.variant, t.clock_kind, t.clock_initial_ms, t.clock_increment_ms, "
    "t.clock_days, t.rounds, t.cycles, t.status, t.start_at, t.auto_pair, t.start_minutes, t.current_round, "
    "t.created_at, (SELECT count(*) FROM tournament_players p WHERE p.tournament = t.id), t.bots FROM tournaments t ";

TournamentRecord read_tournament(const Statement& s) {
  TournamentRecord t;
  t.id = s.integer(0);
  t.name = s.text(1);
  t.kind = s.text(2);
  t.options = {s.text(3), s.text(4), 0, 0};
  t.clock = read_clock(s, 5);
  t.rounds = static_cast<int>(s.integer(9));
  t.cycles = static_cast<int>(s.integer(10));
  t.status = s.text(11);
  t.start_at = s.integer(12);
  t.auto_pair = s.integer(13) != 0;
  t.start_minutes = static_cast<int>(s.integer(14));
  t.current_round = static_cast<int>(s.integer(15));
  t.created_at = s.integer(16);
  t.players = s.integer(17);
  t.bots = s.integer(18) != 0;
  return t;
}

std::optional<TournamentRecord> find_tournament(Connection& db, std::int64_t id) {
  Statement s = db.prepare(kSelectTournaments + "WHERE t.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_tournament(s);
}

// An event player's PlayerInfo::kind (every one is an account).
std::string account_kind(Connection& db, std::int64_t player) {
  Statement s = db.prepare("SELECT role FROM accounts WHERE player = ?");
  s.bind(1, player);
  if (!s.step() || s.text(0) == "player") return "account";
  return s.text(0);
}

int max_players(const TournamentRecord& t) {
  return t.kind == "swiss" ? kMaxSwissPlayers : event::round_robin::kMaxPlayers;
}

int min_players(const TournamentRecord& t) { return t.kind == "swiss" ? 2 : event::round_robin::kMinPlayers; }

void set_status(Connection& db, std::int64_t id, const std::string& status) {
  db.prepare("UPDATE tournaments SET status = ? WHERE id = ?").bind(1, status).bind(2, id).run();
}

void insert_pairing(Connection& db, std::int64_t id, const TournamentPairing& p) {
  Statement s = db.prepare(
      "INSERT INTO tournament_pairings (tournament, round, board, white, black, room, result, reason) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  s.bind(1, id).bind(2, std::int64_t{p.round}).bind(3, std::int64_t{p.board}).bind(4, p.white).bind(5, p.black);
  if (p.room.empty()) s.bind_null(6);
  else s.bind(6, p.room);
  s.bind(7, p.result).bind(8, p.reason).run();
}

// Pairs round `round` and stores it; the games to create. Empty with
// `refusal` set when Swiss finds no pairing without a rematch.
std::vector<CompetitionGame> pair_round(Connection& db, const TournamentDetail& d, int round, const RoomIds& room_ids,
                                        const SwissTables& tables, std::string& refusal) {
  const TournamentRecord& t = d.tournament;
  std::vector<TournamentPairing> boards;
  auto player_of = [&](int number) -> const TournamentPlayer* {
    for (const auto& p : d.players)
      if (p.number == number) return &p;
    return nullptr;
  };
  if (t.kind == "swiss") {
    auto from = dutch_tournament(d, d.tournament.current_round, false);
    auto computed = tables.by_round.find({t.id, round});
    if (computed == tables.by_round.end() || computed->second.from != from) throw PairingNeeded{t.id, round, std::move(from)};
    const auto& table = computed->second.boards;
    if (!table) {
      refusal = "no pairing satisfies FIDE's absolute criteria (no rematch, at most one bye, colours) for this round: close the event";
      return {};
    }
    for (const auto& b : *table) {
      TournamentPairing p;
      p.white = player_of(b.white)->player;
      if (b.black == 0) {
        p.result = "1-0";
        p.reason = "bye";
      } else {
        p.black = player_of(b.black)->player;
      }
      boards.push_back(std::move(p));
    }
  } else {
    const auto cycles = t.cycles == 2 ? event::Cycles::dbl : event::Cycles::single;
    const auto table = event::berger_rounds(static_cast<int>(d.players.size()), cycles);
    for (const auto& b : table.at(static_cast<std::size_t>(round - 1))) {
      if (b.black == event::round_robin::kBye) continue;  // sits out this round: no game, no points
      const TournamentPlayer* white = player_of(b.white);
      const TournamentPlayer* black = player_of(b.black);
      if (white->withdrawn && black->withdrawn) continue;
      TournamentPairing p;
      p.white = white->player;
      p.black = black->player;
      if (white->withdrawn || black->withdrawn) {
        p.result = white->withdrawn ? "0-1" : "1-0";
        p.reason = "forfeit";
      }
      boards.push_back(std::move(p));
    }
  }
  std::vector<CompetitionGame> games;
  int board = 0;
  for (auto& p : boards) {
    p.round = round;
    p.board = ++board;
    if (p.black && p.result.empty()) {
      p.room = room_ids();
      CompetitionGame g;
      g.room = p.room;
      g.options = t.options;
      g.clock = t.clock;
      g.start_within_ms = t.clock.live() ? std::int64_t{t.start_minutes} * 60000 : 0;
      g.white = p.white;
      g.black = *p.black;
      for (const auto& q : d.players) {
        if (q.player == g.white) g.white_name = q.username;
        if (q.player == g.black) g.black_name = q.username;
      }
      g.white_kind = account_kind(db, g.white);
      g.black_kind = account_kind(db, g.black);
      g.source_kind = "event";
      g.source_id = t.id;
      g.source_name = t.name;
      g.round = round;
      // Each player's notice of the pairing, asked for with it (#35).
      for (bool white : {true, false}) {
        NoticeIntent told;
        told.player = white ? g.white : g.black;
        told.kind = "round";
        told.room = g.room;
        told.words = round_words(round, t.name, white ? g.black_name : g.white_name, white, g.room);
        insert_intent(db, told);
      }
      games.push_back(std::move(g));
    }
    insert_pairing(db, t.id, p);
  }
  db.prepare("UPDATE tournaments SET current_round = ?, status = 'running' WHERE id = ?")
      .bind(1, std::int64_t{round})
      .bind(2, t.id)
      .run();
  return games;
}

bool round_complete(const TournamentDetail& d) {
  return std::all_of(d.pairings.begin(), d.pairings.end(), [&](const TournamentPairing& p) {
    return p.round != d.tournament.current_round || !p.result.empty();
  });
}

// A round just paired may be complete already (byes and forfeits only): the
// last one finishes the event; with auto_pair the next one follows. A round
// that cannot be paired waits for the admin.
void follow_complete_rounds(Connection& db, std::int64_t id, const RoomIds& room_ids, const SwissTables& tables,
                            std::vector<CompetitionGame>& games) {
  for (auto d = tournament(db, id); round_complete(*d); d = tournament(db, id)) {
    if (d->tournament.current_round >= d->tournament.rounds) return set_status(db, id, "finished");
    if (!d->tournament.auto_pair) return;
    std::string refusal;
    auto more = pair_round(db, *d, d->tournament.current_round + 1, room_ids, tables, refusal);
    if (!refusal.empty()) return;
    games.insert(games.end(), more.begin(), more.end());
  }
}

// The current round is complete: the last one finishes the event; else, when
// asked (`pair`), the next round is paired.
Outcome<TournamentProgress> advance(Connection& db, std::int64_t id, bool pair, const RoomIds& room_ids,
                                    const SwissTables& tables) {
  db.lock(Connection::Locked::event, id);
  auto d = tournament(db, id);
  TournamentProgress progress;
  if (d->tournament.current_round >= d->tournament.rounds) {
    set_status(db, id, "finished");
  } else if (pair) {
    std::string refusal;
    progress.games = pair_round(db, *d, d->tournament.current_round + 1, room_ids, tables, refusal);
    if (!refusal.empty()) return Outcome<TournamentProgress>::refused("no_pairing", refusal);
    follow_complete_rounds(db, id, room_ids, tables, progress.games);
  }
  progress.tournament = *find_tournament(db, id);
  return {progress, {}, {}};
}

template <class T>
Outcome<T> no_event() {
  return Outcome<T>::refused("not_found", "no such event");
}

Outcome<TournamentProgress> start(Connection& db, const TournamentRecord& t, const RoomIds& room_ids,
                                  const SwissTables& tables) {
  db.lock(Connection::Locked::event, t.id);
  if (t.status != "registering") return Outcome<TournamentProgress>::refused("event_started", "the event has started");
  if (t.players < min_players(t))
    return Outcome<TournamentProgress>::refused(
        "not_enough_players", "a " + t.kind + " needs at least " + std::to_string(min_players(t)) + " players");
  // Start numbers: best rating in the event's perf first, then by username.
  Statement s = db.prepare(
      "SELECT tp.player, coalesce(r.rating, 1500.0) AS rating FROM tournament_players tp JOIN players p ON p.id = tp.player "
      "LEFT JOIN ratings r ON r.player = tp.player AND r.perf = ? WHERE tp.tournament = ? "
      "ORDER BY rating DESC, lower(p.name), tp.player");
  s.bind(1, perf_of(t.options)).bind(2, t.id);
  std::vector<std::pair<std::int64_t, double>> order;
  while (s.step()) order.emplace_back(s.integer(0), s.real(1));
  Statement number = db.prepare("UPDATE tournament_players SET number = ?, rating = ? WHERE tournament = ? AND player = ?");
  for (std::size_t i = 0; i < order.size(); ++i)
    number.bind(1, static_cast<std::int64_t>(i + 1)).bind_real(2, order[i].second).bind(3, t.id).bind(4, order[i].first).run();
  if (t.kind != "swiss") {
    auto cycles = t.cycles == 2 ? event::Cycles::dbl : event::Cycles::single;
    auto rounds = static_cast<std::int64_t>(event::berger_rounds(static_cast<int>(order.size()), cycles).size());
    db.prepare("UPDATE tournaments SET rounds = ? WHERE id = ?").bind(1, rounds).bind(2, t.id).run();
  }
  auto d = tournament(db, t.id);
  std::string refusal;
  TournamentProgress progress;
  progress.games = pair_round(db, *d, 1, room_ids, tables, refusal);
  if (!refusal.empty()) return Outcome<TournamentProgress>::refused("no_pairing", refusal);
  follow_complete_rounds(db, t.id, room_ids, tables, progress.games);
  progress.tournament = *find_tournament(db, t.id);
  return {progress, {}, {}};
}

}  // namespace

Outcome<TournamentRecord> create_tournament(Connection& db, TournamentRecord t, const AuditEntry& audit) {
  if (std::stoll(db.text_of("SELECT count(*) FROM tournaments")) >= kMaxTournaments)
    return Outcome<TournamentRecord>::refused("too_many_events", "there are " + std::to_string(kMaxTournaments) + " events already");
  Statement insert = db.prepare(
      "INSERT INTO tournaments (name, kind, game, variant, clock_kind, clock_initial_ms, clock_increment_ms, clock_days, "
      "rounds, cycles, start_at, auto_pair, start_minutes, created_at, bots) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, t.name).bind(2, t.kind).bind(3, t.options.game).bind(4, t.options.variant);
  bind_clock(insert, 5, t.clock)
      .bind(9, std::int64_t{t.kind == "swiss" ? t.rounds : 0})
      .bind(10, std::int64_t{t.cycles})
      .bind(11, t.start_at)
      .bind(12, std::int64_t{t.auto_pair ? 1 : 0})
      .bind(13, std::int64_t{t.start_minutes})
      .bind(14, t.created_at)
      .bind(15, std::int64_t{t.bots ? 1 : 0})
      .run();
  std::int64_t id = db.last_insert_rowid();
  AuditEntry entry = audit;
  if (entry.target.empty()) entry.target = "event:" + std::to_string(id);
  insert_audit(db, entry);
  return {*find_tournament(db, id), {}, {}};
}

std::vector<TournamentRecord> tournaments(Connection& db) {
  Statement s = db.prepare(kSelectTournaments + "ORDER BY t.id DESC");
  std::vector<TournamentRecord> out;
  while (s.step()) out.push_back(read_tournament(s));
  return out;
}

std::optional<TournamentDetail> tournament(Connection& db, std::int64_t id) {
  auto t = find_tournament(db, id);
  if (!t) return std::nullopt;
  TournamentDetail d;
  d.tournament = *t;
  // Before the start, `rating` is the current stored one (1500 without a rated game).
  Statement players = db.prepare(
      "SELECT tp.player, p.name, tp.number, CASE WHEN tp.number = 0 THEN coalesce(r.rating, 1500.0) ELSE tp.rating END, "
      "tp.withdrawn, coalesce(r.rd, 350.0) FROM tournament_players tp JOIN players p ON p.id = tp.player "
      "LEFT JOIN ratings r ON r.player = tp.player AND r.perf = ? WHERE tp.tournament = ? "
      "ORDER BY tp.number, tp.joined_at, tp.player");
  players.bind(1, perf_of(t->options)).bind(2, id);
  while (players.step())
    d.players.push_back({players.integer(0), players.text(1), static_cast<int>(players.integer(2)), players.real(3),
                         players.integer(4) != 0, players.real(5)});
  Statement pairings = db.prepare(
      "SELECT round, board, white, black, coalesce(room, ''), result, reason FROM tournament_pairings "
      "WHERE tournament = ? ORDER BY round, board");
  pairings.bind(1, id);
  while (pairings.step())
    d.pairings.push_back({static_cast<int>(pairings.integer(0)), static_cast<int>(pairings.integer(1)), pairings.integer(2),
                          pairings.optional_integer(3), pairings.text(4), pairings.text(5), pairings.text(6)});
  return d;
}

Outcome<std::int64_t> register_player(Connection& db, std::int64_t id, std::int64_t player, bool join, std::int64_t now) {
  db.lock(Connection::Locked::event, id);
  auto t = find_tournament(db, id);
  if (!t) return no_event<std::int64_t>();
  if (t->status != "registering") return Outcome<std::int64_t>::refused("event_started", "registration is over");
  if (join) {
    Statement account = db.prepare("SELECT banned_until, bot FROM accounts WHERE player = ?");
    account.bind(1, player);
    if (account.step()) {
      if (account.integer(0) > now) return Outcome<std::int64_t>::refused("player_banned", "a banned account does not join events");
      if (account.integer(1) != 0 && !t->bots)  // an admin's choice per event (#45)
        return Outcome<std::int64_t>::refused("bots_not_allowed", "this event does not take bot accounts");
    }
    if (t->players >= max_players(*t))
      return Outcome<std::int64_t>::refused("event_full", "the event takes " + std::to_string(max_players(*t)) + " players");
    db.prepare("INSERT INTO tournament_players (tournament, player, joined_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(1, id)
        .bind(2, player)
        .bind(3, now)
        .run();
  } else {
    db.prepare("DELETE FROM tournament_players WHERE tournament = ? AND player = ?").bind(1, id).bind(2, player).run();
  }
  return {find_tournament(db, id)->players, {}, {}};
}

Outcome<TournamentProgress> tournament_command(Connection& db, std::int64_t id, const TournamentCommand& command,
                                               const RoomIds& room_ids, const SwissTables& tables) {
  using Kind = TournamentCommand::Kind;
  db.lock(Connection::Locked::event, id);
  auto t = find_tournament(db, id);
  if (!t) return no_event<TournamentProgress>();
  const auto not_running =
      Outcome<TournamentProgress>::refused("event_not_running", "the event is " + t->status + ": no rounds to play");
  Outcome<TournamentProgress> out;
  switch (command.kind) {
    case Kind::start:
      // No new game seats a banned account: one banned while registered (the
      // ban dropped it; this is for a ban older than that rule) is not paired.
      db.prepare("DELETE FROM tournament_players WHERE tournament = ? AND player IN "
                 "(SELECT player FROM accounts WHERE banned_until > ?)")
          .bind(1, id)
          .bind(2, command.now)
          .run();
      out = start(db, *find_tournament(db, id), room_ids, tables);
      break;
    case Kind::next_round: {
      if (t->status != "running") return not_running;
      if (!round_complete(*tournament(db, id)))
        return Outcome<TournamentProgress>::refused("round_in_progress", "a game of this round has no result yet");
      out = advance(db, id, true, room_ids, tables);
      break;
    }
    case Kind::withdraw: {
      Statement s = db.prepare(
          "SELECT tp.player FROM tournament_players tp JOIN accounts a ON a.player = tp.player "
          "WHERE tp.tournament = ? AND a.username_key = ?");
      s.bind(1, id).bind(2, lower(command.username));
      if (!s.step()) return Outcome<TournamentProgress>::refused("not_found", "'" + command.username + "' is not in the event");
      if (t->status == "registering")
        db.prepare("DELETE FROM tournament_players WHERE tournament = ? AND player = ?").bind(1, id).bind(2, s.integer(0)).run();
      else
        db.prepare("UPDATE tournament_players SET withdrawn = 1 WHERE tournament = ? AND player = ?")
            .bind(1, id)
            .bind(2, s.integer(0))
            .run();
      out.value.tournament = *find_tournament(db, id);
      break;
    }
    case Kind::close:
      if (t->status == "closed") return not_running;
      set_status(db, id, "closed");
      out.value.tournament = *find_tournament(db, id);
      break;
    case Kind::result: {
      Statement s = db.prepare(
          "SELECT tp.result, r.status FROM tournament_pairings tp JOIN rooms r ON r.id = tp.room "
          "WHERE tp.tournament = ? AND tp.room = ?");
      s.bind(1, id).bind(2, command.room);
      if (!s.step()) return Outcome<TournamentProgress>::refused("not_found", "no game '" + command.room + "' in this event");
      if (!s.text(0).empty()) return Outcome<TournamentProgress>::refused("game_over", "the game has a result already");
      if (command.result == "1/2-1/2" && t->options.game == "gipf")
        return Outcome<TournamentProgress>::refused("no_draws", "GIPF has no draws");
      if (!protocol::closed(*protocol::parse_status(s.text(1))))
        return Outcome<TournamentProgress>::refused("game_live", "the game is still going: adjudicate it");
      db.prepare("UPDATE tournament_pairings SET result = ?, reason = ? WHERE tournament = ? AND room = ?")
          .bind(1, command.result)
          .bind(2, command.reason)
          .bind(3, id)
          .bind(4, command.room)
          .run();
      auto d = tournament(db, id);
      out.value.tournament = d->tournament;
      // The result stands even when the next round cannot be paired (the admin closes the event then).
      if (d->tournament.status == "running" && round_complete(*d))
        if (auto next = advance(db, id, d->tournament.auto_pair, room_ids, tables); next.ok()) out = std::move(next);
      break;
    }
  }
  if (!out.ok()) return out;
  AuditEntry entry = command.audit;
  if (entry.target.empty()) entry.target = "event:" + std::to_string(id);
  insert_audit(db, entry);
  return out;
}

void settle_tournament_game(Connection& db, const std::string& room, const RoomChange& change) {
  if (change.status != protocol::RoomStatus::Finished || change.result.empty()) return;  // an aborted game: the admin decides
  db.prepare("UPDATE tournament_pairings SET result = ?, reason = ? WHERE room = ? AND result = ''")
      .bind(1, change.result)
      .bind(2, change.reason)
      .bind(3, room)
      .run();
  // The result that completes the last round finishes the event in this same
  // commit: the game's last answer and any page read after it agree (the
  // room's end, tournament_room_ended, then finds nothing left to do).
  db.prepare(
        "UPDATE tournaments SET status = 'finished' WHERE status = 'running' AND current_round >= rounds AND id = "
        "(SELECT tournament FROM tournament_pairings WHERE room = ?1) AND NOT EXISTS "
        "(SELECT 1 FROM tournament_pairings p WHERE p.tournament = tournaments.id AND p.round = tournaments.current_round "
        "AND p.result = '')")
      .bind(1, room)
      .run();
}

std::optional<TournamentProgress> tournament_room_ended(Connection& db, const std::string& room, std::int64_t,
                                                        const RoomIds& room_ids, const SwissTables& tables) {
  Statement s = db.prepare("SELECT tournament, round FROM tournament_pairings WHERE room = ?");
  s.bind(1, room);
  if (!s.step()) return std::nullopt;
  const std::int64_t id = s.integer(0);
  const int round = static_cast<int>(s.integer(1));
  auto d = tournament(db, id);
  if (d->tournament.status != "running" || d->tournament.current_round != round || !round_complete(*d)) return std::nullopt;
  auto out = advance(db, id, d->tournament.auto_pair, room_ids, tables);
  if (!out.ok()) return std::nullopt;  // no pairing: the admin closes the event
  return out.value;
}

std::vector<CompetitionGame> resume_tournaments(Connection& db, const RoomIds& room_ids, const SwissTables& tables) {
  std::vector<std::int64_t> ids;
  for (Statement s = db.prepare("SELECT id FROM tournaments WHERE status = 'running' AND auto_pair <> 0 AND current_round >= 1 ORDER BY id");
       s.step();)
    ids.push_back(s.integer(0));
  std::vector<CompetitionGame> games;
  for (std::int64_t id : ids) {
    if (!round_complete(*tournament(db, id))) continue;
    auto out = advance(db, id, true, room_ids, tables);
    if (!out.ok()) continue;  // no pairing: the admin closes the event
    for (auto& g : out.value.games) games.push_back(std::move(g));
  }
  return games;
}

std::vector<CompetitionGame> pending_tournament_games(Connection& db, Pending which) {
  Statement s = db.prepare(
      "SELECT tp.room, t.game, t.variant, t.clock_kind, t.clock_initial_ms, t.clock_increment_ms, t.clock_days, tp.white, "
      "tp.black, wp.name, bp.name, t.id, t.name, tp.round, t.start_minutes, " + kSeatKinds + " FROM tournament_pairings tp "
      "JOIN tournaments t ON t.id = tp.tournament JOIN players wp ON wp.id = tp.white JOIN players bp ON bp.id = tp.black "
      "WHERE tp.room IS NOT NULL AND tp.result = '' "
      "AND (?1 = 0 OR NOT EXISTS (SELECT 1 FROM rooms r WHERE r.id = tp.room)) ORDER BY t.id, tp.round, tp.board LIMIT ?2");
  const bool unopened = which == Pending::unopened;
  s.bind(1, std::int64_t{unopened ? 1 : 0}).bind(2, unopened ? kUnopenedPerSweep : kAllPending);
  std::vector<CompetitionGame> out;
  while (s.step()) {
    CompetitionGame g = read_competition_game(s, "event");
    g.round = static_cast<int>(s.integer(13));
    g.start_within_ms = g.clock.live() ? s.integer(14) * 60000 : 0;
    read_seat_kinds(s, 15, g);
    out.push_back(std::move(g));
  }
  return out;
}

void withdraw_banned_from_tournaments(Connection& db, std::int64_t player) {
  db.prepare(
        "DELETE FROM tournament_players WHERE player = ? AND tournament IN "
        "(SELECT id FROM tournaments WHERE status = 'registering')")
      .bind(1, player)
      .run();
  db.prepare(
        "UPDATE tournament_players SET withdrawn = 1 WHERE player = ? AND tournament IN "
        "(SELECT id FROM tournaments WHERE status = 'running')")
      .bind(1, player)
      .run();
  // Their games still to play are lost by forfeit (FIDE: a withdrawn player's
  // remaining games); the rooms' own ends (a resignation, a cancelled room)
  // then find the result set and change nothing.
  db.prepare(
        "UPDATE tournament_pairings SET result = CASE WHEN white = ?1 THEN '0-1' ELSE '1-0' END, reason = 'withdrawn' "
        "WHERE result = '' AND black IS NOT NULL AND (white = ?1 OR black = ?1) AND tournament IN "
        "(SELECT id FROM tournaments WHERE status = 'running')")
      .bind(1, player)
      .run();
}

}  // namespace arena::sql
