// The GIPF board in SVG: 37 points, 24 dots and their lines, pieces (a GIPF piece
// is drawn as two stacked pieces), and the choices the server's legal moves
// allow: a dot, then the push (its path is highlighted); a row, then keep or
// remove each GIPF piece in it. What both boards share is in board_base.js.
import { s, h } from '../ui.js';
import { pixel, AXES, letter } from './hex.js';
import { BoardBase } from './board_base.js';

const SIZE = 40;

export const CELLS = (() => {
  const cells = [];
  for (let column = 0; column < 9; column++) {
    const length = 5 + Math.min(column, 8 - column);
    for (let n = 1; n <= length; n++) {
      const q = column - 4;
      const r = n - 5 + Math.max(0, q);
      const dot = Math.max(Math.abs(q), Math.abs(r), Math.abs(q - r)) === 4;
      cells.push({ name: letter(column) + n, q, r, dot });
    }
  }
  return cells;
})();
const BY_KEY = new Map(CELLS.map((c) => [`${c.q},${c.r}`, c]));
const BY_NAME = new Map(CELLS.map((c) => [c.name, c]));

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const pieceWord = (code) => `${code.toLowerCase() === 'w' ? 'white' : 'black'} ${code === code.toUpperCase() ? 'GIPF piece' : 'piece'}`;

const isGipf = (code) => code === code.toUpperCase();

/** How many pieces a set of points holds: a GIPF piece is two stacked pieces. */
export function pieceCount(board, names) {
  return names.reduce((count, name) => count + (board[name] ? (isGipf(board[name]) ? 2 : 1) : 0), 0);
}

/** What an action moved, for the last turn's marks: a push from its dot to its entry point. */
export const notation = {
  moves(action) {
    if (/^[xk]/.test(action)) return null;
    const [from, to] = action.replace(/^G/, '').split('-');
    return to ? { from, to } : null;
  },
  // removals without the board before: their points, colour unknown
  implied: () => ({ changed: [], ghosts: [] }),
};

export class GipfBoard extends BoardBase {
  /** onAction(notation) is called with a complete legal action. */
  constructor(handlers) {
    super(handlers, { viewBox: '-200 -205 400 410', label: 'GIPF board' });
    this.notation = notation;
    this.outlineRadius = 19;
    this.resetSelection();
  }

  /** Drops the selection; whether there was one. */
  resetSelection() {
    const had = !!(this.dot || this.row || this.twins);
    this.dot = null;        // the dot chosen for a push
    this.row = null;        // the extent (list of points) of the chosen row
    this.removing = null;   // GIPF pieces of the chosen row to remove
    this.twins = null;      // a single and a GIPF push with the same path
    return had;
  }

  /** A push's dot and piece are in its notation, `[G]dot-end`; the server sends only its path. */
  withNotation(move) {
    if (move.kind !== 'push') return move;
    const gipf = move.action.startsWith('G');
    return { ...move, gipf, dot: move.action.slice(gipf ? 1 : 0).split('-')[0] };
  }

  cell(name) { return BY_NAME.get(name); }
  at(name) { return this.state.board[name]; }
  xy(cell) { return pixel(cell.q, cell.r, SIZE, this.flip); }

