// The room reducer (web-client/js/room_state.js) on messages recorded from the
// real server: snapshots, every kind of event, legal moves, spectators, acks,
// errors, gaps and duplicates, and the replay's positions.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { reduce, roomOf, fromSnapshot, turns, choices, replayState, offeredMoves, canGiveTime, canOfferTakeback, planKind } from '../../web-client/js/room_state.js';
import { fixture, fold, before, first, isEvent, isType } from './support.js';

const gipf = fixture('gipf_basic.json');
const { game: gipfGame } = fixture('gipf_basic_game.json');
const yinsh = fixture('yinsh_normal.json');
const cancelled = fixture('cancelled.json');
const moderated = fixture('moderated.json');

const snapshotOf = (log) => first(log, isType('room'));
/** The room after the messages of `log` before the one `found` accepts. */
const upTo = (log, found) => fold(before(log, found));

describe('snapshots', () => {
  test('a snapshot becomes the room', () => {
    const m = snapshotOf(gipf.spectator);
    const room = reduce(null, m);
    assert.deepEqual(room, {
      id: m.room.id, options: { game: 'gipf', variant: 'basic', white_extra: 0, black_extra: 0 }, visibility: 'public',
      createdAt: m.room.created_at, seats: { white: { id: 1, name: 'Ada' }, black: null }, you: 'spectator',
      seq: 1, ply: 0, status: 'open', position: m.state, result: null, drawOffer: null, spectators: 1, history: [],
      takebackOffer: null, takebacks: false,  // recorded before takebacks (#46): none
      premove: null, conditional: [], planDropped: null,  // ... and before premoves
      legal: null, sending: null, resync: null, notice: null, ending: null,
      clock: null, clocks: null, clocksAt: null, claimAt: null, abortable: false, rematchOffer: null, rematch: null,
      chat: [], chatSeq: 0,
      // recorded before ratings: unrated, the pool from the options, no change
      rated: false, perf: 'gipf:basic', ratingChange: null,
      chatClosed: null,  // recorded before #43: nothing said, the box is shown
    });
    assert.equal(room.position.pending.kind, 'push');
    assert.equal(roomOf(m), m.room.id);
  });

  test('a snapshot says why this connection may not chat here (#43), before it types', () => {
    const m = snapshotOf(gipf.spectator);
    const closed = reduce(null, { ...m, chat_closed: 'guests may not chat in rated, ladder and event games: sign in to chat' });
    assert.match(closed.chatClosed, /sign in to chat/);
  });

  test('a player sees their own seat', () => {
    assert.equal(reduce(null, snapshotOf(gipf.white)).you, 'white');
    assert.equal(reduce(null, snapshotOf(gipf.black)).you, 'black');
    assert.equal(reduce(null, snapshotOf(gipf.black)).status, 'live');
  });

  test('nothing but a snapshot starts a room', () => {
    for (const m of gipf.white.filter((x) => x.type !== 'room')) assert.equal(reduce(null, m), null, m.type);
  });

  test('messages about another room change nothing', () => {
    const room = reduce(null, snapshotOf(gipf.spectator));
    const joined = first(gipf.spectator, isEvent('joined'));
    assert.equal(reduce(room, { ...joined, room: 'another' }), room);
    assert.equal(reduce(room, { type: 'spectators', room: 'another', count: 7 }), room);
    assert.equal(reduce(room, snapshotOf(yinsh.spectator)), room);
  });

  test('a later snapshot replaces the room, the marks about the last message included', () => {
    const log = gipf.spectator;
    const room = upTo(log, (m) => m.type === 'ack' && m.missed);
    const gap = reduce(room, { ...first(log, isEvent('resigned')), seq: 23 });
    assert.equal(gap.resync, 21);
    const snapshot = log.filter(isType('room'))[1];
    const after = reduce(gap, snapshot);
    assert.deepEqual(after, fromSnapshot(snapshot));
    assert.equal(after.resync, null);
  });
});

