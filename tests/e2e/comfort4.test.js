// Play comfort v4 (issue #43) in Chromium, at the two viewports of the review
// (1366×768 and a 375×812 phone): what the user sees, not only what the DOM
// holds. Your own open room, in "Your games" and in "Open games", says your
// colour and waits to be resumed (no "undefined", no Join); the board shows no
// focus frame after a click, and one after keyboard use; the opponent's last
// move pops in once, not again at each selection. Every wait is for a condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useServer, screenshotPath, assertAccessible } from './support.js';

const DORA = { username: 'dora43', password: 'dora-password-43' };
const ROOT = { username: 'root43', password: 'root-password-43', role: 'admin' };
const env = useServer({ accounts: [DORA, ROOT] });
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

/**
 * `page` creates a YINSH room from the lobby, as White (and with `clock`,
 * rated when `rated`); answers the room's id once it is open.
 */
async function createRoom(page, { clock = null, rated = false } = {}) {
  await env.open(page);
  await page.selectOption('#game', 'yinsh');
  await page.selectOption('#color', 'white');
  if (clock) await page.selectOption('#clock', clock);
  if (rated) await page.check('#rated');
  await page.click('#create');
  await page.waitForSelector('#status[data-status="open"]');
  return new URL(page.url()).searchParams.get('room');
}

/** `white` creates a YINSH room (with `clock`), `black` takes its seat: both see the game live. */
async function seatBoth(white, black, clock = null) {
  const room = await createRoom(white, { clock });
  await env.open(black, `/?room=${room}`);
  for (const page of [white, black]) await page.waitForSelector('#status[data-status="live"]');
  return room;
}

/** A guest creates an open YINSH room from the lobby and goes back to the lobby. */
async function openRoomThenLobby(viewport) {
  const page = await newPage(env.browser, viewport);
  const room = await createRoom(page);
  await env.open(page, '/');
  await page.waitForSelector(`#your-games li[data-room="${room}"]`);
  await page.waitForSelector(`#open-rooms li[data-room="${room}"]`);
  return { page, room };
}

for (const [name, viewport] of [['1366×768', LAPTOP], ['375×812', PHONE]]) {
  test(`${name}: your open room in "Your games" and "Open games" says your colour and is resumed, never joined`, async () => {
    const { page, room } = await openRoomThenLobby(viewport);
    const mine = page.locator(`#your-games li[data-room="${room}"]`);
    const text = await mine.innerText();
    assert.doesNotMatch(text, /undefined/);
    assert.match(text, /you play white · waiting for an opponent/);
    await mine.locator('a.resume button').scrollIntoViewIfNeeded();
    assert.ok(await mine.locator('a.resume button').isVisible(), 'Resume is shown');
    const listed = page.locator(`#open-rooms li[data-room="${room}"]`);
    assert.match(await listed.innerText(), /you play white · waiting for an opponent/);
    assert.equal(await listed.locator('a.join').count(), 0, 'no Join on your own room');
    assert.equal(await listed.locator('a.resume').count(), 1);
    await page.screenshot({ path: screenshotPath(`comfort4-your-open-room-${viewport.width}.png`), fullPage: true });
    // ... and another player sees it to join, with the free seat's colour
    const other = await newPage(env.browser, viewport);
    await env.open(other, '/');
    const theirs = other.locator(`#open-rooms li[data-room="${room}"]`);
    await theirs.waitFor();
    assert.match(await theirs.innerText(), /waits · you play black/);
    assert.equal(await theirs.locator('a.join').count(), 1);
    assert.deepEqual([...page.errors, ...other.errors], []);
    await page.context().close();
    await other.context().close();
  });
}

/** White and Black in a fresh YINSH game (with `clock`), both pages at `viewport`. */
async function startGame(viewport, clock = null) {
  const white = await newPage(env.browser, viewport);
  const black = await newPage(env.browser, viewport);
  await seatBoth(white, black, clock);
  return { white, black };
}

/** Clicks the first choice the board offers `page` (its turn must have come). */
async function clickChoice(page) {
  await page.waitForSelector('svg.board [data-choice]');
  await page.locator('svg.board [data-choice]').first().click();
}

const boardOutline = (page) => page.evaluate(() => {
  const svg = document.querySelector('svg.board');
  return { focused: document.activeElement === svg || svg.contains(document.activeElement), outline: getComputedStyle(svg).outlineStyle };
});

