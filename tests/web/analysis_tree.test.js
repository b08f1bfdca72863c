// The analysis board's move tree (#44, web-client/js/analysis_tree.js): adding
// moves (a child made once, the first the main line), stepping, going to a
// node, promoting and deleting variations, paths, what the server said of the
// steps, the compact form for localStorage, the SGF endpoint's flat list, the
// move list's layout and numbers, the links' forms and the kept trees' bound.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { AnalysisTree, ROOT, MAX_NODES, MAX_LINE, badActionIndex } from '../../web-client/js/analysis_tree.js';
import {
  lineParam, addressLine, MAX_ADDRESS_LINE, parseLine, positionParam, positionFromParam,
  treeKey, saveTree, loadTree, INDEX_KEY, TREE_PREFIX, KEEP_TREES,
} from '../../web-client/js/analysis_store.js';
import { gameModule } from '../../web-client/js/games/index.js';

/** A tree with the main line e3 f5 a2 and variations: after e3, g4 (then h5), and k10; at the start, c5. */
function sample() {
  const tree = new AnalysisTree();
  tree.addLine(['e3', 'f5', 'a2']);
  tree.addLine(['e3', 'g4', 'h5']);
  tree.addLine(['e3', 'k10']);
  tree.addLine(['c5']);
  return tree;
}

const actions = (tree, ids) => ids.map((id) => tree.node(id).action);

/** A storage like the browser's localStorage, in memory (`limit`: the most characters it holds). */
function memoryStorage(limit = Infinity) {
  const map = new Map();
  return {
    map,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => {
      const size = [...map].reduce((n, [key, value]) => n + (key === k ? 0 : value.length), 0);
      if (size + String(v).length > limit) throw new Error('QuotaExceededError');
      map.set(k, String(v));
    },
    removeItem: (k) => map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() { return map.size; },
  };
}

