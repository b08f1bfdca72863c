// The room as the views show it, built from the server's messages by one pure
// function, reduce(state, message, now) → state (protocol/PROTOCOL.md, "Server →
// client" and "Clocks, the life of a game, and chat"). Play, watch and replay
// all get their room from here; no other module interprets events. No DOM, no
// globals, no I/O: the caller passes the time a message arrived, sends the
// resync the state asks for and tells the user the notice it carries. The
// functions after reduce() read the room for the views: the clocks at a moment,
// the chat to show, which of abort, claim and rematch apply.

/**
 * @typedef {'white'|'black'} Color
 * @typedef {{id: number, name: string, rating?: SeatRating}} Seat  `rating` for an account, in the room's perf
 * @typedef {{ply: number, player: Color, action: string, automatic: boolean, turn: number}} Step
 * @typedef {{winner: Color|null, reason: string}} Result
 * @typedef {{game: string, variant: string, white_extra?: number, black_extra?: number}} Options
 * @typedef {{ply: number, player: Color, actions: string[], moves: object[]}} Legal
 * @typedef {'draw_declined'|'cancelled'|'expired'|'aborted'|'adjudicated'|'banned'|'rematch_offer'|'resumed'|'time_given'|'takeback_declined'|'takeback_accepted'|'plan_dropped'} Notice
 * @typedef {{kind: 'aborted'|'adjudicated'|'resigned', note: string, by?: Color}} Ending
 *   how the game ended without being played out, with the note the event carried:
 *   aborted by a moderator (`note` their reason), by the server (`note`
 *   `no_first_action`) or by a player (`by` their colour, `note` ''); adjudicated
 *   by a moderator; resigned for a banned player (`note` `banned`)
 * @typedef {{kind: 'live', initial_ms: number, increment_ms: number}|{kind: 'correspondence', days_per_move: number}} TimeControl
 * @typedef {{white_ms: number, black_ms: number, running: Color|null}} Clocks
 * @typedef {'players'|'spectators'} Channel
 * @typedef {{seq: number, channel: Channel, at: number, player: Seat, text: string}} ChatMessage
 * @typedef {{rating: number, rd: number, provisional: boolean}} SeatRating
 * @typedef {{player: number, before: SeatRating, after: SeatRating}} SideChange  `player`: the player's id
 * @typedef {{perf: string, white: SideChange, black: SideChange}} RatingChange
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
 * @property {Ending|null} ending   the game was ended by an abort, a moderator or a ban (from the
 *                                  event: a snapshot does not say, but an adjudication's result does)
 * @property {TimeControl|null} clock  the room's time control (null: untimed)
 * @property {Clocks|null} clocks    as of the last event or snapshot (null: untimed)
 * @property {number|null} clocksAt  when `clocks` arrived, on the caller's clock (performance.now())
 * @property {number|null} claimAt   when the opponent who is gone may be claimed against (ms since the epoch)
 * @property {boolean} abortable     a player may still abort (not both have acted)
 * @property {Color|null} rematchOffer who offers a rematch
 * @property {string|null} rematch   the rematch's room, once made
 * @property {ChatMessage[]} chat    the messages this client may read, by seq, deleted ones left out
 * @property {number} chatSeq        the last chat seq seen (for resync's chat_since)
 * @property {boolean} rated         the game changes ratings when it finishes (both having acted)
 * @property {string} perf           the rating pool: "yinsh:blitz"
 * @property {RatingChange|null} ratingChange  what the finished rated game did to both ratings;
 *                                   the seats' ratings are then the `after` values
 */

/**
 * The messages reduce() takes: the server's `room`, `event`, `legal`,
 * `spectators`, `ack`, `error`, `opponent_gone`, `opponent_back`,
 * `rematch_offer`, `rematch`, `chat`, `chat_history`, `chat_deleted` and `rated`, and
 * one of the client's own, `{type: 'sent', room, ply}`: an action for that ply
 * went to the server.
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
 * @param {number|null} [now] when the message arrived (performance.now()): the
 *   running clock counts down from then
 * @returns {RoomState|null}
 */