describe('events', () => {
  test('created seats the creator', () => {
    const m = snapshotOf(cancelled.spectator);
    const created = first(cancelled.spectator, isEvent('created'));  // from a resync since 0
    const empty = reduce(null, { ...m, seq: 0, room: { ...m.room, white: null, black: null } });
    const room = reduce(empty, created);
    assert.deepEqual(room.seats, { white: null, black: created.player });
    assert.equal(created.player.name, 'Ada');
    assert.equal(room.seq, 1);
    assert.equal(room.status, 'open');
    assert.deepEqual(empty.seats, { white: null, black: null }, 'the old room is left as it was');
  });

  test('joined seats the second player and starts the game', () => {
    const log = gipf.spectator;
    const open = upTo(log, isEvent('joined'));
    const room = reduce(open, first(log, isEvent('joined')));
    assert.equal(open.status, 'open');
    assert.deepEqual(room.seats, { white: { id: 1, name: 'Ada' }, black: { id: 2, name: 'Bo' } });
    assert.equal(room.status, 'live');
    assert.equal(room.seq, 2);
    assert.equal(room.ply, 0);
  });

  test('an action adds its steps, the forced ones after it included', () => {
    const log = gipf.spectator;
    const forced = (m) => m.type === 'event' && m.kind === 'action' && m.steps.some((s) => s.automatic);
    const event = first(log, forced);
    const beforeIt = upTo(log, forced);
    const room = reduce(beforeIt, event);
    assert.equal(event.steps.length, 2);
    assert.equal(room.history.length, beforeIt.history.length + 2);
    assert.deepEqual(room.history.slice(-2), event.steps);
    assert.deepEqual(room.history.at(-1), { action: 'xe2,f2,g2,h2', automatic: true, player: 'black', ply: 10, turn: 9 });
    assert.equal(room.ply, beforeIt.ply + 2);
    assert.equal(room.position, event.state);
    assert.equal(room.history.length, room.ply, 'one step per ply');
  });

  test('the events rebuild what a later snapshot says', () => {
    const log = gipf.spectator;
    const snapshot = log.filter(isType('room'))[1];
    const room = upTo(log, (m) => m === snapshot);
    assert.deepEqual(room, fromSnapshot(snapshot));
    assert.equal(room.history.length, 20);
  });

  test('both players and the spectator end with the same game', () => {
    const rooms = [gipf.white, gipf.black, gipf.spectator].map((log) => fold(log));
    for (const room of rooms) {
      assert.equal(room.seq, 22);
      assert.equal(room.status, 'finished');
      assert.deepEqual(room.result, { winner: 'white', reason: 'resignation' });
      assert.deepEqual(room.history, rooms[0].history);
      assert.equal(room.position.hash, rooms[0].position.hash);
      assert.equal(room.legal, null);
    }
  });

  test('resigned ends the game with a result', () => {
    const log = gipf.spectator;
    const live = upTo(log, isEvent('resigned'));
    const room = reduce(live, first(log, isEvent('resigned')));
    assert.equal(live.status, 'live');
    assert.equal(live.result, null);
    assert.equal(room.status, 'finished');
    assert.deepEqual(room.result, { winner: 'white', reason: 'resignation' });
    assert.equal(room.ply, live.ply);
    assert.equal(room.history, live.history);
    assert.equal(room.position.pending, null);
  });

  test('a draw offered, declined (the offerer is told), offered again and agreed', () => {
    const log = yinsh.white;
    const offered = reduce(upTo(log, isEvent('draw_offered')), first(log, isEvent('draw_offered')));
    assert.equal(offered.drawOffer, 'white');
    const declined = reduce(offered, first(log, isEvent('draw_declined')));
    assert.equal(declined.drawOffer, null);
    assert.equal(declined.notice, 'draw_declined');
    assert.equal(declined.status, 'live');
    const again = reduce(declined, first(log, isEvent('draw_offered', 17)));
    assert.equal(again.drawOffer, 'black');
    assert.equal(again.notice, null, 'a notice is about one message');
    const agreed = reduce(again, first(log, isEvent('draw_agreed')));
    assert.equal(agreed.drawOffer, null);
    assert.equal(agreed.status, 'finished');
    assert.deepEqual(agreed.result, { winner: null, reason: 'agreement' });
  });

  test('only the player whose offer was declined is told', () => {
    for (const log of [yinsh.black, yinsh.spectator]) {
      const room = fold(before(log, isEvent('draw_declined')).concat(first(log, isEvent('draw_declined'))));
      assert.equal(room.seq, 16);
      assert.equal(room.drawOffer, null);
      assert.equal(room.notice, null);
    }
  });

  test('an action ends a draw offer', () => {
    const log = yinsh.spectator;
    const offered = upTo(log, isEvent('draw_declined'));
    assert.equal(offered.drawOffer, 'white');
    const action = first(log, isEvent('action', 14));
    const room = reduce(offered, { ...action, seq: 16, ply: 13 });
    assert.equal(room.drawOffer, null);
    assert.equal(room.history.length, offered.history.length + 1);
  });

  test('cancelled by the creator, or by the server when nobody came', () => {
    const log = cancelled.creator;
    const byCreator = fold(log.slice(0, 6));
    assert.equal(byCreator.status, 'cancelled');
    assert.equal(byCreator.notice, 'cancelled');
    assert.equal(byCreator.result, null);
    assert.equal(byCreator.seq, 2);
    const expired = fold(log.slice(6));
    assert.equal(expired.options.game, 'gipf');
    assert.equal(expired.status, 'cancelled');
    assert.equal(expired.notice, 'expired');
    const watched = fold(before(cancelled.spectator, (m) => m.type === 'ack' && m.missed));
    assert.equal(watched.notice, 'cancelled');
    assert.equal(watched.you, 'spectator');
    const resynced = fold(cancelled.spectator);
    assert.deepEqual(resynced, { ...watched, notice: null }, 'the resync answer had nothing new');
  });

  test('resumed (#31): the clocks given back and the user told; the position, the moves offered and the history stay', () => {
    const log = yinsh.white;
    const room = upTo(log, isEvent('action', 14));
    assert.equal(room.status, 'live');
    const clocks = { white_ms: 250000, black_ms: 240000, running: room.position.to_move ?? 'white' };
    const resumed = {
      type: 'event', room: room.id, seq: room.seq + 1, kind: 'resumed', at: 1, by: clocks.running, ply: room.ply,
      status: 'live', state: room.position, result: null, credited_ms: 12000, clocks,
    };
    const next = reduce(room, resumed, 5000);
    assert.equal(next.notice, 'resumed');
    assert.deepEqual(next.clocks, clocks);
    assert.equal(next.clocksAt, 5000);
    assert.equal(next.seq, room.seq + 1);
    assert.equal(next.ply, room.ply);
    assert.equal(next.history, room.history);
    assert.equal(next.legal, room.legal);
    assert.deepEqual(reduce(next, resumed), { ...next, notice: null }, 'applied once: nothing new to tell');
  });

  test('time given (#46): the clocks carry the 15 s; the one who got them is told, the giver and spectators are not', () => {
    const clocks = { white_ms: 265000, black_ms: 250000, running: 'white' };
    const room = { ...upTo(yinsh.white, isEvent('action', 14)), clock: { kind: 'live', initial_ms: 300000, increment_ms: 0 },
      clocks: { ...clocks, white_ms: 250000 }, clocksAt: 1000 };
    // as the server sends it (tests/server/clocks_test.cpp, "give time")
    const given = (by) => ({
      type: 'event', room: room.id, seq: room.seq + 1, kind: 'time_given', at: 1, by, ply: room.ply,
      status: 'live', state: room.position, result: null, clocks,
    });
    const got = reduce(room, given('black'), 7000);
    assert.equal(got.notice, 'time_given');
    assert.deepEqual(got.clocks, clocks);
    assert.equal(got.clocksAt, 7000);
    assert.equal(got.ply, room.ply);
    assert.equal(got.history, room.history);
    assert.equal(got.legal, room.legal, 'a selection on the board survives it');
    assert.equal(reduce(room, given('white'), 7000).notice, room.notice, 'the giver is not told');
    assert.equal(reduce({ ...room, you: 'spectator' }, given('black'), 7000).notice, room.notice);
    assert.equal(canGiveTime(room), true);
    assert.equal(canGiveTime({ ...room, you: 'spectator' }), false);
    assert.equal(canGiveTime({ ...room, clock: { kind: 'correspondence', days_per_move: 3 } }), false);
    assert.equal(canGiveTime({ ...room, status: 'finished' }), false);
  });

  test('takebacks (#46): asked, declined, accepted; the history goes back to the event\'s ply; a move declines a request', () => {
    const base = { ...upTo(yinsh.white, isEvent('action', 14)), takebacks: true };
    assert.equal(base.you, 'white');
    assert.equal(canOfferTakeback(base), true);
    assert.equal(canOfferTakeback({ ...base, takebacks: false }), false);
    assert.equal(canOfferTakeback({ ...base, history: base.history.filter((s) => s.player !== 'white') }), false);
    const event = (kind, by, fields = {}) => ({
      type: 'event', room: base.id, seq: base.seq + 1, kind, at: 1, by, ply: base.ply, status: 'live', state: base.position,
      result: null, clocks: null, ...fields,
    });
    const asked = reduce(base, event('takeback_offered', 'black'));
    assert.equal(asked.takebackOffer, 'black');
    assert.equal(canOfferTakeback(asked), false, 'one request at a time');
    const declined = reduce(asked, { ...event('takeback_declined', 'white'), seq: base.seq + 2 });
    assert.equal(declined.takebackOffer, null);
    assert.equal(declined.notice, null, 'the one who declined is not told');
    const ours = reduce(reduce(base, event('takeback_offered', 'white')), { ...event('takeback_declined', 'black'), seq: base.seq + 2 });
    assert.equal(ours.notice, 'takeback_declined');
    // accepted: back to ply 10 (as the server says it: the event's ply and position)
    const back = base.history.find((s) => s.ply === 10);
    assert.ok(back, 'the recorded game has a step at ply 10');
    const accepted = reduce(reduce(base, event('takeback_offered', 'white')), { ...event('takeback_accepted', 'black'), seq: base.seq + 2, ply: 10 });
    assert.equal(accepted.ply, 10);
    assert.deepEqual(accepted.history, base.history.filter((s) => s.ply < 10));
    assert.equal(accepted.takebackOffer, null);
    assert.equal(accepted.legal, null, 'the moves offered come again with the new ply');
    assert.equal(accepted.notice, 'takeback_accepted');
    // a move declines a request
    const moved = reduce(asked, { ...event('action', 'white', { steps: [] }), seq: base.seq + 2, ply: base.ply + 1 });
    assert.equal(moved.takebackOffer, null);
  });

  test('premoves and conditional lines (#46): the plan message, a drop said once, which plan may be made, gone when the game ends', () => {
    const base = upTo(yinsh.white, isEvent('action', 14));
    assert.equal(base.you, 'white');
    const theirs = { ...base, position: { ...base.position, pending: { ...base.position.pending, player: 'black' } } };
    const ours = { ...base, position: { ...base.position, pending: { ...base.position.pending, player: 'white' } } };
    assert.equal(planKind(ours), null, 'the decision is ours: play it');
    assert.equal(planKind({ ...theirs, clock: { kind: 'live', initial_ms: 300000, increment_ms: 0 } }), 'premove');
    assert.equal(planKind({ ...theirs, clock: null }), 'premove', 'an untimed game takes premoves');
    assert.equal(planKind({ ...theirs, clock: { kind: 'correspondence', days_per_move: 3 } }), 'conditional');
    assert.equal(planKind({ ...theirs, you: 'spectator' }), null);
    const set = reduce(theirs, { type: 'plan', room: base.id, premove: 'e3', conditional: [] });
    assert.equal(set.premove, 'e3');
    assert.equal(set.notice, null);
    const dropped = reduce(set, { type: 'plan', room: base.id, premove: null, conditional: [], dropped: 'e3', reason: "'e3': the cell is taken" });
    assert.equal(dropped.premove, null);
    assert.equal(dropped.notice, 'plan_dropped');
    assert.deepEqual(dropped.planDropped, { action: 'e3', reason: "'e3': the cell is taken" });
    assert.equal(reduce(dropped, { type: 'spectators', room: base.id, count: 7 }).notice, null, 'said once');
    const line = reduce(theirs, { type: 'plan', room: base.id, premove: null, conditional: ['a1', 'b2'] });
    assert.deepEqual(line.conditional, ['a1', 'b2']);
    const watching = { ...theirs, you: 'spectator' };
    assert.equal(reduce(watching, { type: 'plan', room: base.id, premove: 'e3', conditional: [] }), watching);
    const over = reduce(line, { type: 'event', room: base.id, seq: base.seq + 1, kind: 'resigned', at: 1, by: 'black', ply: base.ply,
      status: 'finished', state: base.position, result: { winner: 'white', reason: 'resignation' }, clocks: null });
    assert.deepEqual([over.premove, over.conditional], [null, []]);
    const snapshot = fromSnapshot({ ...snapshotOf(yinsh.white), premove: 'f5', conditional: ['c4', 'd2'] });
    assert.deepEqual([snapshot.premove, snapshot.conditional], ['f5', ['c4', 'd2']]);
  });

  test('the spectator count follows spectators messages', () => {
    const room = upTo(yinsh.white, isEvent('joined'));
    assert.equal(room.spectators, 1);
    const none = reduce(room, { type: 'spectators', room: room.id, count: 0 });
    assert.equal(none.spectators, 0);
    assert.equal(reduce(none, { type: 'spectators', room: room.id, count: 0 }), none, 'the same count changes nothing');
  });
});

