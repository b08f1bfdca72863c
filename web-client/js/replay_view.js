// A finished (or running) game from the HTTP API, step by step: back and forth
// through the actions (the buttons, the slider, ← → and Home/End, or a click on
// a move in the list, which follows the current move), from either side of the
// board, the last turn marked as in a live game, and the record to download.
// The moves are numbered as the record numbers them (RULES.md §4.3); the
// address says the position shown (?replay=ID&ply=N, kept up to date with
// history.replaceState) and "Copy link" copies it. Each position is a room
// state from room_state.js, drawn by the game's module.
import { h, scrollIntoList, ownsKeys, stepIcon, copyWithFallback, debounce } from './ui.js';
import { gameModule, variantLabel, resultText } from './games/index.js';
import { replayState } from './room_state.js';
import { Positions, turnSpans, turnBefore } from './positions.js';
import { analyseHere } from './analysis_store.js';

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

/**
 * The index into `positions` ([{ply}], in order) a `?ply=N` asks for: the
 * position at ply N, else the last one before it (a forced action has no
 * position of its own); the last position when N is not a number.
 * @param {{ply: number}[]} positions
 * @param {string|null} wanted
 * @returns {number}
 */
export function indexOfPly(positions, wanted) {
  const last = positions.length - 1;
  if (wanted === null || wanted === undefined || !/^\d+$/.test(String(wanted).trim())) return last;
  const ply = Number(wanted);
  let index = 0;
  positions.forEach((position, i) => { if (position.ply <= ply) index = i; });
  return index;
}

/**
 * The position at `ply` in words, with the record's move numbers (RULES.md
 * §4.3, the game module's moveNumber): "the start", "after move 12 (White):
 * e1-e4" or, inside a turn, "move 12 (White) under way: e1-e4".
 * @param {import('./games/index.js').GameModule} game
 * @param {{turn: number, steps: {action: string, player: string}[]}|null} turn the turn that led there (positions.js turnBefore)
 * @param {boolean} complete whether the turn is over at that position
 */
export function positionWords(game, turn, complete) {
  if (!turn) return 'The start of the game';
  const who = turn.steps[0].player === 'white' ? 'White' : 'Black';
  const actions = turn.steps.map((step) => step.action).join(';');
  return complete ? `After move ${game.moveNumber(turn.turn)} (${who}): ${actions}`
    : `Move ${game.moveNumber(turn.turn)} (${who}) under way: ${actions}`;
}

// How a record brought in was written (#44).
const IMPORT_FORMATS = { arena: 'the arena\'s record', official: 'the official notation', sgf: 'boardspace.net' };

export class ReplayView {
  /**
   * `ply`: the position to open at (the address's `ply`), null for the end.
   * `imported`: a game brought in from elsewhere (#44: /api/imports/ID, ?imported=ID).
   */
  constructor(root, id, ply = null, imported = false) {
    this.root = root;
    this.id = id;
    this.api = imported ? '/api/imports' : '/api/games';
    this.param = imported ? 'imported' : 'replay';
    this.wantedPly = ply;
    this.index = 0;
    this.flipped = false;  // drawn from Black's side
    // the address follows the position shown, at most every 200 ms (the browsers refuse ~100 changes in 10 s)
    this.followAddress = debounce((url) => {
      try {
        history.replaceState(history.state, '', url);
      } catch { /* refused: the next one catches up */ }
    }, 200);
    root.replaceChildren(h('p', { class: 'hint' }, 'Loading the game…'));
    this.load();
  }

  async load() {
    const response = await fetch(`${this.api}/${encodeURIComponent(this.id)}`);
    if (!response.ok) {
      this.root.replaceChildren(h('p', {}, 'There is no such game. ', h('a', { href: '/' }, 'Back to the lobby')));
      return;
    }
    this.game = await response.json();
    this.module = gameModule(this.game.options.game);
    this.board = this.module.createBoard({ onAction: () => {} });
    this.known = new Positions();
    this.known.merge(this.game.positions);
    this.spans = turnSpans(this.game.steps);
    this.last = this.game.positions.length - 1;
    this.index = indexOfPly(this.game.positions, this.wantedPly);
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
    if (reason === 'abandoned') return 'The game was abandoned: nobody moved for days. It has no result.';
    return reason === 'aborted' ? 'The game was aborted: it has no result.' : 'The room was cancelled: no game was played.';
  }

  /** The address of the position shown: this page's, with `ply`. */
  link() {
    const url = new URL(location.href);
    url.searchParams.set(this.param, this.id);
    url.searchParams.set('ply', String(this.game.positions[this.index].ply));
    return url.href;
  }

