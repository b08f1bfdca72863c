// Play comfort v3 (issue #33) in Chromium: at 375×812 the board, both clocks,
// the status line and what the player must press next (a push's Confirm, a
// row's Remove, Claim victory) are in the window without scrolling, in GIPF and
// YINSH; chat and names take `" & < > \` and show them as text; the rules pages
// draw their diagrams with the boards and are linked from the lobby and the
// game; "Play the computer" starts a game at once; an unknown address is a 404
// page; the admin console sets an event game's result from its pairing row,
// with a confirmation that names it, and offers no Start while the event runs;
// event standings mark provisional ratings ("1500?"); "Your games" resumes
// your own game (never "Watch"), and a game against the computer its player
// left leaves the live list, comes back with the player, and is aborted half
// an hour later, on the server's test clock (--test-clock) rather than waiting;
// axe-core finds nothing serious or critical on the new pages. Every wait is
// for a condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useServer, screenshotPath, assertAccessible } from './support.js';

const ADMIN = { username: 'root33', password: 'administrator-pass-33' };
const ANN = { username: 'ann33', password: 'ann-password-33' };
const BOB = { username: 'bob33', password: 'bob-password-33' };
const env = useServer({ accounts: [{ ...ADMIN, role: 'admin' }, ANN, BOB], args: ['--claim-after-seconds', '3', '--test-clock'] });

const PHONE = { width: 375, height: 812 };


/** White creates a timed game from the lobby, Black opens its link; both pages at `viewport`. */
async function startGame(game, variant, viewport = PHONE) {
  const white = await newPage(env.browser, viewport);
  const black = await newPage(env.browser, viewport);
  await env.open(white);
  await white.selectOption('#game', game);
  await white.selectOption('#variant', variant);
  await white.selectOption('#color', 'white');
  await white.selectOption('#clock', '5+5');
  await white.click('#create');
  await white.waitForSelector('#status[data-status="open"]');
  const room = new URL(white.url()).searchParams.get('room');
  await env.open(black, `/?room=${room}`);
  for (const page of [white, black]) await page.waitForSelector('#status[data-status="live"]');
  return { white, black, room };
}

/**
 * The elements of `selectors` that are not wholly inside the window, with their
 * boxes; and the page must not be scrolled.
 */
async function outside(page, selectors) {
  return page.evaluate((list) => {
    const out = [];
    if (window.scrollY !== 0) out.push(`the page is scrolled by ${window.scrollY}`);
    if (document.documentElement.scrollWidth > window.innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const selector of list) {
      const element = document.querySelector(selector);
      if (!element) { out.push(`${selector}: missing`); continue; }
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) out.push(`${selector}: not shown`);
      else if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) {
        out.push(`${selector}: ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)} outside ${window.innerWidth}×${window.innerHeight}`);
      }
    }
    return out;
  }, selectors);
}

const PLAYING = ['svg.board', '#clock-white', '#clock-black', '#status'];

