// The room's clocks, the life of a game and chat (web-client/js/room_state.js,
// PROTOCOL.md "Clocks, the life of a game, and chat"): clocks from snapshots and
// events and their countdown, the claim against an opponent gone, abort,
// rematch, the chat's channels and the turn alert. Most cases are written by
// hand from PROTOCOL.md onto rooms recorded live before the server spoke these;
// the last group folds clocks_chat.json, recorded from the server of #12, and
// checks that the hand-written messages have the recorded ones' fields.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  reduce, fromSnapshot, abortableOf, clockReadings, claimWait, canAbort, rematchStatus,
  chatView, chatChannel, yourTurnBegan, decider,
} from '../../web-client/js/room_state.js';
import { Connection, resyncMessage } from '../../web-client/js/connection.js';
import { endingText } from '../../web-client/js/game_view.js';
import { pageTitle, TURN_TITLE } from '../../web-client/js/alerts.js';
import { formatClock } from '../../web-client/js/clock.js';
import { fixture, fold, before, first, isEvent, isType, fakeBrowser } from './support.js';

const yinsh = fixture('yinsh_normal.json');
const gipf = fixture('gipf_basic.json');
const upTo = (log, found) => fold(before(log, found));

const LIVE = { kind: 'live', initial_ms: 60_000, increment_ms: 2_000 };
const log = yinsh.white;
const snapshot = first(log, isType('room'));  // the open room, white seated
const id = snapshot.room.id;
const started = upTo(log, isEvent('action', 3));  // live, white to place the first ring
const action3 = first(log, isEvent('action', 3));  // white places
const action4 = first(log, isEvent('action', 4));  // black places
const action5 = first(log, isEvent('action', 5));  // white again
/** A snapshot of the recorded room with the new fields. */
const timedSnapshot = (fields) => ({ ...snapshot, room: { ...snapshot.room, clock: LIVE }, clocks: null, claim_at: null, abortable: false, rematch_offer: null, rematch: null, ...fields });
const clocks = (white_ms, black_ms, running) => ({ white_ms, black_ms, running });
const chat = (seq, channel, text, player = { id: 4, name: 'Ada' }) => ({ type: 'chat', room: id, seq, channel, at: 1795377560000 + seq, player, text });
const entry = ({ type, room, ...kept }) => kept;