describe('adding moves', () => {
  test('a new tree is the start alone, current', () => {
    const tree = new AnalysisTree();
    assert.equal(tree.current, ROOT);
    assert.equal(tree.size, 0);
    assert.deepEqual(tree.path(), []);
    assert.deepEqual(tree.mainLine(), []);
    assert.equal(tree.node(ROOT).parent, null);
  });

  test('a move at the current node makes a child and goes there; the first child is the main line', () => {
    const tree = new AnalysisTree();
    const e3 = tree.add('e3');
    assert.equal(tree.current, e3);
    const f5 = tree.add('f5');
    assert.deepEqual(tree.path(), ['e3', 'f5']);
    tree.back();
    const g4 = tree.add('g4');
    assert.notEqual(g4, f5);
    assert.deepEqual(tree.node(e3).children, [f5, g4], 'the new one after its sibling');
    assert.deepEqual(actions(tree, tree.mainLine()), ['e3', 'f5']);
    assert.equal(tree.size, 3);
  });

  test('a move that is there already goes to it: no second child', () => {
    const tree = new AnalysisTree();
    const e3 = tree.add('e3');
    tree.add('f5');
    tree.go(e3);
    const again = tree.add('f5');
    assert.equal(tree.node(e3).children.length, 1);
    assert.equal(tree.current, again);
    tree.toStart();
    assert.equal(tree.add('e3'), e3);
  });

  test('addLine makes what is missing and does not move', () => {
    const tree = sample();
    assert.equal(tree.current, ROOT);
    const end = tree.addLine(['e3', 'g4', 'h5', 'i6']);
    assert.deepEqual(tree.path(end), ['e3', 'g4', 'h5', 'i6']);
    assert.equal(tree.current, ROOT);
    assert.equal(tree.size, 8);
    assert.equal(tree.addLine([]), ROOT);
  });

  test('an empty or missing action, or an unknown node, is refused', () => {
    const tree = new AnalysisTree();
    assert.throws(() => tree.add(''));
    assert.throws(() => tree.append(42, 'e3'));
  });

  test('the tree holds at most MAX_NODES moves', () => {
    const tree = new AnalysisTree();
    const lines = [0, 1, 2].map((n) => Array.from({ length: MAX_LINE }, (_, i) => `m${n}.${i}`));
    const ends = lines.map((line) => tree.addLine(line));
    assert.equal(tree.size, MAX_NODES);
    assert.equal(tree.depth(ends[2]), MAX_NODES - 2 * MAX_LINE, 'as much of the last line as fitted');
    assert.equal(tree.refusal(), 'full');
    assert.equal(tree.add('another'), null);
    assert.equal(tree.current, ROOT, 'a refused move does not move');
    assert.equal(tree.add('m0.0'), tree.find(['m0.0']), 'a move that is there is still gone to');
  });

  test(`a line holds at most MAX_LINE (${MAX_LINE}) moves`, () => {
    const tree = new AnalysisTree();
    const line = Array.from({ length: MAX_LINE + 5 }, (_, i) => `m${i}`);
    const end = tree.addLine(line);
    assert.equal(tree.depth(end), MAX_LINE);
    assert.equal(tree.size, MAX_LINE);
    tree.go(end);
    assert.equal(tree.refusal(), 'long');
    assert.equal(tree.add('further'), null, 'no move past it');
    assert.equal(tree.current, end);
    tree.back();
    assert.equal(tree.refusal(), null, 'a variation before it is still a move');
    assert.notEqual(tree.add('other'), null);
    assert.equal(tree.depth(ROOT), 0);
  });

  test('a kept tree with a line past MAX_LINE loses the moves past it', () => {
    const m = Array.from({ length: MAX_LINE + 3 }, (_, i) => [i - 1, `m${i}`]);
    m.push([-1, 'other']);
    const tree = AnalysisTree.deserialize({ v: 1, m, at: MAX_LINE + 1 });
    assert.equal(tree.size, MAX_LINE + 1);
    assert.equal(tree.current, ROOT, 'the current node was past it');
    assert.ok(tree.find(['other']));
  });

  test('the action the server refuses as a field: too long, or past MAX_LINE', () => {
    assert.equal(badActionIndex(['e3', 'x'.repeat(65), 'f5']), 1);
    assert.equal(badActionIndex(['e3', 'é'.repeat(33)]), 1, 'counted in UTF-8 bytes');
    assert.equal(badActionIndex(['e3', 'x'.repeat(64)]), 1, 'none: the last');
    assert.equal(badActionIndex(Array.from({ length: MAX_LINE + 2 }, () => 'a')), MAX_LINE);
    assert.equal(badActionIndex([]), -1);
  });
});

