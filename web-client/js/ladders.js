// A challenge ladder as the page shows it (protocol/PROTOCOL.md, "Ladder
// API"): from GET /api/ladders/ID, the standings with the buttons that apply
// (Join for a signed-in player not on it, Challenge next to each player in
// `me.may_challenge` while the ladder is open), the open challenges with
// links to their games and the recent results. No DOM.
import { profilePath, formatTime } from './api.js';
import { ratingLabel } from './ratings.js';
import { clockLabel } from './clock.js';
import { ladderPath, poolLabel, gameHref, sameName } from './competition.js';

export const LADDER_STATUS = { open: 'Open', paused: 'Paused: no new challenges', closed: 'Closed' };

/** How many places up a player at `position` may challenge: max(5, ⌈0.4·(p − 1)⌉). */
export const reach = (position) => Math.max(5, Math.ceil(0.4 * (position - 1)));

/** A ladder of the list (LADDER) as a row: its link, pool, clock and status in words. */
export function ladderRow(ladder) {
  return {
    id: ladder.id, name: ladder.name, href: ladderPath(ladder.id), pool: poolLabel(ladder),
    clock: clockLabel(ladder.clock), status: ladder.status, statusLabel: LADDER_STATUS[ladder.status] || ladder.status,
    players: ladder.players ?? 0,
  };
}

/** What ended a finished ladder game (CHALLENGE), in words. */
export function outcomeText(c) {
  // a challenge that never had its game (#43)
  if (c.reason === 'declined') {
    return c.outcome === 'challenger' ? `${c.defender} declined ${c.challenger}'s challenge a second time within 30 days: ${c.challenger} took their place`
      : `${c.defender} declined ${c.challenger}'s challenge`;
  }
  if (c.reason === 'no_answer') return `${c.defender} did not answer ${c.challenger}'s challenge in time: ${c.challenger} took their place`;
  if (c.reason === 'withdrawn') return `${c.challenger} withdrew the challenge of ${c.defender}`;
  const reason = c.reason ? ` (${c.reason})` : '';
  switch (c.outcome) {
    case 'challenger': return `${c.challenger} beat ${c.defender}${reason} and took their place`;
    case 'defender': return `${c.defender} held off ${c.challenger}${reason}`;
    case 'draw': return `${c.challenger} and ${c.defender} drew${reason}`;
    case 'aborted': return `${c.challenger} – ${c.defender}: aborted, no result${reason}`;
    default: return `${c.challenger} challenges ${c.defender}`;
  }
}

/**
 * The page's model of GET /api/ladders/ID's answer.
 * @param {{ladder: object, standings: object[], challenges?: object[], games?: object[], me: null|{position: number|null, may_challenge: string[]}}} answer
 */
export function ladderModel({ ladder, standings = [], challenges = [], games = [], me = null }) {
  const mine = me && me.position !== null && me.position !== undefined ? standings.find((s) => s.position === me.position) : null;
  const username = mine ? mine.username : null;
  const may = new Set(((me && me.may_challenge) || []).map((name) => name.toLowerCase()));
  const open = ladder.status === 'open';
  const challenge = (c, finished) => {
    const players = [c.challenger, c.defender];
    const state = finished ? 'finished' : c.state || 'playing';
    const played = state === 'playing' || (finished && !['declined', 'no_answer', 'withdrawn'].includes(c.reason));
    return {
      id: c.id, room: c.room, challenger: c.challenger, defender: c.defender, white: c.white, black: c.black,
      at: finished ? c.finished_at : c.created_at, outcome: c.outcome || '', state,
      answerBy: c.answer_by ?? null, startAt: c.start_at ?? null, declineForfeits: !!c.decline_forfeits,
      text: finished ? outcomeText(c) : openText(c, state),
      // no game before it is playing, and none for a challenge that never had one
      href: played ? gameHref(c.room, { players, me: username, finished }) : null,
      mine: players.some((name) => sameName(name, username)),
      toAnswer: state === 'proposed' && sameName(c.defender, username),
      sent: state !== 'playing' && !finished && sameName(c.challenger, username),
    };
  };
  const open_ = challenges.map((c) => challenge(c, false));
  return {
    ...ladderRow(ladder),
    signedIn: !!me,
    position: mine ? mine.position : null,
    username,
    reach: mine ? reach(mine.position) : 0,
    canJoin: !!me && !mine && ladder.status !== 'closed',
    rows: standings.map((s) => ({
      position: s.position, username: s.username, href: profilePath(s.username),
      rating: ratingLabel({ rating: s.rating, provisional: !!s.provisional }), provisional: !!s.provisional,
      status: s.status, open: s.open_challenges ?? 0, you: sameName(s.username, username),
      challenge: open && may.has(String(s.username).toLowerCase()),
    })),
    challenges: open_,
    // the challenges this reader must answer: first on the page (#43)
    toAnswer: open_.filter((c) => c.toAnswer),
    answerHours: ladder.answer_hours ?? 0,
    bots: !!ladder.bots,  // bot accounts may join (#45)
    results: games.map((c) => challenge(c, true)),
  };
}

/** An open challenge in words, by its state (#43). */
function openText(c, state) {
  if (state === 'proposed') return `${c.challenger} challenges ${c.defender}: waiting for ${c.defender}'s answer until ${formatTime(c.answer_by)}`;
  if (state === 'scheduled') return `${c.challenger} – ${c.defender}: the game starts at ${formatTime(c.start_at)} (${c.white} plays white)`;
  return `${c.challenger} challenges ${c.defender} (${c.white} plays white)`;
}

/** What an answer costs, said before the defender gives it (#43). */
export function answerRule(c) {
  return c.declineForfeits
    ? `Declining now counts as a loss: you declined a challenge on this ladder within the last 30 days. No answer by ${formatTime(c.answerBy)} counts as a loss too.`
    : `You may decline one challenge every 30 days. No answer by ${formatTime(c.answerBy)} counts as a loss: ${c.challenger} would take your place.`;
}
