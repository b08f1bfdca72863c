// Quick pairing's grid and the seek's state on the messages the server sends
// (#46; PROTOCOL.md, Quick pairing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { POOL_ROWS, RANGES, clockOf, poolName, seekMessage, rangeAround, idle, seekHeard, seekStatusText } from '../../web-client/js/quick_pairing.js';

test('a speed is the clock the protocol takes', () => {
  assert.deepEqual(clockOf('5+5'), { kind: 'live', initial_ms: 300000, increment_ms: 5000 });
  assert.deepEqual(clockOf('30+0'), { kind: 'live', initial_ms: 1800000, increment_ms: 0 });
  assert.deepEqual(clockOf('3d'), { kind: 'correspondence', days_per_move: 3 });
});

test('the grid has the usual speeds of both games, live and by correspondence', () => {
  const yinsh = POOL_ROWS.find((r) => r.game === 'yinsh' && r.variant === 'normal');
  assert.deepEqual(yinsh.speeds, ['3+2', '5+5', '10+5', '15+10']);
  assert.deepEqual(POOL_ROWS.find((r) => r.title === 'GIPF').speeds, ['5+5', '10+5', '15+10', '30+0']);
  assert.equal(POOL_ROWS.filter((r) => r.speeds.includes('7d')).length, 2);
  assert.deepEqual(POOL_ROWS.map((r) => r.title),
    ['GIPF', 'GIPF tournament', 'GIPF by correspondence', 'YINSH', 'YINSH blitz', 'YINSH by correspondence']);
  assert.equal(poolName('yinsh', 'blitz', '3+2', true), 'yinsh:blitz/3+2/rated');
});

test('a seek says its game, clock, whether rated and the range only when given', () => {
  const row = POOL_ROWS.find((r) => r.game === 'yinsh' && r.variant === 'normal');
  assert.deepEqual(seekMessage(row, '5+5'), { type: 'seek', game: 'yinsh', variant: 'normal', clock: { kind: 'live', initial_ms: 300000, increment_ms: 5000 } });
  assert.deepEqual(seekMessage(row, '1d', { rated: true, range: { min: 1400, max: 0 } }),
    { type: 'seek', game: 'yinsh', variant: 'normal', clock: { kind: 'correspondence', days_per_move: 1 }, rated: true, rating_min: 1400 });
});

// Recorded from a server: a seek waits, then is paired; another is canceled.
const seeking = { type: 'seeking', id: 3, seek: { id: 's1', pool: 'yinsh:normal/5+5/casual', game: 'yinsh', variant: 'normal', clock: { kind: 'live', initial_ms: 300000, increment_ms: 5000 }, rated: false, rating: 1500, created_at: 1 } };
const paired = { type: 'seek_paired', seek: 's1', room: 'r9', color: 'black', opponent: { name: 'Ann', rating: 1500 } };

test('a seek waits, then pairs: the state names the room and the opponent', () => {
  let state = seekHeard(idle(), seeking);
  assert.equal(state.seeking, 's1');
  assert.match(seekStatusText(state), /Looking for an opponent/);
  state = seekHeard(state, { type: 'lobby_update' });
  assert.equal(state.seeking, 's1');
  state = seekHeard(state, paired);
  assert.deepEqual(state.paired, { room: 'r9', color: 'black', opponent: { name: 'Ann', rating: 1500 } });
  assert.equal(seekStatusText(state), 'Paired with Ann (1500): you play black. The game opens…');
});

test('a seek ends when canceled or replaced; a failed pairing says to try again; another seek\'s end is not ours', () => {
  const waiting = seekHeard(idle(), seeking);
  assert.deepEqual(seekHeard(waiting, { type: 'seek_ended', seek: 'other', reason: 'replaced' }), waiting);
  assert.deepEqual(seekHeard(waiting, { type: 'seek_ended', seek: 's1', reason: 'canceled' }), { ...idle(), ended: 'canceled' });
  const failed = seekHeard(waiting, { type: 'seek_ended', seek: 's1', reason: 'failed' });
  assert.match(seekStatusText(failed), /could not open: try again/);
  assert.equal(seekStatusText(idle()), '');
});

test('a range around one\'s rating (#46): any, or ±N points, never below 1; 1500 without a rating yet', () => {
  assert.deepEqual(RANGES, [0, 100, 200, 400]);
  assert.deepEqual(rangeAround(1612.4, 0), {});
  assert.deepEqual(rangeAround(1612.4, 200), { min: 1412, max: 1812 });
  assert.deepEqual(rangeAround(undefined, 100), { min: 1400, max: 1600 });
  assert.deepEqual(rangeAround(80, 100), { min: 1, max: 180 });
  const row = POOL_ROWS.find((r) => r.game === 'yinsh' && r.variant === 'normal');
  assert.deepEqual(seekMessage(row, '5+5', { range: rangeAround(1500, 200) }).rating_min, 1300);
});