export function reduce(state, message, now = null) {
  if (message.type === 'room') {
    if (state && state.id !== message.room.id) return state;
    let room = fromSnapshot(message, now);
    // the chat is not in a snapshot (chat_history follows it): keep what came so far
    if (state) room = { ...room, chat: state.chat, chatSeq: state.chatSeq };
    // a finished game's rating change heard already stays, whatever a later snapshot says
    if (state && state.ratingChange && !room.ratingChange && room.status === 'finished') room = withRatingChange(room, state.ratingChange);
    // a snapshot does not say how a moderator ended the game: keep what the event said
    return state && state.ending && room.status === state.status ? { ...room, ending: state.ending } : room;
  }
  if (!state || roomOf(message) !== state.id) return state;
  const room = state.resync === null && state.notice === null ? state : { ...state, resync: null, notice: null };
  switch (message.type) {
    case 'event': return applyEvent(room, message, now);
    case 'opponent_gone':
      return room.you === 'spectator' || room.claimAt === message.claim_at ? room : { ...room, claimAt: message.claim_at };
    case 'opponent_back': return room.claimAt === null ? room : { ...room, claimAt: null };
    case 'rematch_offer': {
      if (room.rematchOffer === message.by) return room;
      const offered = { ...room, rematchOffer: message.by };
      if (room.you !== 'spectator' && message.by !== room.you) offered.notice = 'rematch_offer';
      return offered;
    }
    case 'rematch': return room.rematch === message.next ? room : { ...room, rematch: message.next };
    case 'plan': {  // the reader's premove and conditional line as the server keeps them (#46)
      if (room.you === 'spectator') return room;
      const planned = { ...room, premove: message.premove ?? null, conditional: message.conditional ?? [] };
      if (message.dropped) {
        planned.planDropped = { action: message.dropped, reason: message.reason ?? '' };
        planned.notice = 'plan_dropped';
      }
      return planned;
    }
    case 'rated': {  // after the event that finished a rated game (again at the end of a resync)
      const { type, room: id, ...change } = message;
      return withRatingChange(room, change);
    }
    case 'chat': return withChat(room, [message]);
    case 'chat_history': return withChat(room, message.messages);
    case 'chat_deleted': {
      const chat = room.chat.filter((c) => c.seq !== message.seq);
      return chat.length === room.chat.length ? room : { ...room, chat };
    }
    case 'legal': {
      if (message.ply !== room.ply || message.player !== room.you) return room;  // not (or no longer) yours
      // sent again after an event that kept the position (a draw offer): the same
      // object stays, so the board keeps a selection or a move awaiting confirmation
      if (room.sending === null && room.legal && room.legal.ply === message.ply && sameActions(room.legal.actions, message.actions)) return room;
      // moves[i] is what actions[i] does; the wire leaves the notation out of it.
      const { ply, player, actions } = message;
      const moves = message.moves.map((move, i) => ({ action: actions[i], ...move }));
      return { ...room, legal: { ply, player, actions, moves }, sending: null };
    }
    case 'spectators': return message.count === room.spectators ? room : { ...room, spectators: message.count };
    // `missed` and `snapshot` announce what follows (the events, or a `room`),
    // which is reduced in its turn; a duplicate says the action sent was taken.
    case 'ack': return message.duplicate && room.sending !== null ? { ...room, sending: null } : room;
    // node_timeout (among nodes): the room's node did not answer, and may have
    // stored the action: the room's events since the last seen tell.
    case 'error':
      if (message.code === 'node_timeout') return { ...room, sending: null, resync: room.seq };
      return room.sending === null ? room : { ...room, sending: null };  // nothing changed
    case 'sent': return { ...room, sending: message.ply };
    default: return room;
  }
}

/**
 * The room of a `room` snapshot.
 * @param {object} m the snapshot: {room, seq, ply, you, status, history, state, result, draw_offer,
 *   spectators, clocks, claim_at, abortable, rematch_offer, rematch, rating_change, chat_closed}
 * @param {number|null} [now] when it arrived (performance.now())
 * @returns {RoomState}
 */
