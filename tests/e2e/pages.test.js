// The lobby, the replay and the connection indicator in Chromium (issue #15):
// the indicator notices a silent connection; the new-game form shows the extra
// pieces for GIPF basic only and sends them nowhere else; a live game's line in
// the lobby has the move number of the game page; the replay's step buttons are
// drawn, its list follows the current action, ← → step and the board flips; and
// axe-core finds nothing serious or critical on the lobby, a live game's page
// (a seated player's) and a replay. Every wait is for a condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { useServer, newPage, playByClicks, screenshotPath } from './support.js';

const env = useServer();
const { open } = env;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The axe-core violations of impact serious or critical on the page as it is,
 * each in a readable paragraph: the rule, what it asks, and every element it
 * found (its selector and what is wrong).
 */
async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE });
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => [
    `${v.id} (${v.impact}): ${v.help}`,
    ...v.nodes.map((node) => `  ${node.target.join(' ')}\n    ${node.failureSummary.replace(/\n/g, '\n    ')}`),
  ].join('\n'));
}

async function assertAccessible(page, name) {
  const found = await seriousViolations(page);
  assert.equal(found.length, 0, `axe-core on the ${name}: ${found.length} serious or critical violation(s)\n${found.join('\n')}`);
}

/** Creates a room from the lobby's form as White; resolves to the room id. */
async function createGame(page, game, variant) {
  await open(page, '/');
  await page.selectOption('#game', game);
  await page.selectOption('#variant', variant);
  await page.selectOption('#color', 'white');
  await page.click('#create');
  await page.waitForSelector('#status[data-status="open"][data-you="white"]');
  return new URL(page.url()).searchParams.get('room');
}

