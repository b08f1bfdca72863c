// An event as its page shows it (protocol/PROTOCOL.md, "Events"): from GET
// /api/events/ID, the registration buttons that apply, the standings with the
// kind's tie-breaks (round robin: Sonneborn–Berger; Swiss: Buchholz, then
// Sonneborn–Berger), the pairings of every round with links to their games,
// and, for a round robin, the crosstable. No DOM.
import { profilePath } from './api.js';
import { clockLabel } from './clock.js';
import { ratingLabel } from './ratings.js';
import { eventPath, poolLabel, gameHref, sameName, scoreText, numberText } from './competition.js';

export const EVENT_KINDS = { 'round-robin': 'Round robin', swiss: 'Swiss' };
export const EVENT_STATUS = { registering: 'Registration open', running: 'Running', finished: 'Finished', closed: 'Closed' };

/** The tie-breaks of a kind, in ranking order: [field, heading, title]. */
export function tieBreaks(kind) {
  const sb = ['sonneborn_berger', 'SB', 'Sonneborn–Berger: the scores of the opponents beaten, plus half of those drawn'];
  const buchholz = ['buchholz', 'Buch.', 'Buchholz: the sum of the opponents\' scores'];
  return kind === 'swiss' ? [buchholz, sb] : [sb];
}

/** Where the event stands, in words: "Round 2 of 5", "Registration open". */
export function progressText(event) {
  if (event.status === 'registering') return EVENT_STATUS.registering;
  const rounds = event.rounds ? ` of ${event.rounds}` : '';
  const round = event.current_round ? `round ${event.current_round}${rounds}` : '';
  return [EVENT_STATUS[event.status] || event.status, round].filter(Boolean).join(' · ');
}

/** An event of the list (EVENT) as a row. */
export function eventRow(event) {
  return {
    id: event.id, name: event.name, href: eventPath(event.id), kind: EVENT_KINDS[event.kind] || event.kind,
    pool: poolLabel(event), clock: clockLabel(event.clock), status: event.status, progress: progressText(event),
    players: event.players ?? 0,
  };
}

/** The points a colour got from a result: 1, ½, 0, or null while the game goes on. */
export function pointsOf(result, color) {
  if (result === '1/2-1/2') return 0.5;
  if (result === '1-0') return color === 'white' ? 1 : 0;
  if (result === '0-1') return color === 'black' ? 1 : 0;
  return null;
}

/** A result as a table shows it: "1-0", "½-½", "bye", "…" while playing. */
export function resultLabel(pairing) {
  if (pairing.black === null) return 'bye';
  if (!pairing.result) return '…';
  return pairing.result === '1/2-1/2' ? '½-½' : pairing.result;
}

/**
 * The page's model of GET /api/events/ID's answer.
 * @param {{event: object, standings?: object[], rounds?: object[], me: null|{registered: boolean}}} answer
 * @param {string|null} [username] the signed-in account's, for the links to its own games
 */
export function eventModel({ event, standings = [], rounds = [], me = null }, username = null) {
  const registering = event.status === 'registering';
  const breaks = tieBreaks(event.kind);
  return {
    ...eventRow(event),
    kindName: event.kind,
    rounds: event.rounds, cycles: event.cycles, autoPair: !!event.auto_pair, startAt: event.start_at || 0,
    bots: !!event.bots,  // bot accounts may register (#45)
    started: !registering,
    signedIn: !!me,
    registered: !!(me && me.registered),
    canJoin: registering && !!me && !me.registered,
    canLeave: registering && !!me && !!me.registered,
    breaks: breaks.map(([, heading, title]) => ({ heading, title })),
    standings: standings.map((s) => ({
      rank: s.rank, number: s.number, username: s.username, href: profilePath(s.username),
      // the server says whether the rating is provisional ("1500?")
      rating: typeof s.rating === 'number' ? ratingLabel({ rating: s.rating, provisional: !!s.provisional }) : '',
      provisional: !!s.provisional,
      score: scoreText(s.score ?? 0), breaks: breaks.map(([field]) => numberText(s[field] ?? 0)),
      withdrawn: !!s.withdrawn, you: sameName(s.username, username),
    })),
    pairings: rounds.map(({ round, pairings = [] }) => ({
      round,
      boards: pairings.map((p) => ({
        board: p.board, white: p.white, black: p.black, bye: p.black === null, result: p.result || '',
        reason: p.reason || '', label: resultLabel(p),
        href: p.room ? gameHref(p.room, { players: [p.white, p.black], me: username, finished: !!p.result }) : null,
        mine: sameName(p.white, username) || sameName(p.black, username),
      })),
    })),
    crosstable: event.kind === 'round-robin' && !registering ? crosstable(standings, rounds) : null,
  };
}

/**
 * A round robin's crosstable: the players in ranking order, numbered 1…n, and
 * for each pair the points of the row's player against the column's, one mark
 * a game in round order ("1", "½", "0", "…" while playing; a double round
 * robin has two: "1 ½"); "×" on the diagonal, '' for a game not paired yet.
 * @param {object[]} standings
 * @param {object[]} rounds
 * @returns {{players: {row: number, username: string, score: string}[], cells: string[][]}}
 */
export function crosstable(standings, rounds) {
  const players = standings.map((s, i) => ({ row: i + 1, username: s.username, score: scoreText(s.score ?? 0) }));
  const index = new Map(standings.map((s, i) => [s.username.toLowerCase(), i]));
  const marks = players.map(() => players.map(() => []));
  for (const { pairings = [] } of rounds) {
    for (const p of pairings) {
      if (p.black === null) continue;  // a bye is no game between two players
      const w = index.get(String(p.white).toLowerCase());
      const b = index.get(String(p.black).toLowerCase());
      if (w === undefined || b === undefined) continue;
      marks[w][b].push(markOf(pointsOf(p.result, 'white')));
      marks[b][w].push(markOf(pointsOf(p.result, 'black')));
    }
  }
  const cells = marks.map((row, i) => row.map((list, j) => (i === j ? '×' : list.join(' '))));
  return { players, cells };
}

const markOf = (points) => (points === null ? '…' : scoreText(points) || '0');
