// The analysis board's pieces that need no browser (#44): which page an address
// is, the replay's "Analyse from here" link, the computer's view in words and
// its refusals, the last turn drawn on the board, the keys, what a pasted
// text is, what is kept of the server's answers and the computer's refusals.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { analysisPage, lastTurn, keyMove, nodeAnswer, refusalWords } from '../../web-client/js/analysis_view.js';
import { evaluationWords, evaluationRefusal, keepsRefusal } from '../../web-client/js/analysis_computer.js';
import { looksLikePosition } from '../../web-client/js/analysis_paste.js';
import { analysisPath, analyseHere } from '../../web-client/js/analysis_store.js';
import { MAX_LINE } from '../../web-client/js/analysis_tree.js';
import { LruCache } from '../../web-client/js/lru_cache.js';

describe('the addresses', () => {
  test('/analysis, /analysis/GAME and /analysis/GAME/VARIANT', () => {
    assert.deepEqual(analysisPage('/analysis'), { game: null, variant: null });
    assert.deepEqual(analysisPage('/analysis/'), { game: null, variant: null });
    assert.deepEqual(analysisPage('/analysis/yinsh'), { game: 'yinsh', variant: null });
    assert.deepEqual(analysisPage('/analysis/yinsh/blitz'), { game: 'yinsh', variant: 'blitz' });
    assert.deepEqual(analysisPage('/analysis/gipf/standard/'), { game: 'gipf', variant: 'standard' });
  });

  test('an unknown game or variant; other pages are none', () => {
    assert.deepEqual(analysisPage('/analysis/chess'), { unknown: true });
    assert.deepEqual(analysisPage('/analysis/yinsh/tournament'), { unknown: true });
    assert.equal(analysisPage('/'), null);
    assert.equal(analysisPage('/analysisx'), null);
    assert.equal(analysisPage('/rules/yinsh'), null);
    assert.equal(analysisPage('/analysis/yinsh/normal/more'), null);
  });

  test('the replay\'s link: the game\'s board, the game and the ply shown', () => {
    const options = { game: 'yinsh', variant: 'normal' };
    assert.equal(analysisPath(options), '/analysis/yinsh/normal');
    assert.equal(analyseHere(options, 'abc123', 20), '/analysis/yinsh/normal?game=abc123&ply=20');
    assert.equal(analyseHere({ game: 'gipf', variant: 'basic', white_extra: 1 }, 'x9', 0, true), '/analysis/gipf/basic?imported=x9&ply=0');
  });
});

describe('the computer\'s view in words', () => {
  test('a score from White\'s side', () => {
    assert.equal(evaluationWords({ score: 35, win: null, win_in: null, line: ['e3-e4', 'f5-f6'], nodes: 12345, depth: 4 }).verdict, '+35 for White');
    assert.equal(evaluationWords({ score: -120, win: null, win_in: null, line: [], nodes: 1, depth: 1 }).verdict, '+120 for Black');
    assert.equal(evaluationWords({ score: 0, win: null, win_in: null, line: [], nodes: 1, depth: 1 }).verdict, 'Even (0)');
  });

  test('a forced win', () => {
    assert.equal(evaluationWords({ score: 100000, win: 'white', win_in: 5, line: ['a'], nodes: 9, depth: 5 }).verdict, 'White wins in 5 plies');
    assert.equal(evaluationWords({ score: -100000, win: 'black', win_in: 1, line: ['a'], nodes: 9, depth: 5 }).verdict, 'Black wins in 1 ply');
    assert.equal(evaluationWords({ score: -100000, win: 'black', win_in: null, line: [], nodes: 9, depth: 5 }).verdict, 'Black wins');
  });

  test('the best line and how deep it looked', () => {
    const words = evaluationWords({ score: 3, win: null, win_in: null, line: ['e3-e4', 'f5-f6', 'xa1-a5'], nodes: 12345, depth: 4 });
    assert.equal(words.line, 'Best line: e3-e4 f5-f6 xa1-a5');
    assert.equal(words.detail, 'depth 4, 12,345 positions');
    assert.equal(evaluationWords({ score: 3, win: null, win_in: null, line: [] }).line, 'No line.');
    assert.equal(evaluationWords({ score: 3, win: null, win_in: null, line: null }).detail, '');
  });

  test('refusals: no help while playing, and the others', () => {
    assert.match(evaluationRefusal('playing', 'x'), /^No computer help while you have a game being played/);
    assert.match(evaluationRefusal('game_over', 'x'), /game is over/);
    assert.match(evaluationRefusal('busy', 'x'), /busy/);
    assert.equal(evaluationRefusal('rate_limited', 'Too many requests. Try again in 3 s.'), 'Too many evaluations for now. Too many requests. Try again in 3 s.');
    assert.equal(evaluationRefusal('bad_position', 'Position: no such field'), 'Position: no such field');
    assert.equal(evaluationRefusal('http_500', ''), 'The position could not be evaluated.');
  });

  test('a refusal that holds for the position is kept with it; a passing one is not', () => {
    assert.equal(keepsRefusal('playing'), true);
    assert.equal(keepsRefusal('game_over'), true);
    for (const code of ['busy', 'rate_limited', 'network', 'bad_position', 'http_500']) assert.equal(keepsRefusal(code), false, code);
  });
});

