// The room as the views show it, built from the server's messages by one pure
// function, reduce(state, message) → state (protocol/PROTOCOL.md, "Server →
// client"). Play, watch and replay all get their room from here; no other module
// interprets events. No DOM, no globals, no I/O: the caller sends the resync the
// state asks for and tells the user the notice it carries.

/**
 * @typedef {'white'|'black'} Color
 * @typedef {{id: number, name: string}} Seat
 * @typedef {{ply: number, player: Color, action: string, automatic: boolean, turn: number}} Step
 * @typedef {{winner: Color|null, reason: string}} Result
 * @typedef {{game: string, variant: string, white_extra?: number, black_extra?: number}} Options
 * @typedef {{ply: number, player: Color, actions: string[], moves: object[]}} Legal
 * @typedef {'draw_declined'|'cancelled'|'expired'|'aborted'|'adjudicated'|'banned'} Notice
 * @typedef {{kind: 'aborted'|'adjudicated'|'resigned', note: string}} Ending
 *   how a moderator (or a ban) ended the game, with the note the event carried
 *
 * @typedef {Object} RoomState
 * @property {string} id
 * @property {Options} options
 * @property {'public'|'private'} visibility
 * @property {number} createdAt
 * @property {{white: Seat|null, black: Seat|null}} seats
 * @property {Color|'spectator'} you
 * @property {number} seq           the last event applied (events are numbered from 1)
 * @property {number} ply           actions taken so far, forced ones included
 * @property {'open'|'live'|'finished'|'cancelled'} status
 * @property {object} position      the engine's view of the position (board, pending, turn, …)
 * @property {Result|null} result
 * @property {Color|null} drawOffer who offers a draw now
 * @property {number} spectators
 * @property {Step[]} history       every step so far, in order
 * @property {Legal|null} legal     the actions open to `you` now, when the decision is yours
 * @property {number|null} sending  the ply of an action sent and not answered yet
 * @property {number|null} resync   the last message showed a gap: ask for the events since this seq
 * @property {Notice|null} notice   the last message is news to tell the user
 * @property {Ending|null} ending   the game was ended by a moderator or a ban (from the event:
 *                                  a snapshot does not say, but an adjudication's result does)
 */

/**
 * The messages reduce() takes: the server's `room`, `event`, `legal`,
 * `spectators`, `ack` and `error`, and one of the client's own,
 * `{type: 'sent', room, ply}`: an action for that ply went to the server.
 * @typedef {{type: string, room: string|object}} Message
 */

/**
 * The room id a message is about (a snapshot's `room` is the room itself).
 * @param {Message} message
 * @returns {string|undefined}
 */
export function roomOf(message) {
  return message.type === 'room' ? message.room.id : message.room;
}

/**
 * The room after one message. `state` is null before the first snapshot; a
 * message that changes nothing returns `state` itself (`resync` and `notice`
 * are about the last message only, so they are cleared by the next one).
 * @param {RoomState|null} state
 * @param {Message} message
 * @returns {RoomState|null}
 */
export function reduce(state, message) {
  if (message.type === 'room') {
    if (state && state.id !== message.room.id) return state;
    const room = fromSnapshot(message);
    // a snapshot does not say how a moderator ended the game: keep what the event said
    return state && state.ending && room.status === state.status ? { ...room, ending: state.ending } : room;
  }
  if (!state || roomOf(message) !== state.id) return state;
  const room = state.resync === null && state.notice === null ? state : { ...state, resync: null, notice: null };
  switch (message.type) {
    case 'event': return applyEvent(room, message);
    case 'legal': {
      if (message.ply !== room.ply || message.player !== room.you) return room;  // not (or no longer) yours
      // moves[i] is what actions[i] does; the wire leaves the notation out of it.
      const { ply, player, actions } = message;
      const moves = message.moves.map((move, i) => ({ action: actions[i], ...move }));
      return { ...room, legal: { ply, player, actions, moves }, sending: null };
    }
    case 'spectators': return message.count === room.spectators ? room : { ...room, spectators: message.count };
    // `missed` and `snapshot` announce what follows (the events, or a `room`),
    // which is reduced in its turn; a duplicate says the action sent was taken.
    case 'ack': return message.duplicate && room.sending !== null ? { ...room, sending: null } : room;
    case 'error': return room.sending === null ? room : { ...room, sending: null };  // nothing changed
    case 'sent': return { ...room, sending: message.ply };
    default: return room;
  }
}

