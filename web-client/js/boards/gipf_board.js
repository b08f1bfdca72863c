// The GIPF board in SVG: 37 points, 24 dots and their lines, pieces (a GIPF piece
// is drawn as two stacked pieces), and the choices the server's legal moves
// allow: a dot, then the push (its path is highlighted); a row, then keep or
// remove each GIPF piece in it.
import { s, h, clickable } from '../ui.js';
import { pixel, AXES, letter } from './hex.js';

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

/** A push's dot and piece are in its notation, `[G]dot-end`; the server sends only its path. */
function withNotation(move) {
  if (move.kind !== 'push') return move;
  const gipf = move.action.startsWith('G');
  return { ...move, gipf, dot: move.action.slice(gipf ? 1 : 0).split('-')[0] };
}

export class GipfBoard {
  /** onAction(notation) is called with a complete legal action. */
  constructor({ onAction }) {
    this.onAction = onAction;
    this.svg = s('svg', { class: 'board', viewBox: '-200 -205 400 410', role: 'img', 'aria-label': 'GIPF board' });
    this.bar = h('div', { class: 'actionbar', 'aria-live': 'polite' });
    this.state = null;
    this.legal = null;      // the moves as they came
    this.moves = null;      // ... with what their notation says
    this.flip = false;
    this.previous = {};
    this.reset();
  }

  reset() {
    this.dot = null;        // the dot chosen for a push
    this.row = null;        // the extent (list of points) of the chosen row
    this.removing = null;   // GIPF pieces of the chosen row to remove
    this.twins = null;      // a single and a GIPF push with the same path
  }

  update({ state, moves, flip }) {
    const changed = this.state && this.state.board !== state.board;
    this.previous = changed ? this.state.board : this.previous;
    if (this.legal !== moves) {
      this.reset();
      this.legal = moves;
      this.moves = moves && moves.map(withNotation);
    }
    this.state = state;
    this.flip = flip;
    this.render();
  }

  at(name) { return this.state.board[name]; }
  xy(cell) { return pixel(cell.q, cell.r, SIZE, this.flip); }

  render() {
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute('data-hash', this.state.hash);
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
    for (const cell of CELLS) {
      const code = this.at(cell.name);
      if (code) svg.append(this.piece(cell, code));
    }
    this.renderChoices();
  }

  piece(cell, code) {
    const p = this.xy(cell);
    const white = code.toLowerCase() === 'w';
    const gipf = code === code.toUpperCase();
    const fresh = this.previous[cell.name] !== code ? ' fresh' : '';
    const group = s('g', { class: `piece${fresh}`, 'data-cell': cell.name, 'data-piece': code });
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

  target(name, label, activate, cls = 'choice', radius = 17) {
    const p = this.xy(BY_NAME.get(name));
    const circle = s('circle', { class: cls, cx: p.x, cy: p.y, r: radius, 'data-cell': name });
    this.svg.append(clickable(circle, label, activate));
  }

  outline(names, cls) {
    for (const name of names) {
      const p = this.xy(BY_NAME.get(name));
      this.svg.append(s('circle', { class: cls, cx: p.x, cy: p.y, r: 19 }));
    }
  }

  renderChoices() {
    this.bar.replaceChildren();
    if (!this.moves) return;
    const pushes = this.moves.filter((m) => m.kind === 'push');
    const rows = this.rowOptions();
    if (this.twins) return this.renderTwins();
    if (this.row) return this.renderRow(rows.get(this.row.join(',')));
    // rows the player may remove (or must, when no push is possible now)
    for (const [key, options] of rows) {
      const extent = options.extent;
      this.outline(extent, 'row');
      for (const name of extent)
        this.target(name, `choose the row ${extent[0]} to ${extent[extent.length - 1]}`, () => this.chooseRow(key), 'choice', 12);
    }
    if (this.dot) {
      const from = pushes.filter((m) => m.dot === this.dot);
      this.target(this.dot, `cancel the push from ${this.dot}`, () => { this.dot = null; this.render(); }, 'selected', 9);
      for (const m of from) {
        for (const name of m.path) this.outline([name], 'path');
        const end = m.path[m.path.length - 1];
        const label = `push from ${this.dot} to ${end}`;
        const twins = from.filter((x) => sameSet(x.path, m.path));
        const choose = () => (twins.length > 1 ? this.chooseTwins(twins) : this.onAction(m.action));
        this.target(m.path[0], label, choose);
        if (end !== m.path[0]) this.target(end, label, choose, 'choice', 13);
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
      this.bar.append(h('button', { class: 'primary', 'data-choice': '', onclick: () => this.onAction(m.action) },
        m.gipf ? 'Bring in a GIPF piece' : 'Bring in a single piece'));
    }
    this.bar.append(h('button', { onclick: () => { this.twins = null; this.render(); } }, 'Back'));
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
    this.removing = new Set(this.row.filter((name) => this.at(name) === this.at(name).toUpperCase()));
    this.dot = null;
    this.render();
  }

  renderRow(options) {
    const gipf = this.row.filter((name) => this.at(name) === this.at(name).toUpperCase());
    const removed = this.row.filter((name) => !gipf.includes(name) || this.removing.has(name));
    this.outline(this.row, 'row');
    for (const name of gipf) {
      const keep = !this.removing.has(name);
      this.outline([name], keep ? 'keep' : 'drop');
      this.target(name, `${keep ? 'kept' : 'removed'}: GIPF piece on ${name}; toggle`, () => {
        if (this.removing.has(name)) this.removing.delete(name); else this.removing.add(name);
        this.render();
      }, 'choice', 12);
    }
    const removal = options.removals.find((m) => sameSet(m.cells, removed));
    const chosen = removal || (removed.length === 0 ? options.keep : null);
    const text = removed.length === 0 ? 'Keep the whole row' : `Remove ${removed.length} piece${removed.length > 1 ? 's' : ''}`;
    const confirm = h('button', { class: 'primary', disabled: !chosen, onclick: () => chosen && this.onAction(chosen.action) }, text);
    if (chosen) confirm.setAttribute('data-choice', '');
    if (gipf.length) this.bar.append(h('span', { class: 'hint' }, 'Tap a GIPF piece to keep or remove it.'));
    this.bar.append(confirm, h('button', { onclick: () => { this.row = null; this.render(); } }, 'Back'));
  }
}