describe('moderation: aborted, adjudicated, resigned for a ban', () => {
  // No fixture has these (the recorder plays without accounts): the events are
  // written by hand from PROTOCOL.md, on a room recorded live.
  const log = gipf.spectator;
  const resignedEvent = first(log, isEvent('resigned'));
  const live = upTo(log, isEvent('resigned'));  // seq 21, live, black to decide
  const byModerator = (kind, fields) => ({
    type: 'event', room: live.id, seq: live.seq + 1, kind, at: resignedEvent.at, by: null, ply: live.ply,
    state: resignedEvent.state, ...fields,
  });
  const aborted = byModerator('aborted', { status: 'cancelled', result: null, note: 'both players asked for it' });
  const adjudicated = byModerator('adjudicated', { status: 'finished', result: { winner: 'black', reason: 'adjudication' }, note: 'white left a won position' });

  test('aborted: cancelled without a result, the note kept, the user told', () => {
    assert.equal(live.status, 'live');
    const room = reduce(live, aborted);
    assert.equal(room.status, 'cancelled');
    assert.equal(room.result, null);
    assert.equal(room.seq, 22);
    assert.equal(room.ply, live.ply);
    assert.equal(room.history, live.history);
    assert.deepEqual(room.ending, { kind: 'aborted', note: 'both players asked for it' });
    assert.equal(room.notice, 'aborted');
    assert.equal(room.legal, null);
    assert.equal(room.drawOffer, null);
    const later = reduce(room, { type: 'spectators', room: room.id, count: 3 });
    assert.equal(later.notice, null, 'the notice is about one message');
    assert.deepEqual(later.ending, room.ending, 'the ending stays');
  });

  test('aborted ends a draw offer and an action being sent', () => {
    const yinshLive = upTo(yinsh.white, isEvent('draw_offered'));
    const offered = reduce(yinshLive, first(yinsh.white, isEvent('draw_offered')));
    const sending = reduce(offered, { type: 'sent', room: offered.id, ply: offered.ply });
    assert.equal(sending.drawOffer, 'white');
    const room = reduce(sending, { ...aborted, room: offered.id, seq: offered.seq + 1, ply: offered.ply, state: offered.position });
    assert.equal(room.drawOffer, null);
    assert.equal(room.sending, null);
    assert.equal(room.status, 'cancelled');
  });

  test('an open room can be aborted too', () => {
    const open = upTo(log, isEvent('joined'));
    assert.equal(open.status, 'open');
    const room = reduce(open, { ...aborted, seq: open.seq + 1, ply: 0, state: open.position });
    assert.equal(room.status, 'cancelled');
    assert.equal(room.notice, 'aborted');
    assert.deepEqual(room.seats, open.seats);
  });

  test('adjudicated: finished with the moderator\'s result and note', () => {
    const room = reduce(live, adjudicated);
    assert.equal(room.status, 'finished');
    assert.deepEqual(room.result, { winner: 'black', reason: 'adjudication' });
    assert.deepEqual(room.ending, { kind: 'adjudicated', note: 'white left a won position' });
    assert.equal(room.notice, 'adjudicated');
    assert.equal(room.legal, null);
    const draw = reduce(live, { ...adjudicated, result: { winner: null, reason: 'adjudication' } });
    assert.deepEqual(draw.result, { winner: null, reason: 'adjudication' });
  });

  test('a note missing from the event is an empty one', () => {
    const { note, ...bare } = adjudicated;
    assert.ok(note);
    assert.deepEqual(reduce(live, bare).ending, { kind: 'adjudicated', note: '' });
  });

  test('resigned for a banned player: the result of a resignation, the ban told', () => {
    const room = reduce(live, { ...resignedEvent, note: 'banned' });
    assert.equal(room.status, 'finished');
    assert.deepEqual(room.result, { winner: 'white', reason: 'resignation' });
    assert.deepEqual(room.ending, { kind: 'resigned', note: 'banned' });
    assert.equal(room.notice, 'banned');
    const plain = reduce(live, resignedEvent);
    assert.equal(plain.ending, null, 'a player\'s own resignation has no note');
    assert.equal(plain.notice, null);
  });

  test('the events are applied once, like any other', () => {
    const room = reduce(live, aborted);
    assert.deepEqual(reduce(room, aborted), { ...room, notice: null }, 'the second time only clears the notice');
    const gap = reduce(live, { ...adjudicated, seq: live.seq + 2 });
    assert.equal(gap.resync, live.seq);
    assert.equal(gap.status, 'live');
    assert.equal(gap.ending, null);
  });

  test('a snapshot of the ended room keeps the ending; one of another state does not', () => {
    const room = reduce(live, adjudicated);
    const snapshot = log.filter(isType('room'))[1];
    const same = { ...snapshot, seq: 22, status: 'finished', result: adjudicated.result };
    const after = reduce(room, same);
    assert.deepEqual(after, { ...fromSnapshot(same), ending: room.ending });
    assert.equal(reduce(room, snapshot).ending, null, 'a live snapshot: the ending is not about it');
    assert.equal(reduce(null, same).ending, null, 'a snapshot alone does not say');
  });

  test('the hand-written events have the recorded ones\' fields', () => {
    const fields = (m) => Object.keys(m).sort();
    assert.deepEqual(fields(aborted), fields(first(moderated.spectator, isEvent('aborted'))));
    assert.deepEqual(fields(adjudicated), fields(first(moderated.spectator, isEvent('adjudicated'))));
    const recorded = first(moderated.spectator, isEvent('resigned'));
    assert.deepEqual(fields({ ...resignedEvent, note: 'banned' }), fields(recorded));
    assert.equal(recorded.note, 'banned');
  });

  test('the purity of the new cases', () => {
    const copy = structuredClone(live);
    for (const m of [aborted, adjudicated, { ...resignedEvent, note: 'banned' }]) reduce(live, Object.freeze(m));
    assert.deepEqual(live, copy);
  });
});

