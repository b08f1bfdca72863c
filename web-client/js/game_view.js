// A live game: the board seen from the player's own side, both clocks, whose
// turn it is and what decision is pending, the move list, the controls that
// apply (resign, abort, draw, claim against an opponent gone, rematch, cancel),
// the result (and a rated game's rating change), and the room's chat. Everything drawn comes from the room state
// that room_state.js builds from the server's messages; what differs between
// games comes from the game's module. The board and the chat panel are built
// once and kept; the side panels are redrawn on every change (the focus kept
// where it was), and the clocks (and a claim's countdown) tick in place between
// the server's messages. The board marks the last turn; the move list (or ←
// →) shows an earlier position while the game goes on, until "Back to live".
import { h, toast, colorName, other, ownsKeys } from './ui.js';
import { gameModule, variantLabel, resultText } from './games/index.js';
import {
  reduce, roomOf, clockReadings, claimWait, canAbort, canGiveTime, canOfferTakeback, rematchStatus, yourTurnBegan, decider, ratingOutcome, offeredMoves,
} from './room_state.js';
import { formatClock, formatCountdown, isLowTime, clockLabel } from './clock.js';
import { resyncMessage } from './connection.js';
import { ChatPanel } from './chat_view.js';
import { beep, pageTitle } from './alerts.js';
import { nameWithRating, ratingChangeLines, modeLabel, perfLabel } from './ratings.js';
import { Positions, turnBefore, turnSpans, stepPly } from './positions.js';
import { materialIcons } from './material.js';
import { kindLabel } from './names.js';
import { premoveLine, canPremove, conditionalPanel } from './plan_view.js';

const CONFIRM_KEY = 'gipf-arena-confirm-moves';

/** The selector that finds `element` again after a redraw (its id or its data-key), or null. */
function focusKey(element) {
  if (!element || element === document.body) return null;
  if (element.id) return `#${CSS.escape(element.id)}`;
  const key = element.getAttribute('data-key');
  return key ? `[data-key="${CSS.escape(key)}"]` : null;
}

const NOTICES = {
  draw_declined: () => 'Your draw offer was declined.',
  cancelled: () => 'The room was cancelled.',
  expired: () => 'Nobody joined in time: the room was cancelled.',
  aborted: (room) => endingText(room),
  adjudicated: (room) => endingText(room),
  banned: (room) => endingText(room),
  rematch_offer: () => 'Your opponent asks for a rematch.',
  resumed: () => 'The game was away from its server for a moment: the clock did not count that time.',
  time_given: (room) => `${who(room, other(room.you))} gave you 15 seconds.`,
  takeback_declined: () => 'Your takeback request was declined.',
  takeback_accepted: () => 'Your takeback request was accepted: play your turn again.',
  plan_dropped: (room) => (room.clock && room.clock.kind === 'correspondence'
    ? `Your conditional line ended: ${room.planDropped.reason}.`
    : `${room.planDropped.action} was not played for you: ${room.planDropped.reason}.`),
};

/** The messages that change only the chat: the rest of the view stays. */
const CHAT_ONLY = new Set(['chat', 'chat_history', 'chat_deleted']);

/** The ids of the messages a game view sends: `action-N`, or the command's type and a number. */
const OWN_ID = /^(action|resign|abort|offer_draw|answer_draw|cancel_room|claim_victory|claim_draw|rematch|give_time|offer_takeback|answer_takeback|premove|conditional)-\d+$/;
const ownId = (id) => typeof id === 'string' && OWN_ID.test(id);

/** Whether a seat's player may be challenged from the game (#46): an account or a bot, not oneself. */
export function challengeable(seat, yours) {
  return !!seat && !yours && ['account', 'moderator', 'admin', 'bot'].includes(seat.kind);
}

/** A colour and its player's name: "White (Ada)". */
function who(room, color) {
  const seat = room.seats[color];
  return `${colorName(color)}${seat ? ` (${seat.name})` : ''}`;
}

/** How an abort, a moderator or a ban ended the game, in words (null if none did). */
export function endingText(room) {
  const { ending, result } = room;
  if (!ending) return null;
  if (ending.kind === 'aborted') {
    if (ending.by) return `${who(room, ending.by)} aborted the game: it has no result.`;
    if (ending.note === 'no_first_action') {
      const late = decider(room);
      return late ? `The game was aborted: ${who(room, late)} did not make a first move in time.`
        : 'The game was aborted: a first move was not made in time.';
    }
    // the server's end of a game its players left (PROTOCOL.md: player_gone, abandoned)
    if (ending.note === 'player_gone') return 'The game was aborted: its player was gone for half an hour. It has no result.';
    if (ending.note === 'abandoned') return 'The game was abandoned: nobody moved for days. It has no result.';
    return `The game was aborted by a moderator: ${ending.note}`;
  }
  if (ending.kind === 'adjudicated') return `The result was set by a moderator: ${ending.note}`;
  if (ending.note === 'banned' && result && result.winner) {
    return `${who(room, other(result.winner))} was banned: the game counts as resigned.`;
  }
  return `${ending.note}`;
}

