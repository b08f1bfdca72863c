// Two players create and join a game in the browser and play it to the end by
// clicks only, while a third browser watches; a reload mid-game keeps the seat.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, playByClicks, screenshotPath } from './support.js';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

async function createGame(page, game, variant, extras) {
  await page.goto(server.url);
  await page.waitForSelector('.connection[data-state="open"]');
  await page.fill('#name', `${game} host`);
  await page.click('form.form-row button[type=submit]');
  await page.selectOption('#game', game);
  await page.selectOption('#variant', variant);
  if (extras) {
    await page.selectOption('#white-extra', String(extras[0]));
    await page.selectOption('#black-extra', String(extras[1]));
  }
  await page.selectOption('#color', 'white');
  await page.click('#create');
  await page.waitForSelector('#status[data-status="open"]');
  return new URL(page.url()).searchParams.get('room');
}

async function joinFromLobby(page, room, link) {
  await page.goto(server.url);
  await page.waitForSelector('.connection[data-state="open"]');
  await page.click(`li[data-room="${room}"] a.${link}`);
  await page.waitForSelector('#status');
}

async function playWatchedGame({ game, variant, extras, seed, reloadAt, crashAt, shot }) {
  const white = await newPage(browser);
  const black = await newPage(browser, { width: 375, height: 812 });  // a phone
  const spectator = await newPage(browser);
  const room = await createGame(white, game, variant, extras);
  await joinFromLobby(black, room, 'join');
  assert.equal(await black.getAttribute('#status', 'data-you'), 'black');
  await white.waitForSelector('#status[data-status="live"]');
  await joinFromLobby(spectator, room, 'watch');
  assert.equal(await spectator.getAttribute('#status', 'data-you'), 'spectator');
  assert.equal(await spectator.$$('[data-choice]').then((c) => c.length), 0, 'a spectator has no controls');

  let reloaded = false;
  let crashed = false;
  const clicks = await playByClicks([white, black], {
    seed,
    onAction: async (page, count) => {
      if (crashAt && !crashed && count >= crashAt) {
        // the server dies mid-game and comes back on the same port and database:
        // the pages show it, reconnect by themselves and catch up
        crashed = true;
        await server.kill();
        await white.waitForSelector('.connection[data-state="reconnecting"]');
        server = await startServer({ port: server.port, db: server.db });
        for (const p of [white, black, spectator]) await p.waitForSelector('.connection[data-state="open"]', { timeout: 20000 });
      }
      if (!reloaded && count >= reloadAt) {
        reloaded = true;
        await black.reload();
        await black.waitForSelector('#status[data-you="black"]');  // the same seat after a reload
        await black.waitForSelector('.connection[data-state="open"]');
      }
    },
  });
  assert.ok(clicks > 10);
  assert.ok(reloaded, 'the page was reloaded mid-game');
  if (crashAt) assert.ok(crashed, 'the server was killed mid-game');
  for (const page of [white, black, spectator]) await page.waitForSelector('#result');
  // the spectator ends with the same final position and result as the players
  const hash = await white.getAttribute('svg.board', 'data-hash');
  assert.equal(await spectator.getAttribute('svg.board', 'data-hash'), hash);
  assert.equal(await black.getAttribute('svg.board', 'data-hash'), hash);
  const winner = await white.getAttribute('#result', 'data-winner');
  assert.equal(await spectator.getAttribute('#result', 'data-winner'), winner);
  assert.equal(await black.getAttribute('#result', 'data-winner'), winner);
  const moves = await spectator.$$eval('#moves li', (items) => items.length);
  assert.ok(moves > 3, 'the spectator saw the moves');
  for (const page of [white, black, spectator]) assert.deepEqual(page.errors, []);
  await white.screenshot({ path: screenshotPath(`${shot}-white.png`) });
  await black.screenshot({ path: screenshotPath(`${shot}-black-phone.png`), fullPage: true });
  await spectator.screenshot({ path: screenshotPath(`${shot}-spectator.png`) });
  return room;
}

test('YINSH blitz: created, joined and played to the end by clicks, watched live, through a server crash', async () => {
  await playWatchedGame({ game: 'yinsh', variant: 'blitz', seed: 7, reloadAt: 15, crashAt: 30, shot: 'yinsh-blitz' });
});

test('GIPF basic with handicap: played to the end by clicks, watched live, then replayed', async () => {
  const room = await playWatchedGame({ game: 'gipf', variant: 'basic', extras: [1, 0], seed: 11, reloadAt: 9, shot: 'gipf-basic' });
  const page = await newPage(browser);
  await page.goto(`${server.url}?replay=${room}`);
  await page.waitForSelector('#position');
  const last = await page.textContent('#position');
  await page.click('#previous');
  assert.notEqual(await page.textContent('#position'), last);
  await page.click('#next');
  assert.equal(await page.textContent('#position'), last);
  const record = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), room);
  assert.match(record, /\[Game "gipf"\]/);
  assert.match(record, /\[WhiteExtra "1"\]/);
});