describe('moving', () => {
  test('back and forward: forward follows the first child', () => {
    const tree = sample();
    assert.equal(tree.back(), false, 'nothing before the start');
    assert.equal(tree.forward(), true);
    assert.deepEqual(tree.path(), ['e3']);
    tree.forward();
    assert.deepEqual(tree.path(), ['e3', 'f5']);
    tree.go(tree.find(['e3', 'g4']));
    tree.forward();
    assert.deepEqual(tree.path(), ['e3', 'g4', 'h5'], 'forward in a variation stays in it');
    assert.equal(tree.forward(), false, 'nothing after the end');
    tree.back();
    tree.back();
    assert.deepEqual(tree.path(), ['e3']);
  });

  test('start and end: the end of the current node\'s main line', () => {
    const tree = sample();
    tree.toEnd();
    assert.deepEqual(tree.path(), ['e3', 'f5', 'a2']);
    tree.go(tree.find(['e3', 'g4']));
    tree.toEnd();
    assert.deepEqual(tree.path(), ['e3', 'g4', 'h5']);
    tree.toStart();
    assert.equal(tree.current, ROOT);
  });

  test('go to a node; an unknown one is refused', () => {
    const tree = sample();
    const k10 = tree.find(['e3', 'k10']);
    assert.equal(tree.go(k10), true);
    assert.equal(tree.current, k10);
    assert.equal(tree.go(999), false);
    assert.equal(tree.current, k10);
  });

  test('find: the node at the end of a line, null when the tree has none', () => {
    const tree = sample();
    assert.equal(tree.find([]), ROOT);
    assert.deepEqual(tree.path(tree.find(['e3', 'g4', 'h5'])), ['e3', 'g4', 'h5']);
    assert.equal(tree.find(['e3', 'h5']), null);
    assert.equal(tree.find(['zz']), null);
  });

  test('the main line, the path and the ancestry of a node', () => {
    const tree = sample();
    assert.deepEqual(actions(tree, tree.mainLine()), ['e3', 'f5', 'a2']);
    const h5 = tree.find(['e3', 'g4', 'h5']);
    assert.deepEqual(tree.path(h5), ['e3', 'g4', 'h5']);
    assert.deepEqual(actions(tree, tree.ancestry(h5)), ['e3', 'g4', 'h5']);
    assert.equal(tree.onMainLine(h5), false);
    assert.equal(tree.onMainLine(tree.find(['e3', 'f5'])), true);
    assert.equal(tree.onMainLine(ROOT), true);
    assert.equal(tree.onMainLine(tree.find(['c5'])), false);
  });
});

describe('promoting a variation', () => {
  test('its first move becomes its parent\'s first child: the main line goes through it', () => {
    const tree = sample();
    const h5 = tree.find(['e3', 'g4', 'h5']);
    assert.equal(tree.variationRoot(h5), tree.find(['e3', 'g4']));
    assert.equal(tree.promote(h5), true);
    assert.deepEqual(actions(tree, tree.mainLine()), ['e3', 'g4', 'h5']);
    assert.deepEqual(actions(tree, tree.node(tree.find(['e3'])).children), ['g4', 'f5', 'k10'], 'the old main line becomes the first variation');
    assert.equal(tree.promote(h5), false, 'on the main line: nothing to promote');
    assert.equal(tree.variationRoot(h5), null);
  });

  test('one level at a time: a variation inside a variation becomes its parent variation\'s line', () => {
    const tree = sample();
    const deep = tree.addLine(['e3', 'g4', 'i6']);  // a variation of the variation g4
    tree.promote(deep);
    assert.deepEqual(actions(tree, tree.node(tree.find(['e3', 'g4'])).children), ['i6', 'h5']);
    assert.deepEqual(actions(tree, tree.mainLine()), ['e3', 'f5', 'a2'], 'the main line is unchanged');
    tree.promote(deep);
    assert.deepEqual(actions(tree, tree.mainLine()), ['e3', 'g4', 'i6']);
  });

  test('the current node is where it was', () => {
    const tree = sample();
    tree.go(tree.find(['c5']));
    tree.promote();
    assert.deepEqual(tree.path(), ['c5']);
    assert.deepEqual(actions(tree, tree.mainLine()), ['c5']);
  });
});

describe('deleting a variation', () => {
  test('a node and everything after it; the current node goes to its parent', () => {
    const tree = sample();
    const g4 = tree.find(['e3', 'g4']);
    tree.go(tree.find(['e3', 'g4', 'h5']));
    assert.equal(tree.remove(g4), true);
    assert.equal(tree.find(['e3', 'g4']), null);
    assert.equal(tree.node(g4), undefined);
    assert.equal(tree.size, 5);
    assert.deepEqual(tree.path(), ['e3']);
    assert.deepEqual(actions(tree, tree.node(tree.find(['e3'])).children), ['f5', 'k10']);
  });

  test('the current node stays when it is not among them', () => {
    const tree = sample();
    const a2 = tree.find(['e3', 'f5', 'a2']);
    tree.go(a2);
    tree.remove(tree.find(['c5']));
    assert.equal(tree.current, a2);
  });

  test('deleting a main-line move makes its next sibling the main line', () => {
    const tree = sample();
    tree.remove(tree.find(['e3', 'f5']));
    assert.deepEqual(actions(tree, tree.mainLine()), ['e3', 'g4', 'h5']);
  });

  test('the start cannot be deleted; an unknown node is nothing', () => {
    const tree = sample();
    assert.equal(tree.remove(ROOT), false);
    assert.equal(tree.remove(999), false);
    assert.equal(tree.size, 7);
  });

  test('deleting the current node by default', () => {
    const tree = sample();
    tree.go(tree.find(['e3', 'k10']));
    tree.remove();
    assert.deepEqual(tree.path(), ['e3']);
    assert.equal(tree.find(['e3', 'k10']), null);
  });
});

