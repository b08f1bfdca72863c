// Quick pairing's grid and state (#46; PROTOCOL.md, Quick pairing): the usual
// speeds of each game, one press to seek; the seek's life as the server tells
// it (`seeking`, `seek_paired`, `seek_ended`). Pure (no DOM):
// tests/web/quick_pairing.test.js. quick_pairing_view.js draws it.

import { games } from './games/index.js';

const MINUTE = 60000;
const SECOND = 1000;

/** A live clock "M+S" or a correspondence one "Nd" as the protocol writes it. */
export function clockOf(speed) {
  const days = /^(\d+)d$/.exec(speed);
  if (days) return { kind: 'correspondence', days_per_move: Number(days[1]) };
  const [minutes, seconds] = speed.split('+').map(Number);
  return { kind: 'live', initial_ms: minutes * MINUTE, increment_ms: seconds * SECOND };
}

/** The grid: a row per game and variant (the game modules' `quickPairing`), a button per speed. */
export const POOL_ROWS = games.flatMap((g) => g.quickPairing.map(({ variant, speeds }) => ({
  title: rowTitle(g, variant, speeds), game: g.name, variant, speeds,
})));

function rowTitle(game, variant, speeds) {
  if (speeds.every((speed) => speed.endsWith('d'))) return `${game.title} by correspondence`;
  return variant === game.defaultVariant ? game.title : `${game.title} ${game.variants.find((v) => v.name === variant).label}`;
}

/** A pool's name as the server writes it: "yinsh:blitz/3+2/rated". */
export function poolName(game, variant, speed, rated) {
  return `${game}:${variant}/${speed}/${rated ? 'rated' : 'casual'}`;
}

/** The `seek` message for a speed of a row; `range` {min, max} (0 or absent: any). */
export function seekMessage(row, speed, { rated = false, range = {} } = {}) {
  const message = { type: 'seek', game: row.game, variant: row.variant, clock: clockOf(speed) };
  if (rated) message.rated = true;
  if (range.min) message.rating_min = range.min;
  if (range.max) message.rating_max = range.max;
  return message;
}

/** The opponents' ratings quick pairing offers: any, or within this many points of one's own. */
export const RANGES = [0, 100, 200, 400];

/**
 * The absolute range for `spread` points around `rating` (one's rating in
 * the pool's game and variant; 1500 when none yet), as `seekMessage` takes
 * it: {} for any.
 */
export function rangeAround(rating, spread) {
  if (!spread) return {};
  const r = Math.round(typeof rating === 'number' ? rating : 1500);
  return { min: Math.max(1, r - spread), max: r + spread };
}

/** Nothing sought. */
export const idle = () => ({ seeking: null, pool: null, paired: null, ended: null });

/**
 * The state after a message of the server: `seeking` (the seek waits),
 * `seek_paired` (the game to open), `seek_ended` (canceled, replaced by
 * another, or failed: seek again). Other messages leave it as it is.
 */
export function seekHeard(state, m) {
  if (m.type === 'seeking') return { seeking: m.seek.id, pool: m.seek.pool, paired: null, ended: null };
  if (m.type === 'seek_paired' && (m.seek === state.seeking || !state.paired))
    return { seeking: null, pool: state.pool, paired: { room: m.room, color: m.color, opponent: m.opponent }, ended: null };
  if (m.type === 'seek_ended' && (m.seek === state.seeking || !m.seek)) return { ...idle(), ended: m.reason };
  return state;
}

/** What the grid says under it. */
export function seekStatusText(state) {
  if (state.paired) return `Paired with ${state.paired.opponent.name} (${state.paired.opponent.rating}): you play ${state.paired.color}. The game opens…`;
  if (state.seeking) return 'Looking for an opponent… Press the same button again to stop.';
  if (state.ended === 'failed') return 'An opponent was found but the game could not open: try again.';
  return '';
}