export function fromSnapshot(m, now = null) {
  const { room } = m;
  const clocks = m.clocks ?? null;
  const state = {
    id: room.id, options: room.options, visibility: room.visibility, createdAt: room.created_at,
    seats: { white: room.white, black: room.black }, you: m.you,
    seq: m.seq, ply: m.ply, status: m.status, position: m.state, result: m.result,
    drawOffer: m.draw_offer, spectators: m.spectators, history: m.history,
    takebackOffer: m.takeback_offer ?? null, takebacks: m.takebacks === true,  // #46
    premove: m.premove ?? null, conditional: m.conditional ?? [], planDropped: null,  // #46: the reader's own
    legal: null, sending: null, resync: null, notice: null, ending: null,
    clock: room.clock ?? null, clocks, clocksAt: clocks ? now : null, claimAt: m.claim_at ?? null,
    abortable: typeof m.abortable === 'boolean' ? m.abortable : abortableOf(m.status, m.history),
    rematchOffer: m.rematch_offer ?? null, rematch: m.rematch ?? null,
    chat: [], chatSeq: 0,
    rated: room.rated === true, perf: room.perf ?? `${room.options.game}:${room.options.variant}`, ratingChange: null,
    chatClosed: m.chat_closed ?? null,  // why this connection may not chat here, said before it types
  };
  return m.rating_change ? withRatingChange(state, m.rating_change) : state;
}

/**
 * The room with a rated game's change: kept as `ratingChange`, and each seat
 * rated as after the game (a seat says its rating as when the player sat down).
 * @param {RoomState} room
 * @param {RatingChange} change
 */
function withRatingChange(room, change) {
  if (room.ratingChange && JSON.stringify(room.ratingChange) === JSON.stringify(change)) return room;  // heard already
  const seats = { ...room.seats };
  for (const color of ['white', 'black']) {
    const side = change[color];
    if (seats[color] && side && side.after) seats[color] = { ...seats[color], rating: side.after };
  }
  return { ...room, ratingChange: change, seats };
}

/**
 * Whether a player may still abort: the game is live and not both players
 * have made an action (a forced one does not count: nobody chose it).
 * @param {string} status
 * @param {Step[]} history
 */
export function abortableOf(status, history) {
  return status === 'live' && !bothActed(history);
}

/** Whether both players have made an action (a forced one does not count: nobody chose it). */
export function bothActed(history) {
  const acted = new Set(history.filter((step) => !step.automatic).map((step) => step.player));
  return acted.has('white') && acted.has('black');
}

/**
 * Whether a rated room's game changes ratings, as PROTOCOL.md "When a game is
 * rated" says: 'rated' once it did (its change heard) or while it still may,
 * 'not-rated' for a game aborted or cancelled, or over before both players
 * acted (an event's no-show, a result set before the first moves), null for a
 * casual room.
 * @param {RoomState} room
 * @returns {'rated'|'not-rated'|null}
 */
export function ratingOutcome(room) {
  if (!room.rated) return null;
  if (room.ratingChange) return 'rated';
  if (room.status === 'cancelled') return 'not-rated';
  if (room.status === 'finished' && !bothActed(room.history)) return 'not-rated';
  return 'rated';
}

function sameActions(a, b) {
  return a.length === b.length && a.every((action, i) => action === b[i]);
}

