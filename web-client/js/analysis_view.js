// The analysis board (#44): /analysis/GAME[/VARIANT], both sides played by
// whoever looks, every line tried kept in a move tree (analysis_tree.js). It
// starts from the game's start, from a position (?position=TEXT, `_` for the
// spaces) or from a finished game (?game=ID or ?imported=ID, &ply=N: the
// game's moves are the main line, the page opens at the position at ply N);
// ?line= is the path to the position shown (kept up to date with
// history.replaceState, so a reload or a shared address opens there). The
// server knows the rules: each position's state and legal moves come from
// `POST /api/analysis` with the node's path as `line` (each answer kept per
// node), the computer's view from `POST /api/analysis/eval`, the tree as a
// boardspace.net file from `POST /api/analysis/sgf`. The tree survives a
// reload in localStorage, under the game's id or its start position. A live
// game is never analysed: its players could get help while it runs.
// /analysis alone lists the games to analyse.
import { h, s, colorName, scrollIntoList } from './ui.js';
import { games, gameModule, variantLabel, resultText } from './games/index.js';
import { ownsKeys, indexOfPly } from './replay_view.js';
import { choices } from './room_state.js';
import { postJson, getJson } from './api.js';
import {
  AnalysisTree, ROOT, lineParam, parseLine, positionParam, positionFromParam, treeKey, saveTree, loadTree, analysisPath,
} from './analysis_tree.js';

/**
 * The analysis page an address is for: null when it is none, `{game: null}`
 * for /analysis (the list of games), `{game, variant}` (the variant null when
 * the address names none), or `{unknown: true}` for a game or variant the
 * client does not know.
 * @param {string} path location.pathname
 */
export function analysisPage(path) {
  const match = /^\/analysis(?:\/([^/]*))?(?:\/([^/]*))?\/?$/.exec(path);
  if (!match) return null;
  const [, game, variant] = match;
  if (!game) return { game: null, variant: null };
  const module = games.find((g) => g.name === game);
  if (!module) return { unknown: true };
  if (variant && !module.variants.some((v) => v.name === variant)) return { unknown: true };
  return { game, variant: variant || null };
}

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

/**
 * The turn that led to the end of `steps` (a line's steps from the start),
 * for the board's `last`: its steps, and how many chosen actions came before
 * it (where the board before it is kept); null at the start.
 * @param {{action: string, player: string, automatic: boolean, turn: number}[]} steps
 */
export function lastTurn(steps) {
  if (!steps || !steps.length) return null;
  const { turn } = steps[steps.length - 1];
  let first = steps.length - 1;
  while (first > 0 && steps[first - 1].turn === turn) first--;
  return {
    turn,
    steps: steps.slice(first).map(({ action, player }) => ({ action, player })),
    chosenBefore: steps.slice(0, first).filter((step) => !step.automatic).length,
  };
}

/** What a key does to the tree: 'back', 'forward', 'start', 'end', or null. */
export function keyMove(key) {
  return { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'start', End: 'end' }[key] || null;
}

/** Whether a text is a position's (its first field a game's name), `_` read as spaces. */
export function looksLikePosition(text) {
  const [first] = positionFromParam(text).split(' ');
  return games.some((g) => g.name === first);
}

/** The legal moves as the board takes them: each with the notation that is its `actions` twin. */
function boardMoves(legal) {
  if (!legal || !Array.isArray(legal.moves) || !legal.moves.length) return null;
  return legal.moves.map((move, i) => ({ action: legal.actions[i], ...move }));
}

const key = (line) => line.join(' ');

/** The step buttons' icons (16×16, in the text's colour), as the replay draws them. */
const ICONS = {
  first: 'M2 2h2.5v12H2z M14 2v12L5 8z',
  previous: 'M12 2v12L3 8z',
  next: 'M4 2v12l9-6z',
  last: 'M11.5 2H14v12h-2.5z M2 2v12l9-6z',
};

