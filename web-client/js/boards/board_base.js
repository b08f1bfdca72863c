// What both boards share: the SVG and its action bar, the choices as touch-
// and keyboard-friendly targets (targets.js), the marks of the last turn, the
// rows a removal waits for (shown to everyone, not only to the player who
// removes), and the confirmation step (always when the player asked for it;
// for GIPF pushes on a small screen, where a finger easily takes the neighbour).
// A board module extends it with its geometry, its pieces and its choices.
import { s, h } from '../ui.js';
import { Targets } from './targets.js';
import { turnMarks } from './last_turn.js';

/** Whether the screen is a phone's: pushes then ask for a confirmation. */
// How long a new piece pops in and a removed one fades (app.css: .fresh, .ghost).
const FRESH_MS = 350;
const GHOST_MS = 3000;

export const smallScreen = () => typeof matchMedia === 'function' && matchMedia('(max-width: 600px)').matches;

export class BoardBase {
  /**
   * @param {{onAction: (action: string) => void}} handlers
   * @param {{viewBox: string, label: string}} shape
   */
  constructor({ onAction }, { viewBox, label }) {
    this.onAction = onAction;
    // a group, not an image: it holds buttons (axe: nested-interactive)
    this.svg = s('svg', { class: 'board', viewBox, role: 'group', 'aria-label': label });
    this.bar = h('div', { class: 'actionbar', 'aria-live': 'polite' });
    this.targets = new Targets(this.svg, () => this.back());
    this.targets.redraw = () => { if (this.state) this.render(); };
    this.state = null;
    this.legal = null;     // the moves as they came
    this.moves = null;     // ... with what their notation says
    this.flip = false;
    this.last = null;      // the last turn (last_turn.js)
    this.rows = null;      // the rows a removal waits for, when the decision is not ours
    this.confirm = false;  // the player wants to confirm every move
    this.proposed = null;  // {action, cells, label}: a move waiting for its confirmation
    this.previous = {};
  }

  /**
   * @param {{state: object, moves: object[]|null, flip: boolean, last?: object|null, rows?: string[][]|null, confirm?: boolean}} view
   */
  update({ state, moves, flip, last = null, rows = null, confirm = false }) {
    if (this.state && this.state.board !== state.board) this.previous = this.state.board;
    // the room keeps the same list while the position stays (room_state.js): a
    // selection or a move awaiting confirmation survives a draw offer
    if (this.legal !== moves) {
      this.resetSelection();
      this.proposed = null;
      this.legal = moves;
      this.moves = moves && moves.map((move) => this.withNotation(move));
    }
    Object.assign(this, { state, flip, last, rows, confirm });
    this.render();
  }

  /**
   * Whether the piece `code` at `name` is new in this position and still
   * popping in; then `{class: ' fresh', style}` to draw it with, the
   * animation resumed where it is.
   */
  fresh(name, code) {
    if (this.sinceDrawn >= FRESH_MS || this.previous[name] === code) return { class: '', style: null };
    return { class: ' fresh', style: `animation-delay: ${-Math.round(this.sinceDrawn)}ms` };
  }

  render() {
    // A position's changes pop in (and what it removed fades) from when it
    // was first drawn: a redraw of the same position (the legal moves coming,
    // a selection, a resize) goes on with the animation where it is, never
    // from its start again (#43).
    const now = typeof performance === 'undefined' ? Date.now() : performance.now();
    if (this.drawnBoard !== this.state.board) [this.drawnBoard, this.drawnAt] = [this.state.board, now];
    this.sinceDrawn = now - this.drawnAt;
    this.targets.begin();
    this.svg.replaceChildren();
    this.svg.setAttribute('data-hash', this.state.hash);
    this.svg.classList.toggle('flipped', this.flip);
    this.drawBoard();
    for (const [name, code] of Object.entries(this.state.board)) this.svg.append(this.piece(this.cell(name), code));
    this.drawLastTurn();
    this.drawPendingRows();
    this.bar.replaceChildren();
    if (this.moves) {
      if (this.proposed) this.renderProposal();
      else this.renderChoices();
    }
    this.targets.finish();
  }