/**
 * The room of a `room` snapshot.
 * @param {object} m the snapshot: {room, seq, ply, you, status, history, state, result, draw_offer, spectators}
 * @returns {RoomState}
 */
export function fromSnapshot(m) {
  const { room } = m;
  return {
    id: room.id, options: room.options, visibility: room.visibility, createdAt: room.created_at,
    seats: { white: room.white, black: room.black }, you: m.you,
    seq: m.seq, ply: m.ply, status: m.status, position: m.state, result: m.result,
    drawOffer: m.draw_offer, spectators: m.spectators, history: m.history,
    legal: null, sending: null, resync: null, notice: null, ending: null,
  };
}

function applyEvent(room, e) {
  if (e.seq <= room.seq) return room;  // applied already (it came live and in a resync answer)
  if (e.seq > room.seq + 1) return { ...room, resync: room.seq };  // some are missing: ask for them
  const next = { ...room, seq: e.seq, ply: e.ply, status: e.status, position: e.state, result: e.result, legal: null };
  switch (e.kind) {
    case 'created':
    case 'joined': next.seats = { ...room.seats, [e.by]: e.player }; break;
    case 'action': next.history = [...room.history, ...e.steps]; next.drawOffer = null; break;
    case 'draw_offered': next.drawOffer = e.by; break;
    case 'draw_declined':
      next.drawOffer = null;
      if (room.you !== 'spectator' && e.by !== room.you) next.notice = 'draw_declined';  // our offer
      break;
    case 'draw_agreed': next.drawOffer = null; break;
    case 'resigned':
      next.drawOffer = null;
      if (e.note) {  // the server resigned for a banned player
        next.ending = { kind: 'resigned', note: e.note };
        if (e.note === 'banned') next.notice = 'banned';
      }
      break;
    case 'cancelled': next.notice = e.expired ? 'expired' : 'cancelled'; break;
    case 'aborted':  // a moderator ended it without a result
    case 'adjudicated':  // a moderator set the result
      next.drawOffer = null;
      next.ending = { kind: e.kind, note: e.note ?? '' };
      next.notice = e.kind;
      break;
    default: break;
  }
  if (next.ply !== room.ply || next.status !== 'live') next.sending = null;  // what was sent is taken or moot
  return next;
}

/**
 * The actions of each turn, indexed by the steps' `turn` (a turn is the mover's
 * actions and the removals they cause, the opponent's included).
 * @param {Step[]} history
 * @returns {string[][]}
 */
export function turns(history) {
  const byTurn = [];
  for (const step of history) (byTurn[step.turn] ||= []).push(step.action);
  return byTurn;
}

/**
 * The steps a player chose (the forced ones left out): one per action event,
 * so `choices(steps)[i]` leads to the replay's `positions[i + 1]`.
 * @param {Step[]} steps
 * @returns {Step[]}
 */
export function choices(steps) {
  return steps.filter((step) => !step.automatic);
}

/**
 * The room at one position of a game from the HTTP API (`GET /api/games/ID`):
 * the position's board and the steps that led to it, the game's seats and result.
 * @param {object} game {id, options, visibility, status, white, black, created_at, steps, state, positions}
 * @param {number} index into `game.positions`
 * @returns {RoomState}
 */
export function replayState(game, index) {
  const { ply, state } = game.positions[index];
  return fromSnapshot({
    room: { id: game.id, options: game.options, visibility: game.visibility, white: game.white, black: game.black, created_at: game.created_at },
    seq: 0, ply, you: 'spectator', status: game.status,
    history: game.steps.filter((step) => step.ply < ply),
    state, result: game.state.result, draw_offer: null, spectators: 0,
  });
}
