// The YINSH board in SVG: 85 points and their lines, rings and markers, and the
// choices the server's legal moves allow: a point for a ring; a ring, then one
// of its destinations; a row of five; a ring to remove. What both boards share
// is in board_base.js.
import { s, h } from '../ui.js';
import { pixel, AXES, letter } from './hex.js';
import { BoardBase } from './board_base.js';

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

/** The points strictly between two points of one line (none when they are not on one). */
export function between(from, to) {
  const a = BY_NAME.get(from), b = BY_NAME.get(to);
  if (!a || !b) return [];
  const dq = b.q - a.q, dr = b.r - a.r;
  const steps = Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq - dr));
  if (steps < 2 || (dq !== 0 && dr !== 0 && dq !== dr)) return [];
  const names = [];
  for (let i = 1; i < steps; i++) names.push(BY_KEY.get(`${a.q + (dq / steps) * i},${a.r + (dr / steps) * i}`).name);
  return names;
}

/**
 * What an action did, for the last turn's marks: a placement or a ring's move
 * (the markers it jumped are flipped); a row's and a ring's removal take the
 * remover's pieces, so even without the board before they can be drawn.
 */
export const notation = {
  moves(action) {
    if (action === 'pass' || action.startsWith('x')) return null;
    const [from, to] = action.split('-');
    return to ? { from, to } : { to: from };
  },
  implied({ action, player }, after) {
    const color = player === 'white' ? 'w' : 'b';
    if (!action.startsWith('x')) {
      const [from, to] = action.split('-');
      return { changed: to ? between(from, to).filter((name) => after[name]) : [], ghosts: [] };
    }
    const [from, to] = action.slice(1).split('-');
    if (!to) return { changed: [], ghosts: [[from, color.toUpperCase()]] };
    return { changed: [], ghosts: [from, ...between(from, to), to].map((name) => [name, color]) };
  },
};

export class YinshBoard extends BoardBase {
  constructor(handlers) {
    super(handlers, { viewBox: '-190 -200 380 400', label: 'YINSH board' });
    this.notation = notation;
    this.outlineRadius = 16;
    this.resetSelection();
  }

  /** Drops the ring chosen to move; whether there was one. */
  resetSelection() {
    const had = this.ring !== null && this.ring !== undefined;
    this.ring = null;
    return had;
  }

  /** A ring's move is `from-to` in its notation; the server sends only the flips. */
  withNotation(move) {
    if (move.kind !== 'move') return move;
    const [from, to] = move.action.split('-');
    return { ...move, from, to };
  }

  cell(name) { return BY_NAME.get(name); }
  xy(point) { return pixel(point.q, point.r, SIZE, this.flip); }

  drawBoard() {
    const svg = this.svg;
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
  }

  piece(point, code) {
    const p = this.xy(point);
    const white = code.toLowerCase() === 'w';
    const ring = code === code.toUpperCase();
    const fresh = this.fresh(point.name, code);
    const group = s('g', { class: `piece${fresh.class}`, style: fresh.style, 'data-cell': point.name, 'data-piece': code });
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

  renderChoices() {
    for (const m of this.moves) {
      if (m.kind === 'place') this.target(m.point, `place a ring on ${m.point}`, () => this.choose(m.action, [m.point], `place a ring on ${m.point}`), 'choice', 8);
      if (m.kind === 'remove-ring') this.target(m.point, `remove your ring on ${m.point}`, () => this.choose(m.action, [m.point], `remove the ring on ${m.point}`));
      if (m.kind === 'pass') this.bar.append(h('button', { class: 'primary', 'data-choice': '', 'data-key': 'pass', onclick: () => this.choose(m.action, [], 'pass') }, 'Pass'));
    }
    const rows = this.moves.filter((m) => m.kind === 'remove-row');
    for (const m of rows) {
      this.outline(m.cells, 'row');
      const label = `Remove ${m.cells[0]}–${m.cells[4]}`;
      const button = h('button', { class: 'primary', 'data-choice': '', 'data-key': `row:${m.action}`, onclick: () => this.choose(m.action, m.cells, label.toLowerCase()) }, label);
      button.addEventListener('mouseenter', () => this.outline(m.cells, 'selected'));
      button.addEventListener('mouseleave', () => this.render());
      this.bar.append(button);
    }
    for (const name of new Set(rows.flatMap((m) => m.cells))) {
      const containing = rows.filter((m) => m.cells.includes(name));
      const [only] = containing;
      const label = `remove the row ${only.cells[0]} to ${only.cells[4]}`;
      if (containing.length === 1) this.target(name, label, () => this.choose(only.action, only.cells, label), 'choice', 10);
    }
    const moves = this.moves.filter((m) => m.kind === 'move');
    if (this.ring) {
      this.target(this.ring, `cancel moving the ring on ${this.ring}`, () => this.back(), 'selected');
      for (const m of moves.filter((x) => x.from === this.ring)) {
        this.outline(m.flips, 'path');
        const label = `move the ring from ${m.from} to ${m.to}`;
        this.target(m.to, label, () => this.choose(m.action, [m.from, m.to, ...m.flips], label), 'choice', 9);
      }
      return;
    }
    for (const from of new Set(moves.map((m) => m.from)))
      this.target(from, `move the ring on ${from}`, () => { this.ring = from; this.render(); }, 'choice', 14, `ring:${from}`);
  }
}
