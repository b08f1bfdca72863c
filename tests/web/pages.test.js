// The lobby's and the replay's pieces that need no browser (issue #15): a live
// game's move number in the lobby is the one the game page's move list ends
// with (for every position of the recorded games), the replay's keys, and the
// address that follows a step at most every 200 ms (ui.js debounce).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { moveText, liveEntryText } from '../../web-client/js/lobby_view.js';
import { keyTarget } from '../../web-client/js/replay_view.js';
import { ownsKeys, debounce } from '../../web-client/js/ui.js';
import { gameModule } from '../../web-client/js/games/index.js';
import { fixture, fold } from './support.js';

/** A lobby entry as the server makes it for a room with this history: `moves` the turns begun. */
function liveEntry(options, history) {
  return { id: 'r', options, white: 'ann', black: 'bob', moves: history.length ? history.at(-1).turn + 1 : 0, ply: history.length, spectators: 0, created_at: 0 };
}

describe('a live game\'s move in the lobby', () => {
  for (const name of ['gipf_basic.json', 'yinsh_normal.json']) {
    test(`the number the game page's move list ends with, at every step (${name})`, () => {
      const room = fold(fixture(name).white);
      const game = gameModule(room.options.game);
      assert.ok(room.history.length > 10);
      for (let ply = 1; ply <= room.history.length; ply++) {
        const history = room.history.slice(0, ply);
        const lines = game.moveList(history);
        assert.equal(moveText(liveEntry(room.options, history)), `move ${lines.at(-1).number}`, `after ${ply} steps`);
      }
    });
  }

  test('GIPF counts White\'s and Black\'s turn as one move, YINSH each turn', () => {
    assert.equal(moveText({ options: { game: 'gipf', variant: 'standard' }, moves: 16 }), 'move 8');
    assert.equal(moveText({ options: { game: 'gipf', variant: 'standard' }, moves: 15 }), 'move 8');
    assert.equal(moveText({ options: { game: 'gipf', variant: 'standard' }, moves: 1 }), 'move 1');
    assert.equal(moveText({ options: { game: 'yinsh', variant: 'normal' }, moves: 16 }), 'move 16');
  });

  test('before the first move', () => {
    const entry = { options: { game: 'gipf', variant: 'basic' }, white: 'ann', black: 'bob', moves: 0, spectators: 3, rated: false, clock: null };
    assert.equal(moveText(entry), 'no move yet');
    assert.match(liveEntryText(entry), / · no move yet · 3 watching$/);
  });
});

describe('the replay\'s keys', () => {
  test('← → step, Home and End jump, within the game', () => {
    assert.equal(keyTarget('ArrowLeft', 5, 9), 4);
    assert.equal(keyTarget('ArrowRight', 5, 9), 6);
    assert.equal(keyTarget('ArrowLeft', 0, 9), 0);
    assert.equal(keyTarget('ArrowRight', 9, 9), 9);
    assert.equal(keyTarget('Home', 5, 9), 0);
    assert.equal(keyTarget('End', 5, 9), 9);
  });

  test('other keys are not the replay\'s', () => {
    for (const key of ['ArrowUp', 'ArrowDown', 'Enter', ' ', 'a', 'PageDown']) assert.equal(keyTarget(key, 5, 9), null);
  });

  test('a field, a select or the slider keeps its own keys; a button or a link does not', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT']) assert.equal(ownsKeys({ tagName }), true);
    assert.equal(ownsKeys({ tagName: 'DIV', isContentEditable: true }), true);
    for (const tagName of ['BUTTON', 'A', 'BODY', 'LI']) assert.equal(ownsKeys({ tagName, isContentEditable: false }), false);
    assert.equal(ownsKeys(null), false);
    assert.equal(ownsKeys(globalThis), false, 'the window, which has no tag');
  });
});

describe('a call made at most once per wait (the address that follows each step)', () => {
  /** A clock the test moves by hand. */
  function manualClock() {
    const clock = { time: 0, timers: [] };
    clock.now = () => clock.time;
    clock.later = (fn, ms) => { const timer = { fn, at: clock.time + ms }; clock.timers.push(timer); return timer; };
    clock.cancel = (timer) => { clock.timers = clock.timers.filter((t) => t !== timer); };
    clock.advance = (ms) => {
      clock.time += ms;
      for (const timer of clock.timers.filter((t) => t.at <= clock.time)) { clock.cancel(timer); timer.fn(); }
    };
    return clock;
  }

  test('the first call at once; those within the wait once at its end, with the last arguments', () => {
    const clock = manualClock();
    const calls = [];
    const follow = debounce((url) => calls.push(url), 200, clock);
    follow('a');
    assert.deepEqual(calls, ['a'], 'at once');
    for (const url of ['b', 'c', 'd']) { clock.advance(10); follow(url); }
    assert.deepEqual(calls, ['a']);
    clock.advance(169);
    assert.deepEqual(calls, ['a']);
    clock.advance(1);
    assert.deepEqual(calls, ['a', 'd'], 'the last one, 200 ms after the first');
    clock.advance(500);
    follow('e');
    assert.deepEqual(calls, ['a', 'd', 'e'], 'at once again after a quiet wait');
  });

  test('held down for 10 s: at most one call per wait', () => {
    const clock = manualClock();
    let count = 0;
    const follow = debounce(() => count++, 200, clock);
    for (let t = 0; t < 10000; t += 30) { follow(); clock.advance(30); }
    assert.ok(count <= 10000 / 200 + 1, `${count} calls`);
    assert.ok(count >= 40, `${count} calls: still following`);
  });

  test('flush makes a waiting call now, and only then', () => {
    const clock = manualClock();
    const calls = [];
    const follow = debounce((url) => calls.push(url), 200, clock);
    follow('a');
    follow('b');
    follow.flush();
    assert.deepEqual(calls, ['a', 'b']);
    follow.flush();
    assert.deepEqual(calls, ['a', 'b'], 'nothing waits');
    clock.advance(1000);
    assert.deepEqual(calls, ['a', 'b'], 'its timer is gone');
  });
});