for (const [name, viewport] of [['1366×768', LAPTOP], ['375×812', PHONE]]) {
  test(`${name}: no focus frame round the board after a click or at the end; keyboard use shows where the focus is`, async () => {
    const { white, black } = await startGame(viewport);
    await clickChoice(white);  // a ring placed with the mouse
    await white.waitForSelector('svg.board[data-hash]');
    await black.waitForSelector('svg.board [data-choice]');
    const afterClick = await boardOutline(white);
    assert.equal(afterClick.outline, 'none', 'no frame after a click');
    assert.equal(await white.evaluate(() => document.documentElement.classList.contains('keyboard')), false);
    // Black plays by keyboard: the board's choices are reached with Tab and the arrows.
    await black.locator('svg.board').focus();
    await black.keyboard.press('ArrowRight');
    const shown = await black.evaluate(() => {
      const active = document.activeElement;
      const ring = active && active.querySelector && active.querySelector('.focus-ring');
      const svg = document.querySelector('svg.board');
      return {
        keyboard: document.documentElement.classList.contains('keyboard'),
        ring: ring ? getComputedStyle(ring).display : null,
        outline: active === svg ? getComputedStyle(svg).outlineStyle : null,
      };
    });
    assert.equal(shown.keyboard, true);
    assert.ok(shown.ring === 'inline' || shown.outline === 'solid', `a visible focus for the keyboard: ${JSON.stringify(shown)}`);
    await black.screenshot({ path: screenshotPath(`comfort4-keyboard-focus-${viewport.width}.png`) });
    // White resigns with the mouse: the end leaves no frame either.
    white.once('dialog', (dialog) => dialog.accept());  // "Resign this game?"
    await white.click('#resign');
    await white.waitForSelector('#result');
    assert.equal((await boardOutline(white)).outline, 'none', 'no frame at the end');
    await white.screenshot({ path: screenshotPath(`comfort4-no-focus-frame-${viewport.width}.png`) });
    assert.deepEqual([...white.errors, ...black.errors], []);
    await white.context().close();
    await black.context().close();
  });
}

test('the opponent\'s last move pops in once: selecting a piece does not play it again', async () => {
  const { white, black } = await startGame(LAPTOP);
  // Every piece that pops in on White's board, with the delay it starts at.
  await white.evaluate(() => {
    window.freshDelays = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.classList?.contains('fresh')) window.freshDelays.push(parseFloat(node.style.animationDelay) || 0);
        }
      }
    }).observe(document.querySelector('svg.board'), { childList: true });
  });
  // Ten placements (YINSH's rings), then White's first ring selected.
  for (let i = 0; i < 10; i++) {
    const mover = i % 2 === 0 ? white : black;
    await mover.waitForFunction(() => document.querySelectorAll('svg.board [data-choice]').length > 0);
    if (i === 9) await white.evaluate(() => { window.freshDelays = []; });  // from Black's last placement on
    await clickChoice(mover);
    await mover.waitForFunction(() => document.querySelectorAll('svg.board [data-choice]').length === 0);
  }
  // Black's tenth placement came to White: it pops in on White's board, and
  // each redraw of that position (its legal moves come next) goes on with the
  // pop where it is (a negative delay), never from its start.
  await white.waitForFunction(() => document.querySelectorAll('svg.board [data-choice]').length > 0);
  const delays = await white.evaluate(() => window.freshDelays);
  assert.ok(delays.length >= 1, 'the new ring pops in');
  assert.equal(delays[0], 0, 'from its start when the position is first drawn');
  assert.ok(delays.slice(1).every((d) => d < 0), `then resumed, not restarted: ${delays}`);
  await white.waitForTimeout(400);  // longer than the pop (350 ms): it is over
  await clickChoice(white);  // selects a ring: the board is drawn again, same position
  await white.waitForFunction(() => document.querySelector('svg.board .selected, svg.board [data-choice]') !== null);
  assert.equal(await white.locator('svg.board .piece.fresh').count(), 0, 'nothing pops in again');
  assert.deepEqual([...white.errors, ...black.errors], []);
  await white.context().close();
  await black.context().close();
});

