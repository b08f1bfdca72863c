// "How to play": the rules of GIPF (/rules/gipf) and YINSH (/rules/yinsh) in
// short, written from docs/RULES.md, with diagrams drawn by the game's own
// board (the game module's createBoard): a position, the last move marked as in a game, the rows
// waiting for a removal outlined. Nothing here decides a rule: the server's
// engine does; these pages only explain.
import { h } from './ui.js';
import { gameModule, games } from './games/index.js';

/**
 * A diagram: a board position, optionally the move that led to it (`before`
 * and `action`, marked as the last turn is in a game) and rows outlined.
 * @typedef {{caption: string, board: Object<string, string>, before?: Object<string, string>, action?: string, player?: string, rows?: string[][]}} Diagram
 */

/** @type {Object<string, {title: string, intro: string, sections: {heading: string, text: string[], diagram?: Diagram}[]}>} */
export const RULES = {
  gipf: {
    title: 'How to play GIPF',
    intro: 'GIPF is a game for two players, White and Black, on a hexagonal board. White moves first. Each turn you push one piece onto the board; four in a line take pieces off it. The player who runs out of pieces to bring in loses.',
    sections: [
      {
        heading: 'The board and the pieces',
        text: [
          'The playing area has 37 points. Around it lie 24 dots: pieces are never played on a dot, they are put there only to be pushed in.',
          'A GIPF piece is two pieces stacked (drawn with a G). On the board it counts as one piece of its colour, but it costs two pieces of your stock.',
          'Your reserve is your pieces that are neither on the board nor captured. The three variants: basic (15 single pieces each, three already on the board; the weaker player may get up to 3 extra pieces), standard (18 pieces each, three GIPF pieces on the board at the start) and tournament (18 pieces, an empty board).',
        ],
        diagram: {
          caption: 'The start of a standard game: White\'s GIPF pieces on e2, b5 and h5, Black\'s on b2, e8 and h2. The labelled circles around the edge are the dots.',
          board: { e2: 'W', b5: 'W', h5: 'W', b2: 'B', e8: 'B', h2: 'B' },
        },
      },
      {
        heading: 'A turn: bring a piece in',
        text: [
          'Take a piece from your reserve, put it on any dot and push it one step onto the point next to that dot, along one of the lines.',
          'If that point is taken, the piece on it moves one step further along the same line, and so on: the whole chain of pieces in front moves one step.',
          'You cannot push into a line that is full up to the dot at its far end. There is always some push while a point is empty.',
        ],
        diagram: {
          caption: 'White pushes from the dot e1 along column e: the pieces on e2, e3 and e4 each move one step up, and the new white piece stands on e2. The move is written e1-e5, the dot and the point the farthest piece reached.',
          before: { e2: 'w', e3: 'b', e4: 'w', e8: 'B', b2: 'B', h5: 'W' },
          board: { e2: 'w', e3: 'w', e4: 'b', e5: 'w', e8: 'B', b2: 'B', h5: 'W' },
          action: 'e1-e5',
          player: 'white',
        },
      },
      {
        heading: 'Rows: four in a line',
        text: [
          'Four or more pieces of one colour next to each other on a line make a row. The row is the whole unbroken run of pieces on that line, including pieces of the other colour that touch its ends; an empty point ends it.',
          'A row is taken off by the player whose colour made it, whoever pushed. Your own pieces go back to your reserve; your opponent\'s pieces are captured and leave the game. Single pieces always come off; each GIPF piece in the row may stay or go, as the remover chooses.',
          'If a push makes rows for both players, the pusher removes first, then the opponent removes whatever rows of theirs are left, and plays their turn.',
        ],
        diagram: {
          caption: 'Four white pieces on e3 to e6 make a row, and the black piece on e7 touches it: White removes all five. White\'s four go back to White\'s reserve; Black\'s piece is captured.',
          board: { e3: 'w', e4: 'w', e5: 'w', e6: 'w', e7: 'b', c4: 'b', g3: 'b', f6: 'w' },
          rows: [['e3', 'e4', 'e5', 'e6', 'e7']],
        },
      },
      {
        heading: 'Winning',
        text: [
          'A player who has to move with no piece left in reserve loses.',
          'In the standard and tournament games, a player with no GIPF piece left on the board loses too, at once.',
          'There are no draws in GIPF; a player may resign.',
        ],
      },
      {
        heading: 'The tournament opening',
        text: [
          'In the tournament game the board starts empty and each player\'s first move must bring in a GIPF piece. You may go on bringing in GIPF pieces; once you bring in a single piece, you can never bring in a GIPF piece again.',
        ],
      },
      {
        heading: 'Playing here',
        text: [
          'On your turn the dots you may push from are marked: tap one, then tap where the push goes (its path is shown). On a phone, or with "Confirm each move" ticked, you then press Confirm.',
          'When you must remove a row, tap it; tap a GIPF piece in it to keep or remove it, then press Remove.',
          'Moves are written as the dot and the point the farthest piece reached (e1-e4), with a G in front for a GIPF piece (Ge1-e2); a removal is x and the points taken off (xb2,c3,d4,e5). A move number counts one White turn and the Black turn after it.',
        ],
      },
    ],
  },
  yinsh: {
    title: 'How to play YINSH',
    intro: 'YINSH is a game for two players, White and Black, on a board of 85 points. White moves first. Each player has five rings; moving a ring leaves a marker behind and turns over the markers it jumps. Five markers of your colour in a line earn you a ring back: the first to take three rings off the board wins.',
    sections: [
      {
        heading: 'Placing the rings',
        text: [
          'The board starts empty. The players take turns putting one of their rings on any free point until all ten rings are on the board.',
        ],
        diagram: {
          caption: 'After the placement: five white rings and five black rings on the board.',
          board: { c3: 'W', e6: 'W', f9: 'W', h5: 'W', i9: 'W', d5: 'B', f4: 'B', g7: 'B', h10: 'B', e2: 'B' },
        },
      },
      {
        heading: 'A move',
        text: [
          'Put a marker of your colour inside one of your rings, then move that ring in a straight line to a free point.',
          'The ring may pass over free points, and it may jump over one unbroken group of markers of any colour; it then stops on the first free point after them. It can never pass over a ring.',
          'Every marker the ring jumped over is turned over to the other colour. The marker left where the ring started stays as it is.',
        ],
        diagram: {
          caption: 'White moves the ring from e3 to e6: a white marker is left on e3, and the two markers it jumped, on e4 and e5, are turned over.',
          before: { e3: 'W', e4: 'b', e5: 'w', g5: 'B', c5: 'b' },
          board: { e3: 'w', e4: 'w', e5: 'b', e6: 'W', g5: 'B', c5: 'b' },
          action: 'e3-e6',
          player: 'white',
        },
      },
      {
        heading: 'Rows of five',
        text: [
          'Five markers of your colour next to each other on a line make a row; a ring breaks a row. Remove those five markers, then take one of your rings off the board: it counts for you.',
          'In a longer line you choose which five to remove. With several rows you remove them one at a time; every row still standing must go, each with a ring.',
          'Rows made in your opponent\'s colour are theirs to remove, right after your own, before they move.',
        ],
        diagram: {
          caption: 'Five white markers from f4 to f8 make a row: White removes them and then one of its rings.',
          board: { f4: 'w', f5: 'w', f6: 'w', f7: 'w', f8: 'w', f3: 'b', e5: 'W', g6: 'B', d4: 'b' },
          rows: [['f4', 'f5', 'f6', 'f7', 'f8']],
        },
      },
      {
        heading: 'Winning',
        text: [
          'The first player to take a third ring off the board wins at once (the first ring in the blitz game).',
          'If the 51 markers run out, the player who took more rings off wins; equal is a draw. A player whose rings cannot move passes. The players may agree a draw, and either may resign.',
        ],
      },
      {
        heading: 'Playing here',
        text: [
          'During the placement every free point is marked: tap one. Then tap one of your rings and the point it goes to; the markers it would turn over are shown.',
          'When you made a row, tap it or press its button, then tap the ring you take off.',
          'Moves are written as the point of a placement (e3), a ring\'s move from-to (h7-g7), a row removal x first-last (xa3-e3) and a ring removal x and its point (xb4). Every turn has its own number: odd for White, even for Black.',
        ],
      },
    ],
  },
};