export class AnalysisView {
  /**
   * @param {HTMLElement} root
   * @param {{game: string|null, variant: string|null}} page analysisPage()'s
   * @param {URLSearchParams} params the address's query
   */
  constructor(root, page, params) {
    this.root = root;
    this.page = page;
    this.params = params;
    document.title = 'Analysis board · GIPF Arena';
    if (page.unknown) {
      root.replaceChildren(h('div', { id: 'analysis', class: 'panel' }, h('h1', {}, 'Analysis board'),
        h('p', { id: 'analysis-message' }, 'There is no such game to analyse. ', h('a', { href: '/analysis' }, 'Choose one'))));
      return;
    }
    if (!page.game && !params.has('game') && !params.has('imported') && !params.has('position')) {
      this.chooser();
      return;
    }
    this.source = params.has('game') ? { kind: 'game', id: params.get('game') }
      : params.has('imported') ? { kind: 'imported', id: params.get('imported') }
      : params.has('position') ? { kind: 'position', text: positionFromParam(params.get('position')) }
      : { kind: 'start' };
    /** @type {Map<string, {answer: object, moves: object[]|null}>} the server's answers by path */
    this.answers = new Map();
    /** @type {Map<string, object>} evaluations by position text */
    this.evaluations = new Map();
    /** @type {Set<string>} the positions the computer is evaluating now */
    this.evaluating = new Set();
    this.flipped = false;
    this.seq = 0;          // the last position asked for: an older answer only fills the cache
    this.treeShown = null; // the tree's version the move list shows
    this.version = 0;
    root.replaceChildren(h('div', { id: 'analysis', 'data-state': 'loading' }, h('p', { class: 'hint' }, 'Setting up the board…')));
    this.load().catch((error) => this.fail(error));
  }

  /** /analysis: every game and variant, and the box for a position. */
  chooser() {
    this.root.replaceChildren(h('div', { id: 'analysis', class: 'panel analysis-start' },
      h('h1', {}, 'Analysis board'),
      h('p', {}, 'Play both sides from any position, try variations, and ask the computer what it thinks (not while you have a game being played).'),
      h('ul', { class: 'analysis-games' }, games.map((game) => h('li', {}, `${game.title}: `,
        game.variants.flatMap((v, i) => [i ? ' · ' : '', h('a', { href: analysisPath({ game: game.name, variant: v.name }), class: 'analysis-variant' }, v.label)])))),
      this.pasteForm()));
  }

  async load() {
    let options = this.page.game ? { game: this.page.game, variant: this.page.variant || gameModule(this.page.game).defaultVariant } : null;
    let mainLine = [];
    let record = null;
    if (this.source.kind === 'game' || this.source.kind === 'imported') {
      const api = this.source.kind === 'game' ? '/api/games' : '/api/imports';
      try {
        record = await getJson(`${api}/${encodeURIComponent(this.source.id)}`);
      } catch (error) {
        if (error.status === 404 || error.status === 400) return this.refuse('There is no such game.');
        throw error;
      }
      if (record.status === 'live' || record.status === 'open') return this.refuse('This game is still being played: it can be analysed once it has ended.');
      if (record.status !== 'finished') return this.refuse('This game was not played to its end: there is nothing to analyse.');
      options = record.options;
      mainLine = choices(record.steps).map((step) => step.action);
    }
    const start = this.source.kind === 'position' ? { position: this.source.text } : {
      game: options.game, variant: options.variant,
      ...(options.white_extra ? { white_extra: options.white_extra } : {}),
      ...(options.black_extra ? { black_extra: options.black_extra } : {}),
      ...(this.source.kind === 'start' ? this.extras() : {}),
    };
    let first;
    try {
      first = await postJson('/api/analysis', start);
    } catch (error) {
      if (error.code === 'bad_position' || error.code === 'bad_field') {
        return this.refuse(`This position cannot be analysed: ${error.message}`);
      }
      throw error;
    }
    this.start = first.start;
    this.startSpec = { position: first.start };
    this.options = first.options;
    this.module = gameModule(first.options.game);
    this.answers.set('', { answer: first, moves: boardMoves(first.legal) });
    this.storeKey = treeKey({ game: this.source.kind === 'game' ? this.source.id : null,
      imported: this.source.kind === 'imported' ? this.source.id : null, start: first.start });
    const stored = loadTree(globalThis.localStorage, this.storeKey);
    const tree = this.tree = stored || new AnalysisTree();
    if (mainLine.length) {
      tree.addLine(mainLine);
      tree.learn(mainLine, record.steps);
    }
    // where to open: the address's line, the game's ply, else where the tree was left
    const line = parseLine(this.params.get('line'));
    if (this.params.has('line')) tree.go(tree.addLine(line));
    else if (record && this.params.has('ply')) {
      const index = indexOfPly(record.positions, this.params.get('ply'));
      tree.go(tree.find(mainLine.slice(0, index)) ?? ROOT);
    }
    this.record = record;
    this.build();
    document.addEventListener('keydown', (event) => this.onKey(event));
    this.show();
  }

