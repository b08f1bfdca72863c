// A live game: the board seen from the player's own side, whose turn it is and
// what decision is pending, the move list, resign and draw controls, the result.
// Everything drawn comes from the server's snapshot and events.
import { h, toast, colorName, other, variantLabel } from './ui.js';
import { GipfBoard } from './boards/gipf_board.js';
import { YinshBoard } from './boards/yinsh_board.js';

// The sentence for a finished game.
export function resultText(result) {
  const winner = result.winner ? colorName(result.winner) : null;
  const loser = result.winner ? colorName(other(result.winner)) : null;
  switch (result.reason) {
    case 'no-reserve': return `${winner} wins: ${loser} has no piece left to bring in.`;
    case 'no-gipf': return `${winner} wins: ${loser} has no GIPF piece left on the board.`;
    case 'rings': return `${winner} wins by removing the winning ring.`;
    case 'no-markers': return winner ? `${winner} wins on rings: the markers ran out.` : 'Draw: the markers ran out with equal rings.';
    case 'no-moves': return winner ? `${winner} wins on rings: no ring could move.` : 'Draw: no ring could move, rings are equal.';
    case 'resignation': return `${winner} wins: ${loser} resigned.`;
    case 'agreement': return 'Draw by agreement.';
    default: return winner ? `${winner} wins (${result.reason}).` : `Draw (${result.reason}).`;
  }
}

const YOUR_DECISION = {
  push: 'Your move: choose a dot, then the push.',
  remove: 'Remove a row: choose it, then keep or remove each GIPF piece in it.',
  place: 'Place a ring on any free point.',
  move: 'Move a ring: choose one, then where it goes.',
  'remove-row': 'You made a row: remove five markers.',
  'remove-ring': 'Remove one of your rings.',
};

const THEIR_DECISION = {
  push: 'to move', remove: 'to remove a row', place: 'to place a ring', move: 'to move',
  'remove-row': 'to remove a row', 'remove-ring': 'to remove a ring',
};

export class GameView {
  constructor(root, connection, roomId, mode) {
    this.root = root;
    this.connection = connection;
    this.id = roomId;
    this.mode = mode;  // 'join' (take or keep a seat) or 'watch'
    this.room = null;
    this.legal = null;
    this.waiting = false;  // an action was sent and not yet answered
    connection.addEventListener('welcome', (e) => { if (!e.detail.reconnect) this.enter(); });
    connection.addEventListener('message', (e) => this.receive(e.detail));
    root.replaceChildren(h('p', { class: 'hint' }, 'Connecting to the game…'));
  }

  enter() {
    this.connection.send({ type: this.mode === 'watch' ? 'watch' : 'join_room', room: this.id });
  }

  receive(m) {
    const room = m.type === 'room' ? m.room.id : m.room;  // a snapshot's room is the room itself
    if (room !== this.id && !(m.type === 'error' && m.code === 'not_found')) return;
    switch (m.type) {
      case 'room': this.snapshot(m); break;
      case 'event': this.event(m); break;
      case 'legal':
        if (this.room && m.ply === this.room.ply && m.player === this.room.you) { this.legal = m; this.waiting = false; this.render(); }
        break;
      case 'spectators': if (this.room) { this.room.spectators = m.count; this.render(); } break;
      case 'error':
        this.waiting = false;
        if (m.code === 'not_found' && !this.room) { this.root.replaceChildren(h('p', {}, 'There is no such game. ', h('a', { href: '/' }, 'Back to the lobby'))); return; }
        if (m.code === 'room_full' && !this.room) { this.mode = 'watch'; this.enter(); toast('Both seats are taken: you are watching.'); return; }
        toast(m.message);
        if (this.room) this.render();
        break;
      default: break;
    }
  }

  snapshot(m) {
    this.room = m;
    this.legal = null;
    this.waiting = false;
    this.connection.follow(this.id, m.seq);
    this.render();
  }

  event(e) {
    if (!this.room || e.seq <= this.room.seq) return;
    if (e.seq > this.room.seq + 1) {  // a gap: ask for what is missing
      this.connection.send({ type: 'resync', room: this.id, since: this.room.seq });
      return;
    }
    const room = this.room;
    room.seq = e.seq;
    room.ply = e.ply;
    room.state = e.state;
    room.status = e.status;
    room.result = e.result;
    if (e.kind === 'joined' || e.kind === 'created') room.room[e.by] = e.player;
    if (e.kind === 'action') room.history.push(...e.steps);
    if (e.kind === 'draw_offered') room.draw_offer = e.by;
    if (['action', 'draw_declined', 'draw_agreed', 'resigned'].includes(e.kind)) room.draw_offer = null;
    if (e.kind === 'draw_declined' && e.by !== room.you && room.you !== 'spectator') toast('Your draw offer was declined.');
    if (e.kind === 'cancelled') toast(e.expired ? 'Nobody joined in time: the room was cancelled.' : 'The room was cancelled.');
    this.legal = null;
    this.connection.follow(this.id, e.seq);
    this.render();
  }

  act(action) {
    if (this.waiting || !this.legal) return;
    if (this.connection.send({ type: 'action', room: this.id, ply: this.room.ply, action })) {
      this.waiting = true;
      this.legal = null;
      this.render();
    } else {
      toast('Not connected: the move was not sent.');
    }
  }

  board() {
    if (!this.boardView) {
      const Board = this.room.room.options.game === 'gipf' ? GipfBoard : YinshBoard;
      this.boardView = new Board({ onAction: (a) => this.act(a) });
    }
    return this.boardView;
  }