describe('clocks', () => {
  test('a snapshot gives the time control and the clocks as of its arrival; untimed is null', () => {
    const room = reduce(null, timedSnapshot({ clocks: clocks(60_000, 60_000, null) }), 1000);
    assert.deepEqual(room.clock, LIVE);
    assert.deepEqual(room.clocks, clocks(60_000, 60_000, null));
    assert.equal(room.clocksAt, 1000);
    const untimed = reduce(null, snapshot, 1000);
    assert.equal(untimed.clock, null);
    assert.equal(untimed.clocks, null);
    assert.equal(untimed.clocksAt, null);
    assert.equal(clockReadings(untimed, 5000), null);
  });

  test('the running clock counts down from the moment its message arrived; the other stands', () => {
    const room = reduce(started, { ...action4, seq: 3, ply: 1, clocks: clocks(58_000, 60_000, 'black') }, 10_000);
    assert.equal(room.clocksAt, 10_000);
    assert.deepEqual(clockReadings(room, 10_000), { white: 58_000, black: 60_000, running: 'black' });
    assert.deepEqual(clockReadings(room, 12_500), { white: 58_000, black: 57_500, running: 'black' });
    assert.deepEqual(clockReadings(room, 9_000), { white: 58_000, black: 60_000, running: 'black' }, 'never counts up');
    assert.deepEqual(clockReadings(room, 80_000), { white: 58_000, black: 0, running: 'black' }, 'never below 0');
    assert.equal(formatClock(clockReadings(room, 61_950).black), '0:08.0');
  });

  test('every event corrects the clocks; before both have acted none runs', () => {
    const first3 = reduce(started, { ...action3, clocks: clocks(60_000, 60_000, null) }, 1_000);
    assert.deepEqual(clockReadings(first3, 30_000), { white: 60_000, black: 60_000, running: null });
    const first4 = reduce(first3, { ...action4, clocks: clocks(60_000, 60_000, 'white') }, 2_000);
    assert.equal(first4.clocksAt, 2_000);
    assert.equal(clockReadings(first4, 5_000).white, 57_000);
    const corrected = reduce(first4, { ...action5, clocks: clocks(59_100, 60_000, 'black') }, 3_000);
    assert.deepEqual(clockReadings(corrected, 3_500), { white: 59_100, black: 59_500, running: 'black' });
  });

  test('an event without clocks (an older server) keeps them; null clocks stop them', () => {
    const timed = reduce(started, { ...action3, clocks: clocks(60_000, 60_000, 'black') }, 1_000);
    const kept = reduce(timed, action4, 2_000);
    assert.equal(kept.clocks, timed.clocks);
    assert.equal(kept.clocksAt, 1_000);
    const untimed = reduce(timed, { ...action4, clocks: null }, 2_000);
    assert.equal(untimed.clocks, null);
    assert.equal(untimed.clocksAt, null);
  });

  test('a flag falls: the timeout event ends the game, the loser\'s clock at 0.0', () => {
    const running = reduce(started, { ...action3, clocks: clocks(1_500, 60_000, 'white') }, 0);
    const timeout = {
      type: 'event', room: id, seq: running.seq + 1, kind: 'timeout', at: action3.at + 1_500, by: 'white', ply: running.ply,
      status: 'finished', state: running.position, result: { winner: 'black', reason: 'timeout' }, clocks: clocks(0, 60_000, null),
    };
    const over = reduce(running, timeout, 1_600);
    assert.equal(over.status, 'finished');
    assert.deepEqual(over.result, { winner: 'black', reason: 'timeout' });
    assert.deepEqual(clockReadings(over, 99_000), { white: 0, black: 60_000, running: null });
    assert.equal(formatClock(clockReadings(over, 99_000).white), '0:00.0');
    assert.equal(over.legal, null);
  });

  test('a clock stops when the game is over, whatever running said', () => {
    const room = reduce(null, timedSnapshot({ status: 'finished', clocks: clocks(10_000, 20_000, 'white') }), 0);
    assert.deepEqual(clockReadings(room, 5_000), { white: 10_000, black: 20_000, running: null });
  });

  test('a later snapshot corrects the clocks and the moment they count from', () => {
    const room = reduce(started, { ...action3, clocks: clocks(60_000, 60_000, 'black') }, 0);
    const again = reduce(room, timedSnapshot({ seq: 3, ply: 1, status: 'live', state: action3.state, history: action3.steps, clocks: clocks(60_000, 41_000, 'black') }), 20_000);
    assert.equal(again.clocksAt, 20_000);
    assert.equal(clockReadings(again, 21_000).black, 40_000);
  });
});

describe('the claim against an opponent gone', () => {
  const live = reduce(started, action3);  // black to decide
  const claimAt = 1_795_377_600_000;

  test('opponent_gone starts the countdown; it reaches 0 at claim_at', () => {
    const gone = reduce(live, { type: 'opponent_gone', room: id, claim_at: claimAt });
    assert.equal(gone.claimAt, claimAt);
    assert.equal(claimWait(gone, claimAt - 37_000), 37_000);
    assert.equal(claimWait(gone, claimAt), 0);
    assert.equal(claimWait(gone, claimAt + 5_000), 0);
    assert.equal(reduce(gone, { type: 'opponent_gone', room: id, claim_at: claimAt }), gone, 'the same again changes nothing');
    assert.equal(claimWait(live, claimAt), null, 'no claim before');
  });

  test('opponent_back ends it', () => {
    const gone = reduce(live, { type: 'opponent_gone', room: id, claim_at: claimAt });
    const back = reduce(gone, { type: 'opponent_back', room: id });
    assert.equal(back.claimAt, null);
    assert.equal(claimWait(back, claimAt), null);
    assert.equal(reduce(back, { type: 'opponent_back', room: id }), back);
  });

  test('the decider acting, or the end of the game, ends it too', () => {
    const gone = reduce(live, { type: 'opponent_gone', room: id, claim_at: claimAt });
    assert.equal(reduce(gone, action4).claimAt, null);
    const claimed = reduce(gone, {
      type: 'event', room: id, seq: gone.seq + 1, kind: 'claimed', at: claimAt + 10, by: 'white', ply: gone.ply,
      status: 'finished', state: gone.position, result: { winner: 'white', reason: 'abandonment' }, clocks: null,
    });
    assert.equal(claimed.claimAt, null);
    assert.deepEqual(claimed.result, { winner: 'white', reason: 'abandonment' });
    assert.equal(claimWait(claimed, claimAt + 20), null);
  });

  test('from a snapshot (claim_at), and never for a spectator', () => {
    const room = reduce(null, timedSnapshot({ status: 'live', claim_at: claimAt }));
    assert.equal(claimWait(room, claimAt - 1_000), 1_000);
    const watching = fold(yinsh.spectator.filter((m) => m.type !== 'legal').slice(0, 3));
    assert.equal(watching.you, 'spectator');
    assert.equal(reduce(watching, { type: 'opponent_gone', room: watching.id, claim_at: claimAt }), watching);
    assert.equal(claimWait({ ...watching, claimAt, status: 'live' }, claimAt), null);
  });
});