describe('moderation, recorded from the server', () => {
  const { games } = moderated;
  const inRoom = (log, id) => log.filter((m) => roomOf(m) === id);
  const clients = { white: moderated.white, black: moderated.black, spectator: moderated.spectator };

  test('an aborted game: every client ends with it cancelled, no result, the note', () => {
    for (const [who, log] of Object.entries(clients)) {
      const room = fold(inRoom(log, games.aborted));
      assert.equal(room.status, 'cancelled', who);
      assert.equal(room.result, null);
      assert.deepEqual(room.ending, { kind: 'aborted', note: 'the players asked for it' });
      assert.equal(room.notice, 'aborted');
      assert.equal(room.ply, 4);
      assert.equal(room.history.length, 4);
      assert.equal(room.legal, null);
      assert.equal(room.you, who);
    }
    const event = first(moderated.white, isEvent('aborted'));
    assert.equal(event.by, null);
    assert.equal(moderated.answers.aborted.game.reason, 'aborted');
  });

  test('an adjudicated game: finished, black wins by adjudication, the note', () => {
    for (const [who, log] of Object.entries(clients)) {
      const room = fold(inRoom(log, games.adjudicated));
      assert.equal(room.status, 'finished', who);
      assert.deepEqual(room.result, { winner: 'black', reason: 'adjudication' });
      assert.deepEqual(room.ending, { kind: 'adjudicated', note: 'white left a lost position' });
      assert.equal(room.options.game, 'gipf');
      assert.equal(room.legal, null);
    }
    assert.equal(moderated.answers.adjudicated.game.result, '0-1');
  });

  test('a banned account\'s game: resigned for it, the opponent and spectators told why', () => {
    for (const who of ['black', 'spectator']) {
      const room = fold(inRoom(clients[who], games.banned));
      assert.equal(room.status, 'finished', who);
      assert.deepEqual(room.result, { winner: 'black', reason: 'resignation' });
      assert.deepEqual(room.ending, { kind: 'resigned', note: 'banned' });
      assert.equal(room.notice, 'banned');
      assert.equal(room.seats.white.name, 'Dee');
    }
    // the banned account's own socket was closed: its room stops where it was
    assert.deepEqual(moderated.account_closed, { code: 1008, reason: 'banned' });
    const own = fold(inRoom(moderated.account, games.banned));
    assert.equal(own.you, 'white');
    assert.ok(own.seq < fold(inRoom(moderated.black, games.banned)).seq);
  });
});