  copyLink() {
    return copyWithFallback(this.link(), this.copied);
  }

  /** The index of the position after a turn (its last action's), or the nearest known before it. */
  indexAfter(span) {
    return indexOfPly(this.game.positions, String(span.end));
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
    this.copied = h('span', { class: 'hint', id: 'link-copied', role: 'status' });
    // a finished game goes to the analysis board at the position shown (#44); a live one never does
    this.analyseLink = g.status === 'finished'
      ? h('a', { id: 'analyse-here', href: '#', title: 'Try other moves from this position on the analysis board' }, 'Analyse from here')
      : null;
    const copy = h('button', { type: 'button', id: 'copy-link', title: 'Copy the address of this position', onclick: () => this.copyLink() }, 'Copy link');
    // the moves as the record numbers them: each turn a button to the position after it
    const ends = new Map(this.spans.map((span) => [span.turn, span]));
    this.turnButtons = new Map();
    const items = this.module.moveList(g.steps).map(({ number, turns }) => h('li', { value: number },
      turns.map(({ turn, text }) => {
        const button = h('button', { type: 'button', class: 'turn-link', 'data-turn': turn, 'data-ply': ends.get(turn).end,
          title: 'Show the position after this move', onclick: () => this.go(this.indexAfter(ends.get(turn))) }, text);
        this.turnButtons.set(turn, button);
        return button;
      })));
    this.position = h('p', { id: 'position', 'aria-live': 'polite' });
    this.list = h('div', { class: 'panel moves', role: 'region', 'aria-label': 'Moves' }, h('h2', {}, 'Moves'),
      items.length ? h('ol', { id: 'moves' }, items) : h('p', { class: 'hint' }, 'No moves.'));
    const { white, black } = room.seats;
    const names = `${white ? white.name : '?'} – ${black ? black.name : '?'}`;
    this.root.replaceChildren(h('div', { class: 'game replay' },
      h('div', { class: 'board-wrap' }, this.board.svg),
      h('aside', { class: 'side' },
        h('div', { class: 'panel' }, h('h2', {}, `${variantLabel(room.options)}: ${names}`),
          this.position,
          ...(g.import ? [h('p', { class: 'hint', id: 'imported' }, `Brought in from a record (${IMPORT_FORMATS[g.import.format] || g.import.format}): never rated.`)] : []),
          room.result ? h('p', {}, `${g.result}: ${resultText(room.result, this.module)}`) : h('p', { class: 'hint' }, this.unfinished()),
          controls,
          h('p', { class: 'replay-tools' }, this.flipButton, copy, this.analyseLink,
            h('a', { href: `${this.api}/${this.id}/record`, download: '' }, 'Download the record'),
            h('a', { href: `${this.api}/${this.id}/record?format=official`, download: '', title: 'the GIPF project\'s score sheet' }, 'official notation'),
            ...(this.module.boardspaceFiles(g.options)
              ? [h('a', { href: `${this.api}/${this.id}/record?format=sgf`, download: '', title: 'a game file for boardspace.net' }, 'boardspace SGF')]
              : []),
            h('a', { href: `/rules/${g.options.game}` }, `How to play ${this.module.title}`)),
          this.copied),
        this.list)));
  }

  /** The position at this.index: the board and its last turn, the words, the slider, the list's current move, the address. */
  show() {
    const { ply } = this.game.positions[this.index];
    const room = replayState(this.game, this.index);
    const turn = turnBefore(this.game.steps, ply, this.known);
    this.board.update({ state: room.position, moves: null, flip: this.flipped, last: turn });
    const span = turn && this.spans.find((s) => s.turn === turn.turn);
    const words = positionWords(this.module, turn, !!span && span.end <= ply);
    this.position.textContent = words;
    Object.assign(this.position.dataset, { index: String(this.index), last: String(this.last), ply: String(ply) });
    this.range.value = String(this.index);
    this.range.setAttribute('aria-valuetext', words);
    for (const [number, button] of this.turnButtons) {
      const current = !!turn && turn.turn === number;
      button.classList.toggle('current', current);
      if (current) button.setAttribute('aria-current', 'step');
      else button.removeAttribute('aria-current');
    }
    const current = turn && this.turnButtons.get(turn.turn);
    if (current) scrollIntoList(current, this.list);
    else this.list.scrollTop = 0;
    if (this.analyseLink) this.analyseLink.href = analyseHere(this.game.options, this.id, ply, this.param === 'imported');
    // the address follows the position shown, without a new history entry
    this.followAddress(this.link());
    this.copied.replaceChildren();
  }
}