describe('abort', () => {
  const step = (player, automatic = false) => ({ ply: 0, player, action: 'x', automatic, turn: 0 });

  test('abortable while the game is live and not both players have chosen an action', () => {
    assert.equal(abortableOf('open', []), false);
    assert.equal(abortableOf('live', []), true);
    assert.equal(abortableOf('live', [step('white')]), true);
    assert.equal(abortableOf('live', [step('white'), step('black', true)]), true, 'a forced action was nobody\'s choice');
    assert.equal(abortableOf('live', [step('white'), step('black')]), false);
    assert.equal(abortableOf('finished', [step('white')]), false);
  });

  test('the events follow it: joined opens it, the second player\'s first action closes it', () => {
    const open = upTo(log, isEvent('joined'));
    assert.equal(open.abortable, false);
    assert.equal(canAbort(open), false);
    assert.equal(started.abortable, true);
    assert.equal(canAbort(started), true);
    const one = reduce(started, action3);
    assert.equal(one.abortable, true);
    const both = reduce(one, action4);
    assert.equal(both.abortable, false);
    assert.equal(canAbort(both), false);
  });

  test('the snapshot\'s abortable wins over the history; without it, the history says', () => {
    assert.equal(reduce(null, timedSnapshot({ status: 'live', abortable: true })).abortable, true);
    assert.equal(reduce(null, timedSnapshot({ status: 'live', abortable: false })).abortable, false);
    const { abortable, ...old } = timedSnapshot({ status: 'live' });
    assert.equal(fromSnapshot(old).abortable, true);
  });

  test('a spectator cannot abort', () => {
    const watching = { ...started, you: 'spectator' };
    assert.equal(watching.abortable, true);
    assert.equal(canAbort(watching), false);
  });

  const abortedBy = (room, by, note) => ({
    type: 'event', room: id, seq: room.seq + 1, kind: 'aborted', at: action3.at, by, ply: room.ply,
    status: 'cancelled', state: room.position, result: null, clocks: null, ...(note ? { note } : {}),
  });

  test('aborted by a player: cancelled, no result, the other player told who', () => {
    const mine = reduce(started, abortedBy(started, 'white'));
    assert.equal(mine.status, 'cancelled');
    assert.equal(mine.result, null);
    assert.deepEqual(mine.ending, { kind: 'aborted', note: '', by: 'white' });
    assert.equal(mine.notice, null, 'the one who aborted knows');
    assert.equal(mine.abortable, false);
    const theirs = reduce({ ...started, you: 'black' }, abortedBy(started, 'white'));
    assert.equal(theirs.notice, 'aborted');
    assert.equal(endingText(theirs), 'White (Ada) aborted the game: it has no result.');
  });

  test('aborted for no first action, and by a moderator, in words', () => {
    const late = reduce(reduce(started, action3), abortedBy(reduce(started, action3), null, 'no_first_action'));
    assert.equal(decider(late), 'black');
    assert.equal(endingText(late), 'The game was aborted: Black (Bo) did not make a first move in time.');
    assert.equal(endingText({ ...late, position: { ...late.position, pending: null } }), 'The game was aborted: a first move was not made in time.');
    const moderated = reduce(started, abortedBy(started, null, 'asked by both'));
    assert.equal(endingText(moderated), 'The game was aborted by a moderator: asked by both');
  });
});

