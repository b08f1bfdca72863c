// What the ladder and event pages share (protocol/PROTOCOL.md, "Ladders and
// events"): their addresses, the links to a game, scores and tie-breaks as
// written, the server's refusals in words and the `pairing` message's notice.
// No DOM.
import { perfLabel } from './ratings.js';

/** The page of a ladder, of an event, and their lists. */
export const ladderPath = (id) => `/ladders/${encodeURIComponent(id)}`;
export const eventPath = (id) => `/events/${encodeURIComponent(id)}`;

/**
 * Which page of a section an address asks for: `null` (not this section), ''
 * (the list: /ladders or /ladders/) or the id (/ladders/ID).
 * @param {string} path location.pathname
 * @param {'ladders'|'events'} section
 * @returns {string|null}
 */
export function sectionPage(path, section) {
  if (path === `/${section}` || path === `/${section}/`) return '';
  const match = path.match(new RegExp(`^/${section}/([^/]+)/?$`));
  if (!match) return null;
  try { return decodeURIComponent(match[1]); } catch { return match[1]; }
}

/** A pool in words from a ladder's or an event's game and variant: "YINSH normal". */
export const poolLabel = ({ game, variant }) => perfLabel(`${game}:${variant}`);

/**
 * The link to a ladder or event game: a player goes to their seat (/?room=),
 * anyone else watches (/?watch=); a finished game opens its replay.
 * @param {string} room
 * @param {{players?: string[], me?: string|null, finished?: boolean}} [who]
 */
export function gameHref(room, { players = [], me = null, finished = false } = {}) {
  const id = encodeURIComponent(room);
  if (finished) return `/?replay=${id}`;
  const mine = !!me && players.some((name) => sameName(name, me));
  return mine ? `/?room=${id}` : `/?watch=${id}`;
}

/** Usernames are matched ignoring case. */
export const sameName = (a, b) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** A score as written: 2.5 → "2½", 0.5 → "½", 3 → "3". */
export function scoreText(score) {
  if (typeof score !== 'number' || !Number.isFinite(score)) return '';
  const whole = Math.floor(score);
  const rest = score - whole;
  if (Math.abs(rest - 0.5) < 1e-9) return whole ? `${whole}½` : '½';
  return numberText(score);
}

/** A tie-break value: at most two decimals, none needed ("5.25", "4", "3.5"). */
export function numberText(value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return String(Math.round(value * 100) / 100);
}

/** The server's refusals of a ladder or event request, in words. */
const REFUSALS = {
  out_of_reach: ({ defender, reach }) => `${defender || 'That player'} is out of your reach: ${reach ? `from your place you may challenge up to ${reach} places above you` : 'you may challenge only a few places above you'}, and not inactive players.`,
  too_many_challenges: () => 'Too many open challenges: a player may have 2 challenges sent and 3 received at a time. Play one of the open games first.',
  cooldown: ({ defender }) => `You played ${defender || 'this player'} in this ladder less than 7 days ago (or your game is still going): the same two players meet at most once a week.`,
  ladder_paused: () => 'The ladder is paused: no new challenges for now. Games in progress go on.',
  ladder_closed: () => 'The ladder is closed: it takes no new players and no changes.',
  event_started: () => 'Registration is over: the event has started.',
  event_full: () => 'The event is full.',
  not_enough_players: () => 'Not enough players have registered to start (round robin: 3, Swiss: 2).',
  round_in_progress: () => 'A game of this round has no result yet: pair the next round when it is complete.',
  event_not_running: () => 'The event is not running.',
  game_over: () => 'That game has ended already.',
  not_authenticated: () => 'Log in first.',
};

/**
 * A refusal (an ApiError: {code, message}) in words: ours for the codes of
 * ladders and events, the server's otherwise.
 * @param {{code?: string, message?: string}} error
 * @param {{defender?: string, reach?: number}} [context] for a challenge: whom, and how far up the challenger may reach
 */
export function refusalText(error, context = {}) {
  const words = error && REFUSALS[error.code];
  return words ? words(context) : (error && error.message) || 'Something went wrong.';
}

/**
 * The notice of a `pairing` message: {room, color, opponent, source: {kind,
 * id, name, round}}. "Your ladder game against bob is ready (Club ladder):
 * you play white."
 * @param {object} m
 * @returns {{text: string, href: string, page: string}}
 */
export function pairingNotice(m) {
  const source = m.source || {};
  const what = source.kind === 'event'
    ? `Your ${source.round ? `round ${source.round} ` : ''}game in ${source.name || 'the event'}`
    : `Your ladder game${source.name ? ` in ${source.name}` : ''}`;
  return {
    text: `${what} against ${m.opponent} is ready: you play ${m.color}.`,
    href: `/?room=${encodeURIComponent(m.room)}`,
    page: source.kind === 'event' ? eventPath(source.id) : ladderPath(source.id),
  };
}