describe('what the server said of the steps', () => {
  const steps = [
    { ply: 0, player: 'white', action: 'e3', automatic: false, turn: 0 },
    { ply: 1, player: 'black', action: 'f5', automatic: false, turn: 1 },
    { ply: 2, player: 'white', action: 'e3-e7', automatic: false, turn: 2 },
    { ply: 3, player: 'white', action: 'xe3-e7', automatic: true, turn: 2 },
    { ply: 4, player: 'white', action: 'xe3', automatic: false, turn: 2 },
  ];

  test('each node of the line gets its turn, its player and the forced steps after it', () => {
    const tree = new AnalysisTree();
    const line = ['e3', 'f5', 'e3-e7', 'xe3'];
    tree.addLine(line);
    assert.equal(tree.steps(tree.find(line)), null, 'not learned yet');
    assert.equal(tree.learn(line, steps), true);
    const move = tree.node(tree.find(['e3', 'f5', 'e3-e7']));
    assert.deepEqual([move.turn, move.player, move.forced], [2, 'white', ['xe3-e7']]);
    assert.deepEqual(tree.steps(tree.find(line)), steps, 'the steps come back as the server gave them');
    assert.deepEqual(tree.steps(ROOT), []);
  });

  test('a line that does not match the steps changes nothing', () => {
    const tree = new AnalysisTree();
    tree.addLine(['e3', 'g4']);
    assert.equal(tree.learn(['e3', 'g4'], steps.slice(0, 2)), false);
    assert.equal(tree.learn(['e3', 'zz'], steps.slice(0, 2)), false);
    assert.equal(tree.node(tree.find(['e3'])).turn, null);
  });
});

describe('the compact form (localStorage, links)', () => {
  test('serialize then deserialize gives the same tree, current node and learned steps', () => {
    const tree = sample();
    tree.learn(['e3', 'g4'], [
      { ply: 0, player: 'white', action: 'e3', automatic: false, turn: 0 },
      { ply: 1, player: 'black', action: 'g4', automatic: false, turn: 1 },
      { ply: 2, player: 'black', action: 'xg4', automatic: true, turn: 1 },
    ]);
    tree.go(tree.find(['e3', 'g4', 'h5']));
    const data = JSON.parse(JSON.stringify(tree.serialize()));
    const back = AnalysisTree.deserialize(data);
    assert.deepEqual(back.path(), ['e3', 'g4', 'h5']);
    assert.deepEqual(back.sgfMoves(), tree.sgfMoves());
    assert.deepEqual(actions(back, back.mainLine()), ['e3', 'f5', 'a2']);
    const g4 = back.node(back.find(['e3', 'g4']));
    assert.deepEqual([g4.turn, g4.player, g4.forced], [1, 'black', ['xg4']]);
    assert.equal(back.node(back.find(['c5'])).turn, null);
    assert.deepEqual(back.serialize(), data);
  });

  test('the start as the current node, and an empty tree', () => {
    assert.equal(AnalysisTree.deserialize(sample().serialize()).current, ROOT);
    const empty = AnalysisTree.deserialize(new AnalysisTree().serialize());
    assert.equal(empty.size, 0);
  });

  test('what is not a tree is refused', () => {
    for (const bad of [null, 'x', {}, { v: 2, m: [] }, { v: 1, m: 'e3' }, { v: 1, m: [[0, 'e3']] },
      { v: 1, m: [[-1, 'e3'], [-1, 'e3']] }, { v: 1, m: [[-1, '']] }, { v: 1, m: [[-2, 'e3']] }, { v: 1, m: ['e3'] }]) {
      assert.equal(AnalysisTree.deserialize(bad), null, JSON.stringify(bad));
    }
    const tree = AnalysisTree.deserialize({ v: 1, m: [[-1, 'e3']], at: 7 });
    assert.equal(tree.current, ROOT, 'a current node out of range is the start');
  });
});