for (const [name, viewport] of [['1366×768', LAPTOP], ['375×812', PHONE]]) {
  test(`${name}: news is not an error, and covers no answer: "Your opponent asks for a rematch."`, async () => {
    const { white, black } = await startGame(viewport);
    white.once('dialog', (dialog) => dialog.accept());
    await white.click('#resign');
    for (const page of [white, black]) await page.waitForSelector('#result');
    await black.click('#rematch');
    await white.waitForFunction(() => /asks for a rematch/.test(document.getElementById('toast').textContent)
      && !document.getElementById('toast').hidden);
    const seen = await white.evaluate(() => {
      const toast = document.getElementById('toast');
      const answer = document.getElementById('rematch');
      answer.scrollIntoView({ block: 'nearest' });
      const [t, a] = [toast.getBoundingClientRect(), answer.getBoundingClientRect()];
      const overlap = t.left < a.right && a.left < t.right && t.top < a.bottom && a.top < t.bottom;
      return { kind: toast.dataset.kind, role: toast.getAttribute('role'), background: getComputedStyle(toast).backgroundColor, overlap };
    });
    assert.equal(seen.kind, 'info');
    assert.equal(seen.role, 'status');
    assert.notEqual(seen.background, 'rgb(179, 58, 47)', 'not the danger colour');
    assert.equal(seen.overlap, false, 'the notice covers no answer button');
    await white.screenshot({ path: screenshotPath(`comfort4-rematch-notice-${viewport.width}.png`) });
    assert.deepEqual([...white.errors, ...black.errors], []);
    await white.context().close();
    await black.context().close();
  });
}

test('a guest watching a rated game is told they may not chat there, and offered no box to type in (both viewports)', async () => {
  const dora = await newPage(env.browser, LAPTOP);
  await env.logIn(dora, DORA);
  const room = await createRoom(dora, { clock: '5+5', rated: true });
  for (const viewport of [LAPTOP, PHONE]) {
    const guest = await newPage(env.browser, viewport);
    await env.open(guest, `/?watch=${room}`);
    await guest.waitForSelector('#chat-closed:not([hidden])', { state: 'attached' });
    // a phone folds the chat: open it as the player would
    if (!(await guest.$eval('#chat', (details) => details.open))) await guest.click('#chat summary');
    await guest.locator('#chat-closed').scrollIntoViewIfNeeded();
    assert.equal(await guest.isVisible('#chat-closed'), true);
    assert.match(await guest.innerText('#chat-closed'), /sign in to chat/);
    assert.equal(await guest.isHidden('#chat-form'), true, 'no chat box');
    await guest.screenshot({ path: screenshotPath(`comfort4-guest-chat-closed-${viewport.width}.png`), fullPage: true });
    assert.deepEqual(guest.errors, []);
    await guest.context().close();
  }
  // The account, in its own room, has its box.
  assert.equal(await dora.isHidden('#chat-form'), false);
  assert.equal(await dora.isHidden('#chat-closed'), true);
  await dora.context().close();
});

test('the phone\'s lobby shows the games to join before the new-game form; "New here?" is for guests, not accounts', async () => {
  const guest = await newPage(env.browser, PHONE);
  await env.open(guest);
  await guest.waitForSelector('#open-rooms');
  const order = await guest.evaluate(() => ({
    games: document.getElementById('games-panel').getBoundingClientRect().top,
    play: document.getElementById('play-panel').getBoundingClientRect().top,
  }));
  assert.ok(order.games < order.play, `Open games above the form: ${JSON.stringify(order)}`);
  assert.equal(await guest.isVisible('#welcome'), true, 'a guest is welcomed');
  await guest.screenshot({ path: screenshotPath('comfort4-lobby-375.png') });
  await assertAccessible(guest, 'lobby at 375×812');
  const laptop = await newPage(env.browser, LAPTOP);
  await env.logIn(laptop, DORA);
  await env.open(laptop);
  await laptop.waitForSelector('#open-rooms');
  assert.equal(await laptop.isHidden('#welcome'), true, 'an account is not "new here"');
  const side = await laptop.evaluate(() => {
    const [g, p] = ['games-panel', 'play-panel'].map((id) => document.getElementById(id).getBoundingClientRect());
    return { sideBySide: Math.abs(g.top - p.top) < 2 && p.left < g.left };
  });
  assert.ok(side.sideBySide, 'on a laptop the form and the games stand side by side, the form first');
  await laptop.screenshot({ path: screenshotPath('comfort4-lobby-1366.png') });
  await assertAccessible(laptop, 'lobby at 1366×768');
  assert.deepEqual([...guest.errors, ...laptop.errors], []);
  await guest.context().close();
  await laptop.context().close();
});