test('a GIPF game on a 375×812 phone: board, clocks, status, the push\'s Confirm and the row\'s Remove in the window', async () => {
  const { white, black } = await startGame('gipf', 'standard');
  for (const page of [white, black]) assert.deepEqual(await outside(page, PLAYING), [], 'the game at its start');
  // White's own line is under the board, the opponent's above it
  const top = (page, selector) => page.$eval(selector, (e) => e.getBoundingClientRect().top);
  assert.ok(await top(white, '.player[data-color="black"]') < await top(white, 'svg.board'));
  assert.ok(await top(white, '.player[data-color="white"]') > await top(white, 'svg.board'));
  assert.ok(await top(white, '#status') > await top(white, '.player[data-color="white"]'));

  // a push on a phone waits for Confirm: it is in the window, under the board
  const push = async (page, dot, action) => {
    const ply = Number(await page.getAttribute('#status', 'data-ply'));
    await page.click(`svg.board [data-key="choice:${dot}"]`);
    await page.click(`svg.board [data-key="push:${action}"]`);
    await page.waitForSelector('#confirm-move');
    assert.deepEqual(await outside(page, [...PLAYING, '#confirm-move', '#cancel-move']), [], `Confirm of ${action}`);
    await page.click('#confirm-move');
    for (const p of [white, black]) await p.waitForSelector(`#status[data-ply="${ply + 1}"]`);
  };
  await push(white, 'e1', 'e1-e3');
  await white.screenshot({ path: screenshotPath('comfort-phone-gipf-white.png') });
  await push(black, 'a2', 'a2-c2');
  await push(white, 'e1', 'e1-e4');
  await push(black, 'a2', 'a2-d2');
  await push(white, 'e1', 'e1-e5');
  // e2–e5 is White's row: White chooses it, then Remove is in the window
  await white.waitForSelector('svg.board [data-choice][data-key^="row:"]');
  assert.deepEqual(await outside(white, PLAYING), [], 'a row to choose');
  await white.click('svg.board [data-choice][data-key^="row:"]');
  await white.waitForSelector('#remove-row');
  assert.deepEqual(await outside(white, [...PLAYING, '#remove-row']), [], 'the row\'s Remove');
  await white.screenshot({ path: screenshotPath('comfort-phone-gipf-row.png') });
  assert.deepEqual(await outside(black, PLAYING), [], 'the waiting player');
  for (const page of [white, black]) assert.deepEqual(page.errors, []);
  await white.context().close();
  await black.context().close();
});

for (const [name, viewport] of [['375×812 phone', PHONE], ['1366×768 laptop (#43)', { width: 1366, height: 768 }]]) {
  test(`a YINSH game on a ${name}: board, clocks and status, then Claim victory, in the window`, async () => {
    const { white, black } = await startGame('yinsh', 'normal', viewport);
    for (const page of [white, black]) assert.deepEqual(await outside(page, PLAYING), [], 'the game at its start');
    // three rings placed (a claim needs both players to have acted), Black to place the next
    const place = async (page, point, ply) => {
      await page.click(`svg.board [data-choice][data-cell="${point}"]`);
      for (const p of [white, black]) await p.waitForSelector(`#status[data-ply="${ply}"]`);
    };
    await place(white, 'e5', 1);
    await black.waitForSelector('svg.board [data-choice]');
    assert.deepEqual(await outside(black, PLAYING), [], 'Black to place');
    await black.screenshot({ path: screenshotPath(`comfort-yinsh-black-${viewport.width}.png`) });
    await place(black, 'f6', 2);
    await place(white, 'g7', 3);
    await black.waitForSelector('svg.board [data-choice]');
    // Black leaves on its decision: White's claim, once allowed, is in the window
    await black.context().close();
    await white.waitForSelector('#claim-countdown');
    assert.deepEqual(await outside(white, [...PLAYING, '#claim-countdown']), [], 'the countdown');
    await white.waitForSelector('#claim-victory');
    assert.deepEqual(await outside(white, [...PLAYING, '#claim-victory', '#claim-draw']), [], 'the claim');
    await white.screenshot({ path: screenshotPath(`comfort-yinsh-claim-${viewport.width}.png`) });
    assert.deepEqual(white.errors, []);
    await white.context().close();
  });
}

