// The pure parts of the play screen's comfort: the earlier positions and the
// turn before a position (positions.js), the last turn's marks (last_turn.js
// with each board's notation), the keyboard's way over the board and the tap's
// nearest choice (targets.js), and GIPF's piece count (a GIPF piece is two).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Positions, turnSpans, turnBefore, stepPly } from '../../web-client/js/positions.js';
import { turnMarks, changedPoints, removedPieces } from '../../web-client/js/boards/last_turn.js';
import { nextInDirection, nearest } from '../../web-client/js/boards/targets.js';
import { notation as gipfNotation, pieceCount } from '../../web-client/js/boards/gipf_board.js';
import { notation as yinshNotation, between } from '../../web-client/js/boards/yinsh_board.js';

const step = (ply, turn, player, action, automatic = false) => ({ ply, turn, player, action, automatic });

describe('positions', () => {
  const history = [
    step(0, 0, 'white', 'e1-e2'), step(1, 1, 'black', 'a1-b2'),
    step(2, 2, 'white', 'e1-e5'), step(3, 2, 'white', 'xb2,c3,d4,e5'), step(4, 2, 'black', 'xe2,f2,g2,h2', true),
    step(5, 3, 'black', 'i5-h5'),
  ];

  test('turn spans: the steps of each turn, where it starts and the ply after it', () => {
    const spans = turnSpans(history);
    assert.deepEqual(spans.map(({ turn, start, end }) => ({ turn, start, end })),
      [{ turn: 0, start: 0, end: 1 }, { turn: 1, start: 1, end: 2 }, { turn: 2, start: 2, end: 5 }, { turn: 3, start: 5, end: 6 }]);
    assert.equal(spans[2].steps.length, 3, 'the opponent\'s removal belongs to the mover\'s turn');
  });

  test('the turn before a position, with the board when it began (null when not known)', () => {
    const positions = new Positions();
    positions.merge([{ ply: 0, state: { board: { a: 'w' } } }, { ply: 2, state: { board: { b: 'w' } } }]);
    const last = turnBefore(history, 5, positions);
    assert.equal(last.turn, 2);
    assert.deepEqual(last.before, { b: 'w' });
    assert.deepEqual(last.steps.map((s) => s.action), ['e1-e5', 'xb2,c3,d4,e5', 'xe2,f2,g2,h2']);
    assert.equal(turnBefore(history, 4, positions).steps.length, 2, 'half a turn: its steps so far');
    assert.equal(turnBefore(history, 6, positions).before, null, 'the position at ply 5 was not seen');
    assert.equal(turnBefore(history, 0, positions), null, 'the start has no turn before it');
  });

  test('the positions cover a history when each turn\'s start and end are known', () => {
    const positions = new Positions();
    assert.ok(positions.cover([]), 'nothing to cover at the start');
    positions.merge([0, 1, 2, 5].map((ply) => ({ ply, state: {} })));
    assert.equal(positions.cover(history), false, 'the position after the last turn (ply 6) is missing');
    positions.add(6, {});
    assert.ok(positions.cover(history), 'the plies inside a turn (3, 4) are not needed');
    positions.byPly.delete(2);
    assert.equal(positions.cover(history), false);
  });

  test('the nearest known position at or before a ply, and stepping through them', () => {
    const positions = new Positions();
    positions.add(0, 'start');
    positions.add(3, 'three');
    positions.add(1, 'one');
    assert.deepEqual(positions.plies(), [0, 1, 3]);
    assert.equal(positions.atOrBefore(2), 'one');
    assert.equal(positions.atOrBefore(3), 'three');
    assert.equal(positions.atOrBefore(-1), null);
    assert.equal(stepPly([0, 1, 3], 5, 5, -1), 3, 'back from live: the last known position');
    assert.equal(stepPly([0, 1, 3], 3, 5, 1), 5, 'forward from the last known: live');
    assert.equal(stepPly([0, 1, 3], 0, 5, -1), 0, 'nothing before the start');
    assert.equal(stepPly([0, 1, 3, 7], 5, 5, 1), 5, 'nothing after live (a position beyond it is ignored)');
  });
});