test('offline: the indicator says reconnecting, and connected again once back online', async () => {
  const page = await newPage(env.browser);
  // every toast the page shows, whenever it shows it
  await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => {
    const toast = document.getElementById('toast');
    window.toasts = [];
    new MutationObserver(() => { if (!toast.hidden) window.toasts.push(toast.textContent); })
      .observe(toast, { attributes: true, childList: true, characterData: true, subtree: true });
  }));
  // the answer to the first ping: a pong, or the error of a server that has no ping
  const answered = new Promise((resolve) => page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    const message = JSON.parse(payload);
    if (message.type === 'pong' || (message.type === 'error' && /^ping-/.test(message.id || ''))) resolve(message);
  })));
  await open(page, '/');
  await answered;  // the lobby is quiet: a ping goes out and is answered
  await page.context().setOffline(true);
  await page.waitForSelector('#connection[data-state="reconnecting"]');
  await page.context().setOffline(false);
  await page.waitForSelector('#connection[data-state="open"]');
  assert.deepEqual(await page.evaluate(() => window.toasts), [], 'no answer to a ping shown as an error');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the lobby: extra pieces for GIPF basic only, and sent for it only', async () => {
  const page = await newPage(env.browser);
  const created = [];  // the create_room frames the page sends
  page.on('websocket', (ws) => ws.on('framesent', ({ payload }) => {
    const message = JSON.parse(payload);
    if (message.type === 'create_room') created.push(message);
  }));
  await open(page, '/');
  const choose = async (game, variant) => {
    await page.selectOption('#game', game);
    await page.selectOption('#variant', variant);
  };
  await choose('gipf', 'basic');
  assert.equal(await page.isVisible('#white-extra'), true, 'GIPF basic has extra pieces');
  assert.equal(await page.isVisible('#black-extra'), true);
  await page.selectOption('#white-extra', '2');
  for (const [game, variant] of [['gipf', 'standard'], ['gipf', 'tournament'], ['yinsh', 'normal'], ['yinsh', 'blitz']]) {
    await choose(game, variant);
    assert.equal(await page.isVisible('#white-extra'), false, `no extra pieces in ${game} ${variant}`);
    assert.equal(await page.isVisible('label[for="white-extra"]'), false, `nor their row in ${game} ${variant}`);
  }
  await choose('gipf', 'basic');
  assert.equal(await page.isVisible('#white-extra'), true, 'and back for GIPF basic');

  // chosen in basic, then tournament: the extra pieces stay home
  await page.selectOption('#white-extra', '2');
  await choose('gipf', 'tournament');
  await page.click('#create');
  await page.waitForSelector('#status[data-status="open"]');
  assert.equal(created.length, 1);
  assert.equal(created[0].variant, 'tournament');
  assert.equal('white_extra' in created[0] || 'black_extra' in created[0], false, `sent: ${JSON.stringify(created[0])}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// a GIPF standard game between two guests, for the lobby's line, axe-core on a
// seated player's page and, once resigned, the replay
const live = {};

test('a live game in the lobby: the move number the game page\'s move list ends with', async () => {
  live.white = await newPage(env.browser);
  live.black = await newPage(env.browser);
  const lobby = await newPage(env.browser);
  live.room = await createGame(live.white, 'gipf', 'standard');
  await open(live.black, `/?room=${live.room}`);
  await live.white.waitForSelector('#status[data-status="live"]');
  await open(lobby, '/');
  const line = `#live-games li[data-room="${live.room}"] span`;
  await lobby.waitForSelector(line);
  // the game page's number of the last move
  const lastNumber = (page) => page.$$eval('#moves li', (items) => (items.length ? Number(items.at(-1).getAttribute('value')) : 0));
  // clicks at random (a dot chosen again is a click too) until the list has eleven moves,
  // enough for the replay's list (a line a move) to scroll; a reserve of 12 lasts that long
  for (let seed = 5; await lastNumber(live.white) < 11; seed++) {
    assert.equal(await live.white.$('#result'), null, 'the game ended before eleven moves');
    await playByClicks([live.white, live.black], { seed, clicks: 4 });
  }

  // the clicks are over; once one action in flight at most has landed, the pages and the lobby agree
  const lobbyNumber = async () => Number(((await lobby.textContent(line)).match(/ · move (\d+) · /) || [])[1]);
  const settled = async () => {
    const [white, black] = await Promise.all([live.white, live.black].map((p) => p.getAttribute('svg.board', 'data-hash')));
    const sending = await Promise.all([live.white, live.black].map((p) => p.textContent('#status')));
    const choices = await Promise.all([live.white, live.black].map((p) => p.$('[data-choice]')));
    return white === black && !sending.some((text) => /Sending/.test(text)) && choices.some(Boolean)
      && await lastNumber(live.white) === await lobbyNumber();
  };
  while (!await settled()) await lobby.waitForTimeout(50);
  const number = await lastNumber(live.white);
  const turns = await live.white.$$eval('#moves .turn-link', (links) => links.length);
  assert.ok(number >= 11, `moves were played (move ${number})`);
  assert.ok(turns > number, `GIPF numbers White's and Black's turn as one move (${turns} turns, move ${number})`);
  assert.match(await lobby.textContent(line), new RegExp(` · move ${number} · `));
  for (const page of [live.white, live.black, lobby]) assert.deepEqual(page.errors, []);
  await lobby.context().close();
});

test('axe-core: the lobby', async () => {
  const page = await newPage(env.browser);
  await open(page, '/');
  await page.waitForSelector(`#live-games li[data-room="${live.room}"]`);  // a live game listed
  await assertAccessible(page, 'lobby');
  await page.context().close();
});

test('axe-core: a live game, the page of the player to move', async () => {
  // the board offers its choices on this page only (the other one only waits)
  const page = (await live.white.$('[data-choice]')) ? live.white : live.black;
  await assertAccessible(page, 'live game page');
});