test('a touch phone steps through the moves with buttons, a laptop with the arrow keys it is told of', async () => {
  const context = await env.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  context.setDefaultTimeout(180000);
  const phone = await context.newPage();
  const laptop = await newPage(env.browser, LAPTOP);
  await seatBoth(laptop, phone);
  await clickChoice(laptop);  // White's first ring
  await phone.waitForSelector('#moves li');
  assert.equal(await phone.isVisible('.moves .keys'), false, 'no arrow keys on a touch screen');
  await phone.locator('#step-back').scrollIntoViewIfNeeded();
  assert.equal(await phone.isVisible('#step-back'), true);
  await phone.tap('#step-back');
  await phone.waitForSelector('#back-to-live');  // the position before White's ring, and the way back
  await phone.screenshot({ path: screenshotPath('comfort4-step-buttons-375.png') });
  assert.equal(await laptop.isVisible('.moves .keys'), true);
  assert.equal(await laptop.isVisible('#step-back'), false);
  await context.close();
  await laptop.context().close();
});

/** Where `selector` is on `page` with the page scrolled to its top: whether all of it is in the window. */
const inViewAtTop = (page, selector) => page.evaluate((s) => {
  window.scrollTo(0, 0);
  const element = document.querySelector(s);
  if (!element) return { missing: s };
  const r = element.getBoundingClientRect();
  return { top: Math.round(r.top), bottom: Math.round(r.bottom), height: innerHeight, inView: r.height > 0 && r.top >= 0 && r.bottom <= innerHeight };
}, selector);

for (const [name, viewport] of [['1366×768', LAPTOP], ['375×812', PHONE]]) {
  test(`${name}: every answer a player must give is in the window without scrolling: a move's Confirm, a draw, a rematch`, async () => {
    const { white, black } = await startGame(viewport);
    // White asks for a confirmation of every move: the Confirm is in view
    await white.check('#confirm-moves');
    await clickChoice(white);
    await white.waitForSelector('#confirm-move');
    let seen = await inViewAtTop(white, '#confirm-move');
    assert.ok(seen.inView, `Confirm in view: ${JSON.stringify(seen)}`);
    await white.click('#confirm-move');
    await black.waitForSelector('svg.board [data-choice]');
    // White offers a draw: Black's Accept and Decline are in view, beside the offer's words
    await white.click('#offer-draw');
    await black.waitForSelector('#accept-draw');
    for (const answer of ['#accept-draw', '#decline-draw', '#draw-offer']) {
      seen = await inViewAtTop(black, answer);
      assert.ok(seen.inView, `${answer} in view: ${JSON.stringify(seen)}`);
    }
    await black.screenshot({ path: screenshotPath(`comfort4-draw-answer-${viewport.width}.png`) });
    await assertAccessible(black, `game page with a draw offer at ${name}`);
    await black.click('#decline-draw');
    await black.waitForSelector('#draw-offer', { state: 'detached' });
    // the game ends; Black asks for a rematch: White's answer is in view
    white.once('dialog', (dialog) => dialog.accept());
    await white.click('#resign');
    for (const page of [white, black]) await page.waitForSelector('#result');
    await black.click('#rematch');
    await white.waitForSelector('#rematch-panel[data-state="answer"]');
    seen = await inViewAtTop(white, '#rematch');
    assert.ok(seen.inView, `the rematch's answer in view: ${JSON.stringify(seen)}`);
    await white.screenshot({ path: screenshotPath(`comfort4-rematch-answer-${viewport.width}.png`) });
    assert.deepEqual([...white.errors, ...black.errors], []);
    await white.context().close();
    await black.context().close();
  });
}

for (const viewport of [LAPTOP, { width: 1280, height: 800 }]) {
  test(`${viewport.width}×${viewport.height}: the board, both clocks, the moves and the chat's box fit one screen`, async () => {
    const { white, black } = await startGame(viewport, '5+5');
    for (let i = 0; i < 4; i++) {
      const mover = i % 2 === 0 ? white : black;
      await clickChoice(mover);
      await mover.waitForFunction(() => document.querySelectorAll('svg.board [data-choice]').length === 0);
    }
    await white.waitForSelector('#moves li');
    for (const part of ['svg.board', '#clock-white', '#clock-black', '.moves', '#chat-input', '#chat-send', '#resign']) {
      const seen = await inViewAtTop(white, part);
      assert.ok(seen.inView, `${part} in the window: ${JSON.stringify(seen)}`);
    }
    const scrolls = await white.evaluate(() => document.documentElement.scrollHeight > innerHeight + 1);
    assert.equal(scrolls, false, 'the game page does not scroll');
    await white.screenshot({ path: screenshotPath(`comfort4-one-screen-${viewport.width}.png`) });
    await assertAccessible(white, `game page at ${viewport.width}×${viewport.height}`);
    assert.deepEqual([...white.errors, ...black.errors], []);
    await white.context().close();
    await black.context().close();
  });
}

