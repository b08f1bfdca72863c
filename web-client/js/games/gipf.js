// GIPF (RULES.md §2): three variants, handicap pieces in basic, no draws, a move
// number for each White and Black turn, the board of dots and pushes.
import { GipfBoard } from '../boards/gipf_board.js';
import { turns } from '../room_state.js';

/** @type {import('./index.js').GameModule} */
export const gipf = {
  name: 'gipf',
  title: 'GIPF',
  // boardspace.net has no handicap (#44)
  boardspaceFiles: (options) => !options.white_extra && !options.black_extra,
  variants: [
    { name: 'basic', label: 'basic', handicap: 3 },
    { name: 'standard', label: 'standard', handicap: 0 },
    { name: 'tournament', label: 'tournament', handicap: 0 },
  ],
  defaultVariant: 'standard',
  // Quick pairing's grid (#46): the usual speeds of each variant, and the days per move by correspondence.
  quickPairing: [
    { variant: 'standard', speeds: ['5+5', '10+5', '15+10', '30+0'] },
    { variant: 'tournament', speeds: ['10+5', '15+10', '30+0'] },
    { variant: 'standard', speeds: ['1d', '3d', '7d'] },
  ],
  draws: false,

  label(options) {
    const label = `GIPF ${options.variant}`;
    const white = options.white_extra || 0, black = options.black_extra || 0;
    return options.variant === 'basic' && (white || black) ? `${label} (handicap ${white}/${black})` : label;
  },

  // one number for White's turn and Black's after it (RULES.md §4.3)
  moveNumber: (turn) => Math.floor(turn / 2) + 1,

  moveList(history) {
    const byTurn = turns(history);
    const lines = [];
    for (let t = 0; t < byTurn.length; t += 2) {
      const both = [t, t + 1].filter((turn) => byTurn[turn]).map((turn) => ({ turn, text: byTurn[turn].join(';') }));
      lines.push({ number: gipf.moveNumber(t), text: both.map((x) => x.text).join('  '), turns: both });
    }
    return lines;
  },

  decisions: {
    push: { yours: 'Your move: choose a dot, then the push.', theirs: 'to move' },
    remove: { yours: 'Remove a row: choose it, then keep or remove each GIPF piece in it.', theirs: 'to remove a row' },
  },

  /** What a forced step did, in words (#43): the only row's pieces taken (`xe2,f2,g2,h2`). */
  forced(action) {
    const taken = /^x([a-i]\d+(?:,[a-i]\d+)*)$/.exec(action);
    return taken ? `The only row was taken: ${taken[1].split(',').join(', ')}.` : null;
  },

  results: {
    'no-reserve': (winner, loser) => `${winner} wins: ${loser} has no piece left to bring in.`,
    'no-gipf': (winner, loser) => `${winner} wins: ${loser} has no GIPF piece left on the board.`,
  },

  playerInfo: (position, color) => `reserve ${position.reserve[color]} · lost ${position.captured[color]}`,
  // the reserve drawn as pieces, one disc each
  material: (position, color) => ({ kind: 'reserve', count: position.reserve[color], of: null, color }),
  positionInfo: () => null,
  createBoard: (handlers) => new GipfBoard(handlers),
};