test('the replay: drawn step buttons, the record\'s move numbers, a list that follows, ← → Home End, the last turn marked, the address with &ply=, and the board flipped', async () => {
  // the live page's moves before the game ends: the replay numbers them the same way
  const liveMoves = await live.white.$$eval('#moves li', (items) => items.map((item) => [Number(item.getAttribute('value')), [...item.querySelectorAll('.turn-link')].map((b) => b.textContent)]));
  live.white.once('dialog', (dialog) => dialog.accept());
  await live.white.click('#resign');
  for (const page of [live.white, live.black]) await page.waitForSelector('#result[data-reason="resignation"]');
  await live.black.context().close();
  const page = live.white;
  await page.goto(env.at(`/?replay=${live.room}`));
  await page.waitForSelector('#position[data-index]');
  const last = Number(await page.getAttribute('#position', 'data-last'));
  assert.ok(last >= 20, `the actions of eleven moves at least (${last})`);
  const position = async () => Number(await page.getAttribute('#position', 'data-index'));
  const ply = async () => Number(await page.getAttribute('#position', 'data-ply'));
  const current = () => page.$$eval('#moves .turn-link', (links) => links.filter((b) => b.getAttribute('aria-current') === 'step').map((b) => Number(b.dataset.turn)));

  // one numbering: the live list's, the replay's and the record's
  const replayMoves = await page.$$eval('#moves li', (items) => items.map((item) => [Number(item.getAttribute('value')), [...item.querySelectorAll('.turn-link')].map((b) => b.textContent)]));
  assert.deepEqual(replayMoves, liveMoves, 'the replay lists the moves as the live page did');
  const record = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), live.room);
  const recorded = record.split('\n').filter((line) => /^\d+\. /.test(line)).map((line) => {
    const [number, ...turns] = line.split(' ');
    return [Number(number.slice(0, -1)), turns];
  });
  assert.deepEqual(replayMoves, recorded, 'and as the record does');
  // the other formats (#44): the GIPF project's score sheet, from the page's own link
  const official = await page.getAttribute('a[href$="format=official"]', 'href');
  const sheet = await page.evaluate(async (href) => (await fetch(href)).text(), official);
  assert.deepEqual(sheet.split('\n').filter((line) => /^\d+\./.test(line)).map((line) => Number(line.split('.')[0])),
    recorded.map(([number]) => number), 'the official sheet numbers the moves as the record does');
  assert.equal(sheet.trim().split('\n').at(-1), '0-1', 'and ends with the result: white resigned');
  // and boardspace.net's file, in its GIPF words, read back by the arena's own reader
  const sgfHref = await page.getAttribute('a[href$="format=sgf"]', 'href');
  const sgf = await page.evaluate(async (href) => (await fetch(href)).text(), sgfHref);
  assert.match(sgf, /GM\[gipf\]/);
  assert.match(sgf, /SU\[gipf-standard/);
  const lastNumber = replayMoves.at(-1)[0];

  // the four buttons: an SVG icon each, no glyph a font may lack, named for a screen reader
  for (const name of ['first', 'previous', 'next', 'last']) {
    assert.equal(await page.getAttribute(`#${name}`, 'aria-label'), name);
    assert.ok(await page.$(`#${name} > svg path`), `#${name} draws its icon`);
    assert.equal((await page.textContent(`#${name}`)).trim(), '', `#${name} has no text glyph`);
  }

  // the end: the last move current and in words with its number, the last turn marked on the board
  assert.equal(await position(), last);
  const lastTurn = (await current())[0];
  assert.equal(lastTurn, (await page.$$eval('#moves .turn-link', (links) => links.map((b) => Number(b.dataset.turn)))).at(-1));
  assert.match(await page.textContent('#position'), new RegExp(`^After move ${lastNumber} \\((White|Black)\\): `));
  assert.ok(await page.$('svg.board .last-move .last-to'), 'the last turn is marked as in the live view');
  const atPly = String(await ply());  // the address follows within 200 ms (debounced): waited for, not raced
  await page.waitForURL((url) => url.searchParams.get('ply') === atPly);
  await page.click('#first');
  assert.equal(await position(), 0);
  assert.deepEqual(await current(), []);
  assert.equal(await page.textContent('#position'), 'The start of the game');
  assert.equal(await page.$('svg.board .last-move'), null, 'nothing marked at the start');
  await page.waitForURL((url) => url.searchParams.get('ply') === '0');
  await page.click('#next');
  assert.deepEqual(await current(), [0]);
  assert.match(await page.textContent('#position'), /^After move 1 \(White\): /);
  await page.click('#next');
  assert.deepEqual(await current(), [1]);
  assert.match(await page.textContent('#position'), /^After move 1 \(Black\): /, 'GIPF: White\'s and Black\'s turn are one move');
  assert.equal(await page.$$eval('#moves .turn-link.current', (items) => items.length), 1);

  // the keys, with the focus on a step button (not in a field)
  await page.keyboard.press('ArrowRight');
  assert.equal(await position(), 3);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await position(), 1);
  await page.keyboard.press('End');
  assert.equal(await position(), last);
  // the current move is scrolled into view within its list, the page stays put
  const inView = () => page.$eval('#moves .turn-link[aria-current="step"]', (item) => {
    const box = item.closest('.moves').getBoundingClientRect();
    const at = item.getBoundingClientRect();
    return at.top >= box.top - 1 && at.bottom <= box.bottom + 1;
  });
  assert.ok(await page.$eval('#moves', (list) => list.closest('.moves').scrollHeight > list.closest('.moves').clientHeight), 'the list scrolls');
  assert.ok(await inView(), 'the last move is in view');
  await page.keyboard.press('Home');
  assert.equal(await position(), 0);
  await page.keyboard.press('ArrowRight');
  assert.ok(await inView(), 'the first move is in view');
  // the slider keeps its own arrows: one step, not two
  await page.focus('input[type=range]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await position(), 2);

  // a move of the list shows the position after it
  await page.click('#moves li:nth-child(3) .turn-link');
  assert.deepEqual(await current(), [4]);
  assert.match(await page.textContent('#position'), /^After move 3 \(White\): /);

  // the address follows: opened again, the page is at the same position; the link is copied
  await page.click('#previous');
  const shownPly = await ply();
  const text = await page.textContent('#position');
  await page.waitForURL((url) => url.searchParams.get('ply') === String(shownPly));  // the address follows within 200 ms
  const address = page.url();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(address).origin });
  await page.click('#copy-link');
  await page.waitForSelector('#link-copied:text("Link copied.")');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), address);
  await page.goto(address);
  await page.waitForSelector('#position[data-index]');
  assert.equal(await ply(), shownPly, '&ply= opens the replay at that position');
  assert.equal(await page.textContent('#position'), text);
  await page.goto(env.at(`/?replay=${live.room}&ply=5`));
  await page.waitForSelector('#position[data-index]');
  assert.ok(await ply() <= 5 && await ply() >= 4, `&ply=5 opens at ply 5, or just before it when 5 was a forced action (${await ply()})`);
  const opened = String(await ply());
  await page.waitForURL((url) => url.searchParams.get('ply') === opened);  // a forced action's ply: the address follows

  // flipped: the same piece on the other side of the centre
  await page.click('#first');
  await page.click('#next');
  await page.click('#next');
  const side = () => page.$$eval('svg.board g.piece[data-cell]', (pieces) => {
    const piece = pieces.find((g) => Math.abs(Number(g.querySelector('circle:last-of-type').getAttribute('cx'))) > 20);
    return { cell: piece.dataset.cell, x: Number(piece.querySelector('circle:last-of-type').getAttribute('cx')) };
  });
  const before = await side();
  assert.equal(await page.getAttribute('#flip-board', 'aria-pressed'), 'false');
  await page.click('#flip-board');
  assert.equal(await page.getAttribute('#flip-board', 'aria-pressed'), 'true');
  const flippedX = await page.$eval(`svg.board g.piece[data-cell="${before.cell}"] circle:last-of-type`, (c) => Number(c.getAttribute('cx')));
  assert.ok(Math.sign(flippedX) === -Math.sign(before.x), `${before.cell} moved across: ${before.x} → ${flippedX}`);
  assert.equal(await position(), 2, 'the same position, from the other side');
  await page.screenshot({ path: screenshotPath('replay-flipped.png') });
  await page.click('#flip-board');
  assert.equal(await page.getAttribute('#flip-board', 'aria-pressed'), 'false');
  assert.deepEqual(await side(), before);
  assert.deepEqual(page.errors, []);
});

test('axe-core: the replay of a finished game', async () => {
  const page = live.white;
  await page.waitForSelector('#moves .turn-link[aria-current="step"]');
  await assertAccessible(page, 'replay page');
  await page.context().close();
});