function applyEvent(room, e, now) {
  if (e.seq <= room.seq) return room;  // applied already (it came live and in a resync answer)
  if (e.seq > room.seq + 1) return { ...room, resync: room.seq };  // some are missing: ask for them
  // the legal moves stay while the position does (a draw offer): a selection on the board survives it
  const same = e.ply === room.ply && e.status === 'live' && room.status === 'live';
  const next = { ...room, seq: e.seq, ply: e.ply, status: e.status, position: e.state, result: e.result, legal: same ? room.legal : null };
  if ('clocks' in e) {  // every event carries them (null in an untimed game)
    next.clocks = e.clocks;
    next.clocksAt = e.clocks ? now : null;
  }
  // the decider acted (so is back), or the game is over: no claim any more
  if (next.ply !== room.ply || next.status !== 'live') next.claimAt = null;
  switch (e.kind) {
    case 'created':
    case 'joined': next.seats = { ...room.seats, [e.by]: e.player }; break;
    case 'action':
      next.history = [...room.history, ...e.steps];
      next.drawOffer = null;
      next.takebackOffer = null;  // a move declines a takeback request
      break;
    case 'takeback_offered': next.takebackOffer = e.by; break;
    case 'takeback_declined':
      next.takebackOffer = null;
      if (room.you !== 'spectator' && e.by !== room.you) next.notice = 'takeback_declined';  // our request
      break;
    case 'takeback_accepted':  // the game went back to the start of the asker's turn: the steps after it go
      next.history = room.history.filter((step) => step.ply < e.ply);
      next.takebackOffer = null;
      next.drawOffer = null;
      if (room.you !== 'spectator' && e.by !== room.you) next.notice = 'takeback_accepted';
      break;
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
    case 'aborted':  // ended without a result: by a player, the server (no first action) or a moderator
    case 'adjudicated':  // a moderator set the result
      next.drawOffer = null;
      next.ending = { kind: e.kind, note: e.note ?? '' };
      if (e.by) next.ending.by = e.by;
      // a player's abort is told to the other one only (the one who aborted knows)
      if (!(e.kind === 'aborted' && e.by && e.by === room.you)) next.notice = e.kind;
      break;
    case 'resumed':  // nobody served the room for a while (a server's crash, a node's takeover): that time was given back
      next.notice = 'resumed';
      break;
    case 'time_given':  // by gave their opponent 15 s (the clocks carry it); told to the one who got it
      if (room.you !== 'spectator' && e.by !== room.you) next.notice = 'time_given';
      break;
    case 'timeout':  // by's flag fell
    case 'claimed':  // by claimed the game of an opponent gone too long
      next.drawOffer = null;
      break;
    default: break;
  }
  if (next.status !== 'live') {
    next.takebackOffer = null;
    if (room.premove || (room.conditional && room.conditional.length)) Object.assign(next, { premove: null, conditional: [] });  // the server drops them too
  }
  next.abortable = abortableOf(next.status, next.history);
  if (next.ply !== room.ply || next.status !== 'live') next.sending = null;  // what was sent is taken or moot
  return next;
}

/** Whether this reader may ask to take back their last turn (#46): the room allows it, they have chosen something, nothing is asked. */
export function canOfferTakeback(room) {
  return room.you !== 'spectator' && room.status === 'live' && room.takebacks === true && !room.takebackOffer &&
    room.history.some((step) => step.player === room.you && !step.automatic);
}

/**
 * Which plan this reader may make now (#46): 'premove' (a game that is not
 * correspondence, the opponent deciding), 'conditional' (a correspondence
 * game, the opponent deciding), or null.
 */
export function planKind(room) {
  if (room.you === 'spectator' || room.status !== 'live' || !room.position || !room.position.pending) return null;
  if (room.position.pending.player === room.you) return null;
  return room.clock && room.clock.kind === 'correspondence' ? 'conditional' : 'premove';
}