  /** White's and black's extra pieces from the address (a handicap game of GIPF basic). */
  extras() {
    const out = {};
    for (const name of ['white_extra', 'black_extra']) {
      const value = this.params.get(name);
      if (value !== null && /^\d+$/.test(value)) out[name] = Number(value);
    }
    return out;
  }

  refuse(text) {
    this.root.replaceChildren(h('div', { id: 'analysis', class: 'panel', 'data-state': 'refused' },
      h('h1', {}, 'Analysis board'),
      h('p', { id: 'analysis-message', role: 'alert' }, text),
      h('p', {}, h('a', { href: '/analysis' }, 'Analyse another position'), ' · ', h('a', { href: '/' }, 'Back to the lobby'))));
  }

  fail(error) {
    this.refuse(`The board could not be set up: ${error && error.message ? error.message : 'the server did not answer'}`);
  }

  // ---- the page ----

  build() {
    this.board = this.module.createBoard({ onAction: (action) => this.play(action) });
    const step = (name, label, move) => h('button', { type: 'button', id: `analysis-${name}`, 'aria-label': label, title: label, onclick: () => this.move(move) },
      s('svg', { class: 'icon', viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true' }, s('path', { d: ICONS[name], fill: 'currentColor' })));
    const controls = h('div', { class: 'replay-controls analysis-steps' },
      step('first', 'To the start', 'start'), step('previous', 'One move back', 'back'),
      step('next', 'One move forward', 'forward'), step('last', 'To the end of the line', 'end'));
    this.stepButtons = [...controls.children];
    this.status = h('p', { class: 'status', id: 'analysis-status', role: 'status', 'aria-live': 'polite' });
    this.positionText = h('code', { id: 'analysis-position', class: 'position-text' });
    this.flipButton = h('button', { type: 'button', id: 'analysis-flip', 'aria-pressed': 'false', onclick: () => this.flip() }, 'Flip board');
    this.promoteButton = h('button', { type: 'button', id: 'analysis-promote', title: 'Make this variation the line it branches from', onclick: () => this.promote() }, 'Promote variation');
    this.deleteButton = h('button', { type: 'button', id: 'analysis-delete', title: 'Delete this move and every move after it', onclick: () => this.remove() }, 'Delete variation');
    this.evalButton = h('button', { type: 'button', id: 'analysis-eval', class: 'primary', onclick: () => this.evaluate() }, 'Evaluate');
    this.evaluation = h('div', { id: 'analysis-evaluation', role: 'status', 'aria-live': 'polite' });
    this.addLineButton = h('button', { type: 'button', id: 'analysis-add-line', hidden: true, onclick: () => this.addBestLine() }, 'Add the line to the tree');
    this.linkButton = h('button', { type: 'button', id: 'analysis-link', title: 'Copy a link to this position', onclick: () => this.copyLink() }, 'Copy link');
    this.sgfButton = h('button', { type: 'button', id: 'analysis-sgf', title: 'The tree as a boardspace.net game file', onclick: () => this.downloadSgf() }, 'Download SGF');
    this.note = h('p', { class: 'hint', id: 'analysis-note', role: 'status', 'aria-live': 'polite' });
    this.tree_ = h('div', { id: 'analysis-tree', class: 'analysis-tree', role: 'region', 'aria-label': 'Moves', tabindex: '-1' });
    const from = this.record
      ? h('p', { class: 'hint', id: 'analysis-from' }, 'The main line is the game ',
        h('a', { href: this.source.kind === 'game' ? `/?replay=${encodeURIComponent(this.source.id)}` : `/?imported=${encodeURIComponent(this.source.id)}` },
          `${this.record.white ? this.record.white.name : '?'} – ${this.record.black ? this.record.black.name : '?'}`), '.')
      : null;
    this.root.replaceChildren(h('div', { id: 'analysis', class: 'analysis', 'data-state': 'loading' },
      h('div', { class: 'board-wrap' }, this.board.svg),
      h('aside', { class: 'side' },
        h('div', { class: 'panel' },
          h('h1', {}, `Analysis: ${variantLabel(this.options)}`),
          from,
          this.status,
          this.board.bar,
          controls,
          h('p', { class: 'replay-tools' }, this.flipButton, this.promoteButton, this.deleteButton),
          h('p', { class: 'position-line' }, h('span', { class: 'hint' }, 'Position: '), this.positionText),
          h('p', { class: 'replay-tools' }, this.linkButton, this.sgfButton,
            h('a', { href: `/rules/${encodeURIComponent(this.options.game)}` }, `How to play ${this.module.title}`)),
          this.note),
        h('div', { class: 'panel analysis-computer' }, h('h2', {}, 'The computer'),
          h('p', { class: 'replay-tools' }, this.evalButton, this.addLineButton), this.evaluation),
        h('div', { class: 'panel moves analysis-moves' }, h('h2', {}, 'Moves'), this.tree_,
          h('p', { class: 'hint keys' }, 'Click the board to play either side; ← → Home End to step through the line.')),
        h('div', { class: 'panel' }, this.pasteForm()))));
    this.rootElement = this.root.querySelector('#analysis');
  }

  /** The box to start again from a position (or to be told where a record goes). */
  pasteForm() {
    const input = h('textarea', { id: 'analysis-paste', rows: '2', spellcheck: 'false', 'aria-describedby': 'analysis-paste-hint',
      placeholder: this.start || '' });
    const status = h('p', { id: 'analysis-paste-status', role: 'status', 'aria-live': 'polite' });
    const send = async () => {
      const text = positionFromParam(input.value);
      status.dataset.code = '';
      if (!text) return;
      if (!looksLikePosition(text)) return this.openRecord(input.value, status);
      status.textContent = 'Reading the position…';
      try {
        const answer = await postJson('/api/analysis', { position: text });
        location.assign(`${analysisPath(answer.options)}?${new URLSearchParams({ position: positionParam(answer.start) })}`);
      } catch (error) {
        status.dataset.code = error.code;
        status.textContent = error.message;
      }
    };
    return h('form', { id: 'analysis-paste-form', class: 'analysis-paste', onsubmit: (event) => { event.preventDefault(); send(); } },
      h('label', { for: 'analysis-paste' }, 'Start from a position or a record'),
      input,
      h('p', { class: 'hint', id: 'analysis-paste-hint' },
        'A position\'s text, as "Position:" shows it (links write _ for the spaces), or a game\'s record: the arena\'s, a boardspace.net SGF file, or the official notation (of this page\'s game). To keep a game, ',
        h('a', { href: '/import' }, 'bring it in'), '.'),
      h('button', { type: 'submit', id: 'analysis-paste-send' }, 'Analyse'),
      status);
  }

  /**
   * A pasted record: the server reads it (any format it reads), and the board
   * opens at its start with the record's moves as the line shown. An official
   * sheet names no game: it is read as this page's game.
   */
  async openRecord(text, status) {
    status.textContent = 'Reading the record…';
    const here = this.options || (this.page && this.page.game ? { game: this.page.game, variant: this.page.variant || gameModule(this.page.game).defaultVariant } : null);
    let answer;
    try {
      try {
        answer = await postJson('/api/analysis', { record: text });
      } catch (error) {
        if (error.code !== 'bad_record' || !here) throw error;
        answer = await postJson('/api/analysis', { record: text, game: here.game, variant: here.variant,
          ...(here.white_extra ? { white_extra: here.white_extra } : {}), ...(here.black_extra ? { black_extra: here.black_extra } : {}) });
      }
    } catch (error) {
      status.dataset.code = error.code || 'bad_record';
      const where = error.body && error.body.error ? error.body.error : {};
      status.textContent = where.move ? `Move ${where.move}${where.step ? ` (${where.step})` : ''}: ${error.message}` : error.message;
      return;
    }
    const params = new URLSearchParams({ position: positionParam(answer.start) });
    if (answer.record_line.length) params.set('line', lineParam(answer.record_line));
    location.assign(`${analysisPath(answer.options)}?${params}`);
  }

  // ---- moving through the tree ----

  onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target)) return;
    const move = keyMove(event.key);
    if (!move) return;
    event.preventDefault();
    this.move(move);
  }

