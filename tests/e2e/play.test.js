// The play screen's comfort (issue #15) in Chromium: the last turn marked on
// the board, earlier positions from the live move list and back to live, touch
// targets on a phone and the push confirmation there, the board inside the
// window, a YINSH placement and moves by keyboard only, a draw offer in words
// for everyone, the row a removal waits for shown to all, the board flipped,
// the confirmation option, and no "to play" before the game began.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useServer, screenshotPath } from './support.js';

const env = useServer();

const DESKTOP = { width: 1100, height: 850 };
const PHONE = { width: 375, height: 812 };

/** White creates a game in the lobby; Black (and a spectator) open its link; resolves when it is live. */
async function startGame({ game, variant, white = DESKTOP, black = DESKTOP, spectator = false }) {
  const pages = { white: await newPage(env.browser, white), black: await newPage(env.browser, black) };
  await env.open(pages.white);
  await pages.white.selectOption('#game', game);
  await pages.white.selectOption('#variant', variant);
  await pages.white.selectOption('#color', 'white');
  await pages.white.click('#create');
  await pages.white.waitForSelector('#status[data-status="open"]');
  const room = new URL(pages.white.url()).searchParams.get('room');
  pages.room = room;
  // nobody plays before the second player came: no "to play" (defect 12)
  assert.equal(await pages.white.$$eval('.player.turn', (lines) => lines.length), 0, 'no player to play in a room waiting for its opponent');
  await env.open(pages.black, `/?room=${room}`);
  for (const color of ['white', 'black']) await pages[color].waitForSelector('#status[data-status="live"]');
  assert.equal(await pages.white.$$eval('.player.turn', (lines) => lines.length), 1);
  if (spectator) {
    pages.spectator = await newPage(env.browser, DESKTOP);
    await env.open(pages.spectator, `/?watch=${room}`);
    await pages.spectator.waitForSelector('#status[data-you="spectator"]');
  }
  return pages;
}

