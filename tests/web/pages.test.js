// The lobby's and the replay's pieces that need no browser (issue #15): a live
// game's move number in the lobby is the one the game page's move list ends
// with (for every position of the recorded games), and the replay's keys.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { moveText, liveEntryText } from '../../web-client/js/lobby_view.js';
import { keyTarget, ownsKeys } from '../../web-client/js/replay_view.js';
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
