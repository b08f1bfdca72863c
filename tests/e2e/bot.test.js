// Playing the computer in the browser (issue #16): in the lobby a player
// chooses YINSH blitz and "Computer level 1" as the opponent; the button says
// "Play the computer" and an account's Rated switch is off (bot games are
// casual). The game is live at once against "Bot level 1", the player plays it
// to the end by clicks on the board (the computer answering with its own
// moves), and the page shows the result. Every wait is for a condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, newPage, playByClicks, screenshotPath } from './support.js';

const PHONE = { width: 375, height: 812 };
const ANN = { username: 'ann', password: 'ann-password-1' };

const env = useServer();

const { signUp } = env;

test('the lobby offers the computer at six levels; against it the Rated switch is off', async () => {
  const page = await newPage(env.browser, PHONE);
  await signUp(page, ANN);
  // each level with its words and provisional rating in the chosen game (#47), as GET /api/computer says
  const described = await page.evaluate(() => fetch('/api/computer').then((r) => r.json()));
  const expected = (game) => [['', 'A person (open a room)'],
    ...described.levels.map((l) => [String(l.level), `Computer level ${l.level} · ${l.words} · ≈${l.ratings[game]}`])];
  const menu = () => page.$$eval('#opponent option', (options) => options.map((o) => [o.value, o.textContent]));
  await page.waitForFunction(() => document.querySelector('#opponent option[value="6"]').textContent.includes('·'));
  assert.equal(described.levels.length, 6);
  assert.deepEqual(await menu(), expected(await page.inputValue('#game')));
  await page.selectOption('#game', 'yinsh');
  assert.deepEqual(await menu(), expected('yinsh'));
  assert.match((await menu())[1][1], /^Computer level 1 · beginner · ≈\d+$/);
  assert.equal(await page.textContent('#create'), 'Create the game');
  await page.selectOption('#clock', '5+5');
  await page.waitForSelector('#rated:not([disabled])');
  await page.check('#rated');
  await page.selectOption('#opponent', '4');
  assert.equal(await page.textContent('#create'), 'Play the computer');
  await page.waitForSelector('#rated[disabled]');
  assert.match(await page.textContent('#rated-note'), /computer are casual/);
  // the form fits a phone: nothing wider than the screen
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling on a phone');
  await page.screenshot({ path: screenshotPath('bot-lobby-phone.png'), fullPage: true });
  // back to a person: the switch applies again
  await page.selectOption('#opponent', '');
  await page.waitForSelector('#rated:not([disabled])');
  assert.equal(await page.textContent('#create'), 'Create the game');
  assert.deepEqual(page.errors, []);
});

test('YINSH blitz against the computer level 1: live at once, played to the end by clicks, the result shown', async () => {
  const page = await newPage(env.browser);
  await env.open(page);
  await page.selectOption('#game', 'yinsh');
  await page.selectOption('#variant', 'blitz');
  await page.selectOption('#opponent', '1');
  await page.selectOption('#color', 'white');
  assert.equal(await page.textContent('#create'), 'Play the computer');
  await page.click('#create');
  // the computer sits down at once: no waiting for an opponent
  await page.waitForSelector('#status[data-status="live"][data-you="white"]', { timeout: 60000 });
  const room = new URL(page.url()).searchParams.get('room');
  await page.waitForFunction(() => /Bot level 1/.test(document.querySelector('.player[data-color="black"]')?.textContent ?? ''), null, { timeout: 60000 });
  assert.match(await page.textContent('.player[data-color="white"]'), /\(you\)/);

  const clicks = await playByClicks([page], { seed: 3 });
  assert.ok(clicks >= 5, `the player placed its rings and moved (${clicks} clicks)`);
  await page.waitForSelector('#result', { timeout: 60000 });
  assert.match(await page.textContent('#result'), /wins|draw/i);
  assert.ok(['white', 'black', 'draw'].includes(await page.getAttribute('#result', 'data-winner')));
  await page.waitForSelector('#status[data-status="finished"]', { timeout: 60000 });
  assert.match(await page.textContent('.player[data-color="black"]'), /Bot level 1/, 'the opponent\'s name stays shown');
  await page.screenshot({ path: screenshotPath('bot-yinsh-blitz-finished.png') });

  // the stored game: the computer in Black's seat, casual, finished
  const game = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), room);
  assert.equal(game.black?.name, 'Bot level 1');
  assert.ok(!game.rated, 'a game against the computer is casual');
  assert.equal(game.status, 'finished');
  assert.ok(game.result, 'the game has a result');
  assert.deepEqual(page.errors, []);
});
