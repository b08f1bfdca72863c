// What the last turn did to the board, for marking it: both boards draw the
// points a move went from and to, the points whose piece changed (a pushed
// line, flipped markers) and, as fading ghosts, the pieces it removed. Pure:
// board maps in (point name -> piece code), point names out.

/**
 * @typedef {Object} LastTurn  what the view passes to a board's update()
 * @property {Object<string, string>|null} before  the board when the turn began (null: not known)
 * @property {{action: string, player: string}[]} steps  the turn's actions so far, in order
 *
 * @typedef {Object} TurnMarks
 * @property {string[]} from     where a move started (a GIPF dot, a YINSH ring's point)
 * @property {string[]} to       where it arrived (a GIPF entry point, a YINSH ring or placement)
 * @property {string[]} changed  other points whose piece changed (pushed, flipped)
 * @property {[string, string][]} ghosts  [point, piece code] of the pieces removed
 * @property {[string, string][]} lines   [from, to] of each move, for an arrow
 */

/** The points of `after` whose piece differs from `before` (a piece that is there now). */
export function changedPoints(before, after) {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}

/** The pieces of `before` that are gone in `after`: [point, code]. */
export function removedPieces(before, after) {
  return Object.entries(before).filter(([name]) => !after[name]);
}

/**
 * The marks of a turn: `moves(action)` says what one action moved ({from,
 * to}, {to} for a placement, null for a removal), `implied(step, after)` what
 * an action changed and removed as far as its notation tells, for when the
 * board before the turn is not known.
 * @param {LastTurn|null} last
 * @param {Object<string, string>} after the board now
 * @param {{moves: (action: string) => ({from?: string, to: string}|null),
 *   implied: (step: object, after: object) => {changed: string[], ghosts: [string, string][]}}} game
 * @returns {TurnMarks|null}
 */
export function turnMarks(last, after, game) {
  if (!last || !last.steps.length) return null;
  const marks = { from: [], to: [], changed: [], ghosts: [], lines: [] };
  for (const step of last.steps) {
    const move = game.moves(step.action);
    if (!move) continue;
    if (move.from) { marks.from.push(move.from); marks.lines.push([move.from, move.to]); }
    marks.to.push(move.to);
  }
  const named = new Set([...marks.from, ...marks.to]);
  if (last.before) {
    marks.changed = changedPoints(last.before, after).filter((name) => !named.has(name));
    marks.ghosts = removedPieces(last.before, after).filter(([name]) => !named.has(name));
  } else {
    const implied = last.steps.map((step) => game.implied(step, after));
    marks.changed = implied.flatMap((i) => i.changed).filter((name) => !named.has(name));
    marks.ghosts = implied.flatMap((i) => i.ghosts).filter(([name]) => !after[name]);
  }
  return marks;
}