  /** Escape and "Back": drop the move waiting for confirmation, else the last selection; whether there was one. */
  back() {
    if (!this.moves) return false;
    if (this.proposed) this.proposed = null;
    else if (!this.resetSelection()) return false;
    this.render();
    return true;
  }

  /** A complete action: sent now, or first shown with Confirm / Back. */
  choose(action, cells, label, { push = false } = {}) {
    if (this.confirm || (push && smallScreen())) {
      this.proposed = { action, cells, label };
      this.render();
      return;
    }
    this.onAction(action);
  }

  renderProposal() {
    const { action, cells, label } = this.proposed;
    this.outline(cells, 'selected');
    this.bar.append(
      h('span', { class: 'proposal', id: 'proposal' }, `${label[0].toUpperCase()}${label.slice(1)}?`),
      h('button', { class: 'primary', id: 'confirm-move', 'data-choice': '', 'data-key': 'confirm-move', onclick: () => this.onAction(action) }, 'Confirm'),
      h('button', { id: 'cancel-move', 'data-key': 'cancel-move', onclick: () => this.back() }, 'Back'));
  }

  xy(cell) { throw new Error(`xy(${cell}) is the board's own`); }

  /** A choice on point `name`: its visible mark (class `cls`, radius `radius`) inside a hit area. */
  target(name, label, activate, cls = 'choice', radius = 14, key = `${cls}:${name}`) {
    const p = this.xy(this.cell(name));
    const mark = s('circle', { class: cls, cx: p.x, cy: p.y, r: radius, 'data-cell': name });
    this.targets.add({ key, x: p.x, y: p.y, label, mark, activate });
  }

  outline(names, cls, radius = this.outlineRadius) {
    for (const name of names) {
      const p = this.xy(this.cell(name));
      this.svg.append(s('circle', { class: cls, cx: p.x, cy: p.y, r: radius, 'data-cell': name }));
    }
  }

  /** The last turn: arrows, where it went from and to, what changed, ghosts of what it removed. */
  drawLastTurn() {
    const marks = turnMarks(this.last, this.state.board, this.notation);
    if (!marks) return;
    const group = s('g', { class: 'last-move', 'data-actions': this.last.steps.map((step) => step.action).join(';') });
    for (const [name, code] of marks.ghosts) {
      const ghost = this.piece(this.cell(name), code);
      ghost.setAttribute('class', this.sinceDrawn < GHOST_MS ? 'ghost' : 'ghost settled');
      if (this.sinceDrawn < GHOST_MS) ghost.style.animationDelay = `${-Math.round(this.sinceDrawn)}ms`;
      group.append(ghost);
    }
    for (const [from, to] of marks.lines) {
      const a = this.xy(this.cell(from)), b = this.xy(this.cell(to));
      group.append(s('line', { class: 'last-arrow', x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
    }
    const ring = (names, cls, r) => {
      for (const name of names) {
        const p = this.xy(this.cell(name));
        group.append(s('circle', { class: cls, cx: p.x, cy: p.y, r, 'data-cell': name }));
      }
    };
    ring(marks.from, 'last-from', this.outlineRadius);
    ring(marks.to, 'last-to', this.outlineRadius);
    ring(marks.changed, 'last-changed', this.outlineRadius - 3);
    this.svg.append(group);
  }

  /** The rows a removal waits for, to the players who do not decide it and to spectators. */
  drawPendingRows() {
    if (this.moves || !this.rows) return;
    for (const row of this.rows) {
      const group = s('g', { class: 'pending-row', 'data-row': row.join(',') });
      for (const name of row) {
        const p = this.xy(this.cell(name));
        group.append(s('circle', { class: 'row-waiting', cx: p.x, cy: p.y, r: this.outlineRadius, 'data-cell': name }));
      }
      this.svg.append(group);
    }
  }
}