  move(what) {
    const moved = { back: () => this.tree.back(), forward: () => this.tree.forward(), start: () => this.tree.toStart(), end: () => this.tree.toEnd() }[what]();
    if (moved) this.show();
  }

  goTo(id) {
    if (this.tree.go(id)) this.show();
  }

  /** A move made on the board: to the child that has it, or a new one. */
  play(action) {
    const before = this.tree.size;
    if (this.tree.add(action) === null) {
      this.say('The tree is full: delete a variation first.', 'error');
      return;
    }
    if (this.tree.size !== before) this.version++;
    this.show();
  }

  promote() {
    if (!this.tree.promote()) return;
    this.version++;
    this.show();
    this.say('The variation is now the line it branched from.');
  }

  remove() {
    if (!this.tree.remove()) return;
    this.version++;
    this.show();
    this.say('Deleted.');
  }

  flip() {
    this.flipped = !this.flipped;
    this.flipButton.setAttribute('aria-pressed', String(this.flipped));
    this.drawBoard();
  }

  /** The node shown: the address, the move list, the buttons, then the board once its position is known. */
  show() {
    const id = this.tree.current;
    const line = this.tree.path(id);
    saveTree(globalThis.localStorage, this.storeKey, this.tree);
    history.replaceState(history.state, '', this.address(line));
    this.renderTree();
    const atStart = id === ROOT;
    this.stepButtons[0].disabled = this.stepButtons[1].disabled = atStart;
    this.stepButtons[2].disabled = this.stepButtons[3].disabled = !this.tree.node(id).children.length;
    this.promoteButton.disabled = this.tree.variationRoot(id) === null;
    this.deleteButton.disabled = atStart;
    this.rootElement.dataset.path = lineParam(line);
    this.note.textContent = '';
    delete this.note.dataset.kind;
    delete this.note.dataset.code;
    const cached = this.answers.get(key(line));
    if (cached) {
      this.drawBoard();
      return;
    }
    this.rootElement.dataset.state = 'loading';
    this.status.textContent = 'Looking at the position…';
    this.drawBoard();
    this.fetchLine(line);
  }