describe('legal moves and actions sent', () => {
  const log = gipf.white;
  const started = upTo(log, isType('legal'));
  const legal = first(log, isType('legal'));

  test('legal is kept for the player who decides now', () => {
    const room = reduce(started, legal);
    assert.equal(started.legal, null);
    const moves = legal.moves.map((move, i) => ({ action: legal.actions[i], ...move }));
    assert.deepEqual(room.legal, { ply: 0, player: 'white', actions: legal.actions, moves });
    assert.equal(legal.moves[0].action, undefined);
    assert.equal(room.legal.moves.length, room.legal.actions.length);
    assert.equal(room.legal.moves[0].kind, 'push');
  });

  test('the board offers the legal moves only live, online, not banned and with nothing being sent', () => {
    const room = reduce(started, legal);
    const view = { live: true, banned: false, online: true };
    assert.equal(offeredMoves(room, view), room.legal.moves);
    assert.equal(offeredMoves(room, { ...view, online: false }), null, 'offline: a click could only be dropped');
    assert.equal(offeredMoves(room, { ...view, live: false }), null);
    assert.equal(offeredMoves(room, { ...view, banned: true }), null);
    const sent = reduce(room, { type: 'sent', room: room.id, ply: room.ply });
    assert.notEqual(sent.sending, null);
    assert.equal(offeredMoves(sent, view), null);
    assert.equal(offeredMoves(started, view), null, 'no legal list: nothing to offer');
  });

  test('legal for the other player, another ply or a spectator is ignored', () => {
    assert.equal(reduce(started, { ...legal, player: 'black' }), started);
    assert.equal(reduce(started, { ...legal, ply: 1 }), started);
    const watching = upTo(gipf.spectator, isEvent('action'));
    assert.equal(reduce(watching, { ...legal, player: 'white' }), watching);
  });

  test('every event that moves the game on clears legal; one that leaves the position (a draw offer) keeps it', () => {
    const room = fold(log.slice(log.indexOf(legal), log.indexOf(first(log, isEvent('action', 3)))), started);
    assert.ok(room.legal);
    const after = reduce(room, first(log, isEvent('action', 3)));
    assert.equal(after.legal, null);
    const white = yinsh.white;
    const offer = white.indexOf(first(white, isEvent('draw_offered')));
    const beforeOffer = fold(white.slice(0, offer));
    const offered = reduce(beforeOffer, white[offer]);
    assert.ok(beforeOffer.legal);
    assert.equal(offered.legal, beforeOffer.legal, 'kept by draw_offered: the position is the same, a selection survives');
    assert.equal(white[offer + 1].type, 'legal');
    const again = reduce(offered, white[offer + 1]);
    assert.equal(again, offered, 'the same legal moves again leave the room as it was: the board compares them by identity');
    const fewer = reduce(offered, { ...white[offer + 1], actions: white[offer + 1].actions.slice(1), moves: white[offer + 1].moves.slice(1) });
    assert.notEqual(fewer.legal, offered.legal, 'other actions at the same ply are taken');
    assert.equal(fewer.legal.actions.length, offered.legal.actions.length - 1);
  });

  test('an action sent is marked until its event, the legal moves kept meanwhile', () => {
    const room = reduce(started, legal);
    const sent = reduce(room, { type: 'sent', room: room.id, ply: 0 });
    assert.equal(sent.sending, 0);
    assert.equal(sent.legal, room.legal);
    const acked = reduce(sent, first(log, (m) => m.type === 'ack' && m.seq === 3));
    assert.equal(acked, sent, 'a plain ack changes nothing');
    const taken = reduce(acked, first(log, isEvent('action', 3)));
    assert.equal(taken.sending, null);
    assert.equal(taken.legal, null);
    assert.equal(taken.ply, 1);
  });

  test('an error ends the sending and leaves the legal moves to choose again', () => {
    const refused = first(yinsh.black, isType('error'));
    assert.equal(refused.code, 'stale_ply');
    const room = reduce(reduce(started, legal), { type: 'sent', room: started.id, ply: 0 });
    const after = reduce(room, { ...refused, room: room.id });
    assert.equal(after.sending, null);
    assert.equal(after.legal, room.legal);
    assert.equal(reduce(after, { ...refused, room: room.id }), after, 'nothing more to end');
  });

  test('node_timeout (#42): the sending ends and the room asks for the events it may have missed', () => {
    const room = reduce(reduce(started, legal), { type: 'sent', room: started.id, ply: 0 });
    const after = reduce(room, { type: 'error', code: 'node_timeout', message: 'no answer', id: 'action-1', room: room.id });
    assert.equal(after.sending, null);
    assert.equal(after.resync, room.seq, 'a resync since the last event seen');
    const idle = reduce(started, { type: 'error', code: 'node_timeout', message: 'no answer', id: 'chat-1', room: started.id });
    assert.equal(idle.resync, started.seq);
  });

  test('a duplicate ack ends the sending and changes nothing else', () => {
    const black = gipf.black;
    const duplicate = first(black, (m) => m.type === 'ack' && m.duplicate);
    const room = upTo(black, (m) => m === duplicate);
    const sent = reduce(room, { type: 'sent', room: room.id, ply: duplicate.ply });
    const after = reduce(sent, duplicate);
    assert.equal(after.sending, null);
    assert.deepEqual(after, room);
  });

  test('the end of the game ends the sending; an offer of the opponent does not', () => {
    const live = upTo(gipf.white, isEvent('resigned'));
    const sent = reduce(live, { type: 'sent', room: live.id, ply: live.ply });
    assert.equal(reduce(sent, first(gipf.white, isEvent('resigned'))).sending, null);
    const yinshLive = upTo(yinsh.black, isEvent('draw_offered'));
    const sending = reduce(yinshLive, { type: 'sent', room: yinshLive.id, ply: yinshLive.ply });
    assert.equal(reduce(sending, first(yinsh.black, isEvent('draw_offered'))).sending, yinshLive.ply);
  });
});

