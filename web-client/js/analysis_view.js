// The analysis board (#44): /analysis/GAME[/VARIANT], both sides played by
// whoever looks, every line tried kept in a move tree (analysis_tree.js). It
// starts from the game's start, from a position (?position=TEXT, `_` for the
// spaces) or from a finished game (?game=ID or ?imported=ID, &ply=N: the
// game's moves are the main line, the page opens at the position at ply N);
// ?line= is the path to the position shown (kept up to date with
// history.replaceState, at most every 200 ms, so a reload or a shared address
// opens there; left out when too long). The server knows the rules: each
// position's state and legal moves come from `POST /api/analysis` with the
// node's path as `line` (what the page needs of each answer kept for the 300
// nodes seen last), the computer's view from the panel of
// analysis_computer.js, the tree as a boardspace.net file from `POST
// /api/analysis/sgf`. The tree survives a reload in localStorage
// (analysis_store.js), under the game's id or its start position. A live game
// is never analysed: its players could get help while it runs. /analysis alone
// lists the games to analyse; the box to start again is analysis_paste.js's.
import { h, colorName, ownsKeys, stepIcon, copyWithFallback, debounce } from './ui.js';
import { games, gameModule, variantLabel, resultText } from './games/index.js';
import { indexOfPly } from './replay_view.js';
import { choices } from './room_state.js';
import { postJson, getJson, postForBlob } from './api.js';
import { AnalysisTree, ROOT, MAX_LINE, badActionIndex } from './analysis_tree.js';
import {
  lineParam, addressLine, parseLine, positionParam, positionFromParam, treeKey, saveTree, loadTree, analysisPath,
} from './analysis_store.js';
import { pasteForm } from './analysis_paste.js';
import { ComputerPanel } from './analysis_computer.js';
import { MoveList } from './analysis_moves.js';
import { LruCache } from './lru_cache.js';

/** How many nodes' answers the page keeps. */
export const KEEP_ANSWERS = 300;

/** How often, at most, the address and the kept tree follow the node shown (ms). */
const FOLLOW_EVERY = 200;

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

/**
 * What the page keeps of the server's answer for a node: its position's text,
 * state and result, the legal moves as the board takes them (each with the
 * notation that is its `actions` twin; null when nobody is to move) and the
 * turn that led there (lastTurn).
 */
export function nodeAnswer(answer) {
  const legal = answer.legal;
  const moves = legal && Array.isArray(legal.moves) && legal.moves.length
    ? legal.moves.map((move, i) => ({ action: legal.actions[i], ...move })) : null;
  return { position: answer.position, state: answer.state, result: answer.result ?? null, moves, last: lastTurn(answer.steps) };
}