test('375×812: a new chat line while the chat is folded shows under the board, and a tap opens the chat there', async () => {
  const { white, black } = await startGame(PHONE);
  assert.equal(await black.$eval('#chat', (details) => details.open), false, 'a phone folds the chat');
  await white.click('#chat summary');
  await white.fill('#chat-input', 'good luck, have fun');
  await white.click('#chat-send');
  await black.waitForSelector('#chat-peek:not([hidden])');
  assert.match(await black.innerText('#chat-peek'), /good luck, have fun/);
  const seen = await inViewAtTop(black, '#chat-peek');
  assert.ok(seen.inView, `the new line is in the window: ${JSON.stringify(seen)}`);
  await black.screenshot({ path: screenshotPath('comfort4-chat-peek-375.png') });
  await assertAccessible(black, 'game page with a new chat line at 375×812');
  await black.click('#chat-peek');
  await black.waitForFunction(() => document.getElementById('chat').open);
  await black.waitForFunction(() => {
    const r = document.getElementById('chat-players').getBoundingClientRect();
    return r.top >= 0 && r.top < innerHeight;
  });
  assert.equal(await black.isHidden('#chat-peek'), true, 'read: the peek is gone');
  assert.equal(await black.isHidden('#chat-unread'), true);
  // one's own line is no news
  await black.fill('#chat-input', 'thanks');
  await black.click('#chat-send');
  await white.click('#chat summary');  // White folds the chat: Black's line comes to a folded chat
  await black.fill('#chat-input', 'your move');
  await black.click('#chat-send');
  await white.waitForFunction(() => /your move/.test(document.getElementById('chat-peek').textContent)
    && !document.getElementById('chat-peek').hidden);
  assert.equal(await black.isHidden('#chat-peek'), true);
  assert.deepEqual([...white.errors, ...black.errors], []);
  await white.context().close();
  await black.context().close();
});