describe('sequence numbers', () => {
  const log = gipf.spectator;
  const events = log.filter((m) => m.type === 'event');
  const at18 = upTo(log, isEvent('action', 19));

  test('an event after a gap is not applied: the room asks for what it missed', () => {
    assert.equal(at18.seq, 18);
    const gap = reduce(at18, first(log, isEvent('action', 20)));
    assert.equal(gap.resync, 18);
    assert.equal(gap.seq, 18);
    assert.equal(gap.history, at18.history);
    assert.equal(gap.position, at18.position);
    const again = reduce(gap, first(log, isEvent('action', 21)));
    assert.notEqual(again, gap, 'every gap asks again');
    assert.equal(again.resync, 18);
    assert.equal(reduce(again, { type: 'spectators', room: at18.id, count: 2 }).resync, null, 'the ask is about one message');
  });

  test('the resync answer fills the gap: ack with missed, then the events', () => {
    let room = reduce(at18, first(log, isEvent('action', 20)));
    const ack = first(log, (m) => m.type === 'ack' && m.missed);
    assert.equal(ack.missed, 3);
    room = reduce(room, ack);
    assert.equal(room.resync, null);
    assert.equal(room.seq, 18, 'missed only announces the events');
    room = fold(log.slice(log.indexOf(ack) + 1, log.indexOf(ack) + 4), room);
    assert.equal(room.seq, 21);
    assert.deepEqual(room, fold(events.slice(0, 20), reduce(null, snapshotOf(log))));
  });

  test('events seen already are ignored', () => {
    const room = upTo(log, (m) => m.type === 'ack' && m.missed);
    assert.equal(room.seq, 21);
    for (const m of log.slice(log.indexOf(first(log, (x) => x.type === 'ack' && x.missed)), log.indexOf(first(log, (x) => x.type === 'ack' && x.snapshot)))) {
      assert.equal(reduce(room, m), room, `${m.type} ${m.seq}`);
    }
    const resigned = reduce(room, first(log, isEvent('resigned')));
    assert.equal(reduce(resigned, first(log, isEvent('resigned'))), resigned);
  });

  test('ack with snapshot waits for the snapshot, which replaces the room', () => {
    const ack = first(log, (m) => m.type === 'ack' && m.snapshot);
    const room = upTo(log, (m) => m === ack);
    assert.equal(reduce(room, ack), room);
    const snapshot = log[log.indexOf(ack) + 1];
    assert.equal(snapshot.type, 'room');
    assert.deepEqual(reduce(room, snapshot), room, 'the same room, rebuilt by the server');
  });
});

