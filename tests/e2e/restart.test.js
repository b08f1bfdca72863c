// A server restarted under a live game (issue #31): SIGTERM closes the pages'
// sockets with 1012, the pages say "reconnecting…" and their boards take no
// move meanwhile; the server comes back on the same port and database, the
// pages reconnect by themselves, resync the room, and the game goes on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, newPage, startServer, playByClicks } from './support.js';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const plyOf = async (page) => Number(await page.getAttribute('#status', 'data-ply'));

/** Clicks the offered choices (an action may take several clicks) until white's page shows `ply`. */
async function playUntilPly(pages, ply, seed) {
  for (let clicks = 0; (await plyOf(pages[0])) < ply; clicks++) {
    assert.ok(clicks < 200, 'the game moves on within 200 clicks');
    await playByClicks(pages, { seed: seed + clicks, clicks: 1 });
  }
}

test('a restarted server: boards refuse input while it is down, then the pages reconnect and the game goes on', async () => {
  const white = await newPage(browser);
  const black = await newPage(browser);
  await white.goto(server.url);
  await white.waitForSelector('.connection[data-state="open"]');
  await white.selectOption('#game', 'gipf');
  await white.selectOption('#variant', 'basic');
  await white.selectOption('#color', 'white');
  await white.click('#create');
  await white.waitForSelector('#status[data-status="open"]');
  const room = new URL(white.url()).searchParams.get('room');
  await black.goto(new URL(`/?room=${room}`, server.url).href);
  for (const page of [white, black]) await page.waitForSelector('#status[data-status="live"]');
  await playUntilPly([white, black], 2, 3);
  const ply = await plyOf(white);
  await black.waitForSelector(`#status[data-ply="${ply}"]`);

  const { port, db } = server;
  assert.equal(await server.stop(), 0, 'SIGTERM: the server exits 0');
  server = null;
  for (const page of [white, black]) {
    await page.waitForSelector('.connection[data-state="reconnecting"]');
    await page.waitForSelector('#offline:not([hidden])');
    assert.match(await page.textContent('#offline'), /takes no moves/);
    assert.equal(await page.$$eval('svg.board [data-choice], .actionbar [data-choice]', (c) => c.length), 0, 'no choice offered while down');
    assert.ok(await page.$eval('.board-wrap', (w) => w.classList.contains('offline')));
  }

  server = await startServer({ port, db });
  for (const page of [white, black]) {
    await page.waitForSelector('.connection[data-state="open"]');
    await page.waitForSelector('#offline', { state: 'hidden' });
  }
  // the resynced room goes on from where it was, on both pages
  await playUntilPly([white, black], ply + 1, 4);
  const after = await plyOf(white);
  assert.ok(after > ply, `the game went on after the restart (ply ${ply} -> ${after})`);
  await black.waitForSelector(`#status[data-ply="${after}"]`);
  for (const page of [white, black]) assert.deepEqual(page.errors, []);
});