function seeded(seed) {
  let state = seed;
  return (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
}

/** The page whose player decides now (its board offers choices); null once the game is over. */
async function decider(pages) {
  for (;;) {
    for (const color of ['white', 'black']) {
      if (await pages[color].$('svg.board [data-choice], .actionbar [data-choice]')) return pages[color];
    }
    if (await pages.white.$('#result')) return null;
    await pages.white.waitForTimeout(25);
  }
}

/** Clicks choices on the decider's page until the room's ply moves on; resolves to the new ply. */
async function playOneAction(pages, random) {
  const page = await decider(pages);
  const before = Number(await page.getAttribute('#status', 'data-ply'));
  for (;;) {
    const choices = await page.$$('svg.board [data-choice], .actionbar [data-choice]');
    if (choices.length) {
      try { await choices[random(choices.length)].click({ timeout: 2000 }); } catch { /* redrawn under the click */ }
    }
    const ply = Number(await page.getAttribute('#status', 'data-ply'));
    if (ply > before) return ply;
    await page.waitForTimeout(10);
  }
}

/** Waits until every page shows the room at `ply` (its live position). */
async function settled(pagesList, ply) {
  for (const page of pagesList) await page.waitForSelector(`#status[data-ply="${ply}"]`);
}

test('the last turn is marked on every page after each move; an earlier move shows its position while the game goes on', async () => {
  const pages = await startGame({ game: 'yinsh', variant: 'normal', spectator: true });
  const all = [pages.white, pages.black, pages.spectator];
  const random = seeded(5);
  for (let move = 0; move < 14; move++) {
    const ply = await playOneAction(pages, random);
    await settled(all, ply);
    for (const page of all) {
      await page.waitForFunction(() => {
        const links = document.querySelectorAll('.turn-link');
        const marked = document.querySelector('svg.board .last-move');
        return links.length && marked && marked.dataset.actions === links[links.length - 1].textContent;
      });
      const actions = await page.getAttribute('svg.board .last-move', 'data-actions');
      const first = actions.split(';')[0];
      // a placement marks its point; a ring's move where it went from and to
      const [from, to] = first.split('-');
      assert.ok(await page.$(`svg.board .last-to[data-cell="${to || from}"]`), `${actions}: its point is marked`);
      if (to) assert.ok(await page.$(`svg.board .last-from[data-cell="${from}"]`), `${actions}: where the ring came from is marked`);
    }
  }

  // Black looks at the first move while the game goes on
  const black = pages.black;
  const game = await black.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), pages.room);
  await black.click('.turn-link[data-turn="0"]');
  await black.waitForSelector('#browsing:not([hidden])');
  assert.equal(await black.getAttribute('svg.board', 'data-hash'), game.positions[1].state.hash, 'the position after the first move');
  assert.equal(await black.getAttribute('.turn-link[data-turn="0"]', 'aria-current'), 'step');
  assert.equal(await black.$$eval('svg.board [data-choice]', (c) => c.length), 0, 'no choices on an earlier position');
  // the game goes on: White moves (Black may have to move first)
  const liveHash = await pages.white.getAttribute('svg.board', 'data-hash');
  if (await pages.white.$('svg.board [data-choice]')) {
    const ply = await playOneAction({ white: pages.white, black: pages.white }, random);
    await black.waitForSelector(`#status[data-ply="${ply}"]`);
    assert.equal(await black.getAttribute('svg.board', 'data-hash'), game.positions[1].state.hash, 'still the earlier position');
    assert.notEqual(await pages.white.getAttribute('svg.board', 'data-hash'), liveHash);
  }
  // → steps forward, ← back, and "back to live" returns
  await black.locator('body').press('ArrowRight');
  await black.waitForSelector(`#browsing[data-ply="${game.positions[2].ply}"]`);
  assert.equal(await black.getAttribute('svg.board', 'data-hash'), game.positions[2].state.hash);
  await black.locator('body').press('ArrowLeft');
  await black.waitForSelector(`#browsing[data-ply="${game.positions[1].ply}"]`);
  await black.click('#back-to-live');
  await black.waitForSelector('#browsing[hidden]', { state: 'attached' });
  assert.equal(await black.getAttribute('svg.board', 'data-hash'), await pages.white.getAttribute('svg.board', 'data-hash'));
  assert.ok(await black.evaluate(() => !!document.activeElement.closest('svg.board')), 'the focus went to the board, not to <body>');
  // ← from live (the focus off the board, whose arrows are its own) shows the position before the last move
  await black.focus('#flip-board');
  await black.keyboard.press('ArrowLeft');
  await black.waitForSelector('#browsing:not([hidden])');
  await black.keyboard.press('End');
  await black.waitForSelector('#browsing[hidden]', { state: 'attached' });
  for (const page of all) assert.deepEqual(page.errors, []);
});

/** The bounding boxes of the board's choices narrower or lower than 44 px. */
async function smallTargets(page) {
  return page.$$eval('svg.board [data-choice]', (choices) => choices
    .map((c) => { const box = c.getBoundingClientRect(); return { cell: c.dataset.cell, width: box.width, height: box.height }; })
    .filter((box) => box.width < 44 || box.height < 44));
}

