// A finished (or running) game from the HTTP API, step by step: back and forth
// through the actions (the buttons, the slider, ← → and Home/End, or a click in
// the list, which follows the current action), from either side of the board,
// and the record to download. Each position is a room state from room_state.js,
// drawn by the game's module.
import { h, s, scrollIntoList } from './ui.js';
import { gameModule, variantLabel, resultText } from './games/index.js';
import { replayState, choices } from './room_state.js';

/** The step buttons' icons (16×16, in the text's colour): Chromium's fonts lack ⏮ and ⏭. */
const ICONS = {
  first: 'M2 2h2.5v12H2z M14 2v12L5 8z',
  previous: 'M12 2v12L3 8z',
  next: 'M4 2v12l9-6z',
  last: 'M11.5 2H14v12h-2.5z M2 2v12l9-6z',
};

function stepIcon(name) {
  return s('svg', { class: 'icon', viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true' },
    s('path', { d: ICONS[name], fill: 'currentColor' }));
}

/**
 * The position a key goes to, or null when the key does not step: ← and → one
 * action back and forth, Home and End to the start and the end.
 * @param {string} key KeyboardEvent.key
 * @param {number} index the position shown
 * @param {number} last the last position
 * @returns {number|null}
 */
export function keyTarget(key, index, last) {
  if (key === 'ArrowLeft') return Math.max(0, index - 1);
  if (key === 'ArrowRight') return Math.min(last, index + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/** Whether a key pressed in `element` is its own: text fields, selects and the slider keep their arrows. */
export function ownsKeys(element) {
  if (!element || !element.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable === true;
}

export class ReplayView {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.index = 0;
    this.flipped = false;  // drawn from Black's side
    root.replaceChildren(h('p', { class: 'hint' }, 'Loading the game…'));
    this.load();
  }

  async load() {
    const response = await fetch(`/api/games/${encodeURIComponent(this.id)}`);
    if (!response.ok) {
      this.root.replaceChildren(h('p', {}, 'There is no such game. ', h('a', { href: '/' }, 'Back to the lobby')));
      return;
    }
    this.game = await response.json();
    this.module = gameModule(this.game.options.game);
    this.actions = choices(this.game.steps);  // one per position after the start
    this.board = this.module.createBoard({ onAction: () => {} });
    this.last = this.game.positions.length - 1;
    this.index = this.last;
    this.build();
    this.show();
    document.addEventListener('keydown', (event) => this.key(event));
  }

  go(index) {
    this.index = Math.max(0, Math.min(index, this.last));
    this.show();
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target)) return;
    const target = keyTarget(event.key, this.index, this.last);
    if (target === null) return;
    event.preventDefault();
    this.go(target);
  }

  flip() {
    this.flipped = !this.flipped;
    this.flipButton.setAttribute('aria-pressed', String(this.flipped));
    this.show();
  }

  /** Why a game has no result. */
  unfinished() {
    const { status, reason } = this.game;
    if (status !== 'cancelled') return 'The game is still being played.';
    // aborted by a player, by the server (no first move) or by a moderator: the API does not say which
    return reason === 'aborted' ? 'The game was aborted: it has no result.' : 'The room was cancelled: no game was played.';
  }

  /** The page, once: show() then changes only what a step changes. */
  build() {
    const g = this.game;
    const room = replayState(g, 0);
    const step = (name, index) => h('button', { type: 'button', id: name, 'aria-label': name, onclick: () => this.go(index()) }, stepIcon(name));
    this.range = h('input', { type: 'range', min: 0, max: this.last, value: this.index, 'aria-label': 'position', oninput: (e) => this.go(Number(e.target.value)) });
    const controls = h('div', { class: 'replay-controls' },
      step('first', () => 0),
      step('previous', () => this.index - 1),
      this.range,
      step('next', () => this.index + 1),
      step('last', () => this.last));
    this.flipButton = h('button', { type: 'button', id: 'flip-board', 'aria-pressed': 'false', onclick: () => this.flip() }, 'Flip board');
    this.items = this.actions.map((action, i) => h('li', {},
      h('a', { href: '#', onclick: (e) => { e.preventDefault(); this.go(i + 1); } }, `${action.player[0].toUpperCase()} ${action.action}`)));
    this.position = h('p', { id: 'position', 'aria-live': 'polite' });
    this.list = h('div', { class: 'panel moves' }, h('h2', {}, 'Actions'), h('ol', { id: 'actions' }, this.items));
    const { white, black } = room.seats;
    const names = `${white ? white.name : '?'} – ${black ? black.name : '?'}`;
    this.root.replaceChildren(h('div', { class: 'game' },
      h('div', { class: 'board-wrap' }, this.board.svg),
      h('aside', { class: 'side' },
        h('div', { class: 'panel' }, h('h2', {}, `${variantLabel(room.options)}: ${names}`),
          this.position,
          room.result ? h('p', {}, `${g.result}: ${resultText(room.result, this.module)}`) : h('p', { class: 'hint' }, this.unfinished()),
          controls,
          h('p', { class: 'replay-tools' }, this.flipButton,
            h('a', { href: `/api/games/${this.id}/record`, download: '' }, 'Download the record'))),
        this.list)));
  }

  /** The position at this.index: the board, the words, the slider and the list's current action. */
  show() {
    const room = replayState(this.game, this.index);
    this.board.update({ state: room.position, moves: null, flip: this.flipped });
    this.position.textContent = `Position ${this.index} of ${this.last}`;
    this.range.value = String(this.index);
    this.items.forEach((item, i) => {
      const current = i + 1 === this.index;
      item.classList.toggle('current', current);
      if (current) item.setAttribute('aria-current', 'step');
      else item.removeAttribute('aria-current');
    });
    if (this.index > 0) scrollIntoList(this.items[this.index - 1], this.list);
    else this.list.scrollTop = 0;
  }
}