test('chat and names: " & < > \\ are accepted and shown as text, never as markup; the input\'s limit is the server\'s', async () => {
  const { white, black, room } = await startGame('yinsh', 'normal', { width: 1100, height: 850 });
  const text = 'he said "gg" & <3 <b>bold</b> <img src=x onerror="window.hacked=1"> \\o/';
  assert.equal(await white.getAttribute('#chat-input', 'maxlength'), '200');
  await white.fill('#chat-input', text);
  await white.click('#chat-send');
  for (const page of [white, black]) {
    await page.waitForFunction((t) => [...document.querySelectorAll('#chat-players li .text')].some((li) => li.textContent === t), text);
    assert.equal(await page.$('#chat-players b, #chat-players img'), null, 'no markup made of the text');
    assert.equal(await page.evaluate(() => window.hacked), undefined);
  }
  // a guest's display name with the same characters, in the lobby's form, then as a spectator's seat in the chat
  const guest = await newPage(env.browser);
  await env.open(guest, '/');
  const name = 'Tom & "Jerry" <3';
  await guest.fill('#name', name);
  await guest.click('#name ~ button[type=submit]');
  await guest.waitForSelector('#toast:not([hidden])');
  assert.match(await guest.textContent('#toast'), /Your name is now Tom & "Jerry" <3\./);
  await env.open(guest, `/?watch=${room}`);
  await guest.waitForSelector('#status[data-you="spectator"]');
  await guest.fill('#chat-input', '1 > 0 & a\\b');
  await guest.click('#chat-send');
  await white.waitForFunction(() => [...document.querySelectorAll('#chat-spectators li')].some((li) => li.textContent.includes('1 > 0 & a\\b')));
  assert.match(await white.textContent('#chat-spectators'), /Tom & "Jerry" <3/);
  for (const page of [white, black, guest]) assert.deepEqual(page.errors, []);
  for (const page of [white, black, guest]) await page.context().close();
});

test('How to play: both pages drawn with the boards, linked from the lobby and the game; axe-core clean', async () => {
  const page = await newPage(env.browser);
  await env.open(page, '/');
  assert.equal(await page.getAttribute('a.rules-link[href="/rules/gipf"]', 'href'), '/rules/gipf');
  await page.click('a.rules-link[href="/rules/yinsh"]');
  await page.waitForSelector('#rules[data-game="yinsh"] figure.diagram svg.board');
  assert.equal(await page.textContent('h1'), 'How to play YINSH');
  for (const game of ['gipf', 'yinsh']) {
    await env.open(page, `/rules/${game}`);
    await page.waitForSelector(`#rules[data-game="${game}"]`);
    const diagrams = await page.$$eval('figure.diagram', (figures) => figures.map((f) => ({
      pieces: f.querySelectorAll('svg.board g.piece').length, caption: f.querySelector('figcaption').textContent,
      marked: !!f.querySelector('.last-move .last-to'), rows: f.querySelectorAll('.pending-row').length,
    })));
    assert.ok(diagrams.length >= 3, `${game}: ${diagrams.length} diagrams`);
    for (const d of diagrams) assert.ok(d.pieces >= 5 && d.caption.length > 20, JSON.stringify(d));
    assert.ok(diagrams.some((d) => d.marked), `${game}: a move marked as the last turn is in a game`);
    assert.ok(diagrams.some((d) => d.rows === 1), `${game}: a row outlined`);
    assert.equal(await page.$('svg.board [data-choice]'), null, 'nothing to press in a diagram');
    await page.screenshot({ path: screenshotPath(`comfort-rules-${game}.png`), fullPage: true });
    await assertAccessible(page, `rules page of ${game}`);
  }
  // the game page links its game's rules
  const { white, black } = await startGame('gipf', 'basic', { width: 1100, height: 850 });
  assert.equal(await white.getAttribute('#rules-link', 'href'), '/rules/gipf');
  assert.deepEqual(page.errors, []);
  for (const p of [page, white, black]) await p.context().close();
});

