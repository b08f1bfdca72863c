// Ratings in words (protocol/PROTOCOL.md, "Ratings"): the pools ("perfs"), a
// rating next to a name ("ann (1500?)", `?` while provisional), a rated game's
// change for the result banner, when the new-game form's Rated switch applies,
// and the profile's ratings table. The server sends full precision; the client
// rounds. No DOM.
import { variantLabel } from './games/index.js';
import { colorName } from './ui.js';

/**
 * @typedef {{rating: number, rd?: number, provisional: boolean}} Rating  a seat's or a change's
 * @typedef {{player: number|object|string, before: Rating, after: Rating}} SideChange  `player`: the id
 * @typedef {{perf: string, white: SideChange, black: SideChange}} RatingChange  `rated` without type and room
 */

/** Every pool, in the order pages list them: a game and its variant. */
export const PERFS = ['gipf:basic', 'gipf:standard', 'gipf:tournament', 'yinsh:normal', 'yinsh:blitz'];

/** The pool of a room's options: "yinsh:blitz" (a handicap does not make another pool). */
export const perfOf = (options) => `${options.game}:${options.variant}`;

/** A pool in words: "YINSH blitz" (the perf itself if the client does not know the game). */
export function perfLabel(perf) {
  const [game, variant] = String(perf).split(':');
  try { return variantLabel({ game, variant }); } catch { return String(perf); }
}

/**
 * A rating as shown: rounded, `?` while provisional ("1500?", "1662"); '' for none.
 * @param {Rating|null|undefined} rating
 */
export function ratingLabel(rating) {
  if (!rating || typeof rating.rating !== 'number') return '';
  return `${Math.round(rating.rating)}${rating.provisional ? '?' : ''}`;
}

/** A name and its rating: "ann (1500?)"; the name alone for a guest (no rating). */
export function nameWithRating(name, rating) {
  const label = ratingLabel(rating);
  return label ? `${name} (${label})` : String(name);
}

/**
 * The rating of a lobby entry's player: `side` is 'white', 'black' or
 * 'creator' (the entry's `*_rating` number and `*_provisional` bool); null for a guest.
 * @param {object} entry
 * @param {'white'|'black'|'creator'} side
 * @returns {Rating|null}
 */
export function entryRating(entry, side) {
  const rating = entry[`${side}_rating`];
  return typeof rating === 'number' ? { rating, provisional: !!entry[`${side}_provisional`] } : null;
}

/** "Rated" or "Casual". */
export const modeLabel = (rated) => (rated ? 'Rated' : 'Casual');

/** The name of a side of a rating change: the server sends the player's id, named by the room's seat (a seat {id, name} or a name as given; else the colour). */
export function changeName(side, color, seat = null) {
  const { player } = side;
  if (typeof player === 'string') return player;
  if (player && typeof player === 'object' && (player.name || player.username)) return player.name || player.username;
  return seat ? seat.name : colorName(color);
}

/** A signed difference as shown: "+162", "−162" (a minus sign), "±0". */
export function signed(difference) {
  if (difference > 0) return `+${difference}`;
  if (difference < 0) return `\u2212${-difference}`;
  return '\u00b10';
}

/**
 * The lines of a rating change, white first: "ann 1500? → 1662? (+162)". The
 * difference is the shown (rounded) ratings' so that the line adds up.
 * @param {RatingChange|null} change
 * @param {{white: object|null, black: object|null}} [seats] the room's seats, for names
 * @returns {{color: string, name: string, before: Rating, after: Rating, difference: number, text: string}[]}
 */
export function ratingChangeLines(change, seats = { white: null, black: null }) {
  if (!change) return [];
  return ['white', 'black'].filter((color) => change[color]).map((color) => {
    const side = change[color];
    const name = changeName(side, color, seats[color]);
    const difference = Math.round(side.after.rating) - Math.round(side.before.rating);
    return {
      color, name, before: side.before, after: side.after, difference,
      text: `${name} ${ratingLabel(side.before)} \u2192 ${ratingLabel(side.after)} (${signed(difference)})`,
    };
  });
}

/**
 * The new-game form's Rated switch: shown only to an account; usable only with
 * a clock, without handicap pieces and against a person (a rated game needs a
 * clock; handicap games are stored unrated; games against the computer are
 * casual). `note` says why it does not apply now ('' when it does).
 * @param {{account: object|null, timed: boolean, handicap: boolean, bot?: boolean}} form
 *   `timed`: a time control is chosen; `handicap`: extra pieces are chosen;
 *   `bot`: the opponent is the computer
 * @returns {{shown: boolean, enabled: boolean, note: string}}
 */
export function ratedSwitch({ account, timed, handicap, bot = false }) {
  if (!account) return { shown: false, enabled: false, note: '' };
  if (bot) return { shown: true, enabled: false, note: 'Games against the computer are casual: no rating changes.' };
  if (!timed) return { shown: true, enabled: false, note: 'A rated game needs a clock: choose a time control.' };
  if (handicap) return { shown: true, enabled: false, note: 'Games with extra pieces are played unrated (the handicap is stored with the game).' };
  return { shown: true, enabled: true, note: '' };
}

/**
 * The profile's ratings, one row per pool in PERFS order (then any other the
 * server sent): the shown rating, RD rounded, games, and the values as sent.
 * @param {Object<string, {rating: number, rd: number, volatility: number, games: number, provisional: boolean}>} ratings
 */
export function ratingRows(ratings) {
  if (!ratings) return [];
  const perfs = [...PERFS.filter((p) => p in ratings), ...Object.keys(ratings).filter((p) => !PERFS.includes(p))];
  return perfs.map((perf) => {
    const r = ratings[perf];
    return { perf, label: perfLabel(perf), rating: ratingLabel(r), rd: Math.round(r.rd), games: r.games, provisional: !!r.provisional, value: r };
  });
}

/** The pool a profile's chart starts with: the one with the most games (the first in PERFS order on a tie). */
export function busiestPerf(ratings) {
  const rows = ratingRows(ratings);
  if (!rows.length) return PERFS[0];
  return rows.reduce((best, row) => (row.games > best.games ? row : best)).perf;
}

/**
 * The ratings of `username` by perf (`{perf: {rating, …}}`, {} when none or
 * unreadable): one request per page and account, shared by the lobby's form
 * and quick pairing (#46).
 */
const ownRatingsCache = new Map();
export function ownRatings(username) {
  if (!ownRatingsCache.has(username)) {
    ownRatingsCache.set(username, fetch(`/api/players/${encodeURIComponent(username)}`, { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : {})).then((p) => p.player?.ratings || {}, () => ({})));
  }
  return ownRatingsCache.get(username);
}