describe('the SGF endpoint\'s list', () => {
  test('each node after its parent (-1: the start), siblings in order, the first child the main line', () => {
    const tree = sample();
    assert.deepEqual(tree.sgfMoves(), [
      { parent: -1, action: 'e3' },
      { parent: 0, action: 'f5' },
      { parent: 1, action: 'a2' },
      { parent: 0, action: 'g4' },
      { parent: 3, action: 'h5' },
      { parent: 0, action: 'k10' },
      { parent: -1, action: 'c5' },
    ]);
    tree.promote(tree.find(['c5']));
    assert.deepEqual(tree.sgfMoves().slice(0, 2), [{ parent: -1, action: 'c5' }, { parent: -1, action: 'e3' }]);
  });

  test('every parent comes before its child', () => {
    const tree = sample();
    tree.addLine(['c5', 'd6', 'e7']);
    tree.promote(tree.find(['c5', 'd6']));
    tree.sgfMoves().forEach(({ parent }, i) => assert.ok(parent < i));
    assert.deepEqual(new AnalysisTree().sgfMoves(), []);
  });
});

describe('the move list', () => {
  const learnLine = (tree, line, turns, players) => tree.learn(line, line.map((action, i) => (
    { ply: i, player: players[i], action, automatic: false, turn: turns[i] })));

  test('the main line, each variation a block after the move it is the alternative to', () => {
    const tree = sample();
    tree.go(tree.find(['e3', 'g4']));
    const items = tree.layout(gameModule('yinsh').moveNumber);
    assert.deepEqual(items.map((item) => (item.type === 'move' ? item.action : item.items.map((i) => i.action ?? 'variation'))),
      ['e3', ['c5'], 'f5', ['g4', 'h5'], ['k10'], 'a2']);
    const g4 = items[3].items[0];
    assert.equal(g4.current, true);
    assert.equal(g4.main, false);
    assert.equal(items[0].main, true);
    assert.equal(items[0].current, false);
    assert.deepEqual(new AnalysisTree().layout(gameModule('yinsh').moveNumber), []);
  });

  test('YINSH: a number for every turn; a removal in a turn has none', () => {
    const tree = new AnalysisTree();
    const line = ['e3', 'f5', 'e3-e7', 'xe3'];
    tree.addLine(line);
    learnLine(tree, line, [0, 1, 2, 2], ['white', 'black', 'white', 'white']);
    const items = tree.layout(gameModule('yinsh').moveNumber);
    assert.deepEqual(items.map((i) => i.number), ['1.', '2.', '3.', '']);
  });

  test('GIPF: one number for White\'s turn and Black\'s; "N…" where a block begins with Black', () => {
    const tree = new AnalysisTree();
    const line = ['a1-b2', 'i1-h2', 'a5-b5', 'i5-h5'];
    tree.addLine(line);
    learnLine(tree, line, [0, 1, 2, 3], ['white', 'black', 'white', 'black']);
    tree.addLine(['a1-b2', 'i2-h3']);  // Black's other answer
    learnLine(tree, ['a1-b2', 'i2-h3'], [0, 1], ['white', 'black']);
    tree.addLine(['a1-b2', 'i1-h2', 'b6-c6']);  // White's other second move
    learnLine(tree, ['a1-b2', 'i1-h2', 'b6-c6'], [0, 1, 2], ['white', 'black', 'white']);
    const items = tree.layout(gameModule('gipf').moveNumber);
    assert.deepEqual(items.map((i) => (i.type === 'move' ? `${i.number}${i.action}` : i.items.map((x) => `${x.number}${x.action}`))),
      ['1.a1-b2', 'i1-h2', ['1…i2-h3'], '2.a5-b5', ['2.b6-c6'], '2…i5-h5']);
  });

  test('the text of a move: its forced steps after it', () => {
    const tree = new AnalysisTree();
    tree.addLine(['e3-e7', 'xe3']);
    tree.learn(['e3-e7', 'xe3'], [
      { ply: 0, player: 'white', action: 'e3-e7', automatic: false, turn: 0 },
      { ply: 1, player: 'white', action: 'xe3-e7', automatic: true, turn: 0 },
      { ply: 2, player: 'white', action: 'xe3', automatic: false, turn: 0 },
    ]);
    const items = tree.layout(gameModule('yinsh').moveNumber);
    assert.deepEqual(items.map((i) => i.text), ['e3-e7;xe3-e7', 'xe3']);
    assert.deepEqual(items.map((i) => i.number), ['1.', '']);
  });

  test('a move not learned yet has no number', () => {
    const items = sample().layout(gameModule('yinsh').moveNumber);
    assert.ok(items.filter((i) => i.type === 'move').every((i) => i.number === ''));
  });
});

