// The game modules (web-client/js/games/): one interface, the facts of each game
// (variants, handicap, draws, move numbers, words), and views that ask them
// instead of branching on a game's name.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { games, gameModule, variantLabel, resultText } from '../../web-client/js/games/index.js';
import { gipf } from '../../web-client/js/games/gipf.js';
import { yinsh } from '../../web-client/js/games/yinsh.js';
import { fixture, fold, isType } from './support.js';

const gipfLog = fixture('gipf_basic.json');
const yinshLog = fixture('yinsh_normal.json');
const step = (turn, player, action, automatic = false) => ({ ply: 0, player, action, automatic, turn });

describe('the registry', () => {
  test('lists both games, each by its protocol name', () => {
    assert.deepEqual(games.map((g) => g.name), ['gipf', 'yinsh']);
    assert.equal(gameModule('gipf'), gipf);
    assert.equal(gameModule('yinsh'), yinsh);
    assert.throws(() => gameModule('chess'), /unknown game "chess"/);
  });

  test('every module implements the whole interface', () => {
    for (const game of games) {
      assert.equal(typeof game.title, 'string');
      assert.ok(game.variants.length > 0);
      for (const variant of game.variants) {
        assert.deepEqual(Object.keys(variant).sort(), ['handicap', 'label', 'name']);
        assert.ok(Number.isInteger(variant.handicap) && variant.handicap >= 0);
      }
      assert.ok(game.variants.some((v) => v.name === game.defaultVariant), `${game.name}: the default is a variant`);
      assert.equal(typeof game.draws, 'boolean');
      for (const name of ['label', 'moveNumber', 'moveList', 'playerInfo', 'positionInfo', 'createBoard'])
        assert.equal(typeof game[name], 'function', `${game.name}.${name}`);
      for (const [kind, words] of Object.entries(game.decisions)) {
        assert.ok(words.yours.length > 0 && words.theirs.length > 0, `${game.name} ${kind}`);
      }
      for (const sentence of Object.values(game.results)) assert.equal(typeof sentence, 'function');
    }
  });
});

describe('variants', () => {
  test('GIPF: basic, standard (the default) and tournament; handicap pieces (0–3) in basic only', () => {
    assert.deepEqual(gipf.variants.map((v) => v.name), ['basic', 'standard', 'tournament']);
    assert.equal(gipf.defaultVariant, 'standard');
    assert.deepEqual(gipf.variants.map((v) => v.handicap), [3, 0, 0]);
  });

  test('YINSH: normal (the default) and blitz, no handicap', () => {
    assert.deepEqual(yinsh.variants.map((v) => v.name), ['normal', 'blitz']);
    assert.equal(yinsh.defaultVariant, 'normal');
    assert.ok(yinsh.variants.every((v) => v.handicap === 0));
  });

  test('labels name the game, the variant and a handicap', () => {
    assert.equal(variantLabel({ game: 'gipf', variant: 'basic', white_extra: 1, black_extra: 0 }), 'GIPF basic (handicap 1/0)');
    assert.equal(variantLabel({ game: 'gipf', variant: 'basic', white_extra: 0, black_extra: 3 }), 'GIPF basic (handicap 0/3)');
    assert.equal(variantLabel({ game: 'gipf', variant: 'basic', white_extra: 0, black_extra: 0 }), 'GIPF basic');
    assert.equal(variantLabel({ game: 'gipf', variant: 'tournament' }), 'GIPF tournament');
    assert.equal(variantLabel({ game: 'yinsh', variant: 'blitz' }), 'YINSH blitz');
    assert.equal(variantLabel(fold(gipfLog.white).options), 'GIPF basic');
  });
});

describe('draws', () => {
  test('only YINSH has draws by agreement', () => {
    assert.equal(gipf.draws, false);
    assert.equal(yinsh.draws, true);
  });
});