test('on a 375 px phone every choice is at least 44 px, and a GIPF push asks for a confirmation', async () => {
  const pages = await startGame({ game: 'gipf', variant: 'standard', white: PHONE, black: PHONE });
  const white = pages.white;
  await white.waitForSelector('svg.board [data-choice]');
  assert.ok((await white.$$('svg.board [data-choice]')).length >= 10, 'the dots are offered');
  assert.deepEqual(await smallTargets(white), [], 'the dots');
  await white.click('svg.board [data-choice][data-cell="a1"]');
  await white.waitForSelector('svg.board .selected');
  assert.deepEqual(await smallTargets(white), [], 'the pushes');
  await white.click('svg.board [data-choice]:not([data-key^="selected"])');
  await white.waitForSelector('#confirm-move');
  assert.equal(Number(await white.getAttribute('#status', 'data-ply')), 0, 'nothing sent before the confirmation');
  await white.click('#confirm-move');
  await pages.black.waitForSelector('#status[data-ply="1"]');
  await pages.black.waitForSelector('svg.board [data-choice]');
  assert.deepEqual(await smallTargets(pages.black), [], 'Black\'s dots');
  await white.screenshot({ path: screenshotPath('play-phone-gipf.png'), fullPage: true });

  const yinsh = await startGame({ game: 'yinsh', variant: 'normal', white: PHONE, black: PHONE });
  await yinsh.white.waitForSelector('svg.board [data-choice]');
  assert.equal((await yinsh.white.$$('svg.board [data-choice]')).length, 85, 'every point for the first ring');
  assert.deepEqual(await smallTargets(yinsh.white), [], 'the YINSH points');
  // a tap between two points goes to the nearer one: just off e5 towards e6 places on e5
  const e5 = await yinsh.white.$eval('svg.board [data-choice][data-cell="e5"] .choice', (c) => { const b = c.getBoundingClientRect(); return { x: b.x + b.width / 2, y: b.y + b.height / 2 }; });
  const e6 = await yinsh.white.$eval('svg.board [data-choice][data-cell="e6"] .choice', (c) => { const b = c.getBoundingClientRect(); return { x: b.x + b.width / 2, y: b.y + b.height / 2 }; });
  await yinsh.white.mouse.click(e5.x + (e6.x - e5.x) * 0.4, e5.y + (e6.y - e5.y) * 0.4);
  await yinsh.black.waitForSelector('svg.board .piece[data-cell="e5"]');
  for (const page of [white, pages.black, yinsh.white, yinsh.black]) assert.deepEqual(page.errors, []);
});

test('the board fits the window at 1366×768 and 1280×800, its choices still 44 px where the height limits it', async () => {
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1280, height: 800 }]) {
    const pages = await startGame({ game: 'gipf', variant: 'basic', white: viewport, black: viewport });
    for (const page of [pages.white, pages.black]) {
      const wrap = await page.$eval('.board-wrap', (e) => e.getBoundingClientRect().bottom);
      const board = await page.$eval('svg.board', (e) => e.getBoundingClientRect().bottom);
      assert.ok(wrap <= viewport.height, `the board's panel ends at ${wrap}, inside ${viewport.height}`);
      assert.ok(board <= viewport.height, `the board ends at ${board}`);
    }
    await pages.white.waitForSelector('svg.board [data-choice]');
    assert.deepEqual(await smallTargets(pages.white), [], `the dots at ${viewport.width}×${viewport.height}`);
  }
  // a phone held sideways: the height limits the board most
  const sideways = await startGame({ game: 'yinsh', variant: 'normal', white: { width: 812, height: 375 }, black: PHONE });
  await sideways.white.waitForSelector('svg.board [data-choice]');
  assert.deepEqual(await smallTargets(sideways.white), [], 'the YINSH points at 812×375');
});

/** Presses Tab until the focus is on one of the board's choices (at most `most` presses). */
async function tabIntoBoard(page, most = 60) {
  for (let i = 0; i < most; i++) {
    if (await page.evaluate(() => !!document.activeElement?.closest('svg.board [data-choice]'))) return i;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the board');
}

const focusedCell = (page) => page.evaluate(() => document.activeElement?.closest('[data-choice]')?.dataset.cell ?? null);

test('YINSH by keyboard only: the whole placement and a few moves, the focus kept in the board', async () => {
  const pages = await startGame({ game: 'yinsh', variant: 'normal' });
  const entered = {};
  for (let action = 0; action < 14; action++) {
    const page = await decider(pages);
    const color = page === pages.white ? 'white' : 'black';
    const ply = Number(await page.getAttribute('#status', 'data-ply'));
    if (!entered[color]) {
      const tabs = await tabIntoBoard(page);
      assert.ok(tabs <= 25, `one Tab stop for the whole board (${tabs} presses to reach it)`);
      entered[color] = true;
    } else {
      // the focus stayed in the board across the opponent's move
      await page.waitForFunction(() => !!document.activeElement?.closest('svg.board [data-choice]'));
    }
    const start = await focusedCell(page);
    await page.keyboard.press(action % 2 ? 'ArrowLeft' : 'ArrowRight');
    await page.keyboard.press('ArrowUp');
    const moved = await focusedCell(page);
    assert.ok(moved, 'the arrows keep the focus on a choice');
    if (action < 10) assert.notEqual(moved, start, 'the arrows move between the free points');
    await page.keyboard.press('Enter');
    if (action >= 10) {
      // a ring chosen: the focus goes on to one of its destinations, Enter moves it
      await page.waitForSelector('svg.board .selected');
      assert.ok(await focusedCell(page), 'the focus is on a destination');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('svg.board .selected'));
      await page.keyboard.press('Enter');
      await page.waitForSelector('svg.board .selected');
      await page.keyboard.press('Enter');
    }
    await page.waitForSelector(`#status[data-ply="${ply + 1}"]`);
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('svg.board')), 'the focus is still in the board after the choice');
  }
  const game = await pages.white.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), pages.room);
  assert.equal(game.steps.filter((s) => s.action.includes('-')).length, 4, 'ten rings placed, then four moves');
  for (const page of [pages.white, pages.black]) assert.deepEqual(page.errors, []);
});