for (const [name, viewport] of [['1366×768', LAPTOP], ['375×812', PHONE]]) {
  test(`${name}: the leaderboard with no pool named opens on a pool's tab (the busiest), and its address says which`, async () => {
    const page = await newPage(env.browser, viewport);
    await env.open(page, '/leaderboard');
    await page.waitForSelector('#leaderboard-tabs a[aria-current="page"]');
    await page.waitForSelector('#leaderboard-empty, #leaderboard-table');
    const perf = await page.getAttribute('#leaderboard-tabs a[aria-current="page"]', 'data-perf');
    assert.equal(new URL(page.url()).searchParams.get('perf'), perf);
    assert.equal(await page.getAttribute('#leaderboard', 'data-perf'), perf);
    await page.screenshot({ path: screenshotPath(`comfort4-leaderboard-${viewport.width}.png`) });
    await assertAccessible(page, `leaderboard at ${name}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('375×812: the GIPF reserve beside each name says its count in figures, as many as the discs', async () => {
  const white = await newPage(env.browser, PHONE);
  const room = await (async () => {
    await env.open(white);
    await white.selectOption('#game', 'gipf');
    await white.selectOption('#color', 'white');
    await white.click('#create');
    await white.waitForSelector('#status[data-status="open"]');
    return new URL(white.url()).searchParams.get('room');
  })();
  const black = await newPage(env.browser, PHONE);
  await env.open(black, `/?room=${room}`);
  await white.waitForSelector('#status[data-status="live"]');
  for (const color of ['white', 'black']) {
    const line = `.players .player[data-color="${color}"]`;
    await white.waitForSelector(`${line} .material-count`);
    const count = Number(await white.innerText(`${line} .material-count`));
    assert.ok(count > 0, `a count: ${count}`);
    assert.equal(await white.$$eval(`${line} svg.material.reserve circle`, (discs) => discs.length), count);
    assert.equal(await white.isVisible(`${line} .material-count`), true, 'seen on a phone');
  }
  await white.screenshot({ path: screenshotPath('comfort4-gipf-reserve-375.png') });
  assert.deepEqual([...white.errors, ...black.errors], []);
  await white.context().close();
  await black.context().close();
});

test('375×812: a guest with an open room signs up: the room is listed under the new name, to others too (#43)', async () => {
  const EVA = { username: 'eva43', password: 'eva-password-43' };
  const { page, room } = await openRoomThenLobby(PHONE);
  const guestName = await page.textContent('#who');
  await env.signUp(page, EVA);  // from the lobby: the guest's player becomes the account's
  await env.open(page, '/');
  const mine = page.locator(`#open-rooms li[data-room="${room}"]`);
  await mine.waitFor();
  await page.waitForFunction((id) => !/Guest/.test(document.querySelector(`#your-games li[data-room="${id}"]`)?.textContent ?? 'Guest'), room);
  const other = await newPage(env.browser, LAPTOP);
  await env.open(other, '/');
  const theirs = other.locator(`#open-rooms li[data-room="${room}"]`);
  await theirs.waitFor();
  await other.waitForFunction(([id, name]) => document.querySelector(`#open-rooms li[data-room="${id}"]`)?.textContent.includes(name),
    [room, EVA.username]);
  assert.doesNotMatch(await theirs.innerText(), new RegExp(guestName.trim()), 'not the guest name');
  await other.screenshot({ path: screenshotPath('comfort4-signed-up-room-1366.png') });
  assert.deepEqual([...page.errors, ...other.errors], []);
  await page.context().close();
  await other.context().close();
});

for (const [name, viewport] of [['1366×768', LAPTOP], ['375×812', PHONE]]) {
  test(`${name}: the pages #43 touched, each in a screenshot, axe-core finding nothing serious`, async () => {
    const page = await newPage(env.browser, viewport);
    await env.logIn(page, ROOT);
    const pages = [
      ['lobby', '/', '#open-rooms'],
      ['leaderboard', '/leaderboard', '#leaderboard-tabs a[aria-current="page"]'],
      ['profile', `/@/${DORA.username}`, '#game-history #profile-recent'],
      ['settings', '/account/settings', '#close-form'],
      ['ladders', '/ladders', 'h1'],
      ['events', '/events', 'h1'],
      ['admin', '/admin', '#admin-reports #reports'],
      ['verify', `/account/verify#${'a'.repeat(64)}`, '#mail-status:not(:empty)'],
    ];
    for (const [label, path, ready] of pages) {
      await env.open(page, path);
      await page.waitForSelector(ready);
      await page.screenshot({ path: screenshotPath(`comfort4-page-${label}-${viewport.width}.png`), fullPage: true });
      await assertAccessible(page, `${label} page at ${name}`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('1366×768: YINSH takes off a forced single row by itself and says which, in the status and the move list (#43)', async () => {
  const { white, black } = await startGame(LAPTOP);
  const click = async (page, cell) => {
    const target = page.locator(`svg.board [data-choice][data-cell="${cell}"]`);
    await target.waitFor();
    await target.click();
  };
  // rings: White down column e and on k, Black down column b and on j
  const rings = [['e1', 'b1'], ['k7', 'j8'], ['k8', 'j9'], ['k9', 'j10'], ['k10', 'j11']];
  for (const [w, b] of rings) {
    await click(white, w);
    await click(black, b);
  }
  // White walks the e1 ring up one point at a time, leaving e1..e5 marked; Black does the same on b (four markers)
  for (let n = 1; n <= 5; n++) {
    await click(white, `e${n}`);
    await click(white, `e${n + 1}`);
    if (n < 5) {
      await click(black, `b${n}`);
      await click(black, `b${n + 1}`);
    }
  }
  // the only row was taken off by the server: White is told which, and removes a ring
  const said = 'The only row, e1–e5, was taken off.';
  // (the event comes first, "Your decision…", then the choices it offers: wait for both)
  await white.waitForFunction((text) => {
    const status = document.getElementById('status').textContent;
    return status.startsWith(text) && /Remove one of your rings/.test(status);
  }, said);
  await black.waitForFunction((text) => document.getElementById('status').textContent.startsWith(text), said);
  assert.ok((await white.textContent('#moves')).includes('xe1-e5'), 'the move list names the row');
  await white.screenshot({ path: screenshotPath('comfort4-forced-row-1366.png') });
  assert.deepEqual([...white.errors, ...black.errors], []);
  await white.context().close();
  await black.context().close();
});