describe('rematch', () => {
  const live = upTo(gipf.white, isEvent('resigned'));
  const resigned = first(gipf.white, isEvent('resigned'));
  const over = reduce(live, resigned);
  const gipfId = over.id;

  test('none while the game is live; asked for once it is over', () => {
    assert.equal(rematchStatus(live), null);
    assert.equal(over.status, 'finished');
    assert.equal(rematchStatus(over), 'available');
  });

  test('offered by you: waiting; offered by the opponent: told, and answered', () => {
    const mine = reduce(over, { type: 'rematch_offer', room: gipfId, by: 'white' });
    assert.equal(mine.rematchOffer, 'white');
    assert.equal(rematchStatus(mine), 'offered');
    assert.equal(mine.notice, null);
    const theirs = reduce(over, { type: 'rematch_offer', room: gipfId, by: 'black' });
    assert.equal(rematchStatus(theirs), 'answer');
    assert.equal(theirs.notice, 'rematch_offer');
  });

  test('made: the new room, for the players and the spectators alike', () => {
    const made = reduce(reduce(over, { type: 'rematch_offer', room: gipfId, by: 'black' }), { type: 'rematch', room: gipfId, next: 'abc123' });
    assert.equal(made.rematch, 'abc123');
    assert.equal(rematchStatus(made), 'made');
    const watching = { ...over, you: 'spectator' };
    assert.equal(rematchStatus(watching), null);
    assert.equal(rematchStatus(reduce(watching, { type: 'rematch', room: gipfId, next: 'abc123' })), 'made');
    assert.equal(reduce(made, { type: 'rematch', room: gipfId, next: 'abc123' }), made, 'told again: nothing new');
  });

  test('from a snapshot: rematch_offer and rematch', () => {
    const base = { ...first(gipf.white, isType('room')), status: 'finished', you: 'black' };
    assert.equal(rematchStatus(fromSnapshot({ ...base, rematch_offer: 'white', rematch: null })), 'answer');
    assert.equal(rematchStatus(fromSnapshot({ ...base, rematch_offer: null, rematch: 'next1' })), 'made');
  });

  test('after an abort by a player or for no first action, not after a cancel or a moderator\'s abort', () => {
    const aborted = (by, note) => ({ ...started, status: 'cancelled', ending: { kind: 'aborted', note, ...(by ? { by } : {}) } });
    assert.equal(rematchStatus(aborted('black', '')), 'available');
    assert.equal(rematchStatus(aborted(null, 'no_first_action')), 'available');
    assert.equal(rematchStatus(aborted(null, 'the players asked for it')), null);
    const cancelled = fold(fixture('cancelled.json').creator.slice(0, 6));
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(rematchStatus(cancelled), null, 'nobody joined');
  });
});