test('the lobby: a visible Play the computer starts a game at once; axe-core clean', async () => {
  const page = await newPage(env.browser, PHONE);
  await env.open(page, '/');
  const box = await page.$eval('#play-computer', (b) => { const r = b.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
  assert.ok(box.bottom <= PHONE.height, `Play the computer is in the first screen (${box.top}–${box.bottom})`);
  await assertAccessible(page, 'lobby');
  await page.click('#play-computer');
  await page.waitForURL(/\?room=/);
  await page.waitForSelector('#status[data-status="live"]');
  assert.match(await page.textContent('.players'), /Bot level 1/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an unknown address is a 404 page with the way back; axe-core clean', async () => {
  const page = await newPage(env.browser);
  for (const path of ['/no/such/page', '/rules/chess', '/js/nothing.js']) {
    const response = await page.goto(env.at(path));
    assert.equal(response.status(), 404, path);
  }
  await page.goto(env.at('/no/such/page'));
  assert.equal(await page.textContent('h1'), 'Page not found');
  assert.equal(await page.getAttribute('main a[href="/"]', 'href'), '/');
  await assertAccessible(page, '404 page');
  for (const path of ['/rules/gipf', '/rules/yinsh']) assert.equal((await page.goto(env.at(path))).status(), 200, path);
  await page.context().close();
});

test('admin: a pairing\'s own result buttons, a confirmation naming the game, no Start while the event runs; axe-core clean', async () => {
  const players = [];
  for (const account of [ANN, BOB]) {
    const page = await newPage(env.browser);
    await env.logIn(page, account);
    players.push(page);
  }
  const admin = await newPage(env.browser);
  await env.logIn(admin, ADMIN);
  const event = await admin.evaluate(async () => {
    const response = await fetch('/api/admin/events', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Comfort cup', kind: 'swiss', rounds: 1, game: 'gipf', variant: 'standard', clock: { kind: 'live', initial_ms: 300000, increment_ms: 5000 } }) });
    return (await response.json()).event;
  });
  for (const page of players) {
    const status = await page.evaluate(async (id) => (await fetch(`/api/events/${id}/join`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status, event.id);
    assert.equal(status, 200);
  }
  await env.open(admin, '/admin');
  await admin.waitForSelector('#admin-events');
  await admin.selectOption('#event-pick', String(event.id));
  await admin.waitForSelector('#event-start:not([hidden])');
  assert.equal(await admin.isHidden('#event-next-round'), true, 'no next round before the start');
  admin.once('dialog', (dialog) => dialog.accept());
  await admin.click('#event-start');
  await admin.waitForSelector('#event-games tr[data-room]');
  assert.equal(await admin.isHidden('#event-start'), true, 'no Start while the event runs');
  assert.equal(await admin.isVisible('#event-next-round'), true);
  const row = await admin.$eval('#event-games tr[data-room]', (tr) => ({ room: tr.dataset.room, white: tr.dataset.white, black: tr.dataset.black }));
  assert.deepEqual(await admin.$$eval('#event-games tr[data-room] button.set-result', (b) => b.map((x) => x.dataset.result)), ['1-0', '0-1'], 'GIPF has no draw');
  await assertAccessible(admin, 'admin page with an event running');
  // no reason: nothing sent, the reason asked for
  await admin.click('#event-games tr[data-room] button[data-result="0-1"]');
  assert.match(await admin.textContent('#event-admin-message'), /Give a reason/);
  await admin.fill('#event-game-reason', 'White did not come');
  const asked = new Promise((resolve) => admin.once('dialog', (dialog) => { resolve(dialog.message()); dialog.accept(); }));
  await admin.click('#event-games tr[data-room] button[data-result="0-1"]');
  const question = await asked;
  assert.match(question, new RegExp(`Round 1, board 1: ${row.white} \\(White\\) – ${row.black} \\(Black\\), game ${row.room}`));
  assert.match(question, /Black wins \(0-1\)/);
  await admin.waitForFunction(() => /Black wins \(0-1\)/.test(document.querySelector('#event-admin-message').textContent));
  assert.match(await admin.textContent('#event-admin-message'), new RegExp(`game ${row.room}`));
  await admin.waitForSelector(`#event-games tr[data-room="${row.room}"]`, { state: 'detached' });
  // the standings mark the players' provisional ratings, as the server says
  const game = players[0];
  await env.open(game, `/events/${event.id}`);
  await game.waitForSelector(`tr[data-username="${ANN.username}"]`);
  // the event's TRF is linked from its page and the admin's, and saved under its name (#43)
  assert.equal(await admin.getAttribute('#event-trf-link', 'href'), `/api/events/${event.id}/trf`);
  assert.equal(await game.isVisible('#event-trf'), true);
  const trf = await game.evaluate(async (href) => {
    const response = await fetch(href);
    return { status: response.status, disposition: response.headers.get('content-disposition'), text: await response.text() };
  }, await game.getAttribute('#event-trf', 'href'));
  assert.equal(trf.status, 200);
  assert.equal(trf.disposition, `attachment; filename="event-${event.id}.trf"`);
  assert.match(trf.text, /^012 Comfort cup/m);
  assert.match(await game.textContent(`tr[data-username="${ANN.username}"]`), /1500\?/);
  // the game ended before both players moved: its page says it changed no rating
  await env.open(game, `/?watch=${row.room}`);
  await game.waitForSelector('#room-mode[data-outcome="not-rated"]');
  assert.match(await game.textContent('#room-mode'), /Not rated/);
  for (const page of [admin, ...players]) assert.deepEqual(page.errors, []);
  for (const page of [admin, ...players]) await page.context().close();
});

/** Moves the server's clock forward (--test-clock); the rooms look at it at once. */
async function advanceClock(page, seconds) {
  const answer = await page.evaluate(async (body) => {
    const response = await fetch('/api/test/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    return { status: response.status, json: await response.json() };
  }, JSON.stringify({ advance_seconds: seconds }));
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
}

test('abandoned: Your games resumes your game (never Watch); a computer game its player left leaves the live list, returns with them, is aborted after 30 minutes', async () => {
  // this test moves the server's clock: it runs last
  const player = await newPage(env.browser);
  const watcher = await newPage(env.browser);
  await env.open(player, '/');
  await player.click('#play-computer');
  await player.waitForURL(/\?room=/);
  await player.waitForSelector('#status[data-status="live"]');
  const room = new URL(player.url()).searchParams.get('room');
  await env.open(watcher, '/');
  const liveRow = `#live-games li[data-room="${room}"]`;
  await watcher.waitForSelector(`${liveRow} a.watch`);
  // back in the lobby, the player finds the game under Your games, and no Watch for it
  await env.open(player, '/');
  await player.waitForSelector(`#your-games li[data-room="${room}"] a.resume`);
  await player.waitForSelector(`${liveRow} a.resume`);
  assert.equal(await player.$(`${liveRow} a.watch`), null, 'no Watch on your own game');
  await assertAccessible(player, 'lobby with Your games');
  // nobody at the game for 16 minutes: off the live list (the player's own list keeps it)
  await advanceClock(player, 16 * 60);
  await watcher.waitForSelector(liveRow, { state: 'detached' });
  // the player resumes it: listed again
  await player.click(`#your-games li[data-room="${room}"] a.resume`);
  await player.waitForSelector('#status[data-status="live"]');
  await watcher.waitForSelector(liveRow);
  // gone for good: 30 minutes later the game is aborted, unrated, without a result
  await env.open(player, '/');
  await player.waitForSelector(`#your-games li[data-room="${room}"]`);
  await watcher.waitForSelector(liveRow, { state: 'detached' });
  await env.open(watcher, `/?watch=${room}`);
  await watcher.waitForSelector('#status[data-status="live"]');
  await advanceClock(player, 31 * 60);
  await watcher.waitForSelector('#status[data-status="cancelled"]');
  const game = await player.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), room);
  assert.equal(game.reason, 'aborted');
  assert.equal(game.result ?? null, null);
  assert.equal(game.rated, false);
  // the player, still in the lobby, sees it leave Your games
  await player.waitForSelector('#your-games-panel', { state: 'hidden' });
  // bad input to the test clock: a stable code
  const bad = await player.evaluate(async () => {
    const response = await fetch('/api/test/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"advance_seconds": -5}' });
    return { status: response.status, code: (await response.json()).error.code };
  });
  assert.deepEqual(bad, { status: 400, code: 'bad_field' });
  for (const page of [player, watcher]) assert.deepEqual(page.errors, []);
  for (const page of [player, watcher]) await page.context().close();
});
