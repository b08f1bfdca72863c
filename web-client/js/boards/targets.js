// The choices on a board as buttons, shared by both boards. Each choice is an
// SVG group (role button) with its visible mark and an invisible hit circle at
// least 44 CSS pixels across, so that a finger can take it on a phone. Hit
// circles of neighbours overlap on a small screen, so a tap is not given to the
// element under it but to the nearest choice whose hit circle holds it.
//
// The keyboard uses roving focus: one Tab enters the board (one choice is in
// the tab order), the arrow keys move to the nearest choice in that direction,
// Enter or Space chooses, Escape goes back. A redraw keeps the focus on the same
// choice (or the nearest one), so that the board can be played without a mouse.
import { s } from '../ui.js';

/** The smallest touch target, in CSS pixels. */
export const MIN_TARGET_PX = 44;

/**
 * The target to go to from `from` with an arrow key: the nearest one whose
 * direction is within 60° of the key's, straight ahead preferred.
 * @param {{x: number, y: number}} from
 * @param {{x: number, y: number}[]} targets
 * @param {'ArrowLeft'|'ArrowRight'|'ArrowUp'|'ArrowDown'} key
 * @returns {number} the index in `targets`, -1 when none lies that way
 */
export function nextInDirection(from, targets, key) {
  const [ux, uy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  let best = -1, bestScore = Infinity;
  targets.forEach((t, i) => {
    const dx = t.x - from.x, dy = t.y - from.y;
    const along = dx * ux + dy * uy;
    const across = Math.abs(dx * uy - dy * ux);
    if (along <= 0.5 || across > along * Math.sqrt(3)) return;  // behind, or more than 60° off
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = i; }
  });
  return best;
}

/** The index of the target nearest to `at` (-1 when there is none). */
export function nearest(at, targets) {
  let best = -1, bestDistance = Infinity;
  targets.forEach((t, i) => {
    const d = Math.hypot(t.x - at.x, t.y - at.y);
    if (d < bestDistance) { bestDistance = d; best = i; }
  });
  return best;
}

export class Targets {
  /**
   * @param {SVGSVGElement} svg the board (sized by its viewBox)
   * @param {() => boolean} back what Escape does (cancel the last selection): whether there was one
   */
  constructor(svg, back) {
    this.svg = svg;
    this.back = back;
    this.list = [];        // {key, x, y, element, activate, hit}
    this.activeKey = null; // the choice in the tab order
    this.activeAt = null;  // where it was, to find the nearest one after a redraw
    this.hadFocus = false;
    svg.setAttribute('tabindex', '-1');  // keeps the focus in the board while it has no choice
    svg.addEventListener('click', (event) => this.onClick(event));
    svg.addEventListener('keydown', (event) => this.onKey(event));
    svg.addEventListener('focusin', (event) => this.onFocus(event));
    this.lastScale = 0;
    if (typeof ResizeObserver !== 'undefined') {
      // the hit circles are sized in screen pixels: redraw when the board is resized
      new ResizeObserver(() => { if (Math.abs(this.scale() - this.lastScale) > 0.02 && this.redraw) this.redraw(); }).observe(svg);
    }
  }

  /**
   * How many CSS pixels one user unit is drawn as: the smaller of the two
   * ratios, since the board keeps its shape inside a box that the window's
   * height may have made flatter than the board (it is then letterboxed).
   */
  scale() {
    const { width, height } = this.svg.getBoundingClientRect();
    const box = this.svg.viewBox.baseVal;
    if (!(width > 0 && height > 0) || !box || !box.width || !box.height) return 1;
    return Math.min(width / box.width, height / box.height);
  }

  /** Called before the board is cleared: remembers whether the focus was in it. */
  begin() {
    const active = document.activeElement;
    this.hadFocus = !!active && this.svg.contains(active);
    this.list = [];
    this.lastScale = this.scale();
  }

  /**
   * Adds a choice: `key` names it across redraws, (x, y) is its centre,
   * `mark` its visible drawing, `label` its words for a screen reader.
   */
  add({ key, x, y, label, mark, activate }) {
    const hit = Math.max(MIN_TARGET_PX / 2 / this.lastScale + 0.5, Number(mark.getAttribute('r')) || 0);
    const element = s('g', { class: 'target', role: 'button', 'aria-label': label, 'data-choice': '', 'data-key': key,
      'data-cell': mark.getAttribute('data-cell'), tabindex: '-1' },
    s('circle', { class: 'hit', cx: x, cy: y, r: hit }),
    mark,
    s('circle', { class: 'focus-ring', cx: x, cy: y, r: Math.max(Number(mark.getAttribute('r')) || 0, 12) + 4 }));
    this.list.push({ key, x, y, element, activate, hit });
    this.svg.append(element);
    return element;
  }

  /** Called after the choices were added: one of them in the tab order, the focus kept. */
  finish() {
    if (!this.list.length) {
      if (this.hadFocus) this.svg.focus({ preventScroll: true });
      return;
    }
    let index = this.list.findIndex((t) => t.key === this.activeKey);
    if (index < 0 && this.activeAt) {
      // after a selection, go on to the next choice rather than to "cancel the selection"
      const onward = this.list.filter((t) => !t.key.startsWith('selected:'));
      index = this.list.indexOf(onward[nearest(this.activeAt, onward)] || this.list[nearest(this.activeAt, this.list)]);
    }
    if (index < 0) index = 0;
    this.setActive(index, this.hadFocus);
  }

  setActive(index, focus) {
    const target = this.list[index];
    for (const t of this.list) t.element.setAttribute('tabindex', t === target ? '0' : '-1');
    this.activeKey = target.key;
    this.activeAt = { x: target.x, y: target.y };
    if (focus) target.element.focus({ preventScroll: true });
  }

  onFocus(event) {
    const index = this.list.findIndex((t) => t.element === event.target);
    if (index >= 0 && this.list[index].key !== this.activeKey) this.setActive(index, false);
  }

  onClick(event) {
    if (!this.list.length) return;
    if (event.detail === 0) {
      // a click without a pointer (assistive technology "pressing" the button): the element says which
      const chosen = this.list.find((t) => t.element.contains(event.target));
      if (chosen) { event.stopPropagation(); chosen.activate(); }
      return;
    }
    const point = this.toBoard(event.clientX, event.clientY);
    const index = nearest(point, this.list);
    const target = this.list[index];
    if (!target || Math.hypot(target.x - point.x, target.y - point.y) > target.hit) return;
    event.stopPropagation();
    this.activeKey = target.key;
    this.activeAt = { x: target.x, y: target.y };
    target.activate();
  }

  onKey(event) {
    const index = this.list.findIndex((t) => t.element === document.activeElement);
    if (event.key === 'Escape') {
      if (this.back()) event.preventDefault();  // else the page's Escape (back to live)
      return;
    }
    if (index < 0) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      // a held key repeats: it must not choose a ring, then its destination, then send the move
      if (!event.repeat) this.list[index].activate();
      return;
    }
    if (!event.key.startsWith('Arrow')) return;
    event.preventDefault();
    event.stopPropagation();  // the page's own arrows step through the moves
    const next = nextInDirection(this.list[index], this.list, event.key);
    if (next >= 0) this.setActive(next, true);
  }

  /** A point of the window in the board's user units. */
  toBoard(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return { x: NaN, y: NaN };
    const inverse = matrix.inverse();
    return { x: inverse.a * clientX + inverse.c * clientY + inverse.e, y: inverse.b * clientX + inverse.d * clientY + inverse.f };
  }
}