  async fetchLine(line) {
    const seq = ++this.seq;
    try {
      const answer = await postJson('/api/analysis', { ...this.startSpec, line });
      this.answers.set(key(line), { answer, moves: boardMoves(answer.legal) });
      const id = this.tree.find(line);
      if (id !== null && this.tree.steps(id) === null && this.tree.learn(line, answer.steps)) {
        this.version++;
        saveTree(globalThis.localStorage, this.storeKey, this.tree);
      }
      if (seq === this.seq || key(this.tree.path()) === key(line)) {
        this.renderTree();
        this.drawBoard();
      }
    } catch (error) {
      if (key(this.tree.path()) !== key(line)) return;
      if (error.code === 'illegal_action' && error.body && error.body.error && Number.isInteger(error.body.error.at)) {
        // a line the rules refuse (an old tree, a wrong link): its moves from there are dropped
        const bad = this.tree.find(line.slice(0, error.body.error.at + 1));
        if (bad !== null) {
          this.tree.remove(bad);
          this.version++;
          this.show();
          this.say(`${error.message} The move and those after it were removed from the tree.`, 'error');
          return;
        }
      }
      this.rootElement.dataset.state = 'error';
      this.status.textContent = `${error.message} Step to another move or back to try again.`;
    }
  }

  /** The board, the words and the tools for the position shown (its answer known), else the last one drawn. */
  drawBoard() {
    const line = this.tree.path();
    const cached = this.answers.get(key(line));
    if (!cached) {
      if (this.drawn) this.board.update({ ...this.drawn, moves: null, flip: this.flipped });
      this.evalButton.disabled = true;
      return;
    }
    const { answer, moves } = cached;
    const turn = lastTurn(answer.steps);
    const before = turn && this.answers.get(key(line.slice(0, turn.chosenBefore)));
    const last = turn ? { turn: turn.turn, before: before ? before.answer.state.board : null, steps: turn.steps } : null;
    this.drawn = { state: answer.state, last };
    this.board.update({ state: answer.state, moves, flip: this.flipped, last });
    this.rootElement.dataset.state = 'ready';
    this.rootElement.dataset.position = answer.position;
    this.positionText.textContent = answer.position;
    this.status.textContent = this.words(answer);
    this.evalButton.disabled = !moves || this.evaluating.has(answer.position);
    this.showEvaluation(answer.position);
  }

