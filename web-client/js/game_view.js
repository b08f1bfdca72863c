// A live game: the board seen from the player's own side, whose turn it is and
// what decision is pending, the move list, resign and draw controls, the result.
// Everything drawn comes from the room state that room_state.js builds from the
// server's snapshot and events; what differs between games comes from the game's
// module.
import { h, toast, colorName, other } from './ui.js';
import { gameModule, variantLabel, resultText } from './games/index.js';
import { reduce, roomOf } from './room_state.js';

const NOTICES = {
  draw_declined: () => 'Your draw offer was declined.',
  cancelled: () => 'The room was cancelled.',
  expired: () => 'Nobody joined in time: the room was cancelled.',
  aborted: (room) => endingText(room),
  adjudicated: (room) => endingText(room),
  banned: (room) => endingText(room),
};

/** How a moderator or a ban ended the game, in words (null if neither did). */
export function endingText(room) {
  const { ending, result, seats } = room;
  if (!ending) return null;
  if (ending.kind === 'aborted') return `The game was aborted by a moderator: ${ending.note}`;
  if (ending.kind === 'adjudicated') return `The result was set by a moderator: ${ending.note}`;
  if (ending.note === 'banned' && result && result.winner) {
    const loser = other(result.winner);
    const seat = seats[loser];
    return `${colorName(loser)}${seat ? ` (${seat.name})` : ''} was banned: the game counts as resigned.`;
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
    connection.addEventListener('welcome', (e) => { if (!e.detail.reconnect) this.enter(); });
    connection.addEventListener('message', (e) => this.receive(e.detail));
    // the account was banned: the server closed the socket, nothing more can be sent
    connection.addEventListener('banned', () => { this.banned = true; if (this.room) this.render(); });
    this.banned = false;
    root.replaceChildren(h('p', { class: 'hint' }, 'Connecting to the game…'));
  }

  enter() {
    this.connection.send({ type: this.mode === 'watch' ? 'watch' : 'join_room', room: this.id });
  }

  receive(m) {
    if (roomOf(m) !== this.id && !(m.type === 'error' && m.code === 'not_found')) return;
    if (m.type === 'error') {
      if (m.code === 'not_found' && !this.room) { this.root.replaceChildren(h('p', {}, 'There is no such game. ', h('a', { href: '/' }, 'Back to the lobby'))); return; }
      if (m.code === 'room_full' && !this.room) { this.mode = 'watch'; this.enter(); toast('Both seats are taken: you are watching.'); return; }
      toast(m.message);
    }
    this.dispatch(m);
  }

  /** Reduces a message into the room, then does what the new room asks for. */
  dispatch(m) {
    const before = this.room;
    const room = reduce(before, m);
    if (room === before) return;
    this.room = room;
    if (room.resync !== null) this.connection.send({ type: 'resync', room: this.id, since: room.resync });
    if (room.notice) toast(NOTICES[room.notice](room));
    if (!before || room.seq !== before.seq) this.connection.follow(this.id, room.seq);
    this.render();
  }

  act(action) {
    const { sending, legal, ply } = this.room;
    if (sending !== null || !legal) return;
    if (this.connection.send({ type: 'action', room: this.id, ply, action })) {
      this.dispatch({ type: 'sent', room: this.id, ply });
    } else {
      toast('Not connected: the move was not sent.');
    }
  }

  get game() { return gameModule(this.room.options.game); }

  board() {
    this.boardView ||= this.game.createBoard({ onAction: (a) => this.act(a) });
    return this.boardView;
  }

  render() {
    const room = this.room;
    const { you, options } = room;
    const board = this.board();
    const moves = room.legal && room.sending === null && !this.banned ? room.legal.moves : null;
    board.update({ state: room.position, moves, flip: you === 'black' });
    document.title = `${variantLabel(options)} · GIPF Arena`;
    const side = h('aside', { class: 'side' },
      this.banner(),
      this.players(),
      h('div', { class: 'panel' },
        h('p', { class: 'status', id: 'status', 'data-you': you, 'data-status': room.status }, this.statusText()),
        board.bar,
        this.controls()),
      this.invite(),
      this.moveList(),
      h('p', { class: 'hint' }, `${variantLabel(options)} · `, h('span', { id: 'spectators' }, `${room.spectators} watching`),
        room.status === 'finished' ? [' · ', h('a', { href: `/?replay=${this.id}` }, 'replay'), ' · ',
          h('a', { href: `/api/games/${this.id}/record`, download: '' }, 'download the record')] : []));
    this.root.replaceChildren(h('div', { class: 'game' }, h('div', { class: 'board-wrap' }, board.svg), side));
  }

  banner() {
    const { result, you, ending, status } = this.room;
    const why = endingText(this.room);
    if (!result) {
      if (status !== 'cancelled' || !ending) return null;
      return h('div', { class: 'banner', id: 'aborted', role: 'status' }, why);
    }
    const personal = you === 'spectator' || !result.winner ? '' : result.winner === you ? ' You won!' : ' You lost.';
    return h('div', { class: 'banner', id: 'result', role: 'status', 'data-winner': result.winner || 'draw', 'data-reason': result.reason },
      resultText(result, this.game) + personal,
      why ? h('div', { class: 'ending', id: 'ending', 'data-kind': ending.kind, 'data-note': ending.note }, why) : null);
  }

  players() {
    const { position, seats, you, status } = this.room;
    const game = this.game;
    const line = (color) => {
      const seat = seats[color];
      const name = seat ? seat.name : 'waiting for a player…';
      const turn = status !== 'cancelled' && position.pending && position.pending.player === color;
      return h('div', { class: `player${turn ? ' turn' : ''}`, 'data-color': color },
        h('span', { class: `swatch ${color}`, 'aria-hidden': 'true' }),
        h('span', {}, `${colorName(color)}: ${name}${you === color ? ' (you)' : ''}`),
        h('span', { class: 'hint' }, game.playerInfo(position, color)), turn ? h('span', { class: 'tag' }, 'to play') : null);
    };
    const info = game.positionInfo(position);
    return h('div', { class: 'panel players' }, line('white'), line('black'), info ? h('div', { class: 'hint' }, info) : null);
  }

  statusText() {
    const { status, position, you, seats, sending, legal } = this.room;
    if (this.banned && status === 'live') return 'Disconnected: your account was banned.';
    if (status === 'cancelled') {
      if (this.room.ending) return 'The game was aborted: it has no result.';
      // a snapshot does not tell an abort from a cancel, but only a moderator ends a started game without a result
      return seats.white && seats.black ? 'The game was aborted by a moderator: it has no result.' : 'This room was cancelled before anyone joined.';
    }
    if (status === 'open') return you === 'spectator' ? 'Waiting for a second player.' : 'Waiting for an opponent to join.';
    if (status === 'finished' || !position.pending) return 'The game is over.';
    const { kind, player } = position.pending;
    const decision = this.game.decisions[kind];
    if (player === you) {
      if (sending !== null) return 'Sending…';
      return legal ? decision.yours : 'Your decision…';
    }
    const name = seats[player] ? seats[player].name : colorName(player);
    if (you !== 'spectator' && position.turn === you) return `Waiting for the opponent to choose (${name} ${decision.theirs}).`;
    if (you !== 'spectator') return `Waiting for ${name} ${decision.theirs}.`;
    return `${colorName(player)} (${name}) ${decision.theirs}.`;
  }

  controls() {
    const { status, you, drawOffer: offer } = this.room;
    if (you === 'spectator' || status !== 'live' || this.banned) return null;
    const buttons = [h('button', { class: 'danger', onclick: () => {
      if (confirm('Resign this game?')) this.connection.send({ type: 'resign', room: this.id });
    } }, 'Resign')];
    if (this.game.draws) {
      if (offer === other(you)) {
        buttons.push(h('button', { class: 'primary', onclick: () => this.connection.send({ type: 'answer_draw', room: this.id, accept: true }) }, 'Accept the draw'),
          h('button', { onclick: () => this.connection.send({ type: 'answer_draw', room: this.id, accept: false }) }, 'Decline'));
      } else if (offer === you) {
        buttons.push(h('span', { class: 'hint' }, 'Draw offered.'));
      } else {
        buttons.push(h('button', { onclick: () => this.connection.send({ type: 'offer_draw', room: this.id }) }, 'Offer a draw'));
      }
    }
    return h('div', { class: 'actionbar', style: 'margin-top:.8em' }, buttons);
  }

  invite() {
    const { status, you, visibility } = this.room;
    if (status !== 'open' || you === 'spectator') return null;
    const link = `${location.origin}/?room=${this.id}`;
    return h('div', { class: 'panel invite' }, h('label', { for: 'invite' }, visibility === 'private' ? 'Private game: send this link to your opponent' : 'Invite link'),
      h('input', { id: 'invite', readonly: true, value: link, onfocus: (e) => e.target.select() }),
      h('button', { id: 'cancel-room', style: 'margin-top:.6em', onclick: () => {
        if (confirm('Cancel this room?')) this.connection.send({ type: 'cancel_room', room: this.id });
      } }, 'Cancel the room'));
  }

  moveList() {
    const items = this.game.moveList(this.room.history).map(({ number, text }) => h('li', { value: number }, text));
    const list = h('div', { class: 'panel moves', 'aria-label': 'moves' }, h('h2', {}, 'Moves'), items.length ? h('ol', { id: 'moves' }, items) : h('p', { class: 'hint' }, 'No moves yet.'));
    queueMicrotask(() => { list.scrollTop = list.scrollHeight; });
    return list;
  }
}
