// A finished (or running) game from the HTTP API, step by step: back and forth
// through the actions, jump to any, download the record. Each position is a room
// state from room_state.js, drawn by the game's module.
import { h } from './ui.js';
import { gameModule, variantLabel, resultText } from './games/index.js';
import { replayState, choices } from './room_state.js';

export class ReplayView {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.index = 0;
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
    this.index = this.game.positions.length - 1;
    this.render();
  }

  go(index) {
    this.index = Math.max(0, Math.min(index, this.game.positions.length - 1));
    this.render();
  }

  /** Why a game has no result. */
  unfinished() {
    const { status, reason } = this.game;
    if (status !== 'cancelled') return 'The game is still being played.';
    // aborted by a player, by the server (no first move) or by a moderator: the API does not say which
    return reason === 'aborted' ? 'The game was aborted: it has no result.' : 'The room was cancelled: no game was played.';
  }

  render() {
    const g = this.game;
    const room = replayState(g, this.index);
    this.board.update({ state: room.position, moves: null, flip: false });
    const last = g.positions.length - 1;
    const range = h('input', { type: 'range', min: 0, max: last, value: this.index, 'aria-label': 'position', oninput: (e) => this.go(Number(e.target.value)) });
    const controls = h('div', { class: 'replay-controls' },
      h('button', { onclick: () => this.go(0), 'aria-label': 'first' }, '⏮'),
      h('button', { onclick: () => this.go(this.index - 1), 'aria-label': 'previous', id: 'previous' }, '◀'),
      range,
      h('button', { onclick: () => this.go(this.index + 1), 'aria-label': 'next', id: 'next' }, '▶'),
      h('button', { onclick: () => this.go(last), 'aria-label': 'last' }, '⏭'));
    const items = this.actions.map((step, i) => h('li', { class: i + 1 === this.index ? 'current' : '' },
      h('a', { href: '#', onclick: (e) => { e.preventDefault(); this.go(i + 1); } }, `${step.player[0].toUpperCase()} ${step.action}`)));
    const { white, black } = room.seats;
    const names = `${white ? white.name : '?'} – ${black ? black.name : '?'}`;
    this.root.replaceChildren(h('div', { class: 'game' },
      h('div', { class: 'board-wrap' }, this.board.svg),
      h('aside', { class: 'side' },
        h('div', { class: 'panel' }, h('h2', {}, `${variantLabel(room.options)}: ${names}`),
          h('p', { id: 'position' }, `Position ${this.index} of ${last}`),
          room.result ? h('p', {}, `${g.result}: ${resultText(room.result, this.module)}`) : h('p', { class: 'hint' }, this.unfinished()),
          controls,
          h('p', {}, h('a', { href: `/api/games/${this.id}/record`, download: '' }, 'Download the record'))),
        h('div', { class: 'panel moves' }, h('h2', {}, 'Actions'), h('ol', {}, items)))));
  }
}