  /** Who decides what, or how the game ended. */
  words(answer) {
    if (answer.result) return resultText(answer.result, this.module);
    const pending = answer.state && answer.state.pending;
    if (!pending) return 'The game is over.';
    // in the words of the game page: "White to place a ring", then what a click does
    const decision = this.module.decisions[pending.kind];
    const who = colorName(pending.player);
    return decision ? `${who} ${decision.theirs}. ${decision.yours}` : `${who} to play.`;
  }

  /** The move list: rebuilt when the tree changed, else only the current move marked again. */
  renderTree() {
    if (this.treeShown !== this.version) {
      this.treeShown = this.version;
      this.buttons = new Map();
      const items = this.tree.layout(this.module.moveNumber);
      const render = (list) => list.flatMap((item) => {
        if (item.type === 'variation') return h('div', { class: 'variation' }, h('span', { class: 'paren', 'aria-hidden': 'true' }, '('), render(item.items), h('span', { class: 'paren', 'aria-hidden': 'true' }, ')'));
        const path = this.tree.path(item.id);
        const button = h('button', { type: 'button', class: `tree-move${item.main ? ' main' : ''}`, 'data-path': lineParam(path), 'data-action': item.action,
          'data-node': item.id, onclick: () => this.goTo(item.id) }, item.text);
        this.buttons.set(item.id, button);
        // a number stays on the line of its move
        return item.number ? [h('span', { class: 'tree-item' }, h('span', { class: 'move-number' }, item.number), button)] : [button];
      });
      this.tree_.replaceChildren(...(items.length ? render(items) : [h('p', { class: 'hint' }, 'No moves yet: play one on the board.')]));
    }
    const current = this.tree.current;
    for (const [id, button] of this.buttons) {
      const isCurrent = id === current;
      button.classList.toggle('current', isCurrent);
      if (isCurrent) button.setAttribute('aria-current', 'step');
      else button.removeAttribute('aria-current');
    }
    const button = this.buttons.get(current);
    if (button) scrollIntoList(button, this.tree_);
    else this.tree_.scrollTop = 0;
  }

  /** The address of the node shown: the start (a game, a position) and the line to it. */
  address(line) {
    const url = new URL(location.href);
    url.pathname = analysisPath(this.options);
    const query = new URLSearchParams();
    if (this.source.kind === 'game' || this.source.kind === 'imported') query.set(this.source.kind, this.source.id);
    else if (this.source.kind === 'position') query.set('position', positionParam(this.start));
    else for (const [name, value] of Object.entries(this.extras())) query.set(name, String(value));
    if (line.length) query.set('line', lineParam(line));
    url.search = query.toString();
    return url.href;
  }

  /** A link to the position shown (its text alone: no tree, no game). */
  positionLink() {
    const answer = this.answers.get(key(this.tree.path()));
    const text = answer ? answer.answer.position : this.start;
    return new URL(`${analysisPath(this.options)}?${new URLSearchParams({ position: positionParam(text) })}`, location.href).href;
  }

  say(text, kind = 'ok') {
    this.note.textContent = text;
    this.note.dataset.kind = kind;
  }

  async copyLink() {
    const link = this.positionLink();
    try {
      await navigator.clipboard.writeText(link);
      this.say('Link copied.');
    } catch {
      // no clipboard (an insecure page, a refusal): the link to copy by hand
      this.note.replaceChildren('Copy this link: ', h('input', { readonly: true, value: link, id: 'analysis-link-text', 'aria-label': 'Link to this position', onfocus: (e) => e.target.select() }));
    }
  }

