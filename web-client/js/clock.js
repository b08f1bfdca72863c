// Time controls and clock faces (protocol/PROTOCOL.md, "Time controls"): the
// new-game form's presets, a custom control checked against the server's
// bounds, a control in words, how a clock reads and when it runs low. No DOM.

/** The server's bounds for a live clock (Fischer) and a correspondence one. */
export const MAX_INITIAL_MS = 10_800_000;  // 3 hours
export const MAX_INCREMENT_MS = 180_000;   // 3 minutes
export const MIN_DAYS = 1;
export const MAX_DAYS = 14;

/** A live clock reads in tenths of a second below this. */
export const TENTHS_BELOW_MS = 10_000;
/** A live clock is low (its colour changes) below this; a correspondence one below LOW_CORRESPONDENCE_MS. */
export const LOW_LIVE_MS = 20_000;
export const LOW_CORRESPONDENCE_MS = 3_600_000;

const SECOND = 1000, MINUTE = 60 * SECOND, HOUR = 60 * MINUTE, DAY = 24 * HOUR;

/**
 * @typedef {{kind: 'live', initial_ms: number, increment_ms: number}
 *         | {kind: 'correspondence', days_per_move: number}} TimeControl
 */

/** The form's presets: minutes + seconds of increment. */
export const PRESETS = [[3, 2], [5, 5], [10, 10], [15, 15], [30, 20]].map(([minutes, seconds]) => ({
  name: `${minutes}+${seconds}`,
  clock: { kind: 'live', initial_ms: minutes * MINUTE, increment_ms: seconds * SECOND },
}));

/**
 * The `clock` of create_room for the form's choice: `untimed` (null), a
 * preset's name, `custom` (minutes and increment seconds) or `correspondence`
 * (days per move). Returns {clock} or {problem} in words.
 * @param {{choice: string, minutes?: number|string, increment?: number|string, days?: number|string}} form
 * @returns {{clock: TimeControl|null}|{problem: string}}
 */
export function timeControlOf({ choice, minutes, increment, days }) {
  if (choice === 'untimed') return { clock: null };
  const preset = PRESETS.find((p) => p.name === choice);
  if (preset) return { clock: { ...preset.clock } };
  if (choice === 'custom') {
    const initialMs = Math.round(Number(minutes) * 60) * SECOND;  // whole seconds
    const incrementMs = Math.round(Number(increment)) * SECOND;
    if (String(minutes).trim() === '' || !Number.isFinite(initialMs) || initialMs < 0 || initialMs > MAX_INITIAL_MS)
      return { problem: 'The time is from 0 to 180 minutes.' };
    if (String(increment).trim() === '' || !Number.isFinite(incrementMs) || incrementMs < 0 || incrementMs > MAX_INCREMENT_MS)
      return { problem: 'The increment is from 0 to 180 seconds.' };
    if (initialMs === 0 && incrementMs === 0) return { problem: 'A clock needs some time: minutes or an increment above 0.' };
    return { clock: { kind: 'live', initial_ms: initialMs, increment_ms: incrementMs } };
  }
  if (choice === 'correspondence') {
    const d = Number(days);
    if (!Number.isInteger(d) || d < MIN_DAYS || d > MAX_DAYS) return { problem: 'A correspondence game has 1 to 14 days per move.' };
    return { clock: { kind: 'correspondence', days_per_move: d } };
  }
  return { problem: `Unknown time control "${choice}".` };
}

/**
 * A time control in words: "5+5" (minutes + seconds), "1.5+0", "3 days per
 * move", "untimed".
 * @param {TimeControl|null|undefined} clock
 * @returns {string}
 */
export function clockLabel(clock) {
  if (!clock) return 'untimed';
  if (clock.kind === 'correspondence') return `${clock.days_per_move} day${clock.days_per_move === 1 ? '' : 's'} per move`;
  const minutes = clock.initial_ms / MINUTE;
  const shown = Number.isInteger(minutes) ? String(minutes) : String(Math.round(minutes * 100) / 100);
  const seconds = clock.increment_ms / SECOND;
  return `${shown}+${Number.isInteger(seconds) ? seconds : Math.round(seconds * 10) / 10}`;
}

const two = (n) => String(n).padStart(2, '0');

/**
 * A clock's face. Live: "1:02:03" from an hour, "4:05" down to 10 s, then
 * tenths: "0:09.9" … "0:00.0" (always rounded down: it reads 0:00.0 only at
 * zero). Correspondence: "3d 4h" from a day, "5h 06m" from an hour, then as live.
 * @param {number} ms what is left (below 0 reads as 0)
 * @param {'live'|'correspondence'} [kind]
 * @returns {string}
 */
export function formatClock(ms, kind = 'live') {
  const left = Math.max(0, Math.floor(ms));
  if (kind === 'correspondence' && left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`;
  if (kind === 'correspondence' && left >= HOUR) return `${Math.floor(left / HOUR)}h ${two(Math.floor((left % HOUR) / MINUTE))}m`;
  if (left < TENTHS_BELOW_MS) return `0:${two(Math.floor(left / SECOND))}.${Math.floor((left % SECOND) / 100)}`;
  const seconds = Math.floor(left / SECOND);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours ? `${hours}:${two(minutes)}:${two(seconds % 60)}` : `${minutes}:${two(seconds % 60)}`;
}

/**
 * Whether a clock runs low (shown in the low-time colour).
 * @param {number} ms
 * @param {TimeControl|null} clock
 */
export function isLowTime(ms, clock) {
  if (!clock) return false;
  return ms < (clock.kind === 'correspondence' ? LOW_CORRESPONDENCE_MS : LOW_LIVE_MS);
}

/**
 * A countdown in whole seconds, rounded up ("0:37", "1:05"): the time before a
 * claim is accepted.
 * @param {number} ms
 */
export function formatCountdown(ms) {
  const seconds = Math.max(0, Math.ceil(ms / SECOND));
  return `${Math.floor(seconds / 60)}:${two(seconds % 60)}`;
}