describe('the last turn on the board', () => {
  const step = (ply, player, action, turn, automatic = false) => ({ ply, player, action, automatic, turn });

  test('none at the start', () => {
    assert.equal(lastTurn([]), null);
    assert.equal(lastTurn(null), null);
  });

  test('the steps of the last turn, and how many chosen actions came before it', () => {
    const steps = [step(0, 'white', 'e3', 0), step(1, 'black', 'f5', 1), step(2, 'white', 'e3-e7', 2),
      step(3, 'white', 'xe3-e7', 2, true), step(4, 'white', 'xe3', 2)];
    assert.deepEqual(lastTurn(steps), {
      turn: 2, chosenBefore: 2,
      steps: [{ action: 'e3-e7', player: 'white' }, { action: 'xe3-e7', player: 'white' }, { action: 'xe3', player: 'white' }],
    });
    assert.deepEqual(lastTurn(steps.slice(0, 3)), { turn: 2, chosenBefore: 2, steps: [{ action: 'e3-e7', player: 'white' }] });
    assert.deepEqual(lastTurn(steps.slice(0, 1)), { turn: 0, chosenBefore: 0, steps: [{ action: 'e3', player: 'white' }] });
  });

  test('forced steps before a turn are not counted as chosen', () => {
    const steps = [step(0, 'white', 'a1-b2', 0), step(1, 'white', 'xb2,c3,d4,e5', 0, true), step(2, 'black', 'i1-h2', 1)];
    assert.equal(lastTurn(steps).chosenBefore, 1);
  });
});

describe('keys and pasted texts', () => {
  test('← → one move, Home and End the start and the line\'s end', () => {
    assert.equal(keyMove('ArrowLeft'), 'back');
    assert.equal(keyMove('ArrowRight'), 'forward');
    assert.equal(keyMove('Home'), 'start');
    assert.equal(keyMove('End'), 'end');
    assert.equal(keyMove('ArrowUp'), null);
    assert.equal(keyMove('a'), null);
  });

  test('a position\'s text starts with a game\'s name; a record does not', () => {
    assert.equal(looksLikePosition('yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0'), true);
    assert.equal(looksLikePosition('gipf_standard_0,0_B2W/5/6/W5B/6/5/B2W_w_w:push_12,12_-'), true);
    assert.equal(looksLikePosition('  yinsh normal'), true);
    assert.equal(looksLikePosition('(;GM[24]SU[Yinsh]'), false);
    assert.equal(looksLikePosition('[Game "yinsh"]\n1. e3'), false);
    assert.equal(looksLikePosition('1.e3 2.f5'), false);
    assert.equal(looksLikePosition(''), false);
  });
});

describe('what the page keeps of the server\'s answers', () => {
  test('a node\'s answer: its position, state, result, moves for the board and last turn; not the steps from the start', () => {
    const steps = [{ ply: 0, player: 'white', action: 'e3', automatic: false, turn: 0 }];
    const answer = { start: 's', position: 'p', ply: 1, options: { game: 'yinsh' }, state: { board: 'b' }, result: null, steps,
      legal: { actions: ['f5', 'g6'], moves: [{ kind: 'place', cell: 'f5' }, { kind: 'place', cell: 'g6' }] } };
    assert.deepEqual(nodeAnswer(answer), {
      position: 'p', state: { board: 'b' }, result: null,
      moves: [{ action: 'f5', kind: 'place', cell: 'f5' }, { action: 'g6', kind: 'place', cell: 'g6' }],
      last: { turn: 0, chosenBefore: 0, steps: [{ action: 'e3', player: 'white' }] },
    });
    assert.equal(nodeAnswer({ ...answer, legal: { actions: [], moves: [] }, steps: [] }).moves, null, 'nobody to move');
    assert.equal(nodeAnswer({ ...answer, steps: [] }).last, null);
  });

  test('the answers kept: the ones used last, at most the capacity', () => {
    const cache = new LruCache(3);
    for (const id of [1, 2, 3]) cache.set(id, `answer ${id}`);
    assert.equal(cache.get(1), 'answer 1', 'used again: the last to go');
    cache.set(4, 'answer 4');
    assert.equal(cache.size, 3);
    assert.equal(cache.has(2), false, 'the one used longest ago went');
    assert.deepEqual([1, 3, 4].map((id) => cache.has(id)), [true, true, true]);
    cache.set(3, 'again');
    cache.set(5, 'answer 5');
    assert.equal(cache.has(1), false);
    assert.equal(cache.get(3), 'again');
    assert.equal(cache.get(9), undefined);
  });

  test('why a move could not go in the tree', () => {
    assert.match(refusalWords('full'), /^The tree is full: /);
    assert.equal(refusalWords('long'), `A line holds at most ${MAX_LINE} moves: this one can go no further.`);
  });
});