  // ---- the computer ----

  async evaluate() {
    const cached = this.answers.get(key(this.tree.path()));
    if (!cached) return;
    const { position } = cached.answer;
    this.evaluating.add(position);
    this.evalButton.disabled = true;
    this.showEvaluation(position);
    try {
      const answer = await postJson('/api/analysis/eval', { position });
      this.evaluations.set(position, { answer });
    } catch (error) {
      this.evaluations.set(position, { error: { code: error.code, message: evaluationRefusal(error.code, error.message) } });
    }
    this.evaluating.delete(position);
    const now = this.answers.get(key(this.tree.path()));
    if (now && now.answer.position === position) {
      this.evalButton.disabled = !now.moves;
      this.showEvaluation(position);
    }
  }

  showEvaluation(position) {
    const known = this.evaluations.get(position);
    this.addLineButton.hidden = true;
    if (this.evaluating.has(position)) {
      this.evaluation.dataset.state = 'thinking';
      this.evaluation.replaceChildren(h('p', { class: 'hint' }, 'The computer is thinking…'));
      return;
    }
    if (!known) {
      delete this.evaluation.dataset.state;
      delete this.evaluation.dataset.code;
      this.evaluation.replaceChildren();
      return;
    }
    if (known.error) {
      this.evaluation.dataset.state = 'refused';
      this.evaluation.dataset.code = known.error.code;
      this.evaluation.replaceChildren(h('p', { class: 'refusal' }, known.error.message));
      return;
    }
    const words = evaluationWords(known.answer);
    this.evaluation.dataset.state = 'done';
    delete this.evaluation.dataset.code;
    this.evaluation.replaceChildren(
      h('p', { class: 'verdict', id: 'analysis-verdict' }, words.verdict),
      h('p', { class: 'best-line', id: 'analysis-best-line' }, words.line),
      words.detail ? h('p', { class: 'hint' }, words.detail) : null);
    this.bestLine = Array.isArray(known.answer.line) ? known.answer.line : [];
    this.addLineButton.hidden = !this.bestLine.length;
  }

  /** The computer's best line, as a variation from the position shown (the current node stays). */
  addBestLine() {
    if (!this.bestLine || !this.bestLine.length) return;
    const before = this.tree.size;
    this.tree.addLine(this.bestLine, this.tree.current);
    if (this.tree.size !== before) this.version++;
    this.show();
    this.say(this.tree.size !== before ? 'The computer\'s line is in the tree.' : 'The line is in the tree already.');
  }

  // ---- the tree as a file ----

  async downloadSgf() {
    const body = { position: this.start, moves: this.tree.sgfMoves() };
    if (this.record) body.name = `${this.record.white ? this.record.white.name : '?'}-${this.record.black ? this.record.black.name : '?'} analysis`;
    this.say('Writing the file…');
    let response;
    try {
      response = await fetch('/api/analysis/sgf', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    } catch {
      this.say('The server could not be reached. Check your connection and try again.', 'error');
      return;
    }
    if (!response.ok) {
      const answer = await response.json().catch(() => ({}));
      const error = answer.error || {};
      this.note.dataset.code = error.code || String(response.status);
      if (error.code === 'format_unavailable') this.say(`No boardspace.net file for this tree: ${error.message || 'the format is not available'}.`.replace('..', '.'), 'error');
      else if (error.code === 'illegal_action' && Number.isInteger(error.at)) this.say(`Move ${error.at + 1} of the tree is refused: ${error.message}`, 'error');
      else this.say(error.message || `The server answered ${response.status}.`, 'error');
      return;
    }
    const text = await response.text();
    const disposition = response.headers.get('Content-Disposition') || '';
    const named = /filename="?([^";]+)"?/.exec(disposition);
    const url = URL.createObjectURL(new Blob([text], { type: 'application/x-go-sgf' }));
    const link = h('a', { href: url, download: named ? named[1] : 'analysis.sgf', hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    this.note.dataset.code = 'ok';
    this.say('The file is downloaded.');
  }
}