export class GameView {
  constructor(root, connection, roomId, mode) {
    this.root = root;
    this.connection = connection;
    this.id = roomId;
    this.mode = mode;  // 'join' (take or keep a seat) or 'watch'
    this.room = null;  // the RoomState, from the first snapshot on
    this.legalAt = null;  // when the pending legal arrived (performance.now()), for think_ms
    this.ticker = null;
    this.claimReady = null;  // whether the claim panel drawn last offered the claim
    this.banned = false;
    this.sent = 0;  // numbers the ids of the messages this view sends
    this.positions = new Positions();  // earlier positions, for the move list and the last turn's marks
    this.fetching = false;
    this.viewPly = null;  // the ply of the earlier position shown, null: the live one
    this.flipped = null;  // the board seen from Black's side (null: as the seat says)
    this.confirmMoves = localStorage.getItem(CONFIRM_KEY) === 'true';
    this.browseBar = h('div', { class: 'browse-bar', id: 'browsing', role: 'status', hidden: true });
    // over the board while the connection is down: why it takes no move now
    this.offlineBar = h('div', { class: 'offline-bar', id: 'offline', role: 'status', hidden: true });
    this.online = connection.state === 'open';
    this.boardTools = h('div', { class: 'board-tools' });
    this.boardWrap = h('div', { class: 'board-wrap' });
    // the status line is kept (not redrawn) so that a screen reader hears each change
    this.status = h('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
    this.sideMain = h('div', { class: 'side-main' });
    this.chat = new ChatPanel(connection, roomId);
    this.layout = h('div', { class: 'game' }, this.boardWrap, h('aside', { class: 'side' }, this.sideMain, this.chat.element));
    connection.addEventListener('welcome', (e) => { if (!e.detail.reconnect) this.enter(); });
    connection.addEventListener('message', (e) => this.receive(e.detail));
    connection.addEventListener('state', (e) => {
      const online = e.detail === 'open';
      if (online === this.online) return;
      this.online = online;
      if (this.room) this.render();
    });
    // the account was banned: the server closed the socket, nothing more can be sent
    connection.addEventListener('banned', () => { this.banned = true; if (this.room) this.render(); });
    document.addEventListener('visibilitychange', () => this.updateTitle());
    document.addEventListener('keydown', (e) => this.onKey(e));
    root.replaceChildren(h('p', { class: 'hint' }, 'Connecting to the game…'));
  }

  enter() {
    this.connection.send({ type: this.mode === 'watch' ? 'watch' : 'join_room', room: this.id });
  }

  receive(m) {
    if ((m.type === 'ack' || m.type === 'error') && this.chat.answer(m)) return;  // the chat's own
    if (m.type === 'error' && ownId(m.id)) {
      // an answer to this view's own message, whether or not the server named the room
      toast(m.message);
      if (m.id.startsWith('action-')) this.dispatch({ ...m, room: this.id });  // the action was refused: choose again
      return;
    }
    if (roomOf(m) !== this.id && !(m.type === 'error' && (m.code === 'not_found' || (m.code === 'forbidden' && !this.room)))) return;
    if (m.type === 'error') {
      if (m.code === 'not_found' && !this.room) { this.root.replaceChildren(h('p', {}, 'There is no such game. ', h('a', { href: '/' }, 'Back to the lobby'))); return; }
      if (m.code === 'room_full' && !this.room) { this.mode = 'watch'; this.enter(); toast('Both seats are taken: you are watching.', 'info'); return; }
      // a guest may not take the seat of a rated game
      if (m.code === 'forbidden' && !this.room && this.mode === 'join') { this.mode = 'watch'; this.enter(); toast('Only players with an account may join a rated game: you are watching.', 'info'); return; }
      toast(m.message);
    }
    this.dispatch(m);
    // both players asked: the players go to the new room, where they are seated already
    if (m.type === 'rematch' && this.room && this.room.you !== 'spectator') location.assign(`/?room=${encodeURIComponent(m.next)}`);
  }

  /** Reduces a message into the room, then does what the new room asks for. */
  dispatch(m) {
    const now = performance.now();
    const before = this.room;
    const room = reduce(before, m, now);
    if (room === before) return;
    this.room = room;
    this.keepPosition(m, room);
    if (room.legal && (!before || room.legal !== before.legal) && m.type === 'legal') this.legalAt = now;
    if (room.resync !== null) this.connection.send(resyncMessage(this.id, room.resync, room.chatSeq));
    if (room.notice) toast(NOTICES[room.notice](room), 'info');
    if (!before || room.seq !== before.seq || room.chatSeq !== before.chatSeq) this.connection.follow(this.id, room.seq, room.chatSeq);
    if (yourTurnBegan(before, room)) beep();
    if (before && CHAT_ONLY.has(m.type)) { this.chat.update(room); return; }
    this.render();
  }

  act(action) {
    const { sending, legal, ply } = this.room;
    if (sending !== null || !legal) return;
    const message = { type: 'action', room: this.id, ply, action, id: `action-${++this.sent}` };
    // the time from receiving legal to sending, for the server's lag compensation
    if (this.legalAt !== null) message.think_ms = Math.max(0, Math.round(performance.now() - this.legalAt));
    if (this.connection.send(message)) {
      this.dispatch({ type: 'sent', room: this.id, ply });
    } else {
      toast('Not connected: the move was not sent.');
    }
  }

  /** Sends a room command ({type, room}, and an id for its answer); tells the user when not connected. */
  command(type, fields = {}) {
    if (!this.connection.send({ type, room: this.id, ...fields, id: `${type}-${++this.sent}` })) toast('Not connected: try again in a moment.');
  }

  get game() { return gameModule(this.room.options.game); }

  /** Keeps the positions a snapshot and the action events bring; a snapshot fetches the earlier ones. */
  keepPosition(m, room) {
    if (m.type === 'event' && m.kind === 'action' && room.seq === m.seq) this.positions.add(m.ply, m.state);
    if (m.type === 'event' && m.kind === 'takeback_accepted' && room.seq === m.seq) {
      this.positions.dropAfter(m.ply);
      this.positions.add(m.ply, m.state);
    }
    if (m.type !== 'room') return;
    this.positions.add(room.ply, room.position);
    if (!this.positions.cover(room.history) && !this.fetching) this.fetchPositions();
  }

  async fetchPositions() {
    this.fetching = true;
    try {
      const response = await fetch(`/api/games/${encodeURIComponent(this.id)}`);
      if (response.ok) this.positions.merge((await response.json()).positions || []);
    } catch { /* the marks and the move list work with the positions seen live; a click asks again */ }
    this.fetching = false;
    if (!this.room) return;
    if (this.wantedPly !== null && this.wantedPly !== undefined && this.positions.byPly.has(this.wantedPly)) this.showPly(this.wantedPly);
    else this.render();
  }

  /** The ply whose position the board shows: an earlier one, or the game's now. */
  get shownPly() { return this.viewPly === null ? this.room.ply : this.viewPly; }

  /**
   * Shows the position at `ply` (the live one when it is the game's now or
   * later). One not known yet (the game's positions still loading) is shown
   * once they came.
   */
  showPly(ply) {
    if (ply < this.room.ply && !this.positions.byPly.has(ply)) {
      this.wantedPly = ply;
      if (!this.fetching) this.fetchPositions();
      return;
    }
    this.wantedPly = null;
    this.viewPly = ply >= this.room.ply ? null : ply;
    this.render();
  }

  /** The known position a move of the list shows: the one after it, else the first known after it. */
  positionAfter(end) {
    if (this.positions.byPly.has(end)) return end;
    return this.positions.plies().find((ply) => ply > end) ?? end;
  }

  /** ← → step through the positions, Home the start, End (or Escape) back to live. */
  /** Shows the position one move before (-1) or after (+1) the one shown. */
  stepMove(direction) {
    if (this.room) this.showPly(stepPly(this.positions.plies(), this.shownPly, this.room.ply, direction));
  }

  onKey(e) {
    if (!this.room || e.defaultPrevented || ownsKeys(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;  // the board's keys are its own
    const plies = this.positions.plies();
    const live = this.room.ply;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') this.showPly(stepPly(plies, this.shownPly, live, e.key === 'ArrowLeft' ? -1 : 1));
    else if (e.key === 'Home' && plies.length) this.showPly(plies[0]);
    else if (e.key === 'End' || (e.key === 'Escape' && this.viewPly !== null)) this.showPly(live);
    else return;
    e.preventDefault();
  }

  board() {
    this.boardView ||= this.game.createBoard({ onAction: (a) => this.act(a) });
    return this.boardView;
  }

  render() {
    const room = this.room;
    const { you } = room;
    const focused = focusKey(document.activeElement);
    const board = this.board();
    if (this.viewPly !== null && this.viewPly >= room.ply) this.viewPly = null;
    const live = this.viewPly === null;
    const moves = offeredMoves(room, { live, banned: this.banned, online: this.online });
    // an earlier ply is only ever shown once its position is known (showPly)
    const state = live ? room.position : this.positions.atOrBefore(this.viewPly);
    const shownTurn = turnBefore(room.history, this.shownPly, this.positions);
    const { pending } = room.position;
    board.update({
      state, moves, flip: this.flipped ?? you === 'black',
      last: shownTurn,
      // the rows a removal waits for, for those who do not remove them
      rows: live && !moves && room.status === 'live' && pending && pending.rows ? pending.rows : null,
      confirm: this.confirmMoves,
    });
    if (!this.boardWrap.contains(board.svg)) this.boardWrap.replaceChildren(this.offlineBar, this.browseBar, board.svg, this.boardTools);
    this.renderOfflineBar();
    this.renderBrowseBar(shownTurn);
    this.renderBoardTools();
    this.updateTitle();
    Object.assign(this.status.dataset, { you, status: room.status, ply: String(room.ply) });
    const text = this.statusText();
    if (this.status.textContent !== text) this.status.textContent = text;
    this.sideMain.replaceChildren(...[
      this.banner(),
      this.header(),
      this.players(),
      // what the player must read and press next: on a phone it sits right under the board
      h('div', { class: 'panel play-panel', id: 'play-panel' }, this.status, this.premove(), this.drawOffer(), this.takebackOffer(), board.bar),
      this.chat.peek,
      this.claim(),
      this.controls(),
      conditionalPanel(room, this.conditionalOpen === true, (type, fields) => this.command(type, fields), (open) => { this.conditionalOpen = open; },
        this.planInputs ||= {}),
      this.rematch(),
      this.invite(),
      this.moveList(shownTurn),
    ].filter(Boolean));
    this.chat.update(room);
    if (!this.root.contains(this.layout)) this.root.replaceChildren(this.layout);
    // the redraw took the focused control away: give the focus to the same one again
    if (focused && (!document.activeElement || document.activeElement === document.body)) {
      this.layout.querySelector(focused)?.focus({ preventScroll: true });
    }
    this.tick();
    this.updateTicker();
  }

  /** Above the board while the connection is down: the board takes no move until the room is back. */
  renderOfflineBar() {
    const offline = !this.online && !this.banned;
    this.offlineBar.hidden = !offline;
    this.boardWrap.classList.toggle('offline', offline);
    const text = offline ? 'Reconnecting… the board takes no moves until the game is back.' : '';
    if (this.offlineBar.textContent !== text) this.offlineBar.textContent = text;
  }

  /** Above the board while an earlier position is shown (`turn` led to it): which, and the way back. */
  renderBrowseBar(turn) {
    const bar = this.browseBar;
    bar.hidden = this.viewPly === null;
    this.boardWrap.classList.toggle('browsing', this.viewPly !== null);
    if (this.viewPly === null) { bar.replaceChildren(); return; }
    const where = turn ? `after move ${this.game.moveNumber(turn.turn)} (${colorName(turn.steps[0].player)})` : 'at the start';
    const yours = this.room.status === 'live' && decider(this.room) === this.room.you;
    bar.dataset.ply = String(this.viewPly);
    bar.replaceChildren(h('span', {}, `Viewing the position ${where}: the game goes on.`),
      h('button', { id: 'back-to-live', class: yours ? 'primary' : null, onclick: () => {
        this.showPly(this.room.ply);
        // the button is gone: the focus goes to the board (its choice when it has one)
        (this.board().svg.querySelector('[tabindex="0"]') || this.board().svg).focus({ preventScroll: true });
      } },
        yours ? 'Back to live: your move' : 'Back to live'));
  }

  /** Under the board: flip it, and ask for a confirmation before each move is sent. */
  renderBoardTools() {
    const flipped = this.flipped ?? this.room.you === 'black';
    if (!this.flipButton) {
      this.flipButton = h('button', { id: 'flip-board', type: 'button', onclick: () => { this.flipped = !(this.flipped ?? this.room.you === 'black'); this.render(); } }, 'Flip the board');
      const confirmBox = h('input', { type: 'checkbox', id: 'confirm-moves', onchange: (e) => {
        this.confirmMoves = e.target.checked;
        localStorage.setItem(CONFIRM_KEY, String(this.confirmMoves));
        this.render();
      } });
      confirmBox.checked = this.confirmMoves;
      this.confirmRow = h('label', { class: 'confirm-moves', for: 'confirm-moves' }, confirmBox, 'Confirm each move');
      this.boardTools.replaceChildren(this.flipButton, this.confirmRow);
    }
    // pressed: turned from the way the seat shows it (Black's own view is not a flip)
    this.flipButton.setAttribute('aria-pressed', String(flipped !== (this.room.you === 'black')));
    this.confirmRow.hidden = this.room.you === 'spectator';
  }

  /** The room in a line: game and variant (the rating pool), time control, rated or casual, spectators, and the replay once over. */
  header() {
    const room = this.room;
    return h('p', { class: 'hint room-head', id: 'room-head' }, `${variantLabel(room.options)} · `,
      h('span', { id: 'time-control' }, clockLabel(room.clock)), ' · ',
      this.modeLabel(), ' · ',
      h('span', { id: 'spectators' }, `${room.spectators} watching`), ' · ',
      h('a', { href: `/rules/${room.options.game}`, id: 'rules-link', target: '_blank' }, `How to play ${this.game.title}`),
      room.status === 'finished' ? [' · ', h('a', { href: `/?replay=${this.id}` }, 'replay'), ' · ',
        h('a', { href: `/api/games/${this.id}/record`, download: '' }, 'download the record')] : []);
  }

  /** Rated or casual; a rated game over before both players moved (or aborted) says it is not rated. */
  modeLabel() {
    const room = this.room;
    const outcome = ratingOutcome(room);
    // the pool is the game and variant named before, unless a handicap makes them differ
    const mode = perfLabel(room.perf) === variantLabel(room.options) ? modeLabel(room.rated) : `${modeLabel(room.rated)} (${perfLabel(room.perf)} ratings)`;
    return h('span', { id: 'room-mode', 'data-rated': String(room.rated), 'data-outcome': outcome, 'data-perf': room.perf,
      title: outcome === 'not-rated' ? 'The game ended before both players moved: no rating changed' : `Ratings of the ${perfLabel(room.perf)} pool` },
    outcome === 'not-rated' ? 'Not rated: the game ended before both players moved' : mode);
  }

  /** The title: the page's own, or the turn alert while the tab is hidden and the decision is yours. */
  updateTitle() {
    const room = this.room;
    if (!room) return;
    const yours = room.status === 'live' && room.you !== 'spectator' && decider(room) === room.you;
    document.title = pageTitle(`${variantLabel(room.options)} · GIPF Arena`, yours, document.hidden);
  }

  /** Moves the clocks and a claim's countdown on to now, in place. */
  tick() {
    const room = this.room;
    if (!room) return;
    const readings = clockReadings(room, performance.now());
    if (readings) {
      for (const color of ['white', 'black']) {
        const face = this.sideMain.querySelector(`#clock-${color}`);
        if (!face) continue;
        const ms = readings[color];
        face.textContent = formatClock(ms, room.clock ? room.clock.kind : 'live');
        face.dataset.ms = String(Math.floor(ms));
        face.classList.toggle('running', readings.running === color);
        face.classList.toggle('low', isLowTime(ms, room.clock));
      }
    }
    const wait = claimWait(room, Date.now());
    if (wait !== null && !this.banned) {
      if ((wait === 0) !== this.claimReady) { this.render(); return; }  // the claim opens now
      const left = this.sideMain.querySelector('#claim-wait');
      if (left) left.textContent = formatCountdown(wait);
    }
  }

  /** Ticks ten times a second while a clock runs or a claim's countdown goes on. */
  updateTicker() {
    const room = this.room;
    const readings = clockReadings(room, performance.now());
    const needed = (readings && readings.running) || (claimWait(room, Date.now()) !== null && !this.claimReady);
    if (needed && !this.ticker) this.ticker = setInterval(() => { this.tick(); this.updateTicker(); }, 100);
    if (!needed && this.ticker) { clearInterval(this.ticker); this.ticker = null; }
  }

  banner() {
    const { result, you, ending, status } = this.room;
    const why = endingText(this.room);
    if (!result) {
      if (status !== 'cancelled' || !ending) return null;
      return h('div', { class: 'banner', id: 'aborted', role: 'status', 'data-by': ending.by || '', 'data-note': ending.note }, why);
    }
    const personal = you === 'spectator' || !result.winner ? '' : result.winner === you ? ' You won!' : ' You lost.';
    return h('div', { class: 'banner', id: 'result', role: 'status', 'data-winner': result.winner || 'draw', 'data-reason': result.reason },
      resultText(result, this.game) + personal,
      why ? h('div', { class: 'ending', id: 'ending', 'data-kind': ending.kind, 'data-note': ending.note }, why) : null,
      this.ratingChange());
  }

  /** A rated game's change, a line for each player: "ann 1500? → 1662? (+162)". */
  ratingChange() {
    const { ratingChange, seats } = this.room;
    const lines = ratingChangeLines(ratingChange, seats);
    if (!lines.length) return null;
    return h('ul', { class: 'rating-change', id: 'rating-change', 'data-perf': ratingChange.perf, 'aria-label': 'Rating changes' },
      lines.map((line) => h('li', {
        'data-color': line.color, 'data-name': line.name, 'data-before': line.before.rating, 'data-after': line.after.rating,
        'data-difference': line.difference, class: line.difference > 0 ? 'up' : line.difference < 0 ? 'down' : null,
      }, line.text)));
  }

  players() {
    const { position, seats, you, status, clocks } = this.room;
    const game = this.game;
    const line = (color) => {
      const seat = seats[color];
      // an account's rating in the room's pool (after the game, once a rated game changed it)
      const name = seat ? nameWithRating(seat.name, seat.rating) : 'waiting for a player…';
      // only a game under way has a player to play (not one waiting for its opponent)
      const turn = status === 'live' && position.pending && position.pending.player === color;
      return h('div', { class: `player${turn ? ' turn' : ''}`, 'data-color': color,
        'data-rating': seat && seat.rating ? seat.rating.rating : null, 'data-provisional': seat && seat.rating ? String(seat.rating.provisional) : null },
        h('span', { class: `swatch ${color}`, 'aria-hidden': 'true' }),
        h('span', { class: 'who-plays' },
          h('span', {}, `${colorName(color)}: ${name}${you === color ? ' (you)' : ''}`),
          kindLabel(seat) ? h('span', { class: `kind-badge kind-${seat.kind}` }, kindLabel(seat)) : null,
          turn ? h('span', { class: 'tag' }, 'to play') : null,
          challengeable(seat, you === color) ? h('a', { class: 'challenge-link', href: `/@/${encodeURIComponent(seat.name)}#challenge-form`,
            'aria-label': `Challenge ${seat.name}` }, 'Challenge') : null,
          h('span', { class: 'hint info' }, materialIcons(game.material(position, color)), h('span', { class: 'info-words' }, game.playerInfo(position, color)))),
        clocks ? this.clockCell(color) : null);
    };
    const info = game.positionInfo(position);
    // your own line nearest the board's bottom edge on a phone: the opponent first
    const order = you === 'white' ? ['black', 'white'] : ['white', 'black'];
    return h('div', { class: 'panel players' }, line(order[0]), line(order[1]), info ? h('div', { class: 'hint' }, info) : null);
  }

  /** A player's clock; under the opponent's, "+15 s" gives them time (#46), as lichess's "+" beside it. */
  clockCell(color) {
    const clock = h('span', { class: 'clock', id: `clock-${color}`, 'data-color': color, role: 'timer', 'aria-label': `${colorName(color)}'s clock` });
    if (color === this.room.you || !canGiveTime(this.room)) return clock;
    return h('span', { class: 'clock-cell' }, clock,
      h('button', { type: 'button', class: 'give-time', id: 'give-time', title: `Give ${who(this.room, color)} 15 seconds`,
        'aria-label': `+15 s for ${colorName(color)}`, onclick: () => this.command('give_time') }, '+15 s'));
  }

  statusText() {
    const { status, position, you, seats, sending, legal } = this.room;
    if (this.banned && status === 'live') return 'Disconnected: your account was banned.';
    if (status === 'cancelled') {
      // a snapshot does not say who aborted; a started game was aborted, an empty room cancelled
      if (this.room.ending || (seats.white && seats.black)) return 'The game was aborted: it has no result.';
      return 'This room was cancelled before anyone joined.';
    }
    if (status === 'open') return you === 'spectator' ? 'Waiting for a second player.' : 'Waiting for an opponent to join.';
    if (status === 'finished' || !position.pending) return 'The game is over.';
    const { kind, player } = position.pending;
    const decision = this.game.decisions[kind];
    // a step the server took because it was the only one is said, as any other (#43)
    const last = this.room.history[this.room.history.length - 1];
    const forced = last && last.automatic && this.game.forced ? this.game.forced(last.action) : null;
    const say = (text) => (forced ? `${forced} ${text}` : text);
    if (player === you) {
      if (sending !== null) return 'Sending…';
      return say(legal ? decision.yours : 'Your decision…');
    }
    const name = seats[player] ? seats[player].name : colorName(player);
    if (you !== 'spectator' && position.turn === you) return say(`Waiting for the opponent to choose (${name} ${decision.theirs}).`);
    if (you !== 'spectator') return say(`Waiting for ${name} ${decision.theirs}.`);
    return say(`${colorName(player)} (${name}) ${decision.theirs}.`);
  }

  controls() {
    const room = this.room;
    const { status, you, drawOffer: offer } = room;
    if (you === 'spectator' || status !== 'live' || this.banned) return null;
    const buttons = [];
    if (canAbort(room)) {
      buttons.push(h('button', { id: 'abort', title: 'End the game without a result (before both players have moved)', onclick: () => {
        if (confirm('Abort this game? It ends without a result.')) this.command('abort');
      } }, 'Abort'));
    }
    buttons.push(h('button', { class: 'danger', id: 'resign', onclick: () => {
      if (confirm('Resign this game?')) this.command('resign');
    } }, 'Resign'));
    // an offer's answer sits with the offer, under the board (drawOffer)
    if (this.game.draws && !offer) {
      buttons.push(h('button', { id: 'offer-draw', onclick: () => this.command('offer_draw') }, 'Offer a draw'));
    }
    if (canOfferTakeback(room)) {  // an arrow, so that the row stays one line beside Resign and a draw (#46)
      buttons.push(h('button', { id: 'offer-takeback', class: 'icon-button', title: 'Ask your opponent to let you play your last turn again',
        'aria-label': '↶ Ask to take back', onclick: () => this.command('offer_takeback') }, '↶'));
    }
    if (canPremove(room)) {  // the form opens under the status line, where the premove then shows
      buttons.push(h('button', { id: 'premove-open', class: 'icon-button', title: 'Queue your next action while your opponent thinks',
        'aria-label': '⇥ Premove', 'aria-expanded': this.premoveOpen ? 'true' : 'false', onclick: () => {
          this.premoveOpen = !this.premoveOpen;
          this.render();
          if (this.premoveOpen) this.layout.querySelector('#premove-input')?.focus();
        } }, '⇥'));
    }
    return h('div', { class: 'panel actionbar game-controls', id: 'game-controls' }, buttons);
  }

  /** The reader's premove (#46), or its form once opened. */
  premove() {
    if (this.room.premove) this.premoveOpen = false;
    return premoveLine(this.room, this.premoveOpen === true, (type, fields) => this.command(type, fields), this.planInputs ||= {});
  }

  /** A takeback request in words (#46), with its answer for the opponent, under the board. */
  takebackOffer() {
    const room = this.room;
    const { takebackOffer: by, you, status } = room;
    if (!by || status !== 'live') return null;
    const text = by === you ? `You asked to take back your last turn: waiting for ${who(room, other(you))} to answer.`
      : you === 'spectator' ? `${who(room, by)} asks to take back their last turn.`
        : `${who(room, by)} asks to take back their last turn. Accept it, decline it, or play on (a move declines it).`;
    const answer = you !== 'spectator' && by !== you && !this.banned;
    return h('div', { class: 'draw-offer', id: 'takeback-offer', 'data-by': by }, h('p', {}, text),
      answer ? h('div', { class: 'actionbar' },
        h('button', { class: 'primary', id: 'accept-takeback', onclick: () => this.command('answer_takeback', { accept: true }) }, 'Accept the takeback'),
        h('button', { id: 'decline-takeback', onclick: () => this.command('answer_takeback', { accept: false }) }, 'Decline')) : null);
  }

  /** A draw offer in words, for the players and the spectators alike. */
  drawOffer() {
    const room = this.room;
    const { drawOffer: offer, you, status } = room;
    if (!offer || status !== 'live') return null;
    const text = offer === you ? `You offered a draw: waiting for ${who(room, other(you))} to answer.`
      : you === 'spectator' ? `${who(room, offer)} offers a draw.`
        : `${who(room, offer)} offers a draw. Accept it, decline it, or play on (a move declines it).`;
    const answer = you !== 'spectator' && offer !== you && !this.banned;
    return h('div', { class: 'draw-offer', id: 'draw-offer', 'data-by': offer }, h('p', {}, text),
      // the answer in the panel under the board: in view on a phone, with no scrolling (#43)
      answer ? h('div', { class: 'actionbar' },
        h('button', { class: 'primary', id: 'accept-draw', onclick: () => this.command('answer_draw', { accept: true }) }, 'Accept the draw'),
        h('button', { id: 'decline-draw', onclick: () => this.command('answer_draw', { accept: false }) }, 'Decline')) : null);
  }

  /** The countdown while the opponent is gone on their decision, then the claim buttons. */
  claim() {
    const room = this.room;
    const wait = claimWait(room, Date.now());
    this.claimReady = wait === null ? null : wait === 0;
    if (wait === null || this.banned) return null;
    const them = who(room, other(room.you));
    if (wait > 0) {
      return h('div', { class: 'panel claim', id: 'claim', role: 'status' },
        h('p', { id: 'claim-countdown' }, `${them} has left the game. If they do not come back, you may claim it in `,
          h('strong', { id: 'claim-wait', class: 'countdown' }, formatCountdown(wait)), '.'));
    }
    return h('div', { class: 'panel claim', id: 'claim', 'data-ready': '' },
      h('p', {}, `${them} has been gone too long. Claim the game, or keep waiting for them.`),
      h('div', { class: 'actionbar' },
        h('button', { class: 'primary', id: 'claim-victory', onclick: () => this.command('claim_victory') }, 'Claim victory'),
        this.game.draws ? h('button', { id: 'claim-draw', onclick: () => this.command('claim_draw') }, 'Claim a draw') : null));
  }

  /** Rematch: ask, wait, accept, or the way to the new room. */
  rematch() {
    const room = this.room;
    const state = rematchStatus(room);
    if (!state) return null;
    if (state === 'made') {
      const player = room.you !== 'spectator';
      return h('div', { class: 'panel rematch', id: 'rematch-panel', 'data-state': state },
        h('a', { id: 'rematch-link', href: player ? `/?room=${encodeURIComponent(room.rematch)}` : `/?watch=${encodeURIComponent(room.rematch)}` },
          h('button', { class: 'primary', tabindex: -1 }, player ? 'Go to the rematch' : 'Watch the rematch')));
    }
    if (this.banned) return null;
    const ask = (label, primary) => h('button', { id: 'rematch', class: primary ? 'primary' : null, onclick: () => this.command('rematch') }, label);
    const content = {
      available: () => [ask('Rematch', false)],
      offered: () => [h('span', { class: 'hint', id: 'rematch-offered' }, 'Rematch offered: waiting for your opponent.')],
      answer: () => [h('span', {}, `${who(room, other(room.you))} asks for a rematch.`), ask('Accept the rematch', true)],
    }[state]();
    return h('div', { class: 'panel rematch actionbar', id: 'rematch-panel', 'data-state': state }, content);
  }

  invite() {
    const { status, you, visibility } = this.room;
    if (status !== 'open' || you === 'spectator') return null;
    const link = `${location.origin}/?room=${this.id}`;
    return h('div', { class: 'panel invite' }, h('label', { for: 'invite' }, visibility === 'private' ? 'Private game: send this link to your opponent' : 'Invite link'),
      h('input', { id: 'invite', readonly: true, value: link, onfocus: (e) => e.target.select() }),
      h('button', { id: 'cancel-room', style: 'margin-top:.6em', onclick: () => {
        if (confirm('Cancel this room?')) this.command('cancel_room');
      } }, 'Cancel the room'));
  }

  /** The moves, each turn a button that shows the position after it; the one shown (`shown` led to it) marked. */
  moveList(shown) {
    const { history } = this.room;
    const ends = new Map(turnSpans(history).map((span) => [span.turn, span.end]));
    const items = this.game.moveList(history).map(({ number, turns }) => h('li', { value: number },
      turns.map(({ turn, text }) => {
        const current = shown && shown.turn === turn;
        return h('button', { class: `turn-link${current ? ' current' : ''}`, type: 'button', 'data-turn': turn, 'data-ply': ends.get(turn),
          'data-key': `turn-${turn}`, 'aria-current': current ? 'step' : null, title: 'Show the position after this move',
          onclick: () => this.showPly(this.positionAfter(ends.get(turn))) }, text);
      })));
    const list = h('div', { class: 'panel moves', role: 'region', 'aria-label': 'Moves' }, h('h2', {}, 'Moves'),
      items.length ? h('ol', { id: 'moves' }, items) : h('p', { class: 'hint' }, 'No moves yet.'),
      items.length ? h('p', { class: 'hint keys' }, '← → step through the moves') : null,
      // a touch screen has no arrow keys: buttons instead (#43)
      items.length ? h('div', { class: 'step-buttons actionbar' },
        h('button', { type: 'button', id: 'step-back', 'aria-label': 'The move before', onclick: () => this.stepMove(-1) }, '◀ Back'),
        h('button', { type: 'button', id: 'step-forward', 'aria-label': 'The move after', onclick: () => this.stepMove(1) }, 'Forward ▶')) : null);
    queueMicrotask(() => {
      const current = list.querySelector('.current');
      // live: the newest move in sight; earlier: the one shown
      if (this.viewPly === null || !current) list.scrollTop = list.scrollHeight;
      else list.scrollTop = current.offsetTop - list.clientHeight / 2;
    });
    return list;
  }
}