describe('chat', () => {
  const room = started;

  test('messages are kept by seq, without their type and room; chatSeq is the last seen', () => {
    const one = reduce(room, chat(1, 'players', 'good luck'));
    assert.deepEqual(one.chat, [entry(chat(1, 'players', 'good luck'))]);
    assert.equal(one.chatSeq, 1);
    const two = reduce(one, chat(3, 'spectators', 'nice', { id: 9, name: 'Cy' }));
    assert.deepEqual(two.chat.map((c) => c.seq), [1, 3]);
    assert.equal(two.chatSeq, 3);
    assert.equal(reduce(two, chat(3, 'spectators', 'nice')), two, 'a message seen already is not added again');
  });

  test('chat_history merges in order; the history after a resync adds only what is new', () => {
    const one = reduce(room, chat(2, 'players', 'b'));
    const merged = reduce(one, { type: 'chat_history', room: id, messages: [entry(chat(1, 'players', 'a')), entry(chat(2, 'players', 'b')), entry(chat(4, 'spectators', 'd'))] });
    assert.deepEqual(merged.chat.map((c) => [c.seq, c.text]), [[1, 'a'], [2, 'b'], [4, 'd']]);
    assert.equal(merged.chatSeq, 4);
    assert.equal(reduce(merged, { type: 'chat_history', room: id, messages: [] }), merged, 'an empty history changes nothing');
  });

  test('chat_deleted takes a message out; the last seq seen stays', () => {
    const two = reduce(reduce(room, chat(1, 'players', 'a')), chat(2, 'spectators', 'rude'));
    const deleted = reduce(two, { type: 'chat_deleted', room: id, seq: 2 });
    assert.deepEqual(deleted.chat.map((c) => c.seq), [1]);
    assert.equal(deleted.chatSeq, 2);
    assert.equal(reduce(deleted, { type: 'chat_deleted', room: id, seq: 2 }), deleted, 'no such message: nothing');
  });

  test('the chat outlives a snapshot of the same room (the resync answer), and is about one room', () => {
    const talked = reduce(room, chat(1, 'players', 'a'));
    const again = reduce(talked, timedSnapshot({ status: 'live' }));
    assert.equal(again.chat, talked.chat);
    assert.equal(again.chatSeq, 1);
    assert.equal(reduce(talked, { ...chat(2, 'players', 'b'), room: 'another' }), talked);
    assert.deepEqual(reduce(null, snapshot).chat, []);
  });

  test('the channels shown apart; a player may hide the spectators\'; a spectator sees theirs', () => {
    const talked = [chat(1, 'players', 'gl'), chat(2, 'spectators', 'go white'), chat(3, 'players', 'thanks'), chat(4, 'spectators', 'wow')]
      .reduce((r, m) => reduce(r, m), room);
    const shown = chatView(talked, false);
    assert.deepEqual(shown.players.map((c) => c.text), ['gl', 'thanks']);
    assert.deepEqual(shown.spectators.map((c) => c.text), ['go white', 'wow']);
    assert.equal(shown.hidden, 0);
    const hidden = chatView(talked, true);
    assert.deepEqual(hidden.players.map((c) => c.text), ['gl', 'thanks']);
    assert.deepEqual(hidden.spectators, []);
    assert.equal(hidden.hidden, 2);
    const watching = { ...talked, you: 'spectator', chat: talked.chat.filter((c) => c.channel === 'spectators') };
    assert.deepEqual(chatView(watching, true).spectators.map((c) => c.text), ['go white', 'wow'], 'the switch is a player\'s');
    assert.equal(chatChannel('white'), 'players');
    assert.equal(chatChannel('spectator'), 'spectators');
  });

  test('purity: the chat messages and the room are left as they were', () => {
    const message = Object.freeze(chat(1, 'players', 'a'));
    const copy = structuredClone(room);
    reduce(room, message);
    reduce(room, Object.freeze({ type: 'chat_history', room: id, messages: Object.freeze([entry(message)]) }));
    assert.deepEqual(room, copy);
  });
});

describe('the turn alert', () => {
  const black = yinsh.black;
  const joined = upTo(log, isEvent('joined'));

  test('when the opponent\'s action makes the decision yours', () => {
    const waiting = upTo(black, isEvent('action', 3));
    assert.equal(waiting.you, 'black');
    const mine = reduce(waiting, first(black, isEvent('action', 3)));
    assert.equal(yourTurnBegan(waiting, mine), true);
    const theirs = reduce(mine, first(black, isEvent('action', 4)));
    assert.equal(yourTurnBegan(mine, theirs), false);
  });

  test('when the game starts on your decision; not on entering a room, not for a spectator', () => {
    assert.equal(yourTurnBegan(joined, reduce(joined, first(log, isEvent('joined')))), true);
    assert.equal(yourTurnBegan(null, started), false);
    const watching = yinsh.spectator;
    const w = upTo(watching, isEvent('action', 4));
    assert.equal(yourTurnBegan(w, reduce(w, first(watching, isEvent('action', 4)))), false);
  });

  test('not for a second decision of the same player in a row', () => {
    const mine = { ...started, position: { ...started.position, pending: { kind: 'remove-row', player: 'white' } } };
    assert.equal(yourTurnBegan(started, mine), false);
  });

  test('the title alert only while the tab is hidden and the decision is yours', () => {
    assert.equal(pageTitle('YINSH normal · GIPF Arena', true, true), TURN_TITLE);
    assert.equal(TURN_TITLE, '● Your turn — GIPF Arena');
    assert.equal(pageTitle('YINSH normal · GIPF Arena', true, false), 'YINSH normal · GIPF Arena');
    assert.equal(pageTitle('YINSH normal · GIPF Arena', false, true), 'YINSH normal · GIPF Arena');
  });
});