/** The game a rules page is for, from its path ("/rules/gipf"), or null. */
export function rulesGame(path) {
  const match = /^\/rules\/([a-z]+)\/?$/.exec(path);
  return match && RULES[match[1]] ? match[1] : null;
}

/** A diagram drawn by the game's own board: a picture with its caption, nothing to press. */
export function diagram(game, { caption, board, before, action, player, rows }, number) {
  const view = gameModule(game).createBoard({ onAction: () => {} });
  view.update({
    state: { board, hash: `diagram-${number}` },
    moves: null, flip: false,
    last: action ? { turn: 0, before, steps: [{ action, player }] } : null,
    rows: rows || null,
  });
  view.svg.setAttribute('role', 'img');
  view.svg.setAttribute('aria-label', caption);
  view.svg.classList.add('diagram-board');
  return h('figure', { class: 'diagram', 'data-diagram': number }, view.svg, h('figcaption', {}, caption));
}

export class RulesView {
  constructor(root, game) {
    const rules = RULES[game];
    document.title = `${rules.title} · GIPF Arena`;
    let count = 0;
    const others = games.filter((g) => g.name !== game && RULES[g.name]);
    root.replaceChildren(h('article', { class: 'rules', id: 'rules', 'data-game': game },
      h('h1', {}, rules.title),
      h('p', { class: 'intro' }, rules.intro),
      rules.sections.map((section) => h('section', { class: 'panel' },
        h('h2', {}, section.heading),
        section.text.map((text) => h('p', {}, text)),
        section.diagram ? diagram(game, section.diagram, ++count) : null)),
      h('p', { class: 'rules-next' },
        h('a', { href: '/', id: 'rules-play' }, 'Back to the lobby to play'),
        ' · ', h('a', { href: `/analysis/${game}`, id: 'rules-analysis' }, 'Try moves on the analysis board'),
        others.flatMap((g) => [' · ', h('a', { href: `/rules/${g.name}` }, `How to play ${g.title}`)]))));
  }
}