/** Why a move could not go in the tree (AnalysisTree.refusal()), in words. */
export function refusalWords(refusal) {
  return refusal === 'long' ? `A line holds at most ${MAX_LINE} moves: this one can go no further.`
    : 'The tree is full: delete a variation first.';
}

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
    /** @type {LruCache} nodeAnswer()s by node id */
    this.answers = new LruCache(KEEP_ANSWERS);
    /** @type {Map<string, Promise<object>>} the requests under way, by line */
    this.asking = new Map();
    this.players = null;   // the game's {white, black} names, when it began from one
    this.flipped = false;
    this.version = 0;      // changes with the tree's moves: the move list is rebuilt
    this.followAddress = debounce((url) => {
      try {
        history.replaceState(history.state, '', url);
      } catch { /* too many for the browser: the next one catches up */ }
    }, FOLLOW_EVERY);
    this.keepTree = debounce(() => saveTree(globalThis.localStorage, this.storeKey, this.tree), FOLLOW_EVERY);
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
      pasteForm(null)));
  }

  async load() {
    let options = this.page.game ? { game: this.page.game, variant: this.page.variant || gameModule(this.page.game).defaultVariant } : null;
    let mainLine = [];
    let mainSteps = null;  // the record's steps (forced ones too), learned by the tree
    let openIndex = null;  // the main line's move to open at (the address's ply)
    if (this.source.kind === 'game' || this.source.kind === 'imported') {
      const api = this.source.kind === 'game' ? '/api/games' : '/api/imports';
      let record;
      try {
        record = await getJson(`${api}/${encodeURIComponent(this.source.id)}`);
      } catch (error) {
        if (error.status === 404 || error.status === 400) return this.refuse('There is no such game.');
        throw error;
      }
      if (record.status === 'live' || record.status === 'open') return this.refuse('This game is still being played: it can be analysed once it has ended.');
      if (record.status !== 'finished') return this.refuse('This game was not played to its end: there is nothing to analyse.');
      // of the record, only what the page shows: the players' names, the options, the main line
      options = record.options;
      this.players = { white: record.white ? record.white.name : '?', black: record.black ? record.black.name : '?' };
      mainLine = choices(record.steps).map((step) => step.action);
      mainSteps = record.steps;
      if (this.params.has('ply')) openIndex = indexOfPly(record.positions, this.params.get('ply'));
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
    this.answers.set(ROOT, nodeAnswer(first));
    this.storeKey = treeKey({ game: this.source.kind === 'game' ? this.source.id : null,
      imported: this.source.kind === 'imported' ? this.source.id : null, start: first.start });
    const tree = this.tree = loadTree(globalThis.localStorage, this.storeKey) || new AnalysisTree();
    const short = [];  // the lines that did not fit, in words
    if (mainLine.length) {
      const end = tree.addLine(mainLine);
      if (tree.depth(end) < mainLine.length) short.push(`${refusalWords(tree.refusal(end))} ${tree.depth(end)} of the game's ${mainLine.length} moves are in the tree.`);
      tree.learn(mainLine, mainSteps);
    }
    // where to open: the address's line, the game's ply, else where the tree was left
    if (this.params.has('line')) {
      const line = parseLine(this.params.get('line'));
      const end = tree.addLine(line);
      if (tree.depth(end) < line.length) short.push(`${refusalWords(tree.refusal(end))} ${tree.depth(end)} of the address's ${line.length} moves are in the tree.`);
      tree.go(end);
    } else if (openIndex !== null) {
      tree.go(tree.find(mainLine.slice(0, openIndex)) ?? ROOT);
    }
    this.build();
    document.addEventListener('keydown', (event) => this.onKey(event));
    window.addEventListener('pagehide', () => { this.followAddress.flush(); this.keepTree.flush(); });
    this.show();
    if (short.length) this.say(short.join(' '), 'error');
    this.offerSgf();
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
    const step = (name, label, move) => h('button', { type: 'button', id: `analysis-${name}`, 'aria-label': label, title: label, onclick: () => this.move(move) }, stepIcon(name));
    const controls = h('div', { class: 'replay-controls analysis-steps' },
      step('first', 'To the start', 'start'), step('previous', 'One move back', 'back'),
      step('next', 'One move forward', 'forward'), step('last', 'To the end of the line', 'end'));
    this.stepButtons = [...controls.children];
    this.status = h('p', { class: 'status', id: 'analysis-status', role: 'status', 'aria-live': 'polite' });
    this.positionText = h('code', { id: 'analysis-position', class: 'position-text' });
    this.flipButton = h('button', { type: 'button', id: 'analysis-flip', 'aria-pressed': 'false', onclick: () => this.flip() }, 'Flip board');
    this.promoteButton = h('button', { type: 'button', id: 'analysis-promote', title: 'Make this variation the line it branches from', onclick: () => this.promote() }, 'Promote variation');
    this.deleteButton = h('button', { type: 'button', id: 'analysis-delete', title: 'Delete this move and every move after it', onclick: () => this.remove() }, 'Delete variation');
    this.computer = new ComputerPanel({ onAddLine: (line, position) => this.addBestLine(line, position) });
    this.linkButton = h('button', { type: 'button', id: 'analysis-link', title: 'Copy a link to this position', onclick: () => this.copyLink() }, 'Copy link');
    // a boardspace.net file only where the game module says there is one (offerSgf: and from a game's start)
    this.sgfButton = h('button', { type: 'button', id: 'analysis-sgf', title: 'The tree as a boardspace.net game file',
      hidden: !this.module.boardspaceFiles(this.options), onclick: () => this.downloadSgf() }, 'Download SGF');
    this.note = h('p', { class: 'hint', id: 'analysis-note', role: 'status', 'aria-live': 'polite' });
    this.moveList = new MoveList(this.module.moveNumber, (id) => this.goTo(id));
    const from = this.players
      ? h('p', { class: 'hint', id: 'analysis-from' }, 'The main line is the game ',
        h('a', { href: this.source.kind === 'game' ? `/?replay=${encodeURIComponent(this.source.id)}` : `/?imported=${encodeURIComponent(this.source.id)}` },
          `${this.players.white} – ${this.players.black}`), '.')
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
        this.computer.element,
        h('div', { class: 'panel moves analysis-moves' }, h('h2', {}, 'Moves'), this.moveList.element,
          h('p', { class: 'hint keys' }, 'Click the board to play either side; ← → Home End to step through the line.')),
        h('div', { class: 'panel' }, pasteForm(this.options, this.start)))));
    this.rootElement = this.root.querySelector('#analysis');
  }

  /**
   * A board from a position text has a boardspace.net file only when that text
   * is its game's start: the server says what the start is (and answers
   * format_unavailable to a file from elsewhere all the same).
   */
  async offerSgf() {
    if (this.source.kind !== 'position' || this.sgfButton.hidden) return;
    const { game, variant, white_extra: whiteExtra, black_extra: blackExtra } = this.options;
    try {
      const answer = await postJson('/api/analysis', { game, variant,
        ...(whiteExtra ? { white_extra: whiteExtra } : {}), ...(blackExtra ? { black_extra: blackExtra } : {}) });
      if (answer.start !== this.start) this.sgfButton.hidden = true;
    } catch { /* the button stays: the server says why when it is used */ }
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
      this.say(refusalWords(this.tree.refusal()), 'error');
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
    this.keepTree();
    this.followAddress(this.address(line));
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
    if (!this.answers.has(id)) {
      this.rootElement.dataset.state = 'loading';
      this.status.textContent = 'Looking at the position…';
      this.fetchNode(id, line);
    }
    this.drawBoard();
  }

  /** The server's answer for `line` (one request per line at a time). */
  ask(line) {
    const lineKey = lineParam(line);
    let asked = this.asking.get(lineKey);
    if (!asked) {
      asked = postJson('/api/analysis', { ...this.startSpec, line });
      this.asking.set(lineKey, asked);
      const done = () => this.asking.delete(lineKey);
      asked.then(done, done);
    }
    return asked;
  }

  /** The node `id` at `line`: its answer kept, its steps learned, drawn when it is still shown. */
  async fetchNode(id, line) {
    let answer;
    try {
      answer = await this.ask(line);
    } catch (error) {
      if (this.tree.current === id) this.refused(line, error);
      return;
    }
    if (!this.tree.node(id)) return;  // deleted meanwhile
    this.answers.set(id, nodeAnswer(answer));
    if (this.tree.steps(id) === null && this.tree.learn(line, answer.steps)) {
      this.version++;
      this.keepTree();
    }
    if (this.tree.current === id) {
      this.renderTree();
      this.drawBoard();
    }
  }

  /** The server refused the line shown: a move it will never take goes (and those after it), else the error is shown. */
  refused(line, error) {
    const at = error.code === 'illegal_action' && error.body && error.body.error ? error.body.error.at
      : error.code === 'bad_field' ? badActionIndex(line) : null;
    const bad = Number.isInteger(at) && at >= 0 ? this.tree.find(line.slice(0, at + 1)) : null;
    if (bad !== null) {
      // a line the rules refuse (an old tree, a wrong link): its moves from there are dropped
      this.tree.remove(bad);
      this.version++;
      this.show();
      this.say(`${error.message} The move and those after it were removed from the tree.`, 'error');
      return;
    }
    this.rootElement.dataset.state = 'error';
    this.status.textContent = `${error.message} Step to another move or back to try again.`;
  }

  /** The board, the words and the tools for the position shown (its answer known), else the last one drawn. */
  drawBoard() {
    const id = this.tree.current;
    const known = this.answers.get(id);
    if (!known) {
      if (this.drawn) this.board.update({ ...this.drawn, moves: null, flip: this.flipped });
      this.computer.show(null, false);  // no verdict, no line of another node's
      return;
    }
    const turn = known.last;
    const beforeId = turn && (turn.chosenBefore === 0 ? ROOT : this.tree.ancestry(id)[turn.chosenBefore - 1]);
    const before = turn && this.answers.get(beforeId);
    const last = turn ? { turn: turn.turn, before: before ? before.state.board : null, steps: turn.steps } : null;
    this.drawn = { state: known.state, last };
    this.board.update({ state: known.state, moves: known.moves, flip: this.flipped, last });
    this.rootElement.dataset.state = 'ready';
    this.rootElement.dataset.position = known.position;
    this.positionText.textContent = known.position;
    this.status.textContent = this.words(known);
    this.computer.show(known.position, !!known.moves);
  }

  /** Who decides what, or how the game ended. */
  words(known) {
    if (known.result) return resultText(known.result, this.module);
    const pending = known.state && known.state.pending;
    if (!pending) return 'The game is over.';
    // in the words of the game page: "White to place a ring", then what a click does
    const decision = this.module.decisions[pending.kind];
    const who = colorName(pending.player);
    return decision ? `${who} ${decision.theirs}. ${decision.yours}` : `${who} to play.`;
  }

  renderTree() {
    this.moveList.render(this.tree, this.version);
  }

  /** The address of the node shown: the start (a game, a position) and the line to it (when an address can hold it). */
  address(line) {
    const url = new URL(location.href);
    url.pathname = analysisPath(this.options);
    const query = new URLSearchParams();
    if (this.source.kind === 'game' || this.source.kind === 'imported') query.set(this.source.kind, this.source.id);
    else if (this.source.kind === 'position') query.set('position', positionParam(this.start));
    else for (const [name, value] of Object.entries(this.extras())) query.set(name, String(value));
    const param = addressLine(line);
    if (line.length && param !== null) query.set('line', param);
    url.search = query.toString();
    return url.href;
  }

  /** A link to the position shown (its text alone: no tree, no game). */
  positionLink() {
    const known = this.answers.get(this.tree.current);
    const text = known ? known.position : this.start;
    return new URL(`${analysisPath(this.options)}?${new URLSearchParams({ position: positionParam(text) })}`, location.href).href;
  }

  say(text, kind = 'ok') {
    this.note.textContent = text;
    this.note.dataset.kind = kind;
  }

  copyLink() {
    this.note.dataset.kind = 'ok';
    return copyWithFallback(this.positionLink(), this.note, { id: 'analysis-link-text' });
  }

  /** The computer's best line for `position`, as a variation from the node shown (which stays) when it is that position. */
  addBestLine(line, position) {
    const from = this.tree.current;
    const known = this.answers.get(from);
    if (!known || known.position !== position) return;  // another node's line: never played here
    const before = this.tree.size;
    const end = this.tree.addLine(line, from);
    const fitted = this.tree.depth(end) - this.tree.depth(from);
    if (this.tree.size !== before) this.version++;
    this.show();
    if (fitted < line.length) this.say(`${refusalWords(this.tree.refusal(end))} ${fitted} of the line's ${line.length} moves are in the tree.`, 'error');
    else this.say(this.tree.size !== before ? 'The computer\'s line is in the tree.' : 'The line is in the tree already.');
  }

  // ---- the tree as a file ----

  async downloadSgf() {
    const body = { position: this.start, moves: this.tree.sgfMoves() };
    if (this.players) body.name = `${this.players.white}-${this.players.black} analysis`;
    this.say('Writing the file…');
    let file;
    try {
      file = await postForBlob('/api/analysis/sgf', body);
    } catch (error) {
      const at = error.body && error.body.error ? error.body.error.at : null;
      this.note.dataset.code = error.code;
      if (error.code === 'format_unavailable') {
        const why = error.message ? error.message.charAt(0).toLowerCase() + error.message.slice(1) : 'the format is not available';
        this.say(`No boardspace.net file for this tree: ${why}.`.replace('..', '.'), 'error');
      } else if (error.code === 'illegal_action' && Number.isInteger(at)) this.say(`Move ${at + 1} of the tree is refused: ${error.message}`, 'error');
      else this.say(error.message, 'error');
      return;
    }
    const url = URL.createObjectURL(file.blob);
    const link = h('a', { href: url, download: file.filename || 'analysis.sgf', hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    this.note.dataset.code = 'ok';
    this.say('The file is downloaded.');
  }
}