describe('move numbers', () => {
  test('GIPF numbers a White turn and the Black turn after it together; YINSH every turn', () => {
    assert.deepEqual([0, 1, 2, 3, 18].map(gipf.moveNumber), [1, 1, 2, 2, 10]);
    assert.deepEqual([0, 1, 2, 3, 18].map(yinsh.moveNumber), [1, 2, 3, 4, 19]);
  });

  test('no history, no lines', () => {
    assert.deepEqual(gipf.moveList([]), []);
    assert.deepEqual(yinsh.moveList([]), []);
  });

  test('GIPF: one line per move, a turn\'s actions joined with ";", the two turns with two spaces', () => {
    const lines = gipf.moveList(fold(gipfLog.white).history);
    assert.equal(lines.length, 10);
    assert.deepEqual(lines[0], { number: 1, text: 'a1-c3  f1-f2', turns: [{ turn: 0, text: 'a1-c3' }, { turn: 1, text: 'f1-f2' }] });
    assert.deepEqual(lines[4], { number: 5, text: 'a4-c6  f1-d2;xe2,f2,g2,h2', turns: [{ turn: 8, text: 'a4-c6' }, { turn: 9, text: 'f1-d2;xe2,f2,g2,h2' }] });
    assert.deepEqual(lines[9], { number: 10, text: 'a3-d6', turns: [{ turn: 18, text: 'a3-d6' }] }, 'White moved, Black resigned');
    const removals = gipf.moveList([
      step(0, 'white', 'e1-e5'), step(0, 'white', 'xb2,c3,d4,e5'), step(0, 'black', 'xe2,f2,g2,h2', true),
      step(1, 'black', 'a1-b2'), step(2, 'white', 'i5-h5'),
    ]);
    assert.deepEqual(removals.map(({ number, text }) => ({ number, text })), [
      { number: 1, text: 'e1-e5;xb2,c3,d4,e5;xe2,f2,g2,h2  a1-b2' },
      { number: 2, text: 'i5-h5' },
    ]);
    assert.deepEqual(removals[0].turns, [{ turn: 0, text: 'e1-e5;xb2,c3,d4,e5;xe2,f2,g2,h2' }, { turn: 1, text: 'a1-b2' }],
      'each turn apart, the opponent\'s removal inside the mover\'s turn');
  });

  test('YINSH: one line per turn, numbered from 1, a turn\'s parts joined with ";"', () => {
    const history = fold(yinshLog.white).history;
    const lines = yinsh.moveList(history);
    assert.equal(lines.length, 12);
    assert.deepEqual(lines.map((l) => l.number), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.deepEqual(lines.map((l) => l.text), history.map((s) => s.action));
    const row = yinsh.moveList([step(0, 'white', 'e3'), step(1, 'black', 'h7-g7'), step(1, 'black', 'xa3-e3'), step(1, 'black', 'xb4')]);
    assert.deepEqual(row, [{ number: 1, text: 'e3', turns: [{ turn: 0, text: 'e3' }] },
      { number: 2, text: 'h7-g7;xa3-e3;xb4', turns: [{ turn: 1, text: 'h7-g7;xa3-e3;xb4' }] }]);
  });
});

describe('words', () => {
  // the decisions pending in the positions of a recorded game (snapshots and events)
  const pendingKinds = (log) => new Set(log.map((m) => m.state).filter((state) => state && state.pending).map((state) => state.pending.kind));

  test('every decision the server sends has words', () => {
    for (const kind of pendingKinds(gipfLog.spectator)) assert.ok(gipf.decisions[kind], `gipf ${kind}`);
    for (const kind of pendingKinds(yinshLog.spectator)) assert.ok(yinsh.decisions[kind], `yinsh ${kind}`);
    assert.deepEqual(Object.keys(gipf.decisions), ['push', 'remove']);
    assert.deepEqual(Object.keys(yinsh.decisions), ['place', 'move', 'remove-row', 'remove-ring']);
    assert.equal(yinsh.decisions.place.yours, 'Place a ring on any free point.');
    assert.equal(gipf.decisions.remove.theirs, 'to remove a row');
  });

  test('results in words, the game\'s own reasons and the common ones', () => {
    const cases = [
      [gipf, { winner: 'white', reason: 'no-reserve' }, 'White wins: Black has no piece left to bring in.'],
      [gipf, { winner: 'black', reason: 'no-gipf' }, 'Black wins: White has no GIPF piece left on the board.'],
      [gipf, { winner: 'white', reason: 'resignation' }, 'White wins: Black resigned.'],
      [yinsh, { winner: 'black', reason: 'rings' }, 'Black wins by removing the winning ring.'],
      [yinsh, { winner: 'white', reason: 'no-markers' }, 'White wins on rings: the markers ran out.'],
      [yinsh, { winner: null, reason: 'no-markers' }, 'Draw: the markers ran out with equal rings.'],
      [yinsh, { winner: null, reason: 'no-moves' }, 'Draw: no ring could move, rings are equal.'],
      [yinsh, { winner: 'black', reason: 'no-moves' }, 'Black wins on rings: no ring could move.'],
      [yinsh, { winner: null, reason: 'agreement' }, 'Draw by agreement.'],
      [yinsh, { winner: 'white', reason: 'resignation' }, 'White wins: Black resigned.'],
      [gipf, { winner: 'black', reason: 'timeout' }, 'Black wins on time: White\'s clock ran out.'],
      [yinsh, { winner: 'white', reason: 'abandonment' }, 'White wins: Black left the game.'],
      [yinsh, { winner: null, reason: 'abandonment' }, 'Drawn: a player left the game.'],
      [gipf, { winner: 'white', reason: 'something-new' }, 'White wins (something-new).'],
      [gipf, { winner: null, reason: 'agreement' }, 'Draw (agreement).'],
    ];
    for (const [game, result, text] of cases) assert.equal(resultText(result, game), text);
    assert.equal(resultText(fold(gipfLog.spectator).result, gipf), 'White wins: Black resigned.');
    assert.equal(resultText(fold(yinshLog.spectator).result, yinsh), 'Draw by agreement.');
  });

  test('material and the position in words', () => {
    const gipfStart = gipfLog.spectator.find(isType('room')).state;
    assert.equal(gipf.playerInfo(gipfStart, 'white'), 'reserve 12 · lost 0');
    assert.equal(gipf.positionInfo(gipfStart), null);
    const gipfEnd = fold(gipfLog.spectator).position;
    assert.equal(gipf.playerInfo(gipfEnd, 'white'), `reserve ${gipfEnd.reserve.white} · lost ${gipfEnd.captured.white}`);
    assert.equal(gipf.playerInfo(gipfEnd, 'black'), 'reserve 7 · lost 0');
    const yinshStart = yinshLog.spectator.find(isType('room')).state;
    assert.equal(yinsh.playerInfo(yinshStart, 'black'), 'rings removed 0');
    assert.equal(yinsh.positionInfo(yinshStart), 'markers in the pool: 51');
    assert.equal(yinsh.positionInfo(fold(yinshLog.spectator).position), 'markers in the pool: 49');
  });
});

describe('the views', () => {
  const dir = new URL('../../web-client/js/', import.meta.url);
  const views = readdirSync(dir).filter((name) => name.endsWith('.js'));

  test('no view module names a game or its board: they ask the game module', () => {
    assert.ok(views.includes('game_view.js') && views.includes('lobby_view.js') && views.includes('replay_view.js'));
    for (const name of views) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      assert.doesNotMatch(text, /['"`](gipf|yinsh)['"`]/i, `${name} names a game`);
      assert.doesNotMatch(text, /GipfBoard|YinshBoard|boards\//, `${name} picks a board`);
    }
  });
});

describe('forced steps in words (#43)', () => {
  test('YINSH: the only row, by its two ends', () => {
    assert.equal(yinsh.forced('xa3-e3'), 'The only row, a3–e3, was taken off.');
    assert.equal(yinsh.forced('xb4'), null, 'a ring is always chosen');
    assert.equal(yinsh.forced('a3-e3'), null);
  });
  test('GIPF: the pieces of the only row', () => {
    assert.equal(gipf.forced('xe2,f2,g2,h2'), 'The only row was taken: e2, f2, g2, h2.');
    assert.equal(gipf.forced('Gi1-h2'), null);
  });
  test('a recorded game\'s forced step is one of them', () => {
    const steps = fold(fixture('gipf_basic.json').black).history.filter((s) => s.automatic);
    assert.ok(steps.length > 0);
    for (const s of steps) assert.match(gipf.forced(s.action), /^The only row was taken: /);
  });
});