  render() {
    const room = this.room;
    const you = room.you;
    const board = this.board();
    board.update({ state: room.state, moves: this.legal ? this.legal.moves : null, flip: you === 'black' });
    document.title = `${variantLabel(room.room.options)} · GIPF Arena`;
    const side = h('aside', { class: 'side' },
      this.banner(),
      this.players(),
      h('div', { class: 'panel' },
        h('p', { class: 'status', id: 'status', 'data-you': you, 'data-status': room.status }, this.statusText()),
        board.bar,
        this.controls()),
      this.invite(),
      this.moveList(),
      h('p', { class: 'hint' }, `${variantLabel(room.room.options)} · `, h('span', { id: 'spectators' }, `${room.spectators} watching`),
        room.status === 'finished' ? [' · ', h('a', { href: `/?replay=${this.id}` }, 'replay'), ' · ',
          h('a', { href: `/api/games/${this.id}/record`, download: '' }, 'download the record')] : []));
    this.root.replaceChildren(h('div', { class: 'game' }, h('div', { class: 'board-wrap' }, board.svg), side));
  }

  banner() {
    const result = this.room.result;
    if (!result) return null;
    const you = this.room.you;
    const personal = you === 'spectator' || !result.winner ? '' : result.winner === you ? ' You won!' : ' You lost.';
    return h('div', { class: 'banner', id: 'result', role: 'status', 'data-winner': result.winner || 'draw' }, resultText(result) + personal);
  }

  players() {
    const { state, room, you } = this.room;
    const line = (color) => {
      const seat = room[color];
      const name = seat ? seat.name : 'waiting for a player…';
      const turn = state.pending && state.pending.player === color;
      const info = state.game === 'gipf'
        ? `reserve ${state.reserve[color]} · lost ${state.captured[color]}`
        : `rings removed ${state.rings_removed[color]}`;
      return h('div', { class: `player${turn ? ' turn' : ''}`, 'data-color': color },
        h('span', { class: `swatch ${color}`, 'aria-hidden': 'true' }),
        h('span', {}, `${colorName(color)}: ${name}${you === color ? ' (you)' : ''}`),
        h('span', { class: 'hint' }, info), turn ? h('span', { class: 'tag' }, 'to play') : null);
    };
    const extra = state.game === 'yinsh' ? h('div', { class: 'hint' }, `markers in the pool: ${state.pool}`) : null;
    return h('div', { class: 'panel players' }, line('white'), line('black'), extra);
  }

  statusText() {
    const { status, state, you, room } = this.room;
    if (status === 'cancelled') return 'This room was cancelled before anyone joined.';
    if (status === 'open') return you === 'spectator' ? 'Waiting for a second player.' : 'Waiting for an opponent to join.';
    if (status === 'finished' || !state.pending) return 'The game is over.';
    const { kind, player } = state.pending;
    if (player === you) {
      if (this.waiting) return 'Sending…';
      return this.legal ? YOUR_DECISION[kind] : 'Your decision…';
    }
    const name = room[player] ? room[player].name : colorName(player);
    if (you !== 'spectator' && state.turn === you) return `Waiting for the opponent to choose (${name} ${THEIR_DECISION[kind]}).`;
    if (you !== 'spectator') return `Waiting for ${name} ${THEIR_DECISION[kind]}.`;
    return `${colorName(player)} (${name}) ${THEIR_DECISION[kind]}.`;
  }

  controls() {
    const { status, you, draw_offer: offer, room } = this.room;
    if (you === 'spectator' || status !== 'live') return null;
    const buttons = [h('button', { class: 'danger', onclick: () => {
      if (confirm('Resign this game?')) this.connection.send({ type: 'resign', room: this.id });
    } }, 'Resign')];
    if (room.options.game === 'yinsh') {
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
    const { status, you, room } = this.room;
    if (status !== 'open' || you === 'spectator') return null;
    const link = `${location.origin}/?room=${this.id}`;
    return h('div', { class: 'panel invite' }, h('label', { for: 'invite' }, room.visibility === 'private' ? 'Private game: send this link to your opponent' : 'Invite link'),
      h('input', { id: 'invite', readonly: true, value: link, onfocus: (e) => e.target.select() }),
      h('button', { id: 'cancel-room', style: 'margin-top:.6em', onclick: () => {
        if (confirm('Cancel this room?')) this.connection.send({ type: 'cancel_room', room: this.id });
      } }, 'Cancel the room'));
  }

  moveList() {
    const game = this.room.room.options.game;
    const turns = [];
    for (const step of this.room.history) {
      (turns[step.turn] ||= []).push(step.action);
    }
    const items = [];
    if (game === 'gipf') {
      for (let t = 0; t < turns.length; t += 2) {
        items.push(h('li', { value: t / 2 + 1 }, [turns[t], turns[t + 1]].filter(Boolean).map((x) => x.join(';')).join('  ')));
      }
    } else {
      turns.forEach((actions, t) => items.push(h('li', { value: t + 1 }, actions.join(';'))));
    }
    const list = h('div', { class: 'panel moves', 'aria-label': 'moves' }, h('h2', {}, 'Moves'), items.length ? h('ol', { id: 'moves' }, items) : h('p', { class: 'hint' }, 'No moves yet.'));
    queueMicrotask(() => { list.scrollTop = list.scrollHeight; });
    return list;
  }
}