/** Whether this reader may give the opponent time (#46): a player of a game under way on a live clock. */
export function canGiveTime(room) {
  return room.you !== 'spectator' && room.status === 'live' && !!room.clocks && !!room.clock && room.clock.kind === 'live';
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

// ---- chat ----

/** The room with chat messages merged in by seq (one seen already is not added twice). */
function withChat(room, messages) {
  const known = new Set(room.chat.map((c) => c.seq));
  const fresh = messages.filter((c) => !known.has(c.seq));
  const chatSeq = messages.reduce((last, c) => Math.max(last, c.seq), room.chatSeq);
  if (!fresh.length && chatSeq === room.chatSeq) return room;
  const chat = fresh.length ? [...room.chat, ...fresh.map(chatEntry)].sort((a, b) => a.seq - b.seq) : room.chat;
  return { ...room, chat, chatSeq };
}

/** A chat message as kept: the fields of `chat_history` (the server's `chat` also has type and room). */
function chatEntry({ seq, channel, at, player, text }) {
  return { seq, channel, at, player, text };
}

/** The channel a client writes in: the players' for a seated player, else the spectators'. */
export function chatChannel(you) {
  return you === 'spectator' ? 'spectators' : 'players';
}

/**
 * The chat as the panel shows it, the two channels apart. A player who hides
 * spectator chat gets no spectator messages, and `hidden` says how many.
 * @param {RoomState} room
 * @param {boolean} hideSpectators the player's switch (a spectator always sees their channel)
 * @returns {{players: ChatMessage[], spectators: ChatMessage[], hidden: number}}
 */
export function chatView(room, hideSpectators) {
  const players = room.chat.filter((c) => c.channel === 'players');
  const spectators = room.chat.filter((c) => c.channel === 'spectators');
  if (hideSpectators && room.you !== 'spectator') return { players, spectators: [], hidden: spectators.length };
  return { players, spectators, hidden: 0 };
}

// ---- clocks ----

/**
 * What each clock shows at `now`: the running one counted down from the moment
 * its message arrived (never below 0; the server's `timeout` event ends the
 * game), the other as the server said. Null in an untimed game.
 * @param {RoomState} room
 * @param {number} now on the same clock as `reduce`'s `now` (performance.now())
 * @returns {{white: number, black: number, running: Color|null}|null}
 */
export function clockReadings(room, now) {
  const { clocks, clocksAt, status } = room;
  if (!clocks) return null;
  const running = status === 'live' ? clocks.running : null;
  const spent = running && clocksAt !== null ? Math.max(0, now - clocksAt) : 0;
  const read = (color) => Math.max(0, clocks[`${color}_ms`] - (running === color ? spent : 0));
  return { white: read('white'), black: read('black'), running };
}

// ---- the life of a game ----

/** The colour whose decision is pending (null when none). */
export function decider(room) {
  return (room && room.position && room.position.pending && room.position.pending.player) || null;
}

/**
 * Whether this message made the decision `after.you`'s in a live game (the
 * moment for a sound and a title alert): not on entering the room, not for a
 * second decision in a row of the same player.
 * @param {RoomState|null} before
 * @param {RoomState|null} after
 */
export function yourTurnBegan(before, after) {
  if (!before || !after || after.you === 'spectator' || after.status !== 'live') return false;
  if (decider(after) !== after.you) return false;
  return before.status !== 'live' || decider(before) !== after.you;
}

/** Whether `you` may abort now (a live game that not both players have acted in). */
export function canAbort(room) {
  return room.you !== 'spectator' && room.status === 'live' && room.abortable;
}

/**
 * The moves the board offers to click: the legal list while the live position
 * is shown, nothing is being sent, and the connection is open. Offline (the
 * server restarting, a lost socket) the board takes nothing: a click could only
 * be dropped, so none is offered until the room is back.
 * @param {RoomState} room
 * @param {{live: boolean, banned: boolean, online: boolean}} view
 * @returns {Array|null}
 */
export function offeredMoves(room, { live, banned, online }) {
  if (!live || !online || banned || room.sending !== null || !room.legal) return null;
  return room.legal.moves;
}

/**
 * Where the claim against an opponent gone on their decision stands for `you`:
 * null (none), or the ms left before it is accepted (0: claim now).
 * @param {RoomState} room
 * @param {number} nowEpoch ms since the epoch (Date.now())
 * @returns {number|null}
 */
export function claimWait(room, nowEpoch) {
  if (room.claimAt === null || room.you === 'spectator' || room.status !== 'live') return null;
  return Math.max(0, room.claimAt - nowEpoch);
}

/**
 * Where a rematch stands for `you`: null when none can be asked (a spectator,
 * a game not over, a room cancelled before anyone joined or by a moderator),
 * 'available' (ask), 'offered' (you asked, the opponent has not), 'answer' (the
 * opponent asked: accept), 'made' (the new room is `room.rematch`).
 * @param {RoomState} room
 * @returns {null|'available'|'offered'|'answer'|'made'}
 */
export function rematchStatus(room) {
  if (room.rematch) return 'made';
  if (room.you === 'spectator') return null;
  if (room.status === 'cancelled') {
    // only a game aborted by a player or for no first action: not a room nobody
    // joined, nor one a moderator closed
    if (!room.seats.white || !room.seats.black) return null;
    const { ending } = room;
    if (ending && ending.kind === 'aborted' && !ending.by && ending.note !== 'no_first_action') return null;
  } else if (room.status !== 'finished') {
    return null;
  }
  if (room.rematchOffer === room.you) return 'offered';
  if (room.rematchOffer) return 'answer';
  return 'available';
}
