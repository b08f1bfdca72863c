// The analysis board (#44) in Chromium: a boardspace.net YINSH game brought in,
// its replay at ply 20, "Analyse from here"; on the analysis board the game is
// the main line and the position at ply 20 is shown; a different move played on
// the board is a variation in the tree, the computer evaluates the position,
// the tree survives a reload (and the address names the node), a variation is
// promoted, the tree goes out as a boardspace SGF file. A live game never opens
// on the analysis board, and while an account plays one the computer gives it
// no evaluation. At a laptop's and a phone's size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { newPage, useServer, screenshotPath, assertAccessible } from './support.js';

const IDA = { username: 'ida44a', password: 'ida-password-44a' };
const BEA = { username: 'bea44a', password: 'bea-password-44a' };
const env = useServer({ accounts: [IDA, BEA] });
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

// A YINSH game of 28 chosen actions without a row (so each action is one ply):
// ten rings placed, then eighteen moves; White resigns at the end.
const LINE = ('g2 c6 a2 e10 k7 h3 b7 i4 j11 f2 g2-g6 h3-h5 g6-h7 c6-e6 h7-g7 e10-k10 k7-k8 h5-h4 j11-g8 k10-h10 '
  + 'g8-f8 e6-h6 f8-f7 h6-f6 a2-c4 f6-d6 b7-c7 f2-f3').split(' ');

/** The game as a boardspace.net file: "place wr G 2" for a ring, "place w G 2" and "drop board G 4" for a move. */
function boardspace(line) {
  const point = (p) => `${p[0].toUpperCase()} ${p.slice(1)}`;
  const out = [' (;', 'GM[24]VV[2]', 'CM[0,1]', 'SU[Yinsh]', 'P0[id "BestBot"]', 'P1[id "BOkpc"]', '; P0[0 Start White]'];
  let n = 1;
  line.forEach((action, i) => {
    const p = i % 2 ? 'P1' : 'P0';
    const color = i % 2 ? 'b' : 'w';
    const [from, to] = action.split('-');
    if (!to) out.push(`; ${p}[${n++} place ${color}r  ${point(from)}]`);
    else out.push(`; ${p}[${n++} place ${color}  ${point(from)}]`, `; ${p}[${n++} drop board  ${point(to)}]`);
    out.push(`; ${p}[${n++} Done ]`);
  });
  const p = line.length % 2 ? 'P1' : 'P0';
  out.push(`; ${p}[${n++} Resign ]`, `; ${p}[${n++} Done ]`, ')');
  return out.join('\n');
}

/** The path of the node shown, as the page says it. */
const shownPath = (page) => page.getAttribute('#analysis', 'data-path');

/** Waits until the board shows the node at `line` with its position known. */
async function waitForNode(page, line) {
  await page.waitForFunction((path) => {
    const root = document.querySelector('#analysis');
    return root && root.dataset.state === 'ready' && root.dataset.path === path;
  }, line.join('_'));
}

/** Brings the game in as the signed-in account; its replay's address. */
async function bringIn(page) {
  const answer = await page.evaluate(async (record) => {
    const response = await fetch('/api/imports', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ record }) });
    return { status: response.status, body: await response.json() };
  }, boardspace(LINE));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.import.path;
}