describe('purity', () => {
  test('reduce leaves its input as it was', () => {
    const snapshot = structuredClone(snapshotOf(gipf.white));
    const copy = structuredClone(snapshot);
    const room = reduce(null, snapshot);
    const kept = structuredClone(room);
    let next = room;
    for (const m of structuredClone(gipf.white)) next = reduce(next, m);
    assert.deepEqual(snapshot, copy);
    assert.deepEqual(room, kept);
    assert.notDeepEqual(next, room);
  });
});

describe('history', () => {
  const history = gipf.spectator.filter(isType('room'))[1].history;  // the resync's snapshot, at ply 20

  test('turns groups the actions by turn, forced and opponent removals included', () => {
    const byTurn = turns(history);
    assert.equal(byTurn.length, 19);
    assert.deepEqual(byTurn[0], ['a1-c3']);
    assert.deepEqual(byTurn[9], ['f1-d2', 'xe2,f2,g2,h2']);
    const mixed = turns([
      { ply: 0, player: 'white', action: 'e1-e5', automatic: false, turn: 0 },
      { ply: 1, player: 'white', action: 'xb2,c3,d4,e5', automatic: false, turn: 0 },
      { ply: 2, player: 'black', action: 'xe2,f2,g2,h2', automatic: true, turn: 0 },
      { ply: 3, player: 'black', action: 'a1-b2', automatic: false, turn: 1 },
    ]);
    assert.deepEqual(mixed, [['e1-e5', 'xb2,c3,d4,e5', 'xe2,f2,g2,h2'], ['a1-b2']]);
  });

  test('choices are the steps a player chose, one per replay position', () => {
    const chosen = choices(gipfGame.steps);
    assert.equal(chosen.length, gipfGame.steps.length - 1);
    assert.equal(chosen.length, gipfGame.positions.length - 1);
    assert.ok(chosen.every((step) => !step.automatic));
  });
});

