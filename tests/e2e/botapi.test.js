// The bot and board API (#45) end to end: the reference client
// (tools/bot-client/bot_client.py, with `gipf-engine bot` as its brain) takes
// a bot account's token, a person challenges it from its profile page in the
// browser, it accepts, and the two play a whole YINSH game to its end (the
// person by clicks on the board). Another run of the client plays GIPF
// against the site's own computer of level 2. Every wait is for a condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useServer, newPage, playByClicks, screenshotPath } from './support.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const engine = process.env.GIPF_ENGINE_BIN || join(root, 'build', 'tools', 'gipf-engine', 'gipf-engine');
const client = join(root, 'tools', 'bot-client', 'bot_client.py');
const ALICE = { username: 'alice', password: 'alice-password-1' };
const ROBO = { username: 'robo', password: 'robo-password-1' };
const GIPFBOT = { username: 'gipfbot', password: 'gipfbot-password-1' };

const env = useServer({ accounts: [ALICE, ROBO, GIPFBOT] });

/** A bot account's token: logged in over HTTP, a token made, the account upgraded. */
async function botToken({ username, password }) {
  const json = { 'Content-Type': 'application/json' };
  const login = await fetch(env.at('/api/account/login'), { method: 'POST', headers: json, body: JSON.stringify({ username, password }) });
  assert.equal(login.status, 200);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const made = await fetch(env.at('/api/account/tokens'), {
    method: 'POST', headers: { ...json, Cookie: cookie },
    body: JSON.stringify({ name: 'reference client', scopes: ['bot:play', 'challenge:read', 'challenge:write'] }),
  });
  assert.equal(made.status, 201);
  const { token } = await made.json();
  const upgraded = await fetch(env.at('/api/bot/account/upgrade'), { method: 'POST', headers: { Authorization: `Bearer ${token.secret}` } });
  assert.equal(upgraded.status, 200);
  return token.secret;
}

/** The reference client with `args`; resolves to {code, log} when it exits. */
function runClient(token, args) {
  const child = spawn('python3', [client, '--server', env.server.url, '--token', token, '--engine', engine, '--level', '1', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => { log += chunk; });
  child.stderr.on('data', (chunk) => { log += chunk; });
  const done = new Promise((resolve) => child.on('exit', (code) => resolve({ code, log })));
  return { done, kill: () => child.kill('SIGKILL') };
}

test('a person challenges the reference bot from its profile; it accepts and they play YINSH to the end', async () => {
  const token = await botToken(ROBO);
  const bot = runClient(token, ['--accept', '--games', '1']);
  try {
    const page = await newPage(env.browser);
    await env.logIn(page, ALICE);
    await env.open(page, '/@/robo');
    await page.waitForSelector('#profile-bot');  // the BOT badge
    await page.waitForSelector('#challenge-form');
    await page.selectOption('#challenge-game', 'yinsh');
    await page.selectOption('#challenge-variant', 'normal');
    await page.selectOption('#challenge-color', 'white');
    await page.screenshot({ path: screenshotPath('botapi-challenge.png'), fullPage: true });
    await page.click('#challenge-send');
    // the bot accepts: the page opens the game, the bot seated as a bot
    await page.waitForSelector('#status[data-status="live"][data-you="white"]', { timeout: 60000 });
    await page.waitForFunction(() => /robo/.test(document.querySelector('.player[data-color="black"]')?.textContent ?? ''), null, { timeout: 60000 });
    assert.match(await page.textContent('.player[data-color="black"]'), /bot/i);
    const clicks = await playByClicks([page], { seed: 5 });
    assert.ok(clicks >= 5, `the person placed rings and moved (${clicks} clicks)`);
    await page.waitForSelector('#result', { timeout: 120000 });
    assert.match(await page.textContent('#result'), /wins|draw/i);
    const { code, log } = await bot.done;
    assert.equal(code, 0, log);
    assert.match(log, /challenge \S+ from alice accept 200/);
    assert.match(log, /over:/);
    assert.deepEqual(page.errors, []);
  } finally {
    bot.kill();
  }
});

test('the reference bot plays GIPF against the site\'s computer of level 2 to the end', async () => {
  const token = await botToken(GIPFBOT);
  const bot = runClient(token, ['--computer', '2', '--game', 'gipf', '--variant', 'standard', '--games', '1']);
  try {
    const { code, log } = await bot.done;
    assert.equal(code, 0, log);
    const id = log.match(/"id": "([a-z0-9]+)"/)[1];
    const game = await (await fetch(env.at(`/api/games/${id}`))).json();
    assert.equal(game.status, 'finished');
    assert.equal(game.options.game, 'gipf');
    assert.ok(game.plies > 10, `a whole game (${game.plies} plies)`);
    assert.ok([game.white.name, game.black.name].includes('gipfbot'));
    assert.ok([game.white.name, game.black.name].includes('Bot level 2'));
    assert.equal((game.white.name === 'gipfbot' ? game.white : game.black).kind, 'bot');
  } finally {
    bot.kill();
  }
});