describe('the last turn\'s marks', () => {
  test('the board diff: what changed and what was removed', () => {
    assert.deepEqual(changedPoints({ a: 'w', b: 'b' }, { a: 'b', c: 'w' }), ['a', 'c']);
    assert.deepEqual(removedPieces({ a: 'w', b: 'b' }, { a: 'b' }), [['b', 'b']]);
  });

  test('GIPF: a push from its dot to its entry point, the pushed line changed, the removed row as ghosts', () => {
    const before = { e2: 'w', e3: 'b', b2: 'b', c3: 'w' };
    const after = { e2: 'b', e3: 'w', e4: 'b' };
    const marks = turnMarks({ before, steps: [{ action: 'Ge1-e2', player: 'black' }, { action: 'xb2,c3', player: 'black' }] }, after, gipfNotation);
    assert.deepEqual(marks.from, ['e1']);
    assert.deepEqual(marks.to, ['e2']);
    assert.deepEqual(marks.lines, [['e1', 'e2']]);
    assert.deepEqual(marks.changed.sort(), ['e3', 'e4']);
    assert.deepEqual(marks.ghosts, [['b2', 'b'], ['c3', 'w']]);
    const unknown = turnMarks({ before: null, steps: [{ action: 'e1-e2', player: 'white' }] }, after, gipfNotation);
    assert.deepEqual(unknown.ghosts, [], 'without the board before, GIPF cannot say what a removal took');
    assert.equal(turnMarks(null, after, gipfNotation), null);
  });

  test('YINSH: the flips of a ring\'s move and the ghosts of a removal, even without the board before', () => {
    assert.deepEqual(between('e3', 'e7'), ['e4', 'e5', 'e6']);
    assert.deepEqual(between('a2', 'e6'), ['b3', 'c4', 'd5']);
    assert.deepEqual(between('e3', 'f5'), [], 'not on one line');
    const after = { e3: 'w', e4: 'b', e6: 'w', e7: 'W' };
    const moved = turnMarks({ before: null, steps: [{ action: 'e3-e7', player: 'white' }] }, after, yinshNotation);
    assert.deepEqual(moved.from, ['e3']);
    assert.deepEqual(moved.to, ['e7']);
    assert.deepEqual(moved.changed, ['e4', 'e6'], 'the markers jumped over (e5 is empty)');
    const removed = turnMarks({ before: null, steps: [{ action: 'xb2-b6', player: 'black' }, { action: 'xc4', player: 'black' }] }, {}, yinshNotation);
    assert.deepEqual(removed.ghosts, [['b2', 'b'], ['b3', 'b'], ['b4', 'b'], ['b5', 'b'], ['b6', 'b'], ['c4', 'B']]);
    const placed = turnMarks({ before: {}, steps: [{ action: 'f6', player: 'white' }] }, { f6: 'W' }, yinshNotation);
    assert.deepEqual(placed.to, ['f6']);
    assert.deepEqual(placed.changed, [], 'the placed ring is marked as where the turn went, not as changed');
  });
});

describe('choices on the board', () => {
  const targets = [{ x: 0, y: 0 }, { x: 30, y: 0 }, { x: 60, y: 2 }, { x: 15, y: -26 }, { x: -26, y: 15 }];

  test('an arrow goes to the nearest choice that way, within 60°', () => {
    assert.equal(nextInDirection(targets[0], targets, 'ArrowRight'), 1);
    assert.equal(nextInDirection(targets[1], targets, 'ArrowRight'), 2);
    assert.equal(nextInDirection(targets[0], targets, 'ArrowUp'), 3);
    assert.equal(nextInDirection(targets[0], targets, 'ArrowDown'), -1, 'down-left is 60° off down: too far');
    assert.equal(nextInDirection(targets[2], targets, 'ArrowRight'), -1, 'nothing further right');
    assert.equal(nextInDirection(targets[0], targets, 'ArrowLeft'), 4, '30° below left');
  });

  test('a tap goes to the nearest choice', () => {
    assert.equal(nearest({ x: 14, y: 1 }, targets), 0);
    assert.equal(nearest({ x: 16, y: 1 }, targets), 1);
    assert.equal(nearest({ x: 0, y: 0 }, []), -1);
  });

  test('GIPF: a GIPF piece counts as two pieces', () => {
    const board = { a1: 'w', b2: 'W', c3: 'b', d4: 'w' };
    assert.equal(pieceCount(board, ['a1', 'b2', 'c3', 'd4']), 5);
    assert.equal(pieceCount(board, ['a1', 'e5']), 1, 'an empty point holds nothing');
  });
});