describe('replay', () => {
  const last = gipfGame.positions.length - 1;

  test('the start: no step, the first position, the game\'s seats and result', () => {
    const room = replayState(gipfGame, 0);
    assert.equal(room.ply, 0);
    assert.deepEqual(room.history, []);
    assert.equal(room.position, gipfGame.positions[0].state);
    assert.deepEqual(room.seats, { white: { id: 1, name: 'Ada' }, black: { id: 2, name: 'Bo' } });
    assert.deepEqual(room.result, { winner: 'white', reason: 'resignation' });
    assert.equal(room.you, 'spectator');
    assert.equal(room.status, 'finished');
  });

  test('after an action with a forced removal, both its steps are in the history', () => {
    const index = choices(gipfGame.steps).findIndex((s) => s.action === 'f1-d2') + 1;
    const room = replayState(gipfGame, index);
    assert.equal(room.ply, 11);
    assert.deepEqual(room.history.slice(-2).map((s) => s.action), ['f1-d2', 'xe2,f2,g2,h2']);
    assert.equal(room.position.hash, first(gipf.spectator, isEvent('action', 12)).state.hash);
  });

  test('the last position is the game the players saw', () => {
    const room = replayState(gipfGame, last);
    const played = fold(gipf.white);
    assert.deepEqual(room.history, played.history);
    assert.equal(room.ply, played.ply);
    assert.deepEqual(room.position.board, played.position.board);
    assert.equal(room.options, gipfGame.options);
  });
});
