// The YINSH board in SVG: 85 points and their lines, rings and markers, and the
// choices the server's legal moves allow: a point for a ring; a ring, then one
// of its destinations; a row of five; a ring to remove.
import { s, h, clickable } from '../ui.js';
import { pixel, AXES, letter } from './hex.js';

const SIZE = 34;

export const POINTS = (() => {
  const points = [];
  for (let column = 0; column < 11; column++) {
    for (let n = 1; n <= 11; n++) {
      const q = column - 5, r = n - 6;
      const distance = Math.max(Math.abs(q), Math.abs(r), Math.abs(q - r));
      const corner = distance === 5 && (q === 0 || r === 0 || q === r);
      if (distance <= 5 && !corner) points.push({ name: letter(column) + n, q, r, column, n });
    }
  }
  return points;
})();
const BY_KEY = new Map(POINTS.map((p) => [`${p.q},${p.r}`, p]));
const BY_NAME = new Map(POINTS.map((p) => [p.name, p]));

const word = (code) => `${code.toLowerCase() === 'w' ? 'white' : 'black'} ${code === code.toUpperCase() ? 'ring' : 'marker'}`;

/** A ring's move is `from-to` in its notation; the server sends only the flips. */
function withNotation(move) {
  if (move.kind !== 'move') return move;
  const [from, to] = move.action.split('-');
  return { ...move, from, to };
}

export class YinshBoard {
  constructor({ onAction }) {
    this.onAction = onAction;
    this.svg = s('svg', { class: 'board', viewBox: '-190 -200 380 400', role: 'img', 'aria-label': 'YINSH board' });
    this.bar = h('div', { class: 'actionbar', 'aria-live': 'polite' });
    this.state = null;
    this.legal = null;      // the moves as they came
    this.moves = null;      // ... with what their notation says
    this.flip = false;
    this.previous = {};
    this.ring = null;  // the ring chosen to move
  }

  update({ state, moves, flip }) {
    if (this.state && this.state.board !== state.board) this.previous = this.state.board;
    if (this.legal !== moves) {
      this.ring = null;
      this.legal = moves;
      this.moves = moves && moves.map(withNotation);
    }
    this.state = state;
    this.flip = flip;
    this.render();
  }

  xy(point) { return pixel(point.q, point.r, SIZE, this.flip); }

  render() {
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute('data-hash', this.state.hash);
    for (const p of POINTS) {
      for (const [dq, dr] of AXES) {
        const next = BY_KEY.get(`${p.q + dq},${p.r + dr}`);
        if (!next) continue;
        const a = this.xy(p), b = this.xy(next);
        svg.append(s('line', { class: 'line', x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
      }
    }
    // coordinates: letters under the columns, numbers left of each number's line
    const columnsDone = new Set(), numbersDone = new Set();
    for (const p of POINTS) {
      if (!columnsDone.has(p.column)) {
        columnsDone.add(p.column);
        const at = pixel(p.q, p.r - 0.75, SIZE, this.flip);
        svg.append(s('text', { class: 'label', x: at.x, y: at.y }, letter(p.column)));
      }
    }
    for (const p of [...POINTS].sort((a, b) => a.q - b.q)) {
      if (numbersDone.has(p.n)) continue;
      numbersDone.add(p.n);
      const at = pixel(p.q - 0.8, p.r, SIZE, this.flip);  // one step out along the number line
      svg.append(s('text', { class: 'label', x: at.x, y: at.y }, p.n));
    }
    for (const p of POINTS) {
      const code = this.state.board[p.name];
      if (code) svg.append(this.piece(p, code));
    }
    this.renderChoices();
  }

  piece(point, code) {
    const p = this.xy(point);
    const white = code.toLowerCase() === 'w';
    const ring = code === code.toUpperCase();
    const fresh = this.previous[point.name] !== code ? ' fresh' : '';
    const group = s('g', { class: `piece${fresh}`, 'data-cell': point.name, 'data-piece': code });
    group.append(s('title', {}, `${point.name}: ${word(code)}`));
    if (ring) {
      if (white) group.append(s('circle', { class: 'ring-white-edge', cx: p.x, cy: p.y, r: 13 }));
      group.append(s('circle', { class: white ? 'ring-white' : 'ring-black', cx: p.x, cy: p.y, r: 13 }));
      if (!white) group.append(s('circle', { class: 'mark-black', cx: p.x, cy: p.y, r: 13 }));
    } else {
      group.append(s('circle', { class: white ? 'piece-white' : 'piece-black', cx: p.x, cy: p.y, r: 10 }));
      group.append(white ? s('circle', { class: 'mark-white', cx: p.x, cy: p.y, r: 3 })
                         : s('circle', { class: 'mark-black', cx: p.x, cy: p.y, r: 5.5 }));
    }
    return group;
  }

  target(name, label, activate, cls = 'choice', radius = 14) {
    const p = this.xy(BY_NAME.get(name));
    this.svg.append(clickable(s('circle', { class: cls, cx: p.x, cy: p.y, r: radius, 'data-cell': name }), label, activate));
  }

  outline(names, cls) {
    for (const name of names) {
      const p = this.xy(BY_NAME.get(name));
      this.svg.append(s('circle', { class: cls, cx: p.x, cy: p.y, r: 16 }));
    }
  }

  renderChoices() {
    this.bar.replaceChildren();
    if (!this.moves) return;
    for (const m of this.moves) {
      if (m.kind === 'place') this.target(m.point, `place a ring on ${m.point}`, () => this.onAction(m.action), 'choice', 8);
      if (m.kind === 'remove-ring') this.target(m.point, `remove your ring on ${m.point}`, () => this.onAction(m.action));
      if (m.kind === 'pass') this.bar.append(h('button', { class: 'primary', 'data-choice': '', onclick: () => this.onAction(m.action) }, 'Pass'));
    }
    const rows = this.moves.filter((m) => m.kind === 'remove-row');
    for (const m of rows) {
      this.outline(m.cells, 'row');
      const label = `Remove ${m.cells[0]}–${m.cells[4]}`;
      const button = h('button', { class: 'primary', 'data-choice': '', onclick: () => this.onAction(m.action) }, label);
      button.addEventListener('mouseenter', () => this.outline(m.cells, 'selected'));
      button.addEventListener('mouseleave', () => this.render());
      this.bar.append(button);
    }
    for (const name of new Set(rows.flatMap((m) => m.cells))) {
      const containing = rows.filter((m) => m.cells.includes(name));
      if (containing.length === 1) this.target(name, `remove the row ${containing[0].cells[0]} to ${containing[0].cells[4]}`, () => this.onAction(containing[0].action), 'choice', 10);
    }
    const moves = this.moves.filter((m) => m.kind === 'move');
    if (this.ring) {
      this.target(this.ring, `cancel moving the ring on ${this.ring}`, () => { this.ring = null; this.render(); }, 'selected');
      for (const m of moves.filter((x) => x.from === this.ring)) {
        this.outline(m.flips, 'path');
        this.target(m.to, `move the ring from ${m.from} to ${m.to}`, () => this.onAction(m.action), 'choice', 9);
      }
      return;
    }
    for (const from of new Set(moves.map((m) => m.from)))
      this.target(from, `move the ring on ${from}`, () => { this.ring = from; this.render(); });
  }
}