describe('resync with chat_since', () => {
  test('the message: chat_since only when a message was seen', () => {
    assert.deepEqual(resyncMessage('r1', 5, 0), { type: 'resync', room: 'r1', since: 5 });
    assert.deepEqual(resyncMessage('r1', 5, 7), { type: 'resync', room: 'r1', since: 5, chat_since: 7 });
  });

  const { sockets } = fakeBrowser();

  test('a reconnect asks every room followed for its events and chat since the last seen', async () => {
    const connection = new Connection();
    connection.start();
    const welcome = { type: 'welcome', protocol: 1, player: { id: 7, name: 'ada' }, token: 't', new: false, account: null };
    connection.receive(welcome);
    connection.delay = 1;  // the welcome set it back to half a second
    connection.follow('r1', 12, 4);
    connection.follow('r2', 3);
    sockets[0].dispatchEvent(Object.assign(new Event('close'), { code: 1006, reason: '' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(sockets.length, 2);
    connection.receive(welcome);
    assert.deepEqual(sockets[1].sent.filter((m) => m.type === 'resync'), [
      { type: 'resync', room: 'r1', since: 12, chat_since: 4 },
      { type: 'resync', room: 'r2', since: 3 },
    ]);
  });
});

describe('recorded from the server: clocks, abort, timeout, claim, rematch and chat', () => {
  // clocks_chat.json (record_fixtures.js): Ada (white), Bo (black) and Cy watching
  const recorded = fixture('clocks_chat.json');
  const { rooms } = recorded;
  const inRoom = (messages, room) => messages.filter((m) => m.type === 'room' ? m.room.id === room : m.room === room);
  const clients = { white: recorded.white, black: recorded.black, spectator: recorded.spectator };

  test('every event carries the clocks, and every snapshot the new fields', () => {
    for (const messages of Object.values(clients)) {
      for (const m of messages.filter(isType('event'))) assert.ok('clocks' in m, `${m.kind} ${m.seq}`);
      for (const m of messages.filter(isType('room'))) {
        for (const field of ['clocks', 'claim_at', 'abortable', 'rematch_offer', 'rematch']) assert.ok(field in m, field);
        assert.deepEqual(m.room.clock.kind, 'live');
        assert.equal(m.abortable, abortableOf(m.status, m.history), 'the history says what the server says');
      }
    }
  });

  test('the hand-written messages above have the recorded ones\' fields', () => {
    const fields = (m) => Object.keys(m).sort();
    const white = recorded.white;
    assert.deepEqual(fields(chat(1, 'players', 'x')), fields(first(white, isType('chat'))));
    assert.deepEqual(fields({ type: 'opponent_gone', room: id, claim_at: 1 }), fields(first(white, isType('opponent_gone'))));
    assert.deepEqual(fields({ type: 'rematch_offer', room: id, by: 'white' }), fields(first(white, isType('rematch_offer'))));
    assert.deepEqual(fields({ type: 'rematch', room: id, next: 'n' }), fields(first(white, isType('rematch'))));
    const history = first(recorded.spectator, (m) => m.type === 'chat_history' && m.messages.length);
    assert.deepEqual(fields(history.messages[0]), fields(entry(chat(1, 'players', 'x'))));
    const timeout = first(white, isEvent('timeout'));
    assert.deepEqual(fields(timeout), fields({ type: 'event', room: id, seq: 1, kind: 'timeout', at: 1, by: 'white', ply: 1, status: 'finished', state: {}, result: {}, clocks: {} }));
  });

  test('the clocks: none runs until both have moved, then the decider\'s, with the increment', () => {
    const white = inRoom(recorded.white, rooms.chat);
    const one = fold(before(white, isEvent('action', 4)));  // white has moved, black not yet
    assert.equal(one.clocks.running, null);
    assert.equal(one.abortable, true);
    const both = reduce(one, first(white, isEvent('action', 4)), 1000);
    assert.deepEqual(both.clocks, { white_ms: 60000, black_ms: 60000, running: 'white' });
    assert.equal(both.abortable, false);
    assert.equal(clockReadings(both, 1500).white, 59500);
    const third = reduce(both, first(white, isEvent('action', 5)), 2000);
    assert.ok(third.clocks.white_ms > 60000, 'the increment (2 s) was added');
    assert.equal(third.clocks.running, 'black');
  });

  test('the chat: the players read both channels, the spectator only theirs; a resync brings what was missed', () => {
    const texts = (room) => room.chat.map((c) => c.text);
    const white = fold(inRoom(recorded.white, rooms.chat));
    const black = fold(inRoom(recorded.black, rooms.chat));
    const spectator = fold(inRoom(recorded.spectator, rooms.chat));
    assert.deepEqual(texts(white), ['good luck', 'go white', 'thanks']);
    assert.deepEqual(texts(black), ['good luck', 'go white', 'thanks']);
    assert.deepEqual(texts(spectator), ['go white']);
    assert.equal(white.chatSeq, 3);
    assert.equal(spectator.chatSeq, 2);
    assert.deepEqual(chatView(white, true).players.map((c) => c.text), ['good luck', 'thanks']);
    assert.equal(chatView(white, true).hidden, 1);
    const refused = first(recorded.white, (m) => m.type === 'error' && m.code === 'forbidden');
    assert.equal(refused.room, rooms.chat, 'a player\'s delete_chat: forbidden');
  });

  test('resigned, then a rematch: offered, made; the new room has the colours swapped and the same clock', () => {
    const black = inRoom(recorded.black, rooms.chat);
    const offered = fold(before(black, isType('rematch')));
    assert.equal(offered.status, 'finished');
    assert.equal(offered.rematchOffer, 'white');
    assert.equal(rematchStatus(offered), 'answer');
    const made = fold(black);
    assert.equal(made.rematch, rooms.rematch);
    assert.equal(rematchStatus(made), 'made');
    assert.equal(rematchStatus(fold(inRoom(recorded.spectator, rooms.chat))), 'made', 'the spectators are told too');
    assert.equal(rematchStatus(fold(before(inRoom(recorded.white, rooms.chat), isType('rematch')))), 'offered');
    const next = fold(inRoom(recorded.black, rooms.rematch));
    assert.equal(next.you, 'white');
    assert.deepEqual(next.seats, { white: { id: 2, name: 'Bo' }, black: { id: 1, name: 'Ada' } });
    assert.deepEqual(next.clock, made.clock);
    assert.equal(next.status, 'live');
    assert.equal(canAbort(next), true);
    assert.ok(next.legal, 'the new white decides first');
  });

  test('aborted by a player after one action: no result, the opponent told, a rematch possible', () => {
    const white = fold(inRoom(recorded.white, rooms.aborted));
    assert.equal(white.status, 'cancelled');
    assert.equal(white.result, null);
    assert.deepEqual(white.ending, { kind: 'aborted', note: '', by: 'black' });
    assert.equal(white.notice, 'aborted');
    assert.equal(endingText(white), 'Black (Bo) aborted the game: it has no result.');
    assert.equal(rematchStatus(white), 'available');
    assert.equal(fold(inRoom(recorded.black, rooms.aborted)).notice, null);
  });

  test('lost on time: the loser\'s clock at 0.0, the opponent wins', () => {
    for (const messages of Object.values(clients)) {
      const room = fold(inRoom(messages, rooms.timeout));
      assert.deepEqual(room.result, { winner: 'black', reason: 'timeout' });
      const readings = clockReadings(room, 1e12);
      assert.equal(readings.white, 0);
      assert.equal(readings.running, null);
      assert.equal(formatClock(readings.white), '0:00.0');
    }
  });

  test('claimed: the countdown from opponent_gone, then the win by abandonment', () => {
    const white = inRoom(recorded.white, rooms.claimed);
    const gone = first(white, isType('opponent_gone'));
    const waiting = fold(before(white, isEvent('claimed')));
    assert.equal(waiting.claimAt, gone.claim_at);
    assert.equal(claimWait(waiting, gone.claim_at - 800), 800);
    assert.equal(claimWait(waiting, gone.claim_at), 0);
    const claimed = fold(white);
    assert.deepEqual(claimed.result, { winner: 'white', reason: 'abandonment' });
    assert.equal(claimed.claimAt, null);
    assert.equal(fold(inRoom(recorded.spectator, rooms.claimed)).claimAt, null, 'the spectator was never told');
  });
});
