// The analysis board's computer (#44): "Evaluate" asks `POST
// /api/analysis/eval` for the position shown (one evaluation at a time: the
// server takes one per address), the verdict and the best line in words, and
// "Add the line to the tree" for that position's best line. The answers are
// kept per position, and the refusals that hold for it (`playing`,
// `game_over`); the passing ones (busy, too many, no answer) are shown once.
import { h, colorName } from './ui.js';
import { postJson } from './api.js';
import { LruCache } from './lru_cache.js';

/** How many positions' evaluations the page keeps. */
export const KEEP_EVALUATIONS = 300;

/**
 * The computer's view in words: `verdict` ("+35 for White", "White wins in 5
 * plies", "Even"), `line` (the best line), `detail` (how deep it looked).
 * @param {{score: number, win: string|null, win_in: number|null, line: string[], nodes: number, depth: number}} answer
 */
export function evaluationWords(answer) {
  const { score, win, win_in: winIn, line, nodes, depth } = answer;
  let verdict;
  if (win === 'white' || win === 'black') {
    verdict = Number.isInteger(winIn) ? `${colorName(win)} wins in ${winIn} ${winIn === 1 ? 'ply' : 'plies'}` : `${colorName(win)} wins`;
  } else if (!score) {
    verdict = 'Even (0)';
  } else {
    verdict = `+${Math.abs(score)} for ${score > 0 ? 'White' : 'Black'}`;
  }
  return {
    verdict,
    line: Array.isArray(line) && line.length ? `Best line: ${line.join(' ')}` : 'No line.',
    detail: [Number.isInteger(depth) ? `depth ${depth}` : null, Number.isInteger(nodes) ? `${nodes.toLocaleString('en')} positions` : null].filter(Boolean).join(', '),
  };
}

/** Why the computer gave no evaluation, in words (the server's code, and its message for the rest). */
export function evaluationRefusal(code, message) {
  switch (code) {
    case 'playing': return 'No computer help while you have a game being played: evaluate once your games have ended.';
    case 'game_over': return 'The game is over in this position: there is nothing to evaluate.';
    case 'busy': return 'The computer is busy: try again in a moment.';
    case 'rate_limited': return `Too many evaluations for now. ${message || ''}`.trim();
    case 'network': return message;
    default: return message || 'The position could not be evaluated.';
  }
}

/** Whether a refusal holds for its position (kept with it) rather than for the moment (shown once). */
export function keepsRefusal(code) {
  return code === 'playing' || code === 'game_over';
}

export class ComputerPanel {
  /** @param {{onAddLine: (line: string[], position: string) => void}} hooks the best line, for the position it is for */
  constructor({ onAddLine }) {
    this.onAddLine = onAddLine;
    /** @type {LruCache} by position: {answer} or {error: {code, message}} */
    this.evaluations = new LruCache(KEEP_EVALUATIONS);
    this.passing = null;     // {position, error}: a refusal shown once
    this.thinking = null;    // the position being evaluated
    this.position = null;    // the position shown (null: not known yet)
    this.canMove = false;    // whether anyone is to move there
    this.bestLine = null;    // {position, line}: what "Add the line" adds
    this.button = h('button', { type: 'button', id: 'analysis-eval', class: 'primary', onclick: () => this.evaluate() }, 'Evaluate');
    this.view = h('div', { id: 'analysis-evaluation', role: 'status', 'aria-live': 'polite' });
    this.addLineButton = h('button', { type: 'button', id: 'analysis-add-line', hidden: true, onclick: () => this.addBestLine() }, 'Add the line to the tree');
    this.element = h('div', { class: 'panel analysis-computer' }, h('h2', {}, 'The computer'),
      h('p', { class: 'replay-tools' }, this.button, this.addLineButton), this.view);
  }

  /** The position shown (null while its answer is awaited) and whether anyone is to move there. */
  show(position, canMove) {
    if (this.passing && this.passing.position !== position) this.passing = null;
    this.position = position;
    this.canMove = !!position && canMove;
    this.render();
  }

  async evaluate() {
    const { position } = this;
    if (!position || this.thinking) return;
    this.thinking = position;
    this.render();
    try {
      const answer = await postJson('/api/analysis/eval', { position });
      this.evaluations.set(position, { answer });
    } catch (error) {
      const refusal = { error: { code: error.code, message: evaluationRefusal(error.code, error.message) } };
      if (keepsRefusal(error.code)) this.evaluations.set(position, refusal);
      else this.passing = { position, ...refusal };
    }
    this.thinking = null;
    this.render();
  }

  addBestLine() {
    if (this.bestLine) this.onAddLine(this.bestLine.line, this.bestLine.position);
  }

  render() {
    const { position, view } = this;
    this.button.disabled = !this.canMove || this.thinking !== null;
    this.button.title = this.thinking && this.thinking !== position ? 'The computer is evaluating another position' : '';
    this.addLineButton.hidden = true;
    this.bestLine = null;
    const known = !position ? null
      : this.passing && this.passing.position === position ? this.passing : this.evaluations.get(position);
    if (position && this.thinking === position) {
      view.dataset.state = 'thinking';
      delete view.dataset.code;
      view.replaceChildren(h('p', { class: 'hint' }, 'The computer is thinking…'));
    } else if (!known) {
      delete view.dataset.state;
      delete view.dataset.code;
      view.replaceChildren();
    } else if (known.error) {
      view.dataset.state = 'refused';
      view.dataset.code = known.error.code;
      view.replaceChildren(h('p', { class: 'refusal' }, known.error.message));
    } else {
      const words = evaluationWords(known.answer);
      view.dataset.state = 'done';
      delete view.dataset.code;
      view.replaceChildren(
        h('p', { class: 'verdict', id: 'analysis-verdict' }, words.verdict),
        h('p', { class: 'best-line', id: 'analysis-best-line' }, words.line),
        words.detail ? h('p', { class: 'hint' }, words.detail) : null);
      const line = Array.isArray(known.answer.line) ? known.answer.line : [];
      if (line.length) {
        this.bestLine = { position, line };
        this.addLineButton.hidden = false;
      }
    }
  }
}
