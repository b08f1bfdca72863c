// Play comfort v3 (issue #33) without a browser: the replay's ?ply= and its
// words with the record's move numbers (for every position of a recorded
// game), the rules pages' paths, and their diagrams, whose points must all be
// points of the board that draws them.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { indexOfPly, positionWords } from '../../web-client/js/replay_view.js';
import { RULES, rulesGame } from '../../web-client/js/rules_view.js';
import { Positions, turnBefore, turnSpans } from '../../web-client/js/positions.js';
import { gameModule } from '../../web-client/js/games/index.js';
import { CELLS } from '../../web-client/js/boards/gipf_board.js';
import { POINTS } from '../../web-client/js/boards/yinsh_board.js';
import { chatText, CHAT_MAX } from '../../web-client/js/names.js';
import { fixture } from './support.js';

describe('the replay at a ply', () => {
  const positions = [{ ply: 0 }, { ply: 1 }, { ply: 2 }, { ply: 4 }, { ply: 5 }];
  test('the position at that ply, else the one before it (a forced action has none)', () => {
    assert.equal(indexOfPly(positions, '0'), 0);
    assert.equal(indexOfPly(positions, '2'), 2);
    assert.equal(indexOfPly(positions, '3'), 2);
    assert.equal(indexOfPly(positions, '4'), 3);
    assert.equal(indexOfPly(positions, '99'), 4, 'past the end: the end');
  });
  test('no ply, or not a number: the end', () => {
    for (const wanted of [null, undefined, '', 'x', '-1', '2.5']) assert.equal(indexOfPly(positions, wanted), 4, String(wanted));
  });
});

describe('a replay\'s position in words, numbered as the record', () => {
  const { game } = fixture('gipf_basic_game.json');
  const gipf = gameModule('gipf');
  const known = new Positions();
  known.merge(game.positions);
  const spans = turnSpans(game.steps);
  test('the start, then "after move N (colour)" at the end of every turn, "under way" inside one', () => {
    assert.equal(positionWords(gipf, null, true), 'The start of the game');
    for (const { ply } of game.positions.slice(1)) {
      const turn = turnBefore(game.steps, ply, known);
      const span = spans.find((s) => s.turn === turn.turn);
      const words = positionWords(gipf, turn, span.end <= ply);
      const number = Math.floor(turn.turn / 2) + 1;  // GIPF: one number for White's turn and Black's after it
      const colour = turn.turn % 2 === 0 ? 'White' : 'Black';
      if (span.end <= ply) assert.match(words, new RegExp(`^After move ${number} \\(${colour}\\): `), `ply ${ply}`);
      else assert.match(words, new RegExp(`^Move ${number} \\(${colour}\\) under way: `), `ply ${ply}`);
    }
  });
  test('YINSH numbers every turn', () => {
    const yinsh = gameModule('yinsh');
    const turn = { turn: 3, steps: [{ action: 'e5', player: 'black' }] };
    assert.equal(positionWords(yinsh, turn, true), 'After move 4 (Black): e5');
  });
});

describe('how to play', () => {
  test('/rules/gipf and /rules/yinsh, nothing else', () => {
    assert.equal(rulesGame('/rules/gipf'), 'gipf');
    assert.equal(rulesGame('/rules/yinsh'), 'yinsh');
    assert.equal(rulesGame('/rules/yinsh/'), 'yinsh');
    for (const path of ['/rules', '/rules/', '/rules/chess', '/rules/gipf/x', '/', '/rulesgipf']) assert.equal(rulesGame(path), null, path);
  });
  const boards = { gipf: new Set(CELLS.map((c) => c.name)), yinsh: new Set(POINTS.map((p) => p.name)) };
  const playable = { gipf: new Set(CELLS.filter((c) => !c.dot).map((c) => c.name)), yinsh: boards.yinsh };
  for (const [game, rules] of Object.entries(RULES)) {
    test(`${game}: every diagram's pieces and rows stand on points of the board, every move starts on it`, () => {
      const diagrams = rules.sections.map((s) => s.diagram).filter(Boolean);
      assert.ok(diagrams.length >= 3, 'a position, a move and a row at least');
      for (const d of diagrams) {
        for (const name of [...Object.keys(d.board), ...Object.keys(d.before || {}), ...(d.rows || []).flat()]) {
          assert.ok(playable[game].has(name), `${game} ${name} (${d.caption})`);
        }
        if (d.action) assert.ok(boards[game].has(d.action.split('-')[0]), d.action);
        assert.ok(d.caption.length > 20);
      }
    });
  }
});

test('the chat input\'s limit is the server\'s (protocol::kMaxChatLength)', () => {
  assert.equal(CHAT_MAX, 200);
  assert.deepEqual(chatText('&'.repeat(CHAT_MAX)), { text: '&'.repeat(CHAT_MAX) });
  assert.match(chatText('<'.repeat(CHAT_MAX + 1)).problem, /at most 200/);
});
