// YINSH (RULES.md §3): normal and blitz, draws (by agreement, or equal rings at
// the end), a move number for every turn, the board of rings and markers.
import { YinshBoard } from '../boards/yinsh_board.js';
import { turns } from '../room_state.js';

/** @type {import('./index.js').GameModule} */
export const yinsh = {
  name: 'yinsh',
  title: 'YINSH',
  boardspaceFiles: () => true,
  variants: [
    { name: 'normal', label: 'normal', handicap: 0 },
    { name: 'blitz', label: 'blitz', handicap: 0 },
  ],
  defaultVariant: 'normal',
  // Quick pairing's grid (#46): the usual speeds of each variant, and the days per move by correspondence.
  quickPairing: [
    { variant: 'normal', speeds: ['3+2', '5+5', '10+5', '15+10'] },
    { variant: 'blitz', speeds: ['3+2', '5+5', '10+5'] },
    { variant: 'normal', speeds: ['1d', '3d', '7d'] },
  ],
  draws: true,

  label: (options) => `YINSH ${options.variant}`,

  // odd numbers for White, even for Black (RULES.md §4.3)
  moveNumber: (turn) => turn + 1,

  moveList(history) {
    return turns(history).map((actions, t) => {
      const text = actions.join(';');
      return { number: yinsh.moveNumber(t), text, turns: [{ turn: t, text }] };
    });
  },

  decisions: {
    place: { yours: 'Place a ring on any free point.', theirs: 'to place a ring' },
    move: { yours: 'Move a ring: choose one, then where it goes.', theirs: 'to move' },
    'remove-row': { yours: 'You made a row: remove five markers.', theirs: 'to remove a row' },
    'remove-ring': { yours: 'Remove one of your rings.', theirs: 'to remove a ring' },
  },

  /**
   * What a forced step did, in words (#43): a row of five that was the only
   * one is taken off by the server, which the status says (`xa3-e3`).
   */
  forced(action) {
    const row = /^x([a-k]\d+)-([a-k]\d+)$/.exec(action);
    return row ? `The only row, ${row[1]}–${row[2]}, was taken off.` : null;
  },

  results: {
    rings: (winner) => `${winner} wins by removing the winning ring.`,
    'no-markers': (winner) => (winner ? `${winner} wins on rings: the markers ran out.` : 'Draw: the markers ran out with equal rings.'),
    'no-moves': (winner) => (winner ? `${winner} wins on rings: no ring could move.` : 'Draw: no ring could move, rings are equal.'),
    agreement: () => 'Draw by agreement.',
  },

  playerInfo: (position, color) => `rings removed ${position.rings_removed[color]}`,
  // the rings removed, out of those that win (RULES.md §3: three, one in blitz)
  material: (position, color) => ({ kind: 'rings', count: position.rings_removed[color], of: position.variant === 'blitz' ? 1 : 3, color }),
  positionInfo: (position) => `markers in the pool: ${position.pool}`,
  createBoard: (handlers) => new YinshBoard(handlers),
};