for (const [name, viewport] of [['1366×768', LAPTOP], ['375×812', PHONE]]) {
  test(`${name}: from a replay at ply 20 to the analysis board; a variation, an evaluation, a reload, a promotion, the SGF file`, async () => {
    const page = await newPage(env.browser, viewport);
    await env.logIn(page, IDA);
    // the lobby links to the board
    assert.equal(await page.getAttribute('#analysis-link-lobby', 'href'), '/analysis');
    const replay = await bringIn(page);
    await page.goto(env.at(replay));
    await page.waitForSelector('#position[data-index]');
    await page.click('#moves .turn-link[data-ply="20"]');
    await page.waitForSelector('#position[data-ply="20"]');
    const href = await page.getAttribute('#analyse-here', 'href');
    assert.match(href, /^\/analysis\/yinsh\/normal\?imported=[a-z0-9]+&ply=20$/);
    await page.click('#moves .turn-link[data-ply="21"]');
    await page.waitForFunction(() => /ply=21$/.test(document.querySelector('#analyse-here').getAttribute('href')));
    await page.click('#moves .turn-link[data-ply="20"]');
    await page.waitForFunction(() => /ply=20$/.test(document.querySelector('#analyse-here').getAttribute('href')));

    // the analysis board: the game is the main line, the position at ply 20 is shown
    await page.click('#analyse-here');
    await page.waitForURL(/\/analysis\/yinsh\/normal\?/);
    await waitForNode(page, LINE.slice(0, 20));
    assert.equal(await page.title(), 'Analysis board · GIPF Arena');
    assert.deepEqual(await page.$$eval('#analysis-tree .tree-move.main', (moves) => moves.map((m) => m.dataset.action)), LINE);
    assert.equal(await page.getAttribute('#analysis-tree .tree-move.current', 'data-action'), LINE[19]);
    assert.equal(await page.getAttribute('#analysis-tree .tree-move.current', 'data-path'), LINE.slice(0, 20).join('_'));
    assert.match(await page.innerText('#analysis-position'), /^yinsh normal \S+ w w:move 0-0$/);
    assert.match(await page.innerText('#analysis-status'), /^White to move\. Move a ring/);
    const numbers = await page.$$eval('#analysis-tree .move-number', (spans) => spans.map((s) => s.textContent));
    assert.deepEqual(numbers.slice(0, 3), ['1.', '2.', '3.'], 'every YINSH turn numbered');
    assert.ok(await page.$('#analysis-promote[disabled]'), 'nothing to promote on the main line');
    assert.match(page.url(), /[?&]line=g2_c6_/);

    // a variation: a2-a3 where the game went on g8-f8
    assert.notEqual(LINE[20], 'a2-a3');
    await page.click('svg.board [data-choice][data-cell="a2"]');
    await page.click('svg.board [data-choice][data-cell="a3"]');
    const variation = [...LINE.slice(0, 20), 'a2-a3'];
    await waitForNode(page, variation);
    assert.ok(await page.$('#analysis-tree .variation .tree-move.current[data-action="a2-a3"]'), 'the move is a variation, shown as the current move');
    assert.match(await page.innerText('#analysis-status'), /^Black to move\. Move a ring/);
    assert.ok(await page.$('svg.board .piece[data-cell="a3"][data-piece="W"]'), 'the ring moved');
    assert.ok(await page.$('svg.board .piece[data-cell="a2"][data-piece="w"]'), 'its marker left behind');
    await page.waitForURL(/_a2-a3(&|$)/);  // the address follows within 200 ms

    // the computer's view
    await page.click('#analysis-eval');
    await page.waitForSelector('#analysis-evaluation[data-state="done"], #analysis-evaluation[data-state="refused"]', { timeout: 120000 });
    assert.equal(await page.getAttribute('#analysis-evaluation', 'data-state'), 'done', await page.innerText('#analysis-evaluation'));
    assert.match(await page.innerText('#analysis-verdict'), /^(\+\d+ for (White|Black)|Even \(0\)|(White|Black) wins( in \d+ pl(y|ies))?)$/);
    assert.match(await page.innerText('#analysis-best-line'), /^(Best line: \S+|No line\.)/);
    // one node back: its position has no verdict yet, and the other node's line is not offered
    await page.keyboard.press('ArrowLeft');
    await waitForNode(page, LINE.slice(0, 20));
    assert.equal(await page.getAttribute('#analysis-evaluation', 'data-state'), null);
    assert.ok(await page.$('#analysis-add-line[hidden]'), 'no "Add the line" for another position');
    await page.click('#analysis-tree .tree-move[data-action="a2-a3"]');
    await waitForNode(page, variation);
    assert.equal(await page.getAttribute('#analysis-evaluation', 'data-state'), 'done', 'the verdict is kept with its position');

    // the tree survives a reload; the address names the node
    await page.screenshot({ path: screenshotPath(`analysis-${viewport.width}.png`), fullPage: true });
    await assertAccessible(page, `analysis board at ${name}`);
    await page.waitForURL(/_a2-a3(&|$)/);  // the address follows within 200 ms
    await page.reload();
    await waitForNode(page, variation);
    assert.ok(await page.$('#analysis-tree .tree-move.current[data-action="a2-a3"]'), 'the variation is still there, and shown');
    assert.deepEqual(await page.$$eval('#analysis-tree .tree-move.main', (moves) => moves.map((m) => m.dataset.action)), LINE);
    // back, and forward follows the main line; the variation's button goes back to it
    await page.keyboard.press('ArrowLeft');
    await waitForNode(page, LINE.slice(0, 20));
    await page.keyboard.press('ArrowRight');
    await waitForNode(page, LINE.slice(0, 21));
    await page.click('#analysis-tree .tree-move[data-action="a2-a3"]');
    await waitForNode(page, variation);

    // promoted: the variation becomes the main line, the game's move a variation
    await page.click('#analysis-promote');
    await page.waitForSelector('#analysis-tree .tree-move.main[data-action="a2-a3"]');
    assert.deepEqual(await page.$$eval('#analysis-tree .tree-move.main', (moves) => moves.map((m) => m.dataset.action)), variation);
    assert.ok(await page.$(`#analysis-tree .variation .tree-move[data-action="${LINE[20]}"]`));

    // the tree as a boardspace file, the variation in it
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#analysis-sgf')]);
    const file = readFileSync(await download.path(), 'utf8');
    assert.match(file, /SU\[Yinsh\]/);
    assert.match(file, /A 3/, 'the variation\'s ring move');
    assert.match(file, /F 8/, 'the game\'s move, now a variation');
    assert.ok(file.split('(').length > 2, 'variations in parentheses');

    // a link to the position shown
    await page.click('#analysis-link');
    await page.waitForFunction(() => /Link copied|Copy this link/.test(document.querySelector('#analysis-note').textContent));

    // deleting the variation (now the main line's move) brings the game's move back
    await page.click('#analysis-delete');
    await waitForNode(page, LINE.slice(0, 20));
    assert.equal(await page.$('#analysis-tree .tree-move[data-action="a2-a3"]'), null);
    assert.deepEqual(await page.$$eval('#analysis-tree .tree-move.main', (moves) => moves.map((m) => m.dataset.action)), LINE);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('a position text starts a board; a live game never opens on it, and its player gets no evaluation', async () => {
  const page = await newPage(env.browser, LAPTOP);
  // a board from the game's start and one from a position text, before signing in
  await page.goto(env.at('/analysis/yinsh'));
  await waitForNode(page, []);
  assert.equal(await page.innerText('#analysis-position'), 'yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0');
  await page.click('svg.board [data-choice][data-cell="e3"]');
  await waitForNode(page, ['e3']);
  const position = await page.innerText('#analysis-position');
  await page.goto(env.at(`/analysis/yinsh?position=${position.replace(/ /g, '_')}`));
  await waitForNode(page, []);
  assert.equal(await page.innerText('#analysis-position'), position);
  assert.match(await page.innerText('#analysis-status'), /^Black to place a ring\. Place a ring/);
  // a start that is not the game's: no boardspace.net file (the server has none for it)
  await page.waitForSelector('#analysis-sgf', { state: 'hidden' });
  // a pasted record (an official sheet, read as this page's game) opens at its end, its moves the line
  await page.fill('#analysis-paste', '1.e3\n2.f5');
  await page.click('#analysis-paste-send');
  await waitForNode(page, ['e3', 'f5']);
  assert.ok(await page.isVisible('#analysis-sgf'), 'a record starts at its game\'s start: its file can be written');
  // one that cannot be read says where and why
  await page.fill('#analysis-paste', '1.e3\n2.e3');
  await page.click('#analysis-paste-send');
  await page.waitForSelector('#analysis-paste-status[data-code="bad_record"]');
  assert.match(await page.innerText('#analysis-paste-status'), /^Move 2/);
  await page.fill('#analysis-paste', 'yinsh normal nonsense w w:place 0-0');
  await page.click('#analysis-paste-send');
  await page.waitForSelector('#analysis-paste-status[data-code="bad_position"]');

  // a live game against the computer
  await env.logIn(page, BEA);
  await page.selectOption('#game', 'yinsh');
  await page.selectOption('#opponent', '1');
  await page.selectOption('#color', 'white');
  await page.click('#create');
  await page.waitForSelector('#status[data-status="live"]', { timeout: 60000 });
  const room = new URL(page.url()).searchParams.get('room');
  const other = await page.context().newPage();
  other.errors = [];
  other.on('pageerror', (error) => other.errors.push(error.message));
  await other.goto(env.at(`/analysis/yinsh/normal?game=${room}&ply=0`));
  await other.waitForSelector('#analysis-message');
  assert.equal(await other.innerText('#analysis-message'), 'This game is still being played: it can be analysed once it has ended.');
  assert.equal(await other.$('svg.board'), null, 'no board');
  // no computer help while playing (the board from the start opens where it was left: after the pasted e3 f5)
  await other.goto(env.at('/analysis/yinsh'));
  await waitForNode(other, ['e3', 'f5']);
  await other.click('#analysis-eval');
  await other.waitForSelector('#analysis-evaluation[data-state="refused"]', { timeout: 60000 });
  assert.equal(await other.getAttribute('#analysis-evaluation', 'data-code'), 'playing');
  assert.match(await other.innerText('#analysis-evaluation'), /^No computer help while you have a game being played/);
  // the replay of a live game offers no analysis
  await other.goto(env.at(`/?replay=${room}`));
  await other.waitForSelector('#position[data-index]');
  assert.equal(await other.$('#analyse-here'), null);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
  await page.context().close();
});
