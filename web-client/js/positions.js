// The earlier positions of a live game, for stepping back through it while it
// goes on and for marking the last turn: the positions come from the game's
// HTTP API (`positions`, one after each action event) and from the live action
// events, kept by the ply they follow. Pure: no DOM, no fetch.

/** @typedef {import('./room_state.js').Step} Step */

export class Positions {
  constructor() {
    /** @type {Map<number, object>} ply -> the engine state at that ply */
    this.byPly = new Map();
  }

  /** Keeps a position (a state seen at `ply`). */
  add(ply, state) { this.byPly.set(ply, state); }

  /** Forgets the positions after `ply` (a takeback went back to it, #46: new moves will take those plies). */
  dropAfter(ply) { for (const known of [...this.byPly.keys()]) if (known > ply) this.byPly.delete(known); }

  /** Keeps the `positions` of `GET /api/games/ID`: [{ply, state}]. */
  merge(positions) { for (const { ply, state } of positions) this.add(ply, state); }

  /**
   * Whether the positions before and after every turn of `history` are known
   * (they are where the move list and the last-turn marks look), so that a
   * snapshot needs no fetch of the game's positions.
   * @param {Step[]} history
   */
  cover(history) {
    return turnSpans(history).every((span) => this.byPly.has(span.start) && this.byPly.has(span.end));
  }

  /** The known plies, in order. */
  plies() { return [...this.byPly.keys()].sort((a, b) => a - b); }

  /** The state at `ply`, or at the nearest known ply before it (null when none is known). */
  atOrBefore(ply) {
    let best = -1;
    for (const known of this.byPly.keys()) if (known <= ply && known > best) best = known;
    return best < 0 ? null : this.byPly.get(best);
  }
}

/**
 * The turns of a history: each turn's steps, the ply its first step was taken
 * at, and `end`, the ply after its last step (where the position after the
 * turn is).
 * @param {Step[]} history
 * @returns {{turn: number, steps: Step[], start: number, end: number}[]}
 */
export function turnSpans(history) {
  const spans = [];
  for (const step of history) {
    let span = spans[spans.length - 1];
    if (!span || span.turn !== step.turn) spans.push(span = { turn: step.turn, steps: [], start: step.ply, end: step.ply + 1 });
    span.steps.push(step);
    span.end = step.ply + 1;
  }
  return spans;
}

/**
 * The turn that led to the position at `ply` (its steps up to that ply) and the
 * board when it began, as a board's `last` wants it; null at the start.
 * @param {Step[]} history
 * @param {number} ply
 * @param {Positions} positions
 * @returns {{turn: number, before: object|null, steps: {action: string, player: string}[]}|null}
 */
export function turnBefore(history, ply, positions) {
  const done = history.filter((step) => step.ply < ply);
  if (!done.length) return null;
  const { turn } = done[done.length - 1];
  const steps = done.filter((step) => step.turn === turn);
  const start = positions.byPly.get(steps[0].ply) ?? null;
  return { turn, before: start ? start.board : null, steps: steps.map(({ action, player }) => ({ action, player })) };
}

/**
 * The ply one step before or after `ply` among those a player can look at:
 * the known positions up to `live` (the game's ply now), and `live` itself.
 * @param {number[]} plies the known plies
 * @param {number} ply where the view is
 * @param {number} live
 * @param {-1|1} direction
 * @returns {number} `ply` when there is nothing further that way
 */
export function stepPly(plies, ply, live, direction) {
  const all = [...new Set([...plies.filter((p) => p <= live), live])].sort((a, b) => a - b);
  if (direction < 0) return all.filter((p) => p < ply).pop() ?? ply;
  return all.find((p) => p > ply) ?? ply;
}