describe('lines and positions in addresses', () => {
  test('a line is its actions joined with _; read back with _, spaces, + or ;', () => {
    assert.equal(lineParam(['e3', 'f5', 'g2-g4', 'xb2,c3,d4,e5']), 'e3_f5_g2-g4_xb2,c3,d4,e5');
    assert.deepEqual(parseLine('e3_f5_g2-g4_xb2,c3,d4,e5'), ['e3', 'f5', 'g2-g4', 'xb2,c3,d4,e5']);
    assert.deepEqual(parseLine('e3 f5+g2-g4;xb2'), ['e3', 'f5', 'g2-g4', 'xb2']);
    assert.deepEqual(parseLine(''), []);
    assert.deepEqual(parseLine(null), []);
    const line = ['Ge1-e2', 'kb2,c3,d4,e5', 'pass'];
    assert.deepEqual(parseLine(new URLSearchParams({ line: lineParam(line) }).get('line')), line);
  });

  test('an address\'s line keeps the actions the server takes: at most 64 bytes each, MAX_LINE of them', () => {
    assert.deepEqual(parseLine(`e3_${'x'.repeat(65)}_f5_${'y'.repeat(64)}`), ['e3', 'f5', 'y'.repeat(64)]);
    assert.deepEqual(parseLine(`e3_${'é'.repeat(33)}`), ['e3']);
    assert.equal(parseLine(Array(MAX_LINE + 10).fill('a').join('_')).length, MAX_LINE);
  });

  test(`a line longer than ${MAX_ADDRESS_LINE} characters stays out of the address`, () => {
    assert.equal(addressLine(['e3', 'f5']), 'e3_f5');
    const long = Array(1000).fill('e3-e10');  // 6,999 characters
    assert.equal(addressLine(long), null);
    assert.equal(addressLine(long.slice(0, 857)), lineParam(long.slice(0, 857)), '5,998 characters');
  });

  test('a position\'s spaces are _ in a link, and back', () => {
    const start = 'yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0';
    assert.equal(positionParam(start), 'yinsh_normal_4/7/8/9/10/9/10/9/8/7/4_w_w:place_0-0');
    assert.equal(positionFromParam(positionParam(start)), start);
    assert.equal(positionFromParam('  yinsh  normal_4/7/8/9/10/9/10/9/8/7/4 w\nw:place 0-0 '), start);
    const url = new URL(`http://x/analysis/yinsh?position=${positionParam(start)}`);
    assert.equal(positionFromParam(url.searchParams.get('position')), start);
    assert.equal(positionFromParam(null), '');
  });
});