test('a draw offer in words for both players and the spectators; the board flips; moves wait for a confirmation when asked', async () => {
  const pages = await startGame({ game: 'yinsh', variant: 'blitz', spectator: true });
  // the status line is one live region, kept across the server's events (a screen reader hears each change)
  const status = await pages.black.$('#status');
  assert.equal(await status.getAttribute('aria-live'), 'polite');
  assert.equal(await status.getAttribute('role'), 'status');
  await pages.white.click('#offer-draw');
  await pages.black.waitForSelector('#draw-offer');
  assert.match(await pages.black.textContent('#draw-offer'), /White \(.+\) offers a draw/);
  assert.ok(await pages.black.$('#accept-draw'));
  await pages.spectator.waitForSelector('#draw-offer');
  assert.match(await pages.spectator.textContent('#draw-offer'), /offers a draw/);
  await pages.white.waitForSelector('#draw-offer');
  assert.match(await pages.white.textContent('#draw-offer'), /You offered a draw/);
  assert.ok(await status.evaluate((e) => e.isConnected && e === document.getElementById('status')), 'the same element after the event');
  await pages.black.click('#decline-draw');
  await pages.spectator.waitForSelector('#draw-offer', { state: 'detached' });

  // flipped: Black's page shows the board from White's side, points mirrored
  const black = pages.black;
  const x = () => black.$eval('svg.board .line', (l) => Number(l.getAttribute('x1')));
  const before = await x();
  // Black sees the board from its own side, and that is not a flip: the button is not pressed (#33)
  assert.equal(await black.$eval('svg.board', (b) => b.classList.contains('flipped')), true, 'Black sees the board from its side');
  assert.equal(await black.getAttribute('#flip-board', 'aria-pressed'), 'false', 'Black\'s own view is not shown as flipped');
  await black.click('#flip-board');
  assert.equal(await black.getAttribute('#flip-board', 'aria-pressed'), 'true');
  assert.equal(await black.$eval('svg.board', (b) => b.classList.contains('flipped')), false);
  assert.equal(await x(), -before);
  assert.equal(await pages.white.getAttribute('#flip-board', 'aria-pressed'), 'false', 'White\'s own view is not flipped either');

  // confirmation asked for: a placement waits for Confirm; Back takes it back
  const white = pages.white;
  await white.check('#confirm-moves');
  await white.click('svg.board [data-choice][data-cell="e5"]');
  await white.waitForSelector('#confirm-move');
  assert.equal(await white.$$eval('svg.board [data-choice]', (c) => c.length), 0);
  await white.click('#cancel-move');
  await white.waitForSelector('svg.board [data-choice][data-cell="e5"]');
  await white.click('svg.board [data-choice][data-cell="f6"]');
  await white.click('#confirm-move');
  await black.waitForSelector('svg.board .piece[data-cell="f6"]');
  assert.equal(await black.$('svg.board .piece[data-cell="e5"]'), null);
  await white.reload();
  await white.waitForSelector('#confirm-moves:checked', { state: 'attached' });

  // a hidden tab says in its title that the decision has become yours
  await white.waitForSelector('#status[data-status="live"]');
  await white.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  assert.doesNotMatch(await white.title(), /Your turn/, 'Black decides now');
  await white.focus('#resign');
  await black.click('svg.board [data-choice][data-cell="e5"]');
  await white.waitForFunction(() => document.title === '● Your turn — GIPF Arena');
  // the server's event redrew the panel: the focus is on the same control, not on <body>
  assert.equal(await white.evaluate(() => document.activeElement.id), 'resign');
});