  drawBoard() {
    const svg = this.svg;
    for (const cell of CELLS) {
      for (const [dq, dr] of AXES) {
        const next = BY_KEY.get(`${cell.q + dq},${cell.r + dr}`);
        if (!next || (cell.dot && next.dot)) continue;
        const a = this.xy(cell), b = this.xy(next);
        svg.append(s('line', { class: 'line', x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
      }
    }
    for (const cell of CELLS) {
      const p = this.xy(cell);
      svg.append(s('circle', { class: cell.dot ? 'dot-cell' : 'point', cx: p.x, cy: p.y, r: cell.dot ? 5 : 3 }));
      if (cell.dot) {
        const out = pixel(cell.q * 1.22, cell.r * 1.22, SIZE, this.flip);
        svg.append(s('text', { class: 'label', x: out.x, y: out.y }, cell.name));
      }
    }
  }

  piece(cell, code) {
    const p = this.xy(cell);
    const white = code.toLowerCase() === 'w';
    const gipf = isGipf(code);
    const fresh = this.fresh(cell.name, code);
    const group = s('g', { class: `piece${fresh.class}`, style: fresh.style, 'data-cell': cell.name, 'data-piece': code });
    group.append(s('title', {}, `${cell.name}: ${pieceWord(code)}`));
    const fill = white ? 'piece-white' : 'piece-black';
    if (gipf) group.append(s('circle', { class: fill, cx: p.x + 3, cy: p.y + 4, r: 15 }));  // the lower piece
    const top = gipf ? { x: p.x - 2, y: p.y - 3 } : p;
    group.append(s('circle', { class: fill, cx: top.x, cy: top.y, r: 15 }));
    // not only colour: black pieces carry a light ring, white ones a dark centre
    group.append(white ? s('circle', { class: 'mark-white', cx: top.x, cy: top.y, r: 4 })
                       : s('circle', { class: 'mark-black', cx: top.x, cy: top.y, r: 9 }));
    if (gipf) group.append(s('text', { class: 'label', x: top.x, y: top.y, style: `fill:${white ? '#2b2620' : '#fbfaf6'};font-weight:700` }, 'G'));
    return group;
  }

  renderChoices() {
    const pushes = this.moves.filter((m) => m.kind === 'push');
    const rows = this.rowOptions();
    if (this.twins) return this.renderTwins();
    if (this.row) return this.renderRow(rows.get(this.row.join(',')));
    // rows the player may remove (or must, when no push is possible now)
    for (const [key, options] of rows) {
      const extent = options.extent;
      this.outline(extent, 'row');
      for (const name of extent)
        this.target(name, `choose the row ${extent[0]} to ${extent[extent.length - 1]}`, () => this.chooseRow(key), 'choice', 12, `row:${key}:${name}`);
    }
    if (this.dot) {
      const from = pushes.filter((m) => m.dot === this.dot);
      this.target(this.dot, `cancel the push from ${this.dot}`, () => this.back(), 'selected', 9);
      for (const m of from) {
        for (const name of m.path) this.outline([name], 'path');
        const end = m.path[m.path.length - 1];
        const label = `push from ${this.dot} to ${end}`;
        const twins = from.filter((x) => sameSet(x.path, m.path));
        const choose = () => (twins.length > 1 ? this.chooseTwins(twins) : this.choose(m.action, [this.dot, ...m.path], label, { push: true }));
        this.target(m.path[0], label, choose, 'choice', 13, `push:${m.action}`);
        if (end !== m.path[0]) this.target(end, label, choose, 'choice', 13, `push-end:${m.action}`);
      }
      return;
    }
    for (const dot of new Set(pushes.map((m) => m.dot)))
      this.target(dot, `push from ${dot}`, () => { this.dot = dot; this.render(); }, 'choice', 10);
  }

  chooseTwins(twins) { this.twins = twins; this.render(); }

  renderTwins() {
    for (const name of this.twins[0].path) this.outline([name], 'path');
    for (const m of this.twins) {
      const label = m.gipf ? 'Bring in a GIPF piece' : 'Bring in a single piece';
      this.bar.append(h('button', { class: 'primary', 'data-choice': '', 'data-key': `twin:${m.action}`,
        onclick: () => this.choose(m.action, [m.dot, ...m.path], label.toLowerCase(), { push: true }) }, label));
    }
    this.bar.append(h('button', { 'data-key': 'back', onclick: () => this.back() }, 'Back'));
  }

  /** Removal options grouped by row: key -> {extent, removals: [move], keep: move|null}. */
  rowOptions() {
    const rows = new Map();
    for (const m of this.moves) {
      if (m.kind !== 'remove' && m.kind !== 'keep') continue;
      const key = m.extent.join(',');
      if (!rows.has(key)) rows.set(key, { extent: m.extent, removals: [], keep: null });
      if (m.kind === 'keep') rows.get(key).keep = m;
      else rows.get(key).removals.push(m);
    }
    return rows;
  }

  chooseRow(key) {
    this.row = key.split(',');
    // GIPF pieces are removed unless the player keeps them
    this.removing = new Set(this.row.filter((name) => isGipf(this.at(name))));
    this.dot = null;
    this.render();
  }

  renderRow(options) {
    const gipf = this.row.filter((name) => isGipf(this.at(name)));
    const removed = this.row.filter((name) => !gipf.includes(name) || this.removing.has(name));
    // every piece says what happens to it: a cross for removed, a green ring for kept
    for (const name of this.row) {
      const keep = !removed.includes(name);
      const p = this.xy(this.cell(name));
      this.svg.append(keep ? s('circle', { class: 'keep', cx: p.x, cy: p.y, r: 19, 'data-cell': name })
        : s('g', { class: 'drop', 'data-cell': name },
          s('line', { x1: p.x - 11, y1: p.y - 11, x2: p.x + 11, y2: p.y + 11 }),
          s('line', { x1: p.x - 11, y1: p.y + 11, x2: p.x + 11, y2: p.y - 11 })));
    }
    for (const name of gipf) {
      const keep = !this.removing.has(name);
      this.target(name, `${keep ? 'kept' : 'removed'}: GIPF piece on ${name}; toggle`, () => {
        if (this.removing.has(name)) this.removing.delete(name); else this.removing.add(name);
        this.render();
      }, 'choice', 12, `toggle:${name}`);
    }
    const removal = options.removals.find((m) => sameSet(m.cells, removed));
    const chosen = removal || (removed.length === 0 ? options.keep : null);
    // a GIPF piece is two pieces: "Remove 6 pieces" for four singles and a GIPF piece
    const count = pieceCount(this.state.board, removed);
    const text = removed.length === 0 ? 'Keep the whole row' : `Remove ${count} piece${count > 1 ? 's' : ''}`;
    const confirm = h('button', { class: 'primary', id: 'remove-row', 'data-key': 'remove-row', disabled: !chosen, onclick: () => chosen && this.onAction(chosen.action) }, text);
    if (chosen) confirm.setAttribute('data-choice', '');
    if (gipf.length) this.bar.append(h('span', { class: 'hint' }, 'Tap a GIPF piece to keep or remove it.'));
    this.bar.append(confirm, h('button', { 'data-key': 'back', onclick: () => this.back() }, 'Back'));
  }
}