describe('the trees kept in localStorage', () => {
  test('a tree from a game is kept under its id, else under its start', () => {
    assert.equal(treeKey({ game: 'abc', start: 's' }), 'game:abc');
    assert.equal(treeKey({ imported: 'def', start: 's' }), 'imported:def');
    assert.equal(treeKey({ start: 'yinsh normal 4/7 w w:place 0-0' }), 'start:yinsh normal 4/7 w w:place 0-0');
  });

  test('saved and loaded back', () => {
    const storage = memoryStorage();
    const tree = sample();
    tree.go(tree.find(['e3', 'k10']));
    assert.equal(saveTree(storage, 'game:abc', tree), true);
    const back = loadTree(storage, 'game:abc');
    assert.deepEqual(back.path(), ['e3', 'k10']);
    assert.deepEqual(back.sgfMoves(), tree.sgfMoves());
    assert.deepEqual(JSON.parse(storage.getItem(INDEX_KEY)), ['game:abc']);
    assert.equal(loadTree(storage, 'game:other'), null);
  });

  test(`at most ${KEEP_TREES}: the least recently used is dropped`, () => {
    const storage = memoryStorage();
    for (let i = 0; i < KEEP_TREES; i++) saveTree(storage, `start:${i}`, sample());
    saveTree(storage, 'start:0', sample());  // used again: the last to go
    saveTree(storage, 'start:new', sample());
    assert.equal(loadTree(storage, 'start:1'), null, 'the oldest is gone');
    assert.equal(storage.getItem(`${TREE_PREFIX}start:1`), null);
    assert.ok(loadTree(storage, 'start:0'));
    assert.ok(loadTree(storage, 'start:new'));
    const index = JSON.parse(storage.getItem(INDEX_KEY));
    assert.equal(index.length, KEEP_TREES);
    assert.deepEqual(index.slice(0, 2), ['start:new', 'start:0']);
    assert.equal([...storage.map.keys()].filter((k) => k.startsWith(TREE_PREFIX)).length, KEEP_TREES);
  });

  test('the kept trees the index does not name (it was lost) are dropped, a bounded number at a time', () => {
    const storage = memoryStorage();
    for (let i = 0; i < KEEP_TREES + 5; i++) storage.setItem(`${TREE_PREFIX}start:lost${i}`, '{}');
    storage.setItem('other-key', 'kept');
    saveTree(storage, 'start:a', sample());
    const trees = () => [...storage.map.keys()].filter((k) => k.startsWith(TREE_PREFIX));
    assert.equal(trees().length, 6, `${KEEP_TREES} strays dropped, the saved tree kept`);
    saveTree(storage, 'start:b', sample());
    assert.deepEqual(trees().sort(), [`${TREE_PREFIX}start:a`, `${TREE_PREFIX}start:b`]);
    assert.equal(storage.getItem('other-key'), 'kept', 'what is not a tree stays');
    assert.deepEqual(JSON.parse(storage.getItem(INDEX_KEY)), ['start:b', 'start:a']);
  });

  test('a full storage, a broken entry or no storage at all is no error', () => {
    assert.equal(saveTree(memoryStorage(10), 'k', sample()), false);
    const storage = memoryStorage();
    storage.setItem(`${TREE_PREFIX}k`, '{not json');
    storage.setItem(INDEX_KEY, '"not a list"');
    assert.equal(loadTree(storage, 'k'), null);
    assert.equal(saveTree(storage, 'k', sample()), true);
    assert.equal(saveTree(null, 'k', sample()), false);
    assert.equal(loadTree(null, 'k'), null);
  });
});