/** Pushes from `dot` on `page`: the dot, then the push `action` (`dot-end`). */
async function push(page, dot, action) {
  await page.click(`svg.board [data-key="choice:${dot}"]`);
  await page.click(`svg.board [data-key="push:${action}"]`);
}

test('GIPF: the row a removal waits for is shown to the waiting player and the spectators; removed pieces are crossed and counted', async () => {
  const pages = await startGame({ game: 'gipf', variant: 'standard', spectator: true });
  const { white, black, spectator } = pages;
  // White pushes its GIPF piece up the e line three times: e2–e5 is a row of
  // four with a GIPF piece in it, and White must choose what to remove
  const moves = [[white, 'e1', 'e1-e3'], [black, 'a2', 'a2-c2'], [white, 'e1', 'e1-e4'], [black, 'a2', 'a2-d2'], [white, 'e1', 'e1-e5']];
  for (const [page, dot, action] of moves) {
    const ply = Number(await page.getAttribute('#status', 'data-ply'));
    await push(page, dot, action);
    for (const p of [white, black, spectator]) await p.waitForSelector(`#status[data-ply="${ply + 1}"]`);
  }
  await white.waitForSelector('svg.board .row');
  // each reserve is drawn as pieces, as many as its words say
  for (const color of ['white', 'black']) {
    const line = `.player[data-color="${color}"]`;
    const words = Number((await spectator.textContent(`${line} .info`)).match(/reserve (\d+)/)[1]);
    assert.equal(await spectator.$$eval(`${line} svg.material.reserve circle`, (discs) => discs.length), words);
  }
  const row = ['e2', 'e3', 'e4', 'e5'];
  for (const watcher of [black, spectator]) {
    await watcher.waitForSelector('svg.board .pending-row');
    assert.equal(await watcher.getAttribute('svg.board .pending-row', 'data-row'), row.join(','));
    const cells = await watcher.$$eval('svg.board .pending-row .row-waiting', (marks) => marks.map((m) => m.dataset.cell));
    assert.deepEqual(cells, row, 'the same row as the remover\'s');
    assert.match(await watcher.textContent('#status'), /to remove a row/);
  }
  await spectator.screenshot({ path: screenshotPath('play-pending-row.png') });
  // White chooses the row: each piece to go is crossed out (not outlined like
  // the row), and the count counts the GIPF piece as two
  await white.click('svg.board [data-choice][data-key^="row:"]');
  await white.waitForSelector('#remove-row');
  assert.deepEqual(await white.$$eval('svg.board .drop', (marks) => marks.map((m) => m.dataset.cell)), row);
  assert.equal(await white.$$eval('svg.board .row', (marks) => marks.length), 0, 'the row outline gives way to the crosses');
  assert.equal(await white.textContent('#remove-row'), 'Remove 5 pieces');
  await white.click('svg.board [data-key="toggle:e5"]');
  await white.waitForSelector('svg.board .keep[data-cell="e5"]');
  assert.equal(await white.textContent('#remove-row'), 'Remove 3 pieces');
  await white.click('#remove-row');
  await black.waitForSelector('#status[data-ply="6"]');
  await black.waitForSelector('svg.board .pending-row', { state: 'detached' });
  // the removal is the last turn's: its pieces are ghosts on every page
  for (const page of [black, spectator]) {
    await page.waitForFunction(() => document.querySelectorAll('svg.board .last-move .ghost').length === 3);
  }
  for (const page of [white, black, spectator]) assert.deepEqual(page.errors, []);
});
